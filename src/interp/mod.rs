//! The interpreter: runs the AST of a game's scripts against the engine state.
//! `eval` computes expressions, `select` selectors and filters, `choice` choices, `exec`
//! statements, `effects` the engine verbs, `props` property values under modifiers and
//! prohibitions, `triggers` triggered abilities, `respond` abilities that answer events
//! before, instead of or right after them, `actions` playing cards and using abilities
//! (requirements, then atomic costs, then effects), `turn` the turn structure, `legal`
//! legal actions and action windows, `game` whole games (decks, results, matches),
//! `secret` simultaneous choices, `places` default zones, `zones` zones and cards by name,
//! `ctx` the context a script runs in.
//! Choices go through an `Agent`.
//! Every action is atomic: on any failure the world is restored to before it.

pub mod actions;
pub mod agent;
mod builtins;
mod calls;
mod choice;
mod closures;
mod coerce;
mod compile;
mod conds;
mod count_at;
pub mod coverage;
mod ctx;
mod decks;
mod defs;
mod draft;
mod draws;
mod effects;
mod ending;
mod eval;
mod exec;
mod explore;
mod fast;
mod fast_calls;
mod fields;
mod fused;
mod game;
mod halt;
mod heard;
mod holders;
mod ids;
mod inplace;
mod last_question;
pub mod legal;
mod located;
mod memo;
mod moves;
mod noun_info;
mod nouns;
mod operand;
mod pieces;
mod places;
pub mod probe;
pub mod props;
mod pure;
mod relation;
mod respond;
mod reveals;
pub mod rules;
mod sample;
mod seat_forms;
mod secret;
mod select;
mod selections;
mod slots;
mod spare;
mod steps;
mod stmts;
mod tallies;
pub mod triggers;
pub mod turn;
mod typed;
mod typed_form;
mod uses;
pub mod weights;
mod world;
mod written;
mod zones;

use std::sync::Arc;

use crate::engine::{EventKind, PlayerId, State, Value};
use crate::syntax::ast::Expr;

pub use agent::{Agent, Answer, Ask, FirstLegal, GreedyAgent, RandomAgent, Sampler, Scripted, View, WeightedAgent};
pub use choice::Prompt;
pub use ctx::{Binding, Ctx, Locals, Name, ScriptRef};
pub use game::{supply_zone, Standing};
pub use legal::Legal;
pub use rules::Rules;
pub use uses::{Used, Uses};
pub use weights::Weights;
pub use world::{Running, Saved, World};

use halt::{distinct, ordinal};
pub use halt::{At, Halt, Raised, R};

pub use crate::limits::Limits;

/// A change to a property: added to a number, or replacing the value.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// `modify ... by N`.
    Add(i64),
    /// `set ... to V` with a duration.
    Set(Value),
}

/// How long a modifier or prohibition lasts.
#[derive(Debug, Clone, PartialEq)]
pub enum Until {
    /// For the rest of the game.
    Forever,
    /// Until a period or phase ends (`turn`, `phase`, a phase name).
    EndOf(String),
    /// Until a period or phase starts.
    StartOf(String),
    /// While a condition holds.
    While(Arc<Expr>),
}

/// A modifier in effect.
#[derive(Debug, Clone)]
pub struct Modifier {
    /// The property changed.
    pub prop: String,
    /// What it applies to (re-evaluated whenever the property is read).
    pub target: Arc<Expr>,
    /// The change.
    pub change: Change,
    /// How long it lasts.
    pub until: Until,
    /// The bindings it was made with.
    pub cx: Ctx<'static>,
    /// The card whose script made it.
    pub source: Option<String>,
    /// How it was logged when it started.
    pub text: String,
}

/// A prohibition in effect.
#[derive(Debug, Clone)]
pub struct Ban {
    /// The statement (players, actions, object, place, exception).
    pub rule: Arc<crate::syntax::ast::Forbid>,
    /// The bindings it was made with.
    pub cx: Ctx<'static>,
    /// The card or faction whose script made it.
    pub source: String,
}

