//! Counter changes compiled once: `add N C` / `remove N C` (also `gain`, `spend`,
//! `lose`), with no clause or one `to`/`from`/`for` naming the holder, and `set C to X`,
//! for a counter `C` kept on the game or on players. What `counted`, the clause search,
//! the holder's kind and the counter's id give (`effects.rs` `counter_effect`,
//! `exec.rs` `set`) is read when the rules are compiled; a change runs the same helpers
//! from there on, in the same order (`amount`, `stmt_value`, `holder_kept`,
//! `change_counter`, `set_counter`).
//!
//! Kept in the statement's compiled form (`stmts.rs` `Code`), as moves are.
//!
//! Invariant: a compiled change does what the general path does, with the same steps
//! and errors. Before it counts anything it checks what the general path would refuse
//! for a reason of its own (no acting player for a counter kept on players; a
//! prohibition that may apply): then it does nothing and the general path runs. A
//! prohibition made while its amount or holder is worked out (a procedure that runs
//! `forbid`) is asked where the general path asks it, before the counter changes.

use crate::engine::{CounterId, Holder, Value};
use crate::load::CounterOn;
use crate::syntax::ast::*;

use super::rules::Rules;
use super::stmts::{Code, EffectCode};
use super::{Ctx, Interp, R};

/// A counter change compiled once.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tally {
    id: CounterId,
    on: CounterOn,
    /// `add`, `gain` (else the verbs that take away).
    add: bool,
    /// The verb, as events and refusals name it.
    verb: &'static str,
    /// Whether a `to`/`from`/`for` clause names the holder (else the default one).
    named: bool,
}

/// A compiled counter, if it is kept on the game or on players.
fn kept_on_game_or_players(c: (CounterId, CounterOn)) -> Option<(CounterId, CounterOn)> {
    matches!(c.1, CounterOn::Game | CounterOn::Player).then_some(c)
}

/// `e` compiled, if it changes a counter in a shape above.
pub(super) fn effect(rules: &Rules, e: &Effect) -> Option<Tally> {
    let add = match e.verb {
        Verb::Add | Verb::Gain => true,
        Verb::Remove | Verb::Spend | Verb::Lose => false,
        _ => return None,
    };
    let [o] = &e.objects[..] else { return None };
    // `C`, `a C` or `N C`, with no filter.
    let c = super::effects::counted(rules, o).filter(|c| c.filters.is_empty())?;
    let (id, on) = kept_on_game_or_players(c.counter?)?;
    let named = match &e.clauses[..] {
        [] => false,
        [Clause { kind: ClauseKind::To(_) | ClauseKind::From(_) | ClauseKind::For(_), .. }] => true,
        _ => return None,
    };
    Some(Tally { id, on, add, verb: e.verb.as_str(), named })
}

