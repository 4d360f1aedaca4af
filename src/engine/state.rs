//! The game state: players in a ring of seats, zones (board spaces are zones too),
//! entities (cards and pieces) with owner, location, facing, side and exhaustion,
//! bounded counters on anything, the clock (turn, round, phase, step) and the event log.
//! Nothing here knows a game: every name comes from the ruleset.

use std::collections::BTreeMap;

use super::counters::CounterId;
use super::journal::Undo;
use super::log::{Event, EventKind};
use super::rng::Rng;
use super::value::Value;

pub use super::parts::*;

/// The whole state of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// Players by id.
    pub players: Vec<Player>,
    /// Seats clockwise: `seats[i + 1]` is the left neighbour of `seats[i]` (a ring).
    pub seats: Vec<PlayerId>,
    /// Every zone.
    pub zones: Vec<Zone>,
    /// Every card and piece ever created.
    pub ents: Vec<Entity>,
    /// Whether each entity is a card (else a piece), beside `ents`: most selections test
    /// it for every thing of a zone, and a byte each keeps the test off the records.
    pub(super) cards: Vec<bool>,
    /// How many of `ents` are pieces: none in most card games, where counting a zone's
    /// cards is then its length.
    pub(super) pieces: usize,
    /// Counters: names, bounds, and the values that differ from their start.
    pub counters: super::counters::Counters,
    /// Game variables: those a game declares in `variables:` (`active_player` aside), by
    /// id (the interpreter declares them first, in their order).
    pub vars: super::vars::Vars,
    /// The player whose turn it is, the variable `active_player`: kept as it is, not in
    /// `vars`, as it is read on every action and set on every turn.
    pub(super) active: Option<PlayerId>,
    /// The turn structure position.
    pub clock: Clock,
    /// The one random generator.
    pub rng: Rng,
    /// Everything that happened.
    pub log: Vec<Event>,
    /// Whether the game has ended.
    pub over: bool,
    /// An `end game` ran: nothing more runs, and the game ends as the phase closes.
    pub ending: bool,
    /// Players who have left the game: no longer in seat order, turn order or `players`.
    pub eliminated: Vec<PlayerId>,
    /// Which game of a match this is (1 for a single game).
    pub game: u32,
    /// How many entities were labelled from each base name.
    pub labels: crate::fxhash::FxHashMap<String, usize>,
    /// Zones by a key their creator gives them (the interpreter: the index of the zone's
    /// name), with their owners: a lookup that compares no names.
    /// By key, then by owner (`None` first, then each player's): no search of the owners.
    zone_keys: Vec<Vec<Option<ZoneId>>>,
    /// What undoes the changes since the open checkpoints.
    pub(super) journal: super::journal::Journal,
    /// The entities attached to another (`Loc::On`), so that finding them costs what is
    /// attached, not the whole table.
    borne: std::collections::BTreeSet<EntId>,
    /// The board spaces (zones with attributes), in zone order: selections of spaces ask
    /// for them often, and they never change once made.
    spaces: Vec<ZoneId>,
    /// The spaces of a `grid:` board by place, to draw it as a grid in a player's table.
    pub grid: Option<std::sync::Arc<super::grid_view::Grid>>,
    /// Each player's playable zones, in zone order: a player's candidate plays are read
    /// from them at every action, and a search of every zone read every zone's record.
    held: Vec<Vec<ZoneId>>,
    /// The tables of a match's earlier games, game 1's first: their events' ids index
    /// them (`table_of`), as each game lays out its own table. They never change once
    /// the game is over, so a copy of the state shares them rather than copy them.
    pub earlier: Vec<std::sync::Arc<[Entity]>>,
    /// The counters a match carries from game to game (`keep:`), by name: what a player
    /// knew of their values at the end of a game, they know at the start of the next
    /// (`known.rs`). Empty in a match's first game and outside matches.
    pub kept: Vec<String>,
    /// The names of piece kinds and sides, by id (`names.rs`).
    pub(super) names: std::sync::Arc<super::names::PieceNames>,
}

