//! `twilit coverage`: after the scenarios run, what the rules hold that they never reached
//! is listed at its place — a procedure never run, a statement never run, an `if` that
//! never went one way, a table row or an `if` value never read — with counts per file.

mod common;

use common::twilit;

#[test]
fn what_the_scenarios_never_reach_is_listed_at_its_place() {
    let (code, out, err) = twilit(&["coverage", "tests/fixtures/coverage"]);
    assert_eq!(code, 0, "{out}{err}");
    insta::assert_snapshot!("coverage_fixture", out);
}

#[test]
fn json_gives_each_gap_and_the_counts_of_each_file() {
    let (_, out, _) = twilit(&["coverage", "tests/fixtures/coverage", "--format", "json"]);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let missed: Vec<(i64, &str)> =
        lines.iter().filter_map(|v| Some((v["line"].as_i64()?, v["missed"].as_str()?))).collect();
    assert_eq!(
        missed,
        [
            (12, "`if` never false"),
            (13, "`if ... then ... else` value never picked"),
            (13, "table row never read"),
            (15, "statement never ran"),
            (18, "never ran")
        ]
    );
    let last = lines.last().expect("the file's counts");
    assert_eq!(
        (last["fields"].clone(), last["statements"].clone()),
        (serde_json::json!([1, 2]), serde_json::json!([2, 4]))
    );
    assert_eq!(last["branches"], serde_json::json!([3, 6]));
}

#[test]
fn every_scenario_still_passes_while_recording() {
    // Recording must not change what runs: the bundled games' scenarios pass under it.
    let (code, out, err) = twilit(&["coverage", "cards"]);
    assert_eq!(code, 0, "a scenario failed while recording:\n{err}");
    assert!(out.contains("cards/lotr/fellowship.yaml: fields 14/14 (100%)"), "{out}");
}

/// Nothing of a kind to cover is said as such: a file without branches read "branches 0/0
/// (100%)", as if its branches had all been taken (a walkthrough's game had no scenario).
#[test]
fn nothing_to_cover_is_not_counted_as_all_covered() {
    let (code, out, err) = twilit(&["coverage", "tests/fixtures/explain"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("tests/fixtures/explain/game.yaml: fields 0/3 (0%), statements 0/1 (0%), no branches"),
        "{out}"
    );
}

/// A game ability with a `name:` is reported by that name (`game ability deploy`), the one
/// the designer wrote and searches for; it was "game ability 1". An unnamed one keeps its
/// number.
#[test]
fn a_named_ability_is_reported_by_its_name() {
    let (code, out, err) = twilit(&["coverage", "tests/fixtures/coverage_abilities"]);
    assert_eq!(code, 0, "{out}{err}");
    insta::assert_snapshot!("coverage_named_abilities", out);
}
