//! The turn structure of `game.yaml`: rounds of turns in the `order:` the game gives,
//! each turn its phases (and their steps) in order. A phase opens with its start event
//! and its `start:` scripts (the game's, then the active player's faction's); whole games
//! then run its action window (`legal.rs`); then its `end:` scripts and its end event.

use crate::engine::{EventKind, PeriodName, Player, PlayerId, State, Value, Vis, Zone};
use crate::load::{Per, Visibility};
use crate::syntax::ast::ExprKind;

use super::{Ctx, Halt, Interp, R};

impl<'r> Interp<'r> {
    /// Creates the zones, board spaces and counter bounds of the ruleset for these players.
    pub fn lay_out(rules: &super::Rules, seed: u64, players: Vec<Player>) -> State {
        let mut s = State::new(seed);
        s.use_piece_names(&rules.piece_names);
        // One label counter per card id and piece kind: filled as the game deals them.
        s.labels.reserve(rules.cards.len() + rules.piece_specs.len());
        for p in players {
            s.add_player(p);
        }
        for z in &rules.zones {
            let owners: Vec<Option<PlayerId>> = match z.per {
                Per::Player => (0..s.players.len()).map(Some).collect(),
                Per::Game => vec![None],
            };
            for owner in owners {
                if s.zone(&z.name.value, owner).is_some() {
                    continue;
                }
                let zone = s.add_zone(Zone {
                    name: z.name.value.clone(),
                    owner,
                    ordered: z.ordered,
                    in_play: z.in_play,
                    vis: match z.visibility {
                        Visibility::Public => Vis::Public,
                        Visibility::Owner => Vis::Owner,
                        Visibility::Hidden => Vis::Hidden,
                        Visibility::Others => Vis::Others,
                    },
                    capacity: capacity(z.capacity.as_ref()),
                    playable: z.playable,
                    attrs: None,
                    items: Default::default(),
                });
                if let Some(key) = rules.env.index_of(&z.name.value) {
                    s.key_zone(key, zone);
                }
            }
        }
        for sp in rules.board.iter().flat_map(|b| &b.spaces) {
            let attrs = super::rules::space_attrs(&rules.attrs, sp);
            let zone = s.add_zone(Zone {
                name: sp.id.value.clone(),
                owner: None,
                ordered: false,
                in_play: true,
                vis: Vis::Public,
                capacity: capacity(sp.capacity.as_ref()),
                playable: false,
                attrs: Some(attrs),
                items: Default::default(),
            });
            if let Some(key) = rules.env.index_of(&sp.id.value) {
                s.key_zone(key, zone);
            }
        }
        s.grid = grid_of(rules, &s);
        for c in &rules.counters {
            let b = crate::engine::Bounds {
                min: c.min.as_ref().map(|m| m.value),
                max: c.max.as_ref().map(|m| m.value),
                start: c.start.as_ref().map(|m| m.value).unwrap_or(0),
                clamp: c.clamp,
            };
            s.counters.declare(&c.name.value, b);
        }
        // Their ids are the ones the rules compiled (`Global::Variable`).
        s.vars.declare_first(rules.variables.iter().map(|v| v.name.as_str()));
        if let Some(&first) = s.seats.first() {
            s.set_active(first);
        }
        s
    }

    /// Begins turn 1 (optionally in a given phase or step) without running earlier phases.
    pub fn begin(&mut self, at: Option<(usize, Option<usize>)>) -> R<()> {
        self.new_round()?;
        let (phase, step) = at.unwrap_or((0, None));
        self.w.state.clock.phase = phase;
        self.w.state.clock.step =
            step.or_else(|| self.rules.phases.get(phase).filter(|p| !p.steps.is_empty()).map(|_| 0));
        // The game starts here: these start events are history, not offered to triggers.
        self.numbered(true, "game", false)?;
        self.numbered(true, "round", false)?;
        self.numbered(true, "turn", false)?;
        self.open_phase(false)
    }

