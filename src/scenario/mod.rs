//! Scripted scenarios: set a state up directly (cards into zones, counters, a phase),
//! then run steps — act, choose, expect, expect_error, expect_log, advance — and record
//! a transcript from the event log. Choices are strict: every question needs a scripted
//! answer, and every answer must be used.

mod expects;
pub mod from;
mod setup;
mod transcript;
mod view;
mod whole;

pub use whole::{
    deal_once, probe_whole_game, quiet_game, quiet_game_from, quiet_game_into, quiet_game_into_with, quiet_game_with,
    random_game, whole_game, whole_game_to_halt, Dealt, Played, Seating,
};

use std::sync::Arc;

use crate::diag::{FileId, Span};
use crate::engine::{Kind, Player, PlayerId, State, Value};
use crate::interp::actions::{Action, Source};
use crate::interp::rules::Script;
use crate::interp::{Ctx, Halt, Interp, Rules, Scripted};
use crate::load::{Act, Scenario, ScriptSrc, SetupItem, Sp, Step};
use crate::syntax;

pub use transcript::Transcript;

/// Why a scenario failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The step (1-based; 0 for setup).
    pub step: usize,
    /// What went wrong.
    pub message: String,
    /// Where in the file.
    pub file: FileId,
    /// The step's span.
    pub span: Span,
    /// Where a run-time error was raised in a script, when the failure is one.
    pub raised: Option<crate::interp::At>,
    /// Which of the three kinds of failure it is.
    pub kind: FailureKind,
}

/// Why a scenario failed (SCENARIOS.md 6): the rules refused an action nobody expected to
/// be refused, the scenario's own expectation or answer did not hold, or the content is
/// wrong (a meaningless script, or one that ran away).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// The rules said no.
    Refused,
    /// An `expect`, `expect_log`, `expect_error` or answer of the scenario did not hold.
    Expectation,
    /// The content is wrong: a run-time error or a budget that ran out.
    Error,
}

impl FailureKind {
    /// The kind as transcripts, `twilit test` and JSON name it.
    pub fn label(self) -> &'static str {
        match self {
            FailureKind::Refused => "refused",
            FailureKind::Expectation => "failed",
            FailureKind::Error => "error",
        }
    }
}

/// The result of running one scenario.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The scenario's name.
    pub name: String,
    /// The first failure, if any.
    pub failure: Option<Failure>,
    /// The transcript (setup, then every step with the events it caused).
    pub transcript: String,
}

/// Runs a scenario against a ruleset.
pub fn run(rules: &Rules, sc: &Scenario) -> Outcome {
    run_recording(rules, sc, false).0
}

/// Runs a scenario and records which parts of the rules it executed (`twilit coverage`).
pub fn run_covered(rules: &Rules, sc: &Scenario) -> (Outcome, crate::interp::coverage::Covered) {
    let (o, c) = run_recording(rules, sc, true);
    (o, c.unwrap_or_default())
}

fn run_recording(rules: &Rules, sc: &Scenario, record: bool) -> (Outcome, Option<crate::interp::coverage::Covered>) {
    let players = sc
        .players
        .iter()
        .map(|p| Player {
            name: p.name.value.clone(),
            role: p.role.as_ref().map(|r| r.value.clone()),
            faction: p.faction.as_ref().map(|f| f.value.clone()),
        })
        .collect();
    let seed = sc.seed.as_ref().map_or(0, |s| s.value.unsigned_abs());
    let state = Interp::lay_out(rules, seed, players);
    let mut agent = match sc.choices.as_ref().map(|c| c.as_str()) {
        Some("first") => Scripted::lenient(Box::new(crate::interp::FirstLegal)),
        Some("random") => Scripted::lenient(Box::new(crate::interp::RandomAgent)),
        _ => Scripted::default(),
    };
    agent.drawing = sc.random_agents.iter().map(|p| p.value.clone()).collect();
    let mut it = Interp::new(rules, state, Box::new(agent));
    if record {
        it.record_coverage();
    }
    let mut t = Transcript::new(&sc.scenario.value, seed);
    let failure = Runner { sc, t: &mut t, last_act: 0, close_pending: false }.go(&mut it).err();
    if let Some(f) = &failure {
        // Shown as everywhere else: a 60 KB expression that failed is named, not printed.
        let (kind, message) = (f.kind.label(), crate::diag::abbreviate(&f.message));
        t.line(&format!("FAILED at step {} ({kind}): {message}", f.step));
    }
    let covered = it.take_coverage();
    (Outcome { name: sc.scenario.value.clone(), failure, transcript: t.finish() }, covered)
}

