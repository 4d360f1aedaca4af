//! Unknown names, one code each, with the did-you-mean; wrong arity, scope and unpayable costs.

use super::*;

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
    // `set X of` sets a property or a counter: both are named, and both are looked near.
    assert_eq!(c.diags[1].message, "unknown property or counter `colour`");
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
    assert_eq!(c.diags[0].help.as_deref(), Some("give one argument for each of its parameters: `n`"));
    insta::assert_snapshot!("wrong_arity", c.rendered());
}

#[test]
fn out_of_scope_points_at_the_use_and_at_the_binding() {
    let c = effect("if true { let x = 1; draw x }\ndraw x");
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
    assert_eq!(
        c.diags[0].message,
        "`vp` is kept on players (`on: player`), not on a selection of cards, pieces or spaces"
    );
    let faction = "faction: east\nname: East\nabilities:\n  - action: main\n    effect: |\n      add 1 wounds to this\n      add 1 vp to this\n";
    let c = check(&[("game.yaml", GAME), ("f.yaml", faction)]);
    c.one("wrong-holder", "this");
    assert_eq!(c.diags[0].message, "`wounds` is kept on cards (`on: card`), not on a player");
}

#[test]
fn two_scenario_players_of_one_name_are_a_duplicate() {
    let c = scenario("scenario: s\ngame: g\nplayers: [{ name: alice }, { name: bob }, { name: alice }]\n");
    let d = c.one("duplicate-id", "alice");
    assert_eq!(c.at(0), (3, 51), "the second alice");
    assert_eq!(c.covers(&d.labels[1]), "alice");
}

#[test]
fn a_game_ability_named_where_a_procedure_belongs_is_told_so() {
    let g =
        game_with(&[("keywords:\n", "abilities:\n  - name: rally\n    action: main\n    effect: draw 1\nkeywords:\n")]);
    let card = "- id: herald\n  name: Herald\n  abilities:\n    - when: a player uses rally\n      effect: draw 1\n";
    let c = check(&[("game.yaml", &g), ("c.yaml", card)]);
    let d = c.one("unknown-procedure", "rally");
    assert_eq!(d.message, "`rally` is a game ability, not a procedure");
    assert!(d.help.as_deref().unwrap().contains("let `rally`'s effect call one"), "{:?}", d.help);
}

/// A zone or counter named in a YAML field is read by its declared name at run time, so
/// the plural that scripts accept (`cards in hands`) fails in play there: `check` says so.
#[test]
fn a_plural_in_a_yaml_name_field_is_unknown() {
    let c = game(&[("  draw_from: deck", "  draw_from: decks")]);
    let d = c.one("unknown-zone", "decks");
    assert_eq!(d.help, dym("deck"));
    let c = scenario(
        "scenario: s\ngame: g\nplayers:\n  - { name: alice }\n  - { name: bob }\n\
         setup:\n  - { put: [], in: hands, of: alice }\n  - { counter: pools, set: 2 }\n",
    );
    assert_eq!(c.found(), [("unknown-zone", "hands"), ("unknown-counter", "pools")]);
    assert_eq!(c.helps(), [dym("hand"), dym("pool")]);
}

/// A procedure named as a value without its brackets (`goal` for `goal()`): at run time
/// it is its own name, and `check` passed it (a designer's walkthrough).
#[test]
fn a_procedure_named_without_a_call_is_reported() {
    let c = effect("if vp of you >= bonus { draw 1 }\nlet b = battle");
    assert_eq!(c.found(), [("uncalled-procedure", "bonus"), ("uncalled-procedure", "battle")]);
    assert_eq!(c.helps(), [says("call it: `bonus(...)`"), says("call it: `battle(...)`")]);
    effect("if vp of you >= bonus(you) { draw 1 }\nforbid opponents to battle").clean();
}

