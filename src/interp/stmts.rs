//! The expressions of statements that only read, compiled (`fast.rs`): the conditions of
//! `require` and `if`, the values of `let` and `set`, and an effect's numbers and the
//! players of its clauses (`add N points to P`), in every script of the rules.
//! A play's guards are tested compiled before its trial (`pure.rs`); the same `require`s,
//! when the play runs, and the tests and values of the statements that follow went
//! through the general evaluator.
//!
//! They are kept by the address of their expression in the rules' scripts (which do not
//! move while the rules live), so a statement finds its compiled form without the syntax
//! tree knowing of it. Invariant (`fast.rs`'s): a compiled expression gives the value and
//! counts the steps `eval` would; with coverage recorded, `eval` runs instead.

use crate::engine::{PlayerId, Value};
use crate::fxhash::FxHashMap;
use crate::syntax::ast::{ClauseKind, Effect, Expr, ExprKind, QuantityKind, Res, StmtKind};
use crate::syntax::visit;

use super::fast::Fx;
use super::rules::{Body, Head, Rules, Script};
use super::{Ctx, Interp, R};

/// Every script of the rules (a script shared by several places is listed once each).
fn scripts(rules: &Rules) -> Vec<&Script> {
    let mut out: Vec<&Script> = vec![];
    let abilities = rules.cards.iter().flat_map(|c| &c.abilities);
    let abilities = abilities.chain(rules.factions.iter().flat_map(|f| &f.abilities)).chain(&rules.abilities);
    for a in abilities {
        out.extend(a.cost.iter().chain(&a.effect));
        if let Head::Static(s) = &a.head {
            out.push(s);
        }
    }
    out.extend(rules.cards.iter().filter_map(|c| c.play.as_ref()));
    for f in &rules.factions {
        out.extend(f.phases.values().chain(f.starts.values()).chain(&f.setup));
    }
    for p in rules.proc_list.iter().chain(&rules.keyword_list).flatten() {
        if let Body::Script(s) = &p.body {
            out.push(s);
        }
    }
    for p in &rules.phases {
        out.extend(p.start.iter().chain(&p.end));
    }
    out.extend(rules.play.iter().chain(&rules.setup).chain(&rules.match_after));
    out
}

/// The expressions of an effect read with `stmt_value`: a counted object's number
/// (`amount`), and the `to`/`from`/`for` clauses that name a counter's holder or the
/// players who draw (`counter_effect`, `beneficiaries`).
/// `one` is told which are numbers counted (`true`).
fn effect_exprs(e: &Effect, one: &mut impl FnMut(&Expr, bool)) {
    for o in &e.objects {
        if let ExprKind::Select { quantity: Some(q), .. } = &o.kind {
            if let QuantityKind::Exactly(n) = &q.kind {
                one(n, true);
            }
        }
    }
    for c in &e.clauses {
        if let ClauseKind::To(x) | ClauseKind::From(x) | ClauseKind::For(x) = &c.kind {
            one(x, false);
        }
    }
}

/// The address an expression is kept by.
fn key(e: &Expr) -> usize {
    e as *const Expr as usize
}

/// The address a compiled effect (a move, a counter change, a reveal, a draw) is kept by:
/// the syntax tree does not know of its compiled form.
pub(super) fn effect_key(e: &Effect) -> usize {
    e as *const Effect as usize
}

/// What the statements of the rules' scripts compile to, kept by address: the
/// expressions that only read, the typed form of the numbers effects count (`add N C`,
/// `draw N`), the moves (`moves.rs`) and the counter changes (`tallies.rs`).
#[derive(Debug, Default)]
pub(super) struct Compiled {
    pub(super) exprs: FxHashMap<usize, Fx>,
    pub(super) ints: FxHashMap<usize, super::typed::Tv>,
    pub(super) moves: super::moves::Moves,
    pub(super) tallies: super::tallies::Tallies,
    pub(super) reveals: super::reveals::Reveals,
    pub(super) draws: super::draws::Draws,
}

