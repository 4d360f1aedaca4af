//! The parser's limits: every kind of nesting ends in a diagnostic that names its limit,
//! the deepest inputs the limits allow parse and check on a 2 MiB stack (what an editor
//! or any embedder may give the library), and no input backtracks exponentially (inputs
//! that took hours finish here: the tests assert their diagnostics, their finishing is the
//! timing).

use std::path::Path;

use twilit::check::check_library;
use twilit::diag::SourceMap;
use twilit::load::{load_bundle, Library};
use twilit::syntax::{parse_condition, parse_event, parse_script, SyntaxError, MAX_DEPTH, MAX_NESTING};

const GAME: &str = include_str!("fixtures/bad/game.yaml");

/// Runs `f` on a thread with a 2 MiB stack, as a caller of the library might.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let h = std::thread::Builder::new().stack_size(2 << 20).spawn(f).expect("spawn");
    h.join().expect("no stack overflow or panic on a 2 MiB stack")
}

fn err(src: &str) -> SyntaxError {
    parse_script(src).expect_err(src.get(..80).unwrap_or(src))
}

/// Each kind of nesting, `n` levels deep, as a script.
fn nested(kind: &str, n: usize) -> String {
    match kind {
        "not" => format!("let v = {}true", "not ".repeat(n)),
        "neg" => format!("let v = {}1", "- ".repeat(n)),
        "plus" => format!("let v = 1{}", " + 1".repeat(n)),
        "rem" => format!("let v = 1{}", " % 1".repeat(n)),
        "of" => format!("let v = vp{}", " of vp".repeat(n)),
        "where" => format!("let v = count(soldier{})", " where soldier".repeat(n)),
        "choose" => format!("let v = {}players", "choose ".repeat(n)),
        "else_if" => format!("if true {{ pass }}{}", " else if true { pass }".repeat(n)),
        "paren" => format!("let v = {}1{}", "(".repeat(n), ")".repeat(n)),
        "block" => format!("{}pass{}", "if true { ".repeat(n), " }".repeat(n)),
        _ => unreachable!("{kind}"),
    }
}

/// How deep each kind may go: brackets by `MAX_NESTING`, the rest by `MAX_DEPTH` (the
/// script's other nesting tokens, `let`'s `=` and the call's bracket, count too).
fn deepest(kind: &str) -> usize {
    match kind {
        "paren" | "block" => MAX_NESTING,
        "where" => MAX_DEPTH - 1,
        "else_if" => MAX_DEPTH - 2,
        _ => MAX_DEPTH,
    }
}

const KINDS: &[&str] = &["not", "neg", "plus", "rem", "of", "where", "choose", "else_if", "paren", "block"];

#[test]
fn the_deepest_scripts_allowed_parse_and_one_more_level_is_refused_on_a_2_mib_stack() {
    on_small_stack(|| {
        for kind in KINDS {
            let n = deepest(kind);
            let ok = nested(kind, n);
            assert!(parse_script(&ok).is_ok(), "{kind} at {n}: {:?}", parse_script(&ok).err());
            let e = err(&nested(kind, n + 1));
            assert_eq!(e.code, "too-deep", "{kind} at {}: {e:?}", n + 1);
            let limit = if n == MAX_NESTING { MAX_NESTING } else { MAX_DEPTH };
            assert!(e.message.contains(&format!("deeper than {limit} levels")), "{kind}: {}", e.message);
            assert!(e.help.as_deref().is_some_and(|h| h.contains("`let`")), "{kind}: {e:?}");
        }
    });
}

