//! Domain types: requests become these once, at the boundary, and the code past that point
//! trusts them. Each `parse` returns a message naming what is wrong; [`FieldErrors`] gathers the
//! messages of a whole form so one 400 can name every field at fault.

mod address;
mod ids;
mod people;
mod validation;

pub use address::PinCode;
pub use ids::{AdminId, CategoryId, OrderId, ProductId, UserId, new_record_key};
pub use people::{
    AdminRole, Email, Identifier, Mobile, Password, RequiredText, UserStatus, Username,
    sent_name_and_email,
};
pub use validation::FieldErrors;
