//! Compiled selections: `players where C`, `NOUN you control [where C]` (or
//! `controlled by P`) and `cards in Z where C` (or pieces, or `NOUN in Z`), read as
//! `candidates` selects them, with the same steps, without the general evaluator (see
//! `fast.rs` for the invariant they keep), and `players where C` for a typed `C`
//! (`typed.rs`'s).

use crate::engine::{List, PlayerId, Value};
use crate::syntax::ast::*;

use super::compile::{Builtin, Global};
use super::eval::compare;
use super::fast::{Fun, Fx, Of};
use super::located::Selected;
use super::rules::Rules;
use super::typed::{Tb, Tx};
use super::{Ctx, Interp};

impl Interp<'_> {
    /// `players where C`, as `candidates` selects it: the base's step and value, a step
    /// per candidate for the selection and for the filter, then `C` with `it` bound to each.
    pub(super) fn fast_where(&mut self, fx: &Fx, i: u32, c: &Fx, cx: &mut Ctx) -> Option<Value> {
        let ExprKind::Select { base, .. } = &fx.expr().kind else { return None };
        let ExprKind::Name(n, _) = &base.kind else { return None };
        self.tick().ok()?;
        if self.rules.names_players(i) {
            return self.players_where(c, cx);
        }
        let Value::List(cands) = self.global(n, i, cx).ok()? else { return None };
        if !cands.iter().all(|x| matches!(x, Value::Player(_) | Value::Ent(_))) {
            return None;
        }
        self.tick_n(cands.len()).ok()?;
        self.kept_where(cands, c, cx)
    }

    /// `fast_where` of `players`: the seated players read one by one from the seats (a
    /// condition changes no seat), where `global` would list them first.
    pub(super) fn players_where(&mut self, c: &Fx, cx: &mut Ctx) -> Option<Value> {
        self.players_kept(cx, |me, cx| me.fast_truth(c, cx))
    }

    /// The seated players `keep` keeps, tested with `it` bound to each, with the steps of
    /// a selection and its filter: one per player for each.
    pub(super) fn players_kept(
        &mut self,
        cx: &mut Ctx,
        keep: impl FnMut(&mut Self, &mut Ctx) -> Option<bool>,
    ) -> Option<Value> {
        let mut kept = List::new();
        self.players_each(cx, keep, |p| kept.push(Value::Player(p)))?;
        Some(Value::List(kept))
    }

    /// `players_kept`, each player kept given to `found` in seat order instead of listed.
    pub(super) fn players_each(
        &mut self,
        cx: &mut Ctx,
        mut keep: impl FnMut(&mut Self, &mut Ctx) -> Option<bool>,
        mut found: impl FnMut(PlayerId),
    ) -> Option<()> {
        let seated = |s: &crate::engine::State, k: usize| Some(s.seats[k]).filter(|p| !s.eliminated.contains(p));
        let n = (0..self.w.state.seats.len()).filter(|&k| seated(&self.w.state, k).is_some()).count();
        self.tick_n(n).ok()?;
        self.tick_n(n).ok()?;
        for k in 0..self.w.state.seats.len() {
            let Some(p) = seated(&self.w.state, k) else { continue };
            let saved = cx.it.replace(Value::Player(p));
            let keeps = keep(self, cx);
            cx.it = saved;
            if keeps? {
                found(p);
            }
        }
        Some(())
    }

    /// `NOUN you control` (or `controlled by P`), then perhaps `where C`, as `candidates`
    /// selects it: the base's step (a local's value when no noun is given), the nouns in
    /// play that player controls (`controlled`, the control filter's argument read as
    /// `filter_arg` reads it), then the `where` as `kept_where` keeps.
    pub(super) fn fast_controlled(
        &mut self,
        fx: &Fx,
        noun: Option<u32>,
        c: Option<&Fx>,
        cx: &mut Ctx,
    ) -> Option<Value> {
        let ExprKind::Select { base, filters, .. } = &fx.expr().kind else { return None };
        let cands = match noun {
            Some(key) => {
                self.tick().ok()?;
                self.controlled(self.rules.noun_table.get(key), filters.first()?, cx).ok()?
            }
            // A local: a noun at run time (found by its text), or the general evaluator selects.
            None => {
                let v = self.eval(base, cx).ok()?;
                let noun = self.noun_of(base, &v)?;
                self.controlled(&noun, filters.first()?, cx).ok()?
            }
        };
        let Some(c) = c else { return Some(Value::List(cands)) };
        self.kept_where(cands, c, cx)
    }

    /// `cards in Z where C` (or pieces, or `NOUN in Z`), as `candidates` selects it: the
    /// place filter first (`located_in`, or `noun_located` after the noun's step), a
    /// step per candidate, then the `where` as `kept_where` keeps.
    pub(super) fn fast_located(&mut self, fx: &Fx, base: &Base, c: &Fx, cx: &mut Ctx) -> Option<Value> {
        let ExprKind::Select { filters, .. } = &fx.expr().kind else { return None };
        let place = filters.first()?;
        let cands = match base {
            Base::All(cards) => match self.located_in(place, *cards, cx).ok()? {
                Selected::Zones(zones, cards) => self.in_zones(&zones, cards),
                Selected::Things(things) => things,
            },
            Base::Noun(key) => {
                self.tick().ok()?;
                self.noun_located(self.rules.noun_table.get(*key), place, cx).ok()?
            }
        };
        self.tick_n(cands.len()).ok()?;
        self.kept_where(cands, c, cx)
    }

    /// The candidates `where C` keeps, as `candidates` filters them: a step each, then
    /// `C` with `it` bound to each (kept in the list they came in).
    fn kept_where(&mut self, mut cands: List, c: &Fx, cx: &mut Ctx) -> Option<Value> {
        self.tick_n(cands.len()).ok()?;
        let mut kept = 0;
        for k in 0..cands.len() {
            let saved = cx.it.replace(cands[k].clone());
            let keep = self.fast_truth(c, cx);
            cx.it = saved;
            if keep? {
                cands.swap(kept, k);
                kept += 1;
            }
        }
        cands.truncate(kept);
        Some(Value::List(cands))
    }
}

