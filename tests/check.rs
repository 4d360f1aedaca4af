//! The checker's integration suite: small in-memory games loaded with `load_bundle` and
//! checked with `check_library`, asserting real outcomes.
//!
//! Each case is one tiny `game.yaml` (`GAME`, shared by almost every test) plus one card,
//! faction or scenario file. A case asserts the exact diagnostic codes, the exact text
//! each primary span covers (the file text sliced by the span), the did-you-mean where
//! there is one, and, just as often, that valid input gives no diagnostic at all.
//! Every diagnostic of every case is checked to lie inside its file (`check`).
//! Stable, readable reports are also snapshotted (`tests/snapshots/check__*.snap`).

use std::path::Path;

use twilit::check::check_library;
use twilit::cli::render::human;
use twilit::diag::{Diagnostic, Label, Severity, SourceMap};
use twilit::load::{load_bundle, Library};

// ---------------------------------------------------------------------------
// The shared game

/// A small game using every kind of definition scripts can name.
const GAME: &str = r#"game: g
name: G
players: { min: 2, max: 4 }
roles: [hero, villain]
scoring: vp
properties:
  type: { type: enum, values: [unit, event, condition, possession] }
  side: { type: enum, values: [light, dark] }
  cost: { type: number, modified: while_played }
  strength: { type: number, default: 0 }
  tags: { type: list, values: [ranger, archer] }
  title: { type: text }
  unique: { type: bool, default: false }
zones:
  deck: { per: player, ordered: true, visibility: hidden }
  hand: { per: player, visibility: owner }
  discard_pile: { per: player, ordered: true }
  play_area: { per: player, in_play: true }
  market: { per: game }
pieces:
  warrior: { per_player: 10 }
  assembly: { per_player: 3, sides: [closed, governing] }
  mouse: { per_player: 2, plural: mice }
counters:
  pool: { on: game, min: 0, max: 3 }
  vp: { on: player, min: 0 }
  wounds: { on: card, min: 0 }
dice:
  d6: [1, 2, 3, 4, 5, 6]
board:
  attributes:
    suit: { type: enum, values: [fox, rabbit] }
  spaces:
    - { id: c1, suit: fox }
    - { id: c2, suit: rabbit }
  adjacency:
    - [c1, c2]
keywords:
  "Add[n]": add n pool
  "Exert[x: selector]": add 1 wounds to choose 1 x you control
procedures:
  battle:
    params: [at_space: space, attacker: player, defender]
    script: |
      let r = roll d6
      if r > 3 { score 1 for attacker }
  bonus:
    params: [p: player]
    value: vp of p + 1
turn:
  order: clockwise from speaker
  phases:
    - name: main
      steps: [upkeep, combat]
    - name: dark
    - name: evening
setup: |
  for each p in players { as p { draw 5 } }
end: count(players where vp of it >= 10) > 0
result:
  winners: most(players, vp of it)
  scores: vp of it
variables:
  speaker: { type: player, start: first(players) }
defaults:
  draw_from: deck
  draw_into: hand
  discard_into: discard_pile
"#;

/// `GAME` with text replaced (each `from` must occur in it).
fn game_with(edits: &[(&str, &str)]) -> String {
    let mut g = GAME.to_string();
    for (from, to) in edits {
        assert!(g.contains(from), "GAME has no {from:?}");
        g = g.replacen(from, to, 1);
    }
    g
}

/// A card file holding one card `probe` whose one `main` action has `script` as its
/// effect, written as a `|` block (so spans are exact).
fn effect_card(script: &str) -> String {
    let body: String = script.lines().map(|l| format!("        {l}\n")).collect();
    format!("- id: probe\n  name: Probe\n  abilities:\n    - action: main\n      effect: |\n{body}")
}

// ---------------------------------------------------------------------------
// Plumbing

/// The outcome of checking one in-memory game.
struct Checked {
    sources: SourceMap,
    diags: Vec<Diagnostic>,
}

/// Loads `files` (`game.yaml` is the ruleset) as one game under `g/` and checks it. The
/// loader must accept every input here: these tests are about the checker. Every label of
/// every diagnostic must lie inside its file, on character boundaries.
fn check(files: &[(&str, &str)]) -> Checked {
    let mut sources = SourceMap::default();
    let (bundle, load) = load_bundle(Path::new("g"), files, &mut sources);
    assert!(load.is_empty(), "the loader rejected a test input: {load:#?}");
    let mut diags = check_library(&Library { games: vec![bundle] }).diags;
    // As `twilit check` prints them: by file, then position, then code.
    diags.sort_by_key(|d| {
        let l = &d.labels[0];
        (sources.get(l.file).path.clone(), l.span.start, d.code.clone())
    });
    let c = Checked { sources, diags };
    for d in &c.diags {
        for l in &d.labels {
            let text = c.sources.get(l.file).text().unwrap();
            assert!(
                l.span.start <= l.span.end && l.span.end <= text.len(),
                "label {l:?} of {} lies outside its file ({} bytes)",
                d.code,
                text.len()
            );
            assert!(text.is_char_boundary(l.span.start) && text.is_char_boundary(l.span.end), "{l:?}");
        }
    }
    c
}

/// `GAME` plus one file.
fn with(name: &str, text: &str) -> Checked {
    check(&[("game.yaml", GAME), (name, text)])
}

/// `GAME` plus a card file.
fn cards(yaml: &str) -> Checked {
    with("c.yaml", yaml)
}

/// `GAME` plus a card whose effect is `script`.
fn effect(script: &str) -> Checked {
    cards(&effect_card(script))
}

/// `GAME` plus a scenario file.
fn scenario(yaml: &str) -> Checked {
    with("s.yaml", yaml)
}

/// A changed `GAME` alone.
fn game(edits: &[(&str, &str)]) -> Checked {
    check(&[("game.yaml", &game_with(edits))])
}

impl Checked {
    /// The text a label covers.
    fn covers(&self, l: &Label) -> &str {
        &self.sources.get(l.file).text().unwrap()[l.span.clone()]
    }

