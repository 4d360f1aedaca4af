//! `count` and `exists` of things at a place, perhaps owned or controlled by a player,
//! as a node of compiled conditions (`fast.rs`): `count(pawns owned by p at c)`,
//! `exists(pawns at c)`, `exists(pawns you control at c)`. Board games ask these of every
//! player in every space whenever they weigh who rules where, and the general path lists
//! the place's things, then the owner's, to count them. Here they are counted where they
//! lie, with the tests the general path applies (`Interp::each_named`, `whose_keeps`).
//!
//! Invariant (`fast.rs`'s): the node gives what `eval` gives and counts the steps
//! `select` counts: the call's, the selection's, `located_in`'s (or the noun's name),
//! the place's and the player's own, one per thing of the place, and with an owner or
//! controller one more per thing for that filter. A place that is not made of zones
//! gives up.

use crate::engine::{EntId, PlayerId, State, Value, ZoneId};
use crate::syntax::ast::*;

use super::compile::{Builtin, Global};
use super::fast::Fun;
use super::located::Zones;
use super::rules::Rules;
use super::{Ctx, Interp};

/// A compiled `count`/`exists` of `NOUN [owned by P] at C` (or `controlled by P`, `you
/// control`).
#[derive(Debug)]
pub(super) struct CountAt {
    fun: Fun,
    what: What,
    /// The place filter's index among the selection's filters.
    place: usize,
    /// The other filter's index and what it tests, if there is one.
    whose: Option<(usize, Whose)>,
}

/// Which player's things a filter keeps (`select::keeps`, `whose_keeps`).
#[derive(Debug, Clone, Copy)]
pub(super) enum Whose {
    /// `owned by P`: the thing's owner is one of P.
    Owned,
    /// `controlled by P`: its controller (`State::controller`) is one of P.
    Controlled,
    /// `you control`: its controller is the acting player.
    Yours,
}

/// What is counted.
#[derive(Debug)]
enum What {
    /// Every card (`true`) or every piece.
    All(bool),
    /// A noun no property holds as a value (a piece kind, a side, a board value): its key
    /// in the rules' noun table (`Rules::noun_at`).
    Noun(u32),
}

/// `fun(x)` as a `CountAt` node, when `x` has its shape and `select` would take its place
/// filter first (`candidates`): `NOUN at C`, `NOUN owned by P at C` (P a name, `you` or
/// `this`; or `controlled by P`, `you control`), `NOUN at C owned by P`; `cards`/`pieces`
/// only with such a filter (alone, `builtin_fn` reads their zones in place, with other
/// steps).
pub(super) fn count_at(rules: &Rules, fun: Fun, x: &Expr) -> Option<CountAt> {
    if fun == Fun::First {
        return None;
    }
    let ExprKind::Select { quantity: None, base, filters } = &x.kind else { return None };
    // The place filter `candidates` takes first, and the other filter, of whose things are.
    let place = super::select::first_place(filters)?;
    let whose = match filters.len() {
        1 => None,
        2 => Some((1 - place, whose(&filters[1 - place])?)),
        _ => return None,
    };
    let ExprKind::Name(_, Res::Global(i)) = &base.kind else { return None };
    let what = match rules.globals.get(*i as usize)? {
        Global::Builtin(Builtin::Cards) if whose.is_some() => What::All(true),
        Global::Builtin(Builtin::Pieces) if whose.is_some() => What::All(false),
        Global::Other => {
            let key = rules.noun_at(*i)?;
            if rules.noun_table.get(key).by_value() {
                return None;
            }
            What::Noun(key)
        }
        _ => return None,
    };
    Some(CountAt { fun, what, place, whose })
}

