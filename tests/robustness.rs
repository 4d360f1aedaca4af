//! Bad input never panics: thousands of generated scripts (token soup from the language's
//! own vocabulary, so many parse and many almost parse) go through the parser and the
//! checker. A deterministic generator keeps failures reproducible.

use std::path::Path;

use twilit::check::check_library;
use twilit::diag::SourceMap;
use twilit::load::{load_bundle, Library};

const VOCAB: &[&str] = &[
    "let",
    "x",
    "=",
    "if",
    "{",
    "}",
    "else",
    "for",
    "each",
    "in",
    "repeat",
    "times",
    "any",
    "number",
    "of",
    "may",
    "choose",
    "one",
    "as",
    "require",
    "fail",
    "\"msg\"",
    "pass",
    "modify",
    "cost",
    "by",
    "+2",
    "until",
    "end",
    "turn",
    "set",
    "to",
    "forbid",
    "opponents",
    "place",
    ",",
    "or",
    "except",
    "during",
    "draft",
    "from",
    "into",
    ":",
    "pick",
    "1",
    "limit",
    "unit",
    "face",
    "up",
    "down",
    "Add[",
    "]",
    "[",
    "(",
    ")",
    "draw",
    "move",
    "card",
    "cards",
    "hand",
    "deck",
    "where",
    "with",
    "==",
    ">",
    "<=",
    "and",
    "not",
    "-",
    "*",
    "you",
    "control",
    "this",
    "it",
    "count(",
    "table",
    "2..3",
    "else:",
    "roll",
    "d6",
    "clockwise",
    "speaker",
    "top",
    "bottom",
    "a",
    "all",
    "up to",
    "2",
    "n",
    "pool",
    "soldier",
    "at",
    "on",
    "owned",
    "controlled",
    "simultaneously",
    "reveal",
    "flip",
    "score",
    "play",
    "seat",
    "removes",
    "plays",
    "start",
    "\n",
    "\n",
    ";",
    "#c\n",
    "..",
    "5",
    "players",
    "vp",
];

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn soup(rng: &mut Lcg) -> String {
    soup_of(rng, 24)
}

fn soup_of(rng: &mut Lcg, most: usize) -> String {
    let len = 1 + rng.next(most);
    (0..len).map(|_| VOCAB[rng.next(VOCAB.len())]).collect::<Vec<_>>().join(" ")
}

#[test]
fn token_soup_never_panics_the_parser() {
    let mut rng = Lcg(7);
    let mut parsed = 0;
    for _ in 0..4_000 {
        let s = soup(&mut rng);
        parsed += usize::from(twilit::syntax::parse_script(&s).is_ok());
        let _ = twilit::syntax::parse_condition(&s);
        let _ = twilit::syntax::parse_event(&s);
        if let Err(e) = twilit::syntax::parse_script(&s) {
            assert!(e.span.start <= e.span.end && e.span.end <= s.len(), "{s:?}: {e:?}");
        }
    }
    assert!(parsed > 20, "the generator should also produce valid scripts ({parsed})");
}

const GAME: &str = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nproperties:\n  type: { type: enum, values: [unit] }\n  cost: { type: number }\nzones:\n  hand: {}\n  deck: { ordered: true }\npieces:\n  soldier: {}\ncounters:\n  pool: { on: game }\n  vp: {}\ndice:\n  d6: [1, 2, 3, 4, 5, 6]\nkeywords:\n  \"Add[n]\": add n pool\nturn:\n  phases:\n    - name: main\n";

#[test]
fn token_soup_never_panics_the_checker() {
    let mut rng = Lcg(11);
    let mut cards = String::new();
    for i in 0..1_000 {
        let script = soup(&mut rng).replace('\n', " ").replace('"', "'");
        cards.push_str(&format!(
            "- id: c{i}\n  name: C\n  abilities:\n    - action: main\n      effect: \"{script}\"\n"
        ));
    }
    let mut sources = SourceMap::default();
    let (bundle, load) = load_bundle(Path::new("g"), &[("game.yaml", GAME), ("cards.yaml", &cards)], &mut sources);
    assert!(load.is_empty(), "{load:?}");
    let report = check_library(&Library { games: vec![bundle] });
    assert_eq!(report.cards, 1_000);
    assert!(!report.diags.is_empty());
    for d in &report.diags {
        for l in &d.labels {
            assert!(l.span.end <= sources.get(l.file).text().unwrap().len(), "{d:?}");
        }
    }
}

/// A game with a little of everything for scripts to act on.
const RUN_GAME: &str = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nproperties:\n  type: { type: enum, values: [unit] }\n  cost: { type: number, modified: while_played }\nzones:\n  hand: {}\n  deck: { ordered: true }\n  discard_pile: { ordered: true }\n  tableau: { in_play: true }\npieces:\n  soldier: { sides: [light, dark] }\ncounters:\n  pool: { on: game, min: 0 }\n  vp: { max: 3 }\ndice:\n  d6: [1, 2, 3, 4, 5, 6]\nkeywords:\n  \"Add[n]\": add n pool\nprocedures:\n  loop:\n    script: loop()\nturn:\n  phases:\n    - name: main\nplay: move this to tableau\nscoring: vp\n";

