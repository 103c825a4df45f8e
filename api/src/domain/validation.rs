use std::collections::BTreeMap;

use crate::error::{ApiError, ErrorCode};

/// Collects per-field refusals while a request is parsed, then answers one 400 naming them all.
#[derive(Debug, Default)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    /// No errors yet.
    pub fn new() -> FieldErrors {
        FieldErrors::default()
    }

    /// Keeps a parsed value, or records the message under `field` and returns `None`.
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, String>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(message) => {
                self.0.entry(field.to_owned()).or_insert(message);
                None
            }
        }
    }

    /// Parses a field the request may leave out: `None` when it was left out or refused (the
    /// refusal recorded under `field`).
    pub fn check_sent<T>(
        &mut self,
        field: &str,
        sent: Option<&str>,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        sent.and_then(|text| self.check(field, parse(text)))
    }

    /// Records a message for a field.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| message.into());
    }

    /// True when no field was refused.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The refusals by field.
    pub fn into_map(self) -> BTreeMap<String, String> {
        self.0
    }

    /// `Ok(())` when every field was fine, otherwise the 400 naming each refused field.
    pub fn finish(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            return Ok(());
        }
        let message = self
            .0
            .iter()
            .map(|(field, message)| format!("{field}: {message}"))
            .collect::<Vec<_>>()
            .join("; ");
        Err(ApiError::BadRequest {
            code: ErrorCode::ValidationFailed,
            message,
            fields: self.0,
        })
    }
}