impl Interp<'_> {
    /// A `CountAt` node's value (the call's step already counted by `fast_node`); `None`
    /// when it gives up.
    pub(super) fn fast_counted(&mut self, e: &Expr, c: &CountAt, cx: &mut Ctx) -> Option<Value> {
        let ExprKind::Call(call) = &e.kind else { return None };
        let ExprKind::Select { filters, .. } = &call.args.first()?.kind else { return None };
        // Debug builds select again in the written order (`candidates`), where a player's
        // filter written first is tested first: the general path then counts its steps.
        if c.place > 0 && self.in_order {
            return None;
        }
        // The selection's step, then `located_in`'s (or, for a noun, its name's).
        self.tick_n(2).ok()?;
        let zones = match bound(&filters[c.place], cx) {
            Some(Value::Zone(z)) => {
                self.tick().ok()?;
                Zones::One([*z])
            }
            _ => {
                let place = self.filter_arg(&filters[c.place], cx).ok()?.unwrap_or(Value::Null);
                self.zones_in(&place)?
            }
        };
        let whose = match c.whose {
            Some((i, w)) => Some((w, self.player_arg(&filters[i], cx)?)),
            None => None,
        };
        let (n, kept) = self.counted_at(&zones, &c.what, whose.as_ref(), cx.you);
        // One step per thing of the place, and as many again for the player's filter.
        self.tick_n(n).ok()?;
        if whose.is_some() {
            self.tick_n(n).ok()?;
        }
        Some(match c.fun {
            Fun::Count => Value::Int(kept as i64),
            _ => Value::Bool(kept > 0),
        })
    }

    /// The argument of a player's filter, as `filter_arg` gives it: a player bound to a
    /// local read from its slot (its one step), else evaluated.
    fn player_arg(&mut self, f: &Filter, cx: &mut Ctx) -> Option<Option<Value>> {
        match bound(f, cx) {
            Some(&Value::Player(p)) => {
                self.tick().ok()?;
                Some(Some(Value::Player(p)))
            }
            _ => self.filter_arg(f, cx).ok(),
        }
    }

    /// How many things of `what` `zones` hold, and how many of them the player's filter
    /// keeps (its test and argument; all of them without one), `you` acting.
    fn counted_at(
        &self,
        zones: &[ZoneId],
        what: &What,
        whose: Option<&(Whose, Option<Value>)>,
        you: Option<PlayerId>,
    ) -> (usize, usize) {
        let s = &self.w.state;
        let (mut n, mut kept) = (0, 0);
        let mut count = |e: Option<EntId>| {
            n += 1;
            let keeps = match (whose, e) {
                (None, _) => true,
                (Some((w, arg)), Some(e)) => whose_keeps(s, *w, e, arg.as_ref(), you),
                // A space is nobody's.
                (Some(_), None) => false,
            };
            kept += usize::from(keeps);
        };
        match what {
            What::All(cards) => {
                let all = zones.iter().flat_map(|&z| s.zones[z].items.iter());
                all.filter(|&&e| s.is_card(e) == *cards).for_each(|&e| count(Some(e)));
            }
            What::Noun(key) => self.each_named(self.rules.noun_table.get(*key), zones, |v| match v {
                Value::Ent(e) => count(Some(e)),
                _ => count(None),
            }),
        }
        (n, kept)
    }
}

/// Whether thing `e` passes a filter of whose it is (`select::keeps` asks it of every
/// candidate): `arg` the filter's players, one or a list, read where they are (no list
/// made); `you` the acting player.
#[inline]
pub(super) fn whose_keeps(s: &State, w: Whose, e: EntId, arg: Option<&Value>, you: Option<PlayerId>) -> bool {
    let among =
        |p: PlayerId| arg.is_some_and(|v| v.as_slice().iter().any(|x| matches!(x, Value::Player(q) if *q == p)));
    match w {
        Whose::Owned => s.ents[e].owner.is_some_and(among),
        Whose::Controlled => s.controller(e).is_some_and(among),
        Whose::Yours => you.is_some() && s.controller(e) == you,
    }
}

/// The test a filter of whose things are applies.
fn whose(f: &Filter) -> Option<Whose> {
    match &f.kind {
        FilterKind::OwnedBy(_) => Some(Whose::Owned),
        FilterKind::ControlledBy(_) => Some(Whose::Controlled),
        FilterKind::YouControl => Some(Whose::Yours),
        _ => None,
    }
}

/// The value of a filter's argument when it is a local read from its slot (`eval` reads
/// it so, for one step): a place, an owner or a controller named by a parameter.
fn bound<'c>(f: &Filter, cx: &'c Ctx) -> Option<&'c Value> {
    let (FilterKind::In(x)
    | FilterKind::From(x)
    | FilterKind::At(x)
    | FilterKind::OwnedBy(x)
    | FilterKind::ControlledBy(x)) = &f.kind
    else {
        return None;
    };
    match &x.kind {
        ExprKind::Name(n, Res::Local(k)) => cx.slot(*k, n),
        _ => None,
    }
}
