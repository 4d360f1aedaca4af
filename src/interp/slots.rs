//! Locals as slots: a name that reads one of its script's own bindings (`let`,
//! `for each`) is compiled to that binding's place on the bindings stack, counted from
//! the innermost (`Res::Local`), so reading it compares no text and binding it copies
//! no name (bindings share the name of the definition that binds them).
//!
//! Invariant: the walk below binds as `exec` runs: a `let` binds in the block it is in
//! until that block ends; a `for each` binds its variable around its body; every other
//! block (`if`, `repeat`, `any number of times`, `may`, `choose one`, `as`) is a scope of
//! its own (`exec_block` drops what it bound). Nothing else binds while a script's
//! statements run (a call runs its body in a context of its own; `where` and keys
//! set `it`, not a binding), so the k-th binding from the top where a name is read is
//! the one the walk counted. Names bound before the script starts (an event's names, an
//! earlier part of the same ability) are not the script's own: they stay looked up by
//! name, but for a procedure's (or keyword's) parameters, which its call
//! binds first and in order: its body is compiled with them as the outermost bindings. A prohibition or a modifier keeps a copy of all the bindings
//! (`Ctx::kept`), so its slots still count from the same top. Debug builds assert the
//! name at every slot read (`Ctx::slot`).

use crate::syntax::ast::{Block, Expr, ExprKind, Res, StmtKind};
use crate::syntax::visit;

/// Compiles the names of `b` that read its own bindings, and its parameters `params`
/// (a procedure's or a keyword's, bound in order before its body runs; none for other
/// scripts).
pub(super) fn block(b: &mut Block, params: &[std::sync::Arc<str>]) {
    stmts(b, &mut params.iter().map(|p| p.to_string()).collect());
}

/// Compiles the names of a value procedure's body that read its parameters.
pub(super) fn expr(e: &mut Expr, params: &[std::sync::Arc<str>]) {
    let scope: Vec<String> = params.iter().map(|p| p.to_string()).collect();
    exprs(e, &scope);
}

/// A block that is a scope of its own.
fn nested(b: &mut Block, scope: &mut Vec<String>) {
    let mark = scope.len();
    stmts(b, scope);
    scope.truncate(mark);
}

fn stmts(b: &mut Block, scope: &mut Vec<String>) {
    for s in &mut b.stmts {
        match &mut s.kind {
            StmtKind::Let { name, value } => {
                exprs(value, scope);
                scope.push(name.name.to_string());
            }
            StmtKind::LetEffect { name, .. } => {
                let name = name.name.to_string();
                visit::stmt_exprs_mut(s, &mut |e| read(e, scope));
                scope.push(name);
            }
            StmtKind::ForEach { var, over, body } => {
                exprs(over, scope);
                scope.push(var.name.to_string());
                nested(body, scope);
                scope.pop();
            }
            StmtKind::If { cond, then, otherwise } => {
                exprs(cond, scope);
                nested(then, scope);
                if let Some(o) = otherwise {
                    nested(o, scope);
                }
            }
            StmtKind::Repeat { count, body } => {
                exprs(count, scope);
                nested(body, scope);
            }
            StmtKind::AnyTimes { body, .. } => nested(body, scope),
            StmtKind::May { who, body, .. } => {
                if let Some(w) = who {
                    exprs(w, scope);
                }
                nested(body, scope);
            }
            StmtKind::ChooseOne { options, .. } => options.iter_mut().for_each(|o| nested(&mut o.body, scope)),
            StmtKind::As { who, body, .. } => {
                exprs(who, scope);
                nested(body, scope);
            }
            // The other statements hold no block.
            _ => visit::stmt_exprs_mut(s, &mut |e| read(e, scope)),
        }
    }
}

fn exprs(e: &mut Expr, scope: &[String]) {
    visit::expr_mut(e, &mut |x| read(x, scope));
}

/// A name the script binds in `scope`, innermost first, read from its slot.
fn read(e: &mut Expr, scope: &[String]) {
    if let ExprKind::Name(n, res @ Res::Unresolved) = &mut e.kind {
        if let Some(k) = scope.iter().rev().position(|b| b == n) {
            *res = Res::Local(k as u32);
        }
    }
}