    /// Makes `p` the active player (their slot in the round's order, if they have one).
    pub fn make_active(&mut self, p: PlayerId) {
        let c = &mut self.w.state.clock;
        if let Some(i) = c.order.iter().position(|&x| x == p) {
            c.slot = i;
        }
        self.w.state.set_active(p);
    }

    fn new_round(&mut self) -> R<()> {
        let order = match &self.rules.order {
            // `first(players)` (rounds of one turn), the first seated player read in place
            // with the steps `fast` counts (the call's node and the name's), when they fit
            // in the budget: no context made, no value.
            Some(o @ super::rules::Cond { fx: Some(fx), .. })
                if self.coverage.is_none() && self.steps.room() >= 2 && fx.is_first_player(self.rules) =>
            {
                #[cfg(debug_assertions)]
                let before = self.steps;
                let first = self.seated_iter().next();
                self.steps.count(2);
                #[cfg(debug_assertions)]
                {
                    // From the same count: the player `eval` gives, with the same steps.
                    let after = self.steps;
                    self.steps = before;
                    let mut cx = Ctx::placed(self.w.state.seats.first().copied(), None, &o.text, &o.origin);
                    let v = self.eval(&o.expr, &mut cx).ok();
                    debug_assert_eq!(
                        v,
                        Some(first.map_or(Value::Null, Value::Player)),
                        "`first(players)` read in place"
                    );
                    debug_assert_eq!(self.steps.taken(), after.taken(), "`first(players)` counts other steps");
                    self.steps = after;
                }
                self.set_order(first.into_iter());
                return Ok(());
            }
            Some(o) => {
                let mut cx = Ctx::placed(self.w.state.seats.first().copied(), None, &o.text, &o.origin);
                self.cover_cond(o);
                // A seat order from a player read as an id: the seats read in place.
                if let Some(f) = self.rules.stmts.order {
                    let mut seats = [0; 16];
                    if let Some(n) = self.seats_in_order(&f, &o.expr, &mut seats, &cx) {
                        self.set_order(seats[..n].iter().copied());
                        return Ok(());
                    }
                }
                // `clockwise from P` (or `counterclockwise`), the commonest order, as `eval`
                // reads it (the node's step, then `P`), the seats then read in place: no
                // list of players made to be read back.
                if let (None, ExprKind::SeatOrder { dir, from }) = (&o.fx, &o.expr.kind) {
                    let seats = self.tick().and_then(|()| self.seat_order_from(*dir, from, &mut cx));
                    let seats = match seats {
                        Ok(seats) => seats,
                        Err(h) => return Err(self.no_order_from(h, from, &o.expr.span, &mut cx)),
                    };
                    self.set_order(seats.into_iter());
                    return Ok(());
                }
                let v = self.cond_value(o, &mut cx)?;
                // No player at all (a variable never set): the round would have no turn,
                // and the last active player went on playing alone.
                if v.as_slice().is_empty() {
                    let shown = if v == Value::Null { "none".to_string() } else { self.show(&v) };
                    let mut h = Halt::error(format!("`order:` gives no player ({shown}): a round needs one turn"));
                    h.place(&o.expr.span, &cx);
                    return Err(h);
                }
                // Players alone (one, `first(players)`, or a list of them) are read in
                // place: no list is made for them.
                let player = |x: &Value| match x {
                    Value::Player(p) => Some(*p),
                    _ => None,
                };
                if v.as_slice().iter().all(|x| player(x).is_some()) {
                    self.set_order(v.as_slice().iter().filter_map(player));
                    return Ok(());
                }
                self.players(&v)?
            }
            None => self.seated(),
        };
        self.set_order(order.into_iter());
        Ok(())
    }

    /// The error of `clockwise from P` where `P` is no player (a variable never set):
    /// said as the `order:` it is, as `order: P` alone says it.
    #[cold]
    fn no_order_from(
        &mut self,
        mut h: Halt,
        from: &crate::syntax::ast::Expr,
        span: &crate::syntax::ast::Span,
        cx: &mut Ctx,
    ) -> Halt {
        if let Ok(Value::Null) = self.eval(from, cx) {
            let from = cx.snippet(&from.span);
            h = Halt::error(format!(
                "`order:` starts from `{from}`, which is none: a round needs a player to start from (set `{from}` in `setup:`, or in a scenario's setup)"
            ));
        }
        h.place(span, cx);
        h
    }

