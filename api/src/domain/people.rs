use std::fmt;

use serde::{Deserialize, Serialize};
use surrealdb::types::SurrealValue;
use utoipa::ToSchema;

use super::validation::FieldErrors;

/// A username: 2 to 50 characters after trimming.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    /// Trims and checks the length.
    pub fn parse(raw: &str) -> Result<Username, String> {
        let trimmed = raw.trim();
        match trimmed.chars().count() {
            0..=1 => Err("must be at least 2 characters".to_owned()),
            51.. => Err("must be at most 50 characters".to_owned()),
            _ => Ok(Username(trimmed.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The name and e-mail an account update sent, each checked when sent: `None` when left out or
/// refused (the refusal recorded in `errors`).
pub fn sent_name_and_email(
    errors: &mut FieldErrors,
    username: Option<&str>,
    email: Option<&str>,
) -> (Option<String>, Option<String>) {
    (
        errors
            .check_sent("username", username, Username::parse)
            .map(|username| username.as_str().to_owned()),
        errors
            .check_sent("email", email, Email::parse)
            .map(|email| email.as_str().to_owned()),
    )
}

/// An e-mail address, lower-cased.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Trims, lower-cases and checks the shape `local@domain.tld`.
    pub fn parse(raw: &str) -> Result<Email, String> {
        let email = raw.trim().to_lowercase();
        let invalid = || Err("must be a valid e-mail address".to_owned());
        if email.len() > 254 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return invalid();
        }
        let Some((local, domain)) = email.split_once('@') else {
            return invalid();
        };
        let domain_ok = domain.contains('.')
            && !domain.contains('@')
            && domain.split('.').all(|label| {
                !label.is_empty()
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            });
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..");
        if domain_ok && local_ok {
            Ok(Email(email))
        } else {
            invalid()
        }
    }

    /// The address.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An Indian mobile number: ten digits starting 6-9; a +91, 91 or 0 prefix and spaces or dashes
/// are normalised away.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mobile(String);

impl Mobile {
    /// Normalises and checks the number.
    pub fn parse(raw: &str) -> Result<Mobile, String> {
        let compact: String = raw
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '(' | ')'))
            .collect();
        let digits = compact
            .strip_prefix("+91")
            .or_else(|| {
                (compact.len() == 12)
                    .then(|| compact.strip_prefix("91"))
                    .flatten()
            })
            .or_else(|| {
                (compact.len() == 11)
                    .then(|| compact.strip_prefix('0'))
                    .flatten()
            })
            .unwrap_or(&compact);
        let valid = digits.len() == 10
            && digits.bytes().all(|b| b.is_ascii_digit())
            && matches!(digits.as_bytes()[0], b'6'..=b'9');
        if valid {
            Ok(Mobile(digits.to_owned()))
        } else {
            Err("must be a 10-digit Indian mobile number".to_owned())
        }
    }

    /// The ten digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password: 8 to 128 characters. Never logged, never stored in plain text.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// Checks the length (whitespace counts; passwords are not trimmed).
    pub fn parse(raw: &str) -> Result<Password, String> {
        match raw.chars().count() {
            0..=7 => Err("must be at least 8 characters".to_owned()),
            129.. => Err("must be at most 128 characters".to_owned()),
            _ => Ok(Password(raw.to_owned())),
        }
    }

    /// The password, for hashing.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

/// A required free-text field (address, city, state, company): trimmed, 1 to 200 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredText(String);

impl RequiredText {
    /// The longest value allowed.
    pub const MAX_CHARS: usize = 200;

    /// Trims and checks the length.
    pub fn parse(raw: &str) -> Result<RequiredText, String> {
        let trimmed = raw.trim();
        match trimmed.chars().count() {
            0 => Err("is required".to_owned()),
            n if n > RequiredText::MAX_CHARS => Err(format!(
                "must be at most {} characters",
                RequiredText::MAX_CHARS
            )),
            _ => Ok(RequiredText(trimmed.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// How someone names their account when signing in: an e-mail address or a mobile number.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Identifier {
    Email(Email),
    Mobile(Mobile),
}

impl Identifier {
    /// An identifier containing `@` is an e-mail address, anything else a mobile number.
    pub fn parse(raw: &str) -> Result<Identifier, String> {
        if raw.contains('@') {
            Email::parse(raw).map(Identifier::Email)
        } else {
            Mobile::parse(raw)
                .map(Identifier::Mobile)
                .map_err(|_| "must be an e-mail address or a 10-digit mobile number".to_owned())
        }
    }

    /// A stable text form, for throttling keys.
    pub fn key(&self) -> &str {
        match self {
            Identifier::Email(email) => email.as_str(),
            Identifier::Mobile(mobile) => mobile.as_str(),
        }
    }
}

/// Whether a customer may sign in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, SurrealValue, ToSchema, Default,
)]
#[serde(rename_all = "lowercase")]
#[surreal(crate = "surrealdb::types")]
// A separate attribute: the derive stops reading one at `crate = ...`.
#[surreal(untagged, lowercase)]
pub enum UserStatus {
    /// May sign in and order.
    #[default]
    Active,
    /// Blocked by an admin.
    Inactive,
}

/// A back-office role. Every role reads and edits; deleting needs `admin` or `superadmin`;
/// managing admins needs `superadmin`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    SurrealValue,
    ToSchema,
    Default,
)]
#[serde(rename_all = "lowercase")]
#[surreal(crate = "surrealdb::types")]
#[surreal(untagged, lowercase)]
pub enum AdminRole {
    /// Reads and edits.
    #[default]
    Staff,
    /// Also deletes.
    Admin,
    /// Also manages admins.
    Superadmin,
}

impl AdminRole {
    /// The role as the API, the database and session tokens spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            AdminRole::Staff => "staff",
            AdminRole::Admin => "admin",
            AdminRole::Superadmin => "superadmin",
        }
    }

    /// True when this role may delete records.
    pub fn can_delete(self) -> bool {
        self >= AdminRole::Admin
    }

    /// True when this role may manage admins.
    pub fn can_manage_admins(self) -> bool {
        self == AdminRole::Superadmin
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mobiles_are_normalised() {
        for raw in [
            "9876543210",
            "+91 98765 43210",
            "09876543210",
            "919876543210",
            "98765-43210",
        ] {
            assert_eq!(Mobile::parse(raw).unwrap().as_str(), "9876543210", "{raw}");
        }
        for raw in ["12345", "5876543210", "98765432101", "98765abcde", ""] {
            assert!(Mobile::parse(raw).is_err(), "{raw}");
        }
    }

    #[test]
    fn emails_are_lower_cased_and_checked() {
        assert_eq!(
            Email::parse("  Asha@Example.IN ").unwrap().as_str(),
            "asha@example.in"
        );
        for raw in [
            "asha",
            "asha@",
            "@example.in",
            "asha@example",
            "a b@example.in",
            "asha@@example.in",
            "asha@ex..in",
        ] {
            assert!(Email::parse(raw).is_err(), "{raw}");
        }
    }

    #[test]
    fn identifiers_pick_their_kind() {
        assert!(matches!(
            Identifier::parse("asha@example.in"),
            Ok(Identifier::Email(_))
        ));
        assert!(matches!(
            Identifier::parse("+919876543210"),
            Ok(Identifier::Mobile(_))
        ));
        assert!(Identifier::parse("asha").is_err());
    }

    #[test]
    fn lengths_are_enforced() {
        assert!(Username::parse(" a ").is_err());
        assert!(Username::parse(&"x".repeat(51)).is_err());
        assert!(Password::parse("short").is_err());
        assert!(Password::parse(&"p".repeat(129)).is_err());
        assert!(RequiredText::parse("   ").is_err());
        assert!(RequiredText::parse(&"a".repeat(201)).is_err());
        assert_eq!(
            RequiredText::parse("  MG Road ").unwrap().as_str(),
            "MG Road"
        );
    }

    #[test]
    fn statuses_and_roles_are_stored_as_their_names() {
        use surrealdb::types::Value;
        assert_eq!(
            UserStatus::Inactive.into_value(),
            Value::String("inactive".to_owned())
        );
        assert_eq!(
            AdminRole::from_value(Value::String("superadmin".to_owned())).unwrap(),
            AdminRole::Superadmin
        );
    }

    #[test]
    fn roles_are_ordered_by_power() {
        assert!(!AdminRole::Staff.can_delete());
        assert!(AdminRole::Admin.can_delete());
        assert!(!AdminRole::Admin.can_manage_admins());
        assert!(AdminRole::Superadmin.can_manage_admins());
    }
}
