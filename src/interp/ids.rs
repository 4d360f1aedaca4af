//! Typed comparisons of ids (`Tb::SameId`): `==` and `!=` of two players, things or
//! zones — `you == active_player`, `zone of this == hand`, `owner of it == you`, `x ==
//! none` (a binding `x`) — read in place as small copyable ids, with no `Value` made and no call to
//! `relation_of`: the commonest tests of whose turn it is and where a card is.
//!
//! Invariant (`typed.rs`'s): an id is what `typed_operand` gives for its operand, with the
//! same steps (counted at once by the node), and comparing two ids is `same` of the values
//! they stand for; where `typed_operand` gives up, `id_of` does too.

use crate::engine::{EntId, PlayerId, Value, ZoneId};
use crate::syntax::ast::{ExprKind, Res};

use crate::check::env::Sym;

use super::compile::{Builtin, Global};
use super::fast::{Fx, Kind};
use super::relation::Rel;
use super::rules::Rules;
use super::typed::Tb;
use super::{Ctx, Interp};

/// An operand of `Tb::SameId`: what gives one player, thing or zone (or nothing).
#[derive(Debug, Clone, Copy)]
pub(super) enum Ti {
    /// `none`.
    Null,
    You,
    This,
    It,
    Active,
    /// A zone named alone (name index).
    Zone(u32),
    /// `owner`, `controller` or `zone` of `you`, `this` or `it`.
    Rel(Rel, TiBase),
    /// One of the script's own bindings (`Res::Local`): its slot, and its name's length
    /// (a binding of another length there is not it: the typed test gives up).
    Slot(u32, usize),
    /// A game variable (name index): what it holds (a `player` variable such as `first_player`).
    Var(u32),
}

/// What `Ti::Rel` reads a relation of.
#[derive(Debug, Clone, Copy)]
pub(super) enum TiBase {
    You,
    This,
    It,
    /// A game variable (name index).
    Var(u32),
}

/// A value of `Ti`: comparing two is `same` of the values they stand for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Id {
    Null,
    Player(PlayerId),
    Ent(EntId),
    Zone(ZoneId),
}

/// `A == B` (or `!=`) of two operands that give players, things or zones (`Tb::SameId`).
pub(super) fn same_id(rules: &Rules, ne: bool, a: &Fx, b: &Fx) -> Option<Tb> {
    let (x, y) = (id_operand(rules, a)?, id_operand(rules, b)?);
    // Two bindings may hold anything (numbers, most often): compared as values.
    if matches!((x, y), (Ti::Slot(..), Ti::Slot(..))) {
        return None;
    }
    Some(Tb::SameId(ne, x, y, 1 + id_steps(x) + id_steps(y)))
}

/// The steps `typed_operand` counts for the operand a `Ti` stands for.
pub(super) fn id_steps(t: Ti) -> usize {
    match t {
        Ti::Rel(..) => 2,
        _ => 1,
    }
}

/// A `Ti` for an operand node, if it is one.
pub(super) fn id_operand(rules: &Rules, fx: &Fx) -> Option<Ti> {
    // A game variable: what `global` reads for it.
    let var = |i: u32| match rules.globals.get(i as usize) {
        Some(Global::Variable(_)) => true,
        Some(Global::Other) => matches!(rules.env.entry(i), Some((_, Sym::Variable(_)))),
        _ => false,
    };
    let base = |x: &Fx| match x.kind {
        Kind::You => Some(TiBase::You),
        Kind::This => Some(TiBase::This),
        Kind::It => Some(TiBase::It),
        Kind::Global(i) if var(i) => Some(TiBase::Var(i)),
        _ => None,
    };
    Some(match &fx.kind {
        Kind::Lit(Value::Null) => Ti::Null,
        Kind::Eval => match &fx.expr().kind {
            ExprKind::Name(n, Res::Local(k)) => Ti::Slot(*k, n.len()),
            _ => return None,
        },
        Kind::You => Ti::You,
        Kind::This => Ti::This,
        Kind::It => Ti::It,
        Kind::Global(i) => match rules.globals.get(*i as usize)? {
            Global::Builtin(Builtin::ActivePlayer) => Ti::Active,
            Global::Builtin(Builtin::Nothing) => Ti::Null,
            Global::Zone => Ti::Zone(*i),
            Global::Variable(_) => Ti::Var(*i),
            Global::Other if var(*i) => Ti::Var(*i),
            _ => return None,
        },
        Kind::Of(b) => {
            let ExprKind::Of(a, _) = &fx.expr().kind else { return None };
            let ExprKind::Name(_, Res::Global(i)) = &a.kind else { return None };
            let rel = rules.relations.get(*i as usize).copied().flatten()?;
            if !matches!(rel, Rel::Owner | Rel::Controller | Rel::Zone | Rel::Left | Rel::Right) {
                return None;
            }
            Ti::Rel(rel, base(b)?)
        }
        _ => return None,
    })
}

