//! Query texts parsed once (a Whisk patch, README.whisk.md).
//!
//! An application binds its values as parameters, so it sends the same few query texts again
//! and again, and the datastore parsed each one every time (2.4% of the CPU of Whisk's orders
//! bench, more of the serial step that places a group of orders). The engine keeps the parsed
//! form of each text it has run and hands the datastore a copy.
//!
//! The parse depends on the datastore's capabilities (experimental syntax) and its parser
//! limits: the limits are fixed when the datastore is built, and a change of capabilities
//! empties the cache.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use surrealdb_rpc::capabilities::Capabilities;
use surrealdb_core::kvs::Datastore;
use surrealdb_core::syn;
use surrealdb_sql::Ast;

/// Texts kept at most; when full the cache starts again, so a process that builds texts with
/// values in them costs no more memory than this.
const CAPACITY: usize = 512;

/// Longer texts (an import, a script) are parsed each time rather than kept.
const LONGEST_KEPT: usize = 16 * 1024;

/// The parsed texts of one datastore.
#[derive(Default)]
pub(crate) struct ParsedQueries {
	cached: Mutex<Cached>,
}

#[derive(Default)]
struct Cached {
	/// The capabilities the texts were parsed under.
	capabilities: Option<Arc<Capabilities>>,
	asts: HashMap<Box<str>, Arc<Ast>>,
}

impl ParsedQueries {
	/// `text` parsed as `kvs` parses it, or `None` when it does not parse: the datastore is then
	/// given the text, to report the error as it always has.
	pub(crate) fn parsed(&self, kvs: &Datastore, text: &str) -> Option<Ast> {
		let capabilities = kvs.get_capabilities();
		{
			let mut cached = self.cached.lock().unwrap_or_else(PoisonError::into_inner);
			if !cached.capabilities.as_ref().is_some_and(|then| Arc::ptr_eq(then, &capabilities)) {
				cached.asts.clear();
				cached.capabilities = Some(Arc::clone(&capabilities));
			}
			if let Some(ast) = cached.asts.get(text).map(Arc::clone) {
				drop(cached);
				return Some(Ast::clone(&ast));
			}
		}
		let ast = syn::parse_with_capabilities(text, &capabilities, &kvs.parser_config()).ok()?;
		if text.len() <= LONGEST_KEPT {
			let mut cached = self.cached.lock().unwrap_or_else(PoisonError::into_inner);
			if cached.capabilities.as_ref().is_some_and(|then| Arc::ptr_eq(then, &capabilities)) {
				if cached.asts.len() >= CAPACITY {
					cached.asts.clear();
				}
				cached.asts.insert(Box::from(text), Arc::new(ast.clone()));
			}
		}
		Some(ast)
	}
}
