//! The pest parser generated from `grammar/twilit.pest` (by `build.rs`, as
//! `#[derive(pest_derive::Parser)]` would, with the word-table rules matched by
//! `syntax::words`); only `syntax` sees it.
#![allow(missing_docs)]

// pest is built without its `std` feature: that feature probes the native stack on every
// rule call (a quarter of parse time). Nesting is bounded before parsing instead
// (`syntax::MAX_NESTING`) and the CLI runs on a large stack. In no-std mode the generated
// code names `crate::alloc`, declared in lib.rs.

pub struct ScriptParser;

include!(concat!(env!("OUT_DIR"), "/grammar.rs"));

/// The parser exactly as the grammar writes it (tries and all), to check the tables against.
#[cfg(test)]
#[allow(dead_code)]
pub(crate) mod spec {
    pub struct ScriptParser;

    include!(concat!(env!("OUT_DIR"), "/grammar_spec.rs"));
}