const RUN_CARDS: &str = "- id: c\n  name: C\n  type: unit\n  cost: 2\n  abilities:\n    - when: a player draws a card\n      effect: Add[1]\n    - static: modify cost of unit by +1 while pool > 1\n";

/// Scripts at the edges of numbers and sizes end in a refusal or an error, never a panic.
#[test]
fn extreme_scripts_never_panic_the_interpreter() {
    let cases = [
        "add 9223372036854775807 vp; add 9223372036854775807 vp",
        "let x = 0 - 9223372036854775807 - 1\nadd (-x) pool",
        "let x = 0 - 9223372036854775807 - 1\nadd (x * x) pool; add (x / -1) pool",
        "create 1000000000000 soldiers in hand",
        "repeat 1000000000 times { create 1000 soldiers in hand }",
        "draw 1000000000000",
        "move all cards to deck; shuffle deck; shuffle deck; shuffle discard_pile",
        "seat [a]",
        "roll d6 / 0",
        "table 5 { 1: 1 }",
        "remove 1000000000000 soldiers",
        "choose up to 1000000000000 cards",
        "loop()",
        "set cost of card to 9223372036854775807 until end of turn\nplay first(card in hand)",
    ];
    let (rules, file) = run_rules();
    for text in cases {
        let _ = run_script(&rules, file, text, 0);
    }
}

#[test]
fn token_soup_never_panics_the_interpreter() {
    let (rules, file) = run_rules();
    let mut rng = Lcg(23);
    let (mut ran, mut ok) = (0, 0);
    for i in 0..20_000 {
        let text = soup_of(&mut rng, 7);
        if let Some(r) = run_script(&rules, file, &text, i) {
            ran += 1;
            ok += usize::from(r);
        }
    }
    assert!(ran > 300 && ok > 50, "the generator should run scripts, some successfully ({ran} ran, {ok} ok)");
}

/// The small game scripts run in.
fn run_rules() -> (twilit::interp::Rules, twilit::diag::FileId) {
    let mut sources = SourceMap::default();
    let (bundle, load) =
        load_bundle(Path::new("g"), &[("game.yaml", RUN_GAME), ("cards.yaml", RUN_CARDS)], &mut sources);
    assert!(load.is_empty(), "{load:?}");
    (twilit::interp::Rules::compile(&bundle).expect("compiles"), bundle.files[0])
}

/// Runs a script as player `a` in a small laid-out game; `None` if it does not parse.
fn run_script(rules: &twilit::interp::Rules, file: twilit::diag::FileId, text: &str, seed: u64) -> Option<bool> {
    use twilit::engine::{Kind, Player};
    use twilit::interp::actions::Action;
    use twilit::interp::rules::Script;
    use twilit::interp::{Interp, RandomAgent};

    let block = twilit::syntax::parse_script(text).ok()?;
    {
        let i = seed;
        let players = ["a", "b"].iter().map(|n| Player { name: n.to_string(), role: None, faction: None }).collect();
        let state = Interp::lay_out(rules, i, players);
        let mut it = Interp::new(rules, state, Box::new(RandomAgent));
        for p in 0..2 {
            let deck = it.w.state.zone("deck", Some(p)).unwrap();
            let hand = it.w.state.zone("hand", Some(p)).unwrap();
            for z in [deck, deck, hand] {
                let label = it.w.state.fresh_label("c");
                it.w.state.create(Kind::Card(0), label, Some(p), z);
            }
            let label = it.w.state.fresh_label("soldier");
            let soldier = Kind::Piece(it.w.state.piece_id("soldier"));
            it.w.state.create(soldier, label, Some(p), hand);
        }
        it.begin(None).expect("begins");
        it.limits.steps = 20_000;
        let src = twilit::load::ScriptSrc::new(text, file, 0..text.len(), twilit::load::ScalarStyle::Plain, text);
        let script = Script::from_src(block.into(), &src);
        Some(it.act(0, &Action::Script(Box::new(script))).is_ok())
    }
}

/// A game of `RUN_GAME` begun with two players, `a` and `b`.
fn begun(rules: &twilit::interp::Rules) -> twilit::interp::Interp<'_> {
    use twilit::engine::Player;
    use twilit::interp::{Interp, RandomAgent};
    let players = ["a", "b"].iter().map(|n| Player { name: n.to_string(), role: None, faction: None }).collect();
    let mut it = Interp::new(rules, Interp::lay_out(rules, 1, players), Box::new(RandomAgent));
    it.begin(None).expect("begins");
    it
}

