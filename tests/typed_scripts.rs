//! The checker's promise as a property: a script `check` accepts runs without a run-time
//! error. Scripts are generated well-typed over each game's own names — its counters,
//! zones, number and enum properties — for the bundled games and the test game
//! (`tests/fixtures/run`): numbers, conditions, selections of cards and players, and the
//! statements that use them. Each must check clean, run without an error on the table a
//! whole game deals (the rules may refuse it, a budget may stop it: neither is the
//! checker's to see), and print back (`syntax::print`) as text that parses to the same
//! tree.
//!
//! 10,000 scripts by default (5,000 over the test game, 1,000 over each bundled game), the
//! same on every run; `PROPTEST_CASES=N` runs N over each game.

use std::path::PathBuf;
use std::sync::Arc;

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use twilit::check::env::Env;
use twilit::check::script::Checker;
use twilit::diag::{Severity, SourceMap};
use twilit::engine::{Player, State};
use twilit::interp::{Ctx, FirstLegal, Halt, Interp, Rules};
use twilit::load::{CounterOn, GameBundle, Per, PropType};
use twilit::syntax;

/// The names of one game a generated script may use (each list non-empty: a game lacking
/// one gets a stand-in that still checks, such as `cards` for a noun).
#[derive(Debug)]
struct Names {
    /// Counters kept on players.
    player_counters: Vec<String>,
    /// Counters kept on the game.
    game_counters: Vec<String>,
    /// Zones each player has.
    zones: Vec<String>,
    /// Properties that are numbers.
    numbers: Vec<String>,
    /// `(property, value)` of enum properties.
    values: Vec<(String, String)>,
    /// Whether `draw` has a default zone to draw from.
    draws: bool,
}

impl Names {
    fn of(b: &GameBundle) -> Names {
        let g = b.game.as_ref().expect("a ruleset");
        let counters = |on: CounterOn| -> Vec<String> {
            g.counters.iter().filter(|c| c.on == on).map(|c| c.name.value.clone()).collect()
        };
        let zones: Vec<String> =
            g.zones.iter().filter(|z| z.per == Per::Player).map(|z| z.name.value.clone()).collect();
        let numbers = g.properties.iter().filter(|p| p.ty.value == PropType::Number).map(|p| p.name.value.clone());
        let enums = g.properties.iter().filter(|p| p.ty.value == PropType::Enum);
        let values = enums.flat_map(|p| p.values.iter().map(move |v| (p.name.value.clone(), v.value.clone())));
        Names {
            player_counters: counters(CounterOn::Player),
            game_counters: counters(CounterOn::Game),
            zones,
            numbers: numbers.collect(),
            values: values.collect(),
            draws: g.defaults.draw_from.is_some() && g.defaults.draw_into.is_some(),
        }
    }
}

/// One of `xs`, or the stand-in when there is none.
fn one(xs: &[String], stand_in: &str) -> BoxedStrategy<String> {
    if xs.is_empty() {
        Just(stand_in.to_string()).boxed()
    } else {
        select(xs.to_vec()).boxed()
    }
}

/// A selection of cards.
fn sel(n: &Arc<Names>) -> BoxedStrategy<String> {
    let zone = one(&n.zones, "");
    let noun = if n.values.is_empty() {
        Just("cards".to_string()).boxed()
    } else {
        select(n.values.clone()).prop_map(|(_, v)| v).boxed()
    };
    let base = prop_oneof![
        zone.clone().prop_map(|z| if z.is_empty() { "cards".into() } else { format!("cards in {z}") }),
        zone.prop_map(|z| if z.is_empty() { "cards".into() } else { format!("cards in {z} of first(opponents)") }),
        noun,
        Just("cards you control".to_string()),
    ];
    (base, proptest::option::of(card_test(n)))
        .prop_map(|(b, f)| f.map_or(b.clone(), |f| format!("{b} where {f}")))
        .boxed()
}

/// A condition on the candidate of a `where` filter (a card).
fn card_test(n: &Arc<Names>) -> BoxedStrategy<String> {
    let num =
        (one(&n.numbers, ""), 0..5i64)
            .prop_map(|(p, k)| if p.is_empty() { "true".into() } else { format!("{p} of it >= {k}") });
    let value = if n.values.is_empty() {
        Just("true".to_string()).boxed()
    } else {
        select(n.values.clone()).prop_map(|(p, v)| format!("{p} == {v}")).boxed()
    };
    prop_oneof![num, value, Just("not exhausted".to_string())].boxed()
}

/// Players.
fn players(n: &Arc<Names>) -> BoxedStrategy<String> {
    let c = one(&n.player_counters, "");
    prop_oneof![
        Just("players".to_string()),
        Just("opponents".to_string()),
        (c, 0..4i64).prop_map(|(c, k)| if c.is_empty() {
            "players".into()
        } else {
            format!("players where {c} of it > {k}")
        }),
    ]
    .boxed()
}

/// A number.
fn num(n: &Arc<Names>) -> BoxedStrategy<String> {
    let names = n.clone();
    let prop = one(&n.numbers, "");
    let leaf = prop_oneof![
        (0..6i64).prop_map(|k| k.to_string()),
        one(&n.player_counters, "0").prop_map(|c| if c == "0" { c } else { format!("{c} of you") }),
        one(&n.game_counters, "0"),
        Just("turn".to_string()),
        sel(n).prop_map(|s| format!("count({s})")),
        (sel(n), prop.clone()).prop_map(|(s, p)| if p.is_empty() {
            format!("count({s})")
        } else {
            format!("sum({s}, {p} of it)")
        }),
        (sel(n), prop).prop_map(|(s, p)| if p.is_empty() {
            format!("count({s})")
        } else {
            format!("{p} of first({s})")
        }),
    ];
    leaf.prop_recursive(2, 8, 2, move |inner| {
        let _ = &names;
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} + {b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("min({a}, {b})")),
        ]
    })
    .boxed()
}