impl Interp<'_> {
    /// Game variable `id` (compiled from name `i`): what it holds, if set.
    pub(super) fn var_at(&self, id: crate::engine::VarId, _i: u32) -> Option<Value> {
        debug_assert_eq!(
            Some(self.w.state.vars.name(id)),
            self.rules.env.entry(_i).map(|(name, _)| name),
            "variable ids follow `lay_out`"
        );
        self.w.state.var_at(id).cloned()
    }

    /// What game variable `i` holds as an id, as `global` reads it (unset, nothing);
    /// `None` for a value of another kind.
    fn var_id(&self, i: u32) -> Option<Id> {
        let rules: &Rules = self.rules;
        let v = match rules.globals.get(i as usize) {
            Some(&super::compile::Global::Variable(id)) => self.var_at(id, i),
            _ => self.w.state.var(rules.env.entry(i)?.0),
        };
        Some(match v {
            None | Some(Value::Null) => Id::Null,
            Some(Value::Player(p)) => Id::Player(p),
            Some(Value::Ent(e)) => Id::Ent(e),
            Some(Value::Zone(z)) => Id::Zone(z),
            Some(_) => return None,
        })
    }

    /// The player, thing or zone a `Ti` gives, as `typed_operand` gives it (`None`: it
    /// gives up where that does).
    #[inline(always)]
    pub(super) fn id_of(&self, t: Ti, cx: &Ctx) -> Option<Id> {
        let s = &self.w.state;
        let thing = |v: &Option<Value>| match v {
            Some(Value::Ent(e)) => Some(Id::Ent(*e)),
            Some(Value::Player(p)) => Some(Id::Player(*p)),
            _ => None,
        };
        Some(match t {
            Ti::Null => Id::Null,
            Ti::You => Id::Player(cx.you?),
            Ti::This => thing(&cx.this)?,
            Ti::It => thing(&cx.it)?,
            Ti::Active => Id::Player(s.active()?),
            Ti::Zone(i) => Id::Zone(self.zone_keyed_of(i, cx.you)?),
            // What the binding holds, if it is one player, thing or zone, or nothing.
            Ti::Slot(k, len) => match cx.slot_sized(k, len)? {
                Value::Player(p) => Id::Player(*p),
                Value::Ent(e) => Id::Ent(*e),
                Value::Zone(z) => Id::Zone(*z),
                Value::Null => Id::Null,
                _ => return None,
            },
            Ti::Var(i) => self.var_id(i)?,
            Ti::Rel(rel, base) => {
                let x = match base {
                    TiBase::You => Id::Player(cx.you?),
                    TiBase::This => thing(&cx.this)?,
                    TiBase::It => thing(&cx.it)?,
                    TiBase::Var(i) => self.var_id(i)?,
                };
                // As `relation_of`: a player is their own owner and controller, and lies
                // in no zone (an error there, so this gives up).
                let player = |p: Option<PlayerId>| p.map_or(Id::Null, Id::Player);
                match (rel, x) {
                    (Rel::Owner | Rel::Controller, Id::Player(p)) => Id::Player(p),
                    (Rel::Owner, Id::Ent(e)) => player(s.ents[e].owner),
                    (Rel::Controller, Id::Ent(e)) => player(s.controller_or_owner(e)),
                    (Rel::Zone, Id::Ent(e)) => s.zone_of(e).map_or(Id::Null, Id::Zone),
                    // The neighbours in seat order, as `relation_of` finds them.
                    (Rel::Left, Id::Player(p)) => Id::Player(s.seat_from(p, 1)),
                    (Rel::Right, Id::Player(p)) => Id::Player(s.seat_from(p, -1)),
                    _ => return None,
                }
            }
        })
    }
}