    /// The text the primary label of diagnostic `i` covers.
    fn text(&self, i: usize) -> &str {
        self.covers(&self.diags[i].labels[0])
    }

    /// (code without `twilit::`, covered text) of every diagnostic, in order.
    fn found(&self) -> Vec<(&str, &str)> {
        (0..self.diags.len()).map(|i| (self.diags[i].code.trim_start_matches("twilit::"), self.text(i))).collect()
    }

    /// The only diagnostic, which must have `code` and cover `text`.
    fn one(&self, code: &str, text: &str) -> &Diagnostic {
        assert_eq!(self.found(), [(code, text)], "{}", self.rendered());
        &self.diags[0]
    }

    /// Help lines, in order.
    fn helps(&self) -> Vec<Option<String>> {
        self.diags.iter().map(|d| d.help.clone()).collect()
    }

    /// 1-based (line, column) where diagnostic `i` starts.
    fn at(&self, i: usize) -> (usize, usize) {
        let l = &self.diags[i].labels[0];
        self.sources.line_col(l.file, l.span.start).unwrap()
    }

    /// The file name (under `g/`) diagnostic `i` points into.
    fn file(&self, i: usize) -> String {
        let l = &self.diags[i].labels[0];
        self.sources.get(l.file).path.file_name().unwrap().to_string_lossy().into_owned()
    }

    fn clean(&self) {
        assert!(self.diags.is_empty(), "expected no diagnostics:\n{}", self.rendered());
    }

    /// Every diagnostic as the CLI prints it (no color, 100 columns).
    fn rendered(&self) -> String {
        self.diags.iter().map(|d| human(d, &self.sources, false, 100)).collect::<Vec<_>>().join("\n")
    }
}

/// The help of a did-you-mean.
fn dym(name: &str) -> Option<String> {
    Some(format!("did you mean `{name}`?"))
}

/// Any other help line.
fn says(help: &str) -> Option<String> {
    Some(help.to_string())
}

// ---------------------------------------------------------------------------
// No false positives

#[test]
fn the_shared_game_checks_clean() {
    // Keyword and procedure parameters are bound in their bodies (`n`, `x`, `attacker`,
    // `p`), `for each` binds `p`, `it` is bound in `where`.
    game(&[]).clean();
}

#[test]
fn every_form_of_the_language_checks_clean() {
    effect(
        r#"move 1 card to hand face down
reveal cards in hand simultaneously
deal 3 cards from deck to hand of each player
shuffle deck
shuffle discard_pile into deck
exhaust choose 1 card you control
ready all cards you control
score 2 for you
gain 1 vp
spend 1 vp
lose 1 vp
create 2 warriors at c1 for you
destroy choose 1 card you control
return choose 1 card you control to hand
take choose 1 warrior at c1
remove 1 warrior from c1
play choose 1 card in hand
draw 1 for owner of probe
draw 1 for left of speaker
may { draw 1 }
opponent may { draw 1 }
any number of times { draw 1 }
require count(card in hand) > 0 else "no cards"
forbid enemies to place, take, remove or flip pieces at (spaces with an assembly where side == governing), except during battle
forbid enemies to move cards, except if vp of you > 3
draft from deck into hand: pick 1, pass right, limit unit 2, face down
set speaker to most(players, vp of it)
set vp to 3
set strength of probe to 2 until end of turn
modify cost of probe by 1 while vp of you > 2
modify strength of (condition or possession) by +2 until end of upkeep
Add[cost of probe]
Exert[unit]
battle(c1, you, choose opponent)
let shown = reveal top card of deck of (choose opponent)
move shown to bottom of deck
let n = bonus(you) + sum(cards in hand, cost) + max(1, 2, 3) + min(cost of probe, 2)
seat clockwise from speaker
let r = roll d6
repeat r times { draw 1 }
as speaker { draw 1 }
for each h in hero { draw 1 for h }
if r > 3 and exists(card in hand) { pass } else if not exists(card) { pass } else { fail "no" }
let q = table r { 1: 1, 2..3: 2, 4: 3, else: 4 }
choose one { "a": draw 1 "b": { draw 2 } }"#,
    )
    .clean();
}

#[test]
fn valid_abilities_of_every_kind_check_clean() {
    cards(
        r#"- id: probe
  name: Probe
  type: unit
  side: dark
  cost: 2
  tags: [ranger, archer]
  title: Scout of the North
  unique: true
  play: |
    move this to play_area
  abilities:
    - action: main
      requires: count(card in hand) > 0
      cost: Exert[unit]
      effect: Add[1]
    - when: you play a card
      optional: true
      used_by: opponents
      effect: move it to hand
    - when: a player uses battle
      effect: draw 1
    - when: start of evening
      effect: draw 1
    - when: end of turn
      effect: draw 1
    - action: any
      effect: pass
    - static: modify strength of unit you control by +1
"#,
    )
    .clean();
}

#[test]
fn a_valid_scenario_checks_clean() {
    let s = r#"scenario: s
game: g
players:
  - { name: alice, role: hero }
  - { name: bob, role: villain }
setup:
  - { put: [probe], in: hand, of: alice }
  - { counter: pool, set: 2 }
  - { counter: vp, of: bob, set: 3 }
  - script: draw 1 for alice
  - { phase: main }
steps:
  - act: { player: alice, play: probe }
  - act: { player: bob, use: probe }
  - act: { player: bob, script: "draw 1 for alice" }
  - choose: [probe]
  - expect: vp of bob == 3 and count(cards in hand of alice) == 0
  - expect_error: "cannot remove 3 pool"
  - advance: evening
"#;
    check(&[("game.yaml", GAME), ("c.yaml", "- { id: probe, name: Probe }\n"), ("s.yaml", s)]).clean();
}

// ---------------------------------------------------------------------------
// Unknown names, one code each

