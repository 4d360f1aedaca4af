//! Who plays which faction. `play` hands the factions out in file order; `simulate` used to
//! as well, so the first faction always sat in `p1` and seat win rates were faction win
//! rates. Each simulated game is now seated from its own seed (`simulate::seating`), every
//! faction taking every seat equally often, and replays record the seats.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use common::twilit;
use twilit::diag::SourceMap;
use twilit::interp::Rules;
use twilit::scenario::Seating;
use twilit::simulate::seating;

fn rules_of(rel: &str) -> Rules {
    let mut sources = SourceMap::default();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let (mut lib, diags) = twilit::load::load_paths(&[dir], &mut sources);
    assert!(diags.is_empty(), "{rel}: {diags:?}");
    Rules::compile(&lib.games.remove(0)).expect("compiles")
}

/// A game of `factions` factions (`f1`, `f2`...) for up to `max` players.
fn game_with_factions(factions: usize, max: usize) -> Rules {
    let game = format!(
        "game: g\nname: G\nplayers: {{ min: 2, max: {max} }}\nturn:\n  phases:\n    - name: main\n      actions: none\nend: turn > 1\n"
    );
    let files: Vec<(String, String)> = std::iter::once(("game.yaml".to_string(), game))
        .chain((1..=factions).map(|i| (format!("f{i}.yaml"), format!("faction: f{i}\nname: F{i}\n"))))
        .collect();
    let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let (bundle, diags) = twilit::load::load_bundle(Path::new("g"), &files, &mut SourceMap::default());
    assert!(diags.is_empty(), "{diags:?}");
    Rules::compile(&bundle).expect("compiles")
}

/// How many times each (seat, faction) pair sits over `seeds`.
fn counts(rules: &Rules, players: usize, seeds: std::ops::Range<u64>) -> BTreeMap<(usize, Option<String>), u64> {
    let mut n = BTreeMap::new();
    for seed in seeds {
        for (s, f) in seating(rules, players, seed).factions(rules).into_iter().enumerate() {
            *n.entry((s, f)).or_insert(0) += 1;
        }
    }
    n
}

#[test]
fn every_faction_takes_every_seat_equally_often() {
    let root = rules_of("cards/root");
    // Root: 2 factions for 2 to 4 players; a game of 4 factions for 2 to 6 players.
    let four = game_with_factions(4, 6);
    for (rules, players) in [(&root, 2), (&root, 3), (&root, 4), (&four, 2), (&four, 3), (&four, 4), (&four, 6)] {
        let n = rules.factions.len().max(players) as u64;
        // Over whole blocks of n seeds, exactly as often; from any first seed, off by at most
        // one game at each end of the run.
        let exact = counts(rules, players, 3 * n..13 * n);
        let faction_seats = exact.iter().filter(|((_, f), _)| f.is_some());
        assert_eq!(faction_seats.clone().count(), rules.factions.len() * players, "{players}: {exact:?}");
        assert!(faction_seats.clone().all(|(_, &c)| c == 10), "{players} players: {exact:?}");
        let any = counts(rules, players, 5..5 + 20 * n);
        assert!(any.iter().filter(|((_, f), _)| f.is_some()).all(|(_, &c)| c.abs_diff(20) <= 2), "{any:?}");
    }
}

/// With fewer seats than factions, a rotation of the file's list alone would seat only
/// neighbours in it together (f1 would never meet f3): every pair meets.
#[test]
fn every_pair_of_factions_meets() {
    let rules = game_with_factions(4, 2);
    let met: BTreeSet<Vec<Option<String>>> = (0..64)
        .map(|seed| {
            let mut table = seating(&rules, 2, seed).factions(&rules);
            table.sort();
            table
        })
        .collect();
    assert_eq!(met.len(), 6, "{met:?}");
}

/// A game without factions is seated as `play` seats it, for every seed: its simulation
/// is the one it was.
#[test]
fn a_game_without_factions_is_seated_as_before() {
    let rules = rules_of("cards/goofspiel");
    assert!((0..10).all(|seed| seating(&rules, 2, seed) == Seating::InFileOrder(2)));
}

