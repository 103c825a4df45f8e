//! Handlers of the account calls.

use std::time::Duration;

use axum::Json;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::admins::repo as admins_repo;
use crate::admins::types::{AdminWithToken, Login, RegisterAdmin};
use crate::auth::otp;
use crate::auth::session::{Caller, forbidden};
use crate::auth::throttle::{AccountLimit, IpThrottle};
use crate::auth::throttle_repo;
use crate::auth::tokens::{ADMIN_TOKEN_TTL, CUSTOMER_TOKEN_TTL, TokenKind};
use crate::client_ip::ClientIp;
use crate::domain::{
    AdminRole, Email, FieldErrors, Identifier, Mobile, Password, RequiredText, UserId, UserStatus,
    Username,
};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::extract::{ApiJson, parse_json};
use crate::state::AppState;
use crate::users::repo::{self as users_repo, NewUser};
use crate::users::types::{RegisterUser, UserWithToken};

/// The one answer to every failed sign-in, whether or not the account exists.
fn invalid_credentials() -> ApiError {
    ApiError::Unauthorized {
        code: ErrorCode::InvalidCredentials,
        message: "Invalid e-mail, mobile number or password".to_owned(),
    }
}

fn too_many(wait: Duration) -> ApiError {
    ApiError::TooManyRequests {
        retry_after_secs: wait.as_secs().max(1) + u64::from(wait.subsec_nanos() > 0),
    }
}

/// Counts an attempt against the client's address (this node's memory) and, when given, against
/// the account (in the database), before the work it guards: a burst is held to the policy
/// however its requests interleave.
async fn count_attempt(
    state: &AppState,
    by_ip: &IpThrottle,
    ip: &str,
    account: Option<(AccountLimit, &str)>,
) -> ApiResult<()> {
    by_ip.acquire(ip).map_err(too_many)?;
    if let Some((limit, key)) = account {
        throttle_repo::acquire(&state.db, limit, key)
            .await?
            .map_err(too_many)?;
    }
    Ok(())
}

async fn count_registration(state: &AppState, ip: &str, account: &str) -> ApiResult<()> {
    count_attempt(
        state,
        &state.throttles.register,
        ip,
        Some((AccountLimit::Register, account)),
    )
    .await
}

/// A sign-in: counts the attempt against the IP and the account first, then looks the
/// credentials up with `lookup` and checks `password`.
async fn sign_in<C, E>(
    state: &AppState,
    ip: &str,
    id_key: &str,
    password: &str,
    lookup: impl Future<Output = Result<Option<C>, E>>,
    hash: impl Fn(&C) -> &str,
) -> ApiResult<C>
where
    ApiError: From<E>,
{
    count_attempt(
        state,
        &state.throttles.login,
        ip,
        Some((AccountLimit::Login, id_key)),
    )
    .await?;
    let credentials = lookup.await?;
    verify_sign_in(state, ip, id_key, password, credentials, hash).await
}

/// Checks a sign-in password (against a dummy hash when the account is unknown, so both take
/// the same time); the attempt was counted before. On success the address gets its attempt back
/// and the account's count is cleared. Returns the account's credentials when the password is right.
async fn verify_sign_in<C>(
    state: &AppState,
    ip: &str,
    id_key: &str,
    password: &str,
    credentials: Option<C>,
    hash: impl Fn(&C) -> &str,
) -> ApiResult<C> {
    let right = state
        .hasher
        .verify(password, credentials.as_ref().map(|c| hash(c).to_owned()))
        .await?;
    let Some(credentials) = credentials.filter(|_| right) else {
        return Err(invalid_credentials());
    };
    state.throttles.login.refund(ip);
    if let Err(error) = throttle_repo::forget(&state.db, AccountLimit::Login, id_key).await {
        tracing::warn!(error = ?error, "could not clear the sign-in count");
    }
    Ok(credentials)
}

/// The message of `POST /auth/forgot-password` and `POST /auth/reset-password`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    /// For people.
    pub message: String,
}

/// `POST /auth/forgot-password`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ForgotPassword {
    /// The account's e-mail address or mobile number.
    pub identifier: String,
}

/// `POST /auth/reset-password`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ResetPassword {
    /// The account's e-mail address or mobile number.
    pub identifier: String,
    /// The six-digit code from the e-mail.
    pub otp: String,
    /// 8 to 128 characters.
    pub new_password: String,
}

