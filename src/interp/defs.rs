//! The definitions the ruleset holds (`Rules`): compiled scripts and conditions with
//! where they came from, cards, abilities, factions, procedures, phases and properties.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diag::{FileId, Span};
use crate::engine::{PlayerId, Value};
use crate::fxhash::FxHashMap as HashMap;
use crate::load::{self, Modified};
use crate::syntax::ast;

/// A parsed script with where it came from.
#[derive(Debug, Clone)]
pub struct Script {
    /// The statements.
    pub block: Arc<ast::Block>,
    /// The source (for spans in diagnostics).
    pub file: FileId,
    /// The scalar's span in its file.
    pub span: Span,
    /// The script text (node spans index into it).
    pub text: Arc<str>,
    /// The field it came from (maps its spans to the file, for run-time errors).
    pub origin: Arc<load::ScriptSrc>,
    /// The conditions of its first statements that are `require`s that only read,
    /// compiled (`fast.rs`, tested by `pure.rs`; for `play:` scripts, none for the others).
    pub guards: Arc<[super::fast::Fx]>,
    /// Whether every guard is two ids compared or has a closure, so that `pure.rs` may
    /// read them all at once.
    pub guards_at_once: bool,
}

impl Script {
    /// A parsed script and the field it was parsed from.
    pub fn from_src(block: Arc<ast::Block>, src: &load::ScriptSrc) -> Script {
        let origin = Arc::new(src.clone());
        Script {
            block,
            file: src.file,
            span: src.span.range(),
            text: src.text.shared(),
            origin,
            guards: Arc::from([]),
            guards_at_once: false,
        }
    }

    /// Keeps the compiled guards of its first statements.
    pub(super) fn set_guards(&mut self, guards: Arc<[super::fast::Fx]>) {
        self.guards_at_once = guards.iter().all(|fx| fx.same_id().is_some() || fx.closure().is_some());
        self.guards = guards;
    }
}

/// A parsed expression with where it came from.
#[derive(Debug, Clone)]
pub struct Cond {
    /// The expression.
    pub expr: Arc<ast::Expr>,
    /// The file.
    pub file: FileId,
    /// The scalar's span in its file.
    pub span: Span,
    /// The expression text (node spans index into it).
    pub text: Arc<str>,
    /// The field it came from (maps its spans to the file, for run-time errors).
    pub origin: Arc<load::ScriptSrc>,
    /// The expression compiled (`fast.rs`), if it only reads and some of it compiles.
    pub fx: Option<Arc<super::fast::Fx>>,
}

impl Cond {
    /// A parsed expression and the field it was parsed from.
    pub fn from_src(expr: Arc<ast::Expr>, src: &load::ScriptSrc) -> Cond {
        let origin = Arc::new(src.clone());
        Cond { expr, file: src.file, span: src.span.range(), text: src.text.shared(), origin, fx: None }
    }
}

/// How an ability is used.
#[derive(Debug, Clone)]
pub enum Head {
    /// Activated in this timing (a phase, step, `any`, `turn` or `game`).
    Action(String),
    /// Triggered by events matching the pattern.
    When(Arc<ast::EventPat>),
    /// Continuous while in play.
    Static(Script),
    /// Answers events matching the pattern: before them, instead of them, preventing them,
    /// or right after them (a response).
    React(load::React, Arc<ast::EventPat>),
}

/// One ability, parsed.
#[derive(Debug, Clone)]
pub struct AbilityDef {
    /// Its head.
    pub head: Head,
    /// `requires:`.
    pub requires: Option<Cond>,
    /// `cost:`.
    pub cost: Option<Script>,
    /// `effect:`.
    pub effect: Option<Script>,
    /// `optional:`.
    pub optional: bool,
    /// `used_by:`.
    pub used_by: Option<Cond>,
    /// The head as written: the timing, the trigger pattern or `static`.
    pub head_text: String,
    /// A trigger's or reaction's pattern as written in its file (`when:`, `response:`...),
    /// where an error in testing it is reported.
    pub pattern_at: Option<Arc<load::ScriptSrc>>,
    /// `name:` its name in legal actions.
    pub name: Option<String>,
    /// `limit:` uses per player and source in a period.
    pub limit: Option<load::UseLimit>,
    /// `from:` zones besides play where a card's ability works.
    pub from: Vec<String>,
    /// When it may be used: its `action:` timing resolved against the game's phases once
    /// the rules are built (every search for legal actions asks it of every ability).
    pub timing: Timing,
    /// The ability's file and span.
    pub file: FileId,
    /// The ability's mapping.
    pub span: Span,
}

