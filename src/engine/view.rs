//! What each player can see: a card is seen by a player when it was revealed to them
//! since it last moved, or by its zone's visibility (`public` face-up cards by everyone,
//! `owner` zones and face-down cards by their owner, `others` by everyone but the owner,
//! `hidden` by nobody). Events carry the set of players who saw their details.

use super::state::{EntId, PlayerId, State, Vis};

/// Every player sees it.
pub const EVERYONE: u64 = u64::MAX;

/// The bit of player `p` (players past 64 never see secrets).
pub fn bit(p: PlayerId) -> u64 {
    1u64.checked_shl(p as u32).unwrap_or(0)
}

/// Whether `p` is in the set.
pub fn has(set: u64, p: PlayerId) -> bool {
    set & bit(p) != 0
}

impl State {
    /// Whether player `p` can see card or piece `e` now.
    pub fn sees(&self, p: PlayerId, e: EntId) -> bool {
        let ent = &self.ents[e];
        if has(ent.shown, p) {
            return true;
        }
        let Some(z) = self.zone_of(e) else { return true };
        let zone = &self.zones[z];
        let mine = zone.owner.or(ent.owner) == Some(p);
        match zone.vis {
            Vis::Hidden => false,
            Vis::Owner => mine,
            Vis::Others => !mine && ent.face_up,
            Vis::Public => ent.face_up || mine,
        }
    }

    /// The players who can see `e` now.
    pub fn seen_by(&self, e: EntId) -> u64 {
        (0..self.players.len()).filter(|&p| self.sees(p, e)).fold(0, |m, p| m | bit(p))
    }

    /// Shows `e` to these players until it next moves.
    pub fn show_to(&mut self, e: EntId, players: u64) {
        self.record(super::journal::Undo::Loc(e, self.ents[e].loc, self.ents[e].shown));
        self.ents[e].shown |= players;
    }
}