/// A condition.
fn cond(n: &Arc<Names>) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        Just("true".to_string()),
        (num(n), prop_oneof!["<", "<=", "==", "!=", ">", ">="], num(n)).prop_map(|(a, op, b)| format!("{a} {op} {b}")),
        sel(n).prop_map(|s| format!("exists({s})")),
        players(n).prop_map(|p| format!("exists({p})")),
        sel(n).prop_map(|s| format!("exhausted of first({s})")),
        sel(n).prop_map(|s| format!("owner of first({s}) == you")),
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

/// A statement (`depth` bounds nesting).
fn stmt(n: &Arc<Names>, depth: u32) -> BoxedStrategy<String> {
    let pc = one(&n.player_counters, "");
    let gc = one(&n.game_counters, "");
    let zone = one(&n.zones, "");
    let draws = n.draws;
    let leaf = prop_oneof![
        (num(n), pc.clone()).prop_map(|(k, c)| if c.is_empty() { "pass".into() } else { format!("add ({k}) {c}") }),
        (num(n), pc).prop_map(|(k, c)| if c.is_empty() { "pass".into() } else { format!("remove ({k}) {c}") }),
        (num(n), gc).prop_map(|(k, c)| if c.is_empty() { "pass".into() } else { format!("add ({k}) {c}") }),
        num(n).prop_map(move |k| if draws { format!("draw ({k})") } else { "pass".into() }),
        sel(n).prop_map(|s| format!("exhaust {s}")),
        sel(n).prop_map(|s| format!("ready {s}")),
        (sel(n), zone).prop_map(|(s, z)| if z.is_empty() { "pass".into() } else { format!("move {s} to {z}") }),
        num(n).prop_map(|k| format!("let v = {k}\nrequire v >= 0")),
        cond(n).prop_map(|c| format!("require {c}")),
        Just("pass".to_string()),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let inner = stmt(n, depth - 1);
    prop_oneof![
        4 => leaf,
        1 => (cond(n), inner.clone(), inner.clone()).prop_map(|(c, a, b)| format!("if {c} {{\n{a}\n}} else {{\n{b}\n}}")),
        1 => (players(n), inner.clone()).prop_map(|(p, s)| format!("for each p in {p} {{\n{s}\n}}")),
        1 => ((0..3i64), inner.clone()).prop_map(|(k, s)| format!("repeat {k} times {{\n{s}\n}}")),
        1 => inner.clone().prop_map(|s| format!("as first(opponents) {{\n{s}\n}}")),
        1 => (inner.clone(), inner).prop_map(|(a, b)| format!("{a}\n{b}")),
    ]
    .boxed()
}

/// A game's rules, checker names, and the table a whole game deals it for two players
/// (its fewest, if more).
struct Table {
    rules: Rules,
    env: Env,
    state: State,
}

fn table(dir: &str) -> (Table, Arc<Names>) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut sources = SourceMap::default();
    let (lib, diags) = twilit::load::load_paths(std::slice::from_ref(&dir), &mut sources);
    assert!(diags.iter().all(|d| d.severity != Severity::Error), "{} loads", dir.display());
    let bundle = &lib.games[0];
    let names = Arc::new(Names::of(bundle));
    let env = twilit::check::build_env(bundle, &mut vec![]);
    let rules = Rules::compile(bundle).expect("the game compiles");
    let fewest =
        bundle.game.as_ref().and_then(|g| g.players.as_ref()).and_then(|p| p.min.as_ref()).map_or(2, |m| m.value);
    let seats = fewest.max(2) as usize;
    let factions = rules.factions.iter().map(|f| Some(f.id.clone())).chain(std::iter::repeat(None));
    let players =
        (1..=seats).zip(factions).map(|(i, faction)| Player { name: format!("p{i}"), role: None, faction }).collect();
    let state = Interp::lay_out(&rules, 7, players);
    let mut it = Interp::new(&rules, state, Box::new(FirstLegal));
    it.prepare_whole_game().expect("the game deals");
    let state = it.state().clone();
    drop(it);
    (Table { rules, env, state }, names)
}

/// Checks, runs and reprints one generated script; the first broken promise, if any.
fn one_script(t: &Table, text: &str) -> Result<(), String> {
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

/// Runs `cases` generated scripts over the game in `dir`.
fn holds_for(dir: &str, cases: u32) {
    let (t, names) = table(dir);
    assert!(!t.state.ents.is_empty(), "{dir}: the table was dealt");
    // The same scripts on every run (a red CI must be reproducible).
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let result = runner.run(&stmt(&names, 2), |text| {
        one_script(&t, &text).map_err(|e| TestCaseError::fail(format!("{dir}: {e}\n--- script ---\n{text}")))
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// How many scripts each game gets: 10,000 in all by default, or `PROPTEST_CASES` each.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(default)
}

#[test]
fn what_check_accepts_runs_in_the_test_game() {
    holds_for("tests/fixtures/run", cases(5_000));
}

#[test]
fn what_check_accepts_runs_in_every_bundled_game() {
    for game in ["cards/goofspiel", "cards/crazy_eights", "cards/lotr", "cards/root", "cards/ti4"] {
        holds_for(game, cases(1_000));
    }
}
