//! Statements compiled once give what the general path gives: fused moves
//! (`interp/fused.rs`), moves compiled once (`interp/moves.rs`), counter changes
//! (`interp/tallies.rs`), reveals (`interp/reveals.rs`) and draws (`interp/draws.rs`). Each shape is written once as a statement (compiled or fused)
//! and once as `let m = VERB ...`, whose value is kept and which therefore always takes
//! the general path; the two games must play the same, byte for byte, under several
//! seeds, and under step budgets tight enough to run out inside the statement. The
//! statements stand in Goofspiel's `reveal_prize`, which every round runs.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A copy of cards/goofspiel in `dir` whose prize is revealed by `reveal` (script lines,
/// indented by 6).
fn goofspiel_with(dir: &Path, reveal: &str) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel");
    std::fs::create_dir_all(dir).unwrap();
    for file in ["cards.yaml", "game.yaml"] {
        std::fs::copy(from.join(file), dir.join(file)).unwrap();
    }
    let game = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
    let line = "      move top card of prizes to current_prize face up\n";
    assert!(game.contains(line), "Goofspiel's reveal_prize changed: update this test");
    std::fs::write(dir.join("game.yaml"), game.replacen(line, reveal, 1)).unwrap();
}

/// `twilit play DIR --seed S` (the whole transcript) and its exit code.
fn play(dir: &Path, seed: u64) -> (Option<i32>, String) {
    play_with(dir, seed, &[])
}

/// `play`, with more arguments.
fn play_with(dir: &Path, seed: u64, more: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(["play", dir.to_str().unwrap(), "--seed", &seed.to_string(), "--turns", "40"])
        .args(more)
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    // A run-time error (a spent budget too) shows the line it was raised at: the two ways'
    // games are written differently, so the same place is another line and column.
    let shown = |l: &&str| {
        let t = l.trim_start();
        let source = t.split_once(" │").is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()));
        !(source || t.starts_with(['╭', '│', '·', '╰']))
    };
    (o.status.code(), text.lines().filter(shown).collect::<Vec<_>>().join("\n"))
}

/// The verbs whose statements `kept` keeps the value of.
const VERBS: [&str; 8] = ["move", "add", "remove", "gain", "spend", "lose", "reveal", "draw"];

/// The same lines with every move's and counter change's value kept (`let mN = move
/// ...`): the general path.
fn kept(fused: &str) -> String {
    let lines = fused.split('\n').enumerate().map(|(i, line)| {
        let (indent, rest) = line.split_at(line.len() - line.trim_start().len());
        match VERBS.iter().find(|v| rest.starts_with(&format!("{v} "))) {
            Some(_) => format!("{indent}let m{i} = {rest}"),
            None => line.to_string(),
        }
    });
    lines.collect::<Vec<_>>().join("\n")
}

/// Two copies of Goofspiel under `root`, named `{name}` and `{name}_general`: one whose
/// prize is revealed by `fused`, one by the same lines with every value kept (`kept`).
fn both_ways(root: &Path, name: &str, fused: &str) -> (PathBuf, PathBuf) {
    let (a, b) = (root.join(name), root.join(format!("{name}_general")));
    goofspiel_with(&a, &format!("      {fused}\n"));
    goofspiel_with(&b, &format!("      {}\n", kept(fused)));
    (a, b)
}

/// The game with `fused` as the move, and the same move kept as a value (`let m = ...`),
/// play alike.
fn plays_alike(fused: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = both_ways(tmp.path(), "fused", fused);
    for seed in 1..=3 {
        let (fa, ga) = (play(&a, seed), play(&b, seed));
        assert_eq!(fa.0, Some(0), "{fused}, seed {seed}: {}", fa.1);
        assert!(fa.1.contains("use reveal_prize"), "{fused}, seed {seed}: no transcript\n{}", fa.1);
        assert_eq!(fa, ga, "`{fused}` plays otherwise fused than kept as a value (seed {seed})");
    }
}

