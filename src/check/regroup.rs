//! How the filters after `P of X` bind. When `P` reads a value of each thing (a property,
//! a counter, or a relation such as `owner` or `zone`), the filters narrow `X`: `cost of
//! cards in hand` is `cost of (cards in hand)`, a list of numbers (LANGUAGE.md 5). After a
//! zone or a noun they narrow the whole, as written: `pieces of p at c`, `hand of bob
//! where cost > 2`. The grammar knows no game, so it cannot tell the two apart; every
//! script is regrouped here once after parsing, by the game's names, before it is
//! checked, compiled or run, so that all three read the same tree.

use crate::syntax::ast::{Block, Expr, ExprKind, Filter};
use crate::syntax::visit;

use super::env::{Env, Sym, Ty};

/// Regroups every `P of X FILTERS` of a script whose `P` reads a value.
pub fn block(env: &Env, b: &mut Block) {
    let mut bound = vec![];
    visit::bound_names(b, &mut bound);
    visit::block_exprs_mut(b, &mut |e| node(env, &bound, e));
}

/// Regroups every `P of X FILTERS` of a condition or value.
pub fn expr(env: &Env, e: &mut Expr) {
    visit::expr_mut(e, &mut |x| node(env, &[], x));
}

/// Whether `name`, before `of`, reads a value of each thing on its right rather than
/// selecting things. A name the script binds itself (`let`, `for each`) is a selection.
pub fn reads_value(env: &Env, bound: &[String], name: &str) -> bool {
    if bound.iter().any(|b| b == name) {
        return false;
    }
    match env.lookup(name) {
        Some(Sym::Property(_) | Sym::Counter { .. } | Sym::Builtin(Ty::Relation)) => true,
        // `space of X` is where each thing of X stands.
        Some(Sym::Builtin(_)) => super::env::is_thing_relation(name) || name == "space",
        _ => false,
    }
}

fn node(env: &Env, bound: &[String], e: &mut Expr) {
    let ExprKind::Select { quantity: None, base, filters } = &mut e.kind else { return };
    if filters.is_empty() || !reader_of(env, bound, base) {
        return;
    }
    let filters = std::mem::take(filters);
    let base = std::mem::replace(&mut **base, Expr { kind: ExprKind::Bool(false), span: 0..0 });
    e.kind = push_down(env, bound, base, filters).kind;
}

/// Whether `e` is `P of X` with a reading `P`.
fn reader_of(env: &Env, bound: &[String], e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Of(p, _) if reads(env, bound, p))
}

fn reads(env: &Env, bound: &[String], p: &Expr) -> bool {
    matches!(&p.kind, ExprKind::Name(n, _) if reads_value(env, bound, n))
}

/// Moves `filters` below every reading `P of` at the head of `e`: `owner of cards of p
/// where x` narrows `cards of p`.
fn push_down(env: &Env, bound: &[String], e: Expr, filters: Vec<Filter>) -> Expr {
    let Expr { kind, span } = e;
    match kind {
        ExprKind::Of(p, x) if reads(env, bound, &p) => {
            let x = push_down(env, bound, *x, filters);
            let span = span.start..x.span.end.max(span.end);
            Expr { kind: ExprKind::Of(p, Box::new(x)), span }
        }
        kind => {
            let end = filters.last().map_or(span.end, |f| f.span.end);
            let inner = Expr { kind, span: span.clone() };
            Expr { kind: ExprKind::Select { quantity: None, base: Box::new(inner), filters }, span: span.start..end }
        }
    }
}
