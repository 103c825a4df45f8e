//! Who is calling: extractors that turn a bearer token into a checked customer or admin. A token
//! is honoured only while its subject exists, is active and still has the token's version.

use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::admins::repo as admins_repo;
use crate::auth::tokens::{Claims, TokenKind};
use crate::domain::{AdminId, AdminRole, UserId, UserStatus};
use crate::error::{ApiError, ErrorCode};
use crate::state::AppState;
use crate::users::repo as users_repo;
use crate::users::types::User;

/// A signed-in, active customer.
#[derive(Debug, Clone)]
pub struct Customer {
    pub id: UserId,
    /// Their account as the session check read it.
    pub account: Box<User>,
}

/// A signed-in admin and their role.
#[derive(Debug, Clone)]
pub struct Admin {
    pub id: AdminId,
    /// Their role, as stored now (not as the token says).
    pub role: AdminRole,
}

impl Admin {
    /// Refuses unless the admin may delete records.
    pub fn require_delete(&self) -> Result<(), ApiError> {
        if self.role.can_delete() {
            Ok(())
        } else {
            Err(forbidden("Deleting needs the admin or superadmin role"))
        }
    }

    /// Refuses unless the admin may manage admins.
    pub fn require_superadmin(&self) -> Result<(), ApiError> {
        if self.role.can_manage_admins() {
            Ok(())
        } else {
            Err(forbidden("Managing admins needs the superadmin role"))
        }
    }
}

/// Either kind of caller, for calls both may make.
#[derive(Debug, Clone)]
pub enum Caller {
    Customer(Customer),
    Admin(Admin),
}

/// A 403 `forbidden` with this message.
pub fn forbidden(message: &str) -> ApiError {
    ApiError::Forbidden {
        code: ErrorCode::Forbidden,
        message: message.to_owned(),
    }
}

fn unauthorized(message: &str) -> ApiError {
    ApiError::Unauthorized {
        code: ErrorCode::Unauthorized,
        message: message.to_owned(),
    }
}

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|token| !token.is_empty())
}

/// Checks the token of a request, if it carries one: `Ok(None)` without a token, 401 for a bad,
/// expired or revoked one.
async fn caller(parts: &Parts, state: &AppState) -> Result<Option<Caller>, ApiError> {
    let Some(token) = bearer(parts) else {
        return Ok(None);
    };
    let claims: Claims = state.tokens.verify(token).ok_or_else(|| {
        unauthorized("Your session is invalid or has expired. Please sign in again.")
    })?;
    let revoked = || unauthorized("Your session has ended. Please sign in again.");
    match claims.kind {
        TokenKind::User => {
            let id = UserId::parse(&claims.sub).ok_or_else(revoked)?;
            match users_repo::account(&state.db, &id).await? {
                Some((account, version))
                    if account.status == UserStatus::Active && version == claims.ver =>
                {
                    Ok(Some(Caller::Customer(Customer {
                        id,
                        account: Box::new(account),
                    })))
                }
                _ => Err(revoked()),
            }
        }
        TokenKind::Admin => {
            let id = AdminId::parse(&claims.sub).ok_or_else(revoked)?;
            match admins_repo::session_state(&state.db, &id).await? {
                Some((role, version)) if version == claims.ver => {
                    Ok(Some(Caller::Admin(Admin { id, role })))
                }
                _ => Err(revoked()),
            }
        }
    }
}

impl OptionalFromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Caller>, ApiError> {
        caller(parts, state).await
    }
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        caller(parts, state)
            .await?
            .ok_or_else(|| unauthorized("Please sign in first"))
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match caller(parts, state).await? {
            Some(Caller::Admin(admin)) => Ok(admin),
            Some(Caller::Customer(_)) => Err(forbidden(
                "This needs an admin account (staff, admin or superadmin)",
            )),
            None => Err(unauthorized("Please sign in as an admin first")),
        }
    }
}

impl FromRequestParts<AppState> for Customer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match caller(parts, state).await? {
            Some(Caller::Customer(customer)) => Ok(customer),
            Some(Caller::Admin(_)) => Err(forbidden("This needs a customer account")),
            None => Err(unauthorized("Please sign in first")),
        }
    }
}
