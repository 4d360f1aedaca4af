//! Moves compiled once: the commonest shapes of `move S to Z` (`fused.rs`), read when
//! the rules are compiled rather than at every run. A compiled move knows which of its
//! shapes it is, which zone names and whose zones it reads, and how many steps it
//! counts; running it finds its zones by key, counts its steps at once, and moves
//! through the same helpers as the fused path (`pick_things`, `relocate`).
//!
//! A pick of one card by an agent that reads only how many options there are (the
//! random agent in a simulation, which logs nothing) counts the cards and moves the one
//! at the index it draws: no candidate is listed (`silent_pick`).
//!
//! Kept in the statement's compiled form (`stmts.rs` `Code`), found by the statement's
//! number.
//!
//! Invariant: a compiled move does what the fused path does, with the same steps and
//! errors. Before it does anything it finds both its zones and checks that the steps
//! it counts itself fit in the budget; where a zone is not found, a binding is not what
//! the shape needs, or the budget could run out, it has done nothing and the fused path
//! runs instead (it then finds the same error where it does). Debug builds compare
//! every compiled move's zones, things and steps with the fused path's.

use crate::engine::{EntId, Value, ZoneId};
use crate::syntax::ast::*;

use super::compile::Global;
use super::fused::{Ids, ON_STACK};
use super::rules::Rules;
use super::{Ctx, Interp, R};

/// A zone a compiled move reads, as `zone_ref` reads it: the name's key, and whose.
#[derive(Debug, Clone)]
pub(super) enum Place {
    /// `Z`: the acting player's, else the shared one.
    Alone(u32),
    /// `Z of you`.
    OfYou(u32),
    /// `Z of it`, `it` a player.
    OfIt(u32),
    /// `Z of x`, `x` a local bound to a player (its slot and name).
    OfLocal(u32, u32, Box<str>),
}

impl Place {
    /// The steps `zone_ref` counts for it: the name's, and the `of`'s.
    pub(super) fn steps(&self) -> usize {
        match self {
            Place::Alone(_) => 1,
            _ => 2,
        }
    }
}

/// What a compiled move moves.
#[derive(Debug, Clone)]
pub(super) enum Things {
    /// `this`, a card or piece.
    This,
    /// A local bound to one card or piece (its slot and name).
    Local(u32, Box<str>),
    /// `cards in Z` (or pieces): all of them.
    All { cards: bool, from: Place },
    /// `top card of Z` (or `bottom`, or a piece).
    End { cards: bool, bottom: bool, from: Place },
    /// `a card from Z` or `N cards from Z` (N written out; or pieces), picked by the
    /// acting player.
    One { cards: bool, from: Place },
}

/// A move compiled once: what it moves, where to, and which way up it arrives.
#[derive(Debug, Clone)]
pub(super) struct Move {
    things: Things,
    to: Place,
    face: Option<bool>,
}

/// The compiled form of `e`, if it is a move of one of the shapes above.
pub(super) fn compile(rules: &Rules, e: &Effect) -> Option<Move> {
    if e.verb != Verb::Move {
        return None;
    }
    let [o] = &e.objects[..] else { return None };
    let (to, face) = super::fused::move_clauses(e)?;
    let to = place(rules, to)?;
    let things = match &o.kind {
        ExprKind::This => Things::This,
        ExprKind::Name(n, Res::Local(k)) => Things::Local(*k, n.as_str().into()),
        ExprKind::Select { quantity: None, base, filters } => {
            let (cards, from) = one_zone(rules, base, filters)?;
            Things::All { cards, from }
        }
        ExprKind::Select { quantity: Some(q), base, filters } => match (&q.kind, &filters[..], &base.kind) {
            (QuantityKind::Top(None) | QuantityKind::Bottom(None), [], ExprKind::Of(a, b)) => {
                let bottom = matches!(q.kind, QuantityKind::Bottom(_));
                Things::End { cards: of_kind(rules, a)?, bottom, from: place(rules, b)? }
            }
            // `a card` or `1 card`: a number written out counts one step where the pick
            // reads it (`bounds`).
            (QuantityKind::One, [_], _) | (QuantityKind::Exactly(_), [_], _) if written(q) => {
                let (cards, from) = one_zone(rules, base, filters)?;
                Things::One { cards, from }
            }
            _ => return None,
        },
        _ => return None,
    };
    Some(Move { things, to, face })
}

