//! The expressions of statements that only read, compiled (`fast.rs`): the conditions of
//! `require` and `if`, the values of `let` and `set`, and an effect's numbers and the
//! players of its clauses (`add N points to P`), in every script of the rules.
//! A play's guards are tested compiled before its trial (`pure.rs`); the same `require`s,
//! when the play runs, and the tests and values of the statements that follow went
//! through the general evaluator.
//!
//! Each statement that compiles gets a number (`Stmt::no`) when the rules are compiled,
//! and its compiled forms (`Code`: its expression, a counter it sets, its effect's
//! move, reveal, draw or counter change) are at that index of one table, which checks
//! the statement's address: running a statement finds them by index, with no search.
//! A compiled counter change keeps its amount's forms there too; the expressions of the
//! other effects' clauses and amounts, read deeper in, are kept by their address. Invariant (`fast.rs`'s): a compiled expression gives the value and counts the
//! steps `eval` would; with coverage recorded, `eval` runs instead.

use crate::engine::CounterId;
use crate::engine::{PlayerId, Value};
use crate::fxhash::FxHashMap;
use crate::load::CounterOn;
use crate::syntax::ast::{
    Call, CallKind, Callee, ClauseKind, Effect, Expr, ExprKind, QuantityKind, Res, Stmt, StmtKind, Verb,
};
use crate::syntax::visit;

use super::closures::IntForm;
use super::fast::Fx;
use super::rules::{Body, Head, Rules, Script};
use super::{Ctx, Interp, R};

