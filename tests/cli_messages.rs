//! Small CLI messages a designer met: a missing path given to `test`, `explain` without
//! `--path` outside a folder with `cards/`, and `check`'s summary for one file of a game.

mod common;

use std::process::Command;

use common::twilit;

/// `test nosuchdir` said "fix them before running scenarios", as if the games had errors;
/// it is a usage error naming the path, as `check nosuchdir` is (whose diagnostic now
/// also says how paths are read).
#[test]
fn a_missing_path_is_a_usage_error_that_says_so() {
    let (code, out, err) = twilit(&["test", "nosuchdir"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("`nosuchdir` does not exist"), "{err}");
    assert!(err.contains("help: give a game directory or a file of a game"), "{err}");
    assert!(!format!("{out}{err}").contains("fix them before running scenarios"), "{out}{err}");
    let (code, out, _) = twilit(&["check", "nosuchdir"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("cannot read `nosuchdir`") && out.contains("help: check the path"), "{out}");
    // `play` said the game "must be one game directory that checks clean" (a walkthrough).
    for cmd in [&["play", "nosuchdir"][..], &["simulate", "nosuchdir", "--games", "1"]] {
        let (code, out, err) = twilit(cmd);
        assert_eq!(code, 2, "{out}{err}");
        assert!(err.starts_with("error: `nosuchdir` does not exist\n"), "{err}");
        assert!(!err.contains("checks clean"), "{err}");
    }
}

/// `explain ID` reads `cards/` by default; run elsewhere it said only "cannot read
/// `cards`". The diagnostic now says to pass `--path`.
#[test]
fn explain_without_cards_says_to_pass_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let o = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .current_dir(dir.path())
        .args(["explain", "jester"])
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot read `cards`"), "{err}");
    assert!(err.contains("`--path DIR`") && err.contains("holds `cards/`"), "{err}");
}

/// One file of a game is checked with the rest of the game; its summary said `(0 cards)`
/// for `game.yaml` as if the game had none. It now counts the other files read too.
#[test]
fn checking_one_file_says_what_else_of_its_game_was_checked() {
    let (code, out, err) = twilit(&["check", "tests/fixtures/explain/game.yaml"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out.trim_end(),
        "0 errors, 0 warnings in 1 file (0 cards), checked with 1 other file of its game (2 cards)"
    );
    let (_, out, _) = twilit(&["check", "tests/fixtures/explain"]);
    assert_eq!(out.trim_end(), "0 errors, 0 warnings in 2 files (2 cards)");
}

/// `test --filter` that keeps no scenario printed `0 passed, 0 failed` and exited 0, so a
/// typo in CI ran nothing and passed. It is a usage error naming the closest word of a
/// scenario's name.
#[test]
fn a_filter_that_keeps_nothing_is_a_usage_error() {
    let (code, out, err) = twilit(&["test", "cards/crazy_eights", "--filter", "stalmate"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("no scenario's name contains `stalmate`"), "{err}");
    assert!(err.contains("did you mean `stalemate`?"), "{err}");
    assert!(!out.contains("0 passed"), "{out}");
    let (code, _, err) = twilit(&["test", "cards/crazy_eights", "--filter", "zzzzzz"]);
    assert_eq!(code, 2);
    assert!(err.contains("`twilit test` without `--filter` lists every scenario"), "{err}");
    // With a file named, the names offered are that file's: `stalemate` is in another.
    let file = "cards/crazy_eights/scenarios/going_out_wins.yaml";
    let (code, _, err) = twilit(&["test", file, "--filter", "stalmate"]);
    assert_eq!(code, 2);
    assert!(!err.contains("stalemate"), "{err}");
    // A filter that keeps some still runs them.
    let (code, out, err) = twilit(&["test", "cards/crazy_eights", "--filter", "stalemate"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
}

/// Run inside a game's folder (a `game.yaml`, no `cards/`), `check`, `test` and `explain`
/// read that game: they looked for `cards/` and failed ("`cards` does not exist").
#[test]
fn commands_run_in_a_games_folder_read_that_game() {
    let game = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/explain");
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_twilit"))
            .current_dir(&game)
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .expect("runs");
        let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
        (o.status.code(), text)
    };
    let (code, out) = run(&["check"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("0 errors"), "{out}");
    let (code, out) = run(&["explain", "herald"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("card herald (Herald)"), "{out}");
    // The game has no scenarios: read, and said to have tested nothing.
    let (code, out) = run(&["test"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("0 passed, 0 failed"), "{out}");
    assert!(out.contains("the games named have no scenarios: nothing was tested"), "{out}");
}

/// A trigger's `you` on a card nobody controls where it lies (a shared deck's card played
/// to a shared pile): the error said only "`you` is nobody here", with no place and no
/// ability. It is raised at the trigger's pattern, names the ability and says why (a
/// designer's walkthrough, who bisected the game to find it).
#[test]
fn a_trigger_whose_you_is_nobody_is_reported_at_its_pattern() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nzones:\n  deck: { per: game, ordered: true }\n  \
        hand: { per: player, playable: true }\n  pile: { per: game }\ncounters:\n  n: { on: player, min: 0 }\n\
        decks:\n  - { zone: deck, cards: all }\nsetup: |\n  for each p in players { draw 1 from deck into hand for p }\n\
        play: move this to pile\nturn:\n  phases:\n    - { name: main, actions: active_player }\nend: turn > 4\n\
        result:\n  winners: most(players, n of it)\n";
    let cards =
        "- id: bonus\n  name: Bonus\n  copies: 2\n  abilities:\n    - when: you play this\n      effect: add 1 n\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    std::fs::write(dir.path().join("cards.yaml"), cards).expect("cards");
    let path = dir.path().to_str().expect("utf-8");
    let (code, _, err) = twilit(&["play", path, "--seed", "1"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("nobody controls this card where it lies"), "{err}");
    assert!(err.contains("(in the triggered ability of bonus)"), "{err}");
    assert!(err.contains("cards.yaml:5:13"), "{err}");
}

/// `bench --runs 0` did one run and said nothing; a huge count ran until killed. The
/// count is 1 to 100, a usage error otherwise.
#[test]
fn bench_runs_are_one_to_a_hundred() {
    for runs in ["0", "101", "18446744073709551615"] {
        let (code, _, err) = twilit(&["bench", "--cards", "10", "--runs", runs]);
        assert_eq!(code, 2, "{runs}: {err}");
        assert!(err.contains("--runs"), "{err}");
    }
}

/// `explain` of an unknown id said "no card or faction", though game abilities and
/// procedures are explained too.
#[test]
fn explain_of_an_unknown_id_names_what_it_looked_for() {
    let (code, _, err) = twilit(&["explain", "drow", "--path", "cards/crazy_eights"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("error: no card, faction, game ability or procedure `drow`; did you mean `draw`?"), "{err}");
}

/// A parameter declared `space` took a card, and `move ... to c` put the cube onto it; a
/// `card` parameter took a space. `check` tells them apart only when named (`infect(memo)`,
/// `tests/fixtures/bad/card_for_a_space_parameter`); a local holding one is refused when
/// the call runs, at the call, naming the parameter (a designer's walkthrough).
#[test]
fn an_argument_of_the_wrong_kind_is_refused_at_the_call() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nzones:\n  hand: { per: player }\n  supply: { per: game }\n\
        pieces:\n  cube: { per_game: 3 }\nboard:\n  spaces:\n    - { id: paris }\nprocedures:\n  infect:\n    \
        params: [\"c: space\"]\n    script: move 1 cube in supply to c\n  name_of_card:\n    params: [\"k: card\"]\n    \
        value: name of k\n  tidy:\n    params: [\"c: cards\"]\n    script: shuffle c into hand\n";
    let scenario = "scenario: kinds\ngame: g\nplayers: [{ name: alice }, { name: bob }]\nsetup:\n  \
        - { put: [memo], in: hand, of: alice }\n  - { put: [cube, cube], in: supply }\nsteps:\n  \
        - act: { player: alice, script: \"infect(paris)\" }\n  - expect: count(cubes at paris) == 1\n  \
        - act: { player: alice, script: \"tidy(hand of alice)\" }\n  \
        - act: { player: alice, script: \"let m = memo; infect(m)\" }\n";
    std::fs::create_dir_all(dir.path().join("scenarios")).expect("dirs");
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    std::fs::write(dir.path().join("cards.yaml"), "- { id: memo, name: Memo }\n").expect("cards");
    std::fs::write(dir.path().join("scenarios/kinds.yaml"), scenario).expect("scenario");
    let (code, out, _) = twilit(&["test", dir.path().to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    // A zone is a selection of what it holds: it passes for `cards`.
    assert!(out.contains("step 4 (error): argument `c` of `infect` should be a board space, but is memo"), "{out}");
    assert!(out.contains("kinds.yaml:11:50"), "the call, in the step's script: {out}");
    // A hand is no board space.
    let scenario = std::fs::read_to_string(dir.path().join("scenarios/kinds.yaml")).expect("read");
    std::fs::write(dir.path().join("scenarios/kinds.yaml"), scenario.replace("infect(m)", "infect(hand of alice)"))
        .expect("scenario");
    let (_, out, _) = twilit(&["test", dir.path().to_str().expect("utf-8")]);
    assert!(out.contains("argument `c` of `infect` should be a board space, but is hand of alice"), "{out}");
    // Nothing is no space: a lookup that found none (a misspelt name) ran the body with
    // nowhere, silently (a designer's walkthrough). An empty selection of cards passes.
    let scenario = std::fs::read_to_string(dir.path().join("scenarios/kinds.yaml")).expect("read");
    let none = scenario.replace("infect(hand of alice)", "tidy(none); infect(none)");
    std::fs::write(dir.path().join("scenarios/kinds.yaml"), none).expect("scenario");
    let (_, out, _) = twilit(&["test", dir.path().to_str().expect("utf-8")]);
    assert!(out.contains("step 4 (error): argument `c` of `infect` should be a board space, but is none"), "{out}");
}

/// `bench --game` said "0 events logged" of every game: the quiet games it times (as
/// `simulate` plays them) keep no log. It gives the turns' rate alone.
#[test]
fn bench_of_a_game_gives_no_event_count() {
    let (code, out, err) = twilit(&["bench", "--game", "cards/goofspiel", "--turns", "13", "--runs", "1"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().find(|l| l.starts_with("random game: 13 turns in ")).expect(&out);
    assert!(line.ends_with(" turns/s)") && !line.contains("events"), "{line}");
}

/// An `order:` reading a player variable never set gave rounds of no turn, and the last
/// active player went on alone, unseen (a designer's walkthrough). It is a run-time error
/// at the `order:` line.
#[test]
fn an_order_of_no_player_is_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 3 }\nvariables:\n  first: { type: player }\n\
        counters:\n  vp: { on: player, min: 0 }\nabilities:\n  - name: gain\n    action: turn\n    \
        effect: add 1 vp to you\nturn:\n  order: first\n  phases:\n    - name: main\n      \
        actions: active_player\nend: turn > 6\nresult:\n  winners: most(players, vp of it)\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let (code, out, err) = twilit(&["play", dir.path().to_str().expect("utf-8"), "--seed", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("`order:` gives no player (none): a round needs one turn"), "{err}");
    assert!(err.contains("game.yaml:13:10"), "{err}");
    assert!(!out.contains("p1: use gain"), "nobody took a turn: {out}");
    // The same variable as the seat an order starts from (a designer's walkthrough read
    // "`first` should be one player, but is none", which the docs did not mention).
    std::fs::write(dir.path().join("game.yaml"), game.replace("order: first", "order: clockwise from first"))
        .expect("game");
    let (code, out, err) = twilit(&["play", dir.path().to_str().expect("utf-8"), "--seed", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("`order:` starts from `first`, which is none: a round needs a player to start from"), "{err}");
    assert!(err.contains("game.yaml:13:10"), "{err}");
}

/// A run-time error in a step's own one-line script was drawn as two labels on one line:
/// the step's underline, with "the error is raised here" hung on its end, far from the
/// place (a designer's walkthrough). The place alone is underlined now.
#[test]
fn an_error_in_a_steps_own_script_is_underlined_where_it_is_raised() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  pool: { on: game, min: 0 }\n";
    let scenario = "scenario: s\ngame: g\nplayers: [{ name: alice }, { name: bob }]\nsteps:\n  \
        - act: { player: alice, script: \"add 1 pool; add (3 / (pool - 1)) pool\" }\n";
    std::fs::create_dir_all(dir.path().join("scenarios")).expect("dirs");
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    std::fs::write(dir.path().join("scenarios/s.yaml"), scenario).expect("scenario");
    let (code, out, err) = twilit(&["test", dir.path().to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("raised at") && out.contains("s.yaml:5:53"), "{out}");
    assert!(err.contains("s.yaml:5:53]"), "the diagnostic is at the place: {err}");
    let drawn: Vec<&str> = err.lines().filter(|l| l.contains('─') && !l.contains('╭') && !l.contains('╰')).collect();
    assert_eq!(drawn.len(), 1, "one underline: {err}");
    // In characters: the gutter's `│` and `·` are several bytes each.
    let column = |l: &str, at: usize| l[..at].chars().count();
    let under = drawn[0].find('─').map(|at| column(drawn[0], at));
    let line = err.lines().find(|l| l.contains("- act:")).expect("the step's line");
    assert_eq!(under, line.find("3 /").map(|at| column(line, at)), "{err}");
}

/// A competitive game every game of which ends tied is not "a table that won together":
/// no game was lost by every seat, so every win was shared (a walkthrough's game, whose
/// `winners:` were all the players tied for the most points).
#[test]
fn shared_wins_without_a_shared_loss_are_not_called_a_table_winning_together() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  vp: { on: player, min: 0 }\n\
        turn:\n  phases:\n    - { name: main, actions: none }\nend: turn > 2\n\
        result:\n  winners: players where vp of it == 0\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("write");
    let path = dir.path().to_str().expect("utf-8");
    let (code, out, err) = twilit(&["simulate", path, "--games", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("every seat won the same 20 of 20 games: 100.0%"), "{out}");
    assert!(out.contains("every win was shared: a tie every time, or a table that never lost"), "{out}");
    assert!(!out.contains("won together"), "{out}");
}

/// Seats with equal counts did not win together unless they won the same games: two
/// duels, one won by each seat, were "the table won together 1 of 2 games" (a review).
#[test]
fn equal_counts_of_different_games_are_no_table_winning_together() {
    let (code, out, err) =
        twilit(&["simulate", "tests/fixtures/weights", "--games", "2", "--seed", "7", "--weight", "strike=5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("p1        2     1      0       1"), "one win each: {out}");
    assert!(!out.contains("together") && !out.contains("every win was shared"), "{out}");
}

/// Names given twice that are not ambiguous pass `check`: triggered abilities named alike
/// (no `use` line offers them) and a faction's two entries for one phase of the game (each
/// adds its script to that phase). The first `duplicate-name` check refused both (a review).
#[test]
fn names_alike_that_nothing_confuses_pass_check() {
    let (code, out, err) = twilit(&["check", "tests/fixtures/names_alike"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");
}

/// `pass` in an `expect_actions` list is the window's, which the list never holds; but in a
/// game with an ability named `pass` (Crazy Eights) it is that ability without its `use`.
#[test]
fn pass_in_an_action_list_is_the_ability_where_the_game_has_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("crazy_eights");
    common::copy_game(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/crazy_eights"), &game);
    let scenario = "scenario: s\ngame: crazy_eights\nplayers: [{ name: a }, { name: b }]\n\
        steps:\n  - expect_actions: { player: a, actions: [pass] }\n";
    std::fs::write(game.join("scenarios/s.yaml"), scenario).expect("write");
    let (code, out, _) = twilit(&["check", game.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("`pass` names no action") && out.contains("did you mean `use pass`?"), "{out}");
}
