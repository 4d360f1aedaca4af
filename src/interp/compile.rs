//! Compiling checked scripts: every name the checker resolved to a game's or the
//! language's definition is turned into its index in the checker's name table
//! (`ast::Res::Global`), so evaluating it neither hashes nor compares strings. The
//! checker's `Env` stays the one source of truth: the index is `Env::index_of`.
//!
//! Invariant: a name is compiled as global only if nothing can bind it while the script
//! runs — no `let` or `for each` of the script binds it, no procedure or keyword has a
//! parameter of that name (a procedure's body and a `uses` trigger see those bound), and
//! it is not `it`. Debug builds assert at every evaluation that no binding hides it.

use std::sync::Arc;

use crate::check::env::Env;
use crate::fxhash::FxHashSet;
use crate::syntax::ast::{Block, Expr, ExprKind, Res};
use crate::syntax::visit;

/// Resolves the names of one game's scripts.
pub(super) struct Resolver<'e> {
    env: &'e Env,
    /// Names some procedure or keyword binds as a parameter.
    params: FxHashSet<&'e str>,
}

impl<'e> Resolver<'e> {
    /// A resolver over a game's names.
    pub(super) fn new(env: &'e Env) -> Self {
        Resolver { env, params: env.param_names().collect() }
    }

    /// Resolves the names of a script.
    pub(super) fn block(&self, b: &mut Block) {
        let mut bound = vec![];
        visit::bound_names(b, &mut bound);
        visit::block_exprs_mut(b, &mut |e| self.name(e, &bound));
    }

    /// Resolves the names of an expression (a condition or a value).
    pub(super) fn expr(&self, e: &mut Expr) {
        visit::expr_mut(e, &mut |x| self.name(x, &[]));
    }

    fn name(&self, e: &mut Expr, bound: &[String]) {
        let ExprKind::Name(n, res) = &mut e.kind else { return };
        if n == "it" || self.params.contains(n.as_str()) || bound.iter().any(|b| b == n) {
            return;
        }
        if let Some(i) = self.env.index_of(n) {
            *res = Res::Global(i);
        }
    }
}

/// Every canonical name of a game as a shared string, by index, so a name that stands
/// for itself (an enum value, a phase, a side) evaluates to a copy of a pointer.
pub(super) fn symbols(env: &Env) -> Vec<Arc<str>> {
    (0..env.len() as u32).filter_map(|i| env.entry(i)).map(|(k, _)| Arc::from(k)).collect()
}
