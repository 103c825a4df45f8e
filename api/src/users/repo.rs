//! All SurrealQL about customers.

use anyhow::Context;
use pricing::PageRequest;
use serde::Serialize;
use surrealdb::types::SurrealValue;

use crate::db::Db;
use crate::db::errors::{failure, violated_index};
use crate::domain::{AdminId, Identifier, UserId, UserStatus};
use crate::error::{ApiError, ErrorCode};
use crate::users::types::User;

/// The projection that turns a `user` record into [`User`].
macro_rules! user_fields {
    () => {
        "record::id(id) AS _id, username, email, mobile, address, city, state, company, status, \
         <string> created_at AS createdAt, <string> updated_at AS updatedAt"
    };
}

/// What signing in needs to know about a customer.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct Credentials {
    pub id: String,
    /// The stored argon2id hash.
    pub password_hash: String,
    /// Whether they may sign in.
    pub status: UserStatus,
    pub token_version: i64,
}

/// The fields of a new customer, already checked.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct NewUser {
    pub username: String,
    /// Lower-case e-mail.
    pub email: String,
    /// Ten digits.
    pub mobile: String,
    /// argon2id hash.
    pub password_hash: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub company: String,
    /// Whether they may sign in.
    pub status: UserStatus,
}

/// The stored fields a customer update sets, already checked; `None` keeps the field.
#[derive(Debug, Default, Serialize)]
pub struct UserChanges {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Lower-case e-mail.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Ten digits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mobile: Option<String>,
    /// argon2id hash of a new password.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company: Option<String>,
    /// Whether they may sign in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<UserStatus>,
}

/// Maps a unique-index violation on a customer write to its 409.
fn on_unique(error: surrealdb::Error) -> ApiError {
    match violated_index(&error).as_deref() {
        Some("user_email") => ApiError::Conflict {
            code: ErrorCode::EmailTaken,
            message: "An account with this e-mail address already exists".to_owned(),
            details: None,
        },
        Some("user_mobile") => ApiError::Conflict {
            code: ErrorCode::MobileTaken,
            message: "An account with this mobile number already exists".to_owned(),
            details: None,
        },
        _ => ApiError::Internal(anyhow::Error::new(error).context("writing a user")),
    }
}

/// The first error of a response, as the API answers it: a unique index it violated (e-mail or
/// mobile taken) rather than the "not executed" errors a failed transaction's other statements
/// report.
fn write_failure(
    response: &mut surrealdb::IndexedResults,
    doing: &'static str,
) -> Result<(), ApiError> {
    let mut errors = response.take_errors();
    if let Some(error) = errors
        .drain()
        .map(|(_, error)| error)
        .find(|error| violated_index(error).is_some())
    {
        return Err(on_unique(error));
    }
    match errors.into_iter().next() {
        Some((_, error)) => Err(ApiError::Internal(anyhow::Error::new(error).context(doing))),
        None => Ok(()),
    }
}

/// Creates a customer and returns them: signing up (`actor` `None`), or created by an admin.
pub async fn create(db: &Db, actor: Option<&AdminId>, user: NewUser) -> Result<User, ApiError> {
    let id = UserId::generate();
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "CREATE $id CONTENT $user RETURN NONE; ",
            crate::audit_record!("user", "create"),
            "COMMIT; SELECT ",
            user_fields!(),
            " FROM ONLY $id;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.map(AdminId::record)))
        .bind(("user", user))
        .await
        .context("creating a user")?;
    write_failure(&mut response, "creating a user")?;
    let last = response.num_statements() - 1;
    let created: Option<User> = response.take(last).context("reading the new user")?;
    created.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("created user vanished")))
}