/// Creates a customer account. Customers sign themselves up and get a token; an admin (with an
/// admin token) may create one and set its status.
#[utoipa::path(post, path = "/api/v1/auth/register", tag = "auth", request_body = RegisterUser,
    responses(
        (status = 201, body = UserWithToken),
        (status = 400, body = crate::error::ErrorEnvelope),
        (status = 409, description = "email_taken or mobile_taken", body = crate::error::ErrorEnvelope),
        (status = 429, body = crate::error::ErrorEnvelope),
    ))]
pub async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Option<Caller>,
    ApiJson(body): ApiJson<RegisterUser>,
) -> ApiResult<(StatusCode, Json<UserWithToken>)> {
    let by_admin = matches!(caller, Some(Caller::Admin(_)));
    if !by_admin {
        let account = body.email.trim().to_lowercase();
        count_registration(&state, &ip.to_string(), &account).await?;
    }
    let mut errors = FieldErrors::new();
    let username = errors.check("username", Username::parse(&body.username));
    let email = errors.check("email", Email::parse(&body.email));
    let password = errors.check("password", Password::parse(&body.password));
    let address = errors.check("address", RequiredText::parse(&body.address));
    let city = errors.check("city", RequiredText::parse(&body.city));
    let region = errors.check("state", RequiredText::parse(&body.state));
    let mobile = errors.check("mobile", Mobile::parse(&body.mobile.as_text()));
    let company = errors.check("company", RequiredText::parse(&body.company));
    if body.status.is_some() && !by_admin {
        errors.add("status", "only an admin may set the status");
    }
    errors.finish()?;
    let (
        Some(username),
        Some(email),
        Some(password),
        Some(address),
        Some(city),
        Some(region),
        Some(mobile),
        Some(company),
    ) = (
        username, email, password, address, city, region, mobile, company,
    )
    else {
        return Err(ApiError::bad_request(
            ErrorCode::ValidationFailed,
            "invalid registration",
        ));
    };
    let actor = match &caller {
        Some(Caller::Admin(admin)) => Some(&admin.id),
        _ => None,
    };
    let user = users_repo::create(
        &state.db,
        actor,
        NewUser {
            username: username.as_str().to_owned(),
            email: email.as_str().to_owned(),
            mobile: mobile.as_str().to_owned(),
            password_hash: state.hasher.hash(&password).await?,
            address: address.into_string(),
            city: city.into_string(),
            state: region.into_string(),
            company: company.into_string(),
            status: body.status.unwrap_or_default(),
        },
    )
    .await?;
    let jwt = if by_admin {
        None
    } else {
        Some(
            state
                .tokens
                .issue(TokenKind::User, &user.id, "customer", 0, CUSTOMER_TOKEN_TTL)?,
        )
    };
    Ok((StatusCode::CREATED, Json(UserWithToken { user, jwt })))
}

/// Signs a customer in with their e-mail or mobile number.
#[utoipa::path(post, path = "/api/v1/auth/login", tag = "auth", request_body = Login,
    responses(
        (status = 200, body = UserWithToken),
        (status = 401, description = "invalid_credentials", body = crate::error::ErrorEnvelope),
        (status = 403, description = "account_inactive", body = crate::error::ErrorEnvelope),
        (status = 429, body = crate::error::ErrorEnvelope),
    ))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Login>,
) -> ApiResult<Json<UserWithToken>> {
    let ip = ip.to_string();
    let identifier = Identifier::parse(&body.identifier).ok();
    let id_key = identifier.as_ref().map_or_else(
        || body.identifier.trim().to_lowercase(),
        |id| id.key().to_owned(),
    );
    let lookup = async {
        match &identifier {
            Some(identifier) => users_repo::credentials(&state.db, identifier).await,
            None => Ok(None),
        }
    };
    let credentials = sign_in(&state, &ip, &id_key, &body.password, lookup, |c| {
        &c.password_hash
    })
    .await?;
    if credentials.status == UserStatus::Inactive {
        return Err(ApiError::Forbidden {
            code: ErrorCode::AccountInactive,
            message: "This account has been deactivated. Please contact us.".to_owned(),
        });
    }
    let id = UserId::parse(&credentials.id).ok_or_else(invalid_credentials)?;
    let user = users_repo::find(&state.db, &id)
        .await?
        .ok_or_else(invalid_credentials)?;
    let jwt = state.tokens.issue(
        TokenKind::User,
        &user.id,
        "customer",
        credentials.token_version,
        CUSTOMER_TOKEN_TTL,
    )?;
    Ok(Json(UserWithToken {
        user,
        jwt: Some(jwt),
    }))
}

/// The same answer whether or not the account exists.
const OTP_SENT: &str =
    "If an account matches, we have e-mailed it a 6-digit code. It is valid for 10 minutes.";