/// The answers of the `count` `choose` steps from index `from` on.
/// Whether step `s` only looks at the game (and may stand between an action and a response
/// to it): an `expect`, `expect_log`, `expect_no_log`, `expect_actions` or `expect_view`.
fn looks_only(s: &Step) -> bool {
    matches!(
        s,
        Step::Expect(_)
            | Step::ExpectLog(_)
            | Step::ExpectNoLog(_)
            | Step::ExpectActions { .. }
            | Step::ExpectView { .. }
    )
}

fn answers_of(steps: &[Step], from: usize, count: usize) -> Vec<crate::interp::Answer> {
    let names = |l: &Sp<Vec<Sp<String>>>| l.value.iter().map(|x| x.value.clone()).collect::<Vec<_>>();
    (from..from + count)
        .filter_map(|j| match &steps[j] {
            Step::Choose(a) => {
                Some(crate::interp::Answer { step: j + 1, names: names(&a.pick), among: a.among.as_ref().map(names) })
            }
            _ => None,
        })
        .collect()
}

struct Runner<'a> {
    sc: &'a Scenario,
    t: &'a mut Transcript,
    /// Where the log stood before the last `act` or `advance` step.
    last_act: usize,
    /// An action ended the phase and a response to it came next: the phase closes after
    /// the responses, as after a whole game's reaction window.
    close_pending: bool,
}

type Res = Result<(), Failure>;

