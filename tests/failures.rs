//! The three kinds of failure (SCENARIOS.md 6): a refusal nobody expected, a failed
//! expectation and an error of the content are each labelled as what they are — in the
//! transcript, in `twilit test`'s line and diagnostic code, and in its JSON.

mod common;

use common::twilit;

#[test]
fn each_failure_says_which_kind_it_is_in_json() {
    let (code, out, _) = twilit(&["test", "tests/fixtures/failures", "--format", "json"]);
    assert_eq!(code, 1, "a failed scenario fails the run:\n{out}");
    let mut kinds: Vec<(String, String)> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("one JSON object per line"))
        .map(|v| {
            let kind = v.get("kind").and_then(|k| k.as_str()).unwrap_or("passed").to_string();
            (v["scenario"].as_str().expect("scenario name").to_string(), kind)
        })
        .collect();
    kinds.sort();
    let want = [
        ("error", "error"),
        ("expected_error", "passed"),
        ("failed", "failed"),
        ("failed_compound", "failed"),
        ("refused", "refused"),
        ("unmatched_error", "failed"),
    ];
    let want: Vec<(String, String)> = want.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    assert_eq!(kinds, want);
}

#[test]
fn each_failure_says_which_kind_it_is_in_transcripts_and_codes() {
    let (code, out, err) = twilit(&["test", "tests/fixtures/failures", "--transcript"]);
    assert_eq!(code, 1);
    assert!(out.contains("  error: division by zero"), "an error is logged as one:\n{out}");
    assert!(out.contains("  refused: cannot remove 1 coins"), "a refusal is logged as one:\n{out}");
    assert!(err.contains("twilit::runtime-error"), "{err}");
    assert!(err.contains("twilit::scenario-refused"), "{err}");
    assert!(err.contains("twilit::scenario-failed"), "{err}");
    insta::assert_snapshot!("failures_stdout", out);
    insta::assert_snapshot!("failures_stderr", err);
}

