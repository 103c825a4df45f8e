//! All SurrealQL about admins.

use anyhow::Context;
use pricing::PageRequest;
use serde::Serialize;
use surrealdb::types::SurrealValue;

use crate::admins::types::AdminAccount;
use crate::db::Db;
use crate::db::errors::{thrown, violated_index};
use crate::domain::{AdminId, AdminRole, Email};
use crate::error::{ApiError, ErrorCode};

macro_rules! admin_fields {
    () => {
        "record::id(id) AS _id, username, email, role, <string> created_at AS createdAt, <string> updated_at AS updatedAt"
    };
}

/// The fields of a new admin, already checked.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct NewAdmin {
    pub username: String,
    /// Lower-case e-mail.
    pub email: String,
    /// argon2id hash.
    pub password_hash: String,
    pub role: AdminRole,
}

/// The stored fields an admin update sets, already checked; `None` keeps the field.
#[derive(Debug, Default, Serialize)]
pub struct AdminChanges {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Lower-case e-mail.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// argon2id hash of a new password.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<AdminRole>,
}

/// What signing in needs to know about an admin.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct Credentials {
    pub id: String,
    /// The stored hash.
    pub password_hash: String,
    pub role: AdminRole,
    pub token_version: i64,
}

fn email_taken() -> ApiError {
    ApiError::Conflict {
        code: ErrorCode::EmailTaken,
        message: "An admin with this e-mail address already exists".to_owned(),
        details: None,
    }
}

fn last_superadmin() -> ApiError {
    ApiError::Conflict {
        code: ErrorCode::LastSuperadmin,
        message: "The last superadmin cannot be removed or demoted".to_owned(),
        details: None,
    }
}

/// The refusal of a registration without a superadmin's token once an admin exists.
pub fn registration_closed() -> ApiError {
    ApiError::Forbidden {
        code: ErrorCode::RegistrationClosed,
        message: "Admin registration is closed: a superadmin must register new admins".to_owned(),
    }
}

/// Maps the failures of an admin write: duplicate e-mail, the last-superadmin guard, anything else.
fn on_write_error(error: surrealdb::Error, doing: &'static str) -> ApiError {
    if violated_index(&error).as_deref() == Some("admin_email") {
        return email_taken();
    }
    match thrown(&error).as_deref() {
        Some("last_superadmin") => last_superadmin(),
        Some("registration_closed") => registration_closed(),
        _ => ApiError::Internal(anyhow::Error::new(error).context(doing)),
    }
}

/// How many admins exist.
pub async fn count(db: &Db) -> anyhow::Result<u64> {
    let mut response = db
        .query("SELECT count() AS total FROM admin GROUP ALL")
        .await
        .context("counting admins")?;
    let total: Option<i64> = response.take((0, "total")).context("counting admins")?;
    Ok(crate::paging::total(total))
}

/// Creates an admin, registered by `actor` (`None`: the first admin, who registers themselves).
/// With `only_if_first`, refuses (`registration_closed`) when any admin exists.
pub async fn create(
    db: &Db,
    actor: Option<&AdminId>,
    admin: NewAdmin,
    only_if_first: bool,
) -> Result<AdminAccount, ApiError> {
    let id = AdminId::generate();
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "IF $only_if_first AND (SELECT count() AS n FROM admin GROUP ALL)[0].n > 0 { THROW 'registration_closed' }; ",
            "CREATE $id CONTENT $admin RETURN NONE; ",
            crate::audit_record!("admin", "create"),
            "COMMIT; ",
            "SELECT ",
            admin_fields!(),
            " FROM ONLY $id;"
        ))
        .bind(("actor", actor.map_or_else(|| id.record(), AdminId::record)))
        .bind(("id", id.record()))
        .bind(("admin", admin))
        .bind(("only_if_first", only_if_first))
        .await
        .context("creating an admin")?;
    first_error(&mut response, "creating an admin")?;
    let last = response.num_statements() - 1;
    let created: Option<AdminAccount> = response.take(last).context("reading the new admin")?;
    created.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("created admin vanished")))
}

/// Returns the most telling error of a multi-statement response: a THROW or index violation
/// rather than the "not executed due to a failed transaction" echoes it causes.
fn first_error(
    response: &mut surrealdb::IndexedResults,
    doing: &'static str,
) -> Result<(), ApiError> {
    let mut errors: Vec<(usize, surrealdb::Error)> = response.take_errors().into_iter().collect();
    errors.sort_by_key(|(index, _)| *index);
    let telling = errors
        .iter()
        .position(|(_, error)| thrown(error).is_some() || violated_index(error).is_some())
        .unwrap_or(0);
    match errors.into_iter().nth(telling) {
        Some((_, error)) => Err(on_write_error(error, doing)),
        None => Ok(()),
    }
}