#[test]
fn unknown_name_suggests_a_local_or_says_how_to_define_it() {
    let c = effect("let total = 1\ndraw totl\ndraw zzyzx");
    assert_eq!(c.found(), [("unknown-name", "totl"), ("unknown-name", "zzyzx")]);
    assert_eq!(c.helps(), [dym("total"), says("define it in game.yaml, or bind it with `let`")]);
    assert_eq!(c.diags[0].message, "unknown name `totl`");
}

#[test]
fn unknown_zone_in_a_location_filter() {
    let c = effect("move 2 cards from hnd to deck");
    let d = c.one("unknown-zone", "hnd");
    assert_eq!(d.message, "unknown zone `hnd`");
    assert_eq!(d.help, dym("hand"));
    assert_eq!(c.at(0), (6, 27));
    insta::assert_snapshot!("unknown_zone", c.rendered());
}

#[test]
fn unknown_piece_after_place_and_create() {
    let c = effect("place 2 warriorz at c1\ncreate 1 asembly at c2");
    assert_eq!(c.found(), [("unknown-piece", "warriorz"), ("unknown-piece", "asembly")]);
    assert_eq!(c.helps(), [dym("warrior"), dym("assembly")]);
}

#[test]
fn unknown_counter_after_add_and_remove() {
    let c = effect("add 2 pol\nremove 1 wonds from choose 1 card you control");
    assert_eq!(c.found(), [("unknown-counter", "pol"), ("unknown-counter", "wonds")]);
    assert_eq!(c.helps(), [dym("pool"), dym("wounds")]);
}

#[test]
fn unknown_keyword() {
    let c = effect("Ad[1]");
    let d = c.one("unknown-keyword", "Ad");
    assert_eq!(d.help, dym("Add"));
    let c = effect("Smash[1]");
    let d = c.one("unknown-keyword", "Smash");
    assert_eq!(d.help.as_deref(), Some("keywords are defined under `keywords:` in game.yaml"));
}

#[test]
fn unknown_procedure_in_a_call_a_trigger_and_a_forbid_exception() {
    let c = cards(
        r#"- id: probe
  name: Probe
  abilities:
    - when: a player uses battel
      effect: batle(c1, you, you)
    - static: forbid enemies to place pieces, except during battel
"#,
    );
    assert_eq!(
        c.found(),
        [("unknown-procedure", "battel"), ("unknown-procedure", "batle"), ("unknown-procedure", "battel")]
    );
    assert_eq!(c.helps(), [dym("battle"), dym("battle"), dym("battle")]);
    assert_eq!(c.diags[1].message, "unknown procedure or function `batle`");
}

#[test]
fn unknown_phase_in_action_start_end_and_until() {
    let c = cards(
        r#"- id: probe
  name: Probe
  abilities:
    - action: mainn
      effect: pass
    - when: start of evenin
      effect: pass
    - when: end of combt
      effect: modify strength of unit by 1 until end of upkep
"#,
    );
    assert_eq!(
        c.found(),
        [
            ("unknown-phase", "mainn"),
            ("unknown-phase", "evenin"),
            ("unknown-phase", "combt"),
            ("unknown-phase", "upkep")
        ]
    );
    assert_eq!(c.helps(), [dym("main"), dym("evening"), dym("combat"), dym("upkeep")]);
    assert_eq!(c.diags[0].message, "unknown phase `mainn`");
    assert_eq!(c.diags[1].message, "unknown phase or period `evenin`");
}

#[test]
fn an_unknown_phase_without_a_close_match_lists_the_phases() {
    let c = cards("- id: probe\n  name: Probe\n  abilities:\n    - action: night\n      effect: pass\n");
    let d = c.one("unknown-phase", "night");
    assert_eq!(d.help.as_deref(), Some("phases: main, upkeep, combat, dark, evening, or `any`, `turn`, `game`"));
}

#[test]
fn unknown_property_as_a_card_field_and_in_modify() {
    let c = cards(
        "- id: probe\n  name: Probe\n  costt: 3\n  colour: red\n  abilities:\n    - action: main\n      \
         effect: modify strenght of unit by 1\n",
    );
    assert_eq!(
        c.found(),
        [("unknown-property", "costt"), ("unknown-property", "colour"), ("unknown-property", "strenght")]
    );
    assert_eq!(c.helps(), [dym("cost"), says("declare `colour` under `properties:` in game.yaml"), dym("strength")]);
    // A name of another kind is named as such.
    let c = effect("modify hand of unit by 1\nset colour of probe to 1");
    assert_eq!(c.found(), [("unknown-property", "hand"), ("unknown-property", "colour")]);
    assert_eq!(c.diags[0].message, "`hand` is a zone, not a property");
    assert_eq!(c.diags[1].message, "unknown property `colour`");
}

#[test]
fn unknown_value_of_an_enum_a_list_and_a_draft_limit() {
    let c = cards(
        "- id: probe\n  name: Probe\n  type: uni\n  tags: [ranger, archr]\n  abilities:\n    - action: main\n      \
         effect: \"draft from hand into discard_pile: pick 1, pass left, limit evnt 2\"\n",
    );
    assert_eq!(c.found(), [("unknown-value", "uni"), ("unknown-value", "archr"), ("unknown-value", "evnt")]);
    assert_eq!(c.helps(), [dym("unit"), dym("archer"), dym("event")]);
    assert_eq!(c.diags[0].message, "`uni` is not a value of `type`");
    assert_eq!(c.diags[2].message, "`evnt` is not a value of any property");
    // Far from every value: the values are listed.
    let c = cards("- id: probe\n  name: Probe\n  side: grey\n");
    assert_eq!(c.one("unknown-value", "grey").help.as_deref(), Some("values: light, dark"));
}

#[test]
fn wrong_type_of_a_card_property() {
    let c = cards("- id: probe\n  name: Probe\n  cost: three\n  unique: maybe\n  tags: ranger\n");
    assert_eq!(c.found(), [("wrong-type", "three"), ("wrong-type", "maybe")]);
    assert_eq!(c.helps(), [says("write a whole number, e.g. `3`"), says("write `true` or `false`")]);
}

