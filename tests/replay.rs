//! Replays: `simulate --save-replays DIR` and `play --save-replay FILE` save what decides a
//! game; `twilit replay FILE` plays it again with the same bytes as the game itself.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{twilit, twilit_in};

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
    assert!(err.contains("broken.json:1:38: not a replay: missing field `players`"), "{err}");
    assert!(err.contains("help: a replay is the JSON object `play --save-replay` writes"), "{err}");
    let (code, _, err) = twilit(&["replay", "no/such/file.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such/file.json"), "{err}");
    // In the replay's words, not the reader's types (`usize`, `struct Replay`).
    for (text, says) in [
        ("[]", ":1:2: not a replay: found a list, expected a JSON object"),
        (
            "{\"game\": \"g\", \"seed\": 1, \"players\": 2, \"turns\": 5000000000}",
            "expected a whole number from 0 to 4294967295",
        ),
        ("{\"game\": \"g\", \"seed\": 1, \"players\": -2}", "integer `-2`, expected a whole number, 0 or more"),
    ] {
        std::fs::write(&file, text).expect("written");
        let (code, _, err) = twilit(&["replay", file.to_str().expect("utf-8")]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says) && !err.contains("usize") && !err.contains("struct"), "{text}: {err}");
    }
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
    // The answer that was not there is no refusal (a walkthrough: the replay logged
    // `refused: input ended: the game stops here`, which the game never did).
    assert!(!replayed.contains("refused"), "{replayed}");
    let (code, scenario, err) = twilit(&["scenario-from", file]);
    assert_eq!(code, 0, "{err}");
    assert!(scenario.contains("scenario: \"seed_4_step_"), "{scenario}");
}

/// The `game` a replay file stores.
fn stored_game(file: &std::path::Path) -> String {
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("the replay is written")).expect("JSON");
    saved["game"].as_str().expect("a game path").to_string()
}