impl State {
    /// An empty state with a seeded generator.
    pub fn new(seed: u64) -> Self {
        State {
            players: vec![],
            seats: vec![],
            zones: vec![],
            ents: vec![],
            cards: vec![],
            pieces: 0,
            counters: Default::default(),
            vars: Default::default(),
            active: None,
            clock: Clock { turn: 1, round: 1, ..Clock::default() },
            rng: Rng::new(seed),
            log: vec![],
            over: false,
            ending: false,
            eliminated: vec![],
            game: 1,
            labels: Default::default(),
            zone_keys: vec![],
            journal: Default::default(),
            borne: Default::default(),
            spaces: vec![],
            grid: None,
            held: vec![],
            earlier: vec![],
            kept: vec![],
            names: Default::default(),
        }
    }

    /// The table of game `game` of the match: the current one's, or an earlier game's
    /// (kept when the next was dealt).
    pub fn table_of(&self, game: u32) -> &[Entity] {
        match game.checked_sub(1).and_then(|g| self.earlier.get(g as usize)) {
            Some(table) if game != self.game => &table[..],
            _ => &self.ents,
        }
    }

    /// Adds a player in the next seat clockwise.
    pub fn add_player(&mut self, p: Player) -> PlayerId {
        self.players.push(p);
        let id = self.players.len() - 1;
        self.seats.push(id);
        id
    }

