//! `twilit scenario-from REPLAY [--at STEP]`: a saved game's step becomes a scenario that
//! sets the state before it up as data, takes the step and expects what it did. Made from
//! a replay of each bundled game, at several steps, it passes `twilit test` in a copy of
//! the game; broken, it fails.

mod common;

use std::path::Path;

use common::{copy_game, twilit};

/// Saves a replay of `game` (seed 5, at most `turns` turns) and copies the game beside it.
fn replay_and_copy(game: &str, turns: &str, dir: &Path) -> (String, std::path::PathBuf) {
    let saved = dir.join("replays");
    let saved = saved.to_str().expect("utf-8");
    let path = format!("cards/{game}");
    let args = ["simulate", &path, "--games", "1", "--seed", "5", "--turns", turns, "--save-replays", saved];
    let (code, _, err) = twilit(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let copy = dir.join(game);
    copy_game(&Path::new(env!("CARGO_MANIFEST_DIR")).join(&path), &copy);
    (format!("{saved}/{game}-5.json"), copy)
}

/// Makes the scenario of `step` (none: the default) and runs it; its text.
fn made_and_run(replay: &str, copy: &Path, step: Option<&str>) -> String {
    let file = copy.join("scenarios/from_replay.yaml");
    let file = file.to_str().expect("utf-8");
    let mut args = vec!["scenario-from", replay, "-o", file];
    if let Some(s) = step {
        args.extend(["--at", s]);
    }
    let (code, _, err) = twilit(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with(&format!("wrote step {}", step.unwrap_or(""))), "{err}");
    let (code, out, err) = twilit(&["test", file]);
    let text = std::fs::read_to_string(file).expect("written");
    assert_eq!(code, 0, "step {step:?} of {replay}:\n{out}{err}\n{text}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
    text
}

#[test]
fn a_step_of_every_bundled_game_becomes_a_passing_scenario() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (game, turns, steps) in [
        ("goofspiel", "1000", &["1", "7"][..]),
        ("crazy_eights", "1000", &["1", "30"]),
        ("lotr", "1000", &["4", "25", "60"]),
        ("root", "30", &["2", "29", "50", "71"]),
        ("ti4", "3", &["1", "39"]),
    ] {
        let (replay, copy) = replay_and_copy(game, turns, dir.path());
        let last = made_and_run(&replay, &copy, None);
        assert!(last.contains("steps:\n  - "), "{last}");
        // The last step of a game played to its end decided it (a turn limit ends none; in
        // LOTR the phase that closes the game moves the fellowship to its last site itself).
        assert_eq!(last.contains("  - expect_end: true\n"), turns == "1000" && game != "lotr", "{game}: {last}");
        for step in steps {
            let text = made_and_run(&replay, &copy, Some(step));
            // A counter set back to its start is no part of the state to state.
            assert!(!text.contains("counter: \"passes_in_a_row\", set: 0"), "{game} {step}: {text}");
            // A phase that closes with nothing to do logs only its end and the next start.
            let did = text.contains("expect_log: [") || text.contains("  - advance: ");
            assert!(text.contains("{ generator: ") && did, "{game} {step}: {text}");
            assert!(text.contains("random_agents: [\"p1\", \"p2\""), "{text}");
        }
    }
}

#[test]
fn the_made_scenario_is_the_state_and_the_step_and_fails_when_either_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (replay, copy) = replay_and_copy("goofspiel", "1000", dir.path());
    let text = made_and_run(&replay, &copy, Some("3"));
    insta::assert_snapshot!(text.replace(&replay, "REPLAY"));
    let file = copy.join("scenarios/from_replay.yaml");
    let file_s = file.to_str().expect("utf-8");
    // Without p1's hand, nobody can bid as in the game.
    let no_hand: String =
        text.lines().filter(|l| !l.contains("in: \"hand\", of: \"p1\"")).map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, no_hand).expect("write");
    let (code, out, _) = twilit(&["test", file_s]);
    assert_eq!(code, 1, "{out}");
    // Another round's bids (the step's answers) are not what the game did.
    let other = text.replacen("  - choose: [\"", "  - choose: [\"c13\"] #", 1);
    std::fs::write(&file, other).expect("write");
    let (code, out, _) = twilit(&["test", file_s]);
    assert_eq!(code, 1, "{out}");
}

