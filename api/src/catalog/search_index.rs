//! Finds the catalog entries whose lower-cased title or company contains a text, without reading
//! every product: a trigram index narrows a search to the entries holding all of the text's
//! three-byte pieces, and only those are compared in full. Texts shorter than a trigram are
//! found by one vectorised scan of all keys joined in a single string.

use memchr::memmem;

/// Separates the keys in the joined text. A needle without it matches the joined text exactly
/// where it matches a key.
const KEY_SEPARATOR: u8 = b'\n';

/// The search index of one catalog snapshot; entries are numbered as the snapshot numbers them.
#[derive(Debug, Default)]
pub struct SearchIndex {
    /// `title\ncompany\n` per entry.
    text: String,
    /// Where each key starts in `text` (two per entry), and the end of `text` last.
    bounds: Vec<usize>,
    /// Distinct trigrams (three bytes packed in a `u32`), ascending.
    trigrams: Vec<u32>,
    /// Where each trigram's entries start in `postings`, and the end of `postings` last.
    offsets: Vec<usize>,
    /// Per trigram, the entries holding it, ascending.
    postings: Vec<u32>,
}

/// How many trigram lists a search intersects at most.
const MERGED_LISTS: usize = 3;

fn trigram(bytes: &[u8]) -> u32 {
    u32::from(bytes[0]) << 16 | u32::from(bytes[1]) << 8 | u32::from(bytes[2])
}