/// What a compiled selection starts from: every card (`true`) or piece, or a noun's things.
#[derive(Debug)]
pub(super) enum Base {
    All(bool),
    /// A noun: its key in the rules' noun table (`Rules::noun_at`).
    Noun(u32),
}

impl Base {
    /// The base of a selection written `cards`, `pieces` or a noun.
    pub(super) fn of(rules: &Rules, base: &Expr) -> Option<Base> {
        let ExprKind::Name(_, Res::Global(i)) = &base.kind else { return None };
        match rules.globals.get(*i as usize)? {
            Global::Builtin(Builtin::Cards) => Some(Base::All(true)),
            Global::Builtin(Builtin::Pieces) => Some(Base::All(false)),
            _ => rules.noun_at(*i).map(Base::Noun),
        }
    }
}

/// `players where C` with `C` typed (`typed.rs`), read as `players_each` reads it.
impl Interp<'_> {
    /// `count`, `exists` or `first` of `players where C` (of a procedure's body that is
    /// one, `inlined`), as `Tv::Things` reads the list `typed_operand` makes of it, with
    /// the same steps, but with no list made.
    pub(super) fn things_where(&mut self, fun: Fun, inlined: bool, c: &Tx, cx: &mut Ctx) -> Option<Value> {
        let (mut count, mut first) = (0, None);
        let mut found = |p: PlayerId| {
            count += 1;
            first = first.or(Some(p));
        };
        // The steps of the nodes `Tv::Inline` and `Tv::Where`, then `typed_where`'s.
        if inlined {
            self.tick().ok()?;
            self.one_call_deeper(|me| {
                me.tick_n(2).ok()?;
                me.players_typed(c, cx, &mut found)
            })?;
        } else {
            self.tick_n(2).ok()?;
            self.players_typed(c, cx, &mut found)?;
        }
        Some(match fun {
            Fun::Count => Value::Int(count),
            Fun::Exists => Value::Bool(count > 0),
            Fun::First => first.map_or(Value::Null, Value::Player),
        })
    }

    /// `players_each` with `C` typed. `count(cards in Z of it) OP N`, the commonest `C`
    /// (a player with an empty hand), is read seat by seat with the steps `typed` counts
    /// for it, without binding `it` to each player.
    fn players_typed(&mut self, c: &Tx, cx: &mut Ctx, found: &mut impl FnMut(PlayerId)) -> Option<()> {
        let &Tx::Cond(Tb::Count { op, cards, key, of: Of::It, n, steps }) = c else {
            return self.players_each(cx, |me, cx| me.typed_part(c, cx), found);
        };
        // `players_each`'s steps, then `typed`'s for the count at each player: all
        // counted at once, since a budget that runs out anywhere in them gives the whole
        // condition up, its steps taken back.
        self.tick_n((2 + steps) * self.w.state.seated_count()).ok()?;
        let s = &self.w.state;
        for &p in &s.seats {
            // Nobody has left, most often: no search of who has.
            if !s.eliminated.is_empty() && s.eliminated.contains(&p) {
                continue;
            }
            let z = self.zone_keyed_of(key, Some(p))?;
            if compare(op, s.count_in(z, cards) as i64, n) {
                found(p);
            }
        }
        Some(())
    }

    /// `Tb::AnyCount` after its node's step: the steps `things_where` (the call's and
    /// the call depth it checks, when inlined) and `players_typed` count, then whether
    /// some seated player's zone `key` holds a count `op n` (all seats read, as
    /// `players_typed` reads them).
    pub(super) fn any_count(
        &mut self,
        inlined: bool,
        (op, cards, key, n, steps): (BinOp, bool, u32, i64, usize),
    ) -> Option<bool> {
        if inlined && self.calls + 1 > self.limits.call_depth {
            return None;
        }
        let seated = self.w.state.seated_count();
        self.tick_n(usize::from(inlined) + 2 + (2 + steps) * seated).ok()?;
        self.any_seat_count(op, cards, key, n)
    }

    /// Whether some seated player's zone `key` holds a count of cards (or pieces) that
    /// compares with `n` by `op` (every seat read, none counted: `any_count`'s).
    pub(super) fn any_seat_count(&self, op: BinOp, cards: bool, key: u32, n: i64) -> Option<bool> {
        // The comparison chosen once, not at every seat.
        match op {
            BinOp::Eq => self.any_seat_counted(cards, key, |c| c == n),
            BinOp::Ne => self.any_seat_counted(cards, key, |c| c != n),
            BinOp::Lt => self.any_seat_counted(cards, key, |c| c < n),
            BinOp::Le => self.any_seat_counted(cards, key, |c| c <= n),
            BinOp::Gt => self.any_seat_counted(cards, key, |c| c > n),
            _ => self.any_seat_counted(cards, key, |c| compare(op, c, n)),
        }
    }

    /// `any_seat_count` with its comparison: every seat read (none given up on).
    #[inline(always)]
    fn any_seat_counted(&self, cards: bool, key: u32, holds: impl Fn(i64) -> bool) -> Option<bool> {
        let s = &self.w.state;
        // The zones of the key read once; each seat's, else the shared one, as
        // `zone_keyed_of` finds it.
        let row = s.zones_keyed(key);
        let shared = row.first().copied().flatten();
        let (gone, mut any) = (!s.eliminated.is_empty(), false);
        for &p in &s.seats {
            if gone && s.eliminated.contains(&p) {
                continue;
            }
            let z = row.get(p + 1).copied().flatten().or(shared)?;
            debug_assert_eq!(Some(z), self.zone_keyed_of(key, Some(p)));
            any |= holds(s.count_in(z, cards) as i64);
        }
        Some(any)
    }

    /// `players where C`, as `fast_where` reads it: the base's step, a step per player for
    /// the selection and for the filter, then `C` with `it` bound to each seated player.
    pub(super) fn typed_where(&mut self, c: &Tx, cx: &mut Ctx) -> Option<Value> {
        self.tick().ok()?;
        self.players_kept(cx, |me, cx| me.typed_part(c, cx))
    }
}