impl Runner<'_> {
    fn fail(&self, step: usize, span: &Span, message: impl Into<String>) -> Failure {
        let (file, span) = (self.sc.file, span.clone());
        Failure { step, message: message.into(), file, span, raised: None, kind: FailureKind::Expectation }
    }

    /// A failure because of `h`, with the place in a script of a run-time error.
    fn failed(&self, step: usize, span: &Span, message: impl Into<String>, h: &Halt) -> Failure {
        let kind = match h {
            Halt::Refused(_) => FailureKind::Refused,
            Halt::Agent(_) => FailureKind::Expectation,
            Halt::Error(_) | Halt::Budget(_) => FailureKind::Error,
        };
        Failure { raised: h.at().cloned(), kind, ..self.fail(step, span, message) }
    }

    fn go(&mut self, it: &mut Interp) -> Res {
        it.start_variables().map_err(|h| self.failed(0, &self.sc.span, h.message(), &h))?;
        // The `choose` steps that open `steps:` answer the setup's questions (a `script:`
        // item's, the game's own `setup:` at `{ start: game }`), as those after an `act`
        // answer it.
        let steps = &self.sc.steps;
        let opening = steps.iter().take_while(|s| matches!(s, Step::Choose(_))).count();
        it.agent.begin(0, answers_of(steps, 0, opening));
        self.setup(it)?;
        if let Some(a) = it.agent.leftover().first() {
            let msg = format!(
                "unused answer {:?}: the setup asked no question for it (an action's answers go right after its `act` or `advance` step)",
                a.names
            );
            return Err(self.fail(a.step, &span_of(&steps[a.step - 1]), msg));
        }
        let mut i = opening;
        while i < steps.len() {
            let n = i + 1;
            self.close_left_open(it, &steps[i..], n)?;
            match &steps[i] {
                Step::Act { .. } | Step::Advance(_) | Step::NextGame(_) => {
                    i = self.act_step(it, i)?;
                    continue;
                }
                Step::Choose(a) => {
                    let msg = "`choose` answers nothing: put it right after an `act` or `advance` step";
                    return Err(self.fail(n, &a.pick.span.range(), msg));
                }
                Step::ExpectError(e) => {
                    let msg = "`expect_error` must follow an `act` step (and its `choose` steps)";
                    return Err(self.fail(n, &e.span.range(), msg));
                }
                Step::Expect(src) => self.expect(it, src, n)?,
                Step::ExpectLog(lines) => self.expect_log(it, lines, n)?,
                Step::ExpectNoLog(lines) => self.expect_no_log(it, lines, n)?,
                Step::ExpectActions { player, actions, pass, .. } => {
                    self.expect_actions(it, player, actions, pass.as_ref(), n)?
                }
                Step::ExpectEnd(want) => self.expect_end(it, want, n)?,
                Step::ExpectView { player, has, lacks, .. } => self.expect_view(it, player, (has, lacks), n)?,
                Step::ExpectResult { winners, losers, scores, span } => {
                    self.expect_result(it, (winners.as_ref(), losers.as_ref()), scores, span, n)?
                }
            }
            i += 1;
        }
        Ok(())
    }

    /// An `act` or `advance` step at index `i`, with the `choose` steps that answer it and
    /// the `expect_error` that may follow; returns the index of the next step.
    fn act_step(&mut self, it: &mut Interp, i: usize) -> Result<usize, Failure> {
        let steps = &self.sc.steps;
        let (n, mark) = (i + 1, it.w.state.log.len());
        self.last_act = mark;
        let count = steps[i + 1..].iter().take_while(|s| matches!(s, Step::Choose(_))).count();
        let j = i + 1 + count;
        it.agent.begin(n, answers_of(steps, i + 1, count));
        self.t.step(n, &describe(&steps[i], it));
        // The state to compare a refusal with; the log (which only grows) stays out.
        let log = std::mem::take(&mut it.w.state.log);
        let before = it.w.state.clone();
        it.w.state.log = log;
        let expected = match steps.get(j) {
            Some(Step::ExpectError(e)) => Some(e),
            _ => None,
        };
        // The next step that acts: the steps that only look stand between an action and
        // a response to it.
        let next = steps[if expected.is_some() { j + 1 } else { j }..].iter().find(|s| !looks_only(s));
        let out = self.act(it, &steps[i], next);
        self.t.events(&it.w.state, mark);
        let left = it.agent.leftover();
        if let (Some(a), true) = (left.first(), out.is_ok() || expected.is_some()) {
            let msg = format!("unused answer {:?}: no choice was asked for it", a.names);
            return Err(self.fail(a.step, &span_of(&steps[a.step - 1]), msg));
        }
        match (out, expected) {
            (Ok(()), None) => {}
            (Ok(()), Some(e)) => {
                let msg = format!("expected the action to be refused with \"{}\", but it succeeded", e.value);
                return Err(self.fail(j + 1, &e.span.range(), msg));
            }
            // `expect_error` matches a refusal or an error (the transcript says which).
            (Err(h @ (Halt::Refused(_) | Halt::Budget(_) | Halt::Error(_))), Some(e))
                if h.message().contains(&e.value) =>
            {
                self.refused(&before, it, j + 1, e)?
            }
            // An answer that is not among the options is the rules refusing it.
            (Err(Halt::Agent(m)), Some(e)) if m.contains("is not an option") && m.contains(&e.value) => {
                self.refused(&before, it, j + 1, e)?
            }
            (Err(h), Some(e)) => {
                let msg = format!("expected a refusal containing \"{}\", got: {}", e.value, h.message());
                // The expectation failed, whatever the halt was: the step did what it was told.
                let f = self.failed(j + 1, &e.span.range(), msg, &h);
                return Err(Failure { kind: FailureKind::Expectation, ..f });
            }
            (Err(h), None) => return Err(self.failed(n, &span_of(&steps[i]), h.message(), &h)),
        }
        Ok(if expected.is_some() { j + 1 } else { j })
    }

    /// An expected refusal: it must have changed nothing but the log (`before` has no log).
    fn refused(&mut self, before: &State, it: &mut Interp, n: usize, e: &Sp<String>) -> Res {
        let log = std::mem::take(&mut it.w.state.log);
        let unchanged = *before == it.w.state;
        it.w.state.log = log;
        if !unchanged {
            return Err(self.fail(n, &e.span.range(), "the refused action changed the state"));
        }
        self.t.step(n, &format!("expect_error \"{}\": ok", e.value));
        Ok(())
    }

    fn player(&self, it: &Interp, name: &str, span: &Span) -> Result<PlayerId, Failure> {
        it.w.state.player_named(name).ok_or_else(|| self.fail(0, span, format!("no player `{name}` in this scenario")))
    }

    /// A context with the scenario's player names bound.
    fn ctx<'t>(&self, it: &Interp, you: Option<PlayerId>, text: &'t str) -> Ctx<'t> {
        let mut cx = Ctx::new(you, None, text);
        for (i, p) in it.w.state.players.iter().enumerate() {
            cx.bind(&p.name, Value::Player(i));
        }
        cx
    }

    /// Runs an `act` or `advance` step. An action that ran `end phase` ends the phase
    /// there, as it would in a whole game: after the responses to it, when the `next`
    /// step that acts takes one (the action's reaction window). A refused step leaves a
    /// phase kept open as it was (`close_left_open` closes it before a step that acts and
    /// is no response). Once the phase has closed, nothing of the action is answered.
    fn act(&mut self, it: &mut Interp, step: &Step, next: Option<&Step>) -> Result<(), Halt> {
        let mark = it.w.state.log.len();
        self.act_now(it, step)?;
        // What this step did is what a `response:` in the next one answers.
        it.acted(mark);
        let ended = std::mem::take(&mut it.w.end_window) | std::mem::take(&mut self.close_pending);
        if ended {
            if next.is_some_and(|n| self.responds(it, n)) {
                self.close_pending = true;
            } else {
                it.atomically(|me| me.close_phase())?;
                it.acted(it.w.state.log.len());
            }
        }
        Ok(())
    }

    /// Closes the phase an action ended and kept open for the responses to it, before
    /// the first of `rest` (unless the next of them that acts is one more response: the
    /// steps that only look stand in the window): its events are logged from `mark` on.
    fn close_left_open(&mut self, it: &mut Interp, rest: &[Step], n: usize) -> Res {
        if !self.close_pending || rest.iter().find(|s| !looks_only(s)).is_some_and(|s| self.responds(it, s)) {
            return Ok(());
        }
        let s = &rest[0];
        self.close_pending = false;
        let mark = it.w.state.log.len();
        let out = it.atomically(|me| me.close_phase());
        self.t.events(&it.w.state, mark);
        it.acted(it.w.state.log.len());
        out.map_err(|h| self.failed(n, &span_of(s), h.message(), &h))
    }

    /// Whether step `s` uses a `response:` ability that answers what was just done
    /// (`use: CARD`, or `action: "use ..."` naming such an ability, as `scenario-from`
    /// writes it).
    fn responds(&self, it: &mut Interp, s: &Step) -> bool {
        let Step::Act { player, action, .. } = s else { return false };
        let Ok(who) = expects::step_player(it, &player.value) else { return false };
        let (src, i) = match action {
            Act::Use(id) => match self.use_source(it, who, &id.value) {
                Ok(found) => found,
                Err(_) => return false,
            },
            // The ability the text names, as `use:` takes it, legal now or not (a response
            // its requirement refuses is refused in the window, as `use:` is).
            Act::Action(text) => {
                use crate::engine::action_text::{canonical, ActionText};
                let canon = canonical(&text.value);
                let holder = match ActionText::parse(&canon) {
                    Some(ActionText::Game(h) | ActionText::Named(h, _) | ActionText::Nth(h, _)) => h,
                    Some(ActionText::GameNth(n)) => return it.answers_now(Source::Game(who), n.checked_sub(1)),
                    _ => return false,
                };
                match self.use_source(it, who, holder) {
                    Ok(found) => found,
                    Err(_) => return false,
                }
            }
            _ => return false,
        };
        it.answers_now(src, i)
    }

    /// The source (and a game ability's index) of a `use:` of `id` by player `who`.
    fn use_source(&self, it: &Interp, who: PlayerId, id: &str) -> Result<(Source, Option<usize>), Halt> {
        let faction = it.w.state.players.iter().position(|p| p.faction.as_deref() == Some(id));
        let game = it.rules.abilities.iter().position(|a| a.name.as_deref() == Some(id));
        Ok(match (faction, game) {
            (Some(p), _) => (Source::Faction(p), None),
            (None, Some(i)) => (Source::Game(who), Some(i)),
            (None, None) => (Source::Card(self.copy_for(it, who, id, true)?), None),
        })
    }

    fn act_now(&mut self, it: &mut Interp, step: &Step) -> Result<(), Halt> {
        match step {
            Step::Advance(p) => it.atomically(|me| me.advance_to(&p.value)),
            Step::NextGame(want) => {
                let goes_on = it.atomically(|me| me.next_game(false))?;
                let why = match (want.value, goes_on) {
                    (true, false) if it.rules.match_until.is_none() => "the game is no match (it has no `match:`)",
                    (true, false) => "the match is over: its `until:` holds",
                    (false, true) => "its `until:` does not hold",
                    // Not undone if it fails: a new game replaces the world, and the scenario stops.
                    (true, true) => return it.deal_next_game(),
                    (false, false) => return Ok(()),
                };
                let want = if want.value { "to deal the next game" } else { "to be over" };
                Err(Halt::agent(format!("expected the match {want}, but {why}")))
            }
            Step::Act { player, action, .. } => {
                let who = expects::step_player(it, &player.value).map_err(Halt::error)?;
                let action = match action {
                    Act::Play(id) => {
                        let e = self.copy_for(it, who, &id.value, false)?;
                        return it.act(who, &Action::Play(e)).map_err(|h| tried(it, &id.value, e, h));
                    }
                    Act::Use(id) => {
                        let (src, i) = self.use_source(it, who, &id.value)?;
                        Action::Use(src, i)
                    }
                    Act::Action(text) => {
                        let legal = it.legal_actions(who)?;
                        let text_now = crate::engine::action_text::canonical(&text.value);
                        // Or as the player reads it (`play 1st of hand of alice`: a card they
                        // cannot see), as `scenario-from` writes their pick.
                        let found = legal
                            .into_iter()
                            .find(|l| l.text == text_now || it.action_text_for(&l.action, who) == text.value);
                        match found {
                            Some(l) => l.action,
                            None => {
                                // Refused as the rules refuse: logged, nothing changed.
                                let why = format!("`{}` is not a legal action now", text.value);
                                return it.atomically(|_| Err(Halt::refused(why)));
                            }
                        }
                    }
                    Act::Script(src) => {
                        let script = parse(src, it).map_err(Halt::error)?;
                        let cx = self.ctx(it, Some(who), &script.text).at(&script.origin);
                        return it.atomically(|me| {
                            let mut cx = cx;
                            me.exec_stmts(&script.block, &mut cx)
                        });
                    }
                };
                it.act(who, &action)
            }
            _ => Ok(()),
        }
    }

    /// The copy a player's `play:` (or `use:`) of `id` means. A card id means every copy
    /// of the card, as in scripts: of those, for `play:` the first (in table order) the
    /// player holds in a playable zone, as `legal actions` offers it; then the first the
    /// player may act with (not another player's; for `play:` not yet in play, for `use:`
    /// in play); when none may, the first copy, whose refusal then says why. A label
    /// (`"gizmo#2"`; `"gizmo#1"` is the first copy) is that copy.
    fn copy_for(&self, it: &Interp, who: usize, id: &str, in_play: bool) -> Result<usize, Halt> {
        let copies = copies_of(it, id);
        let s = &it.w.state;
        let fits = |&e: &usize| s.ents[e].owner.is_none_or(|o| o == who) && s.in_play(e) == in_play;
        // Without this, a copy in the deck (declared before the hand) was tried first and
        // refused, though the player held another.
        let held = |e: &&usize| !in_play && fits(e) && it.may_try_play(who, **e);
        if let Some(&e) = copies.iter().find(held).or_else(|| copies.iter().find(|e| fits(e))).or(copies.first()) {
            return Ok(e);
        }
        match it.card_named(id)? {
            Value::Ent(e) => Ok(e),
            _ => Err(Halt::error(format!("`{id}` is not a card in this scenario"))),
        }
    }
}

