//! The shape of a scenario file, declared once: each mapping's keys with their types,
//! whether they are required and a one-line doc (`fields!`). The loader walks these keys
//! (`scenario.rs`) and `twilit schema` prints them (`crate::schema`).

use super::fields::{fields, Rest, Shape, Special, Ty, Words};

fields!(pub(crate) SCENARIO_FIELDS, SCENARIO = [
    "scenario" required: Ty::Text => "The scenario's name, unique in the game.",
    "game" required: Ty::Name(&[Words::Game]) => "The game it runs.",
    "seed": Ty::Int => "The seed of the game's random generator (default 0).",
    "choices": Ty::Choice(CHOICES) =>
        "What answers a question no `choose:` step answers: `strict` (default: the scenario fails), \
        `first` (the first legal option) or `random` (seeded).",
    "random_agents": Ty::List(&Ty::Text) =>
        "The players whose answers the random agent gave in the game the scenario was made from \
        (`twilit scenario-from`): each of their answers draws from the generator as it did.",
    "players" required: Ty::List(&Ty::Obj(&PLAYER_SHAPE)) => "The seats, in order.",
    "setup": Ty::List(&Ty::Either(SETUP_ITEMS)) => "What the table holds before the steps, in order.",
    "steps": Ty::List(&Ty::Obj(&STEP_SHAPE)) => "What happens and what is expected, in order.",
]);
/// What `choices:` takes (checked by the checker: `crate::check`).
pub const CHOICES: &[&str] = &["strict", "first", "random"];
/// A scenario file.
pub(crate) const SCENARIO_SHAPE: Shape = Shape::closed(
    "scenario",
    "A scenario: a scripted game and what it must show (`twilit test`, docs/SCENARIOS.md).",
    SCENARIO,
);

fields!(pub(crate) PLAYER_FIELDS, PLAYER = [
    "name" required: Ty::Text => "The player's name in the steps.",
    "role": Ty::Name(&[Words::Role]) => "One of the game's `roles:`.",
    "faction": Ty::Name(&[Words::Faction]) => "The faction this player plays.",
]);
const PLAYER_SHAPE: Shape = Shape::closed("scenario_player", "A seat of a scenario.", PLAYER);

fields!(pub(crate) PUT_FIELDS, PUT = [
    "put" required: Ty::List(&Ty::Name(&[Words::Card, Words::Piece])) =>
        "Card ids, or piece names: each a new copy; a label (`\"gizmo#2\"`) makes that copy.",
    "in": Ty::Name(&[Words::Zone]) => "The zone or board space (or `on:`).",
    "on": Ty::Text => "The card or piece (an id or a label) the things are attached to (or `in:`).",
    "of": Ty::Text => "Whose zone (absent for a shared zone); at a space or in a shared zone, whose things.",
    "face": Ty::Choice(FACES) => "`up` (default) or `down`.",
    "exhausted": Ty::Bool => "Whether the things start exhausted (default: ready).",
    "side": Ty::Text => "The side a piece shows (default: its first).",
    "home": Ty::Name(&[Words::Zone]) => "Where `remove` and `return` send them back (default: where put).",
    "owner": Ty::Text => "Whose the things are when not the zone's owner's: a player, or `none`.",
]);
/// What `face:` takes.
pub const FACES: &[&str] = &["up", "down"];
fields!(pub(crate) ORDER_FIELDS, ORDER = [
    "order" required: Ty::List(&Ty::Name(&[Words::Card, Words::Piece])) =>
        "Every thing of the zone, by label, in the order wanted (top first).",
    "in" required: Ty::Name(&[Words::Zone]) => "The zone or board space.",
    "of": Ty::Text => "Whose zone (absent for a shared zone).",
]);
fields!(pub(crate) SETUP_GENERATOR_FIELDS, SETUP_GENERATOR = [
    "generator" required: Ty::Text =>
        "The random generator's state, 64 hex digits (as `twilit scenario-from` writes it): \
        the scenario's draws go on from it.",
]);
fields!(pub(crate) COUNTER_FIELDS, COUNTER = [
    "counter" required: Ty::Name(&[Words::Counter]) => "The counter.",
    "of": Ty::Text => "Whose (absent for a game counter).",
    "set" required: Ty::Int => "Its value.",
]);
fields!(pub(crate) SETUP_SCRIPT_FIELDS, SETUP_SCRIPT = [
    "script" required: Ty::Script("script") => "Any setup script.",
]);
fields!(pub(crate) SETUP_PHASE_FIELDS, SETUP_PHASE = [
    "phase" required: Ty::Name(&[Words::Phase, Words::Step]) => "Start in this phase (or step of a phase).",
]);
fields!(pub(crate) SETUP_CLOCK_FIELDS, SETUP_CLOCK = [
    "turn" required: Ty::Int => "The turn number the scenario starts at (1 or more; default 1).",
    "round": Ty::Int => "The round number it starts at (1 or more; default 1).",
]);
fields!(pub(crate) SETUP_START_FIELDS, SETUP_START = [
    "start" required: Ty::Choice(&[SETUP_START_GAME]) =>
        "`game`: deal the table as a whole game does (decks, supplies, variables, the game's and \
        the factions' `setup:`).",
]);
/// The one word `start:` takes.
pub(super) const SETUP_START_GAME: &str = "game";
/// The kinds of setup item, told by the key present, in the order they are tried.
pub(crate) const SETUP_KINDS: &[&str] = &["put", "order", "counter", "script", "phase", "generator", "turn", "start"];
/// The shapes of a setup item, one per kind of `SETUP_KINDS`, headed by its key.
pub(crate) const SETUP_ITEMS: &[Ty] = &[
    Ty::Obj(&Shape {
        def: "setup_put",
        doc: "Cards or pieces put in a zone, or on a thing.",
        fields: PUT,
        one_of: &["in", "on"],
        single: false,
        rest: Rest::Closed,
    }),
    Ty::Obj(&Shape::closed("setup_order", "A zone's things, reordered.", ORDER)),
    Ty::Obj(&Shape::closed("setup_counter", "A counter set to a value.", COUNTER)),
    Ty::Obj(&Shape::closed("setup_script", "A setup script.", SETUP_SCRIPT)),
    Ty::Obj(&Shape::closed("setup_phase", "The phase to start in.", SETUP_PHASE)),
    Ty::Obj(&Shape::closed("setup_generator", "Where the random generator goes on from.", SETUP_GENERATOR)),
    Ty::Obj(&Shape::closed("setup_turn", "The turn and round numbers to start at.", SETUP_CLOCK)),
    Ty::Obj(&Shape::closed("setup_start", "Deal the table as a whole game does.", SETUP_START)),
];