/// The sign-in details of the (not deleted) customer with this e-mail or mobile.
pub async fn credentials(db: &Db, identifier: &Identifier) -> anyhow::Result<Option<Credentials>> {
    let (field_email, field_mobile) = match identifier {
        Identifier::Email(email) => (Some(email.as_str().to_owned()), None),
        Identifier::Mobile(mobile) => (None, Some(mobile.as_str().to_owned())),
    };
    let mut response = db
        .query(
            "SELECT record::id(id) AS id, password_hash, status, token_version FROM user \
             WHERE (($email != NONE AND email = $email) OR ($mobile != NONE AND mobile = $mobile)) \
             AND deleted_at IS NONE LIMIT 1",
        )
        .bind(("email", field_email))
        .bind(("mobile", field_mobile))
        .await
        .context("looking up credentials")?;
    let rows: Vec<Credentials> = response.take(0).context("reading credentials")?;
    Ok(rows.into_iter().next())
}

/// The (not deleted) customer with this id, with the token version their sessions must carry.
/// The session check reads both at once and hands the account to the request, so a handler that
/// needs it (the checkout) does not read it again: each standalone read of `user` costs about
/// 0.13 ms, most of it compiling the table's field definitions.
pub async fn account(db: &Db, id: &UserId) -> anyhow::Result<Option<(User, i64)>> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            user_fields!(),
            ", token_version FROM ONLY $id WHERE deleted_at IS NONE"
        ))
        .bind(("id", id.record()))
        .await
        .context("loading a user")?;
    let row: Option<surrealdb::types::Value> = response.take(0).context("reading a user")?;
    let Some(surrealdb::types::Value::Object(mut fields)) = row else {
        return Ok(None);
    };
    let version = fields
        .remove("token_version")
        .map(i64::from_value)
        .transpose()
        .context("reading a user's token version")?
        .context("a user without a token version")?;
    let user =
        User::from_value(surrealdb::types::Value::Object(fields)).context("reading a user")?;
    Ok(Some((user, version)))
}

/// The (not deleted) customer with this id.
pub async fn find(db: &Db, id: &UserId) -> anyhow::Result<Option<User>> {
    Ok(account(db, id).await?.map(|(user, _)| user))
}

/// One page of customers, newest first, and how many there are.
pub async fn list(db: &Db, page: PageRequest) -> anyhow::Result<(Vec<User>, u64)> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            user_fields!(),
            ", created_at FROM user WHERE deleted_at IS NONE ORDER BY created_at DESC LIMIT $limit START $start; ",
            "SELECT count() AS total FROM user WHERE deleted_at IS NONE GROUP ALL;"
        ))
        .bind(("limit", i64::from(page.page_size)))
        .bind(("start", crate::paging::bound(page.offset())))
        .await
        .context("listing users")?;
    let users: Vec<User> = response.take(0).context("reading users")?;
    let total: Option<i64> = response.take((1, "total")).context("counting users")?;
    Ok((users, crate::paging::total(total)))
}

/// The customer search's query: up to 20 live customers `$narrowed` lets through and one of
/// whose fields contains `$q`, then sorted by name.
macro_rules! matching_customers {
    ($narrowed:expr) => {
        concat!(
            "SELECT * FROM (SELECT ",
            user_fields!(),
            " FROM user WHERE deleted_at IS NONE",
            $narrowed,
            " AND (string::contains(string::lowercase(username), $q) \
             OR string::contains(email, $q) OR string::contains(mobile, $q) \
             OR string::contains(string::lowercase(company), $q)) LIMIT 20) ORDER BY username"
        )
    };
}

/// Up to 20 customers whose name, e-mail, mobile or company contains `needle` (any case), in
/// name order; which 20 when more match is not defined (an admin types on).
///
/// A needle with a word of three or more characters first narrows the customers through the
/// four fields' trigram indexes (`user_grams` in `schema.surql`): a field that contains the
/// needle holds every trigram of its words, so those indexes find every customer the
/// `string::contains` tests then keep. Other needles read the customers until 20 match. With
/// 50,000 customers a search took 1.0-1.2 s and now takes milliseconds (README, Memory).
pub async fn search(db: &Db, needle: &str) -> anyhow::Result<Vec<User>> {
    let needle = needle.to_lowercase();
    let grams = trigrams(&needle);
    let query = if grams.is_empty() {
        matching_customers!("")
    } else {
        matching_customers!(
            " AND (username @0@ $grams OR email @1@ $grams OR mobile @2@ $grams OR company @3@ $grams)"
        )
    };
    let mut response = db
        .query(query)
        .bind(("q", needle))
        .bind(("grams", grams))
        .await
        .context("searching users")?;
    response.take(0).context("reading users")
}