#[test]
fn a_move_of_the_top_cards_counted_by_a_roll_to_a_local_zone_rolls_once() {
    // The destination is a local, which the fused path does not read: the count, which
    // draws from the generator, must not be drawn once by the fused path and again by the
    // general one.
    plays_alike("let z = current_prize\n      move top (random([1, 2, 3])) cards of prizes to z face up");
}

#[test]
fn a_move_of_the_top_or_bottom_cards_plays_as_the_general_path() {
    plays_alike("move top (random([1, 2])) cards of prizes to current_prize face up");
    plays_alike("move bottom card of prizes to current_prize face up");
}

#[test]
fn a_move_of_cards_picked_from_a_zone_plays_as_the_general_path() {
    plays_alike("move 1 card from prizes to current_prize face up");
}

#[test]
fn a_move_of_the_cards_of_a_zone_and_of_a_local_thing_plays_as_the_general_path() {
    plays_alike("let next = first(cards in prizes)\n      move next to current_prize face up");
    plays_alike("move cards in prizes to current_prize face up");
}

#[test]
fn a_move_between_zones_of_you_plays_as_the_general_path() {
    // The `require`s make a card that lies the wrong way up refuse the round.
    plays_alike(
        "move top card of prizes to bid of you face down
      require not face_up of first(cards in bid of you) else \"the bid lies face up\"
      move cards in bid of you to current_prize face up
      require face_up of first(cards in current_prize) else \"the prize lies face down\"",
    );
}

#[test]
fn a_move_between_zones_of_a_local_player_plays_as_the_general_path() {
    plays_alike(
        "let p = first(players)
      move top card of prizes to bid of p face down
      require not face_up of first(cards in bid of p) else \"the bid lies face up\"
      move 1 card from bid of p to current_prize face up
      require face_up of first(cards in current_prize) else \"the prize lies face down\"",
    );
}

/// The moves of each shape, kept as values or not, run out of steps alike: at the same
/// step, with the same error in the same place (a compiled move that could run out of
/// steps leaves the move to the fused path, which counts them one by one).
#[test]
fn moves_out_of_steps_fail_as_the_general_path() {
    let tmp = tempfile::tempdir().unwrap();
    let moves = [
        "move top card of prizes to current_prize face up",
        "move 1 card from prizes to current_prize face up",
        "let next = first(cards in prizes)\n      move next to current_prize face up",
        "move cards in prizes to spent of you\n      move 1 card from spent of you to current_prize face up\n      move cards in spent of you to prizes",
    ];
    for (i, fused) in moves.iter().enumerate() {
        let (a, b) = both_ways(tmp.path(), &format!("fused{i}"), fused);
        let mut failed = 0;
        for steps in [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 17, 20, 25, 30, 40] {
            let limit = format!("steps={steps}");
            let args = ["--limit", limit.as_str()];
            let (fa, ga) = (play_with(&a, 1, &args), play_with(&b, 1, &args));
            failed += usize::from(fa.0 != Some(0));
            assert_eq!(fa, ga, "`{fused}` with {limit}: compiled or fused plays otherwise than kept as a value");
        }
        assert!(failed > 0, "`{fused}`: no budget tried ran out: the test tests nothing");
    }
}

/// The prize revealed as Goofspiel does, then `lines` (counter changes).
fn counters_alike(lines: &str) {
    plays_alike(&format!("move top card of prizes to current_prize face up\n      {lines}"));
}

#[test]
fn counter_changes_play_as_the_general_path() {
    // The game's counter, by every verb; a player's counter of the acting player, of a
    // local player, of every player.
    counters_alike("add 2 discarded_points\n      remove 2 discarded_points\n      gain 1 discarded_points\n      spend 1 discarded_points");
    counters_alike("add 3 points\n      lose 1 points");
    counters_alike("let p = first(opponents)\n      add (value of first(cards in current_prize)) points to p\n      remove 1 points from p");
    counters_alike("add 1 points to players\n      remove 1 points from players");
}

