//! What the tests of compiled paths share (`typed_conditions.rs`, `counted.rs`): a game
//! compiled from its files with limits, and a whole random game played with the compiled
//! paths on, or off (coverage recorded: everything evaluated as written).

use twilit::diag::SourceMap;
use twilit::engine::Player;
use twilit::interp::{Interp, RandomAgent, Rules};

/// A game's files (`game.yaml`, `cards.yaml`) compiled, with these limits.
pub fn rules_of(game: &str, cards: &str, limits: &[(&str, u64)]) -> Rules {
    let mut sources = SourceMap::default();
    let files = [("game.yaml", game), ("cards.yaml", cards)];
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("typed"), &files, &mut sources);
    assert!(diags.is_empty(), "{diags:#?}");
    let mut r = Rules::compile(&bundle).unwrap_or_else(|d| panic!("does not compile: {d:#?}"));
    for (name, value) in limits {
        r.limits.set(name, *value).expect("a known limit");
    }
    r
}

/// A whole game under the random agent (60 turns at most): its transcript and how it
/// ended (or its error). `evaluated`: with coverage recorded, which turns every compiled
/// path off.
pub fn play(r: &Rules, seed: u64, players: usize, evaluated: bool) -> (Vec<String>, String) {
    let names = (1..=players).map(|i| Player { name: format!("p{i}"), role: None, faction: None }).collect();
    let mut it = Interp::new(r, Interp::lay_out(r, seed, names), Box::new(RandomAgent));
    if evaluated {
        // Coverage is recorded on the general evaluator only.
        it.record_coverage();
    }
    let mut whole = || -> Result<String, twilit::interp::Halt> {
        it.prepare_whole_game()?;
        it.begin(None)?;
        it.start_phase()?;
        it.play_turns(60)?;
        Ok(format!("{:?}", it.standing()?))
    };
    let how = whole().unwrap_or_else(|h| format!("error: {}", h.message()));
    let lines = it.w.state.log.iter().map(|e| e.render(&it.w.state)).collect();
    (lines, how)
}

/// Seeds 1 and 2, three players, under each step budget of `sizes` (`rules` compiles the
/// game with one): each game as `reference` plays it (the general evaluator if
/// `evaluated`, else the compiled paths again), every budget error saying so. How many
/// ran out.
pub fn budget_runs(rules: impl Fn(u64) -> Rules, sizes: &[u64], evaluated: bool) -> usize {
    let mut ran_out = 0;
    for &steps in sizes {
        let r = rules(steps);
        for seed in [1, 2] {
            let (lines, how) = play(&r, seed, 3, false);
            assert_eq!((lines, how.clone()), play(&r, seed, 3, evaluated), "steps={steps}: as the reference");
            if how.starts_with("error") {
                assert!(how.contains(&format!("step budget ({steps}) exceeded")), "{how}");
                ran_out += 1;
            }
        }
    }
    ran_out
}

/// A whole game played with the compiled paths and again with the general evaluator,
/// asserted the same (transcript and end) and ended without an error: its transcript and
/// how it ended.
pub fn played_both_ways(r: &Rules, seed: u64, players: usize) -> (Vec<String>, String) {
    let (fast, how) = play(r, seed, players, false);
    let (slow, how_slow) = play(r, seed, players, true);
    assert_eq!(fast, slow, "seed {seed}, {players} players: transcripts differ");
    assert_eq!(how, how_slow, "seed {seed}, {players} players");
    assert!(!how.starts_with("error"), "seed {seed}: {how}");
    (fast, how)
}
