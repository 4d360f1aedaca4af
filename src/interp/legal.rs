//! Legal actions and action windows. At a decision a player is offered exactly the
//! actions the rules would accept now: each candidate (playing a card from a `playable`
//! zone, using an activated ability of a card, of their faction or of the game) is tried
//! on a copy of the world with the first legal answers, and offered only if it resolves.
//! Windows ask players in turn to act or pass until the phase's `actions:` rule ends them.

use crate::engine::action_text::ActionText;
use crate::engine::{EntId, Kind, List, Loc, PlayerId, Value, Zone};
use crate::limits::Limits;
use crate::load::Window;
use std::rc::Rc;

use super::actions::{Action, Source};
use super::compile::Listening;
use super::explore::{Explore, TRIAL_RUNS};
use super::{Ctx, FirstLegal, Halt, Interp, R};

/// Which actions a search lists: all of them, or only responses (a reaction window's).
/// Invariant: a search skips, unasked, every ability it cannot offer whose question is a
/// pure read (`AbilityDef::asked_by_script`): another player's, or any but a response in
/// a reaction window. What it lists, the steps it counts and the errors it raises are
/// those of asking every activated ability and keeping what `only` selects (debug builds
/// compare the two at every search: `action_candidates`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Only {
    All,
    Responses,
}

/// One action a player may take now, with its stable text (`play king#2`, `use draw`,
/// `use rohirrim_road (1)`).
#[derive(Debug, Clone)]
pub struct Legal {
    /// How the action is written.
    pub text: String,
    /// The action.
    pub action: Action,
}

