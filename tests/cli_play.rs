//! `twilit play` at its edges: seeds that would pass the largest one are a usage error, as
//! in `simulate`, not games silently left out.

mod common;

use common::twilit;

/// `--seed` plus `--games` past `u64::MAX` used to play none or some of the games and exit
/// 0; both commands now refuse it alike, naming the largest seed that fits.
#[test]
fn seeds_past_the_largest_are_a_usage_error_in_play_and_simulate() {
    let max = u64::MAX.to_string();
    let almost = (u64::MAX - 1).to_string();
    for args in [
        vec!["play", "cards/goofspiel", "--seed", &almost, "--games", "3"],
        vec!["simulate", "cards/goofspiel", "--seed", &almost, "--games", "3"],
    ] {
        let (code, out, err) = twilit(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: no game is played: {out}");
        assert!(err.contains(&format!("--seed {almost} plus --games 3 passes the largest seed, {max}")), "{err}");
        let fits = (u64::MAX - 2).to_string();
        assert!(err.contains(&format!("the largest --seed that fits is {fits}")), "{err}");
    }
    // One game from the largest seed fits: it is played and printed.
    let (code, out, err) = twilit(&["play", "cards/goofspiel", "--seed", &max, "--turns", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().last().is_some_and(|l| l.starts_with(&format!("seed {max}: "))), "{out}");
    // The last seeds that fit are all played.
    let (code, out, err) = twilit(&["play", "cards/goofspiel", "--seed", &almost, "--games", "2", "--turns", "1"]);
    assert_eq!(code, 0, "{err}");
    let seeds: Vec<&str> = out.lines().map(|l| l.split(':').next().unwrap_or_default()).collect();
    assert_eq!(seeds, [format!("seed {almost}"), format!("seed {max}")], "{out}");
    // No game asked is a usage error in both commands, not one game.
    for cmd in ["play", "simulate"] {
        let (code, out, err) = twilit(&[cmd, "cards/goofspiel", "--games", "0"]);
        assert_eq!((code, out.as_str()), (2, ""), "{cmd}: {err}");
        assert!(err.contains("--games must be at least 1"), "{cmd}: {err}");
    }
}

/// A game stopped by a run-time error prints its log up to the error, in the chosen format,
/// then the diagnostic (exit 1): the log is what `--seed N` is replayed to see. It used to
/// print nothing on standard output. `replay` of the saved game prints the same.
#[test]
fn a_run_time_error_prints_the_log_up_to_it() {
    let game = "tests/fixtures/runtime_error";
    let (code, out, err) = twilit(&["play", game, "--seed", "1", "--turns", "5"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("seed 1: division by zero in `others` (in share)"), "{err}");
    let opening = ["-- start of game", "-- start of round 1", "-- start of turn 1", "-- start of phase main"];
    assert_eq!(out.lines().collect::<Vec<_>>(), opening, "the log, and no result line");
    let (code, json, _) = twilit(&["play", game, "--seed", "1", "--format", "json"]);
    assert_eq!(code, 1);
    let texts: Vec<String> = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("one JSON object per line"))
        .map(|v| v["text"].as_str().expect("an event, not a result").to_string())
        .collect();
    assert_eq!(texts, opening);
    let dir = tempfile::tempdir().expect("temp dir");
    let saved = dir.path().to_str().expect("utf-8 path");
    let (code, _, err) = twilit(&["simulate", game, "--games", "1", "--save-replays", saved, "--format", "json"]);
    assert_eq!(code, 1, "{err}");
    let (code, replayed, err) = twilit(&["replay", &format!("{saved}/runtime_error-1.json")]);
    assert_eq!((code, replayed.as_str()), (1, out.as_str()), "{err}");
}

/// A draw pile refilled from a public discard pile went under it card by card in its new,
/// shuffled order: the lines told every player the order of the next draws. The cards now
/// go under in the order they lay, the shuffled order is taken after, and the draws still
/// follow it (the same game as before, only its lines are other).
#[test]
fn a_refill_does_not_tell_the_new_order() {
    let (code, out, err) = twilit(&["play", "tests/fixtures/refill_order", "--seed", "1", "--as", "p2"]);
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    let at = |needle: &str| lines.iter().position(|l| l.contains(needle)).unwrap_or_else(|| panic!("{needle}: {out}"));
    // Said first, then each card moved in the order it lay.
    assert!(at("p1: refill deck of p1 from discard_pile of p1") < at("p1: move c1 from"), "{out}");
    let moved: Vec<&str> =
        lines.iter().filter(|l| l.starts_with("p2: move ")).map(|l| l.split(' ').nth(2).unwrap_or("")).collect();
    assert_eq!(moved, ["c1#2", "c2#2", "c3#2", "c4#2"], "{out}");
    // p2's own draws show the deck's shuffled order, which no earlier line told.
    let drawn: Vec<&str> =
        lines.iter().filter(|l| l.starts_with("p2: draw ")).map(|l| l.split(' ').nth(2).unwrap_or("")).collect();
    assert_eq!(drawn, ["c4#2", "c1#2"], "{out}");
}

/// `--turns N` plays N turns and stops: it used to open turn N+1 and run its first phase's
/// `start:`, which in Goofspiel is a whole round (two prizes for `--turns 1`, one for
/// `--turns 0`, "only the deal").
#[test]
fn turns_n_plays_n_turns_and_opens_no_other() {
    for (turns, rounds) in [("0", 0), ("1", 1), ("3", 3)] {
        let (code, out, err) = twilit(&["play", "cards/goofspiel", "--seed", "3", "--turns", turns]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.matches("use reveal_prize").count(), rounds, "--turns {turns}:\n{out}");
        // (The game's opening events name turn 1 even with `--turns 0`: the deal opens it.)
        let next = format!("-- start of turn {}", rounds + 1);
        assert!(rounds == 0 || !out.contains(&next), "--turns {turns} opened the next turn:\n{out}");
        let plural = if rounds == 1 { "" } else { "s" };
        assert!(out.contains(&format!("not ended after {turns} turn{plural}")), "{out}");
    }
    // The scores are those of the turns played: p1 9 after the first round of seed 1.
    let (_, out, _) = twilit(&["play", "cards/goofspiel", "--seed", "1", "--turns", "1"]);
    assert!(out.contains("not ended after 1 turn (scores: p1 9, p2 0)"), "{out}");
}

/// `play`, `simulate` and `bench --game` given a folder in no game (`/`, a folder of games)
/// walked it whole and checked every game below it before refusing it; they now refuse it
/// at once, reading nothing in it. A folder inside a game still plays that game.
#[test]
fn a_folder_in_no_game_is_refused_before_anything_in_it_is_read() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let games = tmp.path().join("games");
    std::fs::create_dir_all(games.join("broken")).expect("folder");
    std::fs::write(games.join("broken/game.yaml"), "game: broken\nplayers: nonsense\n").expect("written");
    let path = games.to_str().expect("utf-8 path");
    for args in [vec!["play", path], vec!["simulate", path, "--games", "2"], vec!["bench", "--game", path]] {
        let (code, out, err) = twilit(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains(&format!("{path} must be one game directory: there is no game.yaml")), "{err}");
        assert!(!err.contains("twilit::") && !err.contains("broken"), "{args:?}: read below it: {err}");
    }
    let (code, out, err) = twilit(&["play", "cards/root/factions", "--turns", "0"]);
    assert_eq!(code, 0, "{out}{err}");
}

/// `--save-replay` naming a folder played the whole game and printed its log before
/// failing to write the replay: it is refused first, with a file name to give instead.
#[test]
fn a_replay_saved_into_a_folder_is_refused_before_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let folder = dir.path().to_str().expect("utf-8");
    let (code, out, err) = twilit(&["play", "cards/goofspiel", "--seed", "1", "--save-replay", folder]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("is a folder: give the replay's file name"), "{err}");
}

