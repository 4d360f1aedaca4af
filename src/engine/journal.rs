//! The undo journal: how an action that is refused, or only tried, is rolled back
//! without copying the world. While a checkpoint is open, every change to an entity, a
//! zone's contents, a counter, a variable or a label records what undoes it; rolling
//! back undoes the records newer than the checkpoint, newest first. The few small parts
//! of the state that change as a whole (generator, clock) are kept in the mark.
//!
//! Invariant: after `rollback(mark)` the state equals the state when `checkpoint()`
//! returned `mark` (the log aside, which the interpreter truncates itself). Debug builds
//! check it: each mark carries a full copy and `rollback` compares.

use super::rng::Rng;
use super::state::{Clock, EntId, Entity, Holder, Loc, PlayerId, State, ZoneId};
use super::value::Value;

/// One change, as what undoes it. Entries own nothing, so that keeping the changes of a
/// committed checkpoint frees nothing entry by entry; the few that own something (a
/// zone's old contents, a name) are kept in `Journal::heavy`, in order, and stand here
/// as `Heavy`.
#[derive(Debug, Clone, Copy)]
pub(super) enum Undo {
    /// An entity was at `loc`, with these `shown` bits.
    Loc(EntId, Loc, u64),
    /// `e` was taken out of zone `z` at `index`.
    Removed(ZoneId, usize, EntId),
    /// `State::put` in one entry (the commonest change): the entity, where it was and
    /// its `shown` bits, the zone and index it was taken out of (if any), and the zone and
    /// index it was inserted at. Indices are `u32` so that the entry is no larger than the
    /// others.
    Put { e: EntId, loc: Loc, shown: u64, removed: Option<(u32, u32)>, inserted: (u32, u32) },
    /// An entity's facing.
    Face(EntId, bool),
    /// An entity's exhaustion.
    Exhausted(EntId, bool),
    /// An entity's owner.
    Owner(EntId, Option<PlayerId>),
    /// A counter's value (absent: `None`).
    Counter(super::counters::CounterId, Holder, Option<i64>),
    /// A counter was declared (the newest one).
    Declared,
    /// How many players had left the game.
    Eliminated(usize),
    /// An entity was created (the newest one, in the zone it was created in).
    Created,
    /// Whose turn it was (`State::active`).
    Active(Option<PlayerId>),
    /// An entity's side.
    Side(EntId, Option<super::names::NameId>),
    /// The newest entry of `Journal::heavy`.
    Heavy,
}

/// A change whose undoing owns something.
#[derive(Debug, Clone)]
pub(super) enum Heavy {
    /// A zone's contents were replaced (a shuffle, passed hands).
    Items(ZoneId, super::items::Items),
    /// An entity's assigned property (absent: `None`).
    Prop(EntId, String, Option<Value>),
    /// A variable's value (absent: `None`); whose turn it is is `Undo::Active`.
    Var(super::vars::VarId, Option<Value>),
    /// How many entities had a label base (absent: `None`).
    Label(String, Option<usize>),
    /// The seats, before a change of seating.
    Seats(Vec<PlayerId>),
    /// The round's turn order, before a new round changed it.
    Order(std::sync::Arc<[PlayerId]>),
    /// The players who had left the game, before they were all let back.
    Eliminated(Vec<PlayerId>),
}

/// The records of the open checkpoints.
#[derive(Debug, Clone, Default)]
pub struct Journal {
    pub(super) entries: Vec<Undo>,
    /// What the `Undo::Heavy` entries undo, oldest first.
    pub(super) heavy: Vec<Heavy>,
    /// Counts every change that may change where a card is, undone ones included (never
    /// restored): a card's move, every creation and reordering, and every move while
    /// anything is attached (a card borne by a piece goes where the piece goes); and every
    /// change of owner. A search for cards by where they are and whose they are is kept
    /// while it stays the same, across the moves of pieces.
    pub(super) card_moves: u64,
    /// The state's version (`State::version`): a number given to it by every change the
    /// journal records or undoes, whether or not a checkpoint is open, so that a value
    /// read from the state can be kept while it stays the same. Each change takes a number
    /// never given before (`fresh`); a rollback gives the state back the number it had at
    /// its checkpoint, since it is that state again, so that what was kept of it before a
    /// refused or tried action holds after. The clock, generator, `over` and `ending` are not
    /// counted.
    pub(super) writes: u64,
    /// The last number given to a version (they are never given twice).
    pub(super) fresh: u64,
    pub(super) open: usize,
}

