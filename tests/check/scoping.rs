//! Scoping and name resolution: which definition a name reads.

use super::*;

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
    let c =
        effect("choose one { \"a\": { let y = 1; draw y } \"b\": pass }\ndraw y\nmay { let z = 1; draw z }\ndraw z");
    assert_eq!(c.found(), [("out-of-scope", "y"), ("out-of-scope", "z")]);
}

#[test]
fn a_name_bound_again_after_its_block_ended_is_in_scope() {
    effect("if true { let x = 1; draw x }\nlet x = 2\ndraw x").clean();
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
    - name: evening
abilities:
  - action: evening
    effect: oversee(count(towers))
cards:
  - id: envoy
    name: Envoy
    abilities:
      - when: start of evening
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

#[test]
fn a_name_spelled_like_a_pieces_plural_is_a_clash() {
    // `warriors` would be the pieces; the counter takes the spelling over.
    let c = game(&[("counters:\n", "counters:\n  warriors: { on: game }\n")]);
    let d = c.one("name-clash", "warriors");
    assert!(d.message.contains("also the plural of piece `warrior`"), "{}", d.message);
    assert_eq!(c.covers(&d.labels[1]), "warrior", "the piece is shown");
    // A declared plural counts too.
    game(&[("counters:\n", "counters:\n  mice: { on: game }\n")]).one("name-clash", "mice");
    // So does a zone named as an enum value's plural: `count(events in pile)` counted the
    // zone, never the event cards (a Splendor walkthrough's `nobles`). A counter beside the
    // value is a number, which `check` tells apart from a selection: no clash.
    let c = game(&[("zones:\n", "zones:\n  events: { per: game }\n")]);
    let d = c.one("name-clash", "events");
    assert!(d.message.contains("also the plural of `type` value `event`"), "{}", d.message);
    game(&[("counters:\n", "counters:\n  events: { on: game }\n")]).clean();
}

/// A parameter named `it`, `you` or `this` would hide the built-in name in the whole body
/// (inside a `where`, `it` would be the parameter, not the thing tested): refused.
#[test]
fn a_parameter_named_with_a_built_in_name_is_refused() {
    let c = game(&[(
        "    params: [p: player]\n    value: vp of p + 1",
        "    params: [it: player]\n    value: vp of it + 1",
    )]);
    assert_eq!(c.found(), [("reserved-name", "it")]);
    assert_eq!(c.diags[0].message, "parameter `it` is named with a built-in name, which it would hide");
}

/// A keyword's parameter named `it` hides the filter's `it` as a procedure's would.
#[test]
fn a_keyword_parameter_named_it_is_refused() {
    let c = game(&[(r#"  "Add[n]": add n pool"#, r#"  "Add[it]": add it pool"#)]);
    assert!(c.found().contains(&("reserved-name", "it")), "{:?}", c.found());
}

/// A `let` that ends its block binds what nothing reads; a name bound outside too is the
/// outer one after the block, and the player's answer is lost (a designer's walkthrough).
#[test]
fn a_let_that_ends_its_block_is_unread() {
    let c = effect("let c = 1\nif c == 1 {\n  let c = count(choose up to 2 cards in hand)\n}\ndraw c");
    c.one("unread-let", "c");
    assert!(c.helps()[0].as_deref().is_some_and(|h| h.contains("the one bound above")), "{:?}", c.helps());
    let c = effect("if true {\n  let n = 2\n}\ndraw 1");
    c.one("unread-let", "n");
    assert!(c.helps()[0].as_deref().is_some_and(|h| h.contains("drop the `let`")), "{:?}", c.helps());
    effect("let c = 1\nif c == 1 {\n  let c = 2\n  draw c\n}\ndraw c").clean();
}