/// Sends a password-reset OTP to the account's e-mail address (also for a mobile identifier).
#[utoipa::path(post, path = "/api/v1/auth/forgot-password", tag = "auth", request_body = ForgotPassword,
    responses(
        (status = 202, body = Message),
        (status = 400, body = crate::error::ErrorEnvelope),
        (status = 429, body = crate::error::ErrorEnvelope),
    ))]
pub async fn forgot_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ForgotPassword>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    let identifier = Identifier::parse(&body.identifier)
        .map_err(|message| ApiError::invalid_field("identifier", message))?;
    count_attempt(
        &state,
        &state.throttles.otp,
        &ip.to_string(),
        Some((AccountLimit::Otp, identifier.key())),
    )
    .await?;

    if let Some(credentials) = users_repo::credentials(&state.db, &identifier).await? {
        let user_id = UserId::parse(&credentials.id)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("bad user key")))?;
        if !otp::sent_recently(&state.db, &user_id).await? {
            let code = otp::generate();
            otp::store(
                &state.db,
                &user_id,
                otp::digest(&state.otp_key, &user_id, &code),
            )
            .await?;
            // Stored in the outbox before answering, so the code survives this node; whichever
            // node claims it sends it.
            let user = users_repo::find(&state.db, &user_id)
                .await?
                .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("user vanished")))?;
            let body = format!(
                "Hello {name},\n\nYour Whisk password reset code is {code}.\n\nIt is valid for 10 minutes and can be used once. \
                 If you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n\nWhisk Baking Supplies\n",
                name = user.username
            );
            state
                .outbox
                .enqueue(&user.email, "Your Whisk password reset code", &body)
                .await?;
        }
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(Message {
            message: OTP_SENT.to_owned(),
        }),
    ))
}

/// Sets a new password with the OTP from the e-mail; every earlier session ends.
#[utoipa::path(post, path = "/api/v1/auth/reset-password", tag = "auth", request_body = ResetPassword,
    responses(
        (status = 200, body = Message),
        (status = 400, description = "invalid_otp or a field refused", body = crate::error::ErrorEnvelope),
        (status = 429, body = crate::error::ErrorEnvelope),
    ))]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ResetPassword>,
) -> ApiResult<Json<Message>> {
    let mut errors = FieldErrors::new();
    let identifier = errors.check("identifier", Identifier::parse(&body.identifier));
    let new_password = errors.check("newPassword", Password::parse(&body.new_password));
    errors.finish()?;
    let (Some(identifier), Some(new_password)) = (identifier, new_password) else {
        return Err(ApiError::bad_request(
            ErrorCode::ValidationFailed,
            "invalid reset",
        ));
    };
    count_attempt(
        &state,
        &state.throttles.otp,
        &ip.to_string(),
        Some((AccountLimit::Otp, identifier.key())),
    )
    .await?;

    let invalid_otp = || {
        ApiError::bad_request(
            ErrorCode::InvalidOtp,
            "The code is wrong or has expired. Ask for a new one.",
        )
    };
    let user_id = users_repo::credentials(&state.db, &identifier)
        .await?
        .and_then(|c| UserId::parse(&c.id));
    let redeemed = match &user_id {
        Some(user_id) => otp::redeem(&state.db, &state.otp_key, user_id, body.otp.trim()).await?,
        None => false,
    };
    let Some(user_id) = user_id.filter(|_| redeemed) else {
        return Err(invalid_otp());
    };
    users_repo::set_password(&state.db, &user_id, state.hasher.hash(&new_password).await?).await?;
    Ok(Json(Message {
        message: "Password reset successfully".to_owned(),
    }))
}

/// Reads the admin registration form: JSON or multipart form fields.
async fn admin_registration(request: Request, state: &AppState) -> ApiResult<RegisterAdmin> {
    let is_multipart = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("multipart/form-data"));
    if !is_multipart {
        let ApiJson(body) = ApiJson::<RegisterAdmin>::from_request(request, state).await?;
        return Ok(body);
    }
    let mut multipart = Multipart::from_request(request, state)
        .await
        .map_err(|rejection| {
            ApiError::bad_request(ErrorCode::InvalidBody, rejection.body_text())
        })?;
    let mut fields = serde_json::Map::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|error| ApiError::bad_request(ErrorCode::InvalidBody, error.body_text()))?
    {
        let name = field.name().unwrap_or_default().to_owned();
        let value = field
            .text()
            .await
            .map_err(|error| ApiError::bad_request(ErrorCode::InvalidBody, error.body_text()))?;
        if !(name == "role" && value.is_empty()) {
            fields.insert(name, serde_json::Value::String(value));
        }
    }
    parse_json(serde_json::Value::Object(fields).to_string().as_bytes())
}