impl AbilityDef {
    /// The context its trigger or reaction pattern is tested in, for `you` (its
    /// controller) and `this`: placed at the pattern, so an error there names it.
    pub(super) fn pattern_ctx(&self, you: Option<PlayerId>, this: Value) -> super::Ctx<'_> {
        match &self.pattern_at {
            Some(src) => super::Ctx::placed(you, Some(this), &src.text, src),
            None => super::Ctx::new(you, Some(this), ""),
        }
    }
}

/// When an activated ability may be used (`Head::Action`'s timing; a response's is
/// `Always`).
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Timing {
    /// `game` or `any`.
    #[default]
    Always,
    /// `turn`: in its user's turn.
    Turn,
    /// A phase's or a step's name: the phases it names (`(phase, None)`) and the steps
    /// (`(phase, Some(step))`), by index; none if it names neither.
    At(Vec<(usize, Option<usize>)>),
}

impl Timing {
    /// The timing `t` among `phases` (each phase's name and its steps' names).
    pub fn of(t: &str, phases: &[PhaseDef]) -> Timing {
        match t {
            "game" | "any" => Timing::Always,
            "turn" => Timing::Turn,
            t => {
                let mut at = vec![];
                for (i, p) in phases.iter().enumerate() {
                    if &*p.name == t {
                        at.push((i, None));
                    }
                    at.extend(p.steps.iter().enumerate().filter(|(_, s)| &***s == t).map(|(k, _)| (i, Some(k))));
                }
                Timing::At(at)
            }
        }
    }

    /// Whether it is now, in phase `phase` (and step `step` of it), for a player whose
    /// turn it is (`theirs`).
    pub fn now(&self, phase: usize, step: Option<usize>, theirs: bool) -> bool {
        match self {
            Timing::Always => true,
            Timing::Turn => theirs,
            Timing::At(at) => at.iter().any(|&(p, s)| p == phase && (s.is_none() || s == step)),
        }
    }
}

impl AbilityDef {
    /// Whether a player uses it as an action: `action:` and `response:` abilities.
    pub fn is_activated(&self) -> bool {
        matches!(self.head, Head::Action(_) | Head::React(load::React::Response, _))
    }

    /// Whether it answers what just happened (`response:`): the only kind a reaction
    /// window offers.
    pub fn is_response(&self) -> bool {
        matches!(self.head, Head::React(load::React::Response, _))
    }

    /// Whether `why_unusable` may run a script about it (a response's pattern, a
    /// `used_by:`): a search must then ask even where the answer is known to be no, for
    /// the steps it counts and the errors it raises. Every other question is a pure
    /// read, which a search skips where it cannot offer the ability (a reaction
    /// window's search for responses; another player's ability): nothing observable
    /// is lost.
    pub fn asked_by_script(&self) -> bool {
        self.is_activated() && (self.is_response() || self.used_by.is_some())
    }
}

/// A card definition.
#[derive(Debug, Clone)]
pub struct CardDef {
    /// Its id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Printed rules text (`text:`), for people reading the card at the table.
    pub text: Option<crate::text::Text>,
    /// Property values as printed (defaults filled in).
    pub props: BTreeMap<String, Value>,
    /// The same values by property id (`Rules::prop_ids`; `Null` where it has none): what
    /// the interpreter reads, without comparing names.
    pub printed: Box<[Value]>,
    /// Its own `play:` script.
    pub play: Option<Script>,
    /// Its abilities.
    pub abilities: Vec<AbilityDef>,
    /// How many copies a full deck holds.
    pub copies: usize,
    /// The faction whose card this is (faction cards go to that faction's player only).
    pub faction: Option<String>,
}

/// A faction: its abilities and its own phase scripts.
#[derive(Debug, Clone)]
pub struct FactionDef {
    /// Its id.
    pub id: String,
    /// Its abilities.
    pub abilities: Vec<AbilityDef>,
    /// Its phase `end:` scripts by phase name.
    pub phases: HashMap<String, Script>,
    /// Its phase `start:` scripts by phase name.
    pub starts: HashMap<String, Script>,
    /// Its setup script.
    pub setup: Option<Script>,
}

