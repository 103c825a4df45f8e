//! Writing CSV (RFC 4180): a header row, then one row per record, fields quoted when they hold
//! a comma, a quote or a line break. A text field that a spreadsheet would run as a formula
//! (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so an
//! exported customer name cannot run code on the admin's machine.

/// A CSV document being written.
#[derive(Debug, Default)]
pub struct Csv {
    text: String,
}

/// One field of a row.
pub enum Field<'a> {
    /// Free text from people (names, addresses, titles): guarded against formulas.
    Text(&'a str),
    /// A value the shop wrote (numbers, dates, codes): written as it is.
    Plain(String),
}

fn quoted(value: &str) -> String {
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.to_owned()
    }
}

impl Csv {
    /// A document starting with the header row `columns`.
    pub fn with_header(columns: &[&str]) -> Csv {
        let mut csv = Csv::default();
        csv.row(
            columns
                .iter()
                .map(|column| Field::Plain((*column).to_owned())),
        );
        csv
    }

    /// Appends a row.
    pub fn row<'a>(&mut self, fields: impl IntoIterator<Item = Field<'a>>) {
        let cells: Vec<String> = fields
            .into_iter()
            .map(|field| match field {
                Field::Plain(value) => quoted(&value),
                Field::Text(value) => {
                    let guarded = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                        format!("'{value}")
                    } else {
                        value.to_owned()
                    };
                    quoted(&guarded)
                }
            })
            .collect();
        self.text.push_str(&cells.join(","));
        self.text.push_str("\r\n");
    }

    /// The document.
    pub fn into_string(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_when_needed_and_formulas_are_defused() {
        let mut csv = Csv::with_header(&["name", "total"]);
        csv.row([
            Field::Text("Asha, \"the baker\""),
            Field::Plain("1299.50".into()),
        ]);
        csv.row([
            Field::Text("=HYPERLINK(\"x\")"),
            Field::Plain("-5.00".into()),
        ]);
        assert_eq!(
            csv.into_string(),
            "name,total\r\n\"Asha, \"\"the baker\"\"\",1299.50\r\n\"'=HYPERLINK(\"\"x\"\")\",-5.00\r\n"
        );
    }
}