/// A draft's pick moves into its picker's zone face down: the others read "a card", not
/// the card (TI4's faction draft named every player's pick to everyone; a designer's
/// walkthrough found it in a Sushi Go draft).
#[test]
fn a_drafted_card_is_named_only_to_who_sees_it() {
    let (code, out, err) = twilit(&["play", "cards/ti4", "--players", "3", "--as", "p2", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    let picks: Vec<&str> =
        out.lines().filter(|l| l.contains("from faction_hand of") && l.contains("to faction_picks")).collect();
    assert!(picks.len() >= 6, "{out}");
    for line in picks {
        let own = line.trim_start().starts_with("p2:");
        assert_eq!(!line.contains("move a card"), own, "{line}");
    }
}

/// A face-down token flipped where the other player cannot see it was named to them
/// (`p2: flip sympathy to face down`), and a hidden piece was called "a card". The flip is
/// told to who saw the token before or after, and to who flipped it; the others read
/// `flip a piece`, without the side it turned to.
#[test]
fn a_hidden_piece_flipped_is_not_named_to_who_cannot_see_it() {
    let game = "tests/fixtures/hidden_flip";
    let (code, other, err) = twilit(&["play", game, "--seed", "1", "--as", "p1"]);
    assert_eq!(code, 0, "{err}");
    let p2: Vec<&str> = other.lines().map(str::trim).filter(|l| l.starts_with("p2: ")).collect();
    assert!(p2.contains(&"p2: place a piece from cache of p2 to field"), "{other}");
    assert!(p2.contains(&"p2: flip a piece"), "{other}");
    assert!(!p2.iter().any(|l| l.contains("token") || l.contains("angry")), "{other}");
    let (_, own, _) = twilit(&["play", game, "--seed", "1", "--as", "p2"]);
    assert!(own.contains("p2: flip token#5 to angry"), "{own}");
    // Placed face down, the token's `flip ... face down` changes nothing: nothing is logged.
    assert!(!own.lines().any(|l| l.contains("flip") && l.contains("face down")), "{own}");
}

/// A round's end, as its triggers see it: `turn` is the turn that ended it (it read the
/// next turn's number), and a game that ends with a round's last turn ends that round
/// too, so a `when: end of round` scoring counts the last round (it was skipped: a
/// designer's walkthrough found both).
#[test]
fn the_last_round_ends_with_the_game_and_its_triggers_read_its_last_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  rounds_scored: { on: game, min: 0 }\n  \
        ended_at: { on: game, min: 0 }\nabilities:\n  - when: end of round\n    effect: |\n      \
        add 1 rounds_scored\n      set ended_at to turn\nturn:\n  phases:\n    - name: main\n      actions: none\n\
        end: turn >= 6\nresult:\n  winners: none\n  scores: rounds_scored * 10 + ended_at\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let (code, out, err) = twilit(&["play", dir.path().to_str().expect("utf-8"), "--seed", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    // Three rounds of two turns: the last ends with the game, read at turn 6.
    assert!(out.contains("-- end of turn 6\n-- end of round 3\n"), "{out}");
    assert!(out.contains("p2: set ended_at to 2\n") && out.contains("p2: set ended_at to 4\n"), "{out}");
    assert!(out.trim_end().ends_with("(scores: p1 36, p2 36); 41 events, 0 refused actions"), "{out}");
}

/// A card moved from a hidden hand is "a card" to the others wherever a line quotes the
/// move or names it: the question to answer it, that answer's note, and the refusal of a
/// move of it (`tests/fixtures/hidden_answers`). All three named the card picked in secret.
#[test]
fn lines_quoting_a_hidden_move_do_not_name_the_card() {
    let game = "tests/fixtures/hidden_answers";
    let (code, p1, err) = twilit(&["play", game, "--seed", "2", "--as", "p1"]);
    assert_eq!(code, 0, "{err}");
    let (code, p2, err) = twilit(&["play", game, "--seed", "2", "--as", "p2"]);
    assert_eq!(code, 0, "{err}");
    // p1 reads p2's refusal as all do; p2 reads its own.
    assert!(p1.contains("\nrefused: (the reason names what you do not see)\n"), "{p1}");
    assert!(p2.contains("\nrefused: p2 may not move secret_plan#2: forbidden by a script\n"), "{p2}");
    let quoted = |out: &str, player: &str| {
        out.lines()
            .filter(|l| l.contains("respond to \"") || l.contains("is about to happen"))
            .filter(|l| l.contains(&format!("move a card from hand of {player} to pit")))
            .count()
    };
    // Each answer to the other's move is asked and noted without the card, in both views.
    assert_eq!((quoted(&p2, "p1"), quoted(&p1, "p1")), (2, 2), "{p2}");
    assert_eq!((quoted(&p1, "p2"), quoted(&p2, "p2")), (1, 1), "{p1}");
    assert!(!p2
        .lines()
        .any(|l| l.contains("respond to \"p1: move secret_plan") || l.contains("respond to \"p1: move decoy")));
}

/// A card moved face down into a public zone is "a card" in the question to answer the
/// move (its facing as it arrives counts), and a refusal that quotes a script (`requirement
/// not met: count(duke in hand of you) >= 2`) is read by everyone: its words are card
/// ids, not a thing some player does not see (a review of the hidden lines above).
#[test]
fn a_face_down_move_and_a_quoted_script_are_told_as_the_table_sees_them() {
    let (code, p2, err) = twilit(&["play", "tests/fixtures/hidden_face_down", "--seed", "2", "--as", "p2"]);
    assert_eq!(code, 0, "{err}");
    assert!(p2.contains("p2: respond to \"p1: move a card from hand of p1 to bids\" with tripwire#2"), "{p2}");
    assert!(!p2.contains("respond to \"p1: move secret_plan") && !p2.contains("respond to \"p1: move decoy"), "{p2}");
    let (code, out, err) = twilit(&["play", "tests/fixtures/refusal_words", "--seed", "3", "--as", "p2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nrefused: requirement not met: count(duke in hand of you) >= 2\n"), "{out}");
    // A counter put on a card of a hidden hand: its owner reads which, the others not.
    let game = "tests/fixtures/hidden_counter";
    let (_, p1, _) = twilit(&["play", game, "--seed", "2", "--as", "p1"]);
    let (_, p2, _) = twilit(&["play", game, "--seed", "2", "--as", "p2"]);
    let marked =
        |out: &str, who: &str| out.lines().filter(|l| l.trim().starts_with(&format!("{who}: add 1 mark on "))).count();
    assert_eq!((marked(&p1, "p1"), marked(&p2, "p1")), (1, 0), "{p2}");
    assert_eq!((marked(&p2, "p2"), marked(&p1, "p2")), (1, 0), "{p1}");
    assert!(p2.contains("  p1: (secret)\n"), "{p2}");
}

/// `--factions x` of a game without factions says so, not that one player is too few (a
/// walkthrough read "played by exactly 2 players, not 1"); the count is still checked.
#[test]
fn factions_of_a_game_without_any_are_refused_for_what_they_are() {
    let (code, _, err) = twilit(&["play", "tests/fixtures/weights", "--factions", "x"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("weights has no faction `x`; it has none"), "{err}");
    let (code, _, err) = twilit(&["play", "cards/root", "--factions", "marquise_de_cat", "--turns", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("root is played by 2 to 4 players, not 1"), "{err}");
}

/// The result line the README quotes for `twilit play cards/goofspiel --seed 3` is the one
/// it prints (it had said 260 events after the log gained one).
#[test]
fn the_readmes_quoted_result_is_what_play_prints() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let start = flat.find("(`seed 3: ").expect("the README quotes a result") + 2;
    let quoted = &flat[start..start + flat[start..].find('`').expect("closing quote")];
    let (_, out, _) = twilit(&["play", "cards/goofspiel", "--seed", "3"]);
    assert_eq!(out.lines().last(), Some(quoted), "README.md quotes another result");
}

/// A game that is not there is said so with the help of commands that play one game: the
/// help of `test` ("default: cards/") did not fit (`play` outside any game's folder).
#[test]
fn a_missing_game_is_said_with_the_help_of_one_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = common::twilit_in(dir.path(), &["play"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`cards/lotr` does not exist"), "{err}");
    assert!(err.contains("give one game's directory") && !err.contains("default: cards/"), "{err}");
    let (code, _, err) = common::twilit_in(dir.path(), &["simulate", "no/such/game", "--games", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`no/such/game` does not exist"), "{err}");
}

/// A hand held facing away (`visibility: others`, Hanabi's): in a whole game played by the
/// random agent, its holder's log never names a card of it (their picks read `(hidden)`),
/// while the other player's log names them.
#[test]
fn a_hand_held_facing_away_is_never_named_to_its_holder() {
    let mine = |l: &&str| (l.contains("red_five") || l.contains("blue_one")) && !l.contains('#');
    for seed in ["1", "2", "3", "4"] {
        let (code, out, err) = twilit(&["play", "tests/fixtures/facing_away", "--seed", seed, "--as", "p1"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("p1: a card is played"), "seed {seed}: {out}");
        let named: Vec<&str> = out.lines().filter(mine).collect();
        assert!(named.is_empty(), "seed {seed}: p1 is shown their own cards: {named:?}");
        // Their picks name the cards by their place, as their menu does.
        assert!(out.contains("p1: act or pass: play 1st of hand of p1"), "seed {seed}: {out}");
        let (_, theirs, _) = twilit(&["play", "tests/fixtures/facing_away", "--seed", seed, "--as", "p2"]);
        assert!(theirs.lines().any(|l| mine(&l)), "seed {seed}: p2 sees p1's cards: {theirs}");
    }
}

/// A refused `setup:` (which names no place of its own) is reported at the statement of the
/// script that was running, as a run-time error is.
#[test]
fn a_refused_setup_is_reported_where_it_stopped() {
    let (code, out, err) = twilit(&["play", "tests/fixtures/setup_refused", "--seed", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("the game's `setup:` failed: tokens cannot go above 8"), "{all}");
    assert!(all.contains("setup_refused/game.yaml:15:3"), "{all}");
}

/// A pick named by its place (a card its chooser cannot see) is replayed, and the scenario
/// `scenario-from` writes of it (`action: "play 1st of hand of p1"`) runs.
#[test]
fn a_pick_named_by_its_place_replays_and_makes_a_scenario_that_runs() {
    let dir = std::env::temp_dir().join(format!("twilit-facing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let replay = dir.join("game.json");
    let replay = replay.to_str().expect("utf-8 path");
    let (code, _, err) = twilit(&["play", "tests/fixtures/facing_away", "--seed", "3", "--save-replay", replay]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = twilit(&["scenario-from", replay, "--at", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("of hand of p1\" }"), "{out}");
    assert!(!err.contains("fails when run"), "{err}");
    // `check` takes the text too, and the scenario passes in a copy of the game.
    let game = dir.join("facing_away");
    std::fs::create_dir_all(game.join("scenarios")).expect("game dir");
    for f in ["game.yaml", "cards.yaml"] {
        std::fs::copy(format!("tests/fixtures/facing_away/{f}"), game.join(f)).expect("copy");
    }
    std::fs::write(game.join("scenarios/from.yaml"), &out).expect("scenario");
    let (code, out, err) = twilit(&["test", game.to_str().expect("utf-8 path")]);
    assert_eq!(code, 0, "{out}{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A negative number given to a numeric option is said to be one (exit 2), not met with
/// clap's tip to pass it after `--`, which the option would refuse as well.
#[test]
fn a_negative_number_option_is_a_usage_error_that_says_so() {
    for args in [
        vec!["simulate", "cards/goofspiel", "--games", "-5"],
        vec!["play", "cards/goofspiel", "--seed", "-1"],
        vec!["play", "cards/goofspiel", "--turns", "-3"],
    ] {
        let (code, out, err) = twilit(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.contains("must be a whole number, 0 or more"), "{args:?}: {err}");
        assert!(!err.contains("-- -"), "{args:?}: {err}");
    }
    let (code, _, err) = twilit(&["play", "cards/goofspiel", "--seed", "99999999999999999999999"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is too large for this option"), "{err}");
}

/// A play by place whose trigger plays another card: the holder's own pick still reads by
/// place, not `(hidden)` (the narrowing had read the last play, the triggered one).
#[test]
fn a_pick_by_place_stays_readable_when_its_trigger_plays_another_card() {
    let (code, out, err) = twilit(&["play", "tests/fixtures/facing_away_chain", "--turns", "1", "--as", "p1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("p1: act or pass: play 1st of hand of p1"), "{out}");
    assert!(out.contains("chain triggers") || out.contains("game triggers"), "{out}");
}
