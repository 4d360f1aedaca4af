//! The typed definitions a game is made of, as read from YAML (see docs/FORMAT.md):
//! `Game`, `Faction`, `Card`, `Ability`, `Scenario` and their parts. Everything the
//! checker may report on carries its file and span (`Sp<T>`, `ScriptSrc`).
//!
//! Convention: a *required* name that is missing holds an empty string at the span of its
//! mapping; the loader has already reported it, so consumers should skip empty names.

use std::path::PathBuf;

use super::fields::Ty;
use super::Text;
use crate::diag::{FileId, Loc, Span};

pub use super::scenario::{Act, Scenario, ScenarioPlayer, SetupItem, Step};
pub use super::whole::{DeckCards, DeckSpec, Defaults, MatchSpec, ResultSpec, VarSpec};

pub use super::ability::{Ability, AbilityExtras, AbilityKind, React, UseLimit};
pub use super::scalar::{ScalarStyle, ScriptField, ScriptSrc};

/// A value with the file and byte span it was read from (12 bytes of location: a card
/// holds dozens of these for as long as the library lives).
#[derive(Debug, Clone, PartialEq)]
pub struct Sp<T> {
    /// The value.
    pub value: T,
    /// The file it is in.
    pub file: FileId,
    /// Its byte range in that file (`span.range()` for a `Span`).
    pub span: Loc,
}

impl<T> Sp<T> {
    /// Wraps a value with its location.
    pub fn new(value: T, file: FileId, span: impl Into<Loc>) -> Self {
        Sp { value, file, span: span.into() }
    }
}

impl Sp<String> {
    /// The string value.
    pub fn as_str(&self) -> &str {
        &self.value
    }

    /// True for a required name that was missing (already reported by the loader).
    pub fn is_missing(&self) -> bool {
        self.value.is_empty()
    }
}

/// A YAML value whose meaning depends on the game (card properties, defaults, attributes).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `~`, `null` or nothing.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A decimal number (never valid in Twilit; kept so it can be reported).
    Float(f64),
    /// Any other scalar: a name, an enum value or text (quoted numbers stay text), shared
    /// with the equal values of the other cards (`Texts`).
    Str(Text),
    /// A list. Lists and mappings are rare among property values and sit behind one more
    /// pointer, so that a value is 16 bytes, not 24: every card keeps several.
    List(Box<Box<[Sp<Value>]>>),
    /// A mapping (see `List`).
    Map(Box<Props>),
}

/// Keys with their values (a card's properties, a piece's printed values, a space's
/// attributes). The keys and text values are `Text`s shared between cards, and the list
/// has no spare capacity: every card of a library keeps one.
pub type Props = Box<[(Sp<Text>, Sp<Value>)]>;

/// All games found under the given paths.
#[derive(Debug, Clone, Default)]
pub struct Library {
    /// One bundle per directory holding a `game.yaml`, sorted by directory.
    pub games: Vec<GameBundle>,
}

/// One game: its ruleset and every file that belongs to it.
#[derive(Debug, Clone, Default)]
pub struct GameBundle {
    /// The directory holding `game.yaml`.
    pub dir: PathBuf,
    /// The ruleset; `None` when `game.yaml` could not be read.
    pub game: Option<Game>,
    /// Factions, in file order.
    pub factions: Vec<Faction>,
    /// Cards from card files, in file order (faction cards stay in their faction).
    pub cards: super::Cards,
    /// Scenarios, in file order.
    pub scenarios: Vec<Scenario>,
    /// Every file of the game, `game.yaml` first.
    pub files: Vec<FileId>,
    /// The bounds it was loaded under (checking and playing keep to them too).
    pub limits: crate::limits::Limits,
}

/// What one file holds, told by its top-level shape.
#[derive(Debug, Clone)]
pub enum Item {
    /// A `game.yaml`.
    Game(Box<Game>),
    /// A faction.
    Faction(Box<Faction>),
    /// One card or a card set.
    Cards(Vec<Card>),
    /// A scenario.
    Scenario(Box<Scenario>),
}