/// A keyword or procedure body.
#[derive(Debug, Clone)]
pub enum Body {
    /// Statements.
    Script(Script),
    /// A value.
    Value(Cond),
}

/// A keyword or procedure.
#[derive(Debug, Clone)]
pub struct ProcDef {
    /// Its name (shared with the events of its use).
    pub name: Arc<str>,
    /// Parameter names (shared with the bindings and events of its uses).
    pub params: Vec<Arc<str>>,
    /// The declared kinds of its parameters, where one is declared.
    pub kinds: Option<Box<[ParamKind]>>,
    /// What it does or computes.
    pub body: Body,
}

/// What a parameter's declared type lets in at run time. `check` cannot tell a card from
/// a space (both are things to it); a call that gives one for the other is refused at
/// the call, not found deep in the body or never.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// Anything (`any`, `selector`, `bool`, `text`: `check` holds those).
    Any,
    /// `value`: a name (an enum value, a side, a kind of piece), never a thing nor a place.
    Value,
    /// `int`, `number`.
    Number,
    /// `player`, `players`.
    Player,
    /// `space`: a board space (a place, never a thing).
    Space,
    /// `card`, `cards`.
    Card,
    /// `piece`, `pieces`.
    Piece,
}

impl ParamKind {
    /// The kind a declared type names (of `check::env`'s parameter types; the others
    /// are `check`'s to hold).
    pub fn of(ty: &str) -> ParamKind {
        match ty {
            "int" | "number" => ParamKind::Number,
            "player" | "players" => ParamKind::Player,
            "space" => ParamKind::Space,
            "card" | "cards" => ParamKind::Card,
            "piece" | "pieces" => ParamKind::Piece,
            "value" => ParamKind::Value,
            _ => ParamKind::Any,
        }
    }

    /// The kinds of declared types, `None` when none says anything.
    pub fn of_all<'t>(tys: impl Iterator<Item = Option<&'t str>>) -> Option<Box<[ParamKind]>> {
        let kinds: Box<[ParamKind]> = tys.map(|t| t.map_or(ParamKind::Any, ParamKind::of)).collect();
        kinds.iter().any(|&k| k != ParamKind::Any).then_some(kinds)
    }

    /// What it is called in a refusal.
    pub fn describe(self) -> &'static str {
        match self {
            ParamKind::Any => "anything",
            ParamKind::Number => "a number",
            ParamKind::Player => "a player",
            ParamKind::Space => "a board space",
            ParamKind::Card => "a card",
            ParamKind::Piece => "a piece",
            ParamKind::Value => "a value",
        }
    }
}

/// A game variable (`variables:`): its name, its start value, and what it may hold.
#[derive(Debug, Clone)]
pub struct VarDef {
    /// Its name.
    pub name: String,
    /// `start:`, computed as a game starts.
    pub start: Option<Cond>,
    /// Its `type:` as written.
    pub ty: String,
    /// The kind its `type:` names (`set` refuses a value of another kind).
    pub kind: ParamKind,
    /// Whether its type is one value (`player`, `number`, `card`, ...), not a selection:
    /// `set` refuses a list of several.
    pub one: bool,
}

impl VarDef {
    /// Whether a declared type names one value rather than a list of them.
    pub fn holds_one(ty: &str) -> bool {
        matches!(ty, "player" | "int" | "number" | "card" | "piece" | "space" | "bool" | "condition" | "text")
    }
}

/// One phase of the turn.
#[derive(Debug, Clone)]
pub struct PhaseDef {
    /// Its name (shared with the period events that name it).
    pub name: Arc<str>,
    /// Its steps.
    pub steps: Vec<Arc<str>>,
    /// What it does before its action window.
    pub start: Option<Script>,
    /// Who acts in its action window.
    pub actions: load::Window,
    /// Whether a player may pass (`you`), if not always.
    pub can_pass: Option<Cond>,
    /// What it does after its action window.
    pub end: Option<Script>,
}

/// A property's run-time facts.
#[derive(Debug, Clone)]
pub struct PropInfo {
    /// Value when a card does not give one.
    pub default: Value,
    /// When modifiers apply.
    pub modified: Modified,
    /// The lowest and highest value modifiers can bring it to.
    pub bounds: (Option<i64>, Option<i64>),
    /// Declared `type: text`: a card's number or truth for it is read as its text (`7` as
    /// `"7"`), as the checker types it.
    pub text: bool,
}