/// The sign-in details of the admin with this e-mail.
pub async fn credentials(db: &Db, email: &Email) -> anyhow::Result<Option<Credentials>> {
    let mut response = db
        .query("SELECT record::id(id) AS id, password_hash, role, token_version FROM admin WHERE email = $email LIMIT 1")
        .bind(("email", email.as_str().to_owned()))
        .await
        .context("looking up admin credentials")?;
    let rows: Vec<Credentials> = response.take(0).context("reading admin credentials")?;
    Ok(rows.into_iter().next())
}

/// The admin's current role and token version, if they exist.
pub async fn session_state(db: &Db, id: &AdminId) -> anyhow::Result<Option<(AdminRole, i64)>> {
    #[derive(SurrealValue)]
    #[surreal(crate = "surrealdb::types")]
    struct State {
        role: AdminRole,
        token_version: i64,
    }
    let mut response = db
        .query("SELECT role, token_version FROM ONLY $id")
        .bind(("id", id.record()))
        .await
        .context("loading an admin session")?;
    let state: Option<State> = response.take(0).context("reading an admin session")?;
    Ok(state.map(|state| (state.role, state.token_version)))
}

/// The admin with this id.
pub async fn find(db: &Db, id: &AdminId) -> anyhow::Result<Option<AdminAccount>> {
    let mut response = db
        .query(concat!("SELECT ", admin_fields!(), " FROM ONLY $id"))
        .bind(("id", id.record()))
        .await
        .context("loading an admin")?;
    response.take(0).context("reading an admin")
}

/// One page of admins, oldest first, and how many there are.
pub async fn list(db: &Db, page: PageRequest) -> anyhow::Result<(Vec<AdminAccount>, u64)> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            admin_fields!(),
            ", created_at FROM admin ORDER BY created_at ASC LIMIT $limit START $start; ",
            "SELECT count() AS total FROM admin GROUP ALL;"
        ))
        .bind(("limit", i64::from(page.page_size)))
        .bind(("start", crate::paging::bound(page.offset())))
        .await
        .context("listing admins")?;
    let admins: Vec<AdminAccount> = response.take(0).context("reading admins")?;
    let total: Option<i64> = response.take((1, "total")).context("counting admins")?;
    Ok((admins, crate::paging::total(total)))
}

/// Applies `changes` to an admin, raising their token version when `revoke_sessions`. Refuses to
/// demote the last superadmin. `None` when there is no such admin.
pub async fn update(
    db: &Db,
    actor: &AdminId,
    id: &AdminId,
    changes: &AdminChanges,
    revoke_sessions: bool,
) -> Result<Option<AdminAccount>, ApiError> {
    let demotes = changes
        .role
        .is_some_and(|role| role != AdminRole::Superadmin);
    let changes = serde_json::to_value(changes).context("encoding an admin's changes")?;
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "LET $before = (SELECT VALUE role FROM ONLY $id); ",
            "IF $before = 'superadmin' AND $demotes AND (SELECT count() AS n FROM admin WHERE role = 'superadmin' GROUP ALL)[0].n <= 1 { THROW 'last_superadmin' }; ",
            "IF $before != NONE { UPDATE $id MERGE $changes RETURN NONE; ",
            "IF $revoke { UPDATE $id SET token_version += 1 RETURN NONE; }; ",
            crate::audit_record!("admin", "update"),
            "}; ",
            "COMMIT; ",
            "SELECT ",
            admin_fields!(),
            " FROM ONLY $id;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .bind(("changes", changes))
        .bind(("demotes", demotes))
        .bind(("revoke", revoke_sessions))
        .await
        .context("updating an admin")?;
    first_error(&mut response, "updating an admin")?;
    let last = response.num_statements() - 1;
    Ok(response.take(last).context("reading the updated admin")?)
}

/// Deletes an admin unless they are the last superadmin; false when there was no such admin.
pub async fn delete(db: &Db, actor: &AdminId, id: &AdminId) -> Result<bool, ApiError> {
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "LET $before = (SELECT VALUE role FROM ONLY $id); ",
            "IF $before = 'superadmin' AND (SELECT count() AS n FROM admin WHERE role = 'superadmin' GROUP ALL)[0].n <= 1 { THROW 'last_superadmin' }; ",
            "DELETE $id; ",
            "IF $before != NONE { ",
            crate::audit_record!("admin", "delete"),
            "}; ",
            "COMMIT; ",
            "RETURN $before != NONE;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .await
        .context("deleting an admin")?;
    first_error(&mut response, "deleting an admin")?;
    let last = response.num_statements() - 1;
    let existed: Option<bool> = response.take(last).context("deleting an admin")?;
    Ok(existed.unwrap_or(false))
}
