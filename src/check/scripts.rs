//! Parsing and checking one script field: syntax errors become diagnostics at the
//! exact place in the YAML file, and the parsed script is walked by the `Checker`.

use crate::diag::Diagnostic;
use crate::load::ScriptSrc;
use crate::syntax::{self, ast, SyntaxError};

use super::env::{Env, Ty};
use super::script::Checker;

/// Which grammar entry a field uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Statements.
    Script,
    /// One boolean expression.
    Condition,
    /// One expression of any type.
    Expr,
    /// A trigger pattern.
    Event,
}

/// Turns a syntax error into a diagnostic inside the YAML file.
pub fn syntax_diag(src: &ScriptSrc, e: SyntaxError) -> Diagnostic {
    let span = src.file_span(e.span.clone());
    let mut d = Diagnostic::error(e.code, e.message, src.file, span);
    if !src.is_exact() {
        d.labels[0].message = "in this script".into();
    }
    d.with_help_opt(e.help)
}

/// Local names visible to a script: parameters, `it`, scenario players.
pub type Locals<'a> = &'a [(&'a str, Ty)];

/// Parses and checks one script field.
pub fn check_field(env: &Env, src: &ScriptSrc, entry: Entry, locals: Locals, out: &mut Vec<Diagnostic>) {
    check_parts(env, &[(src, entry)], locals, out);
}

/// Parses and checks a trigger pattern (like `check_field` with `Entry::Event`) and hands
/// back the parsed pattern, so callers that also read it do not parse it a second time.
pub fn check_event(env: &Env, src: &ScriptSrc, out: &mut Vec<Diagnostic>) -> Option<ast::EventPat> {
    let mut ck = Checker::new(env, src.file, Box::new(|s| src.file_span(s)));
    let pat = match syntax::parse_event(&src.text) {
        Ok(ev) => {
            ck.check_event(&ev);
            Some(ev)
        }
        Err(e) => {
            out.push(syntax_diag(src, e));
            None
        }
    };
    out.append(&mut ck.diags);
    pat
}

/// Parses and checks fields that run in sequence and share bindings (requirement, cost,
/// effect): a `let` in the cost is visible in the effect.
pub fn check_parts(env: &Env, parts: &[(&ScriptSrc, Entry)], locals: Locals, out: &mut Vec<Diagnostic>) {
    check_sequence(env, parts, None, locals, out);
}

/// Like `check_parts`; the part at index `cost` is also checked for being payable at all.
pub fn check_sequence(
    env: &Env,
    parts: &[(&ScriptSrc, Entry)],
    cost: Option<usize>,
    locals: Locals,
    out: &mut Vec<Diagnostic>,
) {
    let Some((first, _)) = parts.first() else { return };
    let mut ck = Checker::new(env, first.file, Box::new(|s| first.file_span(s)));
    for (name, ty) in locals {
        ck.bind(name, *ty, 0..0);
    }
    for (i, (src, entry)) in parts.iter().enumerate() {
        ck.retarget(src.file, Box::new(move |s| src.file_span(s)));
        match parse(src, *entry) {
            Ok(p) => {
                run(&mut ck, &p);
                if let (Some(c), Parsed::Script(b)) = (cost, &p) {
                    if c == i {
                        ck.check_cost_payable(b);
                    }
                }
            }
            Err(e) => out.push(syntax_diag(src, e)),
        }
    }
    out.append(&mut ck.diags);
}

/// A parsed field.
pub enum Parsed {
    /// Statements.
    Script(ast::Block),
    /// An expression.
    Expr(ast::Expr, bool),
    /// A trigger pattern.
    Event(ast::EventPat),
}

fn parse(src: &ScriptSrc, entry: Entry) -> Result<Parsed, SyntaxError> {
    Ok(match entry {
        Entry::Script => Parsed::Script(syntax::parse_script(&src.text)?),
        Entry::Condition => Parsed::Expr(syntax::parse_condition(&src.text)?, true),
        Entry::Expr => Parsed::Expr(syntax::parse_condition(&src.text)?, false),
        Entry::Event => Parsed::Event(syntax::parse_event(&src.text)?),
    })
}

fn run(ck: &mut Checker, p: &Parsed) {
    match p {
        Parsed::Script(b) => ck.check_script(b),
        Parsed::Expr(e, true) => ck.check_condition(e),
        Parsed::Expr(e, false) => {
            ck.expr(e);
        }
        Parsed::Event(ev) => ck.check_event(ev),
    }
}

/// Renders a field's parsed form for `explain`, or the syntax error.
pub fn explain_field(src: &ScriptSrc, entry: Entry) -> String {
    match parse(src, entry) {
        Ok(Parsed::Script(b)) => b.to_string(),
        Ok(Parsed::Expr(e, _)) => e.to_string(),
        Ok(Parsed::Event(e)) => e.to_string(),
        Err(e) => format!("<syntax error: {}>", e.message),
    }
}
