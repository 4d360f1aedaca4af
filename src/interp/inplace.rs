//! Zones read in place: the places of selections that are a zone (`cards in hand of p`)
//! or every player's zone (`Z of each player`), and `count`/`exists`/`first` of a
//! zone's cards in compiled conditions, straight from the zone index, with no list of
//! values in between.
//!
//! Invariant: each reads what the general path reads (`select.rs` `candidates`,
//! `eval`) and counts the same steps; debug builds compare every place read in place
//! with the one `located_in` finds, and every compiled condition with `eval`.

use crate::engine::{EntId, List, PlayerId, Value, ZoneId};
use crate::syntax::ast::*;

use super::fast::{Fun, Of};
#[cfg(debug_assertions)]
use super::located::Selected;
use super::located::Zones;
use super::{Ctx, Interp, R};

impl Interp<'_> {
    /// `cards in Z` (or pieces, `from`, `at`) for a zone `Z` that `zone_ref` reads (the
    /// commonest selection): its candidates as `candidates` gives them, with the same
    /// steps, read straight from the zone. `None`, having counted nothing, for any other
    /// selector.
    pub(super) fn in_one_zone(&mut self, base: &Expr, filters: &[Filter], cx: &mut Ctx) -> Option<R<List>> {
        Some(self.one_zone_place(base, filters, cx)?.and_then(|(zones, cards)| self.zone_cands(&zones, cards)))
    }

    /// The cards (or pieces) of `zones`, a step each, as `in_one_zone` lists them.
    pub(super) fn zone_cands(&mut self, zones: &[ZoneId], cards: bool) -> R<List> {
        let cands = self.in_zones(zones, cards);
        self.tick_n(cands.len()).map(|()| cands)
    }

    /// A selection `cards in Z` as `eval` reads it in place, up to its things: the
    /// selection's own step, then `one_zone_place`'s (what a verb's object and a fused
    /// move read). `None`, having counted nothing, where `one_zone_place` gives `None`.
    pub(super) fn selected_place(&mut self, base: &Expr, filters: &[Filter], cx: &mut Ctx) -> Option<R<(Zones, bool)>> {
        let mark = self.steps.mark();
        if let Err(h) = self.tick() {
            return Some(Err(h));
        }
        let place = self.one_zone_place(base, filters, cx);
        if place.is_none() {
            self.steps.rewind(mark);
        }
        place
    }

    /// The zones `in_one_zone` reads, and whether it reads their cards (else pieces),
    /// with the steps it counts before the things themselves (one each, left to the
    /// caller). `None`, having counted nothing, where `in_one_zone` gives `None`.
    fn one_zone_place(&mut self, base: &Expr, filters: &[Filter], cx: &mut Ctx) -> Option<R<(Zones, bool)>> {
        let [Filter { kind: FilterKind::In(z) | FilterKind::From(z) | FilterKind::At(z), .. }] = filters else {
            return None;
        };
        let cards = self.all_of_kind(base, cx)?;
        let mark = self.steps.mark();
        // `located_in`'s step, then the place's own (`zone_ref`).
        if let Err(h) = self.tick() {
            return Some(Err(h));
        }
        let zones = match self.zone_ref(z, cx) {
            Some(zone) => match zone {
                Ok(zone) => Zones::One([zone]),
                Err(h) => return Some(Err(h)),
            },
            None => match self.zones_of_everyone(z) {
                Some(zones) => zones,
                None => {
                    self.steps.rewind(mark);
                    return None;
                }
            },
        };
        #[cfg(debug_assertions)]
        {
            // From the same count: the place `located_in` finds, with the same steps.
            let after = self.steps;
            self.steps.rewind(mark);
            let generic = self.located_in(&filters[0], cards, cx).ok();
            let same = matches!(&generic, Some(Selected::Zones(g, _)) if g[..] == zones[..]);
            debug_assert!(same, "a place read in place is not the place `located_in` finds");
            debug_assert_eq!(self.steps.taken(), after.taken(), "a place read in place counts other steps");
            self.steps = after;
        }
        Some(Ok((zones, cards)))
    }

    /// `Z of each player`, `Z of all players` or `Z of players`, for a zone `Z`: every
    /// seated player's `Z` (a shared zone where a player has none), in table order, with
    /// the steps `eval` counts for the place (`Of`, the selection's, the name's, one per
    /// player). `None`, having counted nothing, for any other place, or when a player has
    /// no such zone or the budget would run out (`eval` then says so where it does).
    fn zones_of_everyone(&mut self, e: &Expr) -> Option<Zones> {
        let (key, selected) = everyone(self.rules, e)?;
        let (zones, steps) = self.zones_of_each(key, selected)?;
        let mark = self.steps.mark();
        if self.tick_n(steps).is_err() {
            self.steps.rewind(mark);
            return None;
        }
        Some(Zones::Many(zones))
    }

    /// Zone `key` of every seated player, in table order, and the steps `eval` counts
    /// for the place (`Of`, the name, and for a selection its own step and one per
    /// player), counting nothing; `None` when a player has no such zone.
    pub(super) fn zones_of_each(&self, key: u32, selected: bool) -> Option<(Vec<ZoneId>, usize)> {
        let (mut stack, mut heap) = ([0; super::fused::ON_STACK], vec![]);
        let mut zones = super::fused::Ids::new(&mut stack, &mut heap);
        let steps = self.zones_of_each_into(key, selected, &mut zones)?;
        Some((zones.as_slice().to_vec(), steps))
    }

    /// `zones_of_each` into `zones` (on the stack while they fit): the steps.
    pub(super) fn zones_of_each_into(&self, key: u32, selected: bool, zones: &mut super::fused::Ids) -> Option<usize> {
        for p in self.seated_iter() {
            zones.push(self.zone_keyed_of(key, Some(p))?);
        }
        let steps = 2 + if selected { 1 + zones.len() } else { 0 };
        zones.sort_dedup();
        Some(steps)
    }

    /// `count`/`exists`/`first` of `cards in Z`, as `builtin_fn` reads a zone in place:
    /// the selector's, its place filter's and the zone's steps, then the zone's things.
    #[inline(always)]
    pub(super) fn fast_in_zone(&mut self, fun: Fun, cards: bool, key: u32, of: Of, cx: &Ctx) -> Option<Value> {
        let owner = self.zone_owner(of, cx)?;
        self.tick_n(in_zone_steps(of)).ok()?;
        let z = self.zone_keyed_of(key, owner)?;
        let s = &self.w.state;
        let kind = |e: &usize| s.is_card(*e) == cards;
        let items = &s.zones[z].items;
        Some(match fun {
            Fun::Count => Value::Int(self.count_of(z, cards)),
            Fun::Exists => Value::Bool(items.iter().any(kind)),
            Fun::First => items.iter().find(|e| kind(e)).map_or(Value::Null, |&e| Value::Ent(e)),
        })
    }

    /// `first(cards in Z)` as `fast_in_zone` reads it, with its steps, as an id: `None`
    /// where it gives up, `Some(None)` for an empty zone.
    pub(super) fn first_in_zone(&mut self, cards: bool, key: u32, of: Of, cx: &Ctx) -> Option<Option<EntId>> {
        let owner = self.zone_owner(of, cx)?;
        self.tick_n(in_zone_steps(of)).ok()?;
        let z = self.zone_keyed_of(key, owner)?;
        Some(self.w.state.nth_in(z, cards, 0))
    }

    /// Whose zone `count`/`exists`/`first` of `cards in Z` reads: the acting player's
    /// (else the shared one), `you`'s, or `it`'s; `None` when there is none such.
    pub(super) fn zone_owner(&self, of: Of, cx: &Ctx) -> Option<Option<PlayerId>> {
        Some(match of {
            Of::Alone => cx.you,
            Of::You => Some(cx.you?),
            Of::It => match &cx.it {
                Some(Value::Player(p)) => Some(*p),
                _ => return None,
            },
        })
    }

    /// How many cards (or pieces) zone `z` holds.
    #[inline(always)]
    fn count_of(&self, z: ZoneId, cards: bool) -> i64 {
        self.w.state.count_in(z, cards) as i64
    }

    /// The count `Tb::Count` compares (its steps counted by the caller); `None` where
    /// `fast_in_zone` gives up.
    pub(super) fn zone_count(&self, cards: bool, key: u32, of: Of, cx: &Ctx) -> Option<i64> {
        let z = self.zone_keyed_of(key, self.zone_owner(of, cx)?)?;
        Some(self.count_of(z, cards))
    }
}