#[test]
fn defaults_and_board_attributes_are_validated() {
    let c = game(&[
        ("unique: { type: bool, default: false }", "unique: { type: bool, default: maybe }"),
        ("- { id: c1, suit: fox }", "- { id: c1, suit: wolf, siut: fox }"),
    ]);
    assert_eq!(c.found(), [("wrong-type", "maybe"), ("unknown-value", "wolf"), ("unknown-attribute", "siut")]);
    assert_eq!(c.helps(), [says("write `true` or `false`"), says("values: fox, rabbit"), dym("suit")]);
}

#[test]
fn unknown_action_in_forbid() {
    let c = effect("forbid opponents to place, tak or flip pieces");
    let d = c.one("unknown-action", "tak");
    assert_eq!(d.message, "`tak` is neither an effect verb nor a procedure");
    assert_eq!(d.help, dym("take"));
    // A procedure may be forbidden too.
    effect("forbid opponents to battle").clean();
}

#[test]
fn unknown_variable_in_set() {
    let c = effect("set spaeker to you\nset speaker to you\nset vp to 3");
    let d = c.one("unknown-variable", "spaeker");
    assert_eq!(d.message, "cannot set `spaeker`");
}

#[test]
fn scenario_names_are_checked_against_the_game_and_its_players() {
    let c = scenario(
        r#"scenario: s
game: h
players:
  - { name: alice, role: hero }
  - { name: bob }
setup:
  - { put: [prob], in: hnd, of: alise }
  - { counter: pol, set: 2 }
  - { phase: mainn }
steps:
  - act: { player: carol, play: prob }
  - expect: vp of alicee == 0
  - advance: evenin
  - act: { player: bob, use: prb }
"#,
    );
    assert_eq!(
        c.found(),
        [
            ("wrong-game", "h"),
            ("unknown-card", "prob"),
            ("unknown-zone", "hnd"),
            ("unknown-player", "alise"),
            ("unknown-counter", "pol"),
            ("unknown-phase", "mainn"),
            ("unknown-player", "carol"),
            ("unknown-card", "prob"),
            ("unknown-name", "alicee"),
            ("unknown-phase", "evenin"),
            ("unknown-card", "prb"),
        ]
    );
    assert_eq!(c.diags[0].message, "scenario is for `h`, but this directory holds `g`");
    assert_eq!(c.diags[3].help, dym("alice"));
    assert_eq!(c.diags[6].help.as_deref(), Some("the scenario's players are: alice, bob"));
    assert_eq!(c.diags[8].help, dym("alice"));
    insta::assert_snapshot!("scenario_names", c.rendered());
}

#[test]
fn unknown_space_in_board_adjacency() {
    let c = game(&[("    - [c1, c2]", "    - [c1, c3]\n    - [c9, c2]")]);
    assert_eq!(c.found(), [("unknown-space", "c3"), ("unknown-space", "c9")]);
    assert_eq!(c.helps(), [dym("c1"), dym("c1")]);
    assert_eq!(c.diags[0].message, "unknown space `c3`");
}

#[test]
fn unknown_parameter_type_of_a_keyword_and_a_procedure() {
    let c = game(&[("\"Exert[x: selector]\"", "\"Exert[x: selektor]\""), ("at_space: space,", "at_space: spase,")]);
    assert_eq!(c.found(), [("unknown-type", "selektor"), ("unknown-type", "spase")]);
    assert_eq!(c.diags[0].message, "unknown parameter type `selektor`");
}

#[test]
fn wrong_arity_of_keywords_procedures_and_functions() {
    let c = effect("Add[1, 2]\nbattle(c1)\nlet n = bonus()\nlet k = count(hand, deck)\nlet m = adjacent(c1)");
    assert_eq!(
        c.found(),
        [
            ("wrong-arity", "Add[1, 2]"),
            ("wrong-arity", "battle(c1)"),
            ("wrong-arity", "bonus()"),
            ("wrong-arity", "count(hand, deck)"),
            ("wrong-arity", "adjacent(c1)"),
        ]
    );
    let msgs: Vec<&str> = c.diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "`Add` takes 1 argument, found 2",
            "procedure `battle` takes 3 arguments, found 1",
            "procedure `bonus` takes 1 argument, found 0",
            "`count` takes 1 argument, found 2",
            "`adjacent` takes 2 arguments, found 1",
        ]
    );
    assert_eq!(c.diags[0].help.as_deref(), Some("write it as `Add[n]`"));
    insta::assert_snapshot!("wrong_arity", c.rendered());
}

#[test]
fn out_of_scope_points_at_the_use_and_at_the_binding() {
    let c = effect("if true { let x = 1 }\ndraw x");
    let d = c.one("out-of-scope", "x");
    assert_eq!(d.labels.len(), 2);
    assert_eq!(d.labels[0].message, "used here");
    assert_eq!(d.labels[1].message, "bound here");
    assert_eq!(c.at(0), (7, 14));
    let bound = &d.labels[1];
    assert_eq!(c.covers(bound), "x");
    assert_eq!(c.sources.line_col(bound.file, bound.span.start), Some((6, 23)));
    insta::assert_snapshot!("out_of_scope", c.rendered());
}

#[test]
fn unpayable_costs() {
    let c = cards(
        r#"- id: probe
  name: Probe
  abilities:
    - action: main
      cost: remove 3 pool
      effect: pass
    - action: main
      cost: |
        draw 1
        remove 4 pool
      effect: pass
    - action: main
      cost: fail "never"
      effect: pass
"#,
    );
    assert_eq!(c.found(), [("unpayable-cost", "remove 4 pool"), ("unpayable-cost", "fail \"never\"")]);
    assert_eq!(c.diags[0].message, "cannot remove 4 pool: it never holds more than 3");
    assert_eq!(c.diags[0].help.as_deref(), Some("lower the cost to at most 3, or raise `max:` of `pool`"));
    assert_eq!(c.diags[1].message, "this cost always fails");
    insta::assert_snapshot!("unpayable_cost", c.rendered());
}