impl Journal {
    /// A change: the state takes a version never given before.
    #[inline(always)]
    pub(super) fn bump(&mut self) {
        self.fresh += 1;
        self.writes = self.fresh;
    }
}

/// The journal is bookkeeping, not game state: two states are equal whatever it holds.
impl PartialEq for Journal {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// A point the state can be rolled back to.
#[derive(Debug)]
pub struct Mark {
    len: usize,
    depth: usize,
    /// The state's version at the checkpoint, which the rollback gives back.
    version: u64,
    rng: Rng,
    clock: Hands,
    over: bool,
    ending: bool,
    game: u32,
    #[cfg(debug_assertions)]
    copy: Box<State>,
}

/// The clock's numbers, which a checkpoint copies; its round's order is recorded when it
/// changes (`State::set_round_order`).
#[derive(Debug, Clone, Copy)]
struct Hands {
    turn: u32,
    round: u32,
    phase: usize,
    step: Option<usize>,
    slot: usize,
}

impl Hands {
    fn of(c: &Clock) -> Hands {
        Hands { turn: c.turn, round: c.round, phase: c.phase, step: c.step, slot: c.slot }
    }

    fn put(self, c: &mut Clock) {
        (c.turn, c.round, c.phase, c.step, c.slot) = (self.turn, self.round, self.phase, self.step, self.slot);
    }
}

impl State {
    /// Whether no checkpoint is open (nothing recorded waits to be kept or undone).
    pub fn journal_closed(&self) -> bool {
        self.journal.open == 0 && self.journal.entries.is_empty()
    }

    /// Whether a checkpoint is open: changes are recorded to be undone.
    #[inline(always)]
    pub fn recording(&self) -> bool {
        self.journal.open > 0
    }

    /// Opens a checkpoint: changes from now on are recorded until it is rolled back or
    /// committed. Checkpoints nest.
    pub fn checkpoint(&mut self) -> Mark {
        let depth = self.journal.open;
        self.journal.open += 1;
        Mark {
            len: self.journal.entries.len(),
            depth,
            version: self.journal.writes,
            rng: self.rng.clone(),
            clock: Hands::of(&self.clock),
            over: self.over,
            ending: self.ending,
            game: self.game,
            #[cfg(debug_assertions)]
            copy: Box::new(self.without_log()),
        }
    }

    /// Keeps the changes since `mark`; the enclosing checkpoint can still undo them.
    pub fn commit(&mut self, mark: Mark) {
        self.close(&mark);
    }

    /// Undoes every change since `mark`, newest first.
    pub fn rollback(&mut self, mark: Mark) {
        while self.journal.entries.len() > mark.len {
            let Some(u) = self.journal.entries.pop() else { break };
            self.undo(u);
        }
        self.close(&mark);
        self.journal.writes = mark.version;
        self.over = mark.over;
        self.ending = mark.ending;
        self.game = mark.game;
        self.rng = mark.rng;
        mark.clock.put(&mut self.clock);
        #[cfg(debug_assertions)]
        debug_assert!(self.without_log() == *mark.copy, "the journal did not restore the state");
    }

    /// Closes `mark` and any checkpoint opened inside it and left open (an error that
    /// went past it): the enclosing checkpoint decides for all of them.
    fn close(&mut self, mark: &Mark) {
        self.journal.open = mark.depth;
        if self.journal.open == 0 {
            self.journal.entries.clear();
            // Emptying an empty list of owning undos still calls out of line.
            if !self.journal.heavy.is_empty() {
                self.journal.heavy.clear();
            }
        }
    }

    /// Records what undoes a change, when a checkpoint is open.
    pub(super) fn record(&mut self, u: Undo) {
        self.journal.bump();
        if self.journal.open > 0 {
            self.journal.entries.push(u);
        }
    }