/// The interpreter of one game.
pub struct Interp<'r> {
    /// The ruleset.
    pub rules: &'r Rules,
    /// The state and what rolls back with it.
    pub w: World,
    /// Who answers choices.
    pub agent: Box<dyn Agent + 'r>,
    /// Budgets (the rules' limits unless the caller changes them).
    pub limits: Limits,
    /// Whether the game's `end:` is checked as each phase ends (whole games, not scenarios).
    pub check_end: bool,
    /// The turn a whole game stops before opening (`play --turns N`): its first phase's
    /// `start:` would be a turn past the N. `u32::MAX` plays on.
    turns_end: u32,
    /// Nobody reads the log's record of choices (a simulation): a sampled pass is not
    /// logged, so nothing is tried to learn whether it was a choice (`sample.rs`); when
    /// no ability listens either, only the plays are logged (`unread`). Set by `set_quiet`.
    quiet: bool,
    /// The counters (by name and holder) changed inside a secret block: the only ones a
    /// player may not know the value of, and so the only ones a `set` that changes nothing
    /// may tell (`exec.rs`).
    secret_keys: Vec<(std::sync::Arc<str>, crate::engine::Holder)>,
    /// The cards of the last plays that ended (eight at most), who saw each played and who
    /// saw it before (`play_entity`): a pick logged before the play is narrowed to them
    /// once it is taken.
    last_played: Vec<(crate::engine::EntId, u64, u64)>,
    /// What `unread` answers, worked out when `quiet` or `probe` changes (it is asked at
    /// every event a statement might log).
    log_unread: bool,
    /// Ends the current phase without running its scripts (a whole game whose phase
    /// script was refused).
    skip_scripts: bool,
    /// Which of the current phase's scripts runs (`Some(true)`: its `start:`), so that a
    /// budget message can name it; the name is written only if the budget runs out.
    phase_script: Option<bool>,
    /// Answers (by option name) recorded while players choose simultaneously.
    recording: Option<Vec<Vec<Value>>>,
    /// Recorded answers to give instead of asking.
    replay: std::collections::VecDeque<Vec<Value>>,
    /// The player whose simultaneous block runs: its events are theirs alone to see.
    secret: Option<PlayerId>,
    /// The facing a moved card takes as it arrives (`face up`/`face down` clauses).
    arriving_face: Option<bool>,
    /// Whether the running script is an ability's `cost:`: a cost that would change
    /// nothing (exhausting what is exhausted) cannot be paid.
    paying: bool,
    /// What ran, when recording (`twilit coverage`).
    coverage: Option<Box<coverage::Covered>>,
    /// Whether a statement must look before it runs: coverage is recorded, or an `end
    /// game` has run (`State::ending`, which a rollback may clear: looked at again).
    pub(super) watch: bool,
    /// Replacements whose effect is running (they do not replace its events).
    replacing: Vec<(actions::Source, usize)>,
    /// This action's and the game's steps (`Limits::steps`, `Limits::game_steps`).
    steps: steps::Steps,
    /// A sampled action runs for real before it is known to ask nothing (`sample.rs`):
    /// its first question makes it its own trial.
    speculating: bool,
    /// The depth (`depth`) at which the sampled action's own script runs: a script of
    /// another depth (a card played inside it, the card an ability is used from played
    /// first) has more to run after it (`last_question.rs`).
    own_depth: usize,
    /// The prompts of the scripts' choices, by the words they are made of (`choice.rs`
    /// `prompt`).
    prompts: choice::Prompts,
    /// The prompts of the last picks logged (`sample.rs` `log_pick`): a window logs the
    /// same one or two at every decision, shared instead of made each time (each beside
    /// the fixed text it was made from).
    pick_prompts: [Option<(&'static str, Arc<str>)>; 2],
    /// The agent of a sampled action that asked a question and goes on as its own
    /// trial with the first legal answers (`sample.rs`).
    parked: Option<Box<dyn Agent + 'r>>,
    /// The answers of the trial running, which tries the other answers of a refused run
    /// (`explore.rs`); none outside trials.
    explore: Option<explore::Explore>,
    /// Whether the sampled action running as its own trial asked a question with more than
    /// one answer (`sample.rs`): only then may another answer let a refused one through.
    parked_asked: bool,
    /// The ability the action being taken in a window used first (`use_ability`), and
    /// how often each ability of the game and of the factions was used in the windows so
    /// far (`ability_uses`: what a simulation reports, an ability no game used included).
    last_used: Option<(actions::Source, usize)>,
    uses: Vec<u32>,
    /// The first event a reaction window answers, while one is open (`legal.rs`
    /// `reactions`): a response taken in it keeps what was answered since.
    reacting_from: Option<usize>,
    /// Whether an evaluation read the clock (`turn`, `round`, `phase`, `step`).
    clock_read: bool,
    /// The state's version (and game of a match) when `end:` was last read false, reading
    /// no clock (`turn.rs` `end_read`): read again between turns only once it changed.
    end_false_at: Option<(u64, u32)>,
    /// Where a scenario's setup keeps what the first failed action did before it was
    /// undone (each event's depth and line): `Some` while it is asked for.
    pub undone: Option<Vec<(u32, String)>>,
    /// What is kept of the state while what it read stays the same (`memo.rs`).
    kept: memo::Kept,
    /// Selections apply their filters in the written order (debug builds check that
    /// taking the place filter first selects the same: `select.rs` `candidates`).
    in_order: bool,
    /// The guards of a play `guarded_out` found holding (`pure.rs` `guards_held`).
    held: Option<pure::Held>,
    calls: usize,
    chain: Vec<String>,
    raw: bool,
    depth: usize,
    floor: usize,
    /// Counts a whole game's steps and keeps one (`scenario-from`). Set by `set_probe`.
    probe: Option<Box<probe::Probe>>,
    /// Emptied lists of a call's arguments and of a value procedure's bindings, used
    /// again by the next call (a value procedure is called thousands of times a game,
    /// and each call made and freed both).
    spare_args: spare::Spare<Value>,
    spare_locals: spare::Spare<Binding<'r>>,
    /// Emptied lists of a turn's candidate actions (`action_candidates` takes one, the
    /// sampler gives it back).
    spare_actions: spare::Spare<actions::Action>,
}

impl<'r> Interp<'r> {
    /// An interpreter over a fresh state.
    pub fn new(rules: &'r Rules, mut state: State, agent: Box<dyn Agent + 'r>) -> Self {
        // A state not laid out by these rules (a library caller's own) has named no piece
        // yet: it takes the rules' names, whose ids compiled conditions keep.
        state.seed_piece_names(&rules.piece_names);
        // Nor declared its variables as the rules compiled their ids.
        state.vars.declare_first(rules.variables.iter().map(|v| v.name.as_str()));
        let kept = memo::Kept::new(rules, &state);
        Interp {
            w: World::new(state),
            rules,
            agent,
            limits: rules.limits,
            check_end: false,
            turns_end: u32::MAX,
            quiet: false,
            secret_keys: vec![],
            last_played: vec![],
            log_unread: false,
            skip_scripts: false,
            phase_script: None,
            recording: None,
            replay: Default::default(),
            secret: None,
            arriving_face: None,
            paying: false,
            coverage: None,
            watch: false,
            replacing: vec![],
            steps: steps::Steps::new(&rules.limits),
            speculating: false,
            own_depth: 0,
            prompts: Default::default(),
            pick_prompts: Default::default(),
            parked: None,
            explore: None,
            parked_asked: false,
            last_used: None,
            uses: vec![],
            reacting_from: None,
            clock_read: false,
            end_false_at: None,
            undone: None,
            kept,
            in_order: false,
            held: None,
            calls: 0,
            chain: vec![],
            raw: false,
            depth: 0,
            floor: 0,
            probe: None,
            spare_args: spare::Spare::default(),
            spare_locals: spare::Spare::default(),
            spare_actions: spare::Spare::default(),
        }
    }

    /// The engine state.
    pub fn state(&self) -> &State {
        &self.w.state
    }

    /// Runs `f` atomically as one top-level action: on failure the world is restored and
    /// the refusal is logged.
    pub fn atomically<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        let from = self.w.state.log.len();
        let saved = self.snapshot();
        self.reset_budgets();
        let out = f(self).and_then(|v| {
            self.fire()?;
            Ok(v)
        });
        match &out {
            Ok(_) => self.commit(saved),
            Err(h) => {
                if self.undone.is_some() {
                    self.keep_undone(from);
                }
                self.restore(saved);
                let reason = h.message().to_string();
                // A reason may name a thing some players do not see (a card picked from a
                // hidden hand): they read that a refusal happened, not what it names.
                let seen = if self.quiet { crate::engine::view::EVERYONE } else { self.w.state.seen_of_text(&reason) };
                self.emit_seen(None, EventKind::Refused { reason, error: h.is_error() }, seen);
                self.w.fired = self.w.state.log.len();
                self.w.done.clear();
            }
        }
        out
    }

    /// The lines of the events from `from` on, which a failure is about to undo: what a
    /// scenario's failed setup did before it stopped, for its transcript.
    #[cold]
    fn keep_undone(&mut self, from: usize) {
        let s = &self.w.state;
        let mut lines: Vec<(u32, String)> =
            s.log.get(from..).unwrap_or_default().iter().map(|e| (e.depth, e.render(s))).collect();
        // An inner failure kept what it did, and its undoing left only its refusal here
        // (the last line): what it did goes before that line.
        let inner = self.undone.take().unwrap_or_default();
        let refusal = lines.pop();
        lines.extend(inner);
        lines.extend(refusal);
        self.undone = Some(lines);
    }

    /// Logs an event at the current depth, seen by everyone (unless it happens inside a
    /// player's simultaneous block).
    pub fn emit(&mut self, actor: Option<PlayerId>, kind: EventKind) {
        self.emit_seen(actor, kind, crate::engine::view::EVERYONE);
    }

    /// Logs a note (`rule`: a rule made by a script), its text written only when someone
    /// may read the log: a quiet game logs it empty, so that the log keeps its shape.
    pub fn note(&mut self, actor: Option<PlayerId>, rule: bool, text: impl FnOnce(&Self) -> String) {
        let text = if self.quiet { String::new() } else { text(self) };
        self.emit(actor, if rule { EventKind::Rule { text } } else { EventKind::Note { text } });
    }

    /// Whether nobody reads the log's events but for the plays: a quiet game (a
    /// simulation, which counts the plays) in which no ability listens or answers, and
    /// no probe counts. Its other events are not logged at all: no text, no list, no
    /// visibility worked out for them.
    #[inline]
    pub(super) fn unread(&self) -> bool {
        debug_assert_eq!(self.log_unread, self.unread_now(), "`unread` was not worked out again");
        self.log_unread
    }

    /// `unread` worked out from what it depends on.
    fn unread_now(&self) -> bool {
        self.quiet && !self.rules.triggers.any() && !self.rules.reacts.any() && self.probe.is_none()
    }

    /// Makes the game quiet (a simulation, whose log of choices nobody reads) or not.
    pub fn set_quiet(&mut self, quiet: bool) {
        self.quiet = quiet;
        self.log_unread = self.unread_now();
    }

    /// Counts the game's steps with `probe` (`None`: stops counting, giving it back).
    pub fn set_probe(&mut self, probe: Option<Box<probe::Probe>>) -> Option<Box<probe::Probe>> {
        let old = std::mem::replace(&mut self.probe, probe);
        self.log_unread = self.unread_now();
        old
    }

    /// The nesting depth as events keep it (deeper than any budget allows is kept as the
    /// deepest an event can say).
    #[inline(always)]
    fn depth_u32(&self) -> u32 {
        u32::try_from(self.depth).unwrap_or(u32::MAX)
    }

    /// Logs an event whose details only `seen` (a set of players) see.
    #[inline(always)]
    pub fn emit_seen(&mut self, actor: Option<PlayerId>, kind: EventKind, seen: u64) {
        if self.unread() && !matches!(kind, EventKind::Play { .. }) {
            return;
        }
        let depth = self.depth_u32();
        let i = self.w.state.emit(actor, kind);
        let secret = self.secret_mask(actor);
        let ev = &mut self.w.state.log[i];
        ev.depth = depth;
        ev.seen = seen & secret;
        if self.probe.is_some() {
            self.probe_event(i);
        }
    }

    /// Who may see the details of `actor`'s events now: a secret block's are seen by its
    /// player, and by whoever acts in one of them (a trigger of another player's
    /// resolving inside it: their own answer).
    pub(super) fn secret_mask(&self, actor: Option<PlayerId>) -> u64 {
        self.secret.map_or(crate::engine::view::EVERYONE, |p| {
            crate::engine::view::bit(p) | actor.map_or(0, crate::engine::view::bit)
        })
    }

    /// Whether zone `z` is one some `from:` names.
    fn is_from_zone(&self, z: crate::engine::ZoneId, zone: &crate::engine::Zone) -> bool {
        match self.kept.from_zone.get(z) {
            Some(&is) => is,
            None => self.rules.from_zones.contains(&zone.name),
        }
    }

    /// Counts one step against the budget.
    #[inline]
    fn tick(&mut self) -> R<()> {
        self.tick_n(1)
    }

    /// Counts `n` steps at once: the things a selection looks at or a shuffle reorders,
    /// so that work proportional to a zone's size is bounded by the budget like a loop.
    #[inline]
    fn tick_n(&mut self, n: usize) -> R<()> {
        if self.steps.count(n) {
            return Err(self.over_budget());
        }
        Ok(())
    }

    /// The names of the procedures running, innermost last.
    pub fn running_names(&self) -> Vec<&'r str> {
        let rules: &'r Rules = self.rules;
        self.w.running.iter().filter_map(|&id| rules.callee(id)).map(|d| &*d.name).collect()
    }

    /// The refusal of a script that ran out of steps, naming what ran.
    #[cold]
    fn over_budget(&self) -> Halt {
        let mut what: Vec<String> = self.chain.clone();
        what.extend(self.running_names().into_iter().map(str::to_string));
        let phase = self.rules.phases.get(self.w.state.clock.phase).map(|p| &*p.name);
        // Where nothing named runs (an action's own script, `setup:`, `end:`), the place the
        // budget ran out at, which the halt is given as it goes up, says where.
        let running = match (what.is_empty(), self.phase_script, phase) {
            (false, ..) => format!("; running: {}", distinct(&what)),
            (true, Some(start), Some(name)) => {
                format!("; running: the `{}:` script of phase {name}", if start { "start" } else { "end" })
            }
            _ => String::new(),
        };
        let (what, max, limit) = if self.steps.taken().1 > self.limits.game_steps {
            ("the game's step budget", self.limits.game_steps, "game_steps")
        } else {
            ("step budget", self.limits.steps, "steps")
        };
        Halt::budget(format!("{what} ({max}) exceeded{running} ({})", Limits::advice(limit)))
    }

    /// A player's name.
    pub fn pname(&self, p: PlayerId) -> &str {
        &self.w.state.players[p].name
    }

    /// A value's name as `p` may see it: a card hidden from them is named by its place
    /// (`3rd of deck of bob`), never by what it is.
    pub fn show_to(&self, v: &Value, p: PlayerId) -> String {
        let s = &self.w.state;
        match v {
            Value::Ent(e) if !s.sees(p, *e) => match s.zone_of(*e) {
                Some(z) => match s.zones[z].items.iter().position(|x| x == e) {
                    Some(i) => format!("{}{} of {}", i + 1, ordinal(i + 1), s.zone_name(z)),
                    None => format!("a hidden card in {}", s.zone_name(z)),
                },
                None => "a hidden card".into(),
            },
            v => self.show(v),
        }
    }

    /// A display name for any value.
    pub fn show(&self, v: &Value) -> String {
        let s = &self.w.state;
        match v {
            Value::Null => "none".into(),
            Value::Int(i) => i.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Str(t) => format!("\"{t}\""),
            Value::Sym(t) => t.to_string(),
            Value::Player(p) => s.players[*p].name.clone(),
            Value::Ent(e) => s.ents[*e].label.as_str().to_owned(),
            Value::Zone(z) => s.zone_name(*z),
            Value::List(l) => format!("[{}]", l.iter().map(|x| self.show(x)).collect::<Vec<_>>().join(", ")),
        }
    }
}
