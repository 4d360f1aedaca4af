//! The shape of `game.yaml`, declared once: each mapping's keys with their types, whether
//! they are required and a one-line doc (`fields!`), and the fixed words some keys take.
//! The loader walks these keys (`game.rs`) and `twilit schema` prints them.

use super::fields::{fields, words, Rest, Shape, Special, Ty, Words};
use super::model::*;
use super::whole::*;

fields!(pub(crate) GAME_FIELDS, GAME = [
    "game" required: Ty::Text => "The game's id (a name).",
    "name" required: Ty::Text => "The game's display name.",
    "players" required: Ty::Obj(&PLAYERS_SHAPE) => "How many players: `{ min, max }` (at most 64).",
    "roles": Ty::List(&Ty::Text) => "Roles a scenario may give players.",
    "scoring": Ty::Name(&[Words::Counter]) => "The counter `score N` adds to.",
    "properties": Ty::Named(&Ty::Obj(&PROP_SHAPE)) => "Typed properties of cards and pieces, by name.",
    "zones": Ty::Named(&Ty::Obj(&ZONE_SHAPE)) => "Where cards and pieces lie, by name.",
    "pieces": Ty::Named(&Ty::Obj(&PIECE_SHAPE)) => "Physical pieces other than cards, by name.",
    "counters": Ty::Named(&Ty::Obj(&COUNTER_SHAPE)) => "Numeric pools with bounds, by name.",
    "dice": Ty::Named(&Ty::List(&Ty::Int)) => "Dice, by name: the list of their faces.",
    "board": Ty::Obj(&BOARD_SHAPE) => "The board: typed attributes of spaces, the spaces and their adjacency.",
    "keywords": Ty::Special(Special::Keywords) => "Game-defined keywords: `\"Name[params]\": script`.",
    "procedures": Ty::Named(&Ty::Obj(&PROC_SHAPE)) => "Reusable scripts, called as `name(args)`.",
    "turn": Ty::Obj(&TURN_SHAPE) => "The turn: its order and its phases.",
    "play": Ty::Script("script") => "Script: what playing a card does (`this` = the card).",
    "setup": Ty::Script("script") => "Script run once at game start.",
    "end": Ty::Script("condition") => "Condition: the game ends when it holds.",
    "result": Ty::Obj(&RESULT_SHAPE) => "What a finished game's result is (required with `end:`).",
    "decks": Ty::List(&Ty::Obj(&DECK_SHAPE)) => "Where a whole game's cards start.",
    "variables": Ty::Named(&Ty::Obj(&VAR_SHAPE)) => "Game variables, by name (only `active_player` is built in).",
    "abilities": Ty::List(&Ty::Obj(&super::card::ABILITY_SHAPE)) =>
        "Abilities of the game: every player may use them (`action:` or `response:`).",
    "defaults": Ty::Obj(&DEFAULTS_SHAPE) => "The zones verbs use when a script names none.",
    "match": Ty::Obj(&MATCH_SHAPE) => "Games dealt one after another until a condition holds.",
]);
/// A `game.yaml`.
pub(crate) const GAME_SHAPE: Shape = Shape::closed("game", "A game's ruleset (`game.yaml`).", GAME);

fields!(pub(crate) PLAYERS_FIELDS, PLAYERS = [
    "min" required: Ty::AtLeast(1) => "The fewest players (`twilit play` takes it by default).",
    "max" required: Ty::AtLeast(1) => "The most players (at least `min`).",
]);
pub(super) const PLAYERS_SHAPE: Shape = Shape::closed("players", "How many players the game seats.", PLAYERS);

/// The words of `type:` of a property.
pub(super) const PROP_TYPES: [(&str, PropType); 5] = [
    ("number", PropType::Number),
    ("bool", PropType::Bool),
    ("text", PropType::Text),
    ("enum", PropType::Enum),
    ("list", PropType::List),
];
/// What other languages (and a script's parameters: `int`) call the property types.
pub(super) const PROP_TYPE_WORDS: [(&str, &str); 8] = [
    ("int", "number"),
    ("integer", "number"),
    ("float", "number"),
    ("num", "number"),
    ("string", "text"),
    ("str", "text"),
    ("boolean", "bool"),
    ("array", "list"),
];
pub(super) const MODIFIED: [(&str, Modified); 2] =
    [("always", Modified::Always), ("while_played", Modified::WhilePlayed)];