/// A scenario's script, parsed and regrouped by its game's names, not compiled.
fn parse(src: &ScriptSrc, it: &Interp) -> Result<Script, String> {
    let mut block = syntax::parse_script_with(&src.text, &it.limits).map_err(|e| e.message)?;
    crate::check::regroup::block(&it.rules.env, &mut block);
    Ok(Script::from_src(Arc::new(block), src))
}

/// Every copy of card `id` in table order (none when `id` is no card id).
fn copies_of(it: &Interp, id: &str) -> Vec<usize> {
    match it.copies(id) {
        Value::Ent(e) => vec![e],
        Value::List(v) => v.iter().filter_map(|x| if let Value::Ent(e) = x { Some(*e) } else { None }).collect(),
        _ => Vec::new(),
    }
}

/// A refused `play:` of a card id with several copies names the copy tried and where it
/// was: the step names only the id, and the refusal may be about that copy's place.
fn tried(it: &Interp, id: &str, e: usize, h: Halt) -> Halt {
    let Halt::Refused(why) = &h else { return h };
    let n = copies_of(it, id).len();
    if n < 2 {
        return h;
    }
    let s = &it.w.state;
    let at = match s.ents[e].loc {
        crate::engine::Loc::Zone(z) => format!(", in {}", s.zone_name(z)),
        _ => String::new(),
    };
    Halt::refused(format!("{why} (tried {}{at}, of {n} copies of {id})", s.ents[e].label))
}