/// A ruleset (`game.yaml`).
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// `game:` the game's id.
    pub game: Sp<String>,
    /// `name:` display name.
    pub name: Sp<String>,
    /// `players: { min, max }`; `None` when missing (reported).
    pub players: Option<Players>,
    /// `roles:` roles a scenario may give players.
    pub roles: Vec<Sp<String>>,
    /// `scoring:` the counter `score N` adds to.
    pub scoring: Option<Sp<String>>,
    /// `properties:` typed properties of cards and pieces.
    pub properties: Vec<PropSpec>,
    /// `zones:`.
    pub zones: Vec<ZoneSpec>,
    /// `pieces:`.
    pub pieces: Vec<PieceSpec>,
    /// `counters:`.
    pub counters: Vec<CounterSpec>,
    /// `dice:`.
    pub dice: Vec<DieSpec>,
    /// `board:`.
    pub board: Option<Board>,
    /// `keywords:` game-defined keywords.
    pub keywords: Vec<Keyword>,
    /// `procedures:`.
    pub procedures: Vec<Procedure>,
    /// `turn:`.
    pub turn: Option<Turn>,
    /// `play:` script: what playing a card does (`this` = the card).
    pub play: Option<ScriptSrc>,
    /// `setup:` script run once at game start.
    pub setup: Option<ScriptSrc>,
    /// `end:` condition ending the game.
    pub end: Option<ScriptSrc>,
    /// `result:` winners and scores, read when the game ends.
    pub result: Option<ResultSpec>,
    /// `decks:` where a whole game's cards start.
    pub decks: Vec<DeckSpec>,
    /// `variables:` declared game variables.
    pub variables: Vec<VarSpec>,
    /// `abilities:` activated abilities every player may use.
    pub abilities: Vec<Ability>,
    /// `defaults:` the zones verbs use when a script names none.
    pub defaults: Defaults,
    /// `match:` a match of several games.
    pub matches: Option<MatchSpec>,
    /// The file.
    pub file: FileId,
    /// The whole top-level mapping.
    pub span: Span,
}

/// `players: { min, max }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Players {
    /// Fewest players.
    pub min: Option<Sp<i64>>,
    /// Most players.
    pub max: Option<Sp<i64>>,
    /// The mapping.
    pub span: Span,
}

/// The type of a property or board attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropType {
    /// `number`.
    Number,
    /// `bool`.
    Bool,
    /// `text`.
    Text,
    /// `enum` (needs `values`).
    Enum,
    /// `list` of `values` (or of any text without `values`).
    List,
}

/// When modifiers to a property apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Modified {
    /// `always` (default).
    #[default]
    Always,
    /// `while_played`: only while the card is coming into play.
    WhilePlayed,
}

/// One property (or board attribute): `name: { type, values, default, modified }`.
#[derive(Debug, Clone, PartialEq)]
pub struct PropSpec {
    /// The property's name (the key).
    pub name: Sp<String>,
    /// `type:` (required; `Text` at the mapping when missing).
    pub ty: Sp<PropType>,
    /// `values:` the enum or list values.
    pub values: Vec<Sp<String>>,
    /// `default:`.
    pub default: Option<Sp<Value>>,
    /// `modified:` (default `always`).
    pub modified: Modified,
    /// `min:` the lowest value modifiers can bring it to (numbers only).
    pub min: Option<Sp<i64>>,
    /// `max:` the highest.
    pub max: Option<Sp<i64>>,
    /// The spec's mapping.
    pub span: Span,
}

/// `per:` of a zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Per {
    /// One per player (default).
    #[default]
    Player,
    /// One shared zone.
    Game,
}

/// Who sees a zone's cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Visibility {
    /// Everyone (default).
    #[default]
    Public,
    /// Its owner.
    Owner,
    /// Nobody.
    Hidden,
    /// Everyone but its owner (cards held facing away).
    Others,
}

/// One zone: `name: { per, ordered, visibility, capacity, holds }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneSpec {
    /// The zone's name.
    pub name: Sp<String>,
    /// `per:` (default player).
    pub per: Per,
    /// `ordered:` (default false).
    pub ordered: bool,
    /// `visibility:` (default public).
    pub visibility: Visibility,
    /// `capacity:`.
    pub capacity: Option<Sp<i64>>,
    /// `holds:` piece names.
    pub holds: Vec<Sp<String>>,
    /// `in_play:` cards here are in play (default false).
    pub in_play: bool,
    /// `playable:` its owner may play the cards here (default false).
    pub playable: bool,
    /// `refill:` a zone shuffled into this one when a draw finds it empty.
    pub refill: Option<Sp<String>>,
    /// The spec's mapping.
    pub span: Span,
}