fields!(pub(crate) PROP_FIELDS, PROP = [
    "type" required: Ty::Choice(&words(&PROP_TYPES)) => "`number`, `bool`, `text`, `enum` (needs `values`) or `list`.",
    "values": Ty::List(&Ty::Text) => "The values of an `enum` or `list` property.",
    "default": Ty::Any => "The value of a card that does not print it.",
    "modified": Ty::Choice(&words(&MODIFIED)) =>
        "`always` (default) or `while_played`: modifiers apply only while the card is coming into play.",
    "min": Ty::Int => "Numbers: the lowest value modifiers can bring it to.",
    "max": Ty::Int => "Numbers: the highest value modifiers can bring it to.",
]);
/// A property or board attribute spec.
pub(crate) const PROP_SHAPE: Shape = Shape::closed("property", "A typed property of cards and pieces.", PROP);

pub(super) const PER: [(&str, Per); 2] = [("player", Per::Player), ("game", Per::Game)];
pub(super) const VISIBILITY: [(&str, Visibility); 4] = [
    ("public", Visibility::Public),
    ("owner", Visibility::Owner),
    ("hidden", Visibility::Hidden),
    ("others", Visibility::Others),
];
fields!(pub(crate) ZONE_FIELDS, ZONE = [
    "per": Ty::Choice(&words(&PER)) => "`player` (default: one each) or `game` (one shared).",
    "ordered": Ty::Bool => "Whether order matters (a deck); default false.",
    "visibility": Ty::Choice(&words(&VISIBILITY)) =>
        "Who sees what lies there: `public` (default), `owner`, `others` or `hidden` (`owner` and \
        `others` need `per: player`).",
    "capacity": Ty::AtLeast(0) => "How many things it holds at most.",
    "holds": Ty::List(&Ty::Name(&[Words::PieceKind])) => "The pieces it holds (a whole game puts shared supplies there).",
    "in_play": Ty::Bool => "Whether cards here are in play (`you control`); default false.",
    "playable": Ty::Bool => "Whether its owner may play the cards there; default false.",
    "refill": Ty::Name(&[Words::Zone]) => "A zone shuffled in under this one when a `draw` finds it short.",
]);
/// A zone spec.
pub(crate) const ZONE_SHAPE: Shape = Shape::closed("zone", "A zone: where cards and pieces lie.", ZONE);

fields!(pub(crate) PIECE_FIELDS, PIECE = [
    "per_player": Ty::AtLeast(0) => "Supply size per player.",
    "per_game": Ty::AtLeast(0) => "Size of a shared, ownerless supply.",
    "sides": Ty::List(&Ty::Text) => "The names of its sides.",
    "plural": Ty::Text => "Its plural, when not the name with an s.",
    "printed": Ty::Named(&Ty::Any) => "The piece's property values, as on a card.",
]);
/// A piece spec.
pub(crate) const PIECE_SHAPE: Shape = Shape::closed("piece", "A kind of physical piece.", PIECE);

pub(super) const COUNTER_ON: [(&str, CounterOn); 4] =
    [("game", CounterOn::Game), ("player", CounterOn::Player), ("card", CounterOn::Card), ("space", CounterOn::Space)];
fields!(pub(crate) COUNTER_FIELDS, COUNTER = [
    "on": Ty::Choice(&words(&COUNTER_ON)) => "What holds it: `game`, `player` (default), `card` or `space`.",
    "min": Ty::Int => "The lowest value.",
    "max": Ty::Int => "The highest value.",
    "start": Ty::Int => "The value it starts at.",
    "clamp": Ty::Bool => "Whether a change past `min` or `max` stops there instead of being refused (default false).",
]);
/// A counter spec.
pub(crate) const COUNTER_SHAPE: Shape = Shape::closed("counter", "A numeric pool with bounds.", COUNTER);

