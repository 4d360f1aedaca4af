//! Copying a state into another state's buffers: a simulation's worker copies the table
//! dealt once into its previous game's state, so the entities' labels, the zones' names
//! and contents and the log are written where they were, instead of allocated for every
//! game and freed after it (most of the work a short game does outside its turns).
//!
//! Invariant: after `copy_from(src)` the state equals `src` (debug builds assert it).
//! Every struct is taken apart field by field, so a field added later cannot be left out:
//! the pattern no longer compiles.

use super::{Entity, Player, State, Zone};

/// `dst` becomes a copy of `src`: the common elements copied in place, the rest cloned.
fn copy_vec<T: Clone>(dst: &mut Vec<T>, src: &[T], copy: impl Fn(&mut T, &T)) {
    dst.truncate(src.len());
    let have = dst.len();
    for (d, s) in dst.iter_mut().zip(src) {
        copy(d, s);
    }
    dst.extend_from_slice(&src[have..]);
}

impl State {
    /// Becomes a copy of `src`, reusing this state's buffers.
    pub fn copy_from(&mut self, src: &State) {
        let State {
            players,
            seats,
            zones,
            ents,
            cards,
            pieces,
            counters,
            vars,
            active,
            clock,
            rng,
            log,
            over,
            ending,
            eliminated,
            game,
            labels,
            zone_keys,
            journal,
            borne,
            spaces,
            grid,
            held,
            earlier,
            kept,
            names,
        } = src;
        copy_vec(&mut self.players, players, Player::copy_from);
        self.seats.clone_from(seats);
        copy_vec(&mut self.zones, zones, Zone::copy_from);
        copy_vec(&mut self.ents, ents, Entity::copy_from);
        self.cards.clone_from(cards);
        self.pieces = *pieces;
        self.counters.clone_from(counters);
        self.vars.clone_from(vars);
        self.active = *active;
        self.clock.clone_from(clock);
        self.rng.clone_from(rng);
        self.log.clone_from(log);
        self.over = *over;
        self.ending = *ending;
        self.eliminated.clone_from(eliminated);
        self.game = *game;
        self.labels.clone_from(labels);
        self.zone_keys.clone_from(zone_keys);
        self.journal.clone_from(journal);
        self.borne.clone_from(borne);
        self.spaces.clone_from(spaces);
        self.grid.clone_from(grid);
        self.held.clone_from(held);
        self.earlier.clone_from(earlier);
        self.kept.clone_from(kept);
        // Shared by every state of the same rules: nothing to copy, most often.
        if !std::sync::Arc::ptr_eq(&self.names, names) {
            self.names = std::sync::Arc::clone(names);
        }
        debug_assert!(self == src && self.journal_closed() == src.journal_closed(), "copy_from copies every part");
    }
}

impl Player {
    fn copy_from(&mut self, src: &Player) {
        let Player { name, role, faction } = src;
        self.name.clone_from(name);
        self.role.clone_from(role);
        self.faction.clone_from(faction);
    }
}

impl Zone {
    fn copy_from(&mut self, src: &Zone) {
        let Zone { name, owner, ordered, in_play, vis, capacity, playable, attrs, items } = src;
        self.name.clone_from(name);
        self.owner = *owner;
        self.ordered = *ordered;
        self.in_play = *in_play;
        self.vis = *vis;
        self.capacity = *capacity;
        self.playable = *playable;
        self.attrs.clone_from(attrs);
        self.items.clone_from(items);
    }
}

impl Entity {
    fn copy_from(&mut self, src: &Entity) {
        let Entity { kind, label, owner, loc, home, face_up, side, exhausted, props, shown } = src;
        self.kind = *kind;
        // A thing's label never changes: copied from the state the previous game was
        // copied from, it is the same shared text, and nothing is copied.
        if !crate::text::Text::ptr_eq(&self.label, label) {
            self.label = label.clone();
        }
        self.owner = *owner;
        self.loc = *loc;
        self.home = *home;
        self.face_up = *face_up;
        self.side = *side;
        self.exhausted = *exhausted;
        // Most things have no property of their own, before and after: an empty map is
        // left as it is (replacing it would drop one and make another, per thing, per game).
        if !(self.props.is_empty() && props.is_empty()) {
            self.props.clone_from(props);
        }
        self.shown = *shown;
    }
}