fn span_of(s: &Step) -> Span {
    match s {
        Step::Act { span, .. } => span.clone(),
        Step::Choose(a) => a.pick.span.range(),
        Step::Expect(e) => e.span.range(),
        Step::ExpectError(e) => e.span.range(),
        Step::ExpectLog(l) | Step::ExpectNoLog(l) => l.span.range(),
        Step::Advance(p) => p.span.range(),
        Step::ExpectActions { span, .. } | Step::ExpectResult { span, .. } | Step::ExpectView { span, .. } => {
            span.clone()
        }
        Step::ExpectEnd(b) | Step::NextGame(b) => b.span.range(),
    }
}

fn describe(s: &Step, it: &Interp) -> String {
    match s {
        Step::Act { player, action, .. } => {
            let who = step_player_named(it, &player.value);
            match action {
                Act::Play(c) => format!("{who} plays {}", c.value),
                Act::Use(c) => format!("{who} uses {}", c.value),
                Act::Action(a) => format!("{who} takes {}", a.value),
                Act::Script(src) => {
                    let text = src.text.trim();
                    match text.split_once('\n') {
                        Some((first, _)) => format!("{who} runs: {} ...", first.trim()),
                        None => format!("{who} runs: {text}"),
                    }
                }
            }
        }
        Step::Advance(p) => format!("advance to {}", p.value),
        Step::NextGame(b) if b.value => "end the game: the match deals the next".to_string(),
        Step::NextGame(_) => "end the game: the match is over".to_string(),
        _ => String::new(),
    }
}

/// A step's `player:` as the transcript writes it: a scenario player's name, or the name
/// the step gave with the player it stands for now (`speaker (bob)`).
pub(super) fn step_player_named(it: &Interp, name: &str) -> String {
    match expects::step_player(it, name) {
        Ok(p) if it.w.state.players[p].name != name => format!("{name} ({})", it.w.state.players[p].name),
        _ => name.to_string(),
    }
}