/// Whether a quantity is `a`/`one` or a number written out.
fn written(q: &Quantity) -> bool {
    match &q.kind {
        QuantityKind::One => true,
        QuantityKind::Exactly(n) => matches!(n.kind, ExprKind::Int(_)),
        _ => false,
    }
}

/// `cards` or `pieces` (`all_of_kind` of a compiled name): whether cards.
pub(super) fn of_kind(rules: &Rules, e: &Expr) -> Option<bool> {
    let ExprKind::Name(_, Res::Global(i)) = &e.kind else { return None };
    super::located::global_of_kind(rules, *i)
}

/// `cards in Z` (or `from`, `at`; or pieces) for a zone `Z` a compiled move reads.
fn one_zone(rules: &Rules, base: &Expr, filters: &[Filter]) -> Option<(bool, Place)> {
    let [Filter { kind: FilterKind::In(z) | FilterKind::From(z) | FilterKind::At(z), .. }] = filters else {
        return None;
    };
    Some((of_kind(rules, base)?, place(rules, z)?))
}

/// A zone name alone or `of` one player, as `zone_ref_parts` reads it.
pub(super) fn place(rules: &Rules, e: &Expr) -> Option<Place> {
    let zone = |x: &Expr| match &x.kind {
        ExprKind::Name(_, Res::Global(i)) if rules.globals.get(*i as usize) == Some(&Global::Zone) => Some(*i),
        _ => None,
    };
    Some(match &e.kind {
        ExprKind::Name(..) => Place::Alone(zone(e)?),
        ExprKind::Of(a, b) => {
            let key = zone(a)?;
            match &b.kind {
                ExprKind::You => Place::OfYou(key),
                ExprKind::Name(_, Res::It) => Place::OfIt(key),
                ExprKind::Name(n, Res::Local(k)) => Place::OfLocal(key, *k, n.as_str().into()),
                _ => return None,
            }
        }
        _ => return None,
    })
}

impl<'r> Interp<'r> {
    /// Runs `e` as its compiled move; `None`, having done nothing, where it has none or
    /// where the fused path must run instead (see the module's invariant).
    pub(super) fn compiled_move(&mut self, m: &Move, e: &Effect, cx: &mut Ctx) -> Option<R<()>> {
        let to = self.place_zone(&m.to, cx)?;
        // One thing at most (`this`, a local, the top card): moved without a list of ids.
        let (one, steps) = match &m.things {
            Things::This => {
                let Some(Value::Ent(x)) = cx.this else { return None };
                (Some(x), 1)
            }
            Things::Local(k, name) => {
                let Some(&Value::Ent(x)) = cx.slot(*k, name) else { return None };
                (Some(x), 1)
            }
            &Things::End { cards, bottom, ref from } => {
                let z = self.place_zone(from, cx)?;
                let mut end = None;
                self.each_at_end(&[z], cards, 1, bottom, |x| end = Some(x));
                (end, 2 + from.steps())
            }
            _ => return self.compiled_many(m, e, to, cx),
        };
        self.move_counted((m, e), one.as_slice(), to, steps, cx)
    }

    /// `compiled_move` of the shapes that may move several things: all the cards of a
    /// zone, or those the acting player picks.
    fn compiled_many(&mut self, m: &Move, e: &Effect, to: ZoneId, cx: &mut Ctx) -> Option<R<()>> {
        let (mut stack, mut heap) = ([0; ON_STACK], vec![]);
        let mut ids = Ids::new(&mut stack, &mut heap);
        // The steps counted before the things move (a pick's, around its question).
        let steps = match &m.things {
            Things::All { cards, from } => {
                let z = self.place_zone(from, cx)?;
                let s = &self.w.state;
                s.zones[z].items.iter().filter(|&&x| s.is_card(x) == *cards).for_each(|&x| ids.push(x));
                2 + from.steps() + ids.as_slice().len()
            }
            Things::One { cards, from } => {
                let z = self.place_zone(from, cx)?;
                return self.compiled_pick(e, (*cards, from, z), m, to, &mut ids, cx);
            }
            Things::This | Things::Local(..) | Things::End { .. } => return None,
        };
        self.move_counted((m, e), ids.as_slice(), to, steps, cx)
    }