#[test]
fn a_counter_change_refused_at_its_bound_fails_as_the_general_path() {
    // `points` is at least 0: taking one more than a player has is refused, with the
    // same message, at the same place.
    let tmp = tempfile::tempdir().unwrap();
    let lines = "move top card of prizes to current_prize face up\n      remove 1 points";
    let (a, b) = (tmp.path().join("compiled"), tmp.path().join("general"));
    goofspiel_with(&a, &format!("      {lines}\n"));
    goofspiel_with(&b, &format!("      {}\n", kept(lines)));
    let (ca, ga) = (play(&a, 1), play(&b, 1));
    assert!(ca.1.contains("cannot remove 1 points: p1 has 0"), "{}", ca.1);
    assert_eq!(ca, ga, "a refused counter change fails otherwise compiled than kept as a value");
}

#[test]
fn a_counter_change_forbidden_while_its_amount_is_worked_out_is_refused_as_the_general_path() {
    // `ban()` runs `forbid` while the amount is read: the change must then be refused,
    // though nothing forbade it when the statement began.
    let tmp = tempfile::tempdir().unwrap();
    let lines = "move top card of prizes to current_prize face up\n      add (count([ban()])) discarded_points";
    let (a, b) = (tmp.path().join("compiled"), tmp.path().join("general"));
    for (dir, lines) in [(&a, lines.to_string()), (&b, kept(lines))] {
        goofspiel_with(dir, &format!("      {lines}\n"));
        let game = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
        let ban = "procedures:\n  ban:\n    script: |\n      forbid players to add discarded_points\n";
        std::fs::write(dir.join("game.yaml"), game.replacen("procedures:\n", ban, 1)).unwrap();
    }
    let (ca, ga) = (play(&a, 1), play(&b, 1));
    assert!(ca.1.contains("may not add discarded_points: forbidden by a script"), "{}", ca.1);
    assert!(!ca.1.contains("add 1 discarded_points"), "the forbidden change was made:\n{}", ca.1);
    assert_eq!(ca, ga, "a counter change forbidden on the way plays otherwise compiled than kept as a value");
}

/// `twilit simulate DIR` of `games` games as JSON (a simulation logs nothing, so a pick
/// by an agent that reads only how many options there are is made without them), with
/// more arguments before the command.
fn simulate(dir: &Path, games: u32, before: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(before)
        .args(["simulate", dir.to_str().unwrap(), "--games", &games.to_string(), "--jobs", "1", "--format", "json"])
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    // The advice to replay a failed game names the directory.
    (o.status.code(), text.replace(dir.to_str().unwrap(), "DIR"))
}

#[test]
fn a_card_picked_in_a_simulation_is_picked_as_the_general_path_picks_it() {
    // The random agent reads only how many cards there are: the compiled pick counts
    // them instead of listing them (`moves.rs` `silent_pick`). Same picks, same draws of
    // the generator, same steps: the same games, and the same games cut short by budgets
    // that run out around the pick.
    let tmp = tempfile::tempdir().unwrap();
    let picks = [
        "move 1 card from prizes to current_prize face up",
        "move a card from prizes to current_prize face up",
        // A pick from a zone of the acting player's that fills up as the game goes.
        "move a card from prizes to spent of you\n      move a card from spent of you to current_prize face up",
    ];
    for (i, fused) in picks.iter().enumerate() {
        let (a, b) = both_ways(tmp.path(), &format!("compiled{i}"), fused);
        let mut failed = 0;
        for steps in [40, 90, 150, 233, 377, 610, 987] {
            let limit = format!("game_steps={steps}");
            let (ca, ga) = (simulate(&a, 6, &["--limit", &limit]), simulate(&b, 6, &["--limit", &limit]));
            failed += usize::from(ca.1.contains("step budget"));
            assert_eq!(ca, ga, "`{fused}` with {limit}: a simulation plays otherwise compiled than kept as a value");
        }
        assert!(failed > 0, "`{fused}`: no budget tried ran out: the test tests nothing");
        // Whole games, the bids picked by the general path too (else a pick gone wrong
        // would change both games alike). Kept as a value, the bid makes `place_bids`
        // rehearse each player's block (`secret.rs`), which counts other steps: no budget.
        let game = std::fs::read_to_string(b.join("game.yaml")).unwrap();
        let bid = "        move 1 card from hand to bid face down";
        assert!(game.contains(bid), "Goofspiel's place_bids changed: update this test");
        std::fs::write(b.join("game.yaml"), game.replacen(bid, &kept(bid), 1)).unwrap();
        let (ca, ga) = (simulate(&a, 40, &[]), simulate(&b, 40, &[]));
        assert_eq!(ca.0, Some(0), "`{fused}`: {}", ca.1);
        assert!(ca.1.contains("\"ended\":40"), "`{fused}`: not every game ended\n{}", ca.1);
        assert_eq!(ca, ga, "`{fused}`: a simulation plays otherwise compiled than kept as a value");
    }
}