#[test]
fn reserved_words_cannot_name_definitions() {
    let c = game(&[("  market: { per: game }", "  discard: { per: game }")]);
    let d = c.one("reserved-name", "discard");
    assert_eq!(d.message, "zone `discard` is named with a reserved word, so no script can refer to it");
    assert_eq!(d.help.as_deref(), Some("rename it, e.g. `discard_zone`"));
    let c = game(&[("sides: [closed, governing]", "sides: [up, governing]")]);
    assert_eq!(
        c.one("reserved-name", "up").message,
        "side `up` is named with a reserved word, so no script can refer to it"
    );
}

#[test]
fn duplicate_option_of_choose_one() {
    let c = effect(r#"choose one { "a": pass "b": pass "a": draw 1 }"#);
    let d = c.one("duplicate-option", "\"a\"");
    assert_eq!(d.message, "option \"a\" appears twice");
    assert_eq!(c.at(0), (6, 42));
}

#[test]
fn missing_object_of_an_effect() {
    let c = effect("move\ndraw\nshuffle\nexhaust");
    assert_eq!(c.found(), [("missing-object", "move"), ("missing-object", "exhaust")]);
    assert_eq!(c.diags[0].message, "`move` needs something to act on");
    assert_eq!(c.diags[0].help.as_deref(), Some("for example `move x to hand`"));
}

#[test]
fn a_name_defined_twice_as_different_kinds_is_a_warning() {
    let c = game(&[("  vp: { on: player, min: 0 }", "  vp: { on: player, min: 0 }\n  hand: { on: player }")]);
    let d = c.one("name-clash", "hand");
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(d.labels[0].message, "defined again as a counter");
    assert_eq!(d.labels[1].message, "first defined as a zone here");
    assert_eq!(c.covers(&d.labels[1]), "hand");
    assert_eq!(c.sources.line_col(d.labels[1].file, d.labels[1].span.start), Some((16, 3)));
}

#[test]
fn a_faction_card_is_a_first_definition_for_later_factions() {
    // Factions' cards are defined with their faction, before the next faction's names:
    // a zone named like an earlier faction's card is the clash, reported at the zone.
    let first = "faction: east\nname: East\ncards:\n  - { id: beacon, name: Beacon }\n";
    let second = "faction: west\nname: West\nzones:\n  beacon: { per: player }\n";
    let c = check(&[("game.yaml", GAME), ("f1.yaml", first), ("f2.yaml", second)]);
    let d = c.one("name-clash", "beacon");
    assert_eq!(c.file(0), "f2.yaml");
    assert_eq!(d.labels[0].message, "defined again as a zone");
    assert_eq!(d.labels[1].message, "first defined as a card here");
    assert_eq!(c.sources.get(d.labels[1].file).path.file_name().unwrap(), "f1.yaml");
}

#[test]
fn this_is_the_card_in_its_scripts_and_the_player_in_a_factions() {
    // `vp` is kept on players, `wounds` on cards: each is wrong on the other holder.
    let c = effect("add 1 vp to this\nadd 1 wounds to this");
    c.one("wrong-holder", "this");
    assert_eq!(c.diags[0].message, "`vp` is kept on players (`on: player`), not on a selection of cards or pieces");
    let faction = "faction: east\nname: East\nabilities:\n  - action: main\n    effect: |\n      add 1 wounds to this\n      add 1 vp to this\n";
    let c = check(&[("game.yaml", GAME), ("f.yaml", faction)]);
    c.one("wrong-holder", "this");
    assert_eq!(c.diags[0].message, "`wounds` is kept on cards (`on: card`), not on a player");
}

// ---------------------------------------------------------------------------
// Syntax errors: each at its place in the YAML file

#[test]
fn syntax_errors_in_each_field_point_into_the_file() {
    let c = cards(
        r#"- id: probe
  name: Probe
  abilities:
    - action: main
      requires: count(card in hand) > > 1
      cost: Add[1]]
      effect: |
        draw 1
        move 1 card to to hand
    - when: you play a card card
      effect: pass
"#,
    );
    assert_eq!(c.found(), [("syntax", ">"), ("syntax", "]"), ("syntax", "to"), ("syntax", "card")]);
    assert_eq!(c.at(0), (5, 39));
    assert_eq!(c.at(1), (6, 19));
    assert_eq!(c.at(2), (9, 24));
    assert_eq!(c.at(3), (10, 29));
    assert_eq!(c.diags[0].message, "expected an expression, found `>`");
    assert_eq!(c.diags[1].help.as_deref(), Some("remove it, or add the matching `[` before it"));
    insta::assert_snapshot!("syntax_in_fields", c.rendered());
}

#[test]
fn a_syntax_error_at_the_end_of_a_script_points_just_past_it() {
    let src = "- id: probe\n  name: Probe\n  abilities:\n    - when: you\n      effect: pass\n";
    let c = cards(src);
    let d = c.one("syntax", "");
    assert_eq!(d.labels[0].span.start, src.find("you\n").unwrap() + 3);
    assert_eq!(c.at(0), (4, 16));
}

#[test]
fn a_syntax_error_in_an_expectation_points_into_the_scenario() {
    let src =
        "scenario: s\ngame: g\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  - expect: vp of alice == == 1\n";
    let c = scenario(src);
    assert_eq!(c.one("syntax", "=").message, "expected an expression, found `=`");
    assert_eq!(c.file(0), "s.yaml");
    assert_eq!(c.diags[0].labels[0].span.start, src.rfind("== 1").unwrap());
}

#[test]
fn escaped_scripts_point_at_the_whole_scalar() {
    // `\n` in a double-quoted scalar changes the text, so the exact place is lost: the
    // whole scalar is the span. Folded and plain multi-line scalars stay exact.
    let c = cards(
        r#"- id: probe
  name: Probe
  abilities:
    - action: main
      effect: "draw 1\nAd[1]"
    - action: main
      effect: >
        draw 1
        Ad[1]
    - action: main
      effect: draw 1;
        Ad[1]
"#,
    );
    assert_eq!(
        c.found(),
        [("unknown-keyword", "\"draw 1\\nAd[1]\""), ("unknown-keyword", "Ad"), ("unknown-keyword", "Ad")]
    );
    assert_eq!((c.at(1), c.at(2)), ((9, 9), (12, 9)));
}

