//! Built-in relations of a thing or a player: `owner of x`, `zone of x`, `left of p`, ...
//! The relation's word is resolved once (`Rel::of`; for a compiled name, when the rules
//! are built: `Rules::relations`), so reading one compares no words.

use crate::engine::Value;

use super::{Halt, Interp, R};

/// A built-in relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    Owner,
    Controller,
    Left,
    Right,
    Zone,
    Space,
    Side,
    Exhausted,
    FaceUp,
    Name,
    Id,
    CardId,
}

impl Rel {
    /// The relation a word names, if any.
    pub fn of(n: &str) -> Option<Rel> {
        Some(match n {
            "owner" => Rel::Owner,
            "controller" => Rel::Controller,
            "left" => Rel::Left,
            "right" => Rel::Right,
            "zone" => Rel::Zone,
            "space" => Rel::Space,
            "side" => Rel::Side,
            "exhausted" => Rel::Exhausted,
            "face_up" => Rel::FaceUp,
            "name" => Rel::Name,
            "id" => Rel::Id,
            "card_id" => Rel::CardId,
            _ => return None,
        })
    }
}

impl Interp<'_> {
    /// What zone `z` holds, as a selection: nothing, its one thing, or the list of them
    /// (which `X of` refuses, as it refuses any selection of more than one).
    pub(super) fn zone_as_selection(&self, z: usize) -> Value {
        match &self.w.state.zones[z].items[..] {
            [] => Value::Null,
            [e] => Value::Ent(*e),
            es => Value::List(es.iter().map(|&e| Value::Ent(e)).collect()),
        }
    }

    /// Built-in relations: `owner of x`, `left of p`, `zone of x`, ...
    pub fn relation(&mut self, n: &str, x: &Value) -> R<Value> {
        match Rel::of(n) {
            Some(r) => self.relation_of(r, n, x),
            // Nothing, and a board space, have no other relation.
            None if matches!(x, Value::Null) => Ok(Value::Null),
            None if matches!(x, Value::Zone(z) if self.w.state.zones[*z].is_space()) => Ok(Value::Null),
            None => Err(Halt::error(format!("`{n} of {}` means nothing", self.show(x)))),
        }
    }

    /// Relation `r` (written `n`) of `x`.
    pub(super) fn relation_of(&mut self, r: Rel, n: &str, x: &Value) -> R<Value> {
        // Of nothing, nothing, as for properties: `exhausted of first(x)` of an empty `x`
        // is no error (a checker cannot tell an empty selection ahead). What is a truth
        // stays one: nothing is neither exhausted nor face up.
        if matches!(x, Value::Null) {
            return Ok(if matches!(r, Rel::Exhausted | Rel::FaceUp) { Value::Bool(false) } else { Value::Null });
        }
        let s = &self.w.state;
        // A board space (a value that cards and spaces both have selects both) is never
        // exhausted nor face down, has no side and lies in no zone; it has its owner, if
        // any, and its name.
        if let Value::Zone(z) = x {
            if s.zones[*z].is_space() {
                return Ok(match r {
                    Rel::Exhausted => Value::Bool(false),
                    Rel::FaceUp => Value::Bool(true),
                    Rel::Owner | Rel::Controller => s.zones[*z].owner.map_or(Value::Null, Value::Player),
                    Rel::Space => x.clone(),
                    Rel::Name => Value::Str(s.zones[*z].name.as_str().into()),
                    Rel::Id | Rel::CardId => Value::Sym(s.zones[*z].name.as_str().into()),
                    _ => Value::Null,
                });
            }
        }
        // Any other zone answers whose and which zone it is; the rest it reads of what it
        // holds, as `rank of hand` reads its card (`prop_at`).
        if let Value::Zone(z) = x {
            match r {
                Rel::Owner | Rel::Controller => return Ok(s.zones[*z].owner.map_or(Value::Null, Value::Player)),
                Rel::Name => return Ok(Value::Str(s.zones[*z].name.as_str().into())),
                _ => {
                    let held = self.zone_as_selection(*z);
                    return self.relation_of(r, n, &held);
                }
            }
        }
        let ent = |v: &Value| match v {
            Value::Ent(e) => Ok(*e),
            Value::List(l) if l.len() == 1 => match l[0] {
                Value::Ent(e) => Ok(e),
                _ => Err(Halt::error(format!("`{n} of` needs a card or piece"))),
            },
            v => Err(Halt::error(format!("`{n} of` needs a card or piece, found {}", self.show(v)))),
        };
        Ok(match (r, x) {
            (Rel::Owner | Rel::Controller, Value::Player(p)) => Value::Player(*p),
            (Rel::Left, Value::Player(p)) => Value::Player(s.seat_from(*p, 1)),
            (Rel::Right, Value::Player(p)) => Value::Player(s.seat_from(*p, -1)),
            (Rel::Owner, v) => s.ents[ent(v)?].owner.map(Value::Player).unwrap_or(Value::Null),
            (Rel::Controller, v) => {
                let e = ent(v)?;
                s.controller_or_owner(e).map(Value::Player).unwrap_or(Value::Null)
            }
            (Rel::Zone, v) => s.zone_of(ent(v)?).map(Value::Zone).unwrap_or(Value::Null),
            (Rel::Space, v) => match s.zone_of(ent(v)?) {
                Some(z) if s.zones[z].is_space() => Value::Zone(z),
                _ => Value::Null,
            },
            (Rel::Side, v) => s.ents[ent(v)?].side.map(|x| Value::Sym(s.piece_name(x).into())).unwrap_or(Value::Null),
            (Rel::Exhausted, v) => Value::Bool(s.ents[ent(v)?].exhausted),
            (Rel::FaceUp, v) => Value::Bool(s.ents[ent(v)?].face_up),
            (Rel::Name, Value::Player(p)) => Value::Str(s.players[*p].name.as_str().into()),
            (Rel::Name, v) => {
                let e = ent(v)?;
                match &s.ents[e].kind {
                    crate::engine::Kind::Card(c) => Value::Str(self.rules.cards[*c].name.as_str().into()),
                    crate::engine::Kind::Piece(k) => Value::Str(s.piece_name(*k).into()),
                }
            }
            (Rel::Id, v) => Value::Sym(s.ents[ent(v)?].label.as_str().into()),
            // Every copy's the same: the card's own id, not the copy's label (`gem`, not
            // `gem#2`); a piece's kind.
            (Rel::CardId, v) => match &s.ents[ent(v)?].kind {
                crate::engine::Kind::Card(c) => Value::Sym(self.rules.cards[*c].id.as_str().into()),
                crate::engine::Kind::Piece(k) => Value::Sym(s.piece_name(*k).into()),
            },
            (Rel::Left | Rel::Right, v) => return Err(Halt::error(format!("`{n} of {}` means nothing", self.show(v)))),
        })
    }
}
