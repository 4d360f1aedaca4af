//! Replays: `simulate --save-replays DIR` and `play --save-replay FILE` save what decides a
//! game; `twilit replay FILE` plays it again with the same bytes as the game itself.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::twilit;

#[test]
fn simulated_games_replay_byte_for_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    let saved = dir.path().to_str().expect("utf-8 path");
    for game in ["goofspiel", "crazy_eights", "lotr"] {
        let path = format!("cards/{game}");
        let (code, _, err) =
            twilit(&["simulate", &path, "--games", "2", "--seed", "11", "--save-replays", saved, "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        for seed in ["11", "12"] {
            let file = format!("{saved}/{game}-{seed}.json");
            let (code, replayed, err) = twilit(&["replay", &file]);
            assert_eq!(code, 0, "{game} {seed}: {err}");
            let (_, played, _) = twilit(&["play", &path, "--seed", seed]);
            assert_eq!(replayed, played, "{game} seed {seed}: the replay is the game");
            assert!(replayed.lines().last().is_some_and(|l| l.starts_with(&format!("seed {seed}: "))));
        }
    }
}

#[test]
fn a_game_people_played_replays_with_their_answers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("bids.json");
    let file = file.to_str().expect("utf-8 path");
    // Six bids, one taken back, then six more: the replay keeps the twelve that stood.
    let answers = format!("{}5\nundo\n{}", "2\n".repeat(6), "1\n".repeat(7));
    let mut child = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(["play", "cards/goofspiel", "--human", "p1", "--seed", "4", "--save-replay", file])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("twilit starts");
    child.stdin.take().expect("stdin").write_all(answers.as_bytes()).expect("answers");
    let out = child.wait_with_output().expect("twilit ends");
    let session = String::from_utf8_lossy(&out.stdout).into_owned();
    let result = session.lines().last().expect("a result").to_string();
    assert!(result.contains("in turn 13"), "{session}");
    let saved = std::fs::read_to_string(file).expect("the replay is written");
    assert!(saved.contains("\"humans\": [\n    \"p1\"\n  ]"), "{saved}");
    let (code, once, err) = twilit(&["replay", file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(once.lines().last(), Some(result.as_str()));
    let (_, twice, _) = twilit(&["replay", file]);
    assert_eq!(once, twice);
}

#[test]
fn a_broken_replay_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("broken.json");
    std::fs::write(&file, "{\"game\": \"cards/goofspiel\", \"seed\": 1}").expect("written");
    let (code, _, err) = twilit(&["replay", file.to_str().expect("utf-8")]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a replay: missing field `players`"), "{err}");
    let (code, _, err) = twilit(&["replay", "no/such/file.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such/file.json"), "{err}");
}

/// A game people quit before its end is saved too (it used to write no file and say
/// nothing): the replay is marked `stopped`, `replay` plays it up to where it was quit and
/// says so, and `scenario-from` makes a scenario of its last step.
#[test]
fn a_game_quit_before_the_end_is_saved_and_replays_up_to_there() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("quit.json");
    let file = file.to_str().expect("utf-8 path");
    let mut child = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(["play", "cards/goofspiel", "--human", "p1", "--seed", "4", "--save-replay", file])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("twilit starts");
    child.stdin.take().expect("stdin").write_all(b"2\n2\n2\nquit\n").expect("answers");
    let out = child.wait_with_output().expect("twilit ends");
    assert_eq!(out.status.code(), Some(0));
    let session = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(session.lines().last(), Some("seed 4: stopped before the end"), "{session}");
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(note.contains("the game stopped before its end, and so does the replay"), "{note}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("the replay is written")).expect("JSON");
    assert_eq!(saved["answers"], serde_json::json!([[1], [1], [1]]));
    assert_eq!(saved["stopped"], true);
    let (code, replayed, err) = twilit(&["replay", file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(replayed.lines().last(), Some("seed 4: stopped before the end"), "{replayed}");
    // The three bids the person made are in the log, and nothing after the fourth question.
    assert_eq!(replayed.matches("p1: choose 1 card from hand: ").count(), 3, "{replayed}");
    let (code, scenario, err) = twilit(&["scenario-from", file]);
    assert_eq!(code, 0, "{err}");
    assert!(scenario.contains("scenario: \"step "), "{scenario}");
}