// ---------------------------------------------------------------------------
// Type mismatches

#[test]
fn type_mismatch_number_where_a_player_is_expected() {
    let c = effect("as 3 { pass }");
    let d = c.one("type-mismatch", "3");
    assert_eq!(d.message, "expected a player, found a number");
    assert_eq!(d.labels[0].message, "this is a number");
}

#[test]
fn type_mismatch_zone_where_a_number_is_expected() {
    let c = effect("repeat hand times { draw 1 }");
    assert_eq!(c.one("type-mismatch", "hand").message, "expected a number, found a zone");
}

#[test]
fn type_mismatch_number_where_a_condition_is_expected() {
    let c = effect("if 3 { pass }");
    assert_eq!(c.one("type-mismatch", "3").message, "expected a condition, found a number");
    let c = cards(
        "- id: probe\n  name: Probe\n  abilities:\n    - action: main\n      requires: vp of you\n      effect: pass\n",
    );
    assert_eq!(c.one("type-mismatch", "vp of you").message, "expected a condition, found a number");
}

#[test]
fn type_mismatch_arithmetic_on_a_player() {
    let c = effect("let x = you + 1");
    assert_eq!(c.one("type-mismatch", "you").message, "expected a number, found a player");
}

#[test]
fn type_mismatch_keyword_argument() {
    let c = effect("Exert[3]");
    let d = c.one("type-mismatch", "3");
    assert_eq!(d.message, "argument `x` of `Exert` expects a selection of cards or pieces, found a number");
}

#[test]
fn type_mismatch_roll_of_a_non_die_and_seat_of_a_number() {
    let c = effect("let r = roll hand\nseat 3");
    assert_eq!(c.found(), [("type-mismatch", "hand"), ("type-mismatch", "3")]);
    assert_eq!(c.diags[0].message, "expected a die, found a zone");
    assert_eq!(c.diags[1].message, "expected players, found a number");
}

#[test]
fn type_mismatches_in_every_other_position() {
    let c = effect(
        r#"score hand
draw hand
for each x in 3 { pass }
modify cost of unit by you
let a1 = not 3
let a2 = hand of 3
let a3 = left of 3
let a4 = clockwise from 3
let a5 = count(cards controlled by 3)
let a6 = count(cards in 3)
let a7 = 1 < you
let a8 = -you
for each p in players { repeat p times { pass } }
let n = 3
as n { pass }"#,
    );
    let msgs: Vec<(&str, &str)> = (0..c.diags.len()).map(|i| (c.text(i), c.diags[i].message.as_str())).collect();
    assert_eq!(
        msgs,
        [
            ("hand", "`score` needs a number, found a zone"),
            ("hand", "`draw` needs a number, found a zone"),
            ("3", "`for each` needs players or a selection, found a number"),
            ("you", "expected a number, found a player"),
            ("3", "expected a condition, found a number"),
            ("3", "`hand of ...` needs a player, found a number"),
            ("3", "expected a player, found a number"),
            ("3", "expected a player, found a number"),
            ("3", "expected players, found a number"),
            ("3", "expected a zone or a player, found a number"),
            ("you", "expected a number, found a player"),
            ("you", "expected a number, found a player"),
            // `p` is a player: the type of a `for each` variable flows into its body,
            ("p", "expected a number, found a player"),
            // and the type of a `let` into its uses.
            ("n", "expected a player, found a number"),
        ]
    );
    assert!(c.diags.iter().all(|d| d.code == "twilit::type-mismatch"));
}

// ---------------------------------------------------------------------------
// Scoping

#[test]
fn a_let_in_the_cost_is_visible_in_the_effect() {
    cards(
        r#"- id: probe
  name: Probe
  abilities:
    - action: main
      requires: count(card in hand) > 0
      cost: let x = choose 1 card in hand
      effect: move x to discard_pile
"#,
    )
    .clean();
}

#[test]
fn a_let_in_one_ability_is_not_visible_in_another() {
    let c = cards(
        r#"- id: probe
  name: Probe
  abilities:
    - action: main
      cost: let x = choose 1 card in hand
      effect: move x to discard_pile
    - action: main
      effect: move x to discard_pile
"#,
    );
    c.one("unknown-name", "x");
    assert_eq!(c.at(0), (8, 20));
}

#[test]
fn a_name_is_unknown_before_its_let() {
    let c = effect("draw q\nlet q = 1\ndraw q");
    c.one("unknown-name", "q");
    assert_eq!(c.at(0), (6, 14));
}

#[test]
fn a_for_each_variable_is_scoped_to_its_body() {
    let c = effect("for each p in players { draw 1 for p }\ndraw 1 for p");
    let d = c.one("out-of-scope", "p");
    assert_eq!(c.covers(&d.labels[1]), "p");
    assert_eq!(c.sources.line_col(d.labels[1].file, d.labels[1].span.start), Some((6, 18)));
    effect("for each c in card in hand { discard c }").clean();
}

#[test]
fn names_bound_in_choose_one_and_may_blocks_end_with_them() {
    let c = effect("choose one { \"a\": { let y = 1 } \"b\": pass }\ndraw y\nmay { let z = 1 }\ndraw z");
    assert_eq!(c.found(), [("out-of-scope", "y"), ("out-of-scope", "z")]);
}

#[test]
fn a_name_bound_again_after_its_block_ended_is_in_scope() {
    effect("if true { let x = 1 }\nlet x = 2\ndraw x").clean();
}

#[test]
fn parameters_are_bound_only_in_their_own_keyword_or_procedure() {
    let c = game(&[
        ("\"Add[n]\": add n pool", "\"Add[n]\": add n pool\n  \"Bad[m]\": add n pool"),
        ("    script: |\n      let r = roll d6", "    script: |\n      draw p\n      let r = roll d6"),
    ]);
    assert_eq!(c.found(), [("unknown-name", "n"), ("unknown-name", "p")]);
    assert_eq!(c.helps()[0], dym("m"));
}

