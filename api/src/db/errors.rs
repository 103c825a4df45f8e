//! Reading database failures: which unique index a write violated, and what a THROW said.

/// The name of the unique index a failed write violated, if that is why it failed.
pub fn violated_index(error: &surrealdb::Error) -> Option<String> {
    index_in_message(&error.to_string())
}

fn index_in_message(message: &str) -> Option<String> {
    if !message.contains("already contains") {
        return None;
    }
    let start = message.find("Database index `")? + "Database index `".len();
    let length = message[start..].find('`')?;
    Some(message[start..start + length].to_owned())
}

/// True when a statement failed because a concurrent transaction wrote the same keys, so
/// running the whole transaction again may succeed.
pub fn is_conflict(error: &surrealdb::Error) -> bool {
    let message = error.to_string();
    message.contains("ransaction conflict") || message.contains("Resource busy") || message.contains("write conflict")
}

/// True for the error a statement reports when an earlier statement of its transaction failed.
pub fn is_not_executed(error: &surrealdb::Error) -> bool {
    error.to_string().contains("not executed due to a failed transaction")
}

/// The text of a `THROW` that failed the query, if that is why it failed.
pub fn thrown(error: &surrealdb::Error) -> Option<String> {
    let message = error.to_string();
    message.strip_prefix("An error occurred: ").map(str::to_owned)
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
}