#[test]
fn the_deepest_scripts_allowed_check_on_a_2_mib_stack() {
    on_small_stack(|| {
        let mut cards = String::new();
        for kind in KINDS {
            let script = nested(kind, deepest(kind)).replace('\n', " ");
            cards += &format!("- id: deep_{kind}\n  name: D\n  type: event\n  cost: 0\n  abilities:\n    - action: main\n      effect: |\n        {script}\n");
        }
        // The most pest recursion a script parsed on the caller's stack can hold.
        for (i, level) in ["choose (", "count(soldier where "].iter().enumerate() {
            let n = MAX_NESTING - 1;
            let script = format!("let v = {}players{}", level.repeat(n), ")".repeat(n));
            cards += &format!("- id: mixed_{i}\n  name: D\n  type: event\n  cost: 0\n  abilities:\n    - action: main\n      effect: {script}\n");
        }
        let cond = format!("{}true", "not ".repeat(MAX_DEPTH));
        cards += &format!("- id: deep_cond\n  name: D\n  type: event\n  cost: 0\n  abilities:\n    - action: main\n      requires: {cond}\n      effect: pass\n");
        let mut sources = SourceMap::default();
        let (bundle, load) = load_bundle(Path::new("g"), &[("game.yaml", GAME), ("cards.yaml", &cards)], &mut sources);
        assert!(load.is_empty(), "{load:?}");
        let report = check_library(&Library { games: vec![bundle] });
        assert_eq!(report.cards, KINDS.len() + 3);
        // `vp of vp` is not a thing of a thing; nothing else is wrong with these scripts.
        let codes: Vec<&str> = report.diags.iter().map(|d| d.code.as_str()).collect();
        assert!(codes.iter().all(|c| *c != "twilit::too-deep" && *c != "twilit::syntax"), "{codes:?}");
    });
}

#[test]
fn conditions_and_trigger_patterns_have_the_same_limits() {
    on_small_stack(|| {
        let c = format!("{}true", "not ".repeat(MAX_DEPTH + 1));
        assert_eq!(parse_condition(&c).unwrap_err().code, "too-deep");
        let e = format!("{}you play this", "choose ".repeat(MAX_DEPTH + 1));
        assert_eq!(parse_event(&e).unwrap_err().code, "too-deep");
    });
}

#[test]
fn long_chains_within_the_size_limit_are_refused_not_overflowed() {
    // The inputs: 15,000 `not` (60 KB), 65,000 `-`, 7,000 `of`, 30,000 `+` terms.
    on_small_stack(|| {
        for src in [
            format!("let v = {}true", "not ".repeat(15_000)),
            format!("let v = {}1", "-".repeat(65_000)),
            format!("let v = vp{}", " of vp".repeat(7_000)),
            format!("let v = 1{}", "+1".repeat(30_000)),
            format!("let v = 1{}", "%1".repeat(30_000)),
            format!("let v = {}players", "choose ".repeat(9_000)),
            format!("let v = count(x{})", " where y".repeat(7_000)),
        ] {
            let e = err(&src);
            assert_eq!(e.code, "too-deep", "{e:?}");
            assert!(e.span.end <= src.len());
        }
    });
}

/// `prefix` `n` times around `core`, each level closed by `suffix`.
fn levels(prefix: &str, core: &str, suffix: &str, n: usize) -> String {
    format!("{}{core}{}", prefix.repeat(n), suffix.repeat(n))
}

#[test]
fn nested_brackets_that_fail_inside_are_parsed_once_not_exponentially() {
    let n = MAX_NESTING - 4;
    // Unclosed: reported at the last `(` before pest runs.
    let unclosed = levels("x (", "1 coins", "", n);
    let e = err(&format!("add {unclosed}"));
    assert_eq!((e.code, e.span.clone()), ("unclosed", 4 + 3 * n - 1..4 + 3 * n), "{e:?}");
    // Closed, with a syntax error in the middle: every reading of each bracket used to be tried.
    for (prefix, suffix) in
        [("x (", ")"), ("[x (", ")]"), ("Add[x (", ")]"), ("((1) (", "))"), ("top (", ") x"), ("a x where x (", ")")]
    {
        let brackets = prefix.matches(['(', '[']).count();
        let src = format!("add {}", levels(prefix, "1 +", suffix, n / brackets));
        let e = err(&src);
        assert_eq!(e.code, "syntax", "{prefix}: {e:?}");
        let at = src.find("1 +").unwrap() + 3;
        assert_eq!(&src[e.span.start..e.span.end.max(e.span.start + 1)], &src[at..at + 1], "{prefix}: {e:?}");
        assert!(e.message.starts_with("expected "), "{prefix}: {}", e.message);
    }
    // A block that fails inside a `may` after a call was parsed again as a statement of its own.
    let src = levels("x(y) may { ", "draw +", "}", MAX_NESTING / 2);
    let e = err(&src);
    assert_eq!(e.code, "syntax", "{e:?}");
    assert!(e.message.contains("found `}`"), "{}", e.message);
}

