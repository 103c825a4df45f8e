pub(crate) mod block;
pub(crate) mod bloom;
pub(crate) mod error;
pub(crate) mod filter_block;
pub(crate) mod index_block;
pub(crate) mod meta;
pub(crate) mod table;
