//! The pest parser generated from `grammar/twilit.pest`; only `syntax` sees it.
#![allow(missing_docs)]

// pest is built without its `std` feature: that feature probes the native stack on every
// rule call (a quarter of parse time). Nesting is bounded before parsing instead
// (`syntax::MAX_NESTING`) and the CLI runs on a large stack. In no-std mode the derive
// names `crate::alloc`, declared in lib.rs.

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/twilit.pest"]
pub struct ScriptParser;
