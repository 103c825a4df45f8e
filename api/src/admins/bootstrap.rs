//! Creating admins outside the web flow: the bootstrap superadmin from the environment, and the
//! `whisk create-admin` command.

use anyhow::{Context, anyhow};

use crate::admins::repo::{self, NewAdmin};
use crate::admins::types::AdminAccount;
use crate::auth::password::Hasher;
use crate::config::BootstrapAdmin;
use crate::db::Db;
use crate::domain::{AdminRole, Email, FieldErrors, Password, Username};
use crate::error::ApiError;

/// Checks and creates an admin; `only_if_first` refuses when any admin exists.
pub async fn create_admin(
    db: &Db,
    username: &str,
    email: &str,
    password: &str,
    role: AdminRole,
    only_if_first: bool,
) -> anyhow::Result<AdminAccount> {
    let mut errors = FieldErrors::new();
    let username = errors.check("username", Username::parse(username));
    let email = errors.check("email", Email::parse(email));
    let password = errors.check("password", Password::parse(password));
    errors.finish().map_err(|error| anyhow!("{error}"))?;
    let (Some(username), Some(email), Some(password)) = (username, email, password) else {
        return Err(anyhow!("invalid admin"));
    };
    let admin = NewAdmin {
        username: username.as_str().to_owned(),
        email: email.as_str().to_owned(),
        password_hash: Hasher::new(1).hash(&password).await?,
        role,
    };
    repo::create(db, None, admin, only_if_first)
        .await
        .map_err(|error| match error {
            ApiError::Internal(cause) => cause,
            other => anyhow!("{other}"),
        })
}

/// Creates the configured superadmin when no admin exists yet.
pub async fn ensure_superadmin(db: &Db, bootstrap: &BootstrapAdmin) -> anyhow::Result<()> {
    if repo::count(db).await? > 0 {
        return Ok(());
    }
    let admin = create_admin(
        db,
        &bootstrap.username,
        &bootstrap.email,
        &bootstrap.password,
        AdminRole::Superadmin,
        true,
    )
    .await
    .context(
        "creating the bootstrap admin from BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD",
    )?;
    tracing::info!(email = %admin.email, "created the bootstrap superadmin");
    Ok(())
}
