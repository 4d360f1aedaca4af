//! `twilit play --human SEAT`: a person's answers, piped in, play whole games against the
//! random agent; `undo` goes back one decision and the game goes on exactly as if the
//! undone answer had never been given, unless something hidden or random was seen since;
//! commands and bad answers ask again.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `twilit play ARGS` with `input` on standard input: exit code and standard output.
fn play(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("twilit starts");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let out = child.wait_with_output().expect("twilit ends");
    (out.status.code().expect("exit code"), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn result_line(out: &str) -> &str {
    out.lines().last().unwrap_or_default()
}

/// An undo after the other seat's random answer is refused: the game plays again from its
/// seed, so the same answer would come (a review: Connect Four's random seat answered `f1`
/// before and after the undo). The game goes on as without the `undo`.
#[test]
fn an_undo_past_another_seats_random_answer_is_refused() {
    let straight = "1\n".repeat(30);
    let (code, plain) = play(&["cards/connect_four", "--human", "p1", "--seed", "3"], &straight);
    assert_eq!(code, 0, "{plain}");
    let with_undo = format!("{}undo\n{}", "1\n".repeat(3), "1\n".repeat(27));
    let (code, refused) = play(&["cards/connect_four", "--human", "p1", "--seed", "3"], &with_undo);
    assert_eq!(code, 0, "{refused}");
    assert!(!refused.contains("-- undone"), "{refused}");
    assert!(refused.contains("cannot undo: something random happened since your last decision"), "{refused}");
    assert_eq!(result_line(&refused), result_line(&plain));
    // At one keyboard, a person takes back only their own decision.
    let (code, out) = play(&["cards/connect_four", "--human", "p1", "--human", "p2", "--seed", "3"], "1\nundo\n1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("cannot undo: the last decision was p1's, not yours"), "{out}");
}

/// `undo` may not go back past what the person saw that was hidden or random: the game
/// plays again from its seed, so they would bid again knowing the other bid and the next
/// prize (a designer's walkthrough doubted, saw the dice, and undid).
#[test]
fn an_undo_past_a_reveal_is_refused_and_the_game_goes_on() {
    let straight = "1\n".repeat(13);
    let (code, plain) = play(&["cards/goofspiel", "--human", "p1", "--seed", "3"], &straight);
    assert_eq!(code, 0, "{plain}");
    let with_undo = format!("{}undo\n{}", "1\n".repeat(7), "1\n".repeat(6));
    let (code, refused) = play(&["cards/goofspiel", "--human", "p1", "--seed", "3"], &with_undo);
    assert_eq!(code, 0, "{refused}");
    assert!(!refused.contains("-- undone"), "{refused}");
    let why = refused.lines().find(|l| l.starts_with("cannot undo")).expect("refused");
    assert!(
        why.starts_with("cannot undo: since your last decision you saw what was hidden or random (")
            && why.ends_with("); undo goes back only while nothing new was revealed"),
        "{why}"
    );
    assert_eq!(result_line(&refused), result_line(&plain));
}

#[test]
fn answers_by_text_commands_and_mistakes_ask_again() {
    let (code, out) =
        play(&["cards/goofspiel", "--human", "p1", "--seed", "3"], "undo\nc13\nzzz\n99\nhelp\nstate\nc2\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("p1: choose 1 card from hand: c13"), "{out}");
    assert!(out.contains("no option `zzz`: type a number from 1 to 12"), "{out}");
    assert!(out.contains("there is no option 99"), "{out}");
    assert!(out.contains("commands: state"), "{out}");
    assert!(out.contains("hand of p1: c1, c2,") && out.contains("prizes: 11 hidden"), "{out}");
    assert!(out.contains("p1: choose 1 card from hand: c2"), "{out}");
    assert!(out.contains("nothing to undo: this is the first decision"), "{out}");
    assert_eq!(result_line(&out), "seed 3: stopped before the end");
}

#[test]
fn hot_seat_two_people_and_hidden_bids() {
    let (code, out) = play(&["cards/goofspiel", "--human", "p1", "--human", "p2", "--seed", "5"], &"1\n".repeat(26));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("p2> "), "{out}");
    assert!(result_line(&out).contains("in turn 13"), "{out}");
    // Each sees the other's bid only once revealed: p1's view never names p2's bid as chosen.
    assert!(out.contains("p2: (secret choice)"), "{out}");
}

#[test]
fn at_one_keyboard_each_event_is_printed_once() {
    // p1 drops into d, p2 into c, ...: a vertical four in d for p1 at its fourth drop.
    let (code, out) =
        play(&["cards/connect_four", "--human", "p1", "--human", "p2", "--seed", "1"], &"d\nc\n".repeat(4));
    assert_eq!(code, 0, "{out}");
    for line in ["p1: Drop into which column? d1", "p2: Drop into which column? c1", "-- end of game"] {
        assert_eq!(out.matches(line).count(), 1, "`{line}` printed once:\n{out}");
    }
    assert!(result_line(&out).contains("p1 wins"), "{out}");
}

/// At one keyboard, a line the screen showed one person that reads otherwise for the
/// next (a card only the next one saw) is shown again, as they see it: the screen's one
/// record of what it printed let p2 never learn the card p1 passed them (a review).
#[test]
fn at_one_keyboard_each_person_is_shown_what_only_they_saw() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = r#"game: g
name: G
players: { min: 2, max: 2 }
zones:
  deck: { per: game, ordered: true, visibility: hidden }
  hand: { per: player, visibility: owner }
decks:
  - { zone: deck, cards: [seven, ace] }
abilities:
  - name: tip
    action: main
    requires: you == active_player
    effect: move top card of deck to hand of left of you; end phase
turn:
  phases:
    - name: main
      actions: active_player
      can_pass: false
end: turn > 2
result:
  winners: first(players)
"#;
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let cards = "cards:\n  - { id: seven, name: Seven }\n  - { id: ace, name: Ace }\n";
    std::fs::write(dir.path().join("cards.yaml"), cards).expect("cards");
    let path = dir.path().to_str().expect("utf-8");
    let (code, out) = play(&[path, "--human", "p1", "--human", "p2", "--seed", "1"], "");
    assert_eq!(code, 0, "{out}");
    // p1 gives p2 the top card unseen: p2 is shown that it was `seven`, and p1 that it
    // was a card, each once.
    for line in ["p1: move seven from deck to hand of p2", "p1: move a card from deck to hand of p2"] {
        assert_eq!(out.matches(line).count(), 1, "`{line}`:\n{out}");
    }
}

#[test]
fn a_grid_board_is_drawn_as_a_grid() {
    let (code, out) = play(&["cards/connect_four", "--human", "p1", "--seed", "1"], "d\nd\nquit\n");
    assert_eq!(code, 0, "{out}");
    // After p1's d1, p2's drop and p1's d2: row 1 and row 2 of the board, then the letters.
    let third = out.split("-- turn 5, main").nth(1).expect("turn 5's table");
    let rows: Vec<&str> = third.lines().skip(3).take(9).collect();
    assert_eq!(rows[0], "   | board (row 1 at the bottom):", "{third}");
    assert!(rows[5].ends_with("2  . . . A . . ."), "{third}");
    assert!(rows[6].starts_with("   |   1  ") && rows[6].contains(" A "), "{third}");
    assert_eq!(rows[7], "   |      a b c d e f g", "{third}");
    assert!(rows[8].contains("A: disc of p1, B: disc of p2"), "{third}");
    // Its spaces are not listed again one by one.
    assert!(!third.contains("| d1: "), "{third}");
}

#[test]
fn an_unknown_seat_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(["play", "cards/goofspiel", "--human", "p3"])
        .stdin(Stdio::null())
        .output()
        .expect("twilit runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no seat `p3`: the seats are p1 to p2"));
    // Flags that would change nothing beside `--human` are refused, not ignored.
    for (extra, says) in [
        (["--human", "p1"], "`--human p1` is given twice"),
        (["--agent", "first"], "`--agent first` does not go with `--human`"),
        (["--agent", "greedy"], "`--agent greedy` does not go with `--human`"),
        (["--as", "p2"], "`--as` does not go with `--human`"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_twilit"))
            .args(["play", "cards/goofspiel", "--human", "p1"])
            .args(extra)
            .stdin(Stdio::null())
            .output()
            .expect("twilit runs");
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(says), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn the_readme_session_is_what_the_tool_prints() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let start = readme.find("$ twilit play cards/goofspiel --human p1 --seed 3\n").expect("the README shows a session");
    let block = &readme[start..];
    let block = &block[block.find('\n').expect("a line") + 1..block.find("```").expect("the block ends")];
    let (code, out) = play(&["cards/goofspiel", "--human", "p1", "--seed", "3"], "13\n");
    assert_eq!(code, 0, "{out}");
    // Each line shown (but the elisions) is printed, in order; the typed answer is echoed.
    let mut rest = out.as_str();
    for line in block.lines().filter(|l| !l.trim_start().starts_with("...")) {
        let at = rest.find(line).unwrap_or_else(|| panic!("README line not printed (in order): {line:?}\n{out}"));
        rest = &rest[at + line.len()..];
    }
}

/// The table a person is shown lists the game's variables after its counters: Crazy
/// Eights' `dealer` (a player) beside `suit_to_follow`.
#[test]
fn the_table_shows_the_game_variables() {
    let (_, out) = play(&["cards/crazy_eights", "--players", "2", "--human", "p1", "--seed", "1"], "");
    let table: Vec<&str> = out.lines().filter(|l| l.trim_start().starts_with("| ")).collect();
    assert!(table.iter().any(|l| l.trim_start() == "| dealer = p2"), "{out}");
    let (counter, variable) =
        (table.iter().position(|l| l.contains("suit_to_follow =")), table.iter().position(|l| l.contains("dealer =")));
    assert!(counter < variable, "variables come after the counters: {table:?}");
}

/// `card ID` shows a card's printed values and text at the table: options are labels
/// (`c5#2`), and a person could not read what a card does (a designer's walkthrough).
#[test]
fn card_shows_a_cards_values_and_text() {
    let input = "card gimli_dwarf_of_erebor\ncard gimli#2\ncard\nquit\n";
    let (code, out) = play(&["cards/lotr", "--human", "p1", "--seed", "1"], input);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("  Gimli (gimli_dwarf_of_erebor)\n"), "{out}");
    assert!(out.contains("strength 6") && out.contains("culture dwarven"), "{out}");
    assert!(out.contains("  text: Damage +1. Fellowship: If the twilight pool"), "{out}");
    assert!(out.contains("no card or piece `gimli` in this game"), "{out}");
    assert!(out.contains("name a card: `card ID`"), "{out}");
    // A piece's label names its kind: its sides (a walkthrough: `card die#6` said there
    // was no card `die`).
    let (code, out) = play(&["cards/root", "--human", "p1", "--seed", "1"], "card assembly#2\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("  assembly: a piece (its counters: `state`)\n  sides: closed, governing\n"), "{out}");
}

/// A question the game's `setup:` asks is headed `setup`, not the first turn it comes
/// before (a designer's walkthrough): TI4 drafts factions in setup; its first turn's
/// heading comes after the draft.
#[test]
fn setup_questions_are_headed_setup() {
    let (code, out) = play(&["cards/ti4", "--players", "3", "--human", "p1", "--seed", "1"], "1\nquit\n");
    assert_eq!(code, 0, "{out}");
    let headings: Vec<&str> = out.lines().filter(|l| l.starts_with("-- ")).collect();
    assert_eq!(headings.first(), Some(&"-- setup, p1 to act (the table as p1 sees it)"), "{out}");
}

/// A multiple choice answered by the options' texts, separated by commas (a designer's
/// walkthrough: only numbers were taken); a line that is not UTF-8 or longer than any
/// answer is asked again, not taken for the end of the input (a hostile-input hunt).
#[test]
fn several_options_by_text_and_lines_that_are_no_answer() {
    // Goofspiel's bids, each "choose 1", answered with 1s after the lines that are no answer.
    let long = "9".repeat(100_000);
    let input = format!("caf\u{e9}\n{long}\n{}", "1\n".repeat(40));
    let bytes: Vec<u8> = input.bytes().map(|b| if b == 0xc3 { 0xe9 } else { b }).filter(|&b| b != 0xa9).collect();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(["play", "cards/goofspiel", "--human", "p1", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("twilit starts");
    child.stdin.take().expect("stdin").write_all(&bytes).expect("input written");
    let out = child.wait_with_output().expect("twilit ends");
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.contains("that answer is not UTF-8 text: type it again"), "{out}");
    assert!(
        out.contains(
            "that answer is longer than 4096 bytes, and no answer is that long: type an option's number or text"
        ),
        "{out}"
    );
    assert!(!out.contains(&long[..5000]), "a long line is not echoed");
    assert!(result_line(&out).contains("wins") || result_line(&out).contains("draw"), "{}", result_line(&out));
}

/// The table a person sees names no counter of a thing they cannot see: the counter would
/// tell what the hidden thing is (a designer's walkthrough: every opponent's dice in a
/// Liar's Dice, each die a piece in its owner's cup with its `pips` on it).
#[test]
fn the_table_hides_the_counters_of_hidden_things() {
    let dir = tempfile::tempdir().expect("temp dir");
    let yaml = "game: cups\nname: Cups\nplayers: { min: 2, max: 2 }\nzones:\n  \
        cup: { per: player, visibility: owner, holds: [die] }\n  hand: { per: player, visibility: owner }\n  \
        deck: { per: game, visibility: hidden }\npieces:\n  die: { per_player: 1, plural: dice }\n\
        counters:\n  pips: { on: card, min: 0, max: 6 }\ndecks:\n  - { zone: deck, cards: all }\n\
        abilities:\n  - name: done\n    action: main\n    effect: end phase\n\
        turn:\n  phases:\n    - name: main\n      actions: active_player\n      can_pass: false\n\
        setup: |\n  for each p in players {\n    draw 1 from deck into hand for p\n    \
        if p == first(players) {\n      set pips of first(dice in cup of p) to 4\n      \
        set pips of first(cards in hand of p) to 5\n    } else {\n      \
        set pips of first(dice in cup of p) to 3\n    }\n  }\n\
        end: turn > 2\nresult:\n  winners: none\n";
    std::fs::write(dir.path().join("game.yaml"), yaml).expect("game");
    std::fs::write(dir.path().join("cards.yaml"), "- { id: gem, name: Gem, copies: 2 }\n").expect("cards");
    let game = dir.path().to_str().expect("utf-8");
    let (code, out) = play(&[game, "--seed", "1", "--human", "p2"], "1\n");
    assert_eq!(code, 0, "{out}");
    let table: Vec<&str> = out.lines().filter_map(|l| l.trim_start().strip_prefix("| ")).collect();
    assert!(table.contains(&"pips of die#2 = 3"), "p2 sees its own die's counter: {table:?}");
    assert!(table.contains(&"cup of p1: 1 hidden"), "{table:?}");
    assert!(!table.iter().any(|l| l.contains("= 4") || l.contains("= 5")), "p1's die and card are hidden: {table:?}");
    let (_, out) = play(&[game, "--seed", "1", "--human", "p1"], "1\n");
    let table: Vec<&str> = out.lines().filter_map(|l| l.trim_start().strip_prefix("| ")).collect();
    assert!(table.contains(&"pips of die = 4") && table.iter().any(|l| l.ends_with("= 5")), "{table:?}");
    assert!(!table.iter().any(|l| l.ends_with("= 3")), "{table:?}");
}

/// A question asked of someone other than the active player (Goofspiel's simultaneous
/// bids, a secret pick) is headed with who answers, not only whose turn it is: "p1 to act"
/// over p2's own bid read as if p1 were asked (a designer's walkthrough).
#[test]
fn a_question_of_another_player_is_headed_with_who_answers() {
    let (code, out) = play(&["cards/goofspiel", "--human", "p2", "--seed", "3"], "1\nquit\n");
    assert_eq!(code, 0, "{out}");
    let headings: Vec<&str> = out.lines().filter(|l| l.starts_with("-- ")).collect();
    assert_eq!(
        headings.first(),
        Some(&"-- turn 1, bidding, p1's turn, p2 to answer (the table as p2 sees it)"),
        "{out}"
    );
}

/// A question whose options are numbers (`choose numbers(5, 15)`) is answered by the
/// number itself, not by its place in a numbered list ("3" picked the third option, 7,
/// while "11" picked 15: a designer's walkthrough), and a long range is not listed.
#[test]
fn a_number_is_answered_by_itself() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: bids\nname: Bids\nplayers: { min: 2, max: 2 }\ncounters:\n  bid: { on: player, min: 0 }\n\
        abilities:\n  - name: bid\n    action: turn\n    effect: |\n      set bid of you to choose numbers(5, 15)\n      \
        set bid of you to bid of you + choose numbers(1, 100)\n      end phase\n\
        turn:\n  phases:\n    - name: main\n      actions: active_player\nend: turn > 1\n\
        result:\n  winners: most(players, bid of it)\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let path = dir.path().to_string_lossy().into_owned();
    let (code, out) = play(&[&path, "--human", "p1", "--seed", "1"], "2\n3\n7\n100\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("  5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n"), "{out}");
    // Each player's counter shows before it first changes, at its start.
    assert!(out.contains("   | bid of p1 = 0\n   | bid of p2 = 0\n"), "{out}");
    assert!(out.contains("`3` is not one of the numbers offered (5 to 15)"), "{out}");
    assert!(out.contains("p1: choose numbers(5, 15): 7"), "{out}");
    assert!(out.contains("  a number from 1 to 100\n") && out.contains("p1: choose numbers(1, 100): 100"), "{out}");
}

/// A question of one option nobody can decline (`act` where only one action is legal and
/// passing is not allowed) is said, not asked: it took an answer every turn (a designer's
/// walkthrough). `undo` goes back past it to the last real decision, and the game goes on
/// as if the undone answer had never been given.
#[test]
fn a_question_of_one_option_is_said_not_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  vp: { on: player, min: 0 }\n\
        abilities:\n  - name: mark\n    action: turn\n    \
        effect: add (choose numbers(1, 3)) vp to you; add (choose numbers(1, 3)) vp to you; end phase\n\
        turn:\n  phases:\n    - name: main\n      actions: active_player\n      can_pass: false\n\
        end: turn >= 4\nresult:\n  winners: most(players, vp of it)\n  scores: vp of it\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let path = dir.path().to_str().expect("utf-8");
    let (code, out) = play(&[path, "--human", "p1", "--seed", "1"], "2\nundo\n3\n1\n1\n1\n");
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches("p1: act: use mark (the only option)").count(), 2, "turns 1 and 3: {out}");
    assert!(!out.contains("p1: act\n"), "never asked: {out}");
    // The undo at turn 1's second number goes back to its first.
    let after = &out[out.find("-- undone").expect("undone")..];
    assert!(after.contains("-- turn 1,"), "{out}");
    let (code, straight) = play(&[path, "--human", "p1", "--seed", "1"], "3\n1\n1\n1\n");
    assert_eq!(code, 0, "{straight}");
    assert_eq!(result_line(&out), result_line(&straight));
    assert!(out.contains("scores: p1 6,"), "3 and 1, then 1 and 1: {out}");
}

/// A question the script writes (`choose "How many?": ...`, `may "...": { }`) is what the
/// person is asked and what the log shows; the script's words are not (three designers'
/// walkthroughs asked for it).
#[test]
fn a_written_question_is_asked_in_its_own_words() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  vp: { on: player, min: 0 }\n\
        abilities:\n  - name: mark\n    action: turn\n    effect: |\n      \
        add (choose \"How many points do you mark?\": numbers(1, 3)) vp to you\n      \
        may \"Mark one more?\": { add 1 vp to you }\n      end phase\n\
        turn:\n  phases:\n    - name: main\n      actions: active_player\n      can_pass: false\n\
        end: turn >= 2\nresult:\n  winners: most(players, vp of it)\n  scores: vp of it\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let path = dir.path().to_str().expect("utf-8");
    let (code, out) = play(&[path, "--human", "p1", "--seed", "1"], "3\nyes\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("p1: How many points do you mark?\n"), "{out}");
    assert!(out.contains("p1: How many points do you mark? 3\n"), "the log: {out}");
    assert!(out.contains("p1: Mark one more?\n   1. yes\n   2. no\n"), "{out}");
    assert!(out.contains("p1: Mark one more? yes\n"), "{out}");
    assert!(!out.contains("choose numbers") && !out.contains("may:"), "the script's words: {out}");
    assert!(out.contains("scores: p1 4,"), "3 then 1: {out}");
}

/// A counter set in a secret block (`simultaneously as`) is hidden from the other players
/// in the table until a change they see, as in the log; and a secret change that changes
/// nothing is still logged, or a missing `(secret)` line (and the old value in the table)
/// would tell that the bid was 0 (a designer's walkthrough found both).
#[test]
fn a_secret_counter_stays_hidden_in_the_table() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  bid: { on: player, min: 0 }\n  \
        guess: { on: player, min: 0 }\nturn:\n  phases:\n    - name: main\n      actions: none\n      start: |\n        \
        simultaneously as players { set bid of you to choose \"Secret bid?\": numbers(0, 3) }\n        \
        for each p in players { as p { set guess of you to choose \"Guess the other bid:\": numbers(0, 3) } }\n\
        end: round >= 1\nresult:\n  winners: players where guess of it == bid of (first(opponents of it))\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let path = dir.path().to_str().expect("utf-8");
    // Seed 1: p1 bids 2 in secret; p2 bids 0, which changes nothing.
    let (code, out) = play(&[path, "--human", "p2", "--seed", "1"], "0\nstate\n1\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("  p1: (secret choice)\n  p1: (secret)\n"), "{out}");
    assert!(out.contains("   | bid of p1 = (hidden)\n   | bid of p2 = 0\n"), "{out}");
    assert!(out.contains("  p2: Secret bid? 0\n  p2: set bid on p2 to 0\n"), "{out}");
    // p1's view of the same game: p2's unchanged bid is a secret line too.
    let (code, out) = play(&[path, "--as", "p1", "--seed", "1", "--agent", "first"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("p2: (secret choice)\np2: (secret)\n"), "{out}");
}

/// An option that names a card shows the card's name beside its id (`play ca (Ace of
/// Clubs)`): ids alone sent a player to `card ID` for each (a designer's walkthrough).
/// Goofspiel's cards, named by their number alone, are left as they are.
#[test]
fn an_option_naming_a_card_shows_its_name() {
    let (code, out) = play(&["cards/crazy_eights", "--human", "p1", "--seed", "1"], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("p1: act\n   1. play ca (Ace of Clubs)\n   2. use draw\n"), "{out}");
    let (code, out) = play(&["cards/goofspiel", "--human", "p1", "--seed", "3"], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("   1. c1\n"), "{out}");
}

/// Each player's secret block is rehearsed before it runs; a question put to another
/// player meanwhile (a trigger's) showed them the block's bid in the table and the log,
/// and in the real run their own answer to it was hidden from them (a reviewer found
/// both). The rehearsal is as secret as the run, and an answer is seen by who gave it.
#[test]
fn a_question_asked_during_a_secret_block_shows_none_of_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: reh\nname: Reh\nplayers: { min: 2, max: 2 }\ncounters:\n  bid: { on: player, min: 0 }\n  \
        vp: { on: player, min: 0 }\nturn:\n  phases:\n    - name: main\n      actions: none\n      start: |\n        \
        simultaneously as players { add (choose \"How much do you bid?\": numbers(1, 2)) bid to you }\n\
        end: turn > 1\nresult:\n  winners: most(players, vp of it)\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let fa = "faction: fa\nname: FA\nabilities:\n  - when: a player adds bid\n    optional: true\n    effect: add 1 vp to you\n";
    std::fs::write(dir.path().join("fa.yaml"), fa).expect("fa");
    std::fs::write(dir.path().join("fb.yaml"), "faction: fb\nname: FB\n").expect("fb");
    let path = dir.path().to_str().expect("utf-8");
    // p1 bids 1 and declines the trigger at each bid; p2 bids 2 (seed 1).
    let (code, out) = play(&[path, "--human", "p1", "--seed", "1"], "1\nno\nstate\nno\n");
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("bid of p2 = 2") && !out.contains("p2: How much do you bid? 2"), "p2's bid: {out}");
    assert!(out.contains("   | bid of p2 = (hidden)\n"), "{out}");
    let own = "  p1: use the triggered ability of fa (when a player adds bid): no\n  p2: (secret choice)";
    assert!(out.contains(own), "p1 reads their own answer: {out}");
}

/// A written question that ends with its own mark is said with its one option as the log
/// writes it: a space, no colon (`Which card? c1`; it read `Which card?: c1`).
#[test]
fn a_written_question_of_one_option_takes_no_colon() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\ncounters:\n  vp: { on: player, min: 0 }\n\
        abilities:\n  - name: mark\n    action: turn\n    effect: |\n      add (choose \"How many?\": numbers(2, 2)) vp to you\n      end phase\n\
        turn:\n  phases:\n    - name: main\n      actions: active_player\n      can_pass: false\n\
        end: turn >= 2\nresult:\n  winners: most(players, vp of it)\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("game");
    let path = dir.path().to_str().expect("utf-8");
    let (code, out) = play(&[path, "--human", "p1", "--seed", "1"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("p1: How many? 2 (the only option)"), "{out}");
}

/// A secret block set up for both seats is rehearsed (asking the person), undone and run
/// again: when the person is next asked, they are shown every line of the other seat's
/// block, not only those past the lines the rehearsal had shown them.
#[test]
fn the_other_seats_secret_setup_is_shown_whole() {
    let (code, out) = play(&["tests/fixtures/secret_setup", "--human", "p2", "--seed", "2"], "1\n1\n1\n1\n1\nquit\n");
    assert_eq!(code, 0, "{out}");
    let before_turn = out.split("-- turn 2").next().unwrap_or_default();
    assert_eq!(before_turn.matches("p1: (secret choice)").count(), 3, "{out}");
    assert_eq!(before_turn.matches("p1: (secret)\n").count(), 3, "{out}");
}