impl Interp<'_> {
    /// The actions `p` may take now: every candidate that the rules would accept.
    pub fn legal_actions(&mut self, p: PlayerId) -> R<Vec<Legal>> {
        self.legal_where(p, Only::All)
    }

    /// The legal actions among the candidates `only` selects (only those are tried).
    fn legal_where(&mut self, p: PlayerId, only: Only) -> R<Vec<Legal>> {
        let mut out = vec![];
        for action in self.action_candidates(p, only)? {
            if self.would_resolve(p, &action)? {
                out.push(Legal { text: self.action_text(&action), action });
            }
        }
        Ok(out)
    }

    /// How an action is written in legal actions and scenarios: `play c3#2`, `use draw`,
    /// `use lamp: shine`, `use lamp (2)`.
    /// (The grammar is `ActionText`'s, which the checker reads scenarios' texts with.)
    pub(super) fn action_text(&self, a: &Action) -> String {
        self.action_text_as(a, None)
    }

    /// `action_text` as player `p` may read it: a card they cannot see (a hand held facing
    /// away) is named by its place, `play 1st of hand of alice`, as a choice names it
    /// (`show_to`). What their menu offers and their pick is logged as.
    pub fn action_text_for(&self, a: &Action, p: PlayerId) -> String {
        self.action_text_as(a, Some(p))
    }

    /// `action_text`, a card named as `viewer` (if any) may see it.
    fn action_text_as(&self, a: &Action, viewer: Option<PlayerId>) -> String {
        let card = |e: EntId| -> std::borrow::Cow<'_, str> {
            match viewer {
                Some(p) if !self.w.state.sees(p, e) => self.show_to(&Value::Ent(e), p).into(),
                _ => self.w.state.ents[e].label.as_str().into(),
            }
        };
        match *a {
            // Never a candidate: scenarios run scripts, players do not pick them.
            Action::Script(_) => "run a script".into(),
            Action::Play(e) => ActionText::Play(&card(e)).to_string(),
            Action::Use(src, i) => {
                let (abilities, _, label) = self.abilities_of(src);
                let i = i.unwrap_or(0);
                let holder = match src {
                    Source::Game(_) => None,
                    Source::Card(e) => Some(card(e)),
                    _ => Some(std::borrow::Cow::Borrowed(&*label)),
                };
                ActionText::ability(holder.as_deref(), abilities.get(i).and_then(|a| a.name.as_deref()), i).to_string()
            }
        }
    }

    /// `p`'s turn among the legal actions (those `only` selects): `None` for a
    /// pass (also when nothing is legal), else the outcome of taking the picked action. An
    /// agent that needs no list (a [`Sampler`]) has candidates drawn one at a time and
    /// taken at once (see `sample.rs`).
    fn take_turn(
        &mut self,
        p: PlayerId,
        prompt: Prompts,
        only: Only,
        may_pass: impl Fn(&mut Self) -> R<bool>,
    ) -> R<Option<R<()>>> {
        // A step of the game for `scenario-from`'s probe (nothing without one).
        self.probe_enter();
        let kind = match only {
            Only::All => super::probe::StepKind::Act(p),
            Only::Responses => super::probe::StepKind::Respond(p),
        };
        let out = self.take_turn_now(p, prompt, only, may_pass);
        self.probe_leave(matches!(out, Ok(Some(Ok(())))).then_some(kind));
        out
    }

    fn take_turn_now(
        &mut self,
        p: PlayerId,
        prompts: Prompts,
        only: Only,
        may_pass: impl Fn(&mut Self) -> R<bool>,
    ) -> R<Option<R<()>>> {
        let sampler = self.agent.sampler().filter(|_| self.replay.is_empty() && self.recording.is_none());
        let Some(sampler) = sampler else {
            let legal = self.legal_where(p, only)?;
            let pass = may_pass(self)?;
            let prompt = prompts[usize::from(!pass)];
            let picked = if legal.is_empty() { None } else { self.offer(p, prompt, legal, pass)? };
            // The pick, if logged: the last event.
            let pick = self.w.state.log.len().wrapping_sub(1);
            return Ok(picked.map(|a| {
                self.taking();
                let out = self.act(p, &a);
                if out.is_ok() {
                    self.taken();
                }
                if let (Ok(()), Action::Play(e)) = (&out, a) {
                    self.seen_as_played(pick, e, Some(p));
                }
                out
            }));
        };
        let mut pool = self.action_candidates(p, only)?;
        let out = may_pass(self).and_then(|pass| {
            let prompt = prompts[usize::from(!pass)];
            self.sample_and_act(p, prompt, sampler, (pass, &mut pool))
        });
        self.spare_actions.give(pool);
        out
    }

    /// Whether one of `pool`'s actions is legal (tried in order, stopping at the first).
    pub(super) fn any_legal(&mut self, p: PlayerId, pool: &[Action]) -> R<bool> {
        for a in pool {
            if self.would_resolve(p, a)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Asks `p` to pick one of `legal` (or to pass, when `pass`): the picked action, or
    /// `None` for a pass.
    fn offer(&mut self, p: PlayerId, prompt: &'static str, mut legal: Vec<Legal>, pass: bool) -> R<Option<Action>> {
        let mut labels = List::with_capacity(legal.len() + 1);
        if pass {
            labels.push(Value::Sym("pass".into()));
        }
        labels.extend(legal.iter().map(|l| Value::Sym(self.action_text_for(&l.action, p).into())));
        let cx = Ctx::new(Some(p), None, "");
        let picked = super::select::first(self.ask(prompt, labels.clone(), 1, 1, &cx)?);
        let k = labels.iter().position(|l| *l == picked).unwrap_or(0);
        if pass && k == 0 {
            return Ok(None);
        }
        Ok(Some(legal.swap_remove(k - usize::from(pass)).action))
    }

    /// Tries an action on a copy of the world, answering its choices with the first legal
    /// options; the world is restored either way. A run-time error in the rules is not a
    /// refusal: it stops the game.
    pub(super) fn would_resolve(&mut self, p: PlayerId, a: &Action) -> R<bool> {
        self.reset_budgets();
        if self.guarded_out(p, a) {
            return Ok(false);
        }
        self.trial(|me| me.act_now(p, a).and_then(|()| me.fire()))
    }

    /// Whether `f` goes through on a copy of the world, its choices answered with their
    /// first legal options; the world is restored either way. A refusal is `false`; a
    /// run-time error in the rules stops the game. A budget that runs out is `true`: the
    /// first answers may go round where a player's would not, and hiding the action would
    /// hide a runaway rule; taken, it stops the game if it runs out again.
    pub(super) fn trial(&mut self, f: impl FnMut(&mut Self) -> R<()>) -> R<bool> {
        match self.trial_run(f) {
            Ok(()) | Err(Halt::Budget(_)) => Ok(true),
            Err(h @ Halt::Error(..)) => Err(h),
            Err(_) => Ok(false),
        }
    }

    /// `f` run on a copy of the world with the first legal answers, the world restored:
    /// how it ended, as `trial` reads it. Where that run is refused after a question, the
    /// other answers are tried (`explore.rs`), each run from the same state and with the
    /// steps counted from the same mark: the outcome is the first that is not a refusal,
    /// or the last refusal.
    pub(super) fn trial_run(&mut self, mut f: impl FnMut(&mut Self) -> R<()>) -> R<()> {
        let agent = std::mem::replace(&mut self.agent, Box::new(FirstLegal));
        let outer = self.explore.replace(Explore::default());
        // The trial's answers are its own: none is taken from, nor recorded for, a
        // `simultaneously` block's rehearsal (its runs would record more answers than the
        // block asks), and a sampled action's speculation does not take it for its own
        // question (`asking` would park the trial's agent as the player's).
        let replay = std::mem::take(&mut self.replay);
        let recording = self.recording.take();
        let speculating = std::mem::replace(&mut self.speculating, false);
        let mark = self.steps.mark();
        // The runs after the first share one action's step budget between them.
        let (mut runs, mut spent) = (1, 0);
        let out = loop {
            let saved = self.snapshot();
            let out = f(self);
            self.restore(saved);
            spent += (self.steps.mark() - mark).max(0) as u64;
            let ex = self.explore.as_mut().expect("set for this trial");
            let more = runs < TRIAL_RUNS && spent < self.limits.steps;
            if !matches!(out, Err(Halt::Refused(_))) || !more || !ex.advance() {
                break out;
            }
            runs += 1;
            self.steps.rewind(mark);
        };
        self.explore = outer;
        self.agent = agent;
        self.replay = replay;
        self.recording = recording;
        self.speculating = speculating;
        out
    }

    /// What `p` could try now, before the rules are asked: cards in their playable zones,
    /// activated abilities of those cards and of cards in play, of their faction, of the game.
    /// Those `only` selects: a play is never a response. Debug builds search again
    /// asking every question (`skip` off) and compare the actions and the steps.
    fn action_candidates(&mut self, p: PlayerId, only: Only) -> R<Vec<Action>> {
        #[cfg(debug_assertions)]
        let before = self.steps.mark();
        let out = self.candidates_by(p, only, true);
        #[cfg(debug_assertions)]
        {
            let after = self.steps.mark();
            self.steps.rewind(before);
            let asked = self.candidates_by(p, only, false);
            let asked_steps = self.steps.mark();
            self.steps.rewind(after);
            debug_assert_eq!(format!("{asked:?}"), format!("{out:?}"), "skipping questions changed the candidates");
            debug_assert_eq!(asked_steps, after, "skipping questions changed the steps counted");
        }
        out
    }

    /// `action_candidates`, skipping the questions whose answer is a pure no (`skip`), or
    /// asking every activated ability.
    fn candidates_by(&mut self, p: PlayerId, only: Only, skip: bool) -> R<Vec<Action>> {
        let mut out = match (self.rules.cards_activate, only) {
            (true, _) => self.card_candidates(p, only, skip)?,
            (false, Only::All) => {
                let out = self.spare_actions.take();
                self.plays_of(p, out)
            }
            (false, Only::Responses) => self.spare_actions.take(),
        };
        #[cfg(debug_assertions)]
        if !self.rules.cards_activate && only == Only::All {
            let general = format!("{:?}", self.card_candidates(p, only, skip)?);
            debug_assert_eq!(general, format!("{out:?}"), "plays_of lists other plays than card_candidates");
        }
        // A skipping reaction window asks only what a script decides on: none of the
        // factions' or the game's abilities, where none is.
        let (factions, game) = match (only, skip) {
            (Only::Responses, true) => self.rules.scripted_uses,
            _ => (true, true),
        };
        // Any faction's abilities: `used_by:` may let other players use them (Entreat).
        // With no faction defined, nobody's faction has any.
        let factions = factions && !self.rules.factions.is_empty();
        for q in 0..self.w.state.players.len() {
            if factions && self.w.state.players[q].faction.is_some() {
                self.ability_candidates(p, Source::Faction(q), only, skip, &mut out)?;
            }
        }
        if game {
            self.ability_candidates(p, Source::Game(p), only, skip, &mut out)?;
        }
        Ok(out)
    }

    /// `card_candidates` when no card has an activated ability: a play of each card in
    /// `p`'s playable zones that can be played, in table order, read zone by zone (what
    /// `held` says of each thing is said once of its zone; attached things are held by
    /// no one).
    fn plays_of(&self, p: PlayerId, mut out: Vec<Action>) -> Vec<Action> {
        let (s, rules) = (&self.w.state, self.rules);
        let held = || s.held_zones(p).iter().map(|&z| &s.zones[z]);
        #[cfg(debug_assertions)]
        {
            let searched: Vec<usize> =
                (0..s.zones.len()).filter(|&z| s.zones[z].playable && s.zones[z].owner == Some(p)).collect();
            debug_assert_eq!(searched, s.held_zones(p), "held_zones lists other zones than p's playable ones");
        }
        out.reserve(held().map(|z| z.items.len()).sum::<usize>() + 4);
        // Everything is a card, and every card has the game's `play:`: every item is played.
        let all = rules.play.is_some() && !s.has_pieces();
        for zone in held() {
            if all {
                out.extend(zone.items.iter().map(|&e| Action::Play(e)));
                continue;
            }
            for &e in zone.items.iter() {
                let Kind::Card(c) = s.ents[e].kind else { continue };
                if rules.play_script(c).is_some() {
                    out.push(Action::Play(e));
                }
            }
        }
        out
    }

    /// The plays of the cards `p` holds and the abilities of the cards `p` can reach.
    fn card_candidates(&mut self, p: PlayerId, only: Only, skip: bool) -> R<Vec<Action>> {
        let all = self.by_layout(super::memo::Listed::Reachable, Self::reachable);
        // Skipping, only the cards whose abilities are asked about (kept for the layout).
        let reachable = match (only, skip) {
            (_, false) => all,
            (Only::Responses, true) => {
                self.by_layout(super::memo::Listed::Responders, |me| me.asked_among(p, only, &all))
            }
            (Only::All, true) => self.by_layout_for(p, |me| me.asked_among(p, only, &all)),
        };
        #[cfg(debug_assertions)]
        let before = self.steps.mark();
        let out = self.candidates_among(p, &reachable, only, skip)?;
        #[cfg(debug_assertions)]
        {
            // The per-player search from the same count: the same steps, the same actions.
            let after = self.steps.mark();
            self.steps.rewind(before);
            let mine = self.reachable_by(p);
            let mine = if skip { self.asked_among(p, only, &mine) } else { mine };
            let held = self.candidates_among(p, &mine, only, skip);
            self.steps.rewind(after);
            let (held, kept) = (held.map(|h| format!("{h:?}")).ok(), format!("{out:?}"));
            debug_assert_eq!(held.as_ref(), Some(&kept), "the reachable cards give other actions than p's");
        }
        Ok(out)
    }

    /// Whether `p` holds card `e` where it can be played (one of `p`'s playable zones) and
    /// it has a play: a play of it is among the candidates of `legal actions`, and a
    /// scenario's `play:` of a card id picks such a copy first.
    pub fn may_try_play(&self, p: PlayerId, e: EntId) -> bool {
        let s = &self.w.state;
        let Kind::Card(c) = s.ents[e].kind else { return false };
        let held = matches!(s.ents[e].loc, Loc::Zone(z) if s.zones[z].playable && s.zones[z].owner == Some(p));
        held && self.rules.play_script(c).is_some()
    }

    /// The plays and abilities `p` can use among `cards`, in their order.
    fn candidates_among(&mut self, p: PlayerId, cards: &[EntId], only: Only, skip: bool) -> R<Vec<Action>> {
        // A play of each held card, and a few abilities: grown once, not by doubling (in
        // a list an earlier turn gave back, most often already large enough).
        let mut out = self.spare_actions.take();
        out.reserve(cards.len() + 4);
        for &e in cards {
            let s = &self.w.state;
            let Kind::Card(c) = s.ents[e].kind else { continue };
            let playable = self.may_try_play(p, e);
            if playable && only == Only::All {
                out.push(Action::Play(e));
            }
            // A held card's ability is used by playing it first, unless it works where it is.
            let activated = self.rules.listening[c] & Listening::ACTIVATED != 0;
            if activated && (playable || self.listens(e)) {
                self.ability_candidates(p, Source::Card(e), only, skip, &mut out)?;
            }
        }
        Ok(out)
    }

    /// The cards some player might play or whose abilities might be used, in table order:
    /// the cards of playable zones, and those with an activated ability in play or in
    /// zones some `from:` names (not the library). They depend only on where things are
    /// (`by_layout` keeps them); who holds which is read for each player.
    fn reachable(&self) -> Vec<EntId> {
        let s = &self.w.state;
        let open = |z, zone: &Zone| zone.playable || zone.holds_in_play() || self.is_from_zone(z, zone);
        let mut out = s.table_where(open, |_| true);
        let held = |e: EntId| matches!(s.ents[e].loc, Loc::Zone(z) if s.zones[z].playable);
        out.retain(|&e| match s.ents[e].kind {
            Kind::Card(c) => held(e) || self.rules.listening[c] & Listening::ACTIVATED != 0,
            Kind::Piece(_) => false,
        });
        out
    }

    /// Those of `cards` a search that skips (`Only`) looks at for `p`: the cards `p`
    /// holds (their plays) and those whose abilities it asks about, which
    /// `ability_candidates` would skip one by one on any other card. Those `p` controls
    /// with an activated ability, and those with one a script decides on
    /// (`Listening::BY_SCRIPT`), which alone a reaction window asks about (it plays
    /// nothing, so its list is the same for every player).
    fn asked_among(&self, p: PlayerId, only: Only, cards: &[EntId]) -> Vec<EntId> {
        let s = &self.w.state;
        let looked_at = |e: EntId| {
            let Kind::Card(c) = s.ents[e].kind else { return false };
            let bits = self.rules.listening[c];
            if bits & Listening::BY_SCRIPT != 0 || only == Only::Responses {
                return bits & Listening::BY_SCRIPT != 0;
            }
            let held = matches!(s.ents[e].loc, Loc::Zone(z) if s.zones[z].playable && s.zones[z].owner == Some(p));
            held || (bits & Listening::ACTIVATED != 0 && s.controller_or_owner(e) == Some(p))
        };
        cards.iter().copied().filter(|&e| looked_at(e)).collect()
    }

    /// The cards `p` might play or whose abilities `p` might use, in table order: those in
    /// `p`'s playable zones, in play, or in zones some `from:` names (what `reachable`
    /// keeps for every player, checked against it in debug builds).
    #[cfg(debug_assertions)]
    fn reachable_by(&self, p: PlayerId) -> Vec<EntId> {
        let s = &self.w.state;
        let held = |zone: &Zone| zone.playable && zone.owner == Some(p);
        let open = |z, zone: &Zone| held(zone) || zone.holds_in_play() || self.is_from_zone(z, zone);
        let mut out = s.table_where(open, |_| true);
        out.retain(|&e| s.is_card(e));
        out
    }

    #[inline(always)]
    fn ability_candidates(&mut self, p: PlayerId, src: Source, only: Only, skip: bool, out: &mut Vec<Action>) -> R<()> {
        let abilities = self.abilities_of_ref(src);
        // Another player's ability is refused as not theirs, unless `used_by:` says
        // otherwise (`why_unusable`).
        let theirs = self.controller_of(src) == Some(p);
        for (i, a) in abilities.iter().enumerate() {
            let (asked, offered) = match only {
                _ if !skip => (a.is_activated(), only == Only::All || a.is_response()),
                Only::All => (a.is_activated() && (theirs || a.asked_by_script()), true),
                Only::Responses => (a.asked_by_script(), a.is_response()),
            };
            if asked && self.why_unusable(p, src, i, a)?.is_none() && offered {
                out.push(Action::Use(src, Some(i)));
            }
        }
        Ok(())
    }

    /// Whether `p` may pass in the current phase (its `can_pass:`, else yes).
    #[inline(always)]
    pub fn may_pass(&mut self, p: PlayerId) -> R<bool> {
        // Borrowed from the rules: a copy would count references to its parts, atomically.
        let rules: &super::Rules = self.rules;
        let Some(c) = rules.phases.get(self.w.state.clock.phase).and_then(|ph| ph.can_pass.as_ref()) else {
            return Ok(true);
        };
        // `can_pass: false` (or `true`), asked at every turn of a window: its one step,
        // with no context made. A spent budget goes the general way, which raises it.
        if let (Some(b), None) = (c.fx.as_deref().and_then(super::fast::Fx::truth_literal), &self.coverage) {
            let mark = self.steps.mark();
            if self.tick().is_ok() {
                return Ok(b);
            }
            self.steps.rewind(mark);
        }
        let mut cx = Ctx::placed(Some(p), Some(Value::Player(p)), &c.text, &c.origin);
        self.cover_cond(c);
        let v = self.cond_value(c, &mut cx)?;
        self.truth(&v, &c.expr, &cx)
    }

    /// The current phase's action window. Players are asked in turn order from the active
    /// player (`until_all_pass`, `one_each`) or only the active player is (`active_player`);
    /// `end phase` closes it. Returns how many actions the rules refused. At most
    /// `max_actions` questions are asked: the window may be left open.
    pub fn window(&mut self, max_actions: usize) -> R<usize> {
        self.window_for(max_actions).map(|(refused, _)| refused)
    }

    /// `window`, and whether the window closed (all passed, each had a turn, or `end
    /// phase`) rather than ran out of questions.
    fn window_for(&mut self, max_actions: usize) -> R<(usize, bool)> {
        let kind = self.rules.phases.get(self.w.state.clock.phase).map_or(Window::UntilAllPass, |p| p.actions);
        let active = self.w.state.active();
        // The active player alone (the commonest window) needs no list.
        let (one, listed);
        let order: &[PlayerId] = match (kind, active) {
            (Window::None, _) => return Ok((0, true)),
            (Window::ActivePlayer, Some(a)) => {
                one = [a];
                &one
            }
            (_, Some(a)) => {
                listed = self.w.state.seat_order(a, true);
                &listed
            }
            (_, None) => {
                listed = self.seated();
                &listed
            }
        };
        // Nothing before the window is answered in it; `end phase` in the phase's `start:`
        // script (kept in `end_window`) closes the window before it opens.
        self.w.last = (0, 0);
        let (mut passes, mut refused, mut closed) = (0, 0, false);
        let done = |i: usize, passes: usize, end: bool| {
            passes >= order.len() || (kind == Window::OneEach && i >= order.len()) || end || order.is_empty()
        };
        for i in 0..max_actions {
            if done(i, passes, self.w.end_window) {
                closed = true;
                break;
            }
            let p = order[i % order.len()];
            // The seats were listed as the window opened: one who has left since (an
            // `eliminate` in it) is asked nothing more, as if passing.
            if self.w.state.has_left(p) {
                passes += 1;
                continue;
            }
            let Some(acted) = self.take_turn(p, ["act or pass", "act"], Only::All, |me| me.may_pass(p))? else {
                passes += 1;
                continue;
            };
            passes = 0;
            match acted {
                Ok(()) => refused += self.reactions(p)?,
                Err(Halt::Refused(_)) => refused += 1,
                Err(e) => return Err(e),
            }
        }
        // Every question asked: closed only if the last answer closed it.
        let closed = closed || done(max_actions, passes, self.w.end_window);
        self.w.end_window = false;
        Ok((refused, closed))
    }

    /// The budget halt of a window that asked `limits.window_actions` questions and did
    /// not close: a rule that keeps offering actions (a pass never allowed, a `can_pass:`
    /// never true) would otherwise be cut short unseen.
    #[cold]
    fn window_over(&self, what: &str) -> Halt {
        let max = self.limits.window_actions;
        let def = self.rules.phases.get(self.w.state.clock.phase);
        let phase = def.map_or("", |p| &*p.name);
        let message = format!(
            "window budget ({max}) exceeded: {what} of phase {phase} asked {max} questions and never \
             closed (the players did not all pass in a row) ({})",
            Limits::advice("window_actions")
        );
        // Raised at the phase's `can_pass:`, the rule that keeps its action window open, if it
        // has one (a reaction window may always be passed: its responses keep it open).
        let at = (def.and_then(|p| p.can_pass.as_ref()))
            .filter(|_| what.starts_with("the action window"))
            .map(|c| super::halt::At { file: c.file, span: c.span.clone() });
        Halt::Budget(Box::new(super::halt::Raised { message, at }))
    }

    /// The reaction window after `p`'s action: from `p`'s left, each player may use a
    /// `response:` ability that answers what just happened, until all pass in a row (a
    /// response can itself be answered). Returns how many were refused.
    fn reactions(&mut self, p: PlayerId) -> R<usize> {
        if !self.rules.reacts.any() || self.w.state.ending {
            return Ok(0);
        }
        let outer = self.reacting_from.replace(self.w.last.0);
        let out = self.reaction_window(p);
        self.reacting_from = outer;
        out
    }

    /// `reactions`' window, the events from `reacting_from` on answered in it.
    fn reaction_window(&mut self, p: PlayerId) -> R<usize> {
        let start = self.w.last.0;
        let around = self.w.state.seat_order(p, true);
        let order: Vec<PlayerId> = around.iter().copied().cycle().skip(1).take(around.len()).collect();
        let (mut passes, mut refused, mut i) = (0, 0, 0);
        while passes < order.len() && !self.w.state.ending {
            if i == self.limits.window_actions {
                return Err(self.window_over("the reaction window"));
            }
            let q = order[i % order.len()];
            i += 1;
            if self.w.state.has_left(q) {
                passes += 1;
                continue;
            }
            let Some(acted) = self.take_turn(q, ["respond or pass", "respond"], Only::Responses, |_| Ok(true))? else {
                passes += 1;
                continue;
            };
            passes = 0;
            match acted {
                // Later responses may answer the action or the responses to it.
                Ok(()) => self.w.last.0 = start,
                Err(Halt::Refused(_)) => refused += 1,
                Err(e) => return Err(e),
            }
        }
        self.w.last = (0, 0);
        Rc::make_mut(&mut self.w.answered).clear();
        Ok(refused)
    }

    /// Plays whole turns with the agent: each phase's window, then the phase ends.
    /// Stops at the game's `end:` condition. Returns the number of refused actions.
    pub fn play_turns(&mut self, turns: u32) -> R<usize> {
        let mut refused = 0;
        if self.rules.phases.is_empty() {
            return Err(Halt::error("the game has no `turn: phases:` to play"));
        }
        let last = self.w.state.clock.turn.saturating_add(turns);
        self.turns_end = last;
        let out = self.turns_until(last, &mut refused);
        self.turns_end = u32::MAX;
        out.map(|()| refused)
    }

    /// `play_turns`' loop: windows and closes until turn `last` would open.
    fn turns_until(&mut self, last: u32, refused: &mut usize) -> R<()> {
        while self.w.state.clock.turn < last && !self.w.state.over {
            let (more, closed) = self.window_for(self.limits.window_actions)?;
            if !closed {
                return Err(self.window_over("the action window"));
            }
            *refused += more;
            self.check_end = true;
            self.probe_enter();
            let closed = self.close_phase_whole(refused);
            // A close that stopped before the next turn opened is no step a scenario can
            // replay (its `advance:` would open that turn).
            let stopped = !self.w.state.over && self.w.state.clock.turn >= last;
            self.probe_leave((closed.is_ok() && !stopped).then_some(super::probe::StepKind::Advance));
            closed?;
        }
        Ok(())
    }

    /// Closes the phase in a whole game: a refused phase script is skipped (counted in
    /// `refused`), so that the game goes on.
    fn close_phase_whole(&mut self, refused: &mut usize) -> R<()> {
        match self.atomically(|me| me.close_phase()) {
            Ok(()) => Ok(()),
            Err(Halt::Refused(reason)) => {
                // The phase's script was refused (the agent chose what the rules forbid):
                // the phase ends without it, so that the game goes on.
                *refused += 1;
                self.note(None, false, |_| format!("the phase's script is skipped: {reason}"));
                self.skip_scripts = true;
                let out = self.atomically(|me| me.close_phase());
                self.skip_scripts = false;
                out
            }
            // A budget, an error or an agent that cannot answer ends the game: the phase
            // was rolled back, so going on would run the same script again, forever.
            Err(h) => Err(h),
        }
    }
}

/// A window's question with passing offered, and without (it then does not say "or pass").
type Prompts = [&'static str; 2];
