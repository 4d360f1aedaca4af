//! Looking at one step of a whole game (`twilit scenario-from`): the game's top-level
//! steps are counted — an action taken in a window, or a phase closing — and the state
//! just before and just after the step asked for is kept. Nothing is kept for the other
//! steps, and a game with no probe pays one branch per step.

use crate::engine::{PlayerId, State};

use super::Interp;

/// What a top-level step of a whole game was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepKind {
    /// A player took an action in an action window; the first event of the step is its
    /// pick, whose text names the action.
    Act(PlayerId),
    /// A player used a response in the reaction window after an action (its first event
    /// is the pick, as for `Act`).
    Respond(PlayerId),
    /// The phase (or step) closed and the next began.
    Advance,
}

/// The step asked for, with the states around it.
#[derive(Debug, Clone)]
pub struct Found {
    /// The state before the step.
    pub before: State,
    /// The state after it (its log holds the step's events after `before`'s).
    pub after: State,
    /// What the step was.
    pub kind: StepKind,
    /// What stood before the step outside the state: lasting modifiers and prohibitions,
    /// abilities' uses counted this period (a scenario's setup cannot state them).
    pub unkept: Vec<String>,
    /// Whether the game's `end:` held right after the step (the game then ends as the
    /// phase closes).
    pub ends: bool,
    /// For a response, the step it answers: the action whose reaction window it was used
    /// in (a scenario takes a response right after that action).
    pub answers: Option<usize>,
}

/// Counts a whole game's steps and keeps the one asked for (numbered from 1).
#[derive(Debug, Clone, Default)]
pub struct Probe {
    /// The step to keep (0: none, only count).
    pub at: usize,
    /// Steps taken so far.
    pub taken: usize,
    /// The step after which the game was over (a phase closing: the game's `end:` is
    /// read as a phase closes).
    pub ended_at: Option<usize>,
    /// The step kept, once taken.
    pub found: Option<Found>,
    /// The last action taken in an action window: the step later responses answer.
    opened: usize,
    /// How deep in steps the game is: a window inside an action is not a step of its own.
    depth: usize,
    /// The state before the step under way, when it is the one asked for, with what
    /// stood outside it and whether its phase was already ending (a response after the
    /// action that ended it).
    pending: Option<(State, Vec<String>, bool)>,
    /// The generator as the step's first event was logged: after the draws of the agent
    /// that picked the action, which a scenario's `act` does not make.
    picked: Option<crate::engine::Rng>,
    /// The step asked for, an action that ended its phase (`end phase`), until the phase's
    /// close is over: a scenario's `act` closes the phase at once (the next phase's `start:`
    /// runs in it), so what the step did is what it and the close did.
    closing: Option<Found>,
}

impl Probe {
    /// A probe that keeps step `at`.
    pub fn at(at: usize) -> Self {
        Probe { at, ..Probe::default() }
    }

    /// The step kept, once the game is over: an action that ended its phase whose close
    /// never came (the game stopped first) is kept as it stood after the action.
    pub fn into_found(self) -> Option<Found> {
        self.found.or(self.closing)
    }
}

impl Interp<'_> {
    /// A step may begin: kept if it is the one asked for. Called at every action and
    /// phase of every game: without a probe it is one test, made where it is called.
    #[inline(always)]
    pub(super) fn probe_enter(&mut self) {
        if self.probe.is_some() {
            self.probe_enter_now();
        }
    }

    /// `probe_enter` with a probe set.
    #[cold]
    #[inline(never)]
    fn probe_enter_now(&mut self) {
        if let Some(p) = self.probe.as_deref_mut() {
            p.depth += 1;
            if p.depth == 1 && p.found.is_none() && p.taken + 1 == p.at {
                let w = &self.w;
                let mut unkept: Vec<String> = w
                    .mods
                    .iter()
                    .map(|m| format!("a lasting modifier from {}", m.source.as_deref().unwrap_or("a script")))
                    .collect();
                unkept.extend(w.bans.iter().map(|b| format!("a lasting prohibition from {}", b.source)));
                if !w.uses.list().is_empty() {
                    unkept.push(format!("{} use(s) of limited abilities counted this period", w.uses.list().len()));
                }
                p.pending = Some((w.state.clone(), unkept, w.end_window));
            }
        }
    }

    /// An event was logged at `i`: the step's first event keeps the generator as it was
    /// then (a trial's event there is undone, and the next one there overwrites it).
    pub(super) fn probe_event(&mut self, i: usize) {
        if let Some(p) = self.probe.as_deref_mut() {
            if p.pending.as_ref().is_some_and(|(s, _, _)| s.log.len() == i) {
                p.picked = Some(self.w.state.rng.clone());
            }
        }
    }

    /// The step that `probe_enter` began is over; `taken` when it happened (an action that
    /// went through, a phase that closed), not a pass or a refusal.
    #[inline(always)]
    pub(super) fn probe_leave(&mut self, taken: Option<StepKind>) {
        if self.probe.is_some() {
            self.probe_leave_now(taken);
        }
    }

    /// `probe_leave` with a probe set.
    #[cold]
    #[inline(never)]
    fn probe_leave_now(&mut self, taken: Option<StepKind>) {
        let Some(p) = self.probe.as_deref_mut() else { return };
        p.depth = p.depth.saturating_sub(1);
        if p.depth > 0 {
            return;
        }
        let pending = p.pending.take();
        let picked = p.picked.take();
        match p.closing.take() {
            // The close of the phase the step asked for ended.
            Some(closing) if taken == Some(StepKind::Advance) => {
                let over = self.w.state.over;
                let ends = over || self.rules.end.is_some() && self.ended().unwrap_or(false);
                let after = self.w.state.clone();
                if let Some(p) = self.probe.as_deref_mut() {
                    p.found = Some(Found { after, ends, ..closing });
                }
            }
            // Responses came between (a scenario takes them as steps of their own, and
            // its `act` of the step cannot close the phase as play did): as it stood.
            Some(closing) => p.found = Some(closing),
            None => {}
        }
        let Some(p) = self.probe.as_deref_mut() else { return };
        let Some(kind) = taken else { return };
        p.taken += 1;
        let answers = match kind {
            StepKind::Act(_) => {
                p.opened = p.taken;
                None
            }
            StepKind::Respond(_) => Some(p.opened),
            StepKind::Advance => None,
        };
        if self.w.state.over && p.ended_at.is_none() {
            p.ended_at = Some(p.taken);
        }
        let Some((mut before, unkept, was_ending)) = pending.filter(|_| p.taken == p.at) else { return };
        if let Some(rng) = picked {
            before.rng = rng;
        }
        // Whether the game's `end:` holds now, as the phase's close will ask (an error
        // reading it is the game's to raise then, not the probe's).
        let ends = !self.w.state.over && self.rules.end.is_some() && self.ended().unwrap_or(false);
        let after = self.w.state.clone();
        let closes = kind != StepKind::Advance && self.w.end_window && !was_ending;
        if let Some(p) = self.probe.as_deref_mut() {
            let found = Found { before, after, kind, unkept, ends, answers };
            match closes {
                true => p.closing = Some(found),
                false => p.found = Some(found),
            }
        }
    }
}
