//! Guards: the `require`s a `play:` script opens with whose conditions only read the
//! state, an activated ability's `requires:`, and a cost that opens with `exhaust this`
//! of a card already exhausted, or then spends more than the player has
//! (`cost_refused`). A sampling agent draws actions at random, and most plays it draws
//! are refused by those first lines (a card that does not match the one on top), as are
//! many uses (a pass not allowed yet); the trial of each copies the world, logs the pick,
//! announces the play or use and undoes it all.
//! Testing the guards alone first refuses the same actions without any of that
//! (`Interp::guarded_out`).
//! `reads_only` says which conditions `fast.rs` may compile, the guards among them.
//!
//! Invariant: `guarded_out` says `true` only where the trial would have been refused,
//! changing nothing the trial would not have undone. It reads what the trial reads when
//! it reaches its guards: the same acting player and `this`, the card counted as coming
//! into play. The trial's log entries (the pick, `playing`) are not there, and no
//! condition reads the log. Only its steps differ: a refusal found by a guard counts the
//! guard's steps, not the trial's.

use crate::check::env::FUNCTIONS;
use crate::engine::{EntId, Kind, PlayerId, Value};
use crate::syntax::ast::*;
use crate::syntax::visit;

use super::actions::{this_of, Action, Source};
use super::fast::Fx;
use super::ids::Ti;
use super::rules::{AbilityDef, Body, Head, Rules, Script};
use super::{Ctx, Interp};

/// How deep value procedures are followed before a condition is taken as not pure.
const DEPTH: u8 = 4;

/// Whether evaluating `e` only reads the state (see `reads`).
pub(super) fn reads_only(rules: &Rules, e: &Expr) -> bool {
    reads(rules, e, 0)
}

/// Whether evaluating `e` only reads: no choice, roll or random pick, and no
/// call but of built-ins and of value procedures that only read (followed `DEPTH` deep).
fn reads(rules: &Rules, e: &Expr, depth: u8) -> bool {
    let read = |x: &Expr| reads(rules, x, depth);
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Name(..) => true,
        ExprKind::You | ExprKind::This => true,
        ExprKind::Choose(_, _) | ExprKind::Roll(_) => false,
        ExprKind::List(items) => items.iter().all(read),
        ExprKind::Unary(_, x) | ExprKind::SeatOrder { from: x, .. } => read(x),
        ExprKind::Binary(_, a, b) | ExprKind::Of(a, b) => read(a) && read(b),
        ExprKind::Table { key, rows } => read(key) && rows.iter().all(|r| read(&r.value)),
        ExprKind::If { cond, then, otherwise } => read(cond) && read(then) && read(otherwise),
        ExprKind::Select { quantity, base, filters } => {
            let counted = match quantity.as_ref().map(|q| &q.kind) {
                Some(QuantityKind::Exactly(x) | QuantityKind::UpTo(x)) => read(x),
                Some(QuantityKind::Top(Some(x)) | QuantityKind::Bottom(Some(x))) => read(x),
                _ => true,
            };
            counted && read(base) && filters.iter().all(|f| visit::filter_arg(f).is_none_or(read))
        }
        ExprKind::Call(c) => {
            c.args.iter().all(read)
                && match c.callee {
                    Callee::Builtin(i) => FUNCTIONS.get(i as usize).is_some_and(|f| f.0 != "random"),
                    Callee::Proc(i) => {
                        depth < DEPTH && value_proc(rules, i).is_some_and(|v| reads(rules, v, depth + 1))
                    }
                    Callee::Keyword(_) | Callee::Unresolved => false,
                }
        }
    }
}

/// The expression of value procedure `i`, if it is one.
pub(super) fn value_proc(rules: &Rules, i: u32) -> Option<&Expr> {
    match rules.proc_list.get(i as usize)? {
        Some(def) => match &def.body {
            Body::Value(v) => Some(&v.expr),
            Body::Script(_) => None,
        },
        None => None,
    }
}

