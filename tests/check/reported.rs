//! Every problem is reported, and regressions this suite found, now fixed.

use super::*;

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
        "- id: probe\n  name: Probe\n  abilities:\n    - action: main\n      cost: |\n        if true { let x = 1; draw x }\n        draw 1\n      effect: |\n        draw 2\n        draw 3\n        draw 4\n        draw x\n",
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
    assert_eq!(c.helps()[0], says("give one argument for each of its parameters: `at_space`, `attacker`, `defender`"));
    // One with no parameters says so (the list was empty).
    let game = game_with(&[("procedures:\n", "procedures:\n  zero:\n    script: draw 1\n")]);
    let c = check(&[("game.yaml", &game), ("cards.yaml", &effect_card("zero(1)"))]);
    assert_eq!(c.helps(), [says("it takes no arguments: write its brackets empty")]);
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
        [("type-mismatch", "vp of first(players)"), ("type-mismatch", "speaker"), ("type-mismatch", "3")]
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

#[test]
fn a_board_spaces_attribute_cannot_be_modified_or_set() {
    let c = effect("set suit of c1 to rabbit");
    let d = c.one("fixed-attribute", "suit");
    assert_eq!(
        d.message,
        "a board space's `suit` is fixed: spaces' attributes never change, so `set` cannot change it"
    );
    // Spaces named by a filter, or by a value only spaces have, are spaces too.
    let c = effect("set suit of (spaces where suit == fox) to rabbit\nset suit of fox to rabbit");
    assert_eq!(c.found(), [("fixed-attribute", "suit"), ("fixed-attribute", "suit")]);
    let edited = game_with(&[("suit: { type: enum, values: [fox, rabbit] }", "slots: { type: number }")]);
    let edited = edited.replace("{ id: c1, suit: fox }", "{ id: c1, slots: 1 }");
    let edited = edited.replace("{ id: c2, suit: rabbit }", "{ id: c2, slots: 2 }");
    let c = check(&[("game.yaml", &edited), ("c.yaml", &effect_card("modify slots of c1 by +2"))]);
    c.one("fixed-attribute", "slots");
    // A card's value may change, whatever spaces have: a name cards have as well, or an
    // attribute's name set on a card.
    let shared = game_with(&[("suit: { type: enum, values: [fox, rabbit] }", "cost: { type: number }")]);
    let shared = shared.replace("{ id: c1, suit: fox }", "{ id: c1, cost: 1 }");
    let shared = shared.replace("{ id: c2, suit: rabbit }", "{ id: c2, cost: 2 }");
    check(&[("game.yaml", &shared), ("c.yaml", &effect_card("modify cost of this by +2"))]).clean();
    effect("set suit of this to rabbit").clean();
    // A counter on spaces of an attribute's name is a counter (the clash is warned apart).
    let g = game_with(&[("  wounds: { on: card, min: 0 }", "  wounds: { on: card, min: 0 }\n  heat: { on: space }")]);
    let g = g.replace(
        "suit: { type: enum, values: [fox, rabbit] }",
        "suit: { type: enum, values: [fox, rabbit] }\n    heat: { type: number, default: 0 }",
    );
    let c = check(&[("game.yaml", &g), ("c.yaml", &effect_card("add 1 heat to c1\nmodify heat of c1 by +1"))]);
    assert!(c.found().iter().all(|(code, _)| *code != "fixed-attribute"), "{}", c.rendered());
}

/// A `choose` in a condition (`requires:`, `end:`) asked a player while the game only
/// tested whether an ability could be used: the question came before the effect, and
/// scenarios failed on it (a designer's walkthrough). It is an error there, and still
/// allowed in an effect's `if` (`twilit::question-in-condition`).
#[test]
fn a_choose_in_a_condition_is_refused() {
    let c = cards(
        "- id: first\n  name: First\n  abilities:\n    - action: main\n      requires: exists(choose 1 card in hand)\n      effect: draw 1\n",
    );
    assert_eq!(c.found(), [("question-in-condition", "choose 1 card in hand")]);
    effect("if exists(choose 1 card in hand) { draw 1 }").clean();
    let c = game(&[("end: count(players where vp of it >= 10) > 0", "end: exists(choose 1 card in hand)")]);
    assert_eq!(c.found(), [("question-in-condition", "choose 1 card in hand")]);
}

/// A value procedure's call is of the kind its `value:` gives, and a `for each` over a
/// selection binds one thing: `check` passed each of these, which failed in play (a
/// designer's walkthroughs: `simultaneously as pot_value()`, `give(pot_value())` to a
/// player parameter, `score r` of a space).
#[test]
fn a_value_procedure_and_a_loops_thing_have_their_kinds() {
    let c = effect("for each p in bonus(you) { draw 1 }");
    assert_eq!(c.found(), [("type-mismatch", "bonus(you)")]);
    let c = effect("battle(c1, bonus(you), you)");
    assert_eq!(c.found(), [("type-mismatch", "bonus(you)")]);
    let c = effect("for each s in spaces { score s }");
    assert_eq!(c.found(), [("type-mismatch", "s")]);
    // A number where one is wanted, and a list's items (written, bound, picked by a
    // `table`), are what they were.
    effect("add (bonus(you)) vp\nfor each z in [hand, deck] { draw 1 from z }").clean();
    effect("let amounts = [1, 2, 3]\nfor each n in amounts { add n vp }").clean();
    effect("for each n in table round { 1: [1, 2], else: [3] } { add n vp }").clean();
    // A kind guessed from untyped parameters is no kind (`x or y` unites two selections),
    // and the value is read regrouped, as written inline.
    let procs = "procedures:\n  both:\n    params: [x, y]\n    value: x or y\n  spot:\n    value: zone of cards in market where cost of it > 0\n  tidy:\n    params: [\"z: zone\"]\n    script: shuffle z\n";
    let game = game_with(&[("procedures:\n", procs)]);
    let card = effect_card("add (count(both(cards in hand, cards in deck))) vp\ntidy(spot())");
    check(&[("game.yaml", &game), ("cards.yaml", &card)]).clean();
}

/// A negative amount of pieces (`remove -1 warrior at c1`) is one error: the sign also
/// asked the pieces to be a number, a second, wrong `type-mismatch` on the same text (a
/// designer's walkthrough).
#[test]
fn a_negative_amount_of_pieces_is_one_error() {
    let c = effect("remove -1 warrior at c1");
    assert_eq!(c.found(), [("negative-amount", "-1 warrior at c1")]);
    let c = effect("remove -1 vp");
    assert_eq!(c.found(), [("negative-amount", "-1 vp")]);
}

/// `set x to ...` of a `let` binding said to declare `x` in `variables:`, as if the name
/// were unknown: it says the binding keeps its value (a designer's walkthrough); so do a
/// parameter and a loop's name.
#[test]
fn setting_a_let_binding_says_it_keeps_its_value() {
    let c = effect("let loser = you\nset loser to none");
    assert_eq!(c.found(), [("unknown-variable", "loser")]);
    assert!(
        c.diags[0].message.contains("it is bound here (a `let`, a parameter or a loop's name)"),
        "{}",
        c.diags[0].message
    );
}
