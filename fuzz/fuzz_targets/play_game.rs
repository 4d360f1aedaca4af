//! Target 4: a whole game of a bundled game, as `twilit play` and `simulate` run one, with
//! the game, the number of players, the seed and every answer taken from the input:
//! byte 0 picks the game, byte 1 the players (within the game's range), bytes 2..10 the
//! seed, and each later byte answers one pick of a choice. When the bytes run out, the
//! fewest options are taken (as `FirstLegal` does), so every input is a complete game.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use twilit::engine::Rng;
use twilit::interp::{Agent, Ask, Rules};
use twilit::scenario::whole_game;

/// Between them most verbs and choice kinds; the first four play in milliseconds, the
/// faction games (boards, pieces, counts made in place, interned piece names) in tenths
/// of a second.
const GAMES: &[&str] =
    &["cards/goofspiel", "cards/crazy_eights", "cards/lotr", "tests/fixtures/run", "cards/root", "cards/ti4"];

/// Turns per game: goofspiel ends in 13; the others are cut off so one input stays fast.
const TURNS: u32 = 40;

fn games() -> &'static [Rules] {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| GAMES.iter().map(|g| twilit_fuzz::rules(g)).collect())
}

/// Answers from the fuzzer's bytes: one byte for how many options, one per option.
struct Replay<'a> {
    bytes: &'a [u8],
}

impl Replay<'_> {
    fn next(&mut self) -> Option<usize> {
        let (b, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(usize::from(*b))
    }
}

impl Agent for Replay<'_> {
    fn choose(&mut self, ask: &Ask, _rng: &mut Rng) -> Result<Vec<usize>, String> {
        let max = ask.max.min(ask.count);
        let min = ask.min.min(max);
        let n = match self.next() {
            Some(b) => min + b % (max - min + 1),
            None => return Ok((0..min).collect()),
        };
        let mut pool: Vec<usize> = (0..ask.count).collect();
        let mut picked = Vec::with_capacity(n);
        for _ in 0..n {
            let i = self.next().unwrap_or(0) % pool.len();
            picked.push(pool.swap_remove(i));
        }
        picked.sort_unstable();
        Ok(picked)
    }

    fn wants_names(&self) -> bool {
        false
    }
}

fuzz_target!(|data: &[u8]| {
    let [game, players, rest @ ..] = data else { return };
    let Some((seed, answers)) = rest.split_first_chunk::<8>() else { return };
    let rules = &games()[usize::from(*game) % GAMES.len()];
    let (lo, hi) = rules.players;
    let players = lo + usize::from(*players) % (hi - lo + 1);
    let seed = u64::from_le_bytes(*seed);
    twilit_fuzz::on_stack(twilit_fuzz::CLI_STACK, || {
        let agent = Box::new(Replay { bytes: answers });
        // A halt (a budget, a refusal) is a diagnostic, not a failure: only panics,
        // overflows, hangs and runaway memory are.
        let _ = whole_game(rules, seed, players, TURNS, agent);
    });
});