/// The distinct three-character runs of `needle`'s words, space-separated, as the `user_grams`
/// analyzer splits a field (on blanks, then into trigrams); empty when no word has three
/// characters. Characters, not bytes, as the analyzer counts them. Linear in the needle's
/// length (a set, not a search of the list), whatever an admin sends.
fn trigrams(needle: &str) -> String {
    let mut seen: std::collections::HashSet<[char; 3]> = std::collections::HashSet::new();
    let mut grams: Vec<String> = Vec::new();
    for word in needle.split_whitespace() {
        let chars: Vec<char> = word.chars().collect();
        for window in chars.windows(3) {
            let &[a, b, c] = window else { continue };
            let gram = [a, b, c];
            if seen.insert(gram) {
                grams.push(gram.iter().collect());
            }
        }
    }
    grams.join(" ")
}

/// Applies `changes` to a customer, raising their token version when `revoke_sessions`; `None`
/// when there is no such customer.
pub async fn update(
    db: &Db,
    actor: &AdminId,
    id: &UserId,
    changes: &UserChanges,
    revoke_sessions: bool,
) -> Result<Option<User>, ApiError> {
    let changes = serde_json::to_value(changes).context("encoding a user's changes")?;
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "LET $found = (SELECT VALUE id FROM ONLY $id WHERE deleted_at IS NONE); ",
            "IF $found != NONE { UPDATE $id MERGE $changes RETURN NONE; ",
            "IF $revoke { UPDATE $id SET token_version += 1 RETURN NONE; }; ",
            crate::audit_record!("user", "update"),
            "}; ",
            "COMMIT; ",
            "SELECT ",
            user_fields!(),
            " FROM ONLY $id WHERE deleted_at IS NONE;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .bind(("changes", changes))
        .bind(("revoke", revoke_sessions))
        .await
        .context("updating a user")?;
    write_failure(&mut response, "updating a user")?;
    let last = response.num_statements() - 1;
    Ok(response.take(last).context("reading the updated user")?)
}

/// Sets a new password hash and ends every session of the customer.
pub async fn set_password(db: &Db, id: &UserId, password_hash: String) -> anyhow::Result<()> {
    db.query("UPDATE $id SET password_hash = $hash, token_version += 1 RETURN NONE")
        .bind(("id", id.record()))
        .bind(("hash", password_hash))
        .await
        .context("setting a password")?
        .check()
        .context("setting a password")?;
    Ok(())
}

/// Soft-deletes a customer (their orders stay) and ends their sessions; false when there was
/// no such customer.
pub async fn soft_delete(db: &Db, actor: &AdminId, id: &UserId) -> anyhow::Result<bool> {
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "LET $deleted = (UPDATE $id SET deleted_at = time::now(), token_version += 1 WHERE deleted_at IS NONE RETURN VALUE record::id(id)); ",
            "IF array::len($deleted) > 0 { ",
            crate::audit_record!("user", "delete"),
            "}; ",
            "COMMIT; ",
            "RETURN array::len($deleted) > 0;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .await
        .context("deleting a user")?;
    if let Some(failed) = failure(&mut response) {
        anyhow::bail!("deleting a user: {failed:?}");
    }
    let last = response.num_statements() - 1;
    let deleted: Option<bool> = response.take(last).context("deleting a user")?;
    Ok(deleted.unwrap_or(false))
}

#[cfg(test)]
mod tests {
    use super::trigrams;

    #[test]
    fn a_needle_gives_each_words_distinct_trigrams_by_character() {
        assert_eq!(trigrams("meera"), "mee eer era");
        assert_eq!(trigrams("asha asha"), "ash sha");
        assert_eq!(trigrams("r110.s1@"), "r11 110 10. 0.s .s1 s1@");
        assert_eq!(trigrams("मीठा"), "मीठ ीठा");
        assert_eq!(trigrams("a sh rao"), "rao");
        assert_eq!(trigrams("ab  c"), "");
    }
}
