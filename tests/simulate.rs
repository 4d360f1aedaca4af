//! `twilit simulate`, run in process through `twilit::cli::run`: the JSON summary is the
//! same byte for byte whatever the thread count and its numbers add up; CSV has its header
//! and a row per seat; the HTML report is self-contained, and the same whatever the thread count; usage errors exit 2; games
//! stopped by a run-time error are counted and their seeds listed (exit 1); per-card plays
//! match the `Play` events of the same games. (Wilson and quantiles: unit tests in
//! src/simulate/stats.rs.)

mod common;

use std::path::PathBuf;

use common::{crate_path as dir, in_process as twilit};
use serde_json::Value;
use twilit::diag::SourceMap;
use twilit::engine::{EventKind, Kind};
use twilit::interp::Rules;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn json_is_the_same_for_any_thread_count_and_adds_up() {
    let goof = dir("cards/goofspiel");
    let one = twilit(&["simulate", &goof, "--games", "300", "--format", "json", "--jobs", "1"]);
    let two = twilit(&["simulate", &goof, "--games", "300", "--format", "json", "--jobs", "2"]);
    assert_eq!(one.0, 0, "{}", one.2);
    assert_eq!(two.0, 0, "{}", two.2);
    assert_eq!(one.1, two.1, "--jobs 1 and --jobs 2 differ");
    assert_eq!(one.1.lines().count(), 1, "one JSON object on one line");
    assert!(one.2.is_empty() && two.2.is_empty(), "nothing on stderr in JSON mode: {}", one.2);
    let j: Value = serde_json::from_str(&one.1).unwrap();
    assert_eq!(j["games"], 300);
    assert_eq!(j["failed"], 0);
    assert_eq!(j["unfinished"], 0);
    assert_eq!(j["ended"], 300);
    assert_eq!(j["length"]["median"], 13.0, "Goofspiel has 13 rounds");
    let seats = j["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    let mut wins = 0;
    for s in seats {
        let n = |k: &str| s[k].as_u64().unwrap();
        assert_eq!(n("wins") + n("losses") + n("draws") + n("unfinished"), n("games"), "{s}");
        assert_eq!(n("games"), 300);
        assert_eq!(n("draws"), j["draws"].as_u64().unwrap(), "a draw is a draw for every seat");
        // Draws are not wins, so the win rate's fair value is (1 - draws) / 2; among the
        // games somebody won, it is 1/2.
        let (low, high) = (s["decisive_low"].as_f64().unwrap(), s["decisive_high"].as_f64().unwrap());
        assert!(low < 0.5 && 0.5 < high, "a fair game's decisive interval holds 1/2: {s}");
        let decisive = n("wins") as f64 / (n("wins") + n("losses")) as f64;
        assert!((s["decisive"].as_f64().unwrap() - decisive).abs() < 1e-4, "{s}");
        assert!(s["low"].as_f64().unwrap() <= s["rate"].as_f64().unwrap());
        assert!(s["rate"].as_f64().unwrap() <= s["high"].as_f64().unwrap());
        assert!((s["rate"].as_f64().unwrap() - n("wins") as f64 / 300.0).abs() < 1e-4);
        wins += n("wins");
    }
    // Goofspiel has one winner or a draw: p1's wins are p2's losses.
    assert_eq!(seats[0]["wins"], seats[1]["losses"]);
    assert_eq!(wins + j["draws"].as_u64().unwrap(), 300);
    assert_eq!(j["scores"].as_array().unwrap().len(), 2);
}

#[test]
fn csv_has_its_header_and_a_row_per_seat() {
    let (code, out, err) = twilit(&["simulate", &dir("cards/goofspiel"), "--games", "20", "--format", "csv"]);
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    let header = lines.next().unwrap();
    assert_eq!(header, "section,key,games,n,wins,draws,rate,low,high,plays,mean,median,p95,min,max,message");
    let width = header.split(',').count();
    let rows: Vec<&str> = lines.collect();
    for r in &rows {
        assert_eq!(r.split(',').count(), width, "every row has every column: {r}");
    }
    let seats: Vec<&&str> = rows.iter().filter(|r| r.starts_with("seat,")).collect();
    assert_eq!(seats.len(), 2, "{out}");
    assert!(seats[0].starts_with("seat,p1,20,20,") && seats[1].starts_with("seat,p2,20,20,"), "{out}");
    assert!(rows.contains(&"outcome,games,20,,,,,,,,,,,,,"), "{out}");
    // The decisive rows count the games somebody won: p1's wins and p2's, draws aside.
    let draws: u64 =
        rows.iter().find_map(|r| r.strip_prefix("outcome,draws,")?.split(',').next()?.parse().ok()).unwrap();
    let decisive: Vec<&&str> = rows.iter().filter(|r| r.starts_with("seat_decisive,")).collect();
    assert_eq!(decisive.len(), 2, "{out}");
    for r in decisive {
        let n: u64 = r.split(',').nth(3).unwrap().parse().unwrap();
        assert_eq!(n, 20 - draws, "{r}");
    }
}

#[test]
fn the_report_is_one_self_contained_page_with_charts() {
    let path = std::env::temp_dir().join(format!("twilit-simulate-{}.html", std::process::id()));
    let file = path.display().to_string();
    let (code, out, err) =
        twilit(&["simulate", &dir("cards/crazy_eights"), "--players", "3", "--games", "8", "--report", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("win rate by seat"), "{out}");
    let page = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(page.matches("<svg").count() >= 6, "length, seats, three score histograms, two card charts");
    for title in ["<h2>Game length</h2>", "<h2>Win rate by seat</h2>", "<h2>Scores</h2>", "<h2>Cards</h2>"] {
        assert!(page.contains(title), "no {title}");
    }
    assert!(page.contains("Wilson") && page.contains("not a win"), "the page says what the intervals are");
    let outside: Vec<&str> = page
        .match_indices("http")
        .map(|(i, _)| &page[i..(i + 30).min(page.len())])
        .filter(|s| !s.starts_with("http://www.w3.org/2000/svg\""))
        .collect();
    assert!(outside.is_empty(), "external references: {outside:?}");
    assert!(!page.contains("<script") && !page.contains("src="), "no script, nothing loaded");
    assert!(
        page.contains("the red line marks the fair share, one game in 3"),
        "a fair share for a game against each other"
    );
}

/// A co-operative table's report says its own win rate, and draws no seat's fair share:
/// every seat won and lost the same games (a co-op walkthrough read "the red line marks the
/// fair share, one game in 2" under two identical bars).
#[test]
fn a_cooperative_report_says_the_tables_win_rate_and_no_fair_share() {
    let dir_ = tempfile::tempdir().expect("temp dir");
    let file = dir_.path().join("coop.html").display().to_string();
    let (code, _, err) =
        twilit(&["simulate", &dir("tests/fixtures/coop"), "--players", "2", "--games", "200", "--report", &file]);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(&file).expect("the page");
    assert!(page.contains("<p>The table won together 70 of 200 games: 35.0% (95% interval 28.7% to 41.8%)."), "{page}");
    assert!(!page.contains("red line") && !page.contains("fair share 50"), "no fair share drawn");
}

/// The page is the same byte for byte whatever the thread count, run after run (plotters'
/// `Histogram` drew its bars in a hash map's order, which changed with every run).
#[test]
fn the_report_is_the_same_for_any_thread_count() {
    let page = |jobs: &str| {
        let path = std::env::temp_dir().join(format!("twilit-simulate-{}-{jobs}.html", std::process::id()));
        let file = path.display().to_string();
        let args = ["simulate", &dir("cards/crazy_eights"), "--players", "4", "--games", "40", "--jobs", jobs];
        let (code, _, err) = twilit(&[&args[..], &["--report", &file]].concat());
        assert_eq!(code, 0, "{err}");
        let page = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        page
    };
    let one = page("1");
    assert!(one.matches("<rect").count() > 40, "bars drawn");
    assert!(one == page("2") && one == page("1"), "the report differs between runs");
}

/// A match whose first game makes two cards and plays them, and whose second game makes
/// another that takes the first one's id on its own table. Summarising and printing the
/// match's log once read past the last table's end (a panic in `simulate` and `play`),
/// then named the first game's card after the second's, and the counter put on the
/// first game's second card still read the last table (a panic). Each event is now read
/// off its own game's table, and every card's plays are counted.
#[test]
fn each_game_of_a_match_names_its_own_things() {
    let game = dir("tests/fixtures/rematch");
    let (code, out, err) = twilit(&["simulate", &game, "--games", "4", "--jobs", "2", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["games"].as_u64(), v["ended"].as_u64(), v["failed"].as_u64()), (Some(4), Some(4), Some(0)), "{out}");
    let plays: Vec<(&str, u64)> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["card"].as_str().unwrap(), c["plays"].as_u64().unwrap()))
        .collect();
    assert_eq!(plays, [("ember", 4), ("flint", 4), ("spark", 4)], "{out}");
    let (code, out, err) = twilit(&["play", &game, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    let (first, second) = out.split_once("game 2 of the match").expect(&out);
    for card in ["spark", "flint"] {
        let played = format!(
            "p1: play {card}\n  p1: add 1 charge on {card} (now 1)\n  p1: move {card} from hand of p1 to pile\np1: {card} is played"
        );
        assert!(first.contains(&played), "{out}");
    }
    assert!(!first.contains("ember"), "{out}");
    let played = "p1: play ember\n  p1: add 1 charge on ember (now 1)\n  p1: move ember from hand of p1 to pile\np1: ember is played";
    assert!(second.contains(played), "{out}");
    assert!(out.contains("after 2 games"), "{out}");
}

/// A report that cannot be written, or a folder for replays that cannot be made, is a
/// usage error said before any game is played (a long simulation no longer ends by
/// failing to write its output), and nothing is printed.
#[test]
fn an_unwritable_report_stops_simulate_before_the_games() {
    let goof = dir("cards/goofspiel");
    let missing = std::env::temp_dir().join("twilit-no-such-folder").join("page.html");
    let (code, out, err) = twilit(&["simulate", &goof, "--games", "3", "--report", missing.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.starts_with("error: cannot write the report to ") && err.contains("there is no folder"), "{err}");
    assert!(!err.contains("games in"), "the games were played first: {err}");
    let folder = std::env::temp_dir();
    let (code, out, err) = twilit(&["simulate", &goof, "--games", "3", "--report", folder.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.ends_with(": it is a directory\n"), "{err}");
    // A folder for replays that cannot be made, likewise (a file stands where it would go).
    let file = std::env::temp_dir().join(format!("twilit-replays-blocker-{}", std::process::id()));
    std::fs::write(&file, "").unwrap();
    let inside = file.join("replays");
    let (code, out, err) = twilit(&["simulate", &goof, "--games", "3", "--save-replays", inside.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.starts_with("error: cannot create ") && !err.contains("games in"), "{err}");
}

#[test]
fn usage_errors_exit_2_with_what_was_expected() {
    let goof = dir("cards/goofspiel");
    let (code, _, err) = twilit(&["simulate", &goof, "--games", "0"]);
    assert_eq!((code, err.as_str()), (2, "error: --games must be at least 1\n"));
    let (code, _, err) = twilit(&["simulate", &goof, "--games", "3", "--jobs", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--jobs must be at least 1"), "{err}");
    let (code, _, err) = twilit(&["simulate", &goof, "--games", "3", "--jobs", "99999999999"]);
    assert_eq!((code, err.as_str()), (2, "error: --jobs must be at most 1024 (or left out: one thread per core)\n"));
    let (code, _, err) = twilit(&["simulate", &dir("tests/fixtures/nothing_here"), "--games", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("nothing_here` does not exist"), "{err}");
    let (code, _, err) = twilit(&["simulate", &goof, "--games", "3", "--players", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("goofspiel is played by exactly 2 players, not 3"), "{err}");
    let (code, _, err) = twilit(&["simulate", &goof]);
    assert_eq!(code, 2);
    assert!(err.contains("--games"), "{err}");
}

#[test]
fn games_stopped_by_an_error_are_counted_with_their_seeds() {
    let fragile = dir("tests/fixtures/fragile");
    let (code, out, err) = twilit(&["simulate", &fragile, "--games", "40", "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("stopped with an error"), "{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    let failed = j["failed"].as_u64().unwrap();
    assert!(failed > 0 && failed < 40, "some seeds fail, not all: {failed}");
    assert_eq!(failed + j["ended"].as_u64().unwrap() + j["unfinished"].as_u64().unwrap(), 40);
    let errors = j["errors"].as_array().unwrap();
    assert_eq!(errors.len() as u64, failed.min(5));
    // Each listed seed replays to the same error with `twilit play`.
    for e in errors {
        let seed = e["seed"].as_u64().unwrap().to_string();
        assert!(e["message"].as_str().unwrap().contains("division by zero"), "{e}");
        let (code, _, err) = twilit(&["play", &fragile, "--seed", &seed]);
        assert_eq!(code, 1);
        assert!(err.contains(&format!("seed {seed}: division by zero")), "{err}");
    }
    // The human output lists them too.
    let (code, out, _) = twilit(&["simulate", &fragile, "--games", "40"]);
    assert_eq!(code, 1);
    let first = errors[0]["seed"].as_u64().unwrap();
    assert!(out.contains(&format!("seed {first}: division by zero")), "{out}");
}

#[test]
fn card_plays_add_up_to_the_play_events_of_the_same_games() {
    let (code, out, err) =
        twilit(&["simulate", &dir("cards/crazy_eights"), "--players", "5", "--games", "6", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    let cards = j["cards"].as_array().unwrap();
    assert!(cards.len() > 5, "{out}");
    let plays = |c: &Value| c["plays"].as_u64().unwrap();
    assert!(cards.iter().all(|c| plays(c) > 0));
    for w in cards.windows(2) {
        let key = |c: &Value| (std::cmp::Reverse(plays(c)), c["card"].as_str().unwrap().to_string());
        assert!(key(&w[0]) < key(&w[1]), "sorted by plays, then id: {} {}", w[0], w[1]);
    }
    for c in cards {
        let n = |k: &str| c[k].as_u64().unwrap();
        assert!(n("games") <= 6 && n("players") >= n("games") && n("wins") <= n("players"), "{c}");
    }
    // The same six games, played directly: their Play events of cards, by id.
    let mut sources = SourceMap::default();
    let (mut lib, _) = twilit::load::load_paths(&[root().join("cards/crazy_eights")], &mut sources);
    let rules = Rules::compile(&lib.games.remove(0)).unwrap();
    let mut expected = std::collections::BTreeMap::<String, u64>::new();
    for seed in 1..=6 {
        let g = twilit::scenario::random_game(&rules, seed, 5, 1000).unwrap();
        for e in &g.state.log {
            if let EventKind::Play { ent } = e.kind {
                if let Kind::Card(c) = g.state.ents[ent].kind {
                    *expected.entry(rules.cards[c].id.clone()).or_default() += 1;
                }
            }
        }
    }
    let got: std::collections::BTreeMap<String, u64> =
        cards.iter().map(|c| (c["card"].as_str().unwrap().to_string(), plays(c))).collect();
    assert_eq!(got, expected);
    assert_eq!(got.values().sum::<u64>(), expected.values().sum::<u64>());
}

/// A quiet game (what `simulate` plays) is the same game as a logged one: same state,
/// same result, same events, but for the passes it does not log and the notes and picks
/// whose text it does not write. When no ability listens to events (Goofspiel, Crazy
/// Eights), it logs only the plays, which `simulate` counts.
#[test]
fn a_quiet_game_is_the_logged_game_without_its_texts() {
    let words = |s: &twilit::engine::State, plays_only: bool| -> Vec<String> {
        let told =
            |k: &EventKind| matches!(k, EventKind::Choose { .. } | EventKind::Note { .. } | EventKind::Rule { .. });
        let kept = |k: &EventKind| !told(k) && (!plays_only || matches!(k, EventKind::Play { .. }));
        s.log.iter().filter(|e| kept(&e.kind)).map(|e| e.render(s)).collect()
    };
    for (game, turns, seeds) in [
        ("goofspiel", 100, 1..=4),
        ("crazy_eights", 300, 1..=4),
        ("lotr", 40, 1..=4),
        ("root", 4, 1..=2),
        ("ti4", 4, 1..=2),
    ] {
        let mut sources = SourceMap::default();
        let (mut lib, _) = twilit::load::load_paths(&[root().join("cards").join(game)], &mut sources);
        let rules = Rules::compile(&lib.games.remove(0)).unwrap();
        for seed in seeds {
            let logged = twilit::scenario::random_game(&rules, seed, 2, turns).unwrap();
            let quiet = twilit::scenario::quiet_game(&rules, seed, 2, turns).unwrap();
            let plays_only = !rules.triggers.any() && !rules.reacts.any();
            assert_eq!(plays_only, matches!(game, "goofspiel" | "crazy_eights"), "{game}: who listens");
            let (q, l) = (words(&quiet.state, false), words(&logged.state, plays_only));
            assert_eq!(q, l, "{game} seed {seed}: the events differ");
            assert!(!plays_only || game == "goofspiel" || !q.is_empty(), "{game} seed {seed}: no play logged");
            assert_eq!(quiet.standing.winners, logged.standing.winners, "{game} seed {seed}");
            assert_eq!(quiet.standing.scores, logged.standing.scores, "{game} seed {seed}");
            let (mut a, mut b) = (quiet.state, logged.state);
            assert!(a.log.len() <= b.log.len(), "{game} seed {seed}: a quiet game logs no more");
            (a.log, b.log) = (vec![], vec![]);
            assert!(a == b, "{game} seed {seed}: the states differ");
        }
    }
}

fn rules_of(rel: &str) -> Rules {
    let mut sources = SourceMap::default();
    let (mut lib, diags) = twilit::load::load_paths(&[root().join(rel)], &mut sources);
    assert!(diags.is_empty(), "{rel}: {diags:?}");
    Rules::compile(&lib.games.remove(0)).unwrap()
}

/// `simulate` deals a table once and copies it for every game (`deal_once`): each game is
/// the one it would have dealt itself, to the last event and the generator's state.
#[test]
fn a_game_from_a_table_dealt_once_is_the_game_that_deals_its_own() {
    for (game, players, turns, seeds) in [
        ("cards/goofspiel", 2, 100, 1..=5),
        ("cards/crazy_eights", 5, 300, 1..=5),
        ("cards/crazy_eights", 2, 300, 1..=3),
        ("cards/lotr", 2, 40, 1..=3),
        ("cards/root", 4, 3, 1..=2),
        ("cards/ti4", 3, 2, 1..=2),
        ("tests/fixtures/table", 2, 50, 1..=3),
    ] {
        let rules = rules_of(game);
        let dealt = twilit::scenario::deal_once(&rules, players).unwrap_or_else(|| panic!("{game}: deals once"));
        assert_eq!(dealt.players(), players);
        for seed in seeds {
            let own = twilit::scenario::quiet_game(&rules, seed, players, turns).unwrap();
            let copied = twilit::scenario::quiet_game_from(&rules, &dealt, seed, turns).unwrap();
            assert!(own.state.clock.turn > 1 || own.state.game > 0, "{game} seed {seed}: the game played");
            assert!(copied.state == own.state, "{game} seed {seed}: the states differ");
            assert_eq!(copied.state.rng.to_hex(), own.state.rng.to_hex(), "{game} seed {seed}");
            assert_eq!(copied.standing, own.standing, "{game} seed {seed}");
            assert_eq!(copied.refused, own.refused, "{game} seed {seed}");
        }
    }
}

/// A deal that draws from the generator (a variable starting at a random player) differs
/// from seed to seed: it is not dealt once.
#[test]
fn a_deal_that_draws_from_the_generator_is_dealt_by_every_game() {
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nvariables:\n  first: { type: player, start: random(players) }\nturn:\n  phases:\n    - name: main\n      actions: none\nend: turn > 1\n";
    let mut sources = SourceMap::default();
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("g"), &[("game.yaml", game)], &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    let rules = Rules::compile(&bundle).unwrap();
    assert!(twilit::scenario::deal_once(&rules, 2).is_none());
    let plain = game.replace("start: random(players)", "start: first(players)");
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("g"), &[("game.yaml", &plain)], &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    assert!(twilit::scenario::deal_once(&Rules::compile(&bundle).unwrap(), 2).is_some());
}

/// A sampling agent draws every activated ability it might use, an exhausted card's too:
/// a use whose cost begins `exhaust this` on an exhausted card, or then spends more than
/// the player has, is refused without its trial (`pure.rs`), and debug builds run the
/// trial beside each such refusal. A battery gives one fuel and never readies; a press
/// turns one fuel into one charge and never readies: each player ends with at most one
/// of them, and the quiet game is the logged one.
#[test]
fn a_use_whose_cost_cannot_be_paid_is_refused_without_its_trial() {
    let game = "game: batteries\nname: Batteries\nplayers: { min: 2, max: 2 }\nzones:\n  bench: { per: player, in_play: true }\ncounters:\n  charge: { on: player, min: 0 }\n  fuel: { on: player, min: 0 }\ndecks:\n  - { zone: bench, cards: all }\nturn:\n  phases:\n    - name: main\n      actions: active_player\nend: turn > 12\n";
    let cards = "- id: battery\n  name: Battery\n  abilities:\n    - action: main\n      cost: exhaust this\n      effect: add 1 fuel\n- id: press\n  name: Press\n  abilities:\n    - action: main\n      cost: |\n        exhaust this\n        spend 1 fuel\n      effect: add 1 charge\n";
    let rules = game_of(game, cards);
    let mut charged = 0;
    for seed in 1..=8 {
        let quiet = twilit::scenario::quiet_game(&rules, seed, 2, 20).unwrap();
        let logged = twilit::scenario::random_game(&rules, seed, 2, 20).unwrap();
        for p in 0..2 {
            let held = |c: &str| quiet.state.counter(c, twilit::engine::Holder::Player(p));
            let (fuel, charge) = (held("fuel"), held("charge"));
            assert!(fuel + charge <= 1, "seed {seed}: player {p} has {fuel} fuel and {charge} charge");
            charged += charge;
        }
        assert!(quiet.state.clock.turn > 12, "seed {seed}: the game ended early");
        let (mut a, mut b) = (quiet.state, logged.state);
        (a.log, b.log) = (vec![], vec![]);
        assert!(a == b, "seed {seed}: the quiet game differs from the logged one");
    }
    assert!(charged >= 4, "the presses were hardly used ({charged} charges in 8 games of 2 players)");
}

/// The cost check refuses a use without its trial only where the trial's own prohibition
/// check would read nothing: with a prohibition in force (on another verb), every check
/// reads the requirements of the static abilities in play, and one that raises an error
/// stops the game, with or without the check before the trial.
#[test]
fn a_use_refused_before_its_trial_still_stops_at_a_static_requirements_error() {
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nproperties:\n  power: { type: number, default: 0 }\nzones:\n  bench: { per: player, in_play: true }\ncounters:\n  charge: { on: player, min: 0 }\ndecks:\n  - { zone: bench, cards: all }\nsetup: |\n  forbid players to flip cards\nturn:\n  phases:\n    - name: main\n      actions: active_player\nend: turn > 6\n";
    let cards = "- id: press\n  name: Press\n  abilities:\n    - action: main\n      cost: exhaust this\n      effect: add 1 charge\n- id: sage\n  name: Sage\n  abilities:\n    - requires: 10 / (turn - 3) != 99\n      static: modify power of this by 1\n";
    let rules = game_of(game, cards);
    // A game stops where a check reads the requirement in turn 3 (any use of the press
    // then, refused or not); debug builds also run the trial beside every refusal found
    // before it, which would raise the error that refusal hid.
    let mut stopped = 0;
    for seed in 1..=10 {
        match twilit::scenario::quiet_game(&rules, seed, 2, 20) {
            Ok(g) => assert!(g.state.clock.turn > 6, "seed {seed}: the game ended early"),
            Err(e) => {
                assert!(e.message().contains("division by zero"), "seed {seed}: {}", e.message());
                stopped += 1;
            }
        }
    }
    assert!(stopped > 0, "no game read the requirement in turn 3");
}

/// The rules of a game written inline: its `game.yaml` and `cards.yaml`.
fn game_of(game: &str, cards: &str) -> Rules {
    let mut sources = SourceMap::default();
    let files = [("game.yaml", game), ("cards.yaml", cards)];
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("inline"), &files, &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    Rules::compile(&bundle).unwrap()
}

/// With no game won or lost (none ended), a seat has no decisive win rate: the human
/// table says `n/a`, not `0.0%` with an interval of `0.0% to 0.0%`.
#[test]
fn no_decisive_game_gives_no_decisive_rate() {
    let (code, out, err) = twilit(&["simulate", &dir("cards/goofspiel"), "--games", "3", "--turns", "0"]);
    assert_eq!(code, 0, "{err}");
    let p1 = out.lines().find(|l| l.trim_start().starts_with("p1 ")).expect("p1's row");
    assert!(p1.trim_end().ends_with("n/a           n/a") && !p1.contains("0.0% to 0.0%"), "{p1}");
}

/// The cards no game played are named (a designer balancing a deck-builder wanted to see
/// them, not only the played ones): the test deck-builder's victory cards are never played.
#[test]
fn the_cards_never_played_are_named() {
    let game = dir("tests/fixtures/deckbuild");
    let (code, out, err) = twilit(&["simulate", &game, "--games", "20", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["never_played"], serde_json::json!(["acre", "crown"]), "{out}");
    let (_, out, _) = twilit(&["simulate", &game, "--games", "20"]);
    assert!(out.contains("never played: 2 of 5 cards: acre, crown\n"), "{out}");
    let (_, out, _) = twilit(&["simulate", &game, "--games", "20", "--format", "csv"]);
    assert!(out.contains("\ncard,acre,,,,,,,,0,"), "{out}");
    // A game whose cards are never played (bids are moves) names none: all would be.
    let (_, out, _) = twilit(&["simulate", &dir("cards/goofspiel"), "--games", "5", "--format", "json"]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["never_played"], serde_json::json!([]), "{out}");
}

/// Games the turn cap stopped are named by their smallest seeds, with the cap to raise
/// and the command that plays one (a trick-taking walkthrough's games of many hands ran
/// past the default cap and were counted unfinished, with no word of what to do).
#[test]
fn games_the_cap_stopped_are_named_with_the_way_to_see_one() {
    let game = dir("cards/connect_four");
    let (code, out, err) = twilit(&["simulate", &game, "--games", "12", "--turns", "8", "--jobs", "2"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().find(|l| l.starts_with("not ended within 8 turns: ")).expect("the unfinished line");
    let (_, out_json, _) = twilit(&["simulate", &game, "--games", "12", "--turns", "8", "--format", "json"]);
    let v: Value = serde_json::from_str(&out_json).expect("one JSON object");
    let seeds: Vec<u64> =
        (v["unfinished_seeds"].as_array().expect("seeds").iter()).map(|s| s.as_u64().expect("a seed")).collect();
    let n = v["unfinished"].as_u64().expect("a count");
    assert!(n > 5 && seeds.len() == 5 && seeds.windows(2).all(|w| w[0] < w[1]), "{out_json}");
    let listed: Vec<String> = seeds.iter().map(u64::to_string).collect();
    assert_eq!(line, format!("not ended within 8 turns: {n} games (seeds {}, ...)", listed.join(", ")));
    // The command plays that very game: its path, seat count and cap.
    assert!(out.contains(&format!("`twilit play {game} --seed {} --players 2 --turns 8`", seeds[0])), "{out}");
    // Every game ended: nothing is said, and JSON has no such field.
    let (_, out, _) = twilit(&["simulate", &game, "--games", "3", "--format", "json"]);
    assert!(!out.contains("unfinished_seeds"), "{out}");
}

/// The actions and phase scripts the rules refused are counted, with the games they were
/// in: a refused phase script is skipped, and a dice game's walkthrough balanced games
/// whose whole dice resolution had been skipped, `simulate` saying nothing of it.
#[test]
fn refused_actions_are_counted_and_said() {
    let game = dir("tests/fixtures/refused_phase");
    let (code, out, err) = twilit(&["simulate", &game, "--games", "4", "--jobs", "2"]);
    // A refusal is the rules' own answer, not an error: the run succeeds, with a warning.
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nrefused by the rules: 12 actions in 4 games (seeds 1, 2, 3, 4)\n"), "{out}");
    assert!(
        err.contains("\nwarning: the rules refused 12 actions in 4 of 4 games")
            && err.contains("`twilit play ")
            && err.contains(" --seed 1 --players 2`"),
        "{err}"
    );
    let (_, out, _) = twilit(&["simulate", &game, "--games", "4", "--format", "json"]);
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!((&v["refused"], &v["refused_games"]), (&serde_json::json!(12), &serde_json::json!(4)), "{out}");
    assert_eq!(v["refused_seeds"], serde_json::json!([1, 2, 3, 4]), "{out}");
    // `play` counts the same three in a game.
    let (_, out, _) = twilit(&["play", &game, "--seed", "1"]);
    assert!(out.trim_end().ends_with("3 refused actions"), "{out}");
    // A game the rules never refuse says nothing of it.
    let (_, out, err) = twilit(&["simulate", &dir("cards/goofspiel"), "--games", "5", "--format", "json"]);
    assert!(out.contains("\"refused\":0,\"refused_games\":0,") && !out.contains("refused_seeds"), "{out}");
    assert!(!err.contains("warning"), "{err}");
}

/// `--agent greedy` takes at each window the action that raises its own score most: in
/// Crazy Eights (the score is minus the penalty left in hand) it sheds its costliest
/// playable card, and far fewer games end in the stalemate of random play. Its games are
/// the same whatever the thread count, and JSON says which agent played.
#[test]
fn the_greedy_agent_plays_for_its_score() {
    let game = dir("cards/crazy_eights");
    let run = |agent: &str, jobs: &str| {
        let args = ["simulate", &game, "--games", "60", "--players", "5", "--jobs", jobs, "--format", "json"];
        let (code, out, err) = twilit(&[&args[..], &["--agent", agent]].concat());
        assert_eq!(code, 0, "{err}");
        out
    };
    let (greedy, random) = (run("greedy", "1"), run("random", "1"));
    assert_eq!(greedy, run("greedy", "2"), "the same games on any number of threads");
    let (g, r): (Value, Value) = (serde_json::from_str(&greedy).unwrap(), serde_json::from_str(&random).unwrap());
    assert_eq!((g["agent"].as_str(), r.get("agent")), (Some("greedy"), None));
    let draws = |v: &Value| v["draws"].as_u64().expect("draws");
    assert!(draws(&g) * 3 < draws(&r), "greedy {} draws, random {}", draws(&g), draws(&r));
    // A replay is a random agent's game: asking to save greedy ones is a usage error.
    let (code, _, err) = twilit(&["simulate", &game, "--games", "2", "--agent", "greedy", "--save-replays", "/tmp/x"]);
    assert_eq!(code, 2, "{err}");
}

/// With no game won or lost, JSON gives the decisive rate as `null`, as the table says
/// `n/a`: 0 with an interval of [0, 0] claimed a certainty with no game behind it (a
/// designer's walkthrough of a cooperative game).
#[test]
fn no_decisive_game_is_null_in_json() {
    let (code, out, err) =
        twilit(&["simulate", &dir("cards/goofspiel"), "--games", "3", "--turns", "0", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    let p1 = &v["seats"][0];
    assert_eq!(
        (&p1["decisive"], &p1["decisive_low"], &p1["decisive_high"]),
        (&Value::Null, &Value::Null, &Value::Null),
        "{p1}"
    );
}

/// When every game stopped with an error, no seat has a game to count: its win rate is
/// `n/a`, not 0 % in [0 %, 0 %], and "no card was played" says it counts only the games
/// not stopped (the failed ones played cards). A designer's walkthrough met both.
#[test]
fn every_game_failed_claims_no_rate_and_no_plays() {
    let (code, out, err) = twilit(&["simulate", &dir("tests/fixtures/runtime_error"), "--games", "3", "--jobs", "1"]);
    assert_eq!(code, 1, "{err}");
    let p1 = out.lines().find(|l| l.trim_start().starts_with("p1 ")).expect("p1's row");
    assert_eq!(p1.split_whitespace().filter(|c| *c == "n/a").count(), 4, "{out}");
    assert!(!out.contains("0.0%"), "{out}");
    assert!(out.contains("\nno card play is counted: every game stopped with an error\n"), "{out}");
    let (_, json, _) =
        twilit(&["simulate", &dir("tests/fixtures/runtime_error"), "--games", "3", "--jobs", "1", "--format", "json"]);
    let v: Value = serde_json::from_str(&json).expect("one JSON object");
    let p1 = &v["seats"][0];
    assert_eq!((&p1["rate"], &p1["low"], &p1["high"]), (&Value::Null, &Value::Null, &Value::Null), "{p1}");
    let (_, csv, _) =
        twilit(&["simulate", &dir("tests/fixtures/runtime_error"), "--games", "3", "--jobs", "1", "--format", "csv"]);
    let seat = csv.lines().find(|l| l.starts_with("seat,p1,")).expect("p1's seat row");
    let cells: Vec<&str> = seat.split(',').collect();
    // section,key,games,n,wins,draws,rate,low,high,...
    assert_eq!(&cells[6..9], ["", "", ""], "no rate and no interval: {seat}");
}

/// A game that does not check clean is a problem found (exit 1, its errors shown), as
/// `check` and `test` report it; a path holding no game stays a usage error (exit 2).
#[test]
fn a_game_with_errors_exits_1_and_no_game_2() {
    let bad = dir("tests/fixtures/bad/counter_range");
    let (code, _, err) = twilit(&["simulate", &bad, "--games", "2"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("twilit::") && err.contains("must be one game directory that checks clean"), "{err}");
    let (code, _, err) = twilit(&["play", &bad, "--seed", "1"]);
    assert_eq!(code, 1, "{err}");
    let (code, _, err) = twilit(&["play", &dir("tests/fixtures/nothing_here"), "--seed", "1"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_tracked_counter_is_reported_over_every_player_the_winners_and_the_others() {
    let goof = dir("cards/goofspiel");
    let args = |jobs| ["simulate", &goof, "--games", "300", "--format", "json", "--track", "points", "--jobs", jobs];
    let one = twilit(&args("1"));
    let two = twilit(&args("2"));
    assert_eq!((one.0, &one.1), (two.0, &two.1), "--jobs 1 and --jobs 2 differ");
    let s: Value = serde_json::from_str(&one.1).expect("json");
    let t = &s["tracked"][0];
    assert_eq!(t["counter"], "points");
    // Every prize goes to one player or is discarded: the two players' points make at most 91.
    let (ended, draws) = (s["ended"].as_u64().unwrap(), s["draws"].as_u64().unwrap());
    assert_eq!(t["all"]["n"].as_u64(), Some(2 * ended));
    assert_eq!(t["winners"]["n"].as_u64(), Some(ended - draws));
    assert_eq!(t["others"]["n"].as_u64(), Some(ended - draws));
    assert!(t["all"]["max"].as_i64().unwrap() <= 91);
    // The winner has the more points.
    assert!(t["winners"]["min"].as_i64() > t["others"]["min"].as_i64(), "{t}");
    assert!(t["winners"]["mean"].as_f64() > t["others"]["mean"].as_f64(), "{t}");
    // Without `--track` the JSON has no `tracked`.
    let plain = twilit(&["simulate", &goof, "--games", "3", "--format", "json"]);
    assert!(!plain.1.contains("tracked"), "{}", plain.1);
    // The human tables and CSV rows.
    let human = twilit(&["simulate", &goof, "--games", "50", "--track", "points"]);
    assert!(human.1.contains("winners' mean") && human.1.contains("\n  points "), "{}", human.1);
    let csv = twilit(&["simulate", &goof, "--games", "50", "--track", "points", "--format", "csv"]);
    for section in ["tracked,points,", "tracked_winners,points,", "tracked_others,points,"] {
        assert!(csv.1.contains(section), "{}", csv.1);
    }
}

#[test]
fn a_tracked_name_that_is_no_counter_on_players_or_the_game_is_a_usage_error() {
    let goof = dir("cards/goofspiel");
    let (code, out, err) = twilit(&["simulate", &goof, "--games", "3", "--track", "point"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("`--track point` names no counter on players or on the game: did you mean `points`?"),
        "{err}"
    );
    let (code, _, err) = twilit(&["simulate", &goof, "--games", "3", "--track", "prizes"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("(counters on players or on the game: "), "{err}");
}

/// A counter on the game is tracked too, read as every player's (a co-operative game's
/// water level, which `--track` refused): in Goofspiel the prizes discarded on ties and
/// the two players' points add up to 91 in every game, so their means do too.
#[test]
fn a_counter_on_the_game_is_tracked_as_every_players() {
    let goof = dir("cards/goofspiel");
    let args =
        ["simulate", &goof, "--games", "200", "--format", "json", "--track", "points", "--track", "discarded_points"];
    let (code, out, err) = twilit(&args);
    assert_eq!(code, 0, "{err}");
    let s: Value = serde_json::from_str(&out).expect("json");
    let ended = s["ended"].as_u64().expect("ended");
    let (points, discarded) = (&s["tracked"][0], &s["tracked"][1]);
    assert_eq!((points["counter"].as_str(), discarded["counter"].as_str()), (Some("points"), Some("discarded_points")));
    assert_eq!(discarded["all"]["n"].as_u64(), Some(2 * ended), "{discarded}");
    let mean = |t: &Value| t["all"]["mean"].as_f64().expect("mean");
    assert!((2.0 * mean(points) + mean(discarded) - 91.0).abs() < 0.01, "{points} {discarded}");
    assert!(mean(discarded) > 0.0, "some prize is discarded in 200 games: {discarded}");
}

/// A co-operative game's `result: losers:`: a game the table lost is won by nobody and
/// lost by everyone, not a draw; each seat counts it as a loss, and `play` says so. A
/// `losers:` that names a winner is an error when the result is read.
#[test]
fn a_cooperative_game_lost_by_the_table_is_no_draw() {
    let game = dir("tests/fixtures/coop");
    let (code, out, err) = twilit(&["simulate", &game, "--games", "200", "--players", "2", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON object");
    let lost = v["nobody_won"].as_u64().expect("nobody_won");
    assert_eq!(v["draws"], serde_json::json!(0), "{out}");
    assert!(lost > 0 && lost < 200, "{out}");
    for seat in v["seats"].as_array().expect("seats") {
        // Together: each seat won every game the table won and lost every other.
        assert_eq!((seat["wins"].as_u64(), seat["losses"].as_u64()), (Some(200 - lost), Some(lost)), "{seat}");
    }
    let (_, out, _) = twilit(&["simulate", &game, "--games", "200", "--players", "2"]);
    assert!(out.contains(&format!("ended 200, of which draws 0 and won by nobody {lost};")), "{out}");
    // The table's own win rate, said once, with its interval.
    assert!(out.contains(&format!("the table won together {} of 200 games: ", 200 - lost)), "{out}");
    // A game without `losers:` says nothing of it, nor of a table winning together.
    let (_, out, _) = twilit(&["simulate", &dir("cards/goofspiel"), "--games", "20"]);
    assert!(!out.contains("won by nobody") && !out.contains("together"), "{out}");
    // Seed 3 of the one-player game is lost (the tide comes in after 8 turns).
    let (_, out, _) = twilit(&["play", &game, "--seed", "3", "--players", "1"]);
    assert!(out.contains("seed 3: everyone loses in turn 8;"), "{out}");
    let (_, out, _) = twilit(&["play", &game, "--seed", "3", "--players", "1", "--format", "json"]);
    assert!(out.contains("\"draw\":false") && out.contains("\"losers\":[\"p1\"]"), "{out}");

    let tmp = tempfile::tempdir().expect("temp dir");
    let yaml = std::fs::read_to_string(format!("{game}/game.yaml")).expect("the fixture");
    let both = yaml.replace("losers: players where not saved()", "losers: players");
    std::fs::write(tmp.path().join("game.yaml"), both).expect("write");
    // Seed 10 is won, so the winner is among `players`.
    let (code, _, err) = twilit(&["play", &tmp.path().to_string_lossy(), "--seed", "10", "--players", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("`result:` gives p1 as both a winner and a loser"), "{err}");
}

/// Each activated ability of the game and of the factions is counted, and one no game
/// used is named: an ability whose effect always breaks a bound (`set wet to 3` with `max:
/// 2`) is never offered, and only shorter games had shown it (a co-operative game's
/// walkthrough: its Shore up vanished).
#[test]
fn an_ability_no_game_used_is_named() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let yaml = "game: vanish\nname: Vanish\nplayers: { min: 2, max: 2 }\ncounters:\n  wet: { on: game, min: 0, max: 2 }\n  \
        done: { on: game, min: 0 }\nabilities:\n  - name: soak\n    action: main\n    effect: |\n      add 1 done\n      end phase\n  \
        - name: dry\n    action: main\n    effect: |\n      set wet to 3\n      end phase\n  \
        - name: sigh\n    when: start of turn\n    effect: add 0 done\n\
        turn:\n  phases:\n    - name: main\n      actions: active_player\n      can_pass: false\n\
        end: done >= 10\nresult:\n  winners: players\n";
    std::fs::write(tmp.path().join("game.yaml"), yaml).expect("write");
    let game = tmp.path().to_string_lossy().into_owned();
    let (code, out, err) = twilit(&["simulate", &game, "--games", "20", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    // Ten soaks a game; the triggered `sigh` is no ability a player uses.
    let want = serde_json::json!([{ "ability": "soak", "of": "game", "uses": 200 }, { "ability": "dry", "of": "game", "uses": 0 }]);
    assert_eq!(v["abilities"], want, "{out}");
    let (_, out, _) = twilit(&["simulate", &game, "--games", "20"]);
    assert!(out.contains("abilities used (times, in all the games): soak 200\nnever used: dry"), "{out}");
    // Crazy Eights' draw and pass, the same for any number of threads.
    let c8 = dir("cards/crazy_eights");
    let args = |jobs| ["simulate", &c8, "--games", "60", "--players", "3", "--format", "json", "--jobs", jobs];
    let (one, two) = (twilit(&args("1")), twilit(&args("2")));
    assert_eq!(one.1, two.1);
    let v: Value = serde_json::from_str(&one.1).expect("json");
    let uses: Vec<(&str, u64)> = (v["abilities"].as_array().expect("abilities").iter())
        .map(|a| (a["ability"].as_str().unwrap_or(""), a["uses"].as_u64().unwrap_or(0)))
        .collect();
    assert!(matches!(uses[..], [("draw", d), ("pass", p)] if d > p && p > 0), "{uses:?}");
}