fields!(pub(crate) BOARD_FIELDS, BOARD = [
    "attributes": Ty::Named(&Ty::Obj(&PROP_SHAPE)) => "Typed attributes of spaces (the same spec as properties).",
    "spaces": Ty::List(&Ty::Obj(&SPACE_SHAPE)) => "The spaces: `{ id, attribute: value, ... }`.",
    "adjacency": Ty::List(&Ty::Special(Special::Edge)) => "Undirected edges: `[a, b]`.",
    "grid": Ty::Obj(&GRID_SHAPE) => "A rectangle of spaces `a1`, `b1`, ... with number attributes `col` and `row`, each adjacent to its orthogonal neighbours.",
]);
fields!(pub(crate) GRID_FIELDS, GRID = [
    "columns" required: Ty::AtLeast(1) => "How many columns, 1 to 26: `a` to `z`.",
    "rows" required: Ty::AtLeast(1) => "How many rows, 1 to 99.",
    "diagonals": Ty::Bool => "Whether diagonal neighbours are adjacent too (default `false`).",
    "capacity": Ty::AtLeast(0) => "How many things each of its spaces holds at most (a space listed may say otherwise).",
]);
pub(super) const GRID_SHAPE: Shape = Shape::closed("grid", "A rectangular board laid out as spaces.", GRID);
pub(super) const BOARD_SHAPE: Shape = Shape::closed("board", "The board.", BOARD);
fields!(pub(crate) SPACE_FIELDS, SPACE = [
    "id" required: Ty::Text => "The space's id.",
    "capacity": Ty::AtLeast(0) => "How many things it holds at most (a move that would put more there is refused).",
]);
pub(super) const SPACE_SHAPE: Shape = Shape {
    def: "space",
    doc: "A board space: its id and its attributes' values.",
    fields: SPACE,
    one_of: &[],
    single: false,
    rest: Rest::Attrs,
};

fields!(pub(crate) PROC_FIELDS, PROC = [
    "params": Ty::List(&Ty::Special(Special::Param)) => "Parameters: each `name`, `\"name: type\"` or `name: type`.",
    "script": Ty::Script("script") => "Script: a procedure called as a statement.",
    "value": Ty::Script("expr") => "Expr: a function.",
]);
/// A procedure.
pub(crate) const PROC_SHAPE: Shape = Shape {
    def: "procedure",
    doc: "A reusable script: exactly one of `script` and `value`.",
    fields: PROC,
    one_of: &["script", "value"],
    single: false,
    rest: Rest::Closed,
};

fields!(pub(crate) TURN_FIELDS, TURN = [
    "order": Ty::Script("expr") => "Expr: the players in turn order.",
    "phases": Ty::List(&Ty::Obj(&PHASE_SHAPE)) => "The phases, in order.",
]);
/// `turn:`.
pub(crate) const TURN_SHAPE: Shape = Shape::closed("turn", "The turn structure.", TURN);

pub(super) const WINDOWS: [(&str, Window); 4] = [
    ("until_all_pass", Window::UntilAllPass),
    ("active_player", Window::ActivePlayer),
    ("one_each", Window::OneEach),
    ("none", Window::None),
];
fields!(pub(crate) PHASE_FIELDS, PHASE = [
    "name" required: Ty::Text => "The phase's name.",
    "steps": Ty::List(&Ty::Text) => "Step names (not reserved words).",
    "start": Ty::Script("script") => "Script run before the action window.",
    "actions": Ty::Choice(&words(&WINDOWS)) =>
        "The action window: `until_all_pass` (default), `active_player`, `one_each` or `none`.",
    "can_pass": Ty::Script("condition") =>
        "Condition (`you` = the player asked): whether passing is offered; default always.",
    "end": Ty::Script("script") => "Script run after the action window.",
    "script": Ty::Renamed("end") => "Formerly the script after the window: now `end:`.",
]);
pub(super) const PHASE_SHAPE: Shape = Shape::closed("phase", "A phase of the turn.", PHASE);