    /// The end of a compiled move whose things are known: the destination's steps added
    /// to `steps`, all counted at once when they fit in the budget (else `None`, nothing
    /// done), then the move.
    #[inline(always)]
    fn move_counted(
        &mut self,
        (m, _e): (&Move, &Effect),
        things: &[EntId],
        to: ZoneId,
        steps: usize,
        cx: &mut Ctx,
    ) -> Option<R<()>> {
        let steps = steps + m.to.steps();
        if self.steps.room() < steps as i64 {
            return None;
        }
        #[cfg(debug_assertions)]
        self.same_as_fused(_e, things, to, steps, cx);
        self.steps.count(steps);
        Some(self.move_all(things, to, m.face, cx))
    }

    /// `1 card from Z` (zone `z`) moved to zone `to`: the candidates and their steps,
    /// the acting player's pick (`pick_things`), the destination's steps, the move.
    fn compiled_pick(
        &mut self,
        e: &Effect,
        (cards, from, z): (bool, &Place, ZoneId),
        m: &Move,
        to: ZoneId,
        ids: &mut Ids,
        cx: &mut Ctx,
    ) -> Option<R<()>> {
        let [o] = &e.objects[..] else { return None };
        let ExprKind::Select { quantity: Some(q), base, filters } = &o.kind else { return None };
        if cards {
            if let Some(out) = self.silent_pick((o, q, base, filters), (from, z), m, to, ids, cx) {
                return Some(out);
            }
        }
        let cands = self.in_zones(&[z], cards);
        // The selection's, the place's and the zone's steps, one per candidate; then the
        // number's (if written out: `bounds` evaluates it, one step) and the question's
        // (`ask`, one step; none when nothing is asked), and the destination's. If `pick`
        // ever counted more, the room below would have to grow with it.
        let before = 2 + from.steps() + cands.len();
        if self.steps.room() < (before + 2 + m.to.steps()) as i64 {
            return None;
        }
        #[cfg(debug_assertions)]
        self.same_cands_as_fused(base, filters, &cands, before, cx);
        self.steps.count(before);
        if let Err(mut h) = self.pick_things(q, filters, base, cands, ids, cx) {
            // Where `move_things` places the errors of its things: at the object.
            h.place(&o.span, cx);
            return Some(Err(h));
        }
        let over = self.steps.count(m.to.steps());
        debug_assert!(!over, "a compiled pick's steps were not all in the budget's room");
        Some(self.move_all(ids.as_slice(), to, m.face, cx))
    }