/// A phase (or step) named like a procedure is a symbol where a phase is compared
/// (`phase == battle`): not an uncalled procedure (review).
#[test]
fn a_phase_named_like_a_procedure_is_no_uncalled_procedure() {
    let g = game_with(&[("    - name: dark\n", "    - name: dark\n    - name: battle\n")]);
    let c = check(&[("game.yaml", &g), ("cards.yaml", &effect_card("require phase == battle else \"not now\""))]);
    assert!(!c.found().iter().any(|(code, _)| *code == "uncalled-procedure"), "{:?}", c.found());
    // Without the phase, the same name is the procedure, uncalled.
    let c = check(&[("game.yaml", GAME), ("cards.yaml", &effect_card("require phase == battle else \"not now\""))]);
    assert!(c.found().contains(&("uncalled-procedure", "battle")), "{:?}", c.found());
}

/// `roll d8` where the game has `d6`: the did-you-mean offered a loop's variable named
/// `d`; what follows `roll` is a die, and only dice are offered (a designer's walkthrough).
#[test]
fn an_unknown_die_offers_the_dice() {
    let c = effect("for each d in players { add (roll d8) vp to d }");
    assert_eq!(c.found(), [("unknown-die", "d8")]);
    assert_eq!(c.helps(), [says("did you mean `d6`?")]);
}

/// A procedure named like an earlier definition (an enum value) is hidden by it; its call
/// said "unknown procedure", with no word of the clash. It says which name won (a
/// designer's walkthrough); a call of a zone that no procedure shares is as before.
#[test]
fn a_call_of_a_hidden_procedure_names_what_hides_it() {
    let procs = "procedures:\n  rabbit:\n    script: draw 1\n";
    let game = game_with(&[("procedures:\n", procs)]);
    let c = check(&[("game.yaml", &game), ("cards.yaml", &effect_card("rabbit()"))]);
    assert_eq!(c.found(), [("unknown-procedure", "rabbit"), ("name-clash", "rabbit")]);
    assert_eq!(c.diags[0].message, "`rabbit` is a property value here, not a procedure");
    let c = effect("hand()");
    assert_eq!(c.one("unknown-procedure", "hand").message, "unknown procedure or function `hand`");
}

/// A misspelt player in a scenario's `expect:` (`carol` where the players are alice and
/// bob) was told to define the name in game.yaml: the help names the players (a
/// designer's walkthrough). A near name still gets its did-you-mean.
#[test]
fn an_unknown_name_in_an_expectation_names_the_players() {
    let c = scenario(
        "scenario: s\ngame: g\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  - expect: vp of carol == 0\n",
    );
    assert_eq!(c.found(), [("unknown-name", "carol")]);
    assert_eq!(
        c.helps(),
        [says("the scenario's players are alice, bob; any other name is defined in the game's files")]
    );
    let c = scenario(
        "scenario: s\ngame: g\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  - expect: vp of alise == 0\n",
    );
    assert_eq!(c.helps(), [says("did you mean `alice`?")]);
}

/// `in` or `from` a name that is no zone (an enum value's plural, once the zone of that
/// name was renamed) says so, and names the zone called after it (a walkthrough: a bare
/// "expected a zone or a player, found a value").
#[test]
fn in_a_name_that_is_no_zone_suggests_the_zone_named_after_it() {
    let c = effect("move 1 card in events to hand");
    let d = c.one("type-mismatch", "events");
    assert_eq!(d.help.as_deref(), Some("`events` is no zone: `in` and `from` take a zone (or a player)"));
    let c = game(&[("  market: { per: game }", "  market: { per: game }\n  event_pile: { per: game }")]);
    c.clean();
    let card = effect_card("move 1 card in events to hand");
    let c = check(&[
        (
            "game.yaml",
            &game_with(&[("  market: { per: game }", "  market: { per: game }\n  event_pile: { per: game }")]),
        ),
        ("cards.yaml", &card),
    ]);
    let d = c.one("type-mismatch", "events");
    assert_eq!(d.help.as_deref(), Some("`events` is no zone: did you mean `event_pile`?"));
}
