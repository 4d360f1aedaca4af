//! Static validation: resolves and type-checks every script of a loaded library
//! against its game, and validates card properties. Collects all problems.

pub mod env;
mod expr;
pub mod script;