    /// `compiled_pick` of one card among two or more, by an agent that answers from
    /// their number alone (`answers_silently`): the cards counted, not listed, and the
    /// one at the index picked moved. The same steps, in the same places, as the pick
    /// through `pick_things` (the candidates', the number's if written out, the
    /// question's); `None`, having done nothing, for any other pick.
    fn silent_pick(
        &mut self,
        (o, q, base, filters): (&Expr, &Quantity, &Expr, &[Filter]),
        (from, z): (&Place, ZoneId),
        m: &Move,
        to: ZoneId,
        ids: &mut Ids,
        cx: &mut Ctx,
    ) -> Option<R<()>> {
        let number = match &q.kind {
            QuantityKind::One => 0,
            QuantityKind::Exactly(n) if matches!(n.kind, ExprKind::Int(1)) => 1,
            _ => return None,
        };
        let who = cx.you?;
        let s = &self.w.state;
        let count = s.count_in(z, true);
        let before = 2 + from.steps() + count;
        if count < 2 || self.steps.room() < (before + 2 + m.to.steps()) as i64 || !self.answers_silently(who) {
            return None;
        }
        #[cfg(debug_assertions)]
        self.same_cands_as_fused(base, filters, &self.in_zones(&[z], true), before, cx);
        self.steps.count(before + number);
        let end = filters.last().map(|f| f.span.end).unwrap_or(base.span.end);
        let prompt = super::choice::Prompt::Words(q.span.start..end);
        match self.silent_answer(who, count, &prompt, cx) {
            Ok(picked) => {
                let s = &self.w.state;
                for &i in picked.as_slice() {
                    // `agent_answer` checked the index against the count of these cards.
                    if let Some(x) = s.nth_in(z, true, i) {
                        ids.push(x);
                    }
                }
            }
            Err(mut h) => {
                // Where `move_things` places the errors of its things: at the object.
                h.place(&o.span, cx);
                return Some(Err(h));
            }
        }
        let over = self.steps.count(m.to.steps());
        debug_assert!(!over, "a silent pick's steps were not all in the budget's room");
        Some(self.move_all(ids.as_slice(), to, m.face, cx))
    }

    /// The zone `p` reads, as `zone_ref` finds it, counting nothing; `None` where it
    /// finds none (or its `of` is not one player).
    #[inline(always)]
    pub(super) fn place_zone(&self, p: &Place, cx: &Ctx) -> Option<ZoneId> {
        let (key, owner) = match p {
            Place::Alone(k) => (*k, cx.you),
            Place::OfYou(k) => (*k, Some(cx.you?)),
            Place::OfIt(k) => match &cx.it {
                Some(Value::Player(p)) => (*k, Some(*p)),
                _ => return None,
            },
            Place::OfLocal(k, slot, name) => match cx.slot(*slot, name) {
                Some(Value::Player(p)) => (*k, Some(*p)),
                _ => return None,
            },
        };
        self.zone_keyed_of(key, owner)
    }

    /// Debug builds: the fused path finds the same things and destination with the
    /// same steps (from the same count, taken back after).
    #[cfg(debug_assertions)]
    fn same_as_fused(&mut self, e: &Effect, things: &[EntId], to: ZoneId, steps: usize, cx: &mut Ctx) {
        let mark = self.steps.mark();
        let (mut stack, mut heap) = ([0; ON_STACK], vec![]);
        let n = self.move_things(&e.objects[0], &mut stack, &mut heap, cx);
        let fused = match n {
            Some(Ok(n)) if n <= ON_STACK => stack[..n].to_vec(),
            Some(Ok(_)) => heap,
            _ => panic!("a compiled move's things are not the fused path's: {n:?}"),
        };
        let dest = super::fused::move_clauses(e).map(|(to, _)| to);
        let z = dest.and_then(|d| self.zone_ref(d, cx)).and_then(Result::ok);
        let taken = self.steps.mark() - mark;
        self.steps.rewind(mark);
        assert_eq!(fused, things, "a compiled move moves other things than the fused path");
        assert_eq!(z, Some(to), "a compiled move moves elsewhere than the fused path");
        assert_eq!(taken, steps as i64, "a compiled move counts other steps than the fused path");
    }

    /// Debug builds: the fused path offers the same candidates to pick from, with the
    /// same steps before the question.
    #[cfg(debug_assertions)]
    fn same_cands_as_fused(&mut self, base: &Expr, filters: &[Filter], cands: &[Value], steps: usize, cx: &mut Ctx) {
        let mark = self.steps.mark();
        let fused = self.selected_place(base, filters, cx).map(|p| p.and_then(|(zones, c)| self.zone_cands(&zones, c)));
        let taken = self.steps.mark() - mark;
        self.steps.rewind(mark);
        let same = matches!(&fused, Some(Ok(f)) if f.as_slice() == cands);
        assert!(same, "a compiled pick offers other things than the fused path");
        assert_eq!(taken, steps as i64, "a compiled pick counts other steps than the fused path");
    }
}