    /// Starts a round in `order`, but for the players who left the game (they have no
    /// turns, whatever the order says).
    fn set_order(&mut self, order: impl Iterator<Item = PlayerId> + Clone) {
        let s = &mut self.w.state;
        let order = order.filter(|p| !s.eliminated.contains(p));
        // Most rounds go round in the order of the last: it is kept, not made again.
        if !order.clone().eq(s.clock.order.iter().copied()) {
            s.set_round_order(order.collect::<Vec<_>>().into());
        }
        let c = &mut s.clock;
        c.slot = 0;
        if let Some(&p) = c.order.first() {
            s.set_active(p);
        }
    }

    /// The game, the current round or the current turn starts or ends (`period`), named
    /// by its number (`turn 3`).
    #[inline(always)]
    pub(super) fn numbered(&mut self, start: bool, period: &'static str, fire: bool) -> R<()> {
        let c = &self.w.state.clock;
        let n = match period {
            "round" => c.round,
            "turn" => c.turn,
            _ => 0,
        };
        self.period(start, period, || PeriodName::Number(n), period, fire)
    }

    /// A phase or step (`period`) called `name` starts or ends.
    #[inline(always)]
    fn named(&mut self, start: bool, period: &'static str, name: &'r std::sync::Arc<str>, fire: bool) -> R<()> {
        self.period(start, period, || PeriodName::Named(name.clone()), name, fire)
    }

    /// A period starts or ends. Its triggers resolve at once (when `fire`), before the
    /// next period event and before the active player changes; "until end of P" ends
    /// after the end-of-P triggers, "until start of P" before the start-of-P ones.
    /// `word`: what a duration's `until end of X` may name it by, a phase's or step's
    /// name, else its period's word (`turn 3` is no word a script can write).
    fn period(
        &mut self,
        start: bool,
        period: &'static str,
        name: impl FnOnce() -> PeriodName,
        word: &str,
        fire: bool,
    ) -> R<()> {
        if start {
            self.expire(start, period, word);
        }
        // Made only for a log someone reads (a named period shares its name, atomically).
        if !self.unread() {
            self.emit(None, EventKind::Period { start, period, name: name() });
        }
        if fire {
            self.fire()?;
        }
        if !start {
            self.expire(start, period, word);
            let journal = self.w.state.recording();
            self.w.uses.end_period(journal, period);
        }
        Ok(())
    }

    /// Runs the current phase's `start:` (or `end:`) script: the game's, then the active
    /// player's faction's.
    fn phase_scripts(&mut self, start: bool) -> R<()> {
        let Some(p) = self.rules.phases.get(self.w.state.clock.phase) else { return Ok(()) };
        if self.skip_scripts {
            return Ok(());
        }
        let outer = self.phase_script.replace(start);
        let out = self.run_phase_scripts(start, p);
        self.phase_script = outer;
        out
    }

    fn run_phase_scripts(&mut self, start: bool, p: &super::rules::PhaseDef) -> R<()> {
        let active = self.w.state.active();
        if let Some(s) = if start { &p.start } else { &p.end } {
            let mut cx = Ctx::placed(active, None, &s.text, &s.origin);
            self.exec_stmts(&s.block, &mut cx)?;
        }
        // The active player's faction by its index (`faction_of`), not found by its name.
        let faction = active.and_then(|a| self.faction_of(a));
        let script = faction.and_then(|f| if start { f.starts.get(&*p.name) } else { f.phases.get(&*p.name) });
        if let Some(s) = script {
            let mut cx = Ctx::placed(active, active.map(Value::Player), &s.text, &s.origin);
            self.exec_stmts(&s.block, &mut cx)?;
        }
        Ok(())
    }

    /// Runs the `start:` scripts of the phase the game is in (a whole game's first phase,
    /// which `begin` opens without them).
    pub fn start_phase(&mut self) -> R<()> {
        self.atomically(|me| me.phase_scripts(true))
    }