/// The refusal of an admin registration once an admin exists: a customer's token is told the
/// role needed.
fn closed_for(caller: &Option<Caller>) -> ApiError {
    match caller {
        Some(Caller::Customer(_)) => forbidden("Registering admins needs the superadmin role"),
        _ => admins_repo::registration_closed(),
    }
}

/// Registers an admin. The first admin becomes superadmin and needs no token; after that only a
/// superadmin may register admins.
#[utoipa::path(post, path = "/api/v1/authadmin/register", tag = "admins", request_body = RegisterAdmin,
    responses(
        (status = 201, body = AdminWithToken),
        (status = 400, body = crate::error::ErrorEnvelope),
        (status = 403, description = "registration_closed", body = crate::error::ErrorEnvelope),
        (status = 409, description = "email_taken", body = crate::error::ErrorEnvelope),
    ))]
pub async fn register_admin(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Option<Caller>,
    request: Request,
) -> ApiResult<(StatusCode, Json<AdminWithToken>)> {
    let body = admin_registration(request, &state).await?;
    let account = format!("admin:{}", body.email.trim().to_lowercase());
    count_registration(&state, &ip.to_string(), &account).await?;
    let mut errors = FieldErrors::new();
    let username = errors.check("username", Username::parse(&body.username));
    let email = errors.check("email", Email::parse(&body.email));
    let password = errors.check("password", Password::parse(&body.password));
    errors.finish()?;
    let (Some(username), Some(email), Some(password)) = (username, email, password) else {
        return Err(ApiError::bad_request(
            ErrorCode::ValidationFailed,
            "invalid registration",
        ));
    };
    let registering_first = match &caller {
        Some(Caller::Admin(admin)) => {
            admin.require_superadmin()?;
            false
        }
        _ => true,
    };
    let role = if registering_first {
        AdminRole::Superadmin
    } else {
        body.role.unwrap_or_default()
    };
    // Refused before the costly hash when registration is closed (the create checks it again,
    // atomically, for two first registrations racing).
    if registering_first && admins_repo::count(&state.db).await? > 0 {
        return Err(closed_for(&caller));
    }
    let new_admin = admins_repo::NewAdmin {
        username: username.as_str().to_owned(),
        email: email.as_str().to_owned(),
        password_hash: state.hasher.hash(&password).await?,
        role,
    };
    let registrar = match &caller {
        Some(Caller::Admin(admin)) => Some(&admin.id),
        _ => None,
    };
    let admin = admins_repo::create(&state.db, registrar, new_admin, registering_first)
        .await
        .map_err(|error| match error {
            ApiError::Forbidden {
                code: ErrorCode::RegistrationClosed,
                ..
            } => closed_for(&caller),
            other => other,
        })?;
    let jwt = if registering_first {
        Some(state.tokens.issue(
            TokenKind::Admin,
            &admin.id,
            role.as_str(),
            0,
            ADMIN_TOKEN_TTL,
        )?)
    } else {
        None
    };
    Ok((StatusCode::CREATED, Json(AdminWithToken { admin, jwt })))
}

/// Signs an admin in with their e-mail address.
#[utoipa::path(post, path = "/api/v1/authadmin/login", tag = "admins", request_body = Login,
    responses(
        (status = 200, body = AdminWithToken),
        (status = 401, description = "invalid_credentials", body = crate::error::ErrorEnvelope),
        (status = 429, body = crate::error::ErrorEnvelope),
    ))]
pub async fn login_admin(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Login>,
) -> ApiResult<Json<AdminWithToken>> {
    let ip = ip.to_string();
    let email = Email::parse(&body.identifier).ok();
    let id_key = format!(
        "admin:{}",
        email.as_ref().map_or_else(
            || body.identifier.trim().to_lowercase(),
            |e| e.as_str().to_owned()
        )
    );
    let lookup = async {
        match &email {
            Some(email) => admins_repo::credentials(&state.db, email).await,
            None => Ok(None),
        }
    };
    let credentials = sign_in(&state, &ip, &id_key, &body.password, lookup, |c| {
        &c.password_hash
    })
    .await?;
    let id = crate::domain::AdminId::parse(&credentials.id).ok_or_else(invalid_credentials)?;
    let admin = admins_repo::find(&state.db, &id)
        .await?
        .ok_or_else(invalid_credentials)?;
    let jwt = state.tokens.issue(
        TokenKind::Admin,
        &admin.id,
        credentials.role.as_str(),
        credentials.token_version,
        ADMIN_TOKEN_TTL,
    )?;
    Ok(Json(AdminWithToken {
        admin,
        jwt: Some(jwt),
    }))
}
