//! Reveals compiled once: `reveal cards in Z` (or pieces), perhaps `simultaneously`, to
//! everyone, for a zone `Z` a compiled move reads (`moves.rs` `Place`) or `Z` of every
//! seated player (`Z of each player`, `Z of players`). What the general path works out at
//! every run (`effects.rs` `targets`: the selection's shape, its zones, a list of its
//! things) is read when the rules are compiled; a reveal finds its zones, counts its
//! steps at once and shows the things through the same helper (`reveal_ents`).
//!
//! Kept in the statement's compiled form (`stmts.rs` `Code`), as moves are.
//!
//! Invariant: a compiled reveal does what the general path does, with the same steps,
//! things and events. Where a zone is not found, a binding is not what the shape needs,
//! a prohibition may apply (the general path asks it for every thing) or the budget
//! could run out, it has done nothing and the general path runs instead. Debug builds
//! compare its things and steps with the general path's.

#[cfg(debug_assertions)]
use crate::engine::EntId;
use crate::syntax::ast::*;

use super::moves::Place;
use super::rules::Rules;
use super::{Ctx, Interp, R};

/// Where a compiled reveal's things are.
#[derive(Debug, Clone)]
enum Where {
    /// One zone, as a compiled move reads it.
    One(Place),
    /// Zone `key` of every seated player; `selected` when written as a selection (`of
    /// each player`), which counts a step of its own and one per player.
    Each { key: u32, selected: bool },
}

/// A reveal compiled once: cards (else pieces) and where they are.
#[derive(Debug, Clone)]
pub(super) struct Reveal {
    cards: bool,
    from: Where,
}

/// The compiled form of `e`, if it is a reveal of one of the shapes above.
pub(super) fn compile(rules: &Rules, e: &Effect) -> Option<Reveal> {
    if e.verb != Verb::Reveal || !e.clauses.iter().all(|c| matches!(c.kind, ClauseKind::Simultaneously)) {
        return None;
    }
    let [Expr { kind: ExprKind::Select { quantity: None, base, filters }, .. }] = &e.objects[..] else {
        return None;
    };
    let [Filter { kind: FilterKind::In(z) | FilterKind::From(z) | FilterKind::At(z), .. }] = &filters[..] else {
        return None;
    };
    let cards = super::moves::of_kind(rules, base)?;
    let from = match super::moves::place(rules, z) {
        Some(p) => Where::One(p),
        None => {
            let (key, selected) = super::inplace::everyone(rules, z)?;
            Where::Each { key, selected }
        }
    };
    Some(Reveal { cards, from })
}

impl Interp<'_> {
    /// Runs `e` as its compiled reveal; `None`, having done nothing, where it has none or
    /// where the general path must run instead (see the module's invariant).
    pub(super) fn compiled_reveal(&mut self, r: &Reveal, _e: &Effect, cx: &mut Ctx) -> Option<R<()>> {
        if self.coverage.is_some() || self.may_forbid() {
            return None;
        }
        // The selection's step and its place filter's, then the place's.
        let (mut on_stack, mut on_heap) = ([0; super::fused::ON_STACK], vec![]);
        let mut zones = super::fused::Ids::new(&mut on_stack, &mut on_heap);
        let place_steps = match &r.from {
            Where::One(p) => {
                zones.push(self.place_zone(p, cx)?);
                p.steps()
            }
            &Where::Each { key, selected } => self.zones_of_each_into(key, selected, &mut zones)?,
        };
        let zones = zones.as_slice();
        let s = &self.w.state;
        // Kept on the stack while they fit: the list is made only for a log someone reads.
        let (mut stack, mut heap) = ([0; super::fused::ON_STACK], vec![]);
        let mut ids = super::fused::Ids::new(&mut stack, &mut heap);
        let of_kind = zones.iter().flat_map(|&z| s.zones[z].items.iter().copied()).filter(|&x| s.is_card(x) == r.cards);
        of_kind.for_each(|x| ids.push(x));
        let things = ids.as_slice();
        // One step more per thing (`zone_cands`).
        let steps = 2 + place_steps + things.len();
        if self.steps.room() < steps as i64 {
            return None;
        }
        #[cfg(debug_assertions)]
        self.same_as_targets(_e, things, steps, cx);
        self.steps.count(steps);
        self.reveal_ents(things, vec![], cx);
        Some(Ok(()))
    }

    /// Debug builds: the general path finds the same things with the same steps (from the
    /// same count, taken back after).
    #[cfg(debug_assertions)]
    fn same_as_targets(&mut self, e: &Effect, things: &[EntId], steps: usize, cx: &mut Ctx) {
        let mark = self.steps.mark();
        let general = self.targets(&e.objects[0], cx).expect("the general path finds the things");
        let taken = self.steps.mark() - mark;
        self.steps.rewind(mark);
        let general: Vec<EntId> = general.as_slice().iter().map(|t| self.ent(t).expect("a thing")).collect();
        assert_eq!(general, things, "a compiled reveal shows other things than the general path");
        assert_eq!(taken, steps as i64, "a compiled reveal counts other steps than the general path");
    }
}