/// Runs `text` as an action of player `a`, with fresh budgets.
fn act(
    it: &mut twilit::interp::Interp<'_>,
    file: twilit::diag::FileId,
    text: &str,
) -> Result<(), twilit::interp::Halt> {
    use twilit::interp::{actions::Action, rules::Script};
    let src = twilit::load::ScriptSrc::new(text, file, 0..text.len(), twilit::load::ScalarStyle::Plain, text);
    let block = twilit::syntax::parse_script(text).expect("parses");
    it.reset_budgets();
    it.act(0, &Action::Script(Box::new(Script::from_src(block.into(), &src))))
}

/// Nothing bounds how often a scenario or a game creates things, but the game's total is
/// bounded (`Limits::things`): steps that each create 100,000 pieces, each under the step
/// budget, end in a budget failure instead of exhausting memory. Moving, shuffling and
/// choosing among that many pieces runs to its end (each used to cost time quadratic in
/// the number of pieces: 20,000 took seconds, 150,000 minutes) under a budget raised for
/// them: each thing selected, moved or shuffled is a step.
#[test]
fn a_game_holds_a_bounded_number_of_things_and_bulk_verbs_handle_many() {
    use twilit::interp::Halt;

    let (rules, file) = run_rules();
    let mut it = begun(&rules);
    it.limits.set("steps", 350_000).expect("a valid limit");
    let mut run = |text: &str| act(&mut it, file, text);
    run("create 100000 soldiers in hand").expect("the first 100,000");
    let bulk = ["move all soldiers to deck", "shuffle deck", "shuffle deck into hand", "exhaust all soldiers"];
    for bulk in bulk.into_iter().chain(["move choose up to 100000 soldiers in hand to discard_pile"]) {
        run(bulk).unwrap_or_else(|h| panic!("{bulk}: {h:?}"));
    }
    run("create 100000 soldiers in deck").expect("the next 100,000");
    // Each thing selected and moved is a step: 200,000 of them in one action exceed it.
    match run("move all soldiers to discard_pile") {
        Err(h @ Halt::Budget(_)) => assert!(h.message().starts_with("step budget (350000) exceeded"), "{h:?}"),
        other => panic!("expected the step budget, got {other:?}"),
    }
    match run("create 100000 soldiers in hand") {
        Err(h @ Halt::Budget(_)) => assert!(h.message().contains("thing budget (250000) exceeded"), "{h:?}"),
        other => panic!("expected the thing budget, got {other:?}"),
    }
}

/// Work proportional to a zone's size inside a loop used to count as one step per
/// iteration: 30,000 shuffles of a 30,000-piece zone grew to 7.7 GB (each shuffle's undo
/// keeps the old order), and 30,000 selections of the top piece of 8,000 ran for minutes.
/// Each thing a selection looks at and each thing a shuffle reorders is a step now, so
/// both end in the step budget after a bounded amount of work.
#[test]
fn loops_over_large_zones_are_bounded_by_the_step_budget() {
    use twilit::interp::Halt;

    let (rules, file) = run_rules();
    let mut it = begun(&rules);
    let mut run = |text: &str| act(&mut it, file, text);
    run("create 30000 soldiers in deck").expect("30,000 pieces");
    for looped in [
        "for each s in soldiers { shuffle deck }",
        "repeat 30000 times { move top soldier of deck to hand }",
        "repeat 30000 times { let n = count(soldiers) }",
    ] {
        match run(looped) {
            Err(h @ Halt::Budget(_)) => {
                assert!(h.message().starts_with("step budget (200000) exceeded"), "{looped}: {h:?}")
            }
            other => panic!("{looped}: expected the step budget, got {other:?}"),
        }
    }
    // Within the budget the same verbs run to their end. (`top soldier of deck` looks at
    // every soldier, so two of them cost about 60,000 steps of the 200,000.)
    run("repeat 5 times { shuffle deck }").expect("five shuffles");
    run("repeat 2 times { move top soldier of deck to hand }").expect("two moves");
}

/// A replay file's answers are held to the rules' bounds: an edited file that picked every
/// card of a hand for "choose 1", or one card three times, moved them all and exited 0.
#[test]
fn a_replays_answers_keep_to_the_question_bounds() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/goofspiel");
    for (answers, says) in [
        ("[[0,1,2,3,4,5,6,7,8,9,10,11]]", "the agent picked 12 options, where 1 may be picked"),
        ("[[0,0,0]]", "the agent picked the same option twice"),
        ("[[]]", "the agent picked 0 options, where 1 may be picked"),
    ] {
        let replay = format!(
            r#"{{"game":{:?},"seed":1,"players":2,"turns":1000,"humans":["p1"],"answers":{answers}}}"#,
            game.to_string_lossy()
        );
        let file = dir.path().join("r.json");
        std::fs::write(&file, replay).expect("replay");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_twilit"))
            .args(["replay", &file.to_string_lossy()])
            .output()
            .expect("runs");
        let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{answers}: {all}");
        assert!(all.contains(says), "{answers}: {all}");
    }
}
