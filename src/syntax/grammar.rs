//! The pest parser generated from `grammar/twilit.pest`; only `syntax` sees it.
#![allow(missing_docs)]

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/twilit.pest"]
pub struct ScriptParser;