/// Compiles the statements of every script: the expressions that only read, the numbers
/// effects count that have a typed form, and the moves and counter changes of the
/// shapes `moves.rs` and `tallies.rs` read.
pub(super) fn compile(rules: &Rules) -> Compiled {
    let mut out = Compiled::default();
    for s in scripts(rules) {
        visit::block_stmts(&s.block, &mut |st| {
            let (exprs, ints) = (&mut out.exprs, &mut out.ints);
            let mut one = |e: &Expr, counted: bool| {
                if let Some(fx) = super::fast::compile(rules, e) {
                    if let Some(t) = counted.then(|| super::typed::operand_of(rules, &fx)).flatten() {
                        ints.insert(key(e), t);
                    }
                    exprs.insert(key(e), fx);
                }
            };
            match &st.kind {
                StmtKind::Require { cond, .. } | StmtKind::If { cond, .. } => one(cond, false),
                StmtKind::Let { value, .. } => one(value, false),
                StmtKind::Set { value, .. } => {
                    // Counted: a counter's new value has a typed form (`compiled_set`).
                    one(value, true);
                    out.tallies.set(rules, st);
                }
                StmtKind::Effect(e) => {
                    effect_exprs(e, &mut one);
                    if let Some(m) = super::moves::compile(rules, e) {
                        out.moves.insert(effect_key(e), m);
                    }
                    if let Some(r) = super::reveals::compile(rules, e) {
                        out.reveals.insert(effect_key(e), r);
                    }
                    if let Some(d) = super::draws::compile(rules, e) {
                        out.draws.insert(effect_key(e), d);
                    }
                    out.tallies.effect(rules, e);
                }
                StmtKind::LetEffect { effect: e, .. } => effect_exprs(e, &mut one),
                _ => {}
            }
        });
    }
    out
}

