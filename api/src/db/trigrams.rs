//! The needle side of the back-office's substring searches (customers, orders): SurrealDB's
//! `trigrams` analyzer (`schema.surql`) splits a field on blanks and cuts each word into its
//! three-character runs, and a field that contains a needle holds every run of the needle's
//! words. So a FULLTEXT match on the needle's runs finds every record a `string::contains` test
//! would keep, and few others.

use std::collections::HashSet;

/// The distinct three-character runs of `needle`'s words, space-separated, for a `@@` match
/// against a `trigrams` index; empty when no word has three characters (the caller then has
/// no index to ask). Characters, not bytes, as the analyzer counts them. Cut here because
/// SurrealDB's ngram filter applied to a one-word query matched nothing. Linear in the
/// needle's length (a set, not a search of the list), whatever an admin sends.
pub fn of_words(needle: &str) -> String {
    let mut seen = HashSet::new();
    let mut grams: Vec<String> = Vec::new();
    for word in needle.split_whitespace() {
        let chars: Vec<char> = word.chars().collect();
        for gram in chars.windows(3) {
            let gram: String = gram.iter().collect();
            if seen.insert(gram.clone()) {
                grams.push(gram);
            }
        }
    }
    grams.join(" ")
}

#[cfg(test)]
mod tests {
    use super::of_words;

    #[test]
    fn a_needle_gives_each_words_distinct_trigrams_by_character() {
        assert_eq!(of_words("meera"), "mee eer era");
        assert_eq!(of_words("asha asha"), "ash sha");
        assert_eq!(of_words("r110.s1@"), "r11 110 10. 0.s .s1 s1@");
        assert_eq!(of_words("मीठा"), "मीठ ीठा");
        assert_eq!(of_words("a sh rao"), "rao");
        assert_eq!(of_words("ab  c"), "");
    }
}