/// One kind of piece: `name: { per_player, sides, plural }`.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceSpec {
    /// The piece's name.
    pub name: Sp<String>,
    /// `per_player:` supply size per player.
    pub per_player: Option<Sp<i64>>,
    /// `per_game:` size of a shared, ownerless supply.
    pub per_game: Option<Sp<i64>>,
    /// `sides:` of a two-sided piece.
    pub sides: Vec<Sp<String>>,
    /// `plural:` override.
    pub plural: Option<Sp<String>>,
    /// `printed:` the piece's property values (`{ combat: 6 }`), like a card's.
    pub printed: Props,
    /// The spec's mapping.
    pub span: Span,
}

/// What a counter is kept on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CounterOn {
    /// One shared pool.
    Game,
    /// One per player (default).
    #[default]
    Player,
    /// One per card.
    Card,
    /// One per board space.
    Space,
}

/// One counter: `name: { on, min, max, start }`.
#[derive(Debug, Clone, PartialEq)]
pub struct CounterSpec {
    /// The counter's name.
    pub name: Sp<String>,
    /// `on:` (default player).
    pub on: CounterOn,
    /// `min:`.
    pub min: Option<Sp<i64>>,
    /// `max:`.
    pub max: Option<Sp<i64>>,
    /// `start:`.
    pub start: Option<Sp<i64>>,
    /// `clamp: true`: a change past a bound stops at it rather than being refused.
    pub clamp: bool,
    /// The spec's mapping.
    pub span: Span,
}

/// One die: `name: [faces]`.
#[derive(Debug, Clone, PartialEq)]
pub struct DieSpec {
    /// The die's name.
    pub name: Sp<String>,
    /// Its faces.
    pub faces: Vec<Sp<i64>>,
    /// The list.
    pub span: Span,
}

/// `board:` spaces with typed attributes, and adjacency.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// `attributes:` typed attributes of spaces.
    pub attributes: Vec<PropSpec>,
    /// `spaces:`.
    pub spaces: Vec<Space>,
    /// `adjacency:` undirected edges.
    pub adjacency: Vec<(Sp<String>, Sp<String>)>,
    /// `grid:`, already laid out into `spaces`, `attributes` and `adjacency`.
    pub grid: Option<Grid>,
    /// The mapping.
    pub span: Span,
}

/// `grid: { columns, rows, diagonals }`: a rectangle of spaces `a1` (column 1, row 1) to
/// the last letter and row.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// `columns:`, 1 to 26 (`a` to `z`).
    pub columns: u8,
    /// `rows:`, 1 to 99.
    pub rows: u8,
    /// `diagonals:` whether diagonal neighbours are adjacent too.
    pub diagonals: bool,
    /// `capacity:` of each of its spaces.
    pub capacity: Option<Sp<i64>>,
    /// The mapping.
    pub span: Span,
}

/// One board space: `{ id, attribute: value, ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Space {
    /// `id:`.
    pub id: Sp<String>,
    /// Every other key, in order: attribute values (validated by the checker).
    pub attrs: Props,
    /// `capacity:` (or the grid's): how many things it holds at most.
    pub capacity: Option<Sp<i64>>,
    /// The mapping.
    pub span: Span,
}

/// A game keyword: `"Name[params]": script`.
#[derive(Debug, Clone, PartialEq)]
pub struct Keyword {
    /// The signature (grammar entry `keyword_sig`), from the key.
    pub sig: ScriptSrc,
    /// The body (a script).
    pub body: ScriptSrc,
}

/// A procedure parameter: `name` or `name: type`.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: Sp<String>,
    /// Its declared type, if any.
    pub ty: Option<Sp<String>>,
}