/// A failed `expect_actions` printed both lists only: with many actions the one missing
/// was hard to find (a designer's walkthrough). It now names what is not legal and what is
/// legal but not expected.
#[test]
fn a_failed_expect_actions_names_the_differences() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("table");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/table");
    common::copy_game(&src, &game);
    let scenario = "scenario: differences\ngame: table\nplayers: [{ name: alice }, { name: bob }]\n\
        setup:\n  - { put: [c1, c2], in: stock }\n  - { phase: turns }\nsteps:\n  \
        - act: { player: alice, use: draw }\n  \
        - expect_actions: { player: alice, actions: [play c1, play c2, use rest] }\n";
    std::fs::write(game.join("scenarios/differences.yaml"), scenario).expect("write");
    let path = game.join("scenarios/differences.yaml");
    let (code, out, _) = twilit(&["test", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("alice may: [play c1, use draw, use rest]; expected [play c1, play c2, use rest]"), "{out}");
    assert!(out.contains("; not legal now: play c2; legal but not expected: use draw"), "{out}");
    // An action written without its verb is said to need one (a walkthrough wrote `claim`),
    // by `check` before the scenario runs.
    let scenario = scenario.replace("[play c1, play c2, use rest]", "[play c1, draw, use rest]");
    std::fs::write(&path, scenario).expect("write");
    let (code, out, _) = twilit(&["test", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("`draw` names no action: it has no `play` or `use`"), "{out}");
    assert!(out.contains("did you mean `use draw`?"), "{out}");
}

/// A setup that asks a question (a scenario's `{ start: game }`) is answered by the
/// `choose` steps that open `steps:`; unanswered, the failure says how to answer it (a
/// designer's walkthrough: Hearts passes three cards in its setup).
#[test]
fn a_setup_question_says_how_a_scenario_answers_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("asks");
    std::fs::create_dir_all(game.join("scenarios")).expect("dirs");
    let yaml = "game: asks\nname: Asks\nplayers: { min: 2, max: 2 }\ncounters:\n  gold: { on: player, min: 0 }\n\
        setup: |\n  choose one {\n    \"rich\": add 2 gold\n    \"poor\": pass\n  }\n\
        turn:\n  phases:\n    - name: main\n";
    std::fs::write(game.join("game.yaml"), yaml).expect("game");
    let sc = "scenario: s\ngame: asks\nplayers: [{ name: alice }, { name: bob }]\nsetup:\n  - { start: game }\n\
        steps:\n  - choose: [rich]\n  - expect: gold of alice == 2\n";
    std::fs::write(game.join("scenarios/s.yaml"), sc).expect("scenario");
    let path = game.to_string_lossy().into_owned();
    let (code, out, err) = twilit(&["test", &path]);
    assert_eq!(code, 0, "{out}{err}");
    // A wrong answer fails at its `choose` step, as the scenario's mistake (not an error).
    std::fs::write(game.join("scenarios/s.yaml"), sc.replace("[rich]", "[rice]")).expect("scenario");
    let (code, out, _) = twilit(&["test", &path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("s.yaml:7:13) step 1 (failed): answer `rice` at step 1 is not an option"), "{out}");
    // Unanswered: the failure says where the answer goes.
    std::fs::write(game.join("scenarios/s.yaml"), sc.replace("  - choose: [rich]\n", "")).expect("scenario");
    let (code, out, _) = twilit(&["test", &path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("missing choice at step 0"), "{out}");
    assert!(out.contains("with `choose:` steps at the start of `steps:`, or with `choices: first`"), "{out}");
    // With `choices: first`, the setup takes the first option and the scenario runs.
    let answered = sc.replace("setup:", "choices: first\nsetup:").replace("  - choose: [rich]\n", "");
    std::fs::write(game.join("scenarios/s.yaml"), answered).expect("scenario");
    let (code, out, err) = twilit(&["test", &path]);
    assert_eq!(code, 0, "{out}{err}");
    // Options not as expected fail at that `choose` step too, and the transcript shows
    // what the setup did up to there (a walkthrough: only the header, and `step 0`).
    let among = sc.replace("[rich]", "{ pick: [rich], among: [rich, famous] }").replace("    \"poor\"", "");
    let yaml = yaml.replace("setup: |\n", "setup: |\n  add 1 gold to first(players)\n");
    std::fs::write(game.join("game.yaml"), yaml).expect("game");
    std::fs::write(game.join("scenarios/s.yaml"), among).expect("scenario");
    let (code, out, _) = twilit(&["test", &path, "--transcript"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("step 1 (failed): step 1 expects the options [famous, rich]"), "{out}");
    assert!(out.contains("setup, up to where it stopped:\n    alice: add 1 gold on alice (now 1)\n"), "{out}");
}

/// A run-time error as a scenario's game begins (a turn order read from a variable
/// nobody set) is the content's error, raised in the rules, as it is at any later step:
/// it was labelled a failed expectation, with no place in the rules (a designer's
/// walkthrough).
#[test]
fn an_error_as_the_game_begins_is_an_error_raised_in_the_rules() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("unset");
    std::fs::create_dir_all(game.join("scenarios")).expect("dirs");
    let yaml = "game: unset\nname: Unset\nplayers: { min: 2, max: 2 }\nvariables:\n  leader: { type: player }\n\
        turn:\n  order: clockwise from leader\n  phases:\n    - name: main\n";
    std::fs::write(game.join("game.yaml"), yaml).expect("game");
    let sc = "scenario: s\ngame: unset\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  - expect: true\n";
    std::fs::write(game.join("scenarios/s.yaml"), sc).expect("scenario");
    let path = game.to_string_lossy().into_owned();
    let (code, out, err) = twilit(&["test", &path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("step 0 (error): `order:` starts from `leader`, which is none: "), "{out}");
    assert!(out.contains("(set `leader` in `setup:`, or in a scenario's setup), raised at "), "{out}");
    assert!(out.contains("game.yaml:7:10"), "{out}");
    assert!(err.contains("twilit::runtime-error"), "{err}");
}

/// A budget that runs out is placed as a run-time error is: the file, line and column of
/// the script, in `setup:` too; a recursion names the procedures of the cycle, not what
/// called into it (a hostile-input hunt: no place was given, a setup's loop was said to be
/// "the action's own script", and `r` calling itself "opening, r call each other").
#[test]
fn a_spent_budget_names_its_place_and_its_cycle() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("loops");
    std::fs::create_dir_all(&game).expect("dir");
    let yaml = "game: loops\nname: Loops\nplayers: { min: 2, max: 2 }\nprocedures:\n  r:\n    script: |\n      r()\n  \
        opening:\n    script: |\n      r()\nsetup: |\n  SETUP\nturn:\n  phases:\n    - name: main\n      start: opening()\n";
    std::fs::write(game.join("game.yaml"), yaml.replace("SETUP", "pass")).expect("game");
    let path = game.to_string_lossy().into_owned();
    let (code, _, err) = twilit(&["play", &path]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("recursion budget (64) exceeded: r calls itself"), "{err}");
    assert!(err.contains("game.yaml:7:7]"), "{err}");
    std::fs::write(game.join("game.yaml"), yaml.replace("SETUP", "repeat 1000000000 { }")).expect("game");
    let (code, _, err) = twilit(&["play", &path]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the game's `setup:` failed: step budget (200000) exceeded (limit `steps`"), "{err}");
    assert!(err.contains("game.yaml:12:3]"), "{err}");
}

/// `next_game:` expects the match to go on or to be over: the other fails as an
/// expectation, and a game that is no match deals no next game.
#[test]
fn a_next_game_step_that_expects_the_other_fails() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("table");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/table");
    common::copy_game(&src, &game);
    let scenario =
        "scenario: over\ngame: table\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  - next_game: false\n";
    std::fs::write(game.join("scenarios/over.yaml"), scenario).expect("write");
    let (code, out, _) = twilit(&["test", game.join("scenarios/over.yaml").to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("step 1 (failed): expected the match to be over, but its `until:` does not hold"), "{out}");
    let goof = dir.path().join("goofspiel");
    common::copy_game(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel"), &goof);
    let scenario =
        "scenario: one\ngame: goofspiel\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  - next_game: true\n";
    std::fs::write(goof.join("scenarios/one.yaml"), scenario).expect("write");
    let (code, out, _) = twilit(&["test", goof.join("scenarios/one.yaml").to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("expected the match to deal the next game, but the game is no match"), "{out}");
}

/// A card whose play runs out of a budget while its legality is tried (a trigger that
/// feeds itself) is not hidden: the game stops with the error, as a run-time error stops
/// it (a designer's walkthrough: the card was silently never played, and `simulate`
/// counted no error).
#[test]
fn a_runaway_found_while_trying_an_action_stops_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("loopy");
    std::fs::create_dir_all(&game).expect("dir");
    let yaml = "game: loopy\nname: Loopy\nplayers: { min: 2, max: 2 }\nzones:\n  \
        hand: { per: player, visibility: owner, playable: true }\n  table_zone: { per: player, in_play: true }\n\
        counters:\n  actions: { on: player, min: 0 }\n  points: { on: player, min: 0 }\n\
        decks:\n  - { zone: hand, cards: all }\nplay: |\n  require you == active_player\n  move this to table_zone\n  \
        add 1 actions\nabilities:\n  - name: score_one\n    action: main\n    requires: you == active_player\n    \
        effect: |\n      add 1 points\n      end phase\nturn:\n  phases:\n    - name: main\n      \
        actions: active_player\n      can_pass: false\nend: exists(players where points of it >= 3)\n\
        result:\n  winners: players where points of it >= 3\n";
    std::fs::write(game.join("game.yaml"), yaml).expect("game");
    let cards = "- id: echo_village\n  name: Echo Village\n  abilities:\n    - when: you add actions\n      \
        effect: add 1 actions\n";
    std::fs::write(game.join("cards.yaml"), cards).expect("cards");
    let path = game.to_string_lossy().into_owned();
    for agent in ["random", "first"] {
        let (code, _, err) = twilit(&["play", &path, "--seed", "1", "--agent", agent]);
        assert_eq!(code, 1, "{agent}: {err}");
        assert!(err.contains("trigger budget (24) exceeded: echo_village"), "{agent}: {err}");
    }
    let (code, out, err) = twilit(&["simulate", &path, "--games", "3", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("\"failed\":3"), "{out}");
}

/// A scenario's `put:` respects a zone's `capacity:` as moves do: a table no whole game
/// can reach is the scenario's mistake, named at the thing that does not fit (a designer's
/// walkthrough put two workers on a space that holds one, and tested a state no game has).
#[test]
fn a_put_beyond_a_zones_capacity_fails_at_the_thing_that_does_not_fit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("run");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run");
    common::copy_game(&src, &game);
    let sc = "scenario: overfull\ngame: run\nplayers: [{ name: alice }, { name: bob }]\n\
        setup:\n  - { put: [gizmo, widget], in: shelf, of: alice }\nsteps:\n  - expect: true\n";
    std::fs::write(game.join("scenarios/overfull.yaml"), sc).expect("scenario");
    let path = game.join("scenarios/overfull.yaml");
    let (code, out, _) = twilit(&["test", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("overfull.yaml:5:20)"), "the span is the second thing's:\n{out}");
    assert!(out.contains("shelf of alice is full: its `capacity:` is 1; put fewer things in it"), "{out}");
    // One thing fits.
    std::fs::write(game.join("scenarios/overfull.yaml"), sc.replace("gizmo, widget", "gizmo")).expect("scenario");
    let (code, out, _) = twilit(&["test", path.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{out}");
}

/// A setup counter of a piece kind with none of it on the table says so (review: it read
/// "card `pawn` is not in this game").
#[test]
fn a_setup_counter_of_a_piece_kind_with_none_on_the_table_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("run");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run");
    common::copy_game(&src, &game);
    let sc = "scenario: none_here\ngame: run\nplayers: [{ name: alice }, { name: bob }]\n\
        setup:\n  - { counter: charge, of: pawn, set: 2 }\nsteps:\n  - expect: true\n";
    std::fs::write(game.join("scenarios/none_here.yaml"), sc).expect("scenario");
    let path = game.join("scenarios/none_here.yaml");
    let (code, out, _) = twilit(&["test", path.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no `pawn` is on the table to keep `charge`: put it there first"), "{out}");
}

/// `expect_result` reads `result:` as the game's end would once `end:` holds: a `losers:`
/// naming a winner is the error a whole game stops with, not a list quietly cut (a
/// designer's co-operative game passed its scenarios and stopped every real game).
#[test]
fn a_result_naming_a_winner_a_loser_fails_a_scenario_once_the_game_would_end() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("overlap");
    std::fs::create_dir_all(game.join("scenarios")).expect("dirs");
    let yaml = "game: overlap\nname: Overlap\nplayers: { min: 2, max: 2 }\ncounters:\n  done: { on: game, min: 0 }\n\
        abilities:\n  - name: finish\n    action: main\n    effect: add 1 done\n\
        turn:\n  phases:\n    - name: main\nend: done > 0\nresult:\n  winners: first(players)\n  losers: players\n";
    std::fs::write(game.join("game.yaml"), yaml).expect("game");
    let sc = "scenario: s\ngame: overlap\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  \
        - expect_result: { winners: [alice], losers: [bob] }\n  - act: { player: alice, use: finish }\n  \
        - expect_result: { winners: [alice], losers: [bob] }\n";
    std::fs::write(game.join("scenarios/s.yaml"), sc).expect("scenario");
    let path = game.to_string_lossy().into_owned();
    let (code, out, _) = twilit(&["test", &path]);
    assert_eq!(code, 1, "{out}");
    // Before the end the overlap is no error (the first step passes); once `end:` holds it is.
    assert!(out.contains("s.yaml:7:20) step 3 (error): `result:` gives alice as both a winner and a loser"), "{out}");
}

/// `expect_log` finds its lines in order: a line whose event came before the previous
/// line's is said to be out of order, and a first line that matches nothing is not said to
/// come "after the previous one" (a designer's walkthrough read of a previous line that
/// was not there).
#[test]
fn an_expect_log_line_out_of_order_is_said_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("failures");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/failures");
    common::copy_game(&src, &game);
    let scenario = |lines: &str| {
        format!(
            "scenario: order\ngame: failures\nplayers: [{{ name: alice }}, {{ name: bob }}]\nsteps:\n  \
             - act: {{ player: alice, script: \"add 2 coins\" }}\n  \
             - act: {{ player: bob, script: \"add 3 coins\" }}\n  \
             - expect_log: [{lines}]\n"
        )
    };
    let path = game.join("scenarios/failed.yaml");
    let run = |lines: &str| {
        std::fs::write(&path, scenario(lines)).expect("write");
        twilit(&["test", path.to_str().expect("utf-8")])
    };
    let (code, out, _) = run("\"add 3 coins on bob\", \"add 2 coins on alice\"");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "\"add 2 coins on alice\" is logged only before the event of \"add 3 coins on bob\": `expect_log` finds its \
             lines in order"
        ),
        "{out}"
    );
    // Both lines in one event: the second needs an event of its own after it.
    let (code, out, _) = run("\"add 2 coins\", \"on alice\"");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("\"on alice\" is in the event \"add 2 coins\" matched, and in none after it"), "{out}");
    let (code, out, _) = run("\"add 9 coins\"");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no event \"add 9 coins\" in the log") && !out.contains("previous"), "{out}");
    let (code, out, _) = run("\"add 2 coins on alice\", \"add 3 coins on bob\"");
    assert_eq!(code, 0, "{out}");
}
