//! The world: the engine state and what rolls back with it (the rules scripts made, the
//! cards being played, the running procedures, the uses of limited abilities), and the
//! snapshots that undo a refused action: the state by its journal, the rest by a copy of
//! what is small and shared (`Rc`) or by a mark in its own journal (`Uses`).

use std::rc::Rc;

use crate::engine::{EntId, State};

use super::{actions, triggers, Ban, Interp, Modifier, Uses};

/// Everything an action may change, so that a refused action can be undone at once.
#[derive(Debug, Clone)]
pub struct World {
    /// The engine state.
    pub state: State,
    /// Modifiers made by scripts (static abilities are read from the cards in play).
    pub mods: Rc<Vec<Modifier>>,
    /// Prohibitions made by scripts.
    pub bans: Rc<Vec<Ban>>,
    /// Cards coming into play, innermost last.
    pub playing: Vec<EntId>,
    /// Procedures running, innermost last (`Interp::running_names`).
    pub running: Vec<Running>,
    /// Log events up to here have been offered to triggers.
    pub fired: usize,
    /// Events after `fired` already offered (a trigger's own events go first).
    pub done: triggers::Offered,
    /// Modified values already logged for the cards coming into play.
    pub noted: Rc<Vec<String>>,
    /// Uses of abilities with a `limit:` in their current period.
    pub uses: Uses,
    /// `end phase` ran: the action window closes after this action.
    pub end_window: bool,
    /// The log range of the last completed action (what `response:` abilities answer).
    pub last: (usize, usize),
    /// Responses used, with the event (log index) each answered: once per event.
    pub answered: Rc<Vec<(actions::Source, usize, usize)>>,
}

/// What `Interp::snapshot` keeps to restore the world.
#[derive(Debug)]
pub struct Saved {
    rest: Rest,
    mark: crate::engine::Mark,
    log: usize,
}

/// The world besides its state, copied by `snapshot` (the state is restored by its
/// journal). These are small and usually empty; the lists that change seldom are shared
/// (`Rc`: an interpreter runs on one thread, and an atomic count would cost more than
/// the copy it saves) and copied only when changed after a snapshot (`Rc::make_mut`), so
/// a trial that changes none of them copies nothing.
#[derive(Debug)]
struct Rest {
    mods: Rc<Vec<Modifier>>,
    bans: Rc<Vec<Ban>>,
    playing: Vec<EntId>,
    /// How deep the stack of running procedures was: a procedure is pushed and popped
    /// around its body whatever it gives, so a snapshot is restored or kept at the depth
    /// it was made at, and the stack is then what it was up to that depth.
    running: usize,
    fired: usize,
    done: triggers::Offered,
    noted: Rc<Vec<String>>,
    /// Where the uses' journal stood (`Uses::mark`).
    uses: usize,
    /// The uses themselves, which debug builds compare with what the journal restores.
    #[cfg(debug_assertions)]
    uses_copy: Vec<super::Used>,
    end_window: bool,
    last: (usize, usize),
    answered: Rc<Vec<(actions::Source, usize, usize)>>,
}

impl World {
    /// `e` starts coming into play: its `play:` script (or a trial of its guards) runs.
    #[inline(always)]
    pub(super) fn start_playing(&mut self, e: EntId) {
        self.playing.push(e);
    }

    /// `e`'s play (or trial) is over. Plays nest (a script may play another card, or the
    /// same one again) and each ends before the play around it, so its entry is the last:
    /// taken off alone, the plays around it keep theirs.
    #[inline(always)]
    pub(super) fn stop_playing(&mut self, e: EntId) {
        debug_assert_eq!(self.playing.last(), Some(&e), "plays end innermost first");
        self.playing.pop();
    }

    /// A copy of everything but the state. The destructuring names every field, so a new
    /// field of `World` does not compile until it is kept here too.
    #[inline(always)]
    fn rest(&self) -> Rest {
        let World { state: _, mods, bans, playing, running, fired, done, noted, uses, end_window, last, answered } =
            self;
        Rest {
            mods: mods.clone(),
            bans: bans.clone(),
            playing: playing.clone(),
            running: running.len(),
            fired: *fired,
            done: done.clone(),
            noted: noted.clone(),
            uses: uses.mark(),
            #[cfg(debug_assertions)]
            uses_copy: uses.list().to_vec(),
            end_window: *end_window,
            last: *last,
            answered: answered.clone(),
        }
    }

    /// Puts back what `rest` copied.
    fn put_back(&mut self, r: Rest) {
        #[cfg(debug_assertions)]
        let copy = r.uses_copy;
        let Rest { mods, bans, playing, running, fired, done, noted, uses, end_window, last, answered, .. } = r;
        // The stack keeps its room: the next action pushes onto it again.
        self.playing.clear();
        self.playing.extend(playing);
        debug_assert!(
            self.running.len() >= running,
            "a snapshot restored where fewer procedures run than when it was made"
        );
        self.running.truncate(running);
        (self.mods, self.bans, self.fired) = (mods, bans, fired);
        (self.done, self.noted, self.end_window) = (done, noted, end_window);
        self.uses.undo_to(uses);
        #[cfg(debug_assertions)]
        debug_assert_eq!(self.uses.list(), copy, "the uses' journal did not restore them");
        (self.last, self.answered) = (last, answered);
    }
}

/// A running procedure or keyword: its index in `Rules::keyword_list` or
/// `Rules::proc_list` (a copy, where its name would be a shared count to keep).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running {
    /// A keyword's, else a procedure's.
    pub keyword: bool,
    /// Its index in that list.
    pub index: u32,
}

impl World {
    /// A world with no script-made rules yet.
    pub fn new(state: State) -> Self {
        World {
            state,
            mods: Default::default(),
            bans: Default::default(),
            playing: vec![],
            running: vec![],
            fired: 0,
            done: Default::default(),
            noted: Default::default(),
            uses: Default::default(),
            end_window: false,
            last: (0, 0),
            answered: Default::default(),
        }
    }
}

impl Interp<'_> {
    /// A point to restore on refusal: the engine state's journal mark, the log's length
    /// (it is append-only) and a copy of the script-made rules and bookkeeping beside the
    /// state (small: nothing of the state itself is copied).
    #[inline(always)]
    pub fn snapshot(&mut self) -> Saved {
        Saved { rest: self.w.rest(), mark: self.w.state.checkpoint(), log: self.w.state.log.len() }
    }

    /// Puts the world back as `snapshot` saw it.
    #[inline]
    pub fn restore(&mut self, saved: Saved) {
        let Saved { rest, mark, log } = saved;
        self.w.put_back(rest);
        self.w.state.rollback(mark);
        self.w.state.log.truncate(log);
        self.settle_uses();
        // The state has its old version back, but a guard found holding since the
        // snapshot may have read a world beside it (modifiers, cards coming into play)
        // that the restore changed: it is not counted as holding again (`pure.rs` `Held`).
        self.held = None;
    }

    /// Keeps what happened since `snapshot` (an enclosing snapshot can still undo it).
    #[inline(always)]
    pub fn commit(&mut self, saved: Saved) {
        self.w.state.commit(saved.mark);
        self.settle_uses();
    }

    /// Drops the uses' journal once no snapshot is open to undo it.
    #[inline(always)]
    fn settle_uses(&mut self) {
        if !self.w.state.recording() {
            self.w.uses.settle();
        }
    }
}
