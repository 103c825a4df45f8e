//! Text put into HTML or XML: the order mails, the landing pages' pictures, the sitemap.

/// `text` with `&`, `<`, `>`, `"` and `'` written as references, safe as element text and inside
/// a quoted attribute of HTML or XML (`&#39;` rather than `&apos;`, which old HTML lacks).
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_references_and_the_rest_stays() {
        assert_eq!(
            escape(r#"<b>Tom & "Jerry's"</b> ₹ 5"#),
            "&lt;b&gt;Tom &amp; &quot;Jerry&#39;s&quot;&lt;/b&gt; ₹ 5"
        );
        assert_eq!(escape("&amp;"), "&amp;amp;", "escaped once more, as text");
    }
}