#[test]
fn a_game_people_played_keeps_their_answers_undrawn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("bids.json");
    let file = file.to_str().expect("utf-8 path");
    let answers = "2\n".repeat(12);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(["play", "cards/goofspiel", "--human", "p1", "--seed", "4", "--save-replay", file])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("twilit starts");
    use std::io::Write;
    child.stdin.take().expect("stdin").write_all(answers.as_bytes()).expect("answers");
    child.wait_with_output().expect("twilit ends");
    let copy = dir.path().join("goofspiel");
    copy_game(&Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel"), &copy);
    let text = made_and_run(file, &copy, Some("5"));
    assert!(text.contains("random_agents: [\"p2\"]"), "{text}");
}

#[test]
fn a_step_out_of_range_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (replay, _) = replay_and_copy("goofspiel", "1000", dir.path());
    let (code, _, err) = twilit(&["scenario-from", &replay, "--at", "99"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("has steps 1 to 13") && err.contains("leave `--at` out for step 12"), "{err}");
    let (code, _, err) = twilit(&["scenario-from", "no-such-replay.json"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot read no-such-replay.json"), "{err}");
}

/// A game stopped by `--turns` ends with a close that opened no turn: no scenario can
/// replay it (its `advance:` would open the next turn and run its `start:`), so it is no
/// step. The last step of Goofspiel stopped after 2 turns is the first close.
#[test]
fn a_close_stopped_by_the_turn_limit_is_no_step() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (replay, copy) = replay_and_copy("goofspiel", "2", dir.path());
    let last = made_and_run(&replay, &copy, None);
    assert!(last.starts_with("# Made by `twilit scenario-from") && last.contains("--at 1`"), "{last}");
    let (code, _, err) = twilit(&["scenario-from", &replay, "--at", "2"]);
    assert_eq!(code, 2, "{err}");
    // A game of no turn has no step: said once, not as "steps 1 to 0".
    let (replay, _) = replay_and_copy("goofspiel", "0", dir.path());
    let (code, _, err) = twilit(&["scenario-from", &replay]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("has no step: no action was taken and no phase closed") && !err.contains("1 to 0"), "{err}");
}

/// A player who left the game is set up as out of it (`eliminate` in the setup script),
/// not only named in a note: the scenario of a later step then passes (a designer's
/// walkthrough: the turn went to the eliminated player and the made scenario failed).
#[test]
fn a_player_who_left_the_game_is_set_up_as_out_of_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("match_out");
    copy_game(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/match_out"), &copy);
    let replay = dir.path().join("r.json");
    let replay = replay.to_str().expect("utf-8");
    let game = copy.to_str().expect("utf-8");
    let (code, _, err) = twilit(&["play", game, "--seed", "1", "--save-replay", replay]);
    assert_eq!(code, 0, "{err}");
    let text = made_and_run(replay, &copy, Some("1"));
    assert!(text.contains("  - { script: \"eliminate p2\\nset active_player to p1\" }"), "{text}");
    assert!(!text.contains("out of the game"), "{text}");
}

/// An action that ends its phase (`end phase`) is one step with the close in a scenario:
/// its `act` closes the phase and opens the next, whose `start:` draws again. What it
/// expects is what the action and the close did (a designer's walkthrough: the deck was
/// expected as the action alone left it, and the made scenario failed).
#[test]
fn an_action_that_ends_its_phase_expects_what_the_close_did_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("closer");
    std::fs::create_dir_all(game.join("scenarios")).expect("dirs");
    let yaml = "game: closer\nname: Closer\nplayers: { min: 2, max: 2 }\nzones:\n  \
        deck: { per: game, ordered: true, visibility: hidden }\n  hand: { per: player, visibility: owner, playable: true }\n  \
        pile: { per: game }\ndecks:\n  - { zone: deck, cards: all }\nsetup: |\n  shuffle deck\nplay: |\n  \
        require you == active_player\n  move this to pile\n  draw 1 from deck into hand\n  end phase\n\
        turn:\n  phases:\n    - name: main\n      start: draw 1 from deck into hand\n      actions: active_player\n      \
        can_pass: false\nend: count(cards in pile) >= 5\nresult:\n  winners: players where count(cards in hand of it) == 0\n";
    std::fs::write(game.join("game.yaml"), yaml).expect("game");
    std::fs::write(game.join("cards.yaml"), "- { id: token, name: Token, copies: 14 }\n").expect("cards");
    let replay = dir.path().join("r.json");
    let replay = replay.to_str().expect("utf-8");
    let (code, _, err) = twilit(&["play", game.to_str().expect("utf-8"), "--seed", "1", "--save-replay", replay]);
    assert_eq!(code, 0, "{err}");
    for step in ["1", "3", "4", "10"] {
        made_and_run(replay, &game, Some(step));
    }
}