/// `play . --save-replay replay.json` stored `"game": "."`, which `replay` run from another
/// folder read as that folder (from `/`, the whole disk). The game is now stored from the
/// replay's own folder, so the replay plays the same game from anywhere.
#[test]
fn a_replay_finds_its_game_from_any_folder() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("game");
    common::copy_game(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel"), &game);
    let (code, played, err) = twilit_in(&game, &["play", ".", "--seed", "4", "--save-replay", "replay.json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stored_game(&game.join("replay.json")), ".");
    // From an empty folder, and from the one above the game (a folder that is no game).
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let file = game.join("replay.json");
    for cwd in [elsewhere.path(), tmp.path()] {
        let (code, replayed, err) = twilit_in(cwd, &["replay", file.to_str().expect("utf-8")]);
        assert_eq!(code, 0, "from {}: {err}", cwd.display());
        assert_eq!(replayed, played, "from {}", cwd.display());
    }
    // A replay saved in another folder names the game from there.
    std::fs::create_dir(tmp.path().join("replays")).expect("folder");
    let (code, _, err) = twilit_in(tmp.path(), &["play", "game", "--seed", "4", "--save-replay", "replays/r.json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stored_game(&tmp.path().join("replays/r.json")), "../game");
    let (code, replayed, err) =
        twilit_in(elsewhere.path(), &["replay", &tmp.path().join("replays/r.json").to_string_lossy()]);
    assert_eq!((code, replayed), (0, played), "{err}");
}

/// `simulate --save-replays` stored the game as typed too: each replay now names a path
/// that, read from the replay's folder, is the game.
#[test]
fn simulated_replays_name_their_game_from_their_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let saved = dir.path().join("replays");
    let saved_str = saved.to_str().expect("utf-8 path");
    let (code, _, err) =
        twilit(&["simulate", "cards/goofspiel", "--games", "1", "--seed", "3", "--save-replays", saved_str]);
    assert_eq!(code, 0, "{err}");
    let game = stored_game(&saved.join("goofspiel-3.json"));
    assert_ne!(game, "cards/goofspiel", "stored as typed");
    let found = std::fs::canonicalize(saved.join(&game)).expect("the stored path is the game");
    let real = std::fs::canonicalize(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel"));
    assert_eq!(found, real.expect("the game"));
}

/// A replay written before the game was stored from its folder names it from the folder
/// `play` ran in: read from the current directory when it is not beside the replay.
#[test]
fn an_old_replay_reads_its_game_from_the_current_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("old.json");
    std::fs::write(&file, "{\"game\": \"cards/goofspiel\", \"seed\": 5, \"players\": 2, \"turns\": 1000}")
        .expect("written");
    let (code, replayed, err) = twilit(&["replay", file.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    let (_, played, _) = twilit(&["play", "cards/goofspiel", "--seed", "5"]);
    assert_eq!(replayed, played);
}

/// A replay whose game directory holds no `game.yaml` (a folder of games, `/`) was loaded
/// whole: every game below it checked and its diagnostics printed (from `/`, 210,000 lines
/// in 12 s) before "must be one game directory". It is now a usage error at once, naming the
/// path, with nothing below it read; `scenario-from` reads replays the same way.
#[test]
fn a_replay_of_no_game_is_refused_before_anything_below_it_is_read() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let games = tmp.path().join("games");
    common::copy_game(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel"), &games.join("a"));
    std::fs::create_dir_all(games.join("broken")).expect("folder");
    std::fs::write(games.join("broken/game.yaml"), "game: broken\nplayers: nonsense\n").expect("written");
    let file = tmp.path().join("r.json");
    let text = serde_json::json!({ "game": games, "seed": 1, "players": 2, "turns": 10 }).to_string();
    std::fs::write(&file, text).expect("written");
    for command in ["replay", "scenario-from"] {
        let (code, out, err) = twilit(&[command, file.to_str().expect("utf-8")]);
        assert_eq!((code, out.as_str()), (2, ""), "{command}: {err}");
        assert!(err.contains(&format!("names the game directory {}", games.display())), "{command}: {err}");
        assert!(err.contains("there is no game.yaml in"), "{command}: {err}");
        assert!(!err.contains("twilit::") && !err.contains("broken"), "{command}: read below it: {err}");
    }
}

/// A replay is read as a game's files are: a device or a pipe is refused, and a file past
/// `file_bytes` is refused without reading it whole (`replay /dev/zero` filled memory).
#[test]
fn a_replay_that_is_no_regular_file_or_too_large_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let big = dir.path().join("big.json");
    let f = std::fs::File::create(&big).expect("created");
    f.set_len(40 << 20).expect("a sparse 40 MB file");
    let big = big.to_string_lossy().into_owned();
    for cmd in ["replay", "scenario-from"] {
        let (code, out, err) = twilit(&[cmd, "/dev/zero"]);
        assert_eq!((code, out.as_str()), (2, ""), "{cmd}: {err}");
        assert!(err.contains("/dev/zero is not a regular file"), "{err}");
        let (code, _, err) = twilit(&[cmd, &big]);
        assert_eq!(code, 2, "{cmd}: {err}");
        assert!(err.contains("is larger than 33554432 bytes"), "{err}");
    }
}

/// A hand-edited replay whose people or answers do not fit the game is refused, naming
/// the replay and the answer at fault: a seat the game lacks, answers with no person,
/// answers the game never asked for, an answer out of range. `scenario-from` refuses the
/// same file rather than make a scenario of another game, and never writes over its
/// replay (a hostile-input hunt: each passed, or was ignored, with exit code 0).
#[test]
fn replays_whose_people_or_answers_do_not_fit_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel");
    let write = |name: &str, humans: &str, answers: &[&str]| {
        let file = dir.path().join(name);
        let text = format!(
            "{{\"game\": {:?}, \"seed\": 1, \"players\": 2, \"turns\": 1000, \"humans\": [{humans}], \"answers\": [{}]}}",
            game.to_str().expect("utf-8"),
            answers.join(", ")
        );
        std::fs::write(&file, text).expect("written");
        file.to_str().expect("utf-8").to_string()
    };
    // Twelve bids: the thirteenth, of the one card left, is asked of nobody.
    let bids = vec!["[0]"; 12];
    let ok = write("ok.json", "\"p1\"", &bids);
    assert_eq!(twilit(&["replay", &ok]).0, 0);
    let f = write("p9.json", "\"p9\"", &bids);
    let (code, _, err) = twilit(&["replay", &f]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`humans` names `p9`, but the players are p1 to p2"), "{err}");
    let f = write("nobody.json", "", &bids);
    let (code, _, err) = twilit(&["replay", &f]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it has 12 answers but no `humans` to give them"), "{err}");
    let f = write("extra.json", "\"p1\"", &[bids.clone(), vec!["[0]"; 5]].concat());
    let (code, _, err) = twilit(&["replay", &f]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the game ended with 5 of the replay's 17 answers unused"), "{err}");
    let mut wrong = bids.clone();
    wrong[2] = "[99]";
    let f = write("wrong.json", "\"p1\"", &wrong);
    let (code, _, err) = twilit(&["replay", &f]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&format!("error: the replay {f} (seed 1): answer 3 of the replay, [99]: ")), "{err}");
    let (code, out, err) = twilit(&["scenario-from", &f]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("answer 3 of the replay, [99]"), "{err}");
    let (code, _, err) = twilit(&["scenario-from", &ok, "-o", &ok]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is the replay itself"), "{err}");
    assert!(std::fs::read_to_string(&ok).expect("kept").starts_with('{'), "the replay is kept");
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "{\"game\": \"\", \"seed\": 1, \"players\": 2, \"turns\": 10}").expect("written");
    let (code, _, err) = twilit(&["replay", empty.to_str().expect("utf-8")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("names no game directory (its `game` is empty)"), "{err}");
}

/// The scenario of the step whose phase's close ended the game expects nothing after
/// `-- end of game`: a scenario's game goes on, and its `when: end of game` abilities never
/// resolve there (a walkthrough's final scoring made every such scenario fail). Ended by
/// an `end game`, it ends the scenario's game too, and they are expected.
#[test]
fn the_scenario_of_the_last_step_expects_no_end_of_game_scoring_the_scenario_never_reaches() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: tally\nname: Tally\nplayers: { min: 2, max: 2 }\ncounters:\n  total: { on: game, min: 0 }\n  \
        bonus: { on: game, min: 0 }\nabilities:\n  - when: end of game\n    effect: add 10 bonus\n  - name: inc\n    \
        action: turn\n    effect: |\n      add 1 total\n      END\nturn:\n  phases:\n    - name: main\n      \
        actions: active_player\n      can_pass: false\nend: total >= 3\nresult:\n  winners: active_player\n";
    for (end, bonus) in [("end phase", false), ("if total >= 2 { end game }\n      end phase", true)] {
        std::fs::write(dir.path().join("game.yaml"), game.replace("END", end)).expect("game");
        let replay = dir.path().join("r.json");
        let (d, r) = (dir.path().to_str().expect("utf-8"), replay.to_str().expect("utf-8"));
        let (code, _, err) = twilit(&["play", d, "--save-replay", r]);
        assert_eq!(code, 0, "{err}");
        let (code, scenario, err) = twilit(&["scenario-from", r]);
        assert_eq!(code, 0, "{end}: {err}\n{scenario}");
        assert_eq!(scenario.contains("add 10 bonus"), bonus, "{end}: {scenario}");
    }
}