#[test]
fn reveals_play_and_run_out_of_steps_as_the_general_path() {
    // A zone named alone, a zone of you, a zone of each player: the transcript shows who
    // saw what, so the reveal's event is compared too.
    let reveals = [
        "move top card of prizes to current_prize face down\n      reveal cards in current_prize",
        "move top card of prizes to spent of you face down\n      reveal cards in spent of you simultaneously\n      move cards in spent of you to current_prize",
        "move top card of prizes to bid of you face down\n      reveal cards in bid of each player simultaneously\n      move cards in bid of you to current_prize",
        "move top card of prizes to bid face down\n      reveal cards in bid of players\n      move cards in bid to current_prize",
    ];
    let tmp = tempfile::tempdir().unwrap();
    for (i, fused) in reveals.iter().enumerate() {
        plays_alike(fused);
        let (a, b) = both_ways(tmp.path(), &format!("compiled{i}"), fused);
        let mut failed = 0;
        for steps in [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 17, 20, 25] {
            let limit = format!("steps={steps}");
            let (ca, ga) = (play_with(&a, 1, &["--limit", &limit]), play_with(&b, 1, &["--limit", &limit]));
            failed += usize::from(ca.0 != Some(0));
            assert_eq!(ca, ga, "`{fused}` with {limit}: compiled plays otherwise than kept as a value");
        }
        assert!(failed > 0, "`{fused}`: no budget tried ran out: the test tests nothing");
        let (ca, ga) = (simulate(&a, 20, &[]), simulate(&b, 20, &[]));
        assert_eq!(ca.0, Some(0), "`{fused}`: {}", ca.1);
        assert_eq!(ca, ga, "`{fused}`: a simulation plays otherwise compiled than kept as a value");
    }
}

#[test]
fn draws_play_and_run_out_of_steps_as_the_general_path() {
    // A number or none; zones named alone, `of you`, or the game's defaults; the acting
    // player or `for` a local player or you.
    let draws = [
        ("draw 1 from prizes into current_prize", false),
        ("draw from prizes into current_prize", false),
        ("draw 2 from prizes into spent\n      move 1 card from spent of you to current_prize\n      move cards in spent of you to prizes", false),
        ("let p = first(opponents)\n      draw 1 from prizes into bid for p\n      move cards in bid of p to current_prize", false),
        ("draw 1 from prizes into bid of you for you\n      move cards in bid of you to current_prize", false),
        ("draw 1", true),
        ("draw 1 from prizes", true),
        ("draw 1 into current_prize", true),
    ];
    let tmp = tempfile::tempdir().unwrap();
    for (i, (fused, defaults)) in draws.iter().enumerate() {
        let (a, b) = (tmp.path().join(format!("compiled{i}")), tmp.path().join(format!("general{i}")));
        for (dir, lines) in [(&a, fused.to_string()), (&b, kept(fused))] {
            goofspiel_with(dir, &format!("      {lines}\n"));
            if *defaults {
                let mut game = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
                game.push_str("\ndefaults:\n  draw_from: prizes\n  draw_into: current_prize\n");
                std::fs::write(dir.join("game.yaml"), game).unwrap();
            }
        }
        for seed in 1..=2 {
            let (ca, ga) = (play(&a, seed), play(&b, seed));
            assert_eq!(ca.0, Some(0), "`{fused}`, seed {seed}: {}", ca.1);
            assert!(ca.1.contains("use reveal_prize"), "`{fused}`, seed {seed}: no transcript\n{}", ca.1);
            assert_eq!(ca, ga, "`{fused}` plays otherwise compiled than kept as a value (seed {seed})");
        }
        let mut failed = 0;
        for steps in [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 17, 20] {
            let limit = format!("steps={steps}");
            let (ca, ga) = (play_with(&a, 1, &["--limit", &limit]), play_with(&b, 1, &["--limit", &limit]));
            failed += usize::from(ca.0 != Some(0));
            assert_eq!(ca, ga, "`{fused}` with {limit}: compiled plays otherwise than kept as a value");
        }
        assert!(failed > 0, "`{fused}`: no budget tried ran out: the test tests nothing");
    }
}