/// A response is written with the action it answers: a scenario's response answers the
/// step just before it, and has no reaction window to be used in. In seed 38 of the test
/// game with three players, `p2` (step 4) and then `p3` (step 5) answer `p1`'s play (step
/// 3) with an Echo. Step 4's scenario takes the play and the response and passes; step 5,
/// a second response to the same play, cannot be stated so and is refused.
#[test]
fn a_response_is_written_with_the_action_it_answers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("table");
    copy_game(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/table"), &copy);
    let replay = dir.path().join("r.json");
    let replay = replay.to_str().expect("utf-8");
    let args = ["play", copy.to_str().expect("utf-8"), "--seed", "38", "--players", "3", "--save-replay", replay];
    let (code, _, err) = twilit(&args);
    assert_eq!(code, 0, "{err}");
    let text = made_and_run(replay, &copy, Some("4"));
    let steps = text.split("steps:\n").nth(1).expect("steps");
    assert!(
        steps.starts_with(
            "  - act: { player: \"p1\", action: \"play c5#2\" }\n  - act: { player: \"p2\", action: \"use echo#4 (1)\" }\n  - expect_log: [\"p2: use ability of echo#4\""
        ),
        "{text}"
    );
    assert!(text.contains("the state before step 3 of that"), "{text}");
    let (code, out, err) = twilit(&["scenario-from", replay, "--at", "5"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("step 5 of") && err.contains("is a response to step 3 that came after another response"),
        "{err}"
    );
    assert!(err.contains("make a scenario of step 4"), "{err}");
}

/// The close that ended a game cannot be replayed: a scenario's game never ends, so its
/// `advance` went on into a next round that asked for a card from an empty hand, and the
/// made scenario failed with no word of it (two helpers' findings). The scenario is run
/// before it is given: it is written, and the failure said (exit code 1).
#[test]
fn a_made_scenario_that_fails_is_said_to() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (replay, _) = replay_and_copy("goofspiel", "1000", dir.path());
    let (_, _, err) = twilit(&["scenario-from", &replay, "--at", "999"]);
    let last: usize =
        err.split("has steps 1 to ").nth(1).and_then(|t| t.split_whitespace().next()?.parse().ok()).expect(&err);
    let (code, out, err) = twilit(&["scenario-from", &replay, "--at", &last.to_string()]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("steps:\n  - advance: "), "{out}");
    assert!(err.contains(&format!("warning: the scenario of step {last} fails when run: step ")), "{err}");
    assert!(err.contains(&format!("step {} is the last before the end", last - 1)), "{err}");
}

/// A step that knocks a player out expects it: the note in `expect_log` and who is still
/// in the game (a Risk walkthrough's scenario of a knock-out passed with `eliminate`
/// taken out of the rules).
#[test]
fn a_step_that_knocks_a_player_out_expects_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("left_window");
    copy_game(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/left_window"), &copy);
    std::fs::create_dir_all(copy.join("scenarios")).expect("scenarios");
    let replay = dir.path().join("r.json");
    let replay = replay.to_str().expect("utf-8");
    let game = copy.to_str().expect("utf-8");
    let (code, _, err) = twilit(&["play", game, "--seed", "1", "--players", "3", "--save-replay", replay]);
    assert_eq!(code, 0, "{err}");
    let text = made_and_run(replay, &copy, Some("2"));
    assert!(
        text.contains("\"p2: p2 leaves the game\"") && text.contains("  - expect: \"count(players) == 2\"\n"),
        "{text}"
    );
    // Without its `eliminate`, the rule fails the scenario made of it.
    let rules = copy.join("game.yaml");
    let g = std::fs::read_to_string(&rules).expect("game");
    std::fs::write(
        &rules,
        g.replace(
            "response: a player uses poked\n    requires: count(players) > 1\n    effect: eliminate you",
            "response: a player uses poked\n    requires: count(players) > 1\n    effect: pass",
        ),
    )
    .expect("written");
    let (code, out, _) = twilit(&["test", copy.join("scenarios/from_replay.yaml").to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
}
