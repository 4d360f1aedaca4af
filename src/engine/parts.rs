//! What the game state is made of: players, zones and their visibility, entities
//! (cards and pieces) and where they are, counters' holders and bounds, the clock.

use std::collections::BTreeMap;

use super::value::Value;

/// Index of a player (its seat at the start of the game).
pub type PlayerId = usize;
/// Index of a card or piece.
pub type EntId = usize;
/// Index of a zone (or board space).
pub type ZoneId = usize;

/// One player.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The name scenarios and transcripts use.
    pub name: String,
    /// The player's role, if the game has roles.
    pub role: Option<String>,
    /// The faction they play, if any.
    pub faction: Option<String>,
}

/// Who sees a zone's contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Vis {
    /// Everyone.
    #[default]
    Public,
    /// The zone's owner.
    Owner,
    /// Nobody.
    Hidden,
    /// Everyone but the owner (cards held facing away).
    Others,
}

/// One zone instance: a player's hand, a shared deck, a board space.
#[derive(Debug, Clone, PartialEq)]
pub struct Zone {
    /// The zone's name as declared (a space's id for a board space).
    pub name: String,
    /// Whose zone this is (`None` for shared zones and spaces).
    pub owner: Option<PlayerId>,
    /// Whether order matters (index 0 is the top).
    pub ordered: bool,
    /// Whether what it holds is in play.
    pub in_play: bool,
    /// Who sees its contents.
    pub vis: Vis,
    /// How many things it may hold.
    pub capacity: Option<usize>,
    /// Whether its owner may play the cards in it (and use their abilities from it).
    pub playable: bool,
    /// Board attributes when the zone is a board space.
    pub attrs: Option<BTreeMap<String, Value>>,
    /// What it holds, top first.
    pub items: super::items::Items,
}

impl Zone {
    /// Whether it is a board space (a zone with attributes), not a hand or a deck.
    pub fn is_space(&self) -> bool {
        self.attrs.is_some()
    }

    /// Whether what it holds is in play (an in-play zone, or a board space).
    pub fn holds_in_play(&self) -> bool {
        self.in_play || self.is_space()
    }
}

/// Where a card or piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loc {
    /// In a zone (or at a board space).
    Zone(ZoneId),
    /// Attached to (borne by) another entity.
    On(EntId),
    /// Out of the game.
    Gone,
}

/// What an entity is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A card, by index into the ruleset's card definitions.
    Card(usize),
    /// A piece of the kind with this name (`State::piece_name`).
    Piece(super::names::NameId),
}

/// A card or piece.
#[derive(Debug, Clone, PartialEq)]
pub struct Entity {
    /// Card or piece.
    pub kind: Kind,
    /// Unique label in this game: a card's id (`id#2` for a second copy), `pawn#3`.
    pub label: crate::text::Text,
    /// Its owner.
    pub owner: Option<PlayerId>,
    /// Where it is.
    pub loc: Loc,
    /// Where it came from: `remove` and `return` send it back here.
    pub home: Option<ZoneId>,
    /// Face up (true) or down.
    pub face_up: bool,
    /// The current side of a two-sided piece (`State::piece_name`).
    pub side: Option<super::names::NameId>,
    /// Whether it is exhausted (used).
    pub exhausted: bool,
    /// Properties assigned by `set` with no duration (they replace the printed value).
    pub props: BTreeMap<String, Value>,
    /// Players it was revealed to since it last moved (bit `p` for player `p`).
    pub shown: u64,
}

/// What a counter is kept on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Holder {
    /// The game (one shared pool).
    Game,
    /// A player.
    Player(PlayerId),
    /// A card or piece.
    Ent(EntId),
    /// A zone or board space.
    Zone(ZoneId),
}

/// The bounds and start of a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bounds {
    /// Lowest value.
    pub min: Option<i64>,
    /// Highest value.
    pub max: Option<i64>,
    /// Value before anything changes it.
    pub start: i64,
    /// A value past `min` or `max` is brought to it, not refused (`clamp: true`).
    pub clamp: bool,
}

impl Bounds {
    /// `v` within the bounds where they clamp; else `v` as it is.
    #[inline]
    pub fn clamped(&self, v: i64) -> i64 {
        if !self.clamp {
            return v;
        }
        let v = self.min.map_or(v, |m| v.max(m));
        self.max.map_or(v, |m| v.min(m))
    }
}

/// Where the game is in its turn structure.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Clock {
    /// Turn number, from 1.
    pub turn: u32,
    /// Round number, from 1.
    pub round: u32,
    /// Index of the current phase in the ruleset's turn.
    pub phase: usize,
    /// The current step of the phase, if it has steps.
    pub step: Option<usize>,
    /// Position of the active player in this round's order.
    pub slot: usize,
    /// This round's turn order (shared: checkpoints copy the clock).
    pub order: std::sync::Arc<[PlayerId]>,
}