/// The steps `builtin_fn` counts for `cards in Z` read in place: the selector's, its
/// place filter's, the zone name's, and the player's of `Z of X`.
#[inline]
pub(super) fn in_zone_steps(of: Of) -> usize {
    if matches!(of, Of::Alone) {
        3
    } else {
        4
    }
}

/// `Z of each player`, `Z of all players` or `Z of players`, for a zone `Z`: the zone
/// name's key, and whether the players are written as a selection.
pub(super) fn everyone(rules: &super::rules::Rules, e: &Expr) -> Option<(u32, bool)> {
    let ExprKind::Of(a, b) = &e.kind else { return None };
    let ExprKind::Name(_, Res::Global(key)) = &a.kind else { return None };
    if rules.globals.get(*key as usize) != Some(&super::compile::Global::Zone) {
        return None;
    }
    let (base, selected) = match &b.kind {
        ExprKind::Select { quantity, base, filters }
            if filters.is_empty()
                && matches!(
                    quantity.as_ref().map(|q| &q.kind),
                    None | Some(QuantityKind::Each | QuantityKind::All)
                ) =>
        {
            (&**base, true)
        }
        _ => (&**b, false),
    };
    let ExprKind::Name(_, Res::Global(i)) = &base.kind else { return None };
    rules.names_players(*i).then_some((*key, selected))
}
