use std::fmt;

use serde::{Deserialize, Serialize};

/// A fresh random record key: 20 lowercase letters and digits, URL-safe.
pub fn new_record_key() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::thread_rng();
    (0..20)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// True for a key that [`new_record_key`] could have made (or any short URL-safe key).
fn is_valid_key(key: &str) -> bool {
    (1..=64).contains(&key.len())
        && key
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-')
}

macro_rules! record_id {
    ($(#[$doc:meta])* $name:ident, $table:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The database table holding these records.
            pub const TABLE: &'static str = $table;

            /// The id from the key in a URL; `None` when it cannot be a key.
            pub fn parse(key: &str) -> Option<$name> {
                is_valid_key(key).then(|| $name(key.to_owned()))
            }

            /// A new random id.
            pub fn generate() -> $name {
                $name(new_record_key())
            }

            /// The key (the `_id` of the API).
            pub fn key(&self) -> &str {
                &self.0
            }

            /// The SurrealDB record id.
            pub fn record(&self) -> surrealdb::types::RecordId {
                surrealdb::types::RecordId::new($table, self.0.as_str())
            }

            /// The id of a SurrealDB record of this table.
            pub fn from_record(record: &surrealdb::types::RecordId) -> Option<$name> {
                use surrealdb::types::RecordIdKey;
                if record.table.as_str() != $table {
                    return None;
                }
                match &record.key {
                    RecordIdKey::String(key) => Some($name(key.clone())),
                    RecordIdKey::Number(number) => Some($name(number.to_string())),
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

record_id!(
    /// A customer's id.
    UserId, "user"
);
record_id!(
    /// A back-office admin's id.
    AdminId, "admin"
);
record_id!(ProductId, "product");
impl ProductId {
    /// The record holding this product's units in stock, under the product's key: orders write
    /// it instead of the product (see the schema's `product_stock`).
    pub fn stock(&self) -> surrealdb::types::RecordId {
        surrealdb::types::RecordId::new("product_stock", self.0.as_str())
    }
}
record_id!(CategoryId, "category");
impl CategoryId {
    /// The record product saves and this category's deletion both write, so they conflict.
    pub fn guard(&self) -> surrealdb::types::RecordId {
        surrealdb::types::RecordId::new("category_guard", self.0.as_str())
    }
}

record_id!(
    /// An order's id (the record key, not the human ORD number).
    OrderId, "shop_order"
);
