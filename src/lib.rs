//! Twilit: a data-driven card and faction language for tabletop game designers.
//!
//! Stages, each in its own module: `syntax` parses scripts into an AST, `load` reads
//! YAML files into typed definitions, `check` validates them against their game,
//! and `cli` renders diagnostics. See docs/ARCHITECTURE.md.

// The no-std pest derive (see syntax/grammar.rs) refers to `crate::alloc`.
extern crate alloc;

pub mod check;
pub mod cli;
pub mod coverage;
pub mod diag;
pub mod engine;
pub mod fxhash;
pub mod interp;
pub mod limits;
pub mod load;
pub mod lsp;
pub mod mutate;
pub mod scenario;
pub mod schema;
pub mod simulate;

pub mod syntax;
pub mod text;

pub use limits::Limits;