    fn open_phase(&mut self, fire: bool) -> R<()> {
        if self.watch && self.w.state.ending {
            // An `end game` as the turn or round started: nothing more starts, and the
            // window is closed at once (the phase's close then ends the game).
            self.w.end_window = true;
            return Ok(());
        }
        let c = &self.w.state.clock;
        let c = Place { phase: c.phase, step: c.step };
        let rules: &'r super::Rules = self.rules;
        if let Some(p) = rules.phases.get(c.phase) {
            self.named(true, "phase", &p.name, fire)?;
            if let Some(step) = c.step.and_then(|s| p.steps.get(s)) {
                self.named(true, "step", step, fire)?;
            }
            self.w.end_window = false;
            if fire {
                self.phase_scripts(true)?;
            }
        }
        Ok(())
    }

    /// Ends the current phase (or step): its script runs, then its end event.
    pub fn close_phase(&mut self) -> R<()> {
        // What was found holding held in this phase: the clock is no part of a state's
        // version (`pure.rs` `Held`).
        self.held = None;
        if self.watch {
            if self.w.state.over {
                // Ended already (an `end game`): nothing closes again.
                self.w.end_window = false;
                return Ok(());
            }
            if self.w.state.ending {
                return self.game_ends();
            }
        }
        let c = &self.w.state.clock;
        let c = Place { phase: c.phase, step: c.step };
        let rules: &'r super::Rules = self.rules;
        let Some(p) = rules.phases.get(c.phase) else { return Ok(()) };
        if let Some(step) = c.step.and_then(|s| p.steps.get(s)) {
            self.named(false, "step", step, true)?;
            if c.step.unwrap_or(0) + 1 < p.steps.len() && !self.w.state.ending {
                self.w.state.clock.step = c.step.map(|s| s + 1);
                let next = &p.steps[c.step.unwrap_or(0) + 1];
                return self.named(true, "step", next, true);
            }
        }
        self.phase_scripts(false)?;
        self.fire()?;
        self.named(false, "phase", &p.name, true)?;
        if self.w.state.ending || self.check_end && self.end_read()? {
            return self.game_ends();
        }
        self.next_phase()
    }

    /// The slot of the round's order whose turn comes next: a player who left the game
    /// has no more turns. Past the order's end, the round is over.
    pub(super) fn next_slot(&self) -> usize {
        let s = &self.w.state;
        let mut slot = s.clock.slot + 1;
        while s.clock.order.get(slot).is_some_and(|p| s.eliminated.contains(p)) {
            slot += 1;
        }
        slot
    }

    fn next_phase(&mut self) -> R<()> {
        let c = &mut self.w.state.clock;
        c.phase += 1;
        c.step = None;
        if c.phase >= self.rules.phases.len() {
            // (A modifier that lasts until the turn's end is gone after it.)
            let had_mods = !self.w.mods.is_empty();
            self.numbered(false, "turn", true)?;
            let slot = self.next_slot();
            // `end:` is read again once the turn's end has been answered (a `when: end of
            // turn` ability may end the game), and the round's.
            let was = self.w.state.clock.slot;
            let round_ends = slot >= self.w.state.clock.order.len();
            if self.may_end_between(had_mods) && self.ended_between(was, round_ends)? {
                return Ok(());
            }
            let c = &mut self.w.state.clock;
            c.phase = 0;
            c.slot = slot;
            if round_ends {
                let had_mods = !self.w.mods.is_empty();
                self.numbered(false, "round", true)?;
                if self.may_end_between(had_mods) && self.ended_between(was, false)? {
                    return Ok(());
                }
                self.w.state.clock.round += 1;
            }
            // After the round's end: its triggers read the turn that ended it.
            self.w.state.clock.turn += 1;
            if self.w.state.clock.turn >= self.turns_end {
                // The turns a whole game was given are over: the next one does not open
                // (its `start:` scripts would play part of it).
                return Ok(());
            }
            if round_ends {
                self.new_round()?;
                self.numbered(true, "round", true)?;
            } else {
                let s = &mut self.w.state;
                let p = s.clock.order[s.clock.slot];
                s.set_active(p);
            }
            self.numbered(true, "turn", true)?;
        }
        let phase = self.w.state.clock.phase;
        if self.rules.phases.get(phase).is_some_and(|p| !p.steps.is_empty()) {
            self.w.state.clock.step = Some(0);
        }
        self.open_phase(true)
    }

