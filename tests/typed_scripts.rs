//! The checker's promise as a property: a script `check` accepts runs without a run-time
//! error. Scripts are generated well-typed over the names of the test game
//! (`tests/fixtures/run`): numbers, conditions, selections of cards and players, and
//! the statements that use them. Each must check clean, run on a dealt table without an
//! error (the rules may refuse it, a budget may stop it: neither is the checker's to see),
//! and print back (`syntax::print`) as text that parses to the same tree.
//!
//! 10,000 scripts by default, the same on every run; `PROPTEST_CASES=N` runs more (or
//! fewer) of the same sequence.

use std::path::PathBuf;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use twilit::check::env::Env;
use twilit::check::script::Checker;
use twilit::diag::{Severity, SourceMap};
use twilit::engine::{Player, State};
use twilit::interp::{Ctx, FirstLegal, Halt, Interp, Rules};
use twilit::syntax;

/// A number: literals, counters, counts, sums, arithmetic.
fn num() -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        (0..6i64).prop_map(|n| n.to_string()),
        Just("coins".to_string()),
        Just("pool".to_string()),
        Just("points of you".to_string()),
        Just("coins of first(opponents)".to_string()),
        Just("turn".to_string()),
        sel().prop_map(|s| format!("count({s})")),
        sel().prop_map(|s| format!("sum({s}, power of it)")),
        sel().prop_map(|s| format!("power of first({s})")),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} + {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} - {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("min({a}, {b})")),
        ]
    })
    .boxed()
}

/// A condition over numbers, selections and players.
fn cond() -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        Just("true".to_string()),
        sel().prop_map(|s| format!("exhausted of first({s})")),
        sel().prop_map(|s| format!("owner of first({s}) == you")),
        Just("false".to_string()),
        (num(), prop_oneof!["<", "<=", "==", "!=", ">", ">="], num()).prop_map(|(a, op, b)| format!("{a} {op} {b}")),
        sel().prop_map(|s| format!("exists({s})")),
        players().prop_map(|p| format!("exists({p})")),
    ];
    leaf.prop_recursive(2, 8, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| format!("not ({c})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} and {b})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("({a} or {b})")),
        ]
    })
    .boxed()
}

/// A condition on the candidate of a `where` filter (a card).
fn card_test() -> BoxedStrategy<String> {
    prop_oneof![
        (0..5i64).prop_map(|n| format!("cost > {n}")),
        (0..5i64).prop_map(|n| format!("power of it >= {n}")),
        prop_oneof!["gadget", "trinket", "relic"].prop_map(|k| format!("kind == {k}")),
        Just("not exhausted".to_string()),
        (0..3i64).prop_map(|n| format!("charge of it == {n}")),
    ]
    .boxed()
}

/// A selection of cards.
fn sel() -> BoxedStrategy<String> {
    let zone = prop_oneof!["hand", "deck", "tableau", "discard_pile"];
    let base = prop_oneof![
        zone.clone().prop_map(|z| format!("cards in {z}")),
        zone.prop_map(|z| format!("cards in {z} of first(opponents)")),
        prop_oneof!["gadget", "trinket", "relic"].prop_map(String::from),
        Just("cards you control".to_string()),
    ];
    (base, proptest::option::of(card_test()))
        .prop_map(|(b, f)| match f {
            Some(f) => format!("{b} where {f}"),
            None => b,
        })
        .boxed()
}

/// Players.
fn players() -> BoxedStrategy<String> {
    prop_oneof![
        Just("players".to_string()),
        Just("opponents".to_string()),
        (0..4i64).prop_map(|n| format!("players where coins of it > {n}")),
    ]
    .boxed()
}

