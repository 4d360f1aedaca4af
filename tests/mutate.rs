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
    // The game by its id and its folder, as `test --format json` names it.
    assert_eq!((summary["game"].as_str(), summary["dir"].as_str()), (Some("mutate"), Some("tests/fixtures/mutate")));
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

#[test]
fn naming_a_rules_file_mutates_only_that_file() {
    let made = |path: &str| {
        let (code, out, err) = twilit(&["mutate", path, "--only", "comparison", "--format", "json", "--jobs", "1"]);
        assert_eq!(code, 0, "{out}{err}");
        let lines = json_lines(&out);
        lines.last().and_then(|g| g["mutants"].as_u64()).expect("a game summary")
    };
    let files = ["game.yaml", "fellowship.yaml", "shadow.yaml", "sites.yaml", "catapult.yaml"];
    let per_file: Vec<u64> = files.iter().map(|f| made(&format!("cards/lotr/{f}"))).collect();
    assert!(per_file.iter().all(|&n| n > 0), "{per_file:?}");
    assert_eq!(per_file.iter().sum::<u64>(), made("cards/lotr"), "the files' mutants make the game's");
    // A scenario file names no rules: its whole game is mutated.
    let scenario = "cards/lotr/scenarios/the_game_starts_with_eight_shuffled_cards_each.yaml";
    assert_eq!(made(scenario), made("cards/lotr"));
}

#[test]
fn coverage_of_a_rules_file_reports_that_file_only() {
    let (code, out, err) = twilit(&["coverage", "cards/lotr/sites.yaml", "--format", "json"]);
    assert_eq!(code, 0, "{out}{err}");
    let lines = json_lines(&out);
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|l| l["file"].as_str().is_some_and(|f| f.ends_with("sites.yaml"))), "{out}");
}

#[test]
fn a_mutant_that_check_rejects_is_invalid_not_a_survivor() {
    let (_, out, err) = twilit(&["mutate", "tests/fixtures/mutate_checked", "--only", "filter", "--jobs", "1"]);
    assert!(out.starts_with("mutate_checked: 1 mutants: 0 killed, 1 invalid, 0 equivalent, 0 survived"), "{out}{err}");
    // Dropping the statement or changing the number still checks: those run and survive.
    let (_, out, err) = twilit(&["mutate", "tests/fixtures/mutate_checked", "--format", "json", "--jobs", "1"]);
    let lines = json_lines(&out);
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["invalid"].as_i64(), Some(1), "{out}{err}");
    assert_eq!(summary["survived"].as_i64(), Some(3), "{out}{err}");
}

/// A removed filter was shown with the space it left (`count(copper )`, `cards  where`).
#[test]
fn a_removed_filter_is_shown_without_the_space_it_leaves() {
    let (_, out, err) = twilit(&["mutate", "tests/fixtures/mutate_shown", "--only", "filter", "--jobs", "1"]);
    assert!(out.contains("\n      set n to count(cards)\n"), "{out}{err}");
    assert!(out.contains("\n      set n to count(cards where owner of it == you)\n"), "{out}{err}");
    assert!(out.contains("\n      set n to count(cards in hand)\n"), "{out}{err}");
}

/// A mark that excuses a change a scenario already catches is said so: such marks, made
/// broad, hid real survivors beside them (a designer's walkthrough). The mutant counts as
/// killed; the run still passes.
#[test]
fn a_mark_on_a_change_a_scenario_catches_is_said_to_be_needless() {
    let (code, out, err) = twilit(&["mutate", "tests/fixtures/mutate_needless", "--jobs", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("mutate_needless: 3 mutants: 3 killed (2 of them marked equivalent), 0 invalid"), "{out}");
    assert_eq!(out.matches("  marked equivalent, but killed by `pay`: ").count(), 2, "{out}");
    assert!(out.contains("game.yaml:12:11: number: `1` -> `0`\n      add 0 coins"), "{out}");
    let (_, out, _) = twilit(&["mutate", "tests/fixtures/mutate_needless", "--format", "json", "--jobs", "1"]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!((lines[0]["needless_mark"].as_bool(), lines[0]["killed_by"].as_str()), (Some(true), Some("pay")));
    assert_eq!(lines[2]["needless_marks"].as_i64(), Some(2), "{out}");
}

/// A run that mutates nothing does not pass: a path that names no game is a usage error,
/// as for `test` and `coverage`, and a game without scenarios, whose every change goes
/// unnoticed, fails the run (both passed with exit code 0 and no word, or "skipped").
#[test]
fn a_run_that_tests_no_change_does_not_pass() {
    let empty = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = twilit(&["mutate", empty.path().to_str().expect("utf-8")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no game in"), "{err}");
    let (code, _, err) = twilit(&["mutate", "/dev/null"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = twilit(&["mutate", "tests/fixtures/explain"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("explain: no scenarios, so no change of its rules is noticed"), "{err}");
}