    /// `record` of a change whose undoing owns something, made only when a checkpoint
    /// is open (one that copies a name).
    pub(super) fn record_heavy(&mut self, u: impl FnOnce() -> Heavy) {
        self.journal.bump();
        self.journal_heavy(u);
    }

    /// Journals a change whose undoing owns something, without counting it among the
    /// writes (`record_heavy` counts it; the clock is not counted: `Journal::writes`).
    fn journal_heavy(&mut self, u: impl FnOnce() -> Heavy) {
        if self.journal.open > 0 {
            self.journal.heavy.push(u());
            self.journal.entries.push(Undo::Heavy);
        }
    }

    #[cfg(debug_assertions)]
    fn without_log(&mut self) -> State {
        let log = std::mem::take(&mut self.log);
        let copy = self.clone();
        self.log = log;
        copy
    }

    fn undo(&mut self, u: Undo) {
        self.journal.bump();
        // `place` counts the card moves of the undos that call it.
        match &u {
            Undo::Removed(_, _, e) => self.moved(*e),
            Undo::Created | Undo::Owner(..) => self.journal.card_moves += 1,
            _ => {}
        }
        match u {
            Undo::Loc(e, loc, shown) => {
                self.place(e, loc);
                self.ents[e].shown = shown;
            }
            Undo::Removed(z, i, e) => self.zones[z].items.insert_at(i, e),
            Undo::Put { e, loc, shown, removed, inserted: (z, i) } => {
                self.zones[z as usize].items.remove_at(i as usize);
                if let Some((z, i)) = removed {
                    self.zones[z as usize].items.insert_at(i as usize, e);
                }
                self.place(e, loc);
                self.ents[e].shown = shown;
            }
            Undo::Face(e, v) => self.ents[e].face_up = v,
            Undo::Exhausted(e, v) => self.ents[e].exhausted = v,
            Undo::Owner(e, v) => self.ents[e].owner = v,
            Undo::Counter(id, h, Some(v)) => {
                self.counters.insert(id, h, v);
            }
            Undo::Counter(id, h, None) => self.counters.remove(id, h),
            Undo::Declared => self.counters.undeclare_last(),
            Undo::Eliminated(n) => self.eliminated.truncate(n),
            Undo::Active(p) => self.active = p,
            Undo::Side(e, v) => self.ents[e].side = v,
            Undo::Heavy => {
                let h = self.journal.heavy.pop();
                debug_assert!(h.is_some(), "the heavy undos are out of step with the entries");
                if let Some(h) = h {
                    self.undo_heavy(h);
                }
            }
            Undo::Created => {
                let e = self.ents.len().saturating_sub(1);
                if e < self.ents.len() {
                    self.place(e, Loc::Gone);
                    if self.cards.pop() == Some(false) {
                        self.pieces -= 1;
                    }
                    if let Some(Entity { home: Some(z), .. }) = self.ents.pop() {
                        self.zones[z].items.retain(|&x| x != e);
                    }
                }
            }
        }
    }

    fn undo_heavy(&mut self, h: Heavy) {
        match h {
            Heavy::Items(z, items) => {
                self.journal.card_moves += 1;
                self.zones[z].items = items;
            }
            Heavy::Prop(e, name, v) => _ = super::state::put(&mut self.ents[e].props, &name, v),
            Heavy::Var(id, v) => _ = self.put_var(id, v),
            Heavy::Label(base, v) => match v {
                Some(v) => _ = self.labels.insert(base, v),
                None => _ = self.labels.remove(&base),
            },
            Heavy::Seats(seats) => self.seats = seats,
            Heavy::Eliminated(out) => self.eliminated = out,
            Heavy::Order(order) => self.clock.order = order,
        }
    }

    /// Sets an entity's facing.
    pub fn set_face(&mut self, e: EntId, up: bool) {
        self.record(Undo::Face(e, self.ents[e].face_up));
        self.ents[e].face_up = up;
    }