impl SearchIndex {
    /// Indexes the lower-cased `[title, company]` of each entry, in entry order.
    pub fn new<'k>(keys: impl Iterator<Item = [&'k str; 2]>) -> SearchIndex {
        let mut index = SearchIndex::default();
        let mut pairs: Vec<u64> = Vec::new();
        for (entry, entry_keys) in keys.enumerate() {
            let entry = u32::try_from(entry).expect("fewer than 2^32 products");
            for key in entry_keys {
                index.bounds.push(index.text.len());
                index.text.push_str(key);
                index.text.push(char::from(KEY_SEPARATOR));
                pairs.extend(
                    key.as_bytes()
                        .windows(3)
                        .map(|piece| u64::from(trigram(piece)) << 32 | u64::from(entry)),
                );
            }
        }
        index.bounds.push(index.text.len());
        pairs.sort_unstable();
        pairs.dedup();
        index.postings.reserve_exact(pairs.len());
        for pair in pairs {
            let code = u32::try_from(pair >> 32).expect("a trigram fits 24 bits");
            if index.trigrams.last() != Some(&code) {
                index.trigrams.push(code);
                index.offsets.push(index.postings.len());
            }
            index.postings.push(pair as u32);
        }
        index.offsets.push(index.postings.len());
        index
    }

    /// How many entries the index covers.
    pub fn len(&self) -> usize {
        self.bounds.len().saturating_sub(1) / 2
    }

    /// True when the index covers no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries whose title or company contains `needle` (lower-cased already), ascending.
    pub fn find(&self, needle: &str) -> Vec<u32> {
        let needle = needle.as_bytes();
        let entries = 0..u32::try_from(self.len()).expect("fewer than 2^32 products");
        if needle.contains(&KEY_SEPARATOR) {
            // A match in the joined text could span two keys: compare key by key instead.
            entries
                .filter(|&entry| {
                    [2 * entry, 2 * entry + 1]
                        .into_iter()
                        .any(|key| memmem::find(self.key(key as usize), needle).is_some())
                })
                .collect()
        } else if needle.len() < 3 {
            self.scan(needle)
        } else {
            let mut candidates = self.candidates(needle);
            let finder = memmem::Finder::new(needle);
            candidates.retain(|&entry| finder.find(self.entry_text(entry as usize)).is_some());
            candidates
        }
    }

    /// Both keys of `entry`, each followed by the separator.
    fn entry_text(&self, entry: usize) -> &[u8] {
        &self.text.as_bytes()[self.bounds[2 * entry]..self.bounds[2 * entry + 2]]
    }

    /// Key `key` (the title of entry `key / 2`, or its company) without its separator.
    fn key(&self, key: usize) -> &[u8] {
        &self.text.as_bytes()[self.bounds[key]..self.bounds[key + 1] - 1]
    }

    /// The entries whose keys contain `needle`, by scanning the joined text once.
    fn scan(&self, needle: &[u8]) -> Vec<u32> {
        let finder = memmem::Finder::new(needle);
        let text = self.text.as_bytes();
        let mut found = Vec::new();
        let (mut from, mut entry) = (0, 0);
        while let Some(at) = finder.find(&text[from..]) {
            // Hits come in text order, so the entry only moves forward.
            while self.bounds[2 * entry + 2] <= from + at {
                entry += 1;
            }
            found.push(u32::try_from(entry).expect("fewer than 2^32 products"));
            // One hit per entry is enough: go on from the next entry.
            from = self.bounds[2 * entry + 2];
        }
        found
    }

    /// The entries holding every trigram of `needle` (at least three bytes long), ascending.
    fn candidates(&self, needle: &[u8]) -> Vec<u32> {
        let mut pieces: Vec<u32> = needle.windows(3).map(trigram).collect();
        pieces.sort_unstable();
        pieces.dedup();
        let mut lists: Vec<&[u32]> = Vec::new();
        for piece in pieces {
            match self.trigrams.binary_search(&piece) {
                Ok(slot) => lists.push(&self.postings[self.offsets[slot]..self.offsets[slot + 1]]),
                Err(_) => return Vec::new(),
            }
        }
        // The shortest lists narrow the most; whatever they let through is compared in full anyway.
        lists.sort_unstable_by_key(|list| list.len());
        lists.truncate(MERGED_LISTS);
        // Entries are small numbers: count each entry's lists in an array rather than merging.
        let mut seen = vec![0u8; self.len()];
        for list in &lists {
            for &entry in *list {
                seen[entry as usize] += 1;
            }
        }
        let all = u8::try_from(lists.len()).expect("a few lists");
        lists[0]
            .iter()
            .copied()
            .filter(|&entry| seen[entry as usize] == all)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(keys: &[[&str; 2]]) -> SearchIndex {
        SearchIndex::new(keys.iter().copied())
    }

    fn found(index: &SearchIndex, needle: &str) -> Vec<usize> {
        index
            .find(needle)
            .into_iter()
            .map(|entry| entry as usize)
            .collect()
    }

    #[test]
    fn finds_titles_and_companies_by_any_part() {
        let index = index(&[
            ["chocolate cake mix", "bake easy"],
            ["cake box 10 inch", "pack right"],
            ["piping bag", "cake craft"],
        ]);
        assert_eq!(found(&index, "cake"), [0, 1, 2]);
        assert_eq!(found(&index, "cake box"), [1]);
        assert_eq!(found(&index, "late ca"), [0]);
        assert_eq!(found(&index, "craft"), [2]);
        assert_eq!(found(&index, "ke"), [0, 1, 2], "shorter than a trigram");
        assert_eq!(found(&index, "x"), [0, 1]);
        assert_eq!(
            found(&index, "cake mixer"),
            Vec::<usize>::new(),
            "every trigram present, the text is not"
        );
        assert_eq!(found(&index, "zzz"), Vec::<usize>::new());
        assert_eq!(
            found(&index, "cakecake"),
            Vec::<usize>::new(),
            "a repeated piece counts once"
        );
    }

    #[test]
    fn never_matches_across_two_keys_or_two_entries() {
        let index = index(&[["piping bag", "bake easy"], ["icing set", "two\nlines"]]);
        assert_eq!(found(&index, "bagbake"), Vec::<usize>::new());
        assert_eq!(
            found(&index, "bag\nbake"),
            Vec::<usize>::new(),
            "the end of a title and its company are not one text"
        );
        assert_eq!(
            found(&index, "easy\nicing"),
            Vec::<usize>::new(),
            "nor one entry's company and the next one's title"
        );
        assert_eq!(
            found(&index, "two\nlines"),
            [1],
            "a key holding a line break still matches"
        );
        assert_eq!(found(&index, "g\nb"), Vec::<usize>::new());
    }

    #[test]
    fn agrees_with_a_plain_contains_for_every_piece_of_every_key() {
        let keys: Vec<[String; 2]> = (0..120)
            .map(|n| {
                [
                    format!(
                        "{} {} {n}",
                        ["cake", "box", "mold", "tin", "rose"][n % 5],
                        ["mix", "set", "नमक", "tray"][n % 4]
                    ),
                    format!("co{}", n % 7),
                ]
            })
            .collect();
        let index = SearchIndex::new(
            keys.iter()
                .map(|[title, company]| [title.as_str(), company.as_str()]),
        );
        for [title, _] in keys.iter().take(12) {
            let bytes = title.as_bytes();
            for start in 0..bytes.len() {
                for end in start + 1..=bytes.len().min(start + 9) {
                    let Ok(needle) = std::str::from_utf8(&bytes[start..end]) else {
                        continue;
                    };
                    let expected: Vec<usize> = (0..keys.len())
                        .filter(|&n| keys[n][0].contains(needle) || keys[n][1].contains(needle))
                        .collect();
                    assert_eq!(found(&index, needle), expected, "{needle:?}");
                }
            }
        }
    }
}