/// What a budget error says ran out: the words after `running: `, up to the limit's name.
fn ran_out_in(output: &str) -> Option<&str> {
    let at = output.find("running: ")? + "running: ".len();
    let len = output[at..].find(" (limit")?;
    Some(&output[at..at + len])
}

#[test]
fn bids_picked_silently_count_the_steps_of_a_game_played_aloud() {
    // Goofspiel's bids are picked in a private `simultaneously` block: silently in a
    // simulation (`moves.rs` `silent_pick`), through the question in `play`, which logs
    // it. Goofspiel has no action window, so both count the same steps: under every budget
    // around the first rounds the game runs out in the same procedure.
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel");
    let mut seen = std::collections::BTreeSet::new();
    for steps in 20..=100 {
        let limit = format!("game_steps={steps}");
        let (_, played) = play_with(&game, 4, &["--limit", &limit]);
        let o = Command::new(env!("CARGO_BIN_EXE_twilit"))
            .args(["--limit", &limit, "simulate", game.to_str().unwrap(), "--games", "1", "--seed", "4"])
            .args(["--jobs", "1", "--format", "json"])
            .output()
            .expect("runs");
        let simulated = String::from_utf8_lossy(&o.stdout).into_owned();
        let (p, s) = (ran_out_in(&played), ran_out_in(&simulated));
        assert_eq!(p, s, "with {limit} the played game and the simulated one run out in different places");
        seen.extend(p.map(str::to_string));
    }
    assert!(seen.contains("place_bids") && seen.len() >= 3, "the budgets tried miss the bids: {seen:?}");
}

/// `set points to VALUE` (compiled: `interp/tallies.rs`, its number typed when it has a
/// typed form) and `set points of you to VALUE` (a holder named: the general path) play
/// alike after the prize is revealed, under several seeds: a number written out, typed
/// numbers (a card's value, a count, arithmetic on the counter itself), an untyped one,
/// and a value below the counter's bound (refused with the same message).
#[test]
fn counter_sets_play_as_the_general_path() {
    let tmp = tempfile::tempdir().unwrap();
    let values = [
        "0",
        "value of first(cards in current_prize)",
        "count(cards in hand of you)",
        "points + value of first(cards in current_prize) * 2",
        "first([3, 4])",
        "-1",
    ];
    for (i, value) in values.iter().enumerate() {
        let reveal = "move top card of prizes to current_prize face up";
        let (a, b) = (tmp.path().join(format!("set{i}")), tmp.path().join(format!("set{i}_general")));
        goofspiel_with(&a, &format!("      {reveal}\n      set points to {value}\n"));
        goofspiel_with(&b, &format!("      {reveal}\n      set points of you to {value}\n"));
        for seed in 1..=3 {
            let (ca, ga) = (play(&a, seed), play(&b, seed));
            if *value == "-1" {
                assert!(ca.1.contains("points cannot go below 0"), "`{value}`, seed {seed}:\n{}", ca.1);
            } else {
                assert_eq!(ca.0, Some(0), "`{value}`, seed {seed}: {}", ca.1);
                assert!(ca.1.contains("set points"), "`{value}`, seed {seed}: nothing set\n{}", ca.1);
            }
            assert_eq!(ca, ga, "`set points to {value}` plays otherwise compiled than with a holder (seed {seed})");
        }
    }
}