/// A statement (`depth` bounds nesting).
fn stmt(depth: u32) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        num().prop_map(|n| format!("add ({n}) coins")),
        num().prop_map(|n| format!("remove ({n}) coins")),
        num().prop_map(|n| format!("add ({n}) pool")),
        num().prop_map(|n| format!("score ({n})")),
        num().prop_map(|n| format!("draw ({n})")),
        (0..3i64).prop_map(|n| format!("add {n} charge to first(cards in tableau)")),
        sel().prop_map(|s| format!("exhaust {s}")),
        sel().prop_map(|s| format!("ready {s}")),
        sel().prop_map(|s| format!("move {s} to tableau")),
        sel().prop_map(|s| format!("discard {s}")),
        num().prop_map(|n| format!("let v = {n}\nadd (v) coins")),
        cond().prop_map(|c| format!("require {c}")),
        Just("pass".to_string()),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = stmt(depth - 1);
    prop_oneof![
        4 => leaf,
        1 => (cond(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| format!("if {c} {{\n{a}\n}} else {{\n{b}\n}}")),
        1 => (players(), inner.clone()).prop_map(|(p, s)| format!("for each p in {p} {{\nadd 1 coins to p\n{s}\n}}")),
        1 => ((0..3i64), inner.clone()).prop_map(|(n, s)| format!("repeat {n} times {{\n{s}\n}}")),
        1 => inner.clone().prop_map(|s| format!("as first(opponents) {{\n{s}\n}}")),
        1 => (inner.clone(), inner).prop_map(|(a, b)| format!("{a}\n{b}")),
    ]
    .boxed()
}

/// The test game, its checker names, and a table dealt for two players.
struct Table {
    rules: Rules,
    env: Env,
    state: State,
}

fn table() -> Table {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run");
    let mut sources = SourceMap::default();
    let (lib, diags) = twilit::load::load_paths(&[dir], &mut sources);
    assert!(diags.iter().all(|d| d.severity != Severity::Error), "the test game loads");
    let bundle = &lib.games[0];
    let env = twilit::check::build_env(bundle, &mut vec![]);
    let rules = Rules::compile(bundle).expect("the test game compiles");
    let players = ["alice", "bob"].map(|n| Player { name: n.into(), role: None, faction: None }).to_vec();
    let state = Interp::lay_out(&rules, 7, players);
    let mut it = Interp::new(&rules, state, Box::new(FirstLegal));
    let deal = "create 1 gizmo in hand\ncreate 1 widget in hand\ncreate 1 bauble in deck\ncreate 1 anvil in deck\n\
                create 1 idol in tableau\ncreate 1 urn in discard_pile\nadd 2 coins";
    for p in 0..2 {
        let b = syntax::parse_script(deal).expect("the deal parses");
        let mut cx = Ctx::new(Some(p), None, deal);
        it.atomically(|it| it.exec_stmts(&b, &mut cx)).expect("the deal runs");
    }
    let state = it.state().clone();
    drop(it);
    Table { rules, env, state }
}

/// Checks, runs and reprints one generated script; the first broken promise, if any.
fn one(t: &Table, text: &str) -> Result<(), String> {
    let mut block = syntax::parse_script(text).map_err(|e| format!("does not parse: {}", e.message))?;
    let printed = syntax::print::script(&block);
    let again =
        syntax::parse_script(&printed).map_err(|e| format!("printed, does not parse: {}\n{printed}", e.message))?;
    if again.to_string() != block.to_string() {
        return Err(format!("printed as another tree:\n{printed}"));
    }
    twilit::check::regroup::block(&t.env, &mut block);
    let mut ck = Checker::new(&t.env, twilit::diag::FileId::of(0), Box::new(|s| s));
    ck.check_script(&block);
    if let Some(d) = ck.diags.iter().find(|d| d.severity == Severity::Error) {
        return Err(format!("check rejects it: {}", d.message));
    }
    let mut it = Interp::new(&t.rules, t.state.clone(), Box::new(FirstLegal));
    let mut cx = Ctx::new(Some(0), None, text);
    match it.atomically(|it| it.exec_stmts(&block, &mut cx)) {
        Err(h @ Halt::Error(_)) => Err(format!("checked clean, then: {}", h.message())),
        _ => Ok(()),
    }
}

#[test]
fn what_check_accepts_runs_and_prints_back() {
    let t = table();
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(10_000);
    // The same scripts on every run (a red CI must be reproducible); PROPTEST_CASES runs
    // more of the same sequence.
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let result = runner
        .run(&stmt(2), |text| one(&t, &text).map_err(|e| TestCaseError::fail(format!("{e}\n--- script ---\n{text}"))));
    if let Err(e) = result {
        panic!("{e}");
    }
    // The scripts ran on a dealt table: six cards for each player.
    assert_eq!(t.state.ents.len(), 12);
}