fields!(pub(crate) STEP_KINDS, STEP = [
    "act": Ty::Obj(&ACT_SHAPE) => "A player acts: `{ player, play | use | action | script }`.",
    "choose": Ty::Either(&[Ty::List(&Ty::Text), Ty::Obj(&CHOOSE_SHAPE)]) =>
        "The answers to the next question: `[answers]`, or `{ pick: [answers], among: [options] }`.",
    "expect": Ty::Script("condition") => "Condition that must hold now.",
    "expect_error": Ty::Text => "The last `act` failed with this message.",
    "expect_log": Ty::List(&Ty::Text) => "The event log has these lines, each after the previous one (the whole log is searched).",
    "expect_no_log": Ty::List(&Ty::Text) => "No event of the last `act` or `advance` has these lines.",
    "advance": Ty::Name(&[Words::Phase, Words::Step]) => "Everyone passes until this phase (or step) starts.",
    "expect_actions": Ty::Obj(&EXPECT_ACTIONS_SHAPE) => "Exactly these legal actions now, in any order.",
    "expect_end": Ty::Bool => "Whether the game's `end:` holds now.",
    "next_game": Ty::Bool =>
        "The game ends here: the match's `after:` runs, and the next game is dealt (`true`) or the match is over (`false`).",
    "expect_result": Ty::Obj(&EXPECT_RESULT_SHAPE) => "The game's `result:` read now.",
    "expect_view": Ty::Obj(&EXPECT_VIEW_SHAPE) =>
        "What one player is shown now (the table and the log as they see them) has these lines and lacks those.",
]);
const STEP_SHAPE: Shape = Shape {
    def: "step",
    doc: "A scenario step: a mapping of exactly one key.",
    fields: STEP,
    one_of: &[],
    single: true,
    rest: Rest::Closed,
};

fields!(pub(crate) ACT_FIELDS, ACT = [
    "player" required: Ty::Text => "Who acts.",
    "play": Ty::Name(&[Words::Card]) => "Play this card.",
    "use": Ty::Text => "Use an activated ability: of this card, faction, or the game's ability of this name.",
    "action": Ty::Text => "Take the legal action written so (as `expect_actions` lists them).",
    "script": Ty::Script("script") => "Run this script as the player.",
]);
const ACT_SHAPE: Shape = Shape {
    def: "act",
    doc: "What a player does: exactly one of `play`, `use`, `action` or `script`.",
    fields: ACT,
    one_of: &["play", "use", "action", "script"],
    single: false,
    rest: Rest::Closed,
};

fields!(pub(crate) CHOOSE_FIELDS, CHOOSE = [
    "pick" required: Ty::List(&Ty::Text) => "The options picked.",
    "among": Ty::List(&Ty::Text) => "Every option the question must offer, in any order.",
]);
const CHOOSE_SHAPE: Shape = Shape::closed("choose", "A choice and the options it must be among.", CHOOSE);

fields!(pub(crate) EXPECT_ACTIONS_FIELDS, EXPECT_ACTIONS = [
    "player" required: Ty::Text => "Whose actions.",
    "actions" required: Ty::List(&Ty::Text) => "Their texts (`play c1`, `use draw`), in any order.",
    "pass": Ty::Bool => "Whether the window lets them pass (unchecked when absent).",
]);
const EXPECT_ACTIONS_SHAPE: Shape = Shape::closed("expect_actions", "Exactly these legal actions now.", EXPECT_ACTIONS);

fields!(pub(crate) EXPECT_VIEW_FIELDS, EXPECT_VIEW = [
    "player" required: Ty::Text => "Whose view.",
    "has": Ty::List(&Ty::Text) => "Each is part of some line of the view.",
    "lacks": Ty::List(&Ty::Text) => "None is part of any line of the view.",
]);
const EXPECT_VIEW_SHAPE: Shape =
    Shape::closed("expect_view", "What one player is shown now: lines it has, lines it lacks.", EXPECT_VIEW);

fields!(pub(crate) EXPECT_RESULT_FIELDS, EXPECT_RESULT = [
    "winners": Ty::List(&Ty::Text) => "The winners, in any order (`[]`: nobody, a draw).",
    "losers": Ty::List(&Ty::Text) => "The losers, in any order (`result: losers:`, or everyone but the winners).",
    "scores": Ty::Special(Special::Scores) => "Each named player's score.",
]);
const EXPECT_RESULT_SHAPE: Shape =
    Shape::closed("expect_result", "The game's result now: any of `winners`, `losers` and `scores`.", EXPECT_RESULT);