/// The number an effect's object counts (`N points`), if it counts one.
pub(super) fn amount_of(e: &Effect) -> Option<&Expr> {
    match &e.objects.first()?.kind {
        ExprKind::Select { quantity: Some(q), .. } => match &q.kind {
            QuantityKind::Exactly(n) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

/// The counter of `set C to X` (no `of`, no duration), compiled.
pub(super) fn set(rules: &Rules, s: &Stmt) -> Option<(CounterId, CounterOn)> {
    let StmtKind::Set { target: None, duration: None, res, .. } = &s.kind else { return None };
    kept_on_game_or_players(super::effects::compiled_counter(rules, *res)?)
}

impl<'r> Interp<'r> {
    /// Whether `e`, a compiled `spend N C` (or `remove`, `lose`) of the acting player
    /// `you`'s own counter, `N` written out (or none: one), would take the counter below
    /// its least (`change_counter` refuses it), with the verb a prohibition would name;
    /// `None` for any other effect.
    pub(super) fn spend_short(
        &self,
        (code, e): (Option<&EffectCode>, &Effect),
        you: crate::engine::PlayerId,
    ) -> Option<(bool, &'static str)> {
        let Some(&EffectCode::Tally(t)) = code else { return None };
        if t.add || t.named || t.on != CounterOn::Player {
            return None;
        }
        let n = match super::effects::counted(self.rules, &e.objects[0])?.n.map(|x| &x.kind) {
            None => 1,
            Some(ExprKind::Int(n)) => (*n).max(0),
            Some(_) => return None,
        };
        let s = &self.w.state;
        let now = s.counter_at(t.id, Holder::Player(you)).saturating_sub(n);
        let b = s.counters.bounds(t.id);
        Some((!b.clamp && b.min.is_some_and(|m| now < m), t.verb))
    }

    /// Runs `e` as its compiled counter change; `None`, having done nothing, where it
    /// has none or the general path must run (see the module's invariant).
    #[inline(never)]
    pub(super) fn compiled_tally(&mut self, t: Tally, code: &'r Code, e: &Effect, cx: &mut Ctx) -> Option<R<()>> {
        if self.may_forbid() || (!t.named && t.on == CounterOn::Player && cx.you.is_none()) {
            return None;
        }
        // As `effect`: nothing arrives turned while the counter changes (an ability that
        // answers the change may move things).
        let saved = self.arriving_face.take();
        let out = self.tally(e, code, t, cx);
        self.arriving_face = saved;
        Some(out)
    }

    /// What `counter_effect` does once its counter is known. The amount is read as
    /// `amount` reads it, through its compiled forms kept with the statement (`code`).
    fn tally(&mut self, e: &Effect, code: &'r Code, t: Tally, cx: &mut Ctx) -> R<()> {
        let n = self.amount_with(amount_of(e), Some(code), cx)?;
        let h = match (&e.clauses[..], t.on) {
            ([Clause { kind: ClauseKind::To(x) | ClauseKind::From(x) | ClauseKind::For(x), .. }], _) => {
                let v = self.stmt_value(x, cx)?;
                let name = self.w.state.counters.name(t.id);
                match v {
                    Value::Player(_) | Value::Ent(_) => self.holder_kept(&v, name, Some(t.on))?,
                    // Several holders: the general path, from here on, is `counter_effect`'s.
                    _ => return self.tally_each(&v, n, t, cx),
                }
            }
            (_, CounterOn::Player) => Holder::Player(cx.you.unwrap_or_default()),
            _ => Holder::Game,
        };
        self.tally_allowed(t, cx)?;
        self.tally_one(h, n, t, cx)
    }

    /// The prohibitions `counter_effect` asks once the holders are known: the amount or
    /// the holder may have run a procedure that forbids the change (`forbid`), which the
    /// check before the change began could not see.
    #[inline(always)]
    fn tally_allowed(&mut self, t: Tally, cx: &Ctx) -> R<()> {
        if self.may_forbid() {
            let name = self.w.state.counters.name(t.id);
            self.allowed(t.verb, cx.you, Some(&Value::Sym(name.into())), None)?;
        }
        Ok(())
    }

    /// `tally` for each holder of a list (`add 1 vp to players`).
    fn tally_each(&mut self, v: &Value, n: i64, t: Tally, cx: &mut Ctx) -> R<()> {
        let name = self.w.state.counters.name(t.id).to_string();
        let mut holders = vec![];
        for x in self.things(v)? {
            holders.push(self.holder_kept(&x, &name, Some(t.on))?);
        }
        self.tally_allowed(t, cx)?;
        for h in holders {
            self.tally_one(h, n, t, cx)?;
        }
        Ok(())
    }

    /// One holder's counter changed by `n`.
    fn tally_one(&mut self, h: Holder, n: i64, t: Tally, cx: &mut Ctx) -> R<()> {
        let cur = self.w.state.counter_at(t.id, h);
        let now = if t.add { cur.saturating_add(n) } else { cur.saturating_sub(n) };
        self.change_counter(t.verb, t.id, h, now, if t.add { n } else { n.saturating_neg() }, cx)
    }

    /// Runs `set C to value` as its compiled form; `None`, having done nothing, where it
    /// has none or the general path must run.
    #[inline(never)]
    pub(super) fn compiled_set(&mut self, code: Option<&'r Code>, value: &Expr, cx: &mut Ctx) -> Option<R<()>> {
        let code = code?;
        let (id, on) = code.set?;
        let h = match on {
            CounterOn::Player => Holder::Player(cx.you?),
            _ => Holder::Game,
        };
        let forms = (|_: &Self| code.fx.as_ref(), code.int.as_ref());
        Some(self.number_with(value, forms, true, cx).and_then(|n| self.set_counter("set", id, h, n, cx)))
    }
}