    /// Exhausts or readies an entity.
    pub fn set_exhausted(&mut self, e: EntId, exhausted: bool) {
        self.record(Undo::Exhausted(e, self.ents[e].exhausted));
        self.ents[e].exhausted = exhausted;
    }

    /// Gives an entity an owner.
    pub fn set_owner(&mut self, e: EntId, owner: Option<PlayerId>) {
        // Whose a card is decides whose searches it is in, as where it is does.
        self.journal.card_moves += 1;
        self.record(Undo::Owner(e, self.ents[e].owner));
        self.ents[e].owner = owner;
    }

    /// Turns an entity to a side.
    pub fn set_side(&mut self, e: EntId, side: Option<super::names::NameId>) {
        let old = std::mem::replace(&mut self.ents[e].side, side);
        self.record(Undo::Side(e, old));
    }

    /// Assigns a property of an entity (replacing the printed value).
    pub fn set_prop(&mut self, e: EntId, name: &str, v: Value) {
        let old = super::state::put(&mut self.ents[e].props, name, Some(v));
        self.record_heavy(|| Heavy::Prop(e, name.to_string(), old));
    }

    /// Sets a game variable. Setting it to the value it holds changes nothing, and is not
    /// recorded (whose turn it is, set again at every turn of a one-seat order).
    pub fn set_var(&mut self, name: &str, v: Value) {
        if name == super::state::ACTIVE {
            // Whose turn it is, if a player; anything else (a card, none: the checker
            // lets a script set it so) is nobody's turn, and kept as a variable is.
            if let Value::Player(p) = v {
                return self.set_active(p);
            }
            self.put_active(None);
        }
        let id = self.vars.declare(name);
        self.store_var(id, v);
    }

    /// Sets game variable `id` (one a game declares, never `active_player`), as `set_var`.
    pub fn set_var_at(&mut self, id: super::vars::VarId, v: Value) {
        debug_assert!(self.vars.name(id) != super::state::ACTIVE, "whose turn it is is set by name");
        self.store_var(id, v);
    }

    /// Sets variable `id`, recording the change if there is one.
    fn store_var(&mut self, id: super::vars::VarId, v: Value) {
        let Some(old) = self.replace_var(id, v) else { return };
        self.record_heavy(|| Heavy::Var(id, old));
    }

    /// Replaces a zone's contents with a reordering or exchange of entities whose
    /// locations the caller sets with `set_loc`.
    pub fn set_items(&mut self, z: ZoneId, items: impl Into<Vec<EntId>>) {
        let old = std::mem::replace(&mut self.zones[z].items, super::items::Items::from(items.into()));
        self.journal.card_moves += 1;
        self.record_heavy(|| Heavy::Items(z, old));
    }

    /// Starts a round in turn order `order`. The order is recorded here rather than
    /// copied by every checkpoint with the rest of the clock: a copy of its shared list
    /// was an atomic count up and down at every action.
    pub fn set_round_order(&mut self, order: std::sync::Arc<[PlayerId]>) {
        let old = std::mem::replace(&mut self.clock.order, order);
        self.journal_heavy(|| Heavy::Order(old));
    }

    /// Seats the players in a new order (clockwise).
    pub fn set_seats(&mut self, seats: Vec<PlayerId>) {
        let old = std::mem::replace(&mut self.seats, seats);
        self.record_heavy(|| Heavy::Seats(old));
    }

    /// A player leaves the game.
    pub fn eliminate(&mut self, p: PlayerId) {
        self.record(Undo::Eliminated(self.eliminated.len()));
        self.eliminated.push(p);
    }

    /// Every player who left the game is in it again (a match's game is over: leaving it
    /// was leaving that game, not the match).
    pub fn readmit_all(&mut self) {
        if self.eliminated.is_empty() {
            return;
        }
        let old = std::mem::take(&mut self.eliminated);
        self.record_heavy(|| Heavy::Eliminated(old));
    }

    /// Sets where an entity is without touching any zone's contents (see `set_items`).
    pub fn set_loc(&mut self, e: EntId, loc: Loc) {
        self.record(Undo::Loc(e, self.ents[e].loc, self.ents[e].shown));
        self.place(e, loc);
    }
}