impl Interp<'_> {
    /// A number an effect counts, as `int` of `stmt_value` reads it: typed when it has a
    /// typed form, with no `Value` made (debug builds compare it with the checked path:
    /// the same number, the same steps).
    pub(super) fn stmt_int(&mut self, e: &Expr, cx: &mut Ctx) -> R<i64> {
        self.stmt_number(e, false, cx)
    }

    /// `stmt_int`, the value's first read when `first` (`set C to X`: `set` reads the
    /// first of a list).
    #[inline(always)]
    pub(super) fn stmt_number(&mut self, e: &Expr, first: bool, cx: &mut Ctx) -> R<i64> {
        let read = |me: &mut Self, v: Value, cx: &mut Ctx| {
            let v = if first { super::select::first(v) } else { v };
            me.int(&v, e, cx)
        };
        // A number written out is read as it is, not looked up.
        if let ExprKind::Int(i) = e.kind {
            return self.written_int(i, e, cx);
        }
        let rules: &Rules = self.rules;
        if self.coverage.is_none() && !rules.stmts.ints.is_empty() {
            if let Some(t) = rules.stmts.ints.get(&key(e)) {
                let checked = |me: &mut Self, cx: &mut Ctx| me.stmt_value(e, cx).and_then(|v| read(me, v, cx));
                if let Some(n) = self.typed_or_back(cx, |me, cx| me.typed_int(t, cx), checked) {
                    return Ok(n);
                }
            }
        }
        let v = self.stmt_value(e, cx)?;
        read(self, v, cx)
    }

    /// The value of a statement's expression: compiled, or by `eval`.
    pub(super) fn stmt_value(&mut self, e: &Expr, cx: &mut Ctx) -> R<Value> {
        let rules: &Rules = self.rules;
        // A number written out (`set n to 0`) is read as it is, not looked up.
        if self.coverage.is_none() && !rules.stmts.exprs.is_empty() && !matches!(e.kind, ExprKind::Int(_)) {
            if let Some(fx) = rules.stmts.exprs.get(&key(e)) {
                return self.fast_checked(fx, cx);
            }
        }
        self.eval(e, cx)
    }

    /// `truth` of `stmt_value` of a condition (`require`, `if`): a typed condition gives
    /// its truth without a `Value` made.
    #[inline(always)]
    pub(super) fn stmt_truth(&mut self, e: &Expr, cx: &mut Ctx) -> R<bool> {
        let rules: &Rules = self.rules;
        if self.coverage.is_none() && !rules.stmts.exprs.is_empty() {
            if let Some(fx) = rules.stmts.exprs.get(&key(e)) {
                return self.fast_truth_checked(fx, cx);
            }
        }
        let v = self.eval(e, cx)?;
        self.truth(&v, e, cx)
    }

    /// `truth` of `fast_checked` of a condition: its typed form answers first, with no
    /// `Value` made (debug builds also take the checked path and compare: the same truth,
    /// the same steps).
    #[inline(always)]
    pub(super) fn fast_truth_checked(&mut self, fx: &Fx, cx: &mut Ctx) -> R<bool> {
        if let Some(t) = fx.typed() {
            let checked =
                |me: &mut Self, cx: &mut Ctx| me.fast_checked(fx, cx).and_then(|v| me.truth(&v, fx.expr(), cx));
            if let Some(b) = self.typed_or_back(cx, |me, cx| me.typed(t, cx), checked) {
                return Ok(b);
            }
        }
        let v = self.fast_checked(fx, cx)?;
        self.truth(&v, fx.expr(), cx)
    }

    /// What a typed read (`typed`) gives, or `None`, its steps taken back, when it gives
    /// up. Debug builds read it `checked` too, from the same count, and compare: the same
    /// answer, the same steps.
    fn typed_or_back<T: PartialEq + std::fmt::Debug>(
        &mut self,
        cx: &mut Ctx,
        typed: impl FnOnce(&mut Self, &mut Ctx) -> Option<T>,
        _checked: impl FnOnce(&mut Self, &mut Ctx) -> R<T>,
    ) -> Option<T> {
        let mark = self.steps.mark();
        #[cfg(debug_assertions)]
        let before = self.steps;
        let Some(x) = typed(self, cx) else {
            self.steps.rewind(mark);
            return None;
        };
        #[cfg(debug_assertions)]
        {
            let after = self.steps;
            self.steps = before;
            let checked = _checked(self, cx);
            debug_assert_eq!(checked.ok().as_ref(), Some(&x), "a typed read differs from the checked one");
            debug_assert_eq!(self.steps.taken(), after.taken(), "a typed read counts other steps");
            self.steps = after;
        }
        Some(x)
    }

    /// `players` named alone (`for each p in players`, `as players`): the seated players
    /// as `eval` lists them, with the name's one step, put in `seats` (no list made), and
    /// how many. `None`, having done nothing, for any other expression (or with coverage
    /// recorded, or more players than `seats` holds).
    #[inline(always)]
    pub(super) fn named_seated(&mut self, e: &Expr, seats: &mut Seats, cx: &Ctx) -> Option<R<usize>> {
        let ExprKind::Name(_, Res::Global(i)) = e.kind else { return None };
        if self.coverage.is_some() || !self.rules.names_players(i) {
            return None;
        }
        let mut n = 0;
        for p in self.seated_iter() {
            *seats.get_mut(n)? = p;
            n += 1;
        }
        #[cfg(debug_assertions)]
        let start = self.steps;
        let out = self.tick().map(|()| n).map_err(|mut h| {
            h.place(&e.span, cx);
            h
        });
        #[cfg(debug_assertions)]
        if out.is_ok() {
            // From the same count: the players `eval` lists, with the same steps.
            let after = self.steps;
            self.steps = start;
            let listed = self.eval(e, &mut cx.clone()).and_then(|v| self.players(&v));
            debug_assert_eq!(listed.ok().as_deref(), Some(&seats[..n]), "named_seated reads other players than eval");
            debug_assert_eq!(self.steps.taken(), after.taken(), "named_seated counts other steps than eval");
            self.steps = after;
        }
        Some(out)
    }

    /// The players `e` gives (`as P`): `players` named alone read into `seats`
    /// (`named_seated`), anything else evaluated into `listed`.
    pub(super) fn players_in<'a>(
        &mut self,
        e: &Expr,
        seats: &'a mut Seats,
        listed: &'a mut Vec<PlayerId>,
        cx: &mut Ctx,
    ) -> R<&'a [PlayerId]> {
        match self.named_seated(e, seats, cx) {
            Some(n) => Ok(&seats[..n?]),
            None => {
                let v = self.eval(e, cx)?;
                *listed = self.players(&v)?;
                Ok(listed)
            }
        }
    }
}

/// Room for the seated players `named_seated` reads.
pub(super) type Seats = [PlayerId; 16];