/// The replays of a simulation record each game's seats; `replay` and `scenario-from` play
/// the game at them, and `play --seed S --factions ...` is the same game.
#[test]
fn simulated_replays_keep_their_seats() {
    let dir = tempfile::tempdir().expect("temp dir");
    let saved = dir.path().to_str().expect("utf-8");
    let args = ["simulate", "cards/root", "--players", "3", "--games", "4", "--turns", "2", "--save-replays", saved];
    let (code, _, err) = twilit(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let rules = rules_of("cards/root");
    let mut firsts = BTreeSet::new();
    for seed in 1..=4u64 {
        let file = format!("{saved}/root-{seed}.json");
        let r: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("JSON");
        let seats = seating(&rules, 3, seed).factions(&rules);
        assert_eq!(r["factions"], serde_json::json!(seats), "seed {seed}");
        firsts.insert(seats[0].clone());
        let list: Vec<&str> = seats.iter().map(|f| f.as_deref().unwrap_or("-")).collect();
        let (code, replayed, err) = twilit(&["replay", &file]);
        assert_eq!(code, 0, "{err}");
        let seed = seed.to_string();
        let (code, played, err) =
            twilit(&["play", "cards/root", "--seed", &seed, "--turns", "2", "--factions", &list.join(",")]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(replayed, played, "seed {seed}: the replay is the game at its seats");
        let (code, scenario, err) = twilit(&["scenario-from", &file, "--at", "3"]);
        assert_eq!(code, 0, "{err}");
        for (p, f) in seats.iter().enumerate() {
            let line = match f {
                Some(f) => format!("  - {{ name: \"p{}\", faction: \"{f}\" }}", p + 1),
                None => format!("  - {{ name: \"p{}\" }}", p + 1),
            };
            assert!(scenario.contains(&line), "seed {seed}: {line}\n{scenario}");
        }
    }
    assert!(firsts.len() > 1, "p1 plays the same faction in every game: {firsts:?}");
}

/// A replay saved before seats were recorded (no `factions`) was played with the factions
/// in file order, as `play` hands them out: it still plays so.
#[test]
fn a_replay_without_seats_plays_the_factions_in_file_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("old.json");
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/root");
    let text = serde_json::json!({ "game": game, "seed": 7, "players": 3, "turns": 2 }).to_string();
    std::fs::write(&file, text).expect("written");
    let (code, replayed, err) = twilit(&["replay", file.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    let (_, played, _) = twilit(&["play", "cards/root", "--seed", "7", "--players", "3", "--turns", "2"]);
    assert_eq!(replayed, played);
}

/// `simulate` gives the same numbers for any `--jobs` with the seats varying too.
#[test]
fn seated_simulations_do_not_depend_on_the_threads() {
    let args = ["simulate", "cards/root", "--players", "4", "--games", "6", "--turns", "3", "--format", "json"];
    let (code, one, err) = twilit(&[&args[..], &["--jobs", "1"]].concat());
    assert_eq!(code, 0, "{err}");
    let (_, two, _) = twilit(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(one, two);
}

/// `play --factions` seats the factions as listed; a list that does not fit the game is a
/// usage error naming why, and so is a replay whose seats do not.
#[test]
fn factions_that_do_not_fit_the_game_are_a_usage_error() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["cards/root", "--factions", "marquise_de_kat,-"],
            "root has no faction `marquise_de_kat`; did you mean `marquise_de_cat`?",
        ),
        (
            &["cards/root", "--factions", "marquise_de_cat,marquise_de_cat"],
            "the faction `marquise_de_cat` sits at two seats",
        ),
        (
            &["cards/root", "--factions", "marquise_de_cat,-", "--players", "3"],
            "`--factions` seats 2 players and `--players` asks for 3",
        ),
        (
            &["cards/root", "--factions", "marquise_de_cat,,-"],
            "has an empty entry: write `-` for a seat with no faction",
        ),
        (&["cards/root", "--factions", "-,-,-,-,-"], "root is played by 2 to 4 players, not 5"),
        (&["cards/goofspiel", "--factions", "cats,-"], "goofspiel has no faction `cats`; it has none"),
    ];
    for (args, want) in cases {
        let (code, out, err) = twilit(&[&["play"], args, &["--turns", "0"]].concat());
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    let (code, out, err) = twilit(&["play", "cards/root", "--factions", "-,twilight_council,-", "--turns", "0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("p2: use council_setup") && !out.contains("marquise_setup"), "{out}");
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("bad.json");
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/root");
    let bad = serde_json::json!({ "game": game, "seed": 7, "players": 2, "turns": 2, "factions": ["cats", null] });
    std::fs::write(&file, bad.to_string()).expect("written");
    let (code, _, err) = twilit(&["replay", file.to_str().expect("utf-8")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not fit its game: root has no faction `cats`"), "{err}");
}

/// A failed game's message gives the command that plays it again, its seats included: the
/// fixture fails only with `proud` in `p1`, which file order never seats.
#[test]
fn a_failed_game_is_replayed_by_the_command_its_message_gives() {
    let game = "tests/fixtures/fragile_factions";
    let (code, _, err) = twilit(&["simulate", game, "--games", "8", "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    let (_, command) = err.split_once("replay the first with `").expect("a command to replay it");
    let command = command.split('`').next().expect("the command");
    let seed = (command.strip_prefix(&format!("twilit play {game} --seed ")))
        .and_then(|rest| rest.strip_suffix(" --factions proud,humble"))
        .unwrap_or_else(|| panic!("{command}"));
    let args: Vec<&str> = command.split(' ').skip(1).collect();
    let (code, _, err) = twilit(&args);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&format!("seed {seed}: division by zero")), "{err}");
    // Without the seats, `play` seats the factions in file order: another game.
    let (code, _, err) = twilit(&["play", game, "--seed", seed]);
    assert_eq!(code, 0, "{err}");
}

/// `play` says which faction each seat plays, first: with seats that change from game to
/// game (and `--factions`), the log's lines name the seats only. A game without factions
/// prints no such line.
#[test]
fn play_names_each_seats_faction_first() {
    let (code, out, err) =
        twilit(&["play", "cards/root", "--turns", "0", "--factions", "twilight_council,-,marquise_de_cat"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("seats: p1 twilight_council, p2 (no faction), p3 marquise_de_cat"), "{out}");
    let (_, out, _) = twilit(&["play", "cards/goofspiel", "--turns", "0"]);
    assert!(!out.contains("seats:"), "{out}");
}