#[test]
fn it_is_bound_in_when_abilities() {
    cards(
        r#"- id: probe
  name: Probe
  abilities:
    - when: you play a card
      requires: exists(it)
      cost: exhaust it
      effect: move it to hand
"#,
    )
    .clean();
}

#[test]
fn scenario_players_are_bound_in_expectations_and_scripts() {
    let c = scenario(
        r#"scenario: s
game: g
players: [{ name: alice }, { name: bob }]
setup:
  - script: draw 1 for bob
steps:
  - act: { player: alice, script: "as bob { draw 1 }" }
  - expect: vp of alice == vp of bob
  - expect: count(cards in hand of bobb) == 1
"#,
    );
    assert_eq!(c.one("unknown-name", "bobb").help, dym("bob"));
}

// ---------------------------------------------------------------------------
// Name resolution

#[test]
fn plurals_of_pieces_values_and_spaces_resolve() {
    effect(
        r#"place 2 warriors at c1
flip assemblies to governing
place 2 mice at c2
let n = count(conditions) + count(units in hand) + count(rangers) + count(foxes)
let g = count(governing) + count(spaces with a warrior)"#,
    )
    .clean();
}

#[test]
fn only_nouns_take_a_plural() {
    let c = effect("let n = count(costs)");
    assert_eq!(c.one("unknown-name", "costs").help, dym("cost"));
}

#[test]
fn enum_values_sides_spaces_and_card_ids_are_nouns() {
    effect("move choose 1 condition or possession to hand\nflip governing to closed\nlet n = count(c1) + count(light)\nmove probe to hand")
        .clean();
}

#[test]
fn a_game_property_shadows_the_built_in_of_the_same_name() {
    // `side` is a built-in relation (the side of a two-sided piece, a value); here the
    // game declares a number property `side`, which wins.
    let numeric = game_with(&[("side: { type: enum, values: [light, dark] }", "side: { type: number }")]);
    let script = effect_card("let n = side of probe + 1\nmodify side of probe by 1");
    check(&[("game.yaml", &numeric), ("c.yaml", &script)]).clean();
    // Without the property, `side` is the built-in: not a number, not modifiable.
    let builtin = game_with(&[("  side: { type: enum, values: [light, dark] }\n", "")]);
    let c = check(&[("game.yaml", &builtin), ("c.yaml", &script)]);
    assert_eq!(c.found(), [("type-mismatch", "side of probe"), ("unknown-property", "side")]);
    assert_eq!(c.diags[1].message, "`side` is a built-in name, not a property");
}

#[test]
fn a_phase_may_share_its_name_with_a_value() {
    cards(
        r#"- id: probe
  name: Probe
  side: dark
  abilities:
    - action: dark
      effect: modify strength of dark by 1 until end of dark
    - when: start of dark
      effect: move choose 1 card where side == dark to hand
"#,
    )
    .clean();
}

#[test]
fn faction_definitions_are_visible_to_every_card_of_the_game() {
    let faction = r#"faction: council
name: Council
zones:
  loyalists: { per: player, holds: [warrior], capacity: 4 }
pieces:
  tower: { per_player: 3 }
counters:
  favor: { on: player, min: 0, max: 5 }
procedures:
  oversee:
    params: [n: number]
    script: score n
turn:
  phases:
    - name: daylight
abilities:
  - action: daylight
    effect: oversee(count(towers))
cards:
  - id: envoy
    name: Envoy
    abilities:
      - when: start of daylight
        cost: spend 6 favor
        effect: move 1 warrior from loyalists to hand
"#;
    let card = effect_card("move 1 warrior from loyalists to hand\nplace 2 towers at c1\nadd 1 favor\noversee(1)\nlet v = favor of council\nmove envoy to hand");
    let c = check(&[("game.yaml", GAME), ("f.yaml", faction), ("c.yaml", &card)]);
    // Only the faction card's cost is wrong: `favor` never holds 6.
    c.one("unpayable-cost", "spend 6 favor");
    assert_eq!(c.file(0), "f.yaml");
    // Without the faction, the same card knows none of those names.
    let c = effect("move 1 warrior from loyalists to hand\nplace 1 tower at c1\nadd 1 favor\noversee(1)");
    assert_eq!(
        c.found(),
        [
            ("unknown-zone", "loyalists"),
            ("unknown-piece", "tower"),
            ("unknown-counter", "favor"),
            ("unknown-procedure", "oversee")
        ]
    );
}

// ---------------------------------------------------------------------------
// Every problem is reported

#[test]
fn every_problem_of_a_file_is_reported() {
    let c = cards(
        r#"- id: first
  name: First
  type: uni
  abilities:
    - action: main
      requires: count(card in hnd) > 0
      effect: Ad[1]
- id: second
  name: Second
  abilities:
    - action: main
      effect: move 1 card to
"#,
    );
    assert_eq!(
        c.found(),
        [("unknown-value", "uni"), ("unknown-zone", "hnd"), ("unknown-keyword", "Ad"), ("syntax", "")]
    );
    assert_eq!(c.at(3), (12, 29));
    insta::assert_snapshot!("every_problem", c.rendered());
}

#[test]
fn every_problem_of_one_script_is_reported() {
    let c = effect("Ad[1]\nmove 1 card from hnd to deck\ndraw totl\nas 3 { pass }\nbattle()");
    assert_eq!(
        c.found(),
        [
            ("unknown-keyword", "Ad"),
            ("unknown-zone", "hnd"),
            ("unknown-name", "totl"),
            ("type-mismatch", "3"),
            ("wrong-arity", "battle()")
        ]
    );
}

// ---------------------------------------------------------------------------
// Regressions: bugs this suite found, now fixed

