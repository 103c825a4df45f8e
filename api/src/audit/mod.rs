//! The audit log: every admin write records who made it, when, what record it touched and each
//! changed field before and after, in the same transaction as the write (a write that rolls back
//! leaves no entry, and no write commits without one).
//!
//! A repository write takes part by putting [`audit_before!`](crate::audit_before) first in its
//! transaction and [`audit_record!`](crate::audit_record) last, with `$id` bound to the record
//! and `$actor` to the admin (`NONE` for a customer's own write, which records nothing).

pub mod handlers;
pub mod repo;
pub mod types;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The `/audit` route (admins).
pub fn router() -> Router<AppState> {
    Router::new().route("/audit", get(handlers::list))
}

/// SurrealQL remembering the record `$id` as it is before the write (`NONE` before a create),
/// and the moment the write began: the entry's time, so what the write itself stamps (an
/// invoice's date) comes after it.
#[macro_export]
macro_rules! audit_before {
    () => {
        "LET $audit_at = time::now(); LET $audit_before = (SELECT * FROM ONLY $id); "
    };
}

/// SurrealQL recording the write of `$id` by the admin `$actor` as `$action` on the `$entity`
/// table's kind of record. The changes are the fields whose value differs from the one
/// [`audit_before!`](crate::audit_before) kept; bookkeeping fields are left out, a password
/// shows only that it changed, and a link to another record shows that record's name. An
/// update that changed nothing records nothing.
#[macro_export]
macro_rules! audit_record {
    ($entity:literal, $action:literal) => {
        concat!(
            "IF $actor != NONE { ",
            "LET $audit_after = (SELECT * FROM ONLY $id); ",
            "LET $audit_plain = |$v| IF type::is_record($v) { $v.title ?? $v.name ?? $v.username ?? record::id($v) } ELSE { $v }; ",
            "LET $audit_keys = array::union(object::keys($audit_before ?? {}), object::keys($audit_after ?? {})) ",
            ".filter(|$k| $k NOTINSIDE ['id', 'created_at', 'updated_at', 'name_key', 'token_version'] AND $audit_before[$k] != $audit_after[$k]); ",
            "IF $audit_before = NONE OR $audit_after = NONE OR array::len($audit_keys) > 0 { ",
            "LET $audit_of = $audit_after ?? $audit_before; ",
            "CREATE audit SET at = $audit_at, actor = $actor, actor_name = (SELECT VALUE username FROM ONLY $actor) ?? 'A deleted admin', ",
            "entity = '", $entity, "', entity_id = <string> record::id($id), action = '", $action, "', ",
            "label = <string> ($audit_of.order_id ?? $audit_of.title ?? $audit_of.username ?? $audit_of.code ?? $audit_of.name ?? record::id($id)), ",
            "changes = object::from_entries($audit_keys.map(|$k| IF $k = 'password_hash' { ['password', ['hidden', 'hidden']] } ",
            "ELSE { [$k, [$audit_plain($audit_before[$k]), $audit_plain($audit_after[$k])]] })) RETURN NONE; ",
            "}; }; "
        )
    };
}
