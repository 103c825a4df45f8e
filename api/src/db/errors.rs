//! Reading database failures: which unique index a write violated, and what a THROW said.

/// Why a query of several statements (usually one transaction) failed.
#[derive(Debug)]
pub enum Failure {
    /// A `THROW` of ours, with its text.
    Thrown(String),
    /// A write violated this unique index.
    IndexViolated(String),
    /// A concurrent transaction wrote the same keys first: running it again may succeed.
    Conflict,
    /// Anything else: the error of the statement that failed first.
    Other(surrealdb::Error),
}

/// Reads the errors of every statement of a response: `None` when all succeeded. A THROW or an
/// index violation wins over a conflict, and the cause wins over the "not executed" errors the
/// statements after it report.
pub fn failure(response: &mut surrealdb::IndexedResults) -> Option<Failure> {
    let mut errors: Vec<(usize, surrealdb::Error)> = response.take_errors().into_iter().collect();
    errors.sort_by_key(|(index, _)| *index);
    for (_, error) in &errors {
        if let Some(text) = thrown(error) {
            return Some(Failure::Thrown(text));
        }
        if let Some(index) = violated_index(error) {
            return Some(Failure::IndexViolated(index));
        }
    }
    if errors.iter().any(|(_, error)| is_conflict(error)) {
        return Some(Failure::Conflict);
    }
    let cause = errors
        .iter()
        .position(|(_, error)| !is_not_executed(error))
        .unwrap_or(0);
    (cause < errors.len()).then(|| Failure::Other(errors.swap_remove(cause).1))
}

/// The name of the unique index a failed write violated, if that is why it failed.
pub fn violated_index(error: &surrealdb::Error) -> Option<String> {
    index_in_message(&error.to_string())
}

fn index_in_message(message: &str) -> Option<String> {
    if !message.contains("already contains") {
        return None;
    }
    name_after(message, "Database index `", '`')
}

/// The text between `prefix` and the next `end` in `message`.
fn name_after(message: &str, prefix: &str, end: char) -> Option<String> {
    let start = message.find(prefix)? + prefix.len();
    let length = message[start..].find(end)?;
    Some(message[start..start + length].to_owned())
}

/// The table of the record a failed `CREATE` or `INSERT` found already there, if that is why
/// it failed (SurrealDB: "Database record `order_request:[...]` already exists").
pub fn existing_record_table(error: &surrealdb::Error) -> Option<String> {
    table_in_message(&error.to_string())
}

fn table_in_message(message: &str) -> Option<String> {
    if !message.ends_with("already exists") {
        return None;
    }
    name_after(message, "Database record `", ':')
}

/// True when a statement failed because a concurrent transaction wrote the same keys, so
/// running the whole transaction again may succeed.
pub fn is_conflict(error: &surrealdb::Error) -> bool {
    let message = error.to_string();
    message.contains("ransaction conflict")
        || message.contains("Resource busy")
        || message.contains("write conflict")
}

/// True for the error a statement reports when an earlier statement of its transaction failed.
fn is_not_executed(error: &surrealdb::Error) -> bool {
    error
        .to_string()
        .contains("not executed due to a failed transaction")
}

/// The text of a `THROW` that failed the query, if that is why it failed.
pub fn thrown(error: &surrealdb::Error) -> Option<String> {
    let message = error.to_string();
    message
        .strip_prefix("An error occurred: ")
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_index_name() {
        let message = "Database index `user_email` already contains 'a@b.in', with record `user:x`";
        assert_eq!(index_in_message(message).as_deref(), Some("user_email"));
        assert_eq!(index_in_message("something else"), None);
    }

    #[test]
    fn finds_the_table_of_a_record_already_there() {
        let message = "Database record `order_request:[user:u1, 'k-1']` already exists";
        assert_eq!(table_in_message(message).as_deref(), Some("order_request"));
        assert_eq!(
            table_in_message("Database index `user_email` already contains 'a@b.in'"),
            None
        );
    }
}