#[test]
fn out_of_scope_across_cost_and_effect_labels_the_binding_in_the_cost() {
    let c = cards(
        "- id: probe\n  name: Probe\n  abilities:\n    - action: main\n      cost: |\n        if true { let x = 1 }\n        draw 1\n      effect: |\n        draw 2\n        draw 3\n        draw 4\n        draw x\n",
    );
    let d = c.one("out-of-scope", "x");
    assert_eq!(c.at(0), (12, 14));
    assert_eq!(d.labels.len(), 2);
    assert_eq!(c.covers(&d.labels[1]), "x");
    assert_eq!(c.sources.line_col(d.labels[1].file, d.labels[1].span.start), Some((6, 23)));
}

#[test]
fn a_reserved_word_cannot_be_a_card_id() {
    cards("- { id: discard, name: Discard }\n").one("reserved-name", "discard");
}

#[test]
fn scenario_roles_and_factions_are_resolved() {
    let c = scenario(
        "scenario: s\ngame: g\nplayers:\n  - { name: alice, role: heor }\n  - { name: bob, faction: counsil }\n",
    );
    assert_eq!(c.found(), [("unknown-role", "heor"), ("unknown-faction", "counsil")]);
    assert_eq!(c.helps()[0], dym("hero"));
    assert_eq!(c.helps()[1], says("this game declares no factions"));
}

#[test]
fn only_number_properties_can_be_modified() {
    let c = effect("modify title of unit by 1\nmodify type of unit by 1\nmodify cost of unit by 1");
    assert_eq!(c.found(), [("type-mismatch", "title"), ("type-mismatch", "type")]);
}

#[test]
fn set_checks_the_value_against_the_property() {
    let c = effect("set cost of probe to dark\nset vp to you\nset cost of probe to 3\nset side of probe to light");
    assert_eq!(c.found(), [("type-mismatch", "dark"), ("type-mismatch", "you")]);
}

#[test]
fn procedure_arity_errors_show_the_signature() {
    let c = effect("battle(c1)");
    c.one("wrong-arity", "battle(c1)");
    assert_eq!(c.helps()[0], says("write it as `battle(at_space, attacker, defender)`"));
}

#[test]
fn misspelled_variables_and_you_get_suggestions() {
    let c = effect("set spaeker to you\ndraw count(cards in hand of yuo)");
    assert_eq!(c.found(), [("unknown-variable", "spaeker"), ("unknown-name", "yuo")]);
    assert_eq!(c.helps(), [dym("speaker"), dym("you")]);
}

#[test]
fn verbs_take_only_their_clauses() {
    let c = effect("exhaust choose 1 card you control to hand\ndraw 1 from deck of you\nscore 1 for you");
    c.one("invalid-clause", "to hand");
    assert_eq!(c.helps()[0], says("`exhaust` takes no clauses"));
}

#[test]
fn move_deal_place_and_create_must_say_where() {
    let c = effect(
        "move choose 1 card from hand\ndeal 2 cards from deck\nplace 1 warrior\ncreate 1 warrior for you\nplace 1 warrior in hand\nmove choose 1 card from hand to bottom of deck",
    );
    assert_eq!(
        c.found(),
        [
            ("missing-clause", "move"),
            ("missing-clause", "deal"),
            ("missing-clause", "place"),
            ("missing-clause", "create")
        ]
    );
}

#[test]
fn flip_to_needs_a_side_and_reveal_to_needs_players() {
    let c =
        effect("flip all assemblies to governing\nflip all assemblies to light\nreveal choose 1 card from hand to 3");
    assert_eq!(c.found(), [("type-mismatch", "light"), ("type-mismatch", "3")]);
    assert_eq!(c.helps()[0], says("sides: closed, governing"));
}

#[test]
fn a_uses_trigger_sees_the_procedures_parameters_and_no_other_does() {
    cards(
        r#"- id: watcher
  name: Watcher
  abilities:
    - when: a player uses battle
      requires: attacker != defender and exists(warriors at at_space)
      effect: score 1 for defender
"#,
    )
    .clean();
    let c = cards(
        r#"- id: watcher
  name: Watcher
  abilities:
    - when: a player plays a card
      effect: score 1 for defender
"#,
    );
    c.one("unknown-name", "defender");
}

#[test]
fn a_scenario_names_how_unanswered_choices_are_answered() {
    let base = "scenario: s\ngame: g\nplayers:\n  - { name: alice }\n  - { name: bob }\nsetup:\n  - { put: [warrior, warrior], in: c1, of: alice }\n";
    scenario(&format!("{base}choices: first\n")).clean();
    let c = scenario(&format!("{base}choices: frist\n"));
    c.one("wrong-type", "frist");
    assert_eq!(c.helps(), [Some("did you mean `first`?".to_string())]);
}

#[test]
fn a_variables_start_and_the_results_values_have_their_types() {
    let c = game(&[
        ("speaker: { type: player, start: first(players) }", "speaker: { type: player, start: 3 }"),
        ("scores: vp of it", "scores: speaker"),
        ("winners: most(players, vp of it)", "winners: vp of first(players)"),
    ]);
    assert_eq!(
        c.found(),
        [
            ("type-mismatch", "vp of first(players)"),
            ("type-mismatch", "speaker"),
            ("type-mismatch", "3")
        ]
    );
    assert_eq!(c.diags[2].message, "`speaker`'s start is a player, found a number");
    assert_eq!(c.diags[1].message, "a score is a number, found a player");
    // What `set` accepts, a start accepts: a player where players are expected, and a
    // value of any type.
    game(&[("winners: most(players, vp of it)", "winners: speaker")]).clean();
}

#[test]
fn a_card_id_spelled_like_a_role_is_a_clash() {
    let c = cards("- id: hero\n  name: Hero\n");
    let d = c.one("name-clash", "hero");
    assert_eq!(d.message, "card id `hero` is also a role; scripts will read `hero` as the card, not the role");
    assert_eq!(c.covers(&d.labels[1]), "hero", "the role's declaration is shown");
    assert_eq!(c.sources.get(d.labels[1].file).path.file_name().unwrap(), "game.yaml");
}