/// A `choose` whose selector has a filter, inside a bracket, used to double the work per
/// level (each filter was tried as the inner selector's and again as the `choose`'s):
/// 30 levels took hours, and 14 levels cost a third of a second even under the parser's
/// step budget. Each is parsed once now: 30 levels are an ordinary syntax error at the
/// `+` (a doubling parse would reach the step budget and say `too-large`).
#[test]
fn choose_with_filters_inside_brackets_is_parsed_in_linear_time() {
    let shapes = [
        ("choose you at [ ", " ]"),
        ("choose x in (", ")"),
        ("choose all x with (", ")"),
        ("choose x on [", "]"),
        ("[choose x where ", "]"),
        ("choose x at [ choose x at [ ", " ] ]"),
    ];
    for (open, close) in shapes {
        for n in [4, 30] {
            let src = format!("add count({}) coins", levels(open, "1 +", close, n));
            let e = err(&src);
            assert_eq!(e.code, "syntax", "{open} x{n}: {e:?}");
        }
    }
    // The same nestings, closed properly, parse.
    let ok = format!("let v = count({})", levels("choose x in (", "players", ")", 30));
    assert!(parse_script(&ok).is_ok(), "{:?}", parse_script(&ok).err());
}

#[test]
fn the_bracket_guard_skips_comments_and_strings() {
    // A quote in a comment used to switch the guard off for the rest of the script.
    let deep = format!("# say \"hi\n{}", nested("paren", MAX_NESTING + 1));
    let e = err(&deep);
    assert_eq!(e.code, "too-deep", "{e:?}");
    assert_eq!(e.span.start, deep.find('(').unwrap() + MAX_NESTING, "points at the first bracket too many");
    // An unterminated string ends at its line: it cannot hide the brackets after it.
    let hidden = format!("fail \"oops\n{}", nested("paren", MAX_NESTING + 1));
    assert_eq!(err(&hidden).code, "too-deep");
    // Brackets in comments and strings are not nesting.
    let commented = format!("# {}\nlet v = 1", "(".repeat(MAX_NESTING + 1));
    assert!(parse_script(&commented).is_ok(), "{:?}", parse_script(&commented).err());
    let quoted = format!("fail \"{}\"", "[".repeat(MAX_NESTING + 1));
    assert!(parse_script(&quoted).is_ok(), "{:?}", parse_script(&quoted).err());
}

/// The interpreter recurses too (expressions, blocks, calls, triggers): scenarios that
/// reach the call and trigger budgets, and one whose expectation and script are nested as
/// deep as the parser allows, run on a 2 MiB stack and end in their diagnostics.
#[test]
fn scenarios_at_the_limits_run_on_a_2_mib_stack() {
    on_small_stack(|| {
        use twilit::interp::Rules;
        let mut sources = SourceMap::default();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run");
        let (lib, diags) = twilit::load::load_paths(&[dir], &mut sources);
        assert!(diags.is_empty(), "{diags:?}");
        let bundle = &lib.games[0];
        let rules = Rules::compile(bundle).expect("compiles");
        let mut ran = 0;
        for sc in bundle.scenarios.iter().filter(|s| s.scenario.value.starts_with("budget_")) {
            let o = twilit::scenario::run(&rules, sc);
            assert!(o.failure.is_none(), "{}: {:?}", o.name, o.failure.map(|f| f.message));
            assert!(o.transcript.contains("budget ("), "{}", o.transcript);
            ran += 1;
        }
        assert_eq!(ran, 4, "the step, recursion, play and trigger budgets");

        let deep_expect = format!("{}true", "not ".repeat(MAX_DEPTH - 2));
        let parens = MAX_NESTING - 2;
        let deep_script = format!("add {}1{} vp to alice", "(".repeat(parens), ")".repeat(parens));
        let scenario = format!(
            "scenario: deep\ngame: testgame\nplayers: [{{ name: alice }}, {{ name: bob }}]\nsteps:\n  - expect: {deep_expect}\n  - act: {{ player: alice, script: \"{deep_script}\" }}\n  - expect: vp of alice == 1\n"
        );
        let (bundle, load) =
            load_bundle(Path::new("g"), &[("game.yaml", GAME), ("deep.yaml", &scenario)], &mut sources);
        assert!(load.is_empty(), "{load:?}");
        let rules = Rules::compile(&bundle).expect("compiles");
        let o = twilit::scenario::run(&rules, &bundle.scenarios[0]);
        assert!(o.failure.is_none(), "{:?}", o.failure.map(|f| f.message));
    });
}
