//! Tests of the syntax hints (`hints.rs`).

use super::super::parse_script;

fn err(src: &str) -> (String, String) {
    let e = parse_script(src).unwrap_err();
    (e.message, e.help.unwrap_or_default())
}

#[test]
fn the_brace_goes_to_the_construct_that_lacks_it() {
    // A table's braces in the condition are its own: the `if` still lacks one.
    let (m, _) = err("if table n { 1: 1, else: 2 } > 1 draw 1");
    assert_eq!(m, "expected `{` to open the body of `if`, found `draw`");
    // `for` as a clause is not a loop; the `repeat` after it is what lacks a brace.
    let (m, _) = err("score 1 for you\nrepeat 2 times\n  draw 1\n}");
    assert_eq!(m, "expected `{` to open the body of `repeat`, found `draw`");
    let (m, h) = err("any number of times draw 1");
    assert_eq!(m, "expected `{` to open the body of `any number of times`, found `draw`");
    assert!(h.contains("`any number of times { ... }`"), "{h}");
}

#[test]
fn swapped_amounts_need_a_verb_a_name_and_a_number() {
    assert_eq!(err("move soldier 2 to hand").1, "write `move 2 soldier`");
    // `draw` counts cards itself: the fix is the one that checks.
    assert_eq!(err("draw cards 2").1, "write `draw 2`");
    // A comment after the amount does not hide it.
    assert_eq!(err("add coins 2  # the harvest\n").1, "write `add 2 coins`");
    assert_eq!(err("add coins 2 # the harvest\ndraw 1").1, "write `add 2 coins`");
    // Not a verb, or not a name before the number: pest's own message stands.
    assert!(!err("let x = coins 2").0.contains("amount"));
    assert!(!err("draw 1 2").0.contains("amount"));
    assert!(!err("add of 2").0.contains("amount"));
}

#[test]
fn an_amount_that_is_a_call_goes_in_parentheses() {
    let (m, h) = err("add sum(cards in played of p, points) penalty to p");
    assert_eq!(h, "write `add (sum(cards in played of p, points)) penalty`");
    let e = parse_script("add sum(cards in pile, points) penalty to p").unwrap_err();
    assert_eq!((e.span.clone(), e.fix.as_deref()), (0..30, Some("add (sum(cards in pile, points))")));
    assert!(m.starts_with("an amount that is a call goes in parentheses"), "{m}");
    let (_, h) = err("if true {\n  remove count(cards in hand) coins from you\n}");
    assert_eq!(h, "write `remove (count(cards in hand)) coins`");
    // Written in parentheses, it parses.
    assert!(parse_script("add (sum(cards in pile of p, points)) penalty to p").is_ok());
    // Not a verb first, or no name after the call: pest's own message stands.
    assert!(!err("let x = sum(cards, points) penalty").0.contains("parentheses"));
    assert!(!err("draw count(cards in hand) to").0.contains("parentheses"));
    // Nor a verb that takes no amount, nor a misspelled keyword after the call.
    assert!(!err("draw count(cards in hand) form market").0.contains("parentheses"));
    assert!(!err("discard random(cards in hand) form pile").0.contains("parentheses"));
    let (m, h) = err("add sum(cards in pile, points) form bob");
    assert!(!m.contains("parentheses") && h.contains("did you mean `from`"), "{m} / {h}");
}

/// The statement words the hint knows are the grammar's `stmt_word`, so the two
/// cannot drift apart.
#[test]
fn the_statement_words_are_the_grammars() {
    let grammar = include_str!("../../grammar/twilit.pest");
    let rule = &grammar[grammar.find("stmt_word = @{").expect("the rule")..];
    let rule = &rule[..rule.find('}').expect("its end")];
    let mut words: Vec<&str> = rule.split('"').skip(1).step_by(2).collect();
    let mut known = super::STATEMENT_WORDS.to_vec();
    words.sort_unstable();
    known.sort_unstable();
    assert_eq!(words, known);
}

