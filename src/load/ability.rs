//! Abilities of cards and factions as read from YAML (see docs/FORMAT.md): `Ability`, its
//! kind and the fields most abilities lack (`AbilityExtras`). Re-exported by `model`.

use super::model::{ScriptSrc, Sp};
use crate::diag::{FileId, Loc};
use crate::text::Text;

/// What kind of ability this is.
#[derive(Debug, Clone, PartialEq)]
pub enum AbilityKind {
    /// `action: phase` — activated, usable in that phase. The phase's name is shared with
    /// the other abilities of that phase.
    Action(Sp<Text>),
    /// `when: event` — triggered (grammar entry `event`).
    When(ScriptSrc),
    /// `static: script` — continuous while in play.
    Static(ScriptSrc),
    /// `before:`, `instead:`, `prevent:` or `response:` an event (grammar entry `event`).
    React(React, ScriptSrc),
}

/// How an ability answers an event other than triggering after it (`when:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum React {
    /// `before: EVENT` — resolves when the event is about to happen, before it does.
    Before,
    /// `instead: EVENT` — the effect happens instead of the event (a replacement).
    Instead,
    /// `prevent: EVENT` — the event does not happen.
    Prevent,
    /// `response: EVENT` — its controller may use it right after the event (a reaction).
    Response,
}

impl React {
    /// The YAML key.
    pub fn key(self) -> &'static str {
        match self {
            React::Before => "before",
            React::Instead => "instead",
            React::Prevent => "prevent",
            React::Response => "response",
        }
    }
}

/// One ability of a card or faction.
#[derive(Debug, Clone, PartialEq)]
pub struct Ability {
    /// Exactly one of `action` / `when` / `static`.
    pub kind: AbilityKind,
    /// `requires:` condition.
    pub requires: Option<ScriptSrc>,
    /// `cost:` script, paid atomically.
    pub cost: Option<ScriptSrc>,
    /// `effect:` script.
    pub effect: Option<ScriptSrc>,
    /// `used_by:` expr: the players who may use it (default its controller).
    pub used_by: Option<ScriptSrc>,
    /// `optional:`, `name:`, `limit:` and `from:`, which most abilities have none of, boxed
    /// together so that they cost one pointer (read them through the methods).
    pub extras: Option<Box<AbilityExtras>>,
    /// The file.
    pub file: FileId,
    /// The ability's mapping.
    pub span: Loc,
}

/// The rarely given fields of an `Ability`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AbilityExtras {
    /// `optional:` ask before resolving (default false).
    pub optional: Option<Sp<bool>>,
    /// `name:` the ability's name in legal actions (`use draw`).
    pub name: Option<Sp<String>>,
    /// `limit:` how often a player may use it per period (`2 per turn`).
    pub limit: Option<Sp<UseLimit>>,
    /// `from:` zones (besides play) where the card's ability works, e.g. `[hand]`.
    pub from: Box<[Sp<String>]>,
}

impl Ability {
    /// `optional:`.
    pub fn optional(&self) -> Option<&Sp<bool>> {
        self.extras.as_ref()?.optional.as_ref()
    }

    /// `name:`.
    pub fn name(&self) -> Option<&Sp<String>> {
        self.extras.as_ref()?.name.as_ref()
    }

    /// `limit:`.
    pub fn limit(&self) -> Option<&Sp<UseLimit>> {
        self.extras.as_ref()?.limit.as_ref()
    }

    /// `from:` (empty when not given).
    pub fn from(&self) -> &[Sp<String>] {
        self.extras.as_ref().map_or(&[], |x| &x.from)
    }

    /// The extras, made when the first one is given.
    pub fn extras_mut(&mut self) -> &mut AbilityExtras {
        self.extras.get_or_insert_with(Box::default)
    }
}

/// `limit: N per PERIOD`: uses per player and source in each turn, phase, round or game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseLimit {
    /// How many uses.
    pub times: u32,
    /// `turn`, `phase`, `round` or `game` (the word of `PERIODS`: the uses counted in
    /// a period share it, with no text made for each).
    pub per: &'static str,
}