    /// The player with this name.
    pub fn player_named(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.name == name)
    }

    /// The zone with this name owned by `owner` (or shared when `owner` is `None`).
    pub fn zone(&self, name: &str, owner: Option<PlayerId>) -> Option<ZoneId> {
        self.zones.iter().position(|z| z.name == name && z.owner == owner)
    }

    /// Files zone `z` under `key` (zones of one name share a key; their owners tell
    /// them apart).
    pub fn key_zone(&mut self, key: u32, z: ZoneId) {
        let (k, slot) = (key as usize, owner_slot(self.zones[z].owner));
        if self.zone_keys.len() <= k {
            self.zone_keys.resize(k + 1, vec![]);
        }
        let zones = &mut self.zone_keys[k];
        if zones.len() <= slot {
            zones.resize(slot + 1, None);
        }
        // The first zone filed for an owner stays the one found.
        zones[slot].get_or_insert(z);
    }

    /// The zone filed under `key` owned by `owner` (shared when `owner` is `None`).
    #[inline]
    pub fn zone_keyed(&self, key: u32, owner: Option<PlayerId>) -> Option<ZoneId> {
        *self.zone_keys.get(key as usize)?.get(owner_slot(owner))?
    }

    /// The zones filed under `key`, by owner: the shared one first, then each player's
    /// (`owner_slot`); a `None` where that owner has none. Read once, for a loop over
    /// players.
    #[inline(always)]
    pub fn zones_keyed(&self, key: u32) -> &[Option<ZoneId>] {
        self.zone_keys.get(key as usize).map_or(&[], Vec::as_slice)
    }

    /// Adds a zone.
    pub fn add_zone(&mut self, z: Zone) -> ZoneId {
        if z.is_space() {
            self.spaces.push(self.zones.len());
        }
        if let (true, Some(p)) = (z.playable, z.owner) {
            if self.held.len() <= p {
                self.held.resize(p + 1, vec![]);
            }
            self.held[p].push(self.zones.len());
        }
        self.zones.push(z);
        self.zones.len() - 1
    }

    /// The playable zones player `p` owns, in zone order.
    #[inline]
    pub fn held_zones(&self, p: PlayerId) -> &[ZoneId] {
        self.held.get(p).map_or(&[], Vec::as_slice)
    }

    /// Every board space, in zone order.
    pub fn spaces(&self) -> &[ZoneId] {
        &self.spaces
    }

    /// Creates an entity in a zone (at the bottom of an ordered zone).
    pub fn create(&mut self, kind: Kind, label: String, owner: Option<PlayerId>, zone: ZoneId) -> EntId {
        let id = self.ents.len();
        let card = matches!(kind, Kind::Card(_));
        self.cards.push(card);
        self.pieces += usize::from(!card);
        self.ents.push(Entity {
            kind,
            label: label.into(),
            owner,
            loc: Loc::Zone(zone),
            home: Some(zone),
            face_up: true,
            side: None,
            exhausted: false,
            props: BTreeMap::new(),
            shown: 0,
        });
        self.zones[zone].items.push(id);
        self.journal.card_moves += 1;
        self.record(Undo::Created);
        id
    }

    /// Whether any entity is a piece (most card games have none).
    #[inline]
    pub fn has_pieces(&self) -> bool {
        self.pieces > 0
    }

    /// Whether entity `e` is a card (else a piece).
    #[inline]
    pub fn is_card(&self, e: EntId) -> bool {
        debug_assert_eq!(self.cards[e], matches!(self.ents[e].kind, Kind::Card(_)), "`cards` follows `ents`");
        self.cards[e]
    }

    /// How many cards (`cards`), else pieces, zone `z` holds.
    #[inline(always)]
    pub fn count_in(&self, z: ZoneId, cards: bool) -> usize {
        let items = &self.zones[z].items;
        if self.pieces == 0 {
            return if cards { items.len() } else { 0 };
        }
        items.iter().filter(|e| self.cards[**e] == cards).count()
    }

    /// The `i`th card (`cards`), else piece, of zone `z`, from the top.
    #[inline(always)]
    pub fn nth_in(&self, z: ZoneId, cards: bool, i: usize) -> Option<EntId> {
        let items = &self.zones[z].items;
        if self.pieces == 0 {
            return if cards { items.get(i).copied() } else { None };
        }
        items.iter().copied().filter(|&e| self.cards[e] == cards).nth(i)
    }

    /// The zone an entity is in, following attachments to their bearer's zone.
    pub fn zone_of(&self, e: EntId) -> Option<ZoneId> {
        let mut cur = e;
        for _ in 0..self.ents.len() + 1 {
            match self.ents[cur].loc {
                Loc::Zone(z) => return Some(z),
                Loc::On(b) => cur = b,
                Loc::Gone => return None,
            }
        }
        None
    }

    /// Whether an entity is in play (in an in-play zone, or borne by something in play).
    pub fn in_play(&self, e: EntId) -> bool {
        self.zone_of(e).is_some_and(|z| self.zones[z].holds_in_play())
    }

    /// Part of the table, in table order: the entities of the zones `zone` picks, zone by
    /// zone and top first, then the attached ones `borne` keeps. Lets a search look only
    /// where things can be without changing the order a full scan would give.
    pub fn table_where(&self, zone: impl Fn(ZoneId, &Zone) -> bool, borne: impl Fn(EntId) -> bool) -> Vec<EntId> {
        self.table_keep(zone, borne, |_| true)
    }

    /// `table_where`, keeping only the entities `keep` accepts (none is copied first).
    pub fn table_keep(
        &self,
        zone: impl Fn(ZoneId, &Zone) -> bool,
        borne: impl Fn(EntId) -> bool,
        keep: impl Fn(EntId) -> bool,
    ) -> Vec<EntId> {
        // Sized once for what the picked zones hold: a whole table grows no list by doubling.
        let picked = || self.zones.iter().enumerate().filter(|(z, zone_)| zone(*z, zone_)).map(|(_, z)| z);
        let mut out = Vec::with_capacity(picked().map(|z| z.items.len()).sum::<usize>() + self.borne.len());
        for z in picked() {
            out.extend(z.items.iter().copied().filter(|&e| keep(e)));
        }
        out.extend(self.borne().filter(|&e| borne(e) && keep(e)));
        out
    }

    /// Who controls an entity in play: the owner of its player zone, else its owner.
    pub fn controller(&self, e: EntId) -> Option<PlayerId> {
        let z = self.zone_of(e).filter(|&z| self.zones[z].holds_in_play())?;
        self.zones[z].owner.or(self.ents[e].owner)
    }

    /// Whose an entity is to act with: its controller in play, else its owner, else the
    /// player whose zone holds it (a card of a shared deck in someone's hand).
    pub fn controller_or_owner(&self, e: EntId) -> Option<PlayerId> {
        // `controller`, then the owner, then the zone's owner, with the zone found once.
        let (z, owner) = (self.zone_of(e), self.ents[e].owner);
        let found = match z {
            Some(z) if self.zones[z].holds_in_play() => self.zones[z].owner.or(owner),
            _ => owner.or_else(|| z.and_then(|z| self.zones[z].owner)),
        };
        debug_assert_eq!(found, self.controller(e).or(owner).or_else(|| z.and_then(|z| self.zones[z].owner)));
        found
    }

    /// Takes an entity out of wherever it is (zone or bearer).
    pub fn detach(&mut self, e: EntId) {
        self.record(Undo::Loc(e, self.ents[e].loc, self.ents[e].shown));
        if let Some((z, i)) = self.take_out(e) {
            self.record(Undo::Removed(z, i, e));
        }
        self.place(e, Loc::Gone);
    }

    /// Takes `e` out of the zone it is in (unrecorded: the caller records it), and what
    /// it was shown to with it; where it was, if it was in a zone.
    #[inline]
    fn take_out(&mut self, e: EntId) -> Option<(ZoneId, usize)> {
        self.ents[e].shown = 0;
        let Loc::Zone(z) = self.ents[e].loc else { return None };
        let items = &mut self.zones[z].items;
        let i = items.iter().position(|&x| x == e)?;
        items.remove_at(i);
        Some((z, i))
    }

    /// Puts an entity that left the game back at the end of zone `z` while a trigger's
    /// pattern reads the table, so that the pattern sees it where it last was (its "last
    /// known" place: `when: you destroy a cruiser at home`). Not recorded: [`State::unlend`]
    /// must follow before anything else changes the table.
    pub fn lend(&mut self, e: EntId, z: ZoneId) {
        // A new version either way: what is remembered of one table is not read on the other.
        self.journal.bump();
        self.zones[z].items.push(e);
        self.place(e, Loc::Zone(z));
    }

    /// Takes back an entity [`State::lend`] put back: out of the game again.
    pub fn unlend(&mut self, e: EntId, z: ZoneId) {
        self.journal.bump();
        if let Some(i) = self.zones[z].items.iter().rposition(|&x| x == e) {
            self.zones[z].items.remove_at(i);
        }
        self.place(e, Loc::Gone);
    }

    /// Shows entity `e`, which lies in a zone, in zone `z` instead while a pattern reads the
    /// table (a move's other end: where it is going, or where it came from). Not recorded:
    /// [`State::unshow`] must follow before anything else changes the table. `None` (and
    /// nothing changed) where it lies in no zone, or in `z`.
    pub fn show_in(&mut self, e: EntId, z: ZoneId) -> Option<(ZoneId, usize)> {
        let Loc::Zone(from) = self.ents[e].loc else { return None };
        if from == z {
            return None;
        }
        let i = self.zones[from].items.iter().position(|&x| x == e)?;
        // A new version either way: what is remembered of one table is not read on the other.
        self.journal.bump();
        self.zones[from].items.remove_at(i);
        self.zones[z].items.push(e);
        self.ents[e].loc = Loc::Zone(z);
        Some((from, i))
    }

    /// Puts back an entity [`State::show_in`] showed in `z`, where it lay.
    pub fn unshow(&mut self, e: EntId, z: ZoneId, (from, i): (ZoneId, usize)) {
        self.journal.bump();
        if let Some(j) = self.zones[z].items.iter().rposition(|&x| x == e) {
            self.zones[z].items.remove_at(j);
        }
        self.zones[from].items.insert_at(i, e);
        self.ents[e].loc = Loc::Zone(from);
    }

    /// Puts an entity into a zone, on top (index 0) or at the bottom.
    pub fn put(&mut self, e: EntId, zone: ZoneId, top: bool) {
        // What `detach` then an insertion do, recorded as one entry (`Undo::Put`).
        let ent = &mut self.ents[e];
        let (loc, shown) = (ent.loc, ent.shown);
        let removed = match loc {
            // From a zone, the commonest move: the entity is read and written once (it
            // is borne by nothing, so the index of the borne is left as it is).
            Loc::Zone(from) => {
                (ent.shown, ent.loc) = (0, Loc::Zone(zone));
                let items = &mut self.zones[from].items;
                items.iter().position(|&x| x == e).map(|i| {
                    items.remove_at(i);
                    (from as u32, i as u32)
                })
            }
            _ => self.take_out(e).map(|(z, i)| (z as u32, i as u32)),
        };
        let z = &mut self.zones[zone];
        let at = if top && z.ordered { 0 } else { z.items.len() };
        z.items.insert_at(at, e);
        self.record(Undo::Put { e, loc, shown, removed, inserted: (zone as u32, at as u32) });
        match loc {
            Loc::Zone(_) => self.moved(e),
            // Borne or out of play: `place` keeps the index of the borne.
            _ => self.place(e, Loc::Zone(zone)),
        }
    }

    /// Attaches an entity to another.
    pub fn attach(&mut self, e: EntId, bearer: EntId) {
        self.detach(e);
        self.place(e, Loc::On(bearer));
    }

    /// What is attached to `bearer`.
    pub fn attached(&self, bearer: EntId) -> Vec<EntId> {
        self.borne.iter().copied().filter(|&e| self.ents[e].loc == Loc::On(bearer)).collect()
    }

    /// A number that changes whenever the state recorded by the journal changes (never
    /// the same for two different such states; the clock, generator, `over` and `ending` aside). A
    /// rollback gives back the number the state had at its checkpoint.
    pub fn version(&self) -> u64 {
        self.journal.writes
    }

    /// Every entity attached to another, in table order.
    pub fn borne(&self) -> impl Iterator<Item = EntId> + '_ {
        self.borne.iter().copied()
    }

    /// Sets where an entity is, keeping the index of attached entities.
    pub(super) fn place(&mut self, e: EntId, loc: Loc) {
        let was_borne = matches!(self.ents[e].loc, Loc::On(_));
        if was_borne {
            self.borne.remove(&e);
        }
        if matches!(loc, Loc::On(_)) {
            self.borne.insert(e);
        }
        self.ents[e].loc = loc;
        // Something was attached before if `e` was, or if something still is.
        if was_borne {
            self.journal.card_moves += 1;
        } else {
            self.moved(e);
        }
    }

    /// Counts a move of `e` among the card moves (`Journal::card_moves`) if it may move
    /// a card: `e` is one, or something is attached somewhere.
    #[inline]
    pub(super) fn moved(&mut self, e: EntId) {
        if self.cards[e] || !self.borne.is_empty() {
            self.journal.card_moves += 1;
        }
    }

    /// A number for the searches that read where cards are and whose: it changes whenever
    /// a card may have moved or changed hands (also when such a change is undone), not
    /// when only pieces moved.
    pub fn card_layout(&self) -> u64 {
        self.journal.card_moves
    }

    /// A counter's value, by name (unknown counters read 0).
    pub fn counter(&self, name: &str, h: Holder) -> i64 {
        self.counters.id(name).map_or(0, |id| self.counter_at(id, h))
    }

    /// A counter's value.
    #[inline(always)]
    pub fn counter_at(&self, id: CounterId, h: Holder) -> i64 {
        self.counters.get(id, h).unwrap_or_else(|| self.counters.bounds(id).start)
    }

    /// Sets a counter by name (declaring an unknown one, unbounded), refusing values
    /// outside its bounds.
    pub fn set_counter(&mut self, name: &str, h: Holder, v: i64) -> Result<(), String> {
        let id = self.counter_id(name);
        self.set_counter_at(id, h, v).map(|_| ())
    }

    /// The id of counter `name`, declaring it (unbounded) if it is unknown.
    pub fn counter_id(&mut self, name: &str) -> CounterId {
        if let Some(id) = self.counters.id(name) {
            return id;
        }
        self.record(Undo::Declared);
        self.counters.declare(name, Bounds::default())
    }

    /// Sets a counter, refusing values outside its bounds; the value it held before,
    /// unless it held `v` already (a value never set holds its start, which may be `v`).
    pub fn set_counter_at(&mut self, id: CounterId, h: Holder, v: i64) -> Result<Option<i64>, String> {
        let b = self.counters.bounds(id);
        let v = b.clamped(v);
        if let Some(min) = b.min.filter(|&m| v < m) {
            return Err(format!("{} cannot go below {min}", self.counters.name(id)));
        }
        if let Some(max) = b.max.filter(|&m| v > m) {
            return Err(format!("{} cannot go above {max}", self.counters.name(id)));
        }
        // Setting a value to what it holds changes nothing and is not recorded (as
        // `set_var`): a script that resets a count at every turn most often finds it reset.
        let Some(old) = self.counters.set(id, h, v) else { return Ok(None) };
        self.record(Undo::Counter(id, h, old));
        Ok(Some(old.unwrap_or(b.start)))
    }

    /// The active player.
    pub fn active(&self) -> Option<PlayerId> {
        self.active
    }

    /// Makes `p` the active player (nothing when they are).
    pub fn set_active(&mut self, p: PlayerId) {
        if self.active == Some(p) {
            return;
        }
        // Something other than a player that a script set `active_player` to is a
        // variable, kept only while nobody is active (`var`): it gives way.
        let kept = if self.active.is_none() { self.vars.id(ACTIVE) } else { None };
        if let Some(id) = kept.filter(|&id| self.vars.get(id).is_some()) {
            let old = self.put_var(id, None);
            self.record_heavy(|| super::journal::Heavy::Var(id, old));
        }
        self.put_active(Some(p));
    }

    /// Sets whose turn it is (`None`: nobody's), recording the change.
    pub(super) fn put_active(&mut self, p: Option<PlayerId>) {
        if self.active != p {
            self.record(super::journal::Undo::Active(self.active));
            self.active = p;
        }
    }

    /// A variable's value: `active_player`'s is whose turn it is, else what else a
    /// script set it to (a card, none), kept in `vars` while nobody is active.
    pub fn var(&self, name: &str) -> Option<Value> {
        match (name, self.active) {
            (ACTIVE, Some(p)) => Some(Value::Player(p)),
            _ => self.vars.by_name(name).cloned(),
        }
    }

    /// The value of variable `id` (one a game declares: never `active_player`), if set.
    #[inline]
    pub fn var_at(&self, id: super::vars::VarId) -> Option<&Value> {
        self.vars.get(id)
    }

    /// Sets (or, with `None`, unsets) variable `id` (`active_player` only to something
    /// other than a player); the old value. With `replace_var`, the only places `vars`
    /// changes (undoing `set_var`).
    pub(super) fn put_var(&mut self, id: super::vars::VarId, v: Option<Value>) -> Option<Value> {
        debug_assert!(self.vars.name(id) != ACTIVE || !matches!(v, Some(Value::Player(_))), "a player is `active`");
        self.vars.put(id, v)
    }

    /// Sets variable `id` (`active_player` only to something other than a player) to
    /// `v`: its old value, or `None` when it held `v` already and nothing changed.
    pub(super) fn replace_var(&mut self, id: super::vars::VarId, v: Value) -> Option<Option<Value>> {
        debug_assert!(self.vars.name(id) != ACTIVE || !matches!(v, Value::Player(_)), "a player is `active`");
        self.vars.replace(id, v)
    }

    /// Appends an event to the log.
    pub fn emit(&mut self, actor: Option<PlayerId>, kind: EventKind) -> usize {
        self.log.push(Event::new(actor, kind, 0, super::view::EVERYONE, self.game));
        self.log.len() - 1
    }

    /// A human name for a holder of counters.
    pub fn holder_name(&self, h: Holder) -> String {
        match h {
            Holder::Game => "the game".into(),
            Holder::Player(p) => self.players[p].name.clone(),
            Holder::Ent(e) => self.ents[e].label.as_str().to_owned(),
            Holder::Zone(z) => self.zone_name(z),
        }
    }

    /// A human name for a zone: `hand of frodo`, `deck`, `plains`.
    pub fn zone_name(&self, z: ZoneId) -> String {
        let zone = &self.zones[z];
        match zone.owner {
            Some(p) => format!("{} of {}", zone.name, self.players[p].name),
            None => zone.name.clone(),
        }
    }
}

/// Where `State::zone_keys` files an owner's zone: the shared one first.
fn owner_slot(owner: Option<PlayerId>) -> usize {
    owner.map_or(0, |p| p + 1)
}

/// The variable that holds whose turn it is.
pub(super) const ACTIVE: &str = "active_player";

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;

#[path = "state_copy.rs"]
mod copy;

/// Sets (or, with `None`, removes) `name` in a map of names, giving the old value; a name
/// set again keeps its key (nothing is copied).
pub(super) fn put(map: &mut BTreeMap<String, Value>, name: &str, v: Option<Value>) -> Option<Value> {
    match (v, map.get_mut(name)) {
        (Some(v), Some(slot)) => Some(std::mem::replace(slot, v)),
        (Some(v), None) => map.insert(name.to_string(), v),
        (None, _) => map.remove(name),
    }
}
