//! Syntax errors, each at its place in the YAML file, and type mismatches.

use super::*;

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
    assert_eq!(d.message, "argument `x` of `Exert` expects a selection of cards, pieces or spaces, found a number");
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

/// `scores:` reads `it` as each player, but the key of a `sum` inside it is each card:
/// the player's type reached into the key (a hostile-input hunt).
#[test]
fn the_key_of_a_sum_in_scores_is_each_thing_not_the_player() {
    let c = game(&[("  scores: vp of it", "  scores: vp of it + sum(cards in hand of it, cost of it)")]);
    c.clean();
    let c = game(&[("  scores: vp of it", "  scores: cost of it")]);
    assert_eq!(c.found(), [("type-mismatch", "it")]);
}

/// `count (cards in hand)`: the function's name and its bracket apart read as a count
/// named `count`; said as that, not as an unknown name and a comparison that never holds
/// (a designer's walkthrough).
#[test]
fn a_function_and_its_bracket_apart_is_said_as_such() {
    let c = effect("if count (cards in hand) == 2 { draw 1 }");
    assert_eq!(c.found(), [("spaced-call", "count")]);
    assert_eq!(
        c.helps(),
        [says("write `count(...)` with no space before the bracket: spaced, `count` reads as a count")]
    );
    // A name of the game's is a count as before.
    effect("let n = 1\nmove n (cards in hand) to deck").clean();
}

/// A syntax error whose replacement is sure carries it, for the editor's quick fix: a
/// misspelled statement word, an amount after its noun.
#[test]
fn a_sure_syntax_fix_is_carried_for_the_editor() {
    let c = effect("elminate you\ndraw 1");
    assert_eq!(c.diags[0].fix.as_deref().map(String::as_str), Some("eliminate"));
    let c = effect("add pool 2");
    assert_eq!(c.diags[0].fix.as_deref().map(String::as_str), Some("add 2 pool"));
}

/// A copy's label written in a script (`probe#2`, as logs and options show it) reads as
/// the card's id and a comment: `destroy b9#2` destroyed every copy, and `move b9#2 to
/// pile` said it needs a destination. It is named, with how to select one copy (a
/// designer's walkthrough). Only a card's or a piece's name is a label: `vp#2` is a
/// counter and a comment.
#[test]
fn a_label_in_a_script_is_named_not_read_as_a_comment() {
    for script in ["discard probe#2", "move probe#2 to deck", "if exists(warrior#12) { draw 1 }"] {
        let c = effect(script);
        assert_eq!(c.diags.len(), 1, "{script}");
        assert_eq!(c.diags[0].code, "twilit::label-in-script", "{script}");
    }
    let c = effect("discard probe#2");
    assert_eq!(
        c.helps(),
        [says("`probe` names every copy of the card; to name one copy, select it by its label: `first(cards where id of it == \"probe#2\")`")]
    );
    // In a string or a comment, a comment after a space, and a name that is no card or
    // piece, are what they were.
    effect("draw 1 # probe#2 is not meant\nif exists(cards in hand where id of it == \"probe#2\") { draw 1 }").clean();
    effect("draw 1 #2 more later").clean();
    effect("add 2 vp#2 vp: one a round").clean();
}

/// A binding spelled like a trigger pattern's verb (`places`, `moves`) after a count reads
/// as the verb: `choose 1 places` was a syntax error on the next line. The name is pointed
/// at, with the bracket that counts it (a designer's walkthrough).
#[test]
fn a_counted_name_spelled_like_a_verb_is_pointed_at() {
    let c = effect("let places = spaces\nlet chosen = choose 1 places\ndraw 1");
    assert_eq!(c.found(), [("syntax", "places")]);
    assert_eq!(c.at(0), (7, 31));
    assert_eq!(c.diags[0].fix.as_deref().map(String::as_str), Some("(places)"));
    effect("let places = spaces\nlet chosen = choose 1 (places)\ndraw 1").clean();
}

#[test]
fn reachable_takes_spaces_and_a_number_of_steps() {
    let c = effect(
        "let w = reachable(3, spaces)\nlet x = reachable(you, spaces, 1)\nlet y = reachable(w, spaces, hand)\n\
         let z = reachable(w)\nmove x to first(y or z)",
    );
    assert_eq!(
        c.found(),
        [("type-mismatch", "3"), ("type-mismatch", "you"), ("type-mismatch", "hand"), ("wrong-arity", "reachable(w)")]
    );
    let messages: Vec<_> = c.diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "argument 1 of `reachable` must be board spaces, found a number",
            "argument 1 of `reachable` must be board spaces, found a player",
            "argument 3 of `reachable` must be a number: the most steps, found a zone",
            "`reachable` takes 2 or 3 arguments, found 1",
        ]
    );
}

/// An id or a name with a space, a dash, or a digit first was accepted, though no script
/// can name it (a designer's walkthrough: `Salmon Nigiri`, `egg-roll`, `3rd`).
#[test]
fn a_name_no_script_can_write_is_reported_with_the_name_it_meant() {
    let c = cards("- { id: Salmon Nigiri, name: Salmon }\n- { id: egg-roll, name: Egg }\n- { id: 3rd, name: Third }\n");
    assert_eq!(c.found(), [("not-a-name", "Salmon Nigiri"), ("not-a-name", "egg-roll"), ("not-a-name", "3rd")]);
    assert_eq!(c.diags[0].message, "card id `Salmon Nigiri` is not a name, so no script can refer to it");
    assert_eq!(
        c.helps(),
        [
            Some("a name has letters, digits and `_` only: write `salmon_nigiri`".into()),
            Some("a name has letters, digits and `_` only: write `egg_roll`".into()),
            Some("a name starts with a letter or `_`: write `_3rd`".into()),
        ]
    );
    let c = game(&[("zones:\n", "zones:\n  \"my pile\": { per: game }\n")]);
    assert_eq!(c.found(), [("not-a-name", "\"my pile\"")]);
}