/// Every script of the rules (a script shared by several places is listed once each).
pub(super) fn scripts(rules: &Rules) -> Vec<&Script> {
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

/// What the statements of the rules' scripts compile to. Each statement that compiles
/// has its `Code` at its number (`Stmt::no`); the expressions of an effect's clauses and
/// amounts, read deeper in, are kept by their address.
#[derive(Debug, Default)]
pub(super) struct Compiled {
    /// The compiled statements, by number.
    code: Vec<Code>,
    pub(super) exprs: FxHashMap<usize, Fx>,
    pub(super) ints: FxHashMap<usize, IntForm>,
    /// The turn order (`turn: order:`), when it is a seat order read in place.
    pub(super) order: Option<super::seat_forms::SeatForm>,
    /// The questions after which nothing can refuse, by address, with the steps what
    /// follows may take at most (`last_question.rs`).
    pub(super) last_questions: FxHashMap<usize, usize>,
}

/// What one statement compiles to.
#[derive(Debug, Default)]
pub(super) struct Code {
    /// The statement's address: the entry is this statement's (a statement numbered by
    /// other rules, or a copy, finds another entry or none, and runs the general path).
    at: usize,
    /// The expression it reads, compiled: the condition of `require` and `if`, the value
    /// of `let` and `set`, the amount of a compiled counter change (none for a number
    /// written out, which is read as it is).
    pub(super) fx: Option<Fx>,
    /// The typed form of `set`'s value or of a counter change's amount, as a number.
    pub(super) int: Option<IntForm>,
    /// `set C to X` of a counter kept on the game or on players (`compiled_set`).
    pub(super) set: Option<(CounterId, CounterOn)>,
    /// Its effect's compiled form.
    pub(super) effect: Option<EffectCode>,
    /// A call of a procedure whose body is statements, with no arguments: its index in
    /// `Rules::proc_list` (`exec` calls it plainly where it may).
    pub(super) plain_call: Option<u32>,
    /// What `for each` goes over, when it is a seat order read in place (`seat_forms.rs`).
    pub(super) seats: Option<super::seat_forms::SeatForm>,
}

/// The compiled form of an effect statement (the verb says which one it can have).
#[derive(Debug)]
pub(super) enum EffectCode {
    Move(super::moves::Move),
    Reveal(super::reveals::Reveal),
    Draw(super::draws::Draw),
    Tally(super::tallies::Tally),
}

impl Compiled {
    /// The compiled form of `s`, if these rules compiled it. The number is kept in the
    /// syntax tree, which each compile of the rules parses anew: were two rules ever to
    /// share a tree, the later compile would renumber it and the earlier rules would find
    /// the address differ and run the general path, slower but right.
    #[inline(always)]
    pub(super) fn code(&self, s: &Stmt) -> Option<&Code> {
        self.code.get(s.no.get() as usize).filter(|c| c.at == s as *const Stmt as usize)
    }

    /// The compiled effect of `s`, if it has one.
    #[inline(always)]
    pub(super) fn effect(&self, s: &Stmt) -> Option<&EffectCode> {
        self.code(s)?.effect.as_ref()
    }
}

/// Compiles the statements of every script: the expressions that only read, the numbers
/// effects count that have a typed form, and the moves, reveals, draws and counter
/// changes of the shapes `moves.rs`, `reveals.rs`, `draws.rs` and `tallies.rs` read.
pub(super) fn compile(rules: &Rules) -> Compiled {
    let order = rules.order.as_ref().and_then(|o| super::seat_forms::compile(rules, &o.expr));
    let last_questions = super::last_question::compile(rules);
    let mut out = Compiled { order, last_questions, ..Compiled::default() };
    for s in scripts(rules) {
        visit::block_stmts(&s.block, &mut |st| {
            // A script shared by several places is compiled once.
            if out.code(st).is_some() {
                return;
            }
            let (exprs, ints) = (&mut out.exprs, &mut out.ints);
            let mut one = |e: &Expr, counted: bool| {
                if let Some(fx) = super::fast::compile(rules, e) {
                    if let Some(t) = counted.then(|| super::typed_form::operand_of(rules, &fx)).flatten() {
                        ints.insert(key(e), IntForm::of(t));
                    }
                    exprs.insert(key(e), fx);
                }
            };
            let mut code = Code { at: st as *const Stmt as usize, ..Code::default() };
            // The statement's own expression: written out, a number is read as it is.
            let own = |e: &Expr| match e.kind {
                ExprKind::Int(_) => None,
                _ => super::fast::compile(rules, e),
            };
            match &st.kind {
                StmtKind::Require { cond: e, .. } | StmtKind::If { cond: e, .. } | StmtKind::Let { value: e, .. } => {
                    code.fx = own(e);
                }
                StmtKind::Set { value, .. } => {
                    code.fx = own(value);
                    // Counted: a counter's new value has a typed form (`compiled_set`).
                    code.int =
                        code.fx.as_ref().and_then(|fx| super::typed_form::operand_of(rules, fx)).map(IntForm::of);
                    code.set = super::tallies::set(rules, st);
                }
                StmtKind::Effect(e) => {
                    effect_exprs(e, &mut one);
                    code.effect = effect_code(rules, e);
                    // A counter change's amount, compiled, found with the statement
                    // (`compiled_tally`) rather than by its address.
                    if let (Some(EffectCode::Tally(_)), Some(n)) = (&code.effect, super::tallies::amount_of(e)) {
                        code.fx = own(n);
                        code.int =
                            code.fx.as_ref().and_then(|fx| super::typed_form::operand_of(rules, fx)).map(IntForm::of);
                    }
                }
                StmtKind::LetEffect { effect: e, .. } => effect_exprs(e, &mut one),
                StmtKind::Call(c) => code.plain_call = plain_call(rules, c),
                StmtKind::ForEach { over, .. } => code.seats = super::seat_forms::compile(rules, over),
                _ => {}
            }
            let any = code.fx.is_some() || code.set.is_some() || code.effect.is_some();
            if any || code.plain_call.is_some() || code.seats.is_some() {
                st.no.set(out.code.len() as u32);
                out.code.push(code);
            }
        });
    }
    out
}

/// The procedure `c` calls, if it is a call of a procedure whose body is statements,
/// with no arguments.
fn plain_call(rules: &Rules, c: &Call) -> Option<u32> {
    let (Callee::Proc(i), [], CallKind::Function) = (c.callee, &c.args[..], c.kind) else { return None };
    let def = rules.callee(super::Running { keyword: false, index: i })?;
    matches!(def.body, Body::Script(_)).then_some(i)
}

/// The compiled form of an effect, if it has one of the shapes the modules read.
fn effect_code(rules: &Rules, e: &Effect) -> Option<EffectCode> {
    match e.verb {
        Verb::Move => super::moves::compile(rules, e).map(EffectCode::Move),
        Verb::Reveal => super::reveals::compile(rules, e).map(EffectCode::Reveal),
        Verb::Draw => super::draws::compile(rules, e).map(EffectCode::Draw),
        _ => super::tallies::effect(rules, e).map(EffectCode::Tally),
    }
}

impl<'r> Interp<'r> {
    /// A number an effect counts, as `int` of `stmt_value` reads it: typed when it has a
    /// typed form, with no `Value` made (debug builds compare it with the checked path:
    /// the same number, the same steps).
    pub(super) fn stmt_int(&mut self, e: &Expr, cx: &mut Ctx) -> R<i64> {
        self.stmt_number(e, false, cx)
    }

    /// How many an effect counts (`add 2 coins`, `draw n`); 1 when it names no number.
    pub(super) fn amount(&mut self, n: Option<&Expr>, cx: &mut Ctx) -> R<i64> {
        self.amount_with(n, None, cx)
    }

    /// `amount`, its number read through the compiled forms its statement keeps (`code`:
    /// a compiled counter change's), else through those kept by its address.
    pub(super) fn amount_with(&mut self, n: Option<&Expr>, code: Option<&'r Code>, cx: &mut Ctx) -> R<i64> {
        let n = match (n, code) {
            (Some(e), Some(c)) => self.number_with(e, (|_: &Self| c.fx.as_ref(), c.int.as_ref()), false, cx)?,
            (Some(e), None) => self.stmt_int(e, cx)?,
            (None, _) => return Ok(1),
        };
        // One meaning in every verb (LANGUAGE.md 14): an amount below zero counts as
        // none, so `add n coins` never takes coins away, nor `remove n` adds them.
        Ok(n.max(0))
    }

    /// `stmt_int`, the value's first read when `first` (`set C to X`: `set` reads the
    /// first of a list).
    #[inline(always)]
    pub(super) fn stmt_number(&mut self, e: &Expr, first: bool, cx: &mut Ctx) -> R<i64> {
        // A number written out is read as it is, not looked up.
        if let ExprKind::Int(i) = e.kind {
            return self.written_int(i, e, cx);
        }
        let rules: &'r Rules = self.rules;
        let typed =
            if self.coverage.is_none() && !rules.stmts.ints.is_empty() { rules.stmts.ints.get(&key(e)) } else { None };
        self.number_with(e, (|me: &Self| me.clause_fx(e), typed), first, cx)
    }

    /// `stmt_number` of `e` whose typed form as a number, `typed`, is found already; `fx`
    /// finds the value's compiled form, asked only when the typed form gives up.
    #[inline(always)]
    pub(super) fn number_with(
        &mut self,
        e: &Expr,
        (fx, typed): (impl Fn(&Self) -> Option<&'r Fx>, Option<&IntForm>),
        first: bool,
        cx: &mut Ctx,
    ) -> R<i64> {
        let read = |me: &mut Self, v: Value, cx: &mut Ctx| {
            let v = if first { super::select::first(v) } else { v };
            me.int(&v, e, cx)
        };
        // A number written out is read as it is, not looked up.
        if let ExprKind::Int(i) = e.kind {
            return self.written_int(i, e, cx);
        }
        if let Some(IntForm { tv: t, closure }) = typed.filter(|_| self.coverage.is_none()) {
            if let Some(n) = closure.as_ref().and_then(|c| self.closure_int(c, t, cx)) {
                return Ok(n);
            }
            let checked = |me: &mut Self, cx: &mut Ctx| me.value_with(e, fx(me), cx).and_then(|v| read(me, v, cx));
            if let Some(n) = self.typed_or_back(cx, |me, cx| me.typed_int(t, cx), checked) {
                return Ok(n);
            }
        }
        let v = self.value_with(e, fx(self), cx)?;
        read(self, v, cx)
    }

    /// The compiled form of an expression of an effect's clause or amount, if it has one
    /// and it is to be read (coverage records every node through `eval`).
    #[inline(always)]
    fn clause_fx(&self, e: &Expr) -> Option<&'r Fx> {
        let rules: &'r Rules = self.rules;
        // A number written out (`set n to 0`) is read as it is, not looked up.
        if self.coverage.is_none() && !rules.stmts.exprs.is_empty() && !matches!(e.kind, ExprKind::Int(_)) {
            return rules.stmts.exprs.get(&key(e));
        }
        None
    }

    /// The value of an expression of an effect's clause or amount: compiled, or by `eval`.
    pub(super) fn stmt_value(&mut self, e: &Expr, cx: &mut Ctx) -> R<Value> {
        self.value_with(e, self.clause_fx(e), cx)
    }

    /// The value of `e`, by its compiled form `fx` if it has one (and coverage is not
    /// recorded), else by `eval`.
    #[inline(always)]
    pub(super) fn value_with(&mut self, e: &Expr, fx: Option<&Fx>, cx: &mut Ctx) -> R<Value> {
        match fx {
            Some(fx) if self.coverage.is_none() => self.fast_checked(fx, cx),
            _ => self.eval(e, cx),
        }
    }

    /// `truth` of `value_with` of a condition (`require`, `if`): a typed condition gives
    /// its truth without a `Value` made.
    #[inline(always)]
    pub(super) fn truth_with(&mut self, e: &Expr, fx: Option<&Fx>, cx: &mut Ctx) -> R<bool> {
        match fx {
            Some(fx) if self.coverage.is_none() => self.fast_truth_checked(fx, cx),
            _ => {
                let v = self.eval(e, cx)?;
                self.truth(&v, e, cx)
            }
        }
    }

    /// `truth` of `fast_checked` of a condition: its typed form answers first, with no
    /// `Value` made (debug builds also take the checked path and compare: the same truth,
    /// the same steps).
    #[inline(always)]
    pub(super) fn fast_truth_checked(&mut self, fx: &Fx, cx: &mut Ctx) -> R<bool> {
        if let Some(b) = self.closure_truth(fx, cx) {
            return Ok(b);
        }
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
            self.same_players_as_eval(e, start, &seats[..n], cx);
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
