//! `twilit play` at its edges: seeds that would pass the largest one are a usage error, as
//! in `simulate`, not games silently left out.

mod common;

use common::twilit;

/// `--seed` plus `--games` past `u64::MAX` used to play none or some of the games and exit
/// 0; both commands now refuse it alike, naming the largest seed that fits.
#[test]
fn seeds_past_the_largest_are_a_usage_error_in_play_and_simulate() {
    let max = u64::MAX.to_string();
    let almost = (u64::MAX - 1).to_string();
    for args in [
        vec!["play", "cards/goofspiel", "--seed", &almost, "--games", "3"],
        vec!["simulate", "cards/goofspiel", "--seed", &almost, "--games", "3"],
    ] {
        let (code, out, err) = twilit(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: no game is played: {out}");
        assert!(err.contains(&format!("--seed {almost} plus --games 3 passes the largest seed, {max}")), "{err}");
        let fits = (u64::MAX - 2).to_string();
        assert!(err.contains(&format!("the largest --seed that fits is {fits}")), "{err}");
    }
    // One game from the largest seed fits: it is played and printed.
    let (code, out, err) = twilit(&["play", "cards/goofspiel", "--seed", &max, "--turns", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().last().is_some_and(|l| l.starts_with(&format!("seed {max}: "))), "{out}");
    // The last seeds that fit are all played.
    let (code, out, err) = twilit(&["play", "cards/goofspiel", "--seed", &almost, "--games", "2", "--turns", "1"]);
    assert_eq!(code, 0, "{err}");
    let seeds: Vec<&str> = out.lines().map(|l| l.split(':').next().unwrap_or_default()).collect();
    assert_eq!(seeds, [format!("seed {almost}"), format!("seed {max}")], "{out}");
}