#[test]
fn end_is_followed_by_phase() {
    let e = parse_script("draw 1\nend phse").unwrap_err();
    assert_eq!((e.message.as_str(), e.span.clone()), ("expected `phase` or `game` after `end`, found `phse`", 11..15));
    assert_eq!(
        parse_script("end").unwrap_err().message,
        "expected `phase` or `game` after `end`, found the end of the line"
    );
    assert_eq!(
        parse_script("if true { end }").unwrap_err().message,
        "expected `phase` or `game` after `end`, found `}`"
    );
    assert!(parse_script("end phase").is_ok());
    assert!(parse_script("end game").is_ok());
    assert_eq!(parse_script("end gmae").unwrap_err().message, "expected `phase` or `game` after `end`, found `gmae`");
    assert!(!parse_script("modify cost of this by 1 until end").unwrap_err().message.contains("after `end`"));
}

#[test]
fn a_misspelled_statement_word_is_named_where_it_is() {
    let e = parse_script("elminate you\ndraw 1").unwrap_err();
    assert_eq!((e.message.as_str(), e.span.clone()), ("`elminate` starts no statement", 0..8));
    assert_eq!(e.help.as_deref(), Some("did you mean `eliminate`?"));
    assert_eq!(e.fix.as_deref(), Some("eliminate"));
    let e = parse_script("if true {\n  shufle deck\n}").unwrap_err();
    assert_eq!(e.help.as_deref(), Some("did you mean `shuffle`?"));
    // A name that may start one (`bob may { ... }`), or a call, is not taken for one.
    assert!(parse_script("battle(1)").is_ok());
    let (m, _) = err("bob may { draw 1");
    assert!(!m.contains("starts no statement"), "{m}");
    let (m, h) = err("dealer may draw 1");
    assert!(!m.contains("starts no statement") && h.contains("put the body in"), "{m} / {h}");
    let (m, h) = err("require active_player == dealer or\n  foe == you els \"x\"");
    assert!(!m.contains("starts no statement") && h.contains("`else`"), "{m} / {h}");
}

#[test]
fn a_stray_brace_after_an_earlier_error_reports_the_earlier_one() {
    let e = parse_script("if x > 1\n  draw 1\n}").unwrap_err();
    assert_eq!(e.span, 11..15);
    // When nothing fails before it, the stray brace is the error.
    assert_eq!(parse_script("draw 1\n}").unwrap_err().message, "unexpected `}`");
}

#[test]
fn a_remainder_word_is_told_to_be_percent() {
    let e = parse_script("if turn mod 2 == 1 { draw 1 }").unwrap_err();
    assert_eq!((e.message.as_str(), e.span.clone()), ("`mod` is not an operator: the remainder is written `%`", 8..11));
    assert_eq!(e.fix.as_deref(), Some("%"));
    assert_eq!(err("add ((turn + 1) rem 2) coins").0, "`rem` is not an operator: the remainder is written `%`");
    assert!(parse_script("if turn % 2 == 1 { draw 1 }").is_ok());
    // A word that only ends in `mod` is not one.
    assert!(!err("if turnmod 2 == 1 { draw 1 }").0.contains("remainder"));
}

/// `end phase` or `end game` followed by a statement on the next line parses (the word's
/// boundary was tested after the white space before that statement).
#[test]
fn end_phase_and_end_game_end_their_line() {
    assert!(parse_script("end phase\nadd 1 x").is_ok());
    assert!(parse_script("if true {\n  end game\n}\nadd 1 x").is_ok());
    assert!(parse_script("end game\ndraw 1").is_ok());
}

#[test]
fn a_number_alone_is_said_to_be_no_statement() {
    // A walkthrough's `effect: 5` read "expected `may`, found end of script".
    let (m, h) = err("5");
    assert_eq!(m, "`5` alone is no statement: a script does things");
    assert!(h.starts_with("write what the number is for: `add 5 vp to you`"), "{h}");
    assert_eq!(err("draw 1\n  12\n").0, "`12` alone is no statement: a script does things");
    // A number that starts a statement is still read as one (`2 may ...` is no line alone).
    assert!(!err("draw 1 2").0.contains("alone"));
}
