//! `twilit mutate`: every small change of a rule that a scenario pins down is killed; a
//! change no scenario notices survives and is listed at its place with the change; a
//! change marked `equivalent(KIND): reason` on its line is not run. Exit 0 when nothing
//! survives, 1 otherwise, 2 for a usage error.

mod common;

use common::twilit;

fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect()
}

#[test]
fn unpinned_changes_survive_and_pinned_ones_are_killed() {
    let (code, out, err) = twilit(&["mutate", "tests/fixtures/mutate", "--format", "json", "--jobs", "1"]);
    assert_eq!(code, 1, "a survivor fails the run:\n{out}{err}");
    let lines = json_lines(&out);
    let summary = lines.last().expect("a summary");
    let counts: Vec<i64> = ["mutants", "killed", "invalid", "equivalent", "survived"]
        .iter()
        .map(|k| summary[k].as_i64().unwrap())
        .collect();
    // reward: `if` dropped, its condition true/false, `>=` flipped, 3 -> 4 and 2, `add`
    // dropped, 2 -> 3 and 1: all nine killed. tip: dropping `add 1 coins` is marked
    // equivalent; 1 -> 0 and 1 -> 2 survive.
    assert_eq!(counts, [12, 9, 0, 1, 2], "{out}");
    let survivors: Vec<(i64, i64, &str, &str)> = lines[..lines.len() - 1]
        .iter()
        .map(|v| {
            (
                v["line"].as_i64().unwrap(),
                v["column"].as_i64().unwrap(),
                v["kind"].as_str().unwrap(),
                v["mutant"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(survivors, [(15, 11, "number", "0"), (15, 11, "number", "2")]);
}

#[test]
fn nothing_surviving_exits_zero_and_an_unknown_kind_is_a_usage_error() {
    let (code, out, _) = twilit(&["mutate", "tests/fixtures/mutate", "--only", "comparison"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("mutate: 1 mutants: 1 killed, 0 invalid, 0 equivalent, 0 survived"), "{out}");
    let (code, _, err) = twilit(&["mutate", "tests/fixtures/mutate", "--only", "typo"]);
    assert_eq!(code, 2);
    assert!(err.contains("no mutation kind `typo`; kinds: comparison, logic, number"), "{err}");
}

#[test]
fn the_same_mutants_die_whatever_the_number_of_workers() {
    let (_, one, _) = twilit(&["mutate", "cards/goofspiel", "--format", "json", "--jobs", "1"]);
    let (_, two, _) = twilit(&["mutate", "cards/goofspiel", "--format", "json", "--jobs", "2"]);
    let strip = |s: &str| {
        json_lines(s)
            .into_iter()
            .map(|mut v| {
                v.as_object_mut().unwrap().remove("seconds");
                v
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&one), strip(&two));
}