/// A reusable script: `name: { params, script | value }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Procedure {
    /// The procedure's name.
    pub name: Sp<String>,
    /// `params:`.
    pub params: Vec<Param>,
    /// `script:` (statements) — exactly one of `script` and `value` is set, unless reported.
    pub script: Option<ScriptSrc>,
    /// `value:` (an expression: the procedure is a function).
    pub value: Option<ScriptSrc>,
    /// The mapping.
    pub span: Span,
}

/// `turn:` order and phases.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// `order:` expr: the players in turn order.
    pub order: Option<ScriptSrc>,
    /// `phases:` in order.
    pub phases: Vec<Phase>,
    /// The mapping.
    pub span: Span,
}

/// Who acts in a phase's action window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Window {
    /// Players in turn order from the active player until all pass in a row (default).
    #[default]
    UntilAllPass,
    /// Only the active player, until they pass.
    ActivePlayer,
    /// Each player in turn order: one action or a pass.
    OneEach,
    /// No action window: the phase is script-driven.
    None,
}

/// One phase: `{ name, steps, start, actions, can_pass, end }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Phase {
    /// `name:` (required).
    pub name: Sp<String>,
    /// `steps:` step names.
    pub steps: Vec<Sp<String>>,
    /// `start:` what the phase does before its action window.
    pub start: Option<ScriptSrc>,
    /// `end:` what the phase does after its action window.
    pub end: Option<ScriptSrc>,
    /// `actions:` its action window.
    pub actions: Window,
    /// `can_pass:` condition: whether a player may pass (default yes).
    pub can_pass: Option<ScriptSrc>,
    /// The mapping.
    pub span: Span,
}

/// A faction (`faction:` file).
#[derive(Debug, Clone, PartialEq)]
pub struct Faction {
    /// `faction:` its id.
    pub faction: Sp<String>,
    /// `name:`.
    pub name: Sp<String>,
    /// `text:`.
    pub text: Option<Sp<String>>,
    /// `properties:` card and piece properties this faction adds to the game.
    pub properties: Vec<PropSpec>,
    /// `zones:` added to the game for this faction.
    pub zones: Vec<ZoneSpec>,
    /// `pieces:`.
    pub pieces: Vec<PieceSpec>,
    /// `counters:`.
    pub counters: Vec<CounterSpec>,
    /// `procedures:`.
    pub procedures: Vec<Procedure>,
    /// `abilities:`.
    pub abilities: Vec<Ability>,
    /// `setup:` script.
    pub setup: Option<ScriptSrc>,
    /// `turn:` the faction's own turn.
    pub turn: Option<Turn>,
    /// `cards:` faction cards.
    pub cards: Vec<Card>,
    /// The file.
    pub file: FileId,
    /// The whole mapping.
    pub span: Span,
}

crate::load::fields::fields!(
    /// The fixed fields of a card; every other key is a game property.
    pub CARD_FIELDS, CARD = [
    "id" required: Ty::Text => "The card's id, unique in the game.",
    "name" required: Ty::Text => "The card's display name.",
    "text": Ty::Text => "Its printed text.",
    "copies": Ty::AtLeast(1) => "How many copies a deck holds (default 1).",
    "play": Ty::Script("script") =>
        "Script: what playing this card does, instead of the game's `play:` (`this` = the card).",
    "abilities": Ty::List(&Ty::Obj(&super::card::ABILITY_SHAPE)) => "The card's abilities.",
]);

/// One card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    /// `id:` unique in the game.
    pub id: Sp<String>,
    /// `name:`.
    pub name: Sp<String>,
    /// `text:` printed text, shared with the cards printing the same text (`Texts`).
    pub text: Option<Sp<Text>>,
    /// `copies:` (default 1). Boxed: most cards have none, and cards live as long as the library.
    pub copies: Option<Box<Sp<i64>>>,
    /// `play:` script overriding what playing the card does.
    pub play: Option<ScriptSrc>,
    /// `abilities:` (no spare capacity: cards live as long as the library).
    pub abilities: Box<[Ability]>,
    /// Every other key, in order: game property values (validated by the checker, which
    /// should offer `CARD_FIELDS` in its did-you-mean too).
    pub props: Props,
    /// The file.
    pub file: FileId,
    /// The card's mapping.
    pub span: Loc,
}