impl Interp<'_> {
    /// Whether `p` taking `a` is certainly refused before it does anything: a play one of
    /// its script's guards refuses, or a use its ability's `requires:` refuses. `false` when that cannot be told without the trial (no
    /// guard, a prohibition in force, a guard that raised an error, coverage being
    /// recorded). A card the trial refuses before its script (in play, another's) is
    /// refused either way: by its guards or by the trial.
    pub(super) fn guarded_out(&mut self, p: PlayerId, a: &Action) -> bool {
        let e = match *a {
            Action::Play(e) => e,
            Action::Use(src, Some(i)) => return self.required_out(p, src, i),
            _ => return false,
        };
        let Kind::Card(c) = self.w.state.ents[e].kind else { return false };
        let rules: &Rules = self.rules;
        let Some(script) = rules.play_script(c) else { return false };
        if script.guards.is_empty() || self.coverage.is_some() || self.may_forbid() {
            return false;
        }
        let mut cx = Ctx::placed(Some(p), Some(Value::Ent(e)), &script.text, &script.origin);
        self.depth += 1;
        let mark = self.steps.mark();
        // Read at once, the guards read nothing of the cards coming into play (ids,
        // counters, printed values: `closures.rs`), so the card is not put among them.
        let at_once = if script.guards_at_once { self.guards_at_once(&script.guards, &cx) } else { None };
        let (refused, held) = match at_once {
            Some(read) => {
                #[cfg(debug_assertions)]
                {
                    self.w.start_playing(e);
                    self.check_at_once(read, &script.guards, mark, &mut cx);
                    self.w.stop_playing(e);
                }
                read
            }
            None => {
                // As `play_entity` runs the script: the card is coming into play.
                self.w.start_playing(e);
                let read = self.guards_one_by_one(&script.guards, &mut cx);
                self.w.stop_playing(e);
                read
            }
        };
        self.depth -= 1;
        self.held = (held == script.guards.len()).then(|| Held {
            what: Guarded::Play(e),
            you: p,
            version: self.w.state.version(),
            steps: self.steps.mark() - mark,
        });
        refused
    }

    /// Whether the guards refuse, and how many held: each read in turn until one does not
    /// hold (a guard that raises an error stops them, refusing nothing: the trial raises
    /// it where it belongs).
    #[inline(always)]
    fn guards_one_by_one(&mut self, guards: &[Fx], cx: &mut Ctx) -> (bool, usize) {
        let mut held = 0;
        for fx in guards {
            let read = match fx.same_id() {
                Some(ids) => self.guard_ids(fx, ids, cx),
                None => self.fast_truth_checked(fx, cx),
            };
            match read {
                Ok(true) => held += 1,
                Ok(false) => return (true, held),
                Err(_) => break,
            }
        }
        (false, held)
    }

    /// `guards_one_by_one` where every guard is two ids compared or has a closure
    /// (`closures.rs`): the same answer, with all the guards' steps counted at once
    /// rather than a budget checked and a result matched at each. `None`, having counted
    /// nothing, where one of them gives up or the budget would run out among them.
    #[inline(always)]
    fn guards_at_once(&mut self, guards: &[Fx], cx: &Ctx) -> Option<(bool, usize)> {
        // Coverage, which `run_closure` also gives up for, is not recorded here.
        let mut acc = super::closures::Acc::default();
        let mut held = 0;
        for fx in guards {
            let holds = match fx.same_id() {
                Some((ne, ids, steps)) => {
                    acc.steps += steps;
                    self.ids_hold(ne, ids, cx)?
                }
                None => {
                    let c = fx.closure()?;
                    if self.printed_in_doubt(c.printed) {
                        return None;
                    }
                    (c.cl)(self, cx, &mut acc)?
                }
            };
            if !holds {
                break;
            }
            held += 1;
        }
        if self.steps.room() < acc.steps as i64 {
            return None;
        }
        self.steps.count(acc.steps);
        Some((held < guards.len(), held))
    }

    /// Debug builds: the guards read one by one from the same count give what
    /// `guards_at_once` gave (`read`), with the same steps.
    #[cfg(debug_assertions)]
    fn check_at_once(&mut self, read: (bool, usize), guards: &[Fx], mark: i64, cx: &mut Ctx) {
        let after = self.steps;
        self.steps.rewind(mark);
        let checked = self.guards_one_by_one(guards, cx);
        assert_eq!(checked, read, "guards read at once give another answer");
        assert_eq!(self.steps.mark(), after.mark(), "guards read at once count other steps");
        self.steps = after;
    }

    /// A guard comparing two ids (`you == active_player`, `zone of this == hand`: the
    /// commonest), read here with all its steps at once: what `fast_truth_checked` gives,
    /// without the frames of a typed read (debug builds compare the two).
    #[inline(always)]
    fn guard_ids(&mut self, fx: &Fx, (ne, ids, steps): (bool, (Ti, Ti), usize), cx: &mut Ctx) -> super::R<bool> {
        let mark = self.steps.mark();
        match self.same_ids(ne, ids, steps, cx) {
            Some(held) => {
                #[cfg(debug_assertions)]
                {
                    let after = self.steps.mark();
                    self.steps.rewind(mark);
                    let checked = self.fast_truth_checked(fx, cx);
                    debug_assert_eq!(checked.ok(), Some(held), "a guard of two ids reads another truth");
                    debug_assert_eq!(self.steps.mark(), after, "a guard of two ids counts other steps");
                }
                Ok(held)
            }
            None => {
                self.steps.rewind(mark);
                self.fast_truth_checked(fx, cx)
            }
        }
    }

    /// Whether `p` using ability `i` of `src` is certainly refused before it does
    /// anything: an activated ability whose `requires:` (compiled, it only reads) does not
    /// hold. The trial would find it so first thing (`resolve`), in the same context:
    /// what comes before in `use_ability` writes nothing a condition reads (the use
    /// count, the events). `false` where that cannot be told without the trial, as for a
    /// play's guards.
    fn required_out(&mut self, p: PlayerId, src: Source, i: usize) -> bool {
        if self.coverage.is_some() {
            return false;
        }
        let Some(a) = self.abilities_of_ref(src).get(i) else { return false };
        let Head::Action(_) = &a.head else { return false };
        let Some(r) = &a.requires else {
            let refused = self.cost_refused(p, src, a);
            #[cfg(debug_assertions)]
            if refused {
                self.check_refused(p, src, i);
            }
            return refused;
        };
        if self.may_forbid() {
            return false;
        }
        let Some(fx) = &r.fx else { return false };
        let mut cx = Ctx::placed(Some(p), Some(this_of(src)), &r.text, &r.origin);
        // As `use_ability` resolves it: one level deeper.
        self.depth += 1;
        let mark = self.steps.mark();
        let holds = self.fast_truth_checked(fx, &mut cx);
        self.depth -= 1;
        self.held = matches!(holds, Ok(true)).then(|| Held {
            what: Guarded::Use(ability_key(a), src),
            you: p,
            version: self.w.state.version(),
            steps: self.steps.mark() - mark,
        });
        matches!(holds, Ok(false))
    }

    /// Whether `p` using ability `a` of `src`, which has no `requires:`, is certainly
    /// refused by the first lines of its cost: `exhaust this` of a card in play that is
    /// already exhausted (a cost that would change nothing cannot be paid), or, after it,
    /// `spend N C` of more than `p` has. The trial would get there with nothing read or
    /// written that changes it: its use is not asked of a script (a response's pattern, a
    /// `used_by:`), the card is not played first, no prohibition can name the verbs (the
    /// one check before each refusal), and no triggered ability answers the events of the
    /// use and of the exhaustion, offered between the lines. The commonest refusals of a
    /// sampling agent in games whose cards exhaust to act: every exhausted card stays
    /// among the candidates until its owner's next refresh.
    fn cost_refused(&self, p: PlayerId, src: Source, a: &AbilityDef) -> bool {
        let Source::Card(e) = src else { return false };
        let s = &self.w.state;
        if a.asked_by_script() || (a.from.is_empty() && !s.in_play(e)) {
            return false;
        }
        let Some(cost) = &a.cost else { return false };
        let mut exhausted = s.ents[e].exhausted;
        for st in &cost.block.stmts {
            let StmtKind::Effect(x) = &st.kind else { return false };
            let this = matches!(&x.objects[..], [o] if matches!(o.kind, ExprKind::This));
            if x.verb == Verb::Exhaust && this && x.clauses.is_empty() {
                if self.may_forbid_verb("exhaust") {
                    return false;
                }
                if exhausted {
                    return true;
                }
                // The card is exhausted, and the use's and the exhaustion's events are
                // offered after the line: the next line reads the same state only if no
                // ability answers either.
                if self.heard_after_exhausting(e) {
                    return false;
                }
                exhausted = true;
                continue;
            }
            // `spend N C` of one's own counter, the commonest second line: refused when
            // short; the line after one that is paid reads another state.
            return match self.spend_short((self.rules.stmts.effect(st), x), p) {
                Some((short, verb)) => short && !self.may_forbid_verb(verb),
                None => false,
            };
        }
        false
    }

    /// Whether a triggered ability may answer the events of the use of card `e`'s
    /// ability and of exhausting it (`use_ability`, `exhaust`).
    fn heard_after_exhausting(&self, e: EntId) -> bool {
        let heard = &self.rules.triggers;
        debug_assert_eq!(
            heard.after_exhausting(),
            heard.hears_named("use", super::actions::CARD_ABILITY)
                || heard.hears(&crate::engine::EventKind::Exhaust { ent: e, exhausted: true })
        );
        heard.after_exhausting()
    }

    /// Debug builds: the trial of a use `cost_refused` refuses is refused (its steps and
    /// what it did taken back).
    #[cfg(debug_assertions)]
    fn check_refused(&mut self, p: PlayerId, src: Source, i: usize) {
        let (mark, held) = (self.steps.mark(), self.held.take());
        let out = self.trial_run(|me| me.act_now(p, &Action::Use(src, Some(i))));
        self.steps.rewind(mark);
        self.held = held;
        // (A budget that runs out first cannot tell.)
        assert!(
            matches!(out, Err(super::Halt::Refused(_) | super::Halt::Budget(_))),
            "a use whose cost was found refused is not refused: {out:?}"
        );
    }

    /// Whether ability `a`'s `requires:` need not be evaluated again as `you` uses it:
    /// `guarded_out` found it holding on this very state, and nothing that runs between
    /// (`use_ability`) fires a trigger. Its steps are counted as if it ran; `false` when
    /// any of that differs, or when counting them would spend the budget.
    pub(super) fn requires_held<'a>(
        &mut self,
        a: &'a AbilityDef,
        src: Source,
        you: Option<PlayerId>,
        cx: &mut Ctx<'a>,
    ) -> bool {
        let Some(_mark) = self.count_held(Guarded::Use(ability_key(a), src), you, 0) else { return false };
        #[cfg(debug_assertions)]
        if let Some(r) = &a.requires {
            // Evaluated for real, it holds and counts the steps counted for it.
            let counted = self.steps.mark();
            self.steps.rewind(_mark);
            cx.run(&r.text, &r.origin);
            let v = self.cond_value(r, cx).and_then(|v| self.truth(&v, &r.expr, cx));
            assert!(matches!(v, Ok(true)), "a requirement found holding does not hold");
            debug_assert_eq!(self.steps.mark(), counted, "the requirement counts other steps when it runs");
        }
        #[cfg(not(debug_assertions))]
        let _ = cx;
        true
    }

    /// How many of the first statements of `e`'s `play:` script need not run again: its
    /// guards, when `guarded_out` found them all holding for `you` on this very state
    /// (nothing recorded has changed since). Their steps are counted as if they ran, each
    /// statement's and its condition's; `0` when any of that differs, or when counting
    /// them would spend the budget (they then run, and stop where they would).
    pub(super) fn guards_held<'s>(
        &mut self,
        e: EntId,
        you: Option<PlayerId>,
        script: &'s Script,
        cx: &mut Ctx<'s>,
    ) -> usize {
        if self.rules.triggers.any() {
            self.held = None;
            return 0;
        }
        let n = script.guards.len();
        let Some(_mark) = self.count_held(Guarded::Play(e), you, n) else { return 0 };
        #[cfg(debug_assertions)]
        {
            // Run for real, the guards hold and count the steps counted for them.
            let counted = self.steps.mark();
            self.steps.rewind(_mark);
            for s in &script.block.stmts[..n] {
                assert!(self.exec(s, cx).is_ok(), "a guard found holding does not hold");
            }
            debug_assert_eq!(self.steps.mark(), counted, "the guards count other steps when they run");
        }
        #[cfg(not(debug_assertions))]
        let _ = cx;
        n
    }

    /// Counts, as if it ran again, what `guarded_out` found holding (`what`, for `you`, on
    /// this very state: nothing recorded has changed since), and `more` steps with it;
    /// the mark it counted from. `None`, having counted nothing, when that is not what
    /// held, when coverage or a probe is recorded, or when counting would spend the
    /// budget. What was found is forgotten either way.
    fn count_held(&mut self, what: Guarded, you: Option<PlayerId>, more: usize) -> Option<i64> {
        let h = self.held.take()?;
        let same = h.what == what && Some(h.you) == you && h.version == self.w.state.version();
        if !same || self.coverage.is_some() || self.probe.is_some() {
            return None;
        }
        let mark = self.steps.mark();
        if self.tick_n(more + h.steps as usize).is_err() {
            self.steps.rewind(mark);
            return None;
        }
        Some(mark)
    }
}

/// What `guarded_out` found: every guard of a play, or an ability's requirement, held
/// for `you` on the state of this `version`, evaluated in `steps` steps
/// (`Interp::guards_held`, `Interp::requires_held`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Held {
    what: Guarded,
    you: PlayerId,
    version: u64,
    steps: i64,
}

/// What held: the guards of a card's play, or the requirement of an ability (by address:
/// the rules do not move while they run; every copy of a card shares its abilities, so
/// also whose ability it is).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Guarded {
    Play(EntId),
    Use(usize, Source),
}

/// The address an ability is known by in `Guarded::Use`.
fn ability_key(a: &AbilityDef) -> usize {
    a as *const AbilityDef as usize
}