    /// Everyone passes until `target` (a phase or step) starts.
    pub fn advance_to(&mut self, target: &str) -> R<()> {
        if self.w.state.over {
            return Err(Halt::refused(format!("the game is over: {target} never starts")));
        }
        if self.rules.phase_index(target).is_none() {
            return Err(Halt::error(format!("`{target}` is not a phase or step of the game")));
        }
        // Two whole rounds of every phase and step are enough to reach any of them.
        let slots: usize = self.rules.phases.iter().map(|p| p.steps.len().max(1)).sum();
        let limit = 2 * (slots + 1) * (self.w.state.players.len() + 1) + 8;
        for _ in 0..limit {
            self.close_phase()?;
            if self.now_in(target) {
                return Ok(());
            }
            if self.w.state.over {
                return Err(Halt::refused(format!("the game ended before {target}")));
            }
        }
        Err(Halt::budget(format!("`{target}` never started")))
    }

    fn now_in(&self, target: &str) -> bool {
        let c = &self.w.state.clock;
        let Some(p) = self.rules.phases.get(c.phase) else { return false };
        match self.rules.phase_index(target) {
            Some((i, None)) => i == c.phase && c.step.is_none_or(|s| s == 0),
            Some((i, Some(s))) => i == c.phase && c.step == Some(s) && !p.steps.is_empty(),
            None => false,
        }
    }

    /// The name of the current phase (and step).
    pub fn phase_name(&self) -> String {
        let c = &self.w.state.clock;
        match self.rules.phases.get(c.phase) {
            Some(p) => match c.step.and_then(|s| p.steps.get(s)) {
                Some(s) => format!("{} ({s})", p.name),
                None => p.name.to_string(),
            },
            None => "no phase".into(),
        }
    }
}

/// Where in the turn the clock is (what opening and closing a phase read of it).
#[derive(Clone, Copy)]
struct Place {
    phase: usize,
    step: Option<usize>,
}

/// A `grid:` board's spaces by place, once they are zones of `s`.
fn grid_of(rules: &super::Rules, s: &State) -> Option<std::sync::Arc<crate::engine::grid_view::Grid>> {
    let g = rules.board.as_ref()?.grid.as_ref()?;
    // The grid's spaces are the board's first, row by row, laid out in that order.
    let cells = s.spaces().get(..usize::from(g.columns) * usize::from(g.rows))?.to_vec();
    // Each kind of piece, side and owner it may have, in the rules' order.
    let mut kinds = vec![];
    for p in rules.piece_specs.iter() {
        let Some(kind) = s.piece_name_id(&p.name.value) else { continue };
        let sides: Vec<Option<u32>> = match p.sides.is_empty() {
            true => vec![None],
            false => p.sides.iter().map(|side| s.piece_name_id(&side.value)).collect(),
        };
        let owners: Vec<Option<PlayerId>> = match (&p.per_player, &p.per_game) {
            (Some(_), None) => (0..s.players.len()).map(Some).collect(),
            (None, Some(_)) => vec![None],
            _ => std::iter::once(None).chain((0..s.players.len()).map(Some)).collect(),
        };
        for side in &sides {
            kinds.extend(owners.iter().map(|&o| (kind, *side, o)));
        }
    }
    Some(std::sync::Arc::new(crate::engine::grid_view::Grid { columns: g.columns, rows: g.rows, cells, kinds }))
}

/// A zone's or a space's `capacity:` as the engine keeps it.
fn capacity(c: Option<&crate::load::model::Sp<i64>>) -> Option<usize> {
    c.map(|c| c.value.max(0) as usize)
}
