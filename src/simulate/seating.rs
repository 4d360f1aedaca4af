//! Who plays which faction in each simulated game. Handed out in file order, every game
//! put the first faction in `p1`: seat and faction win rates were the same numbers, and a
//! seat's advantage could not be told from a faction's. Each game is now seated from its own
//! seed (never from the game's generator, so the game itself is the one `play --seed S
//! --factions ...` plays), the same for any `--jobs` and any first seed.

use crate::engine::Rng;
use crate::interp::Rules;
use crate::scenario::Seating;

/// Mixed into a block's number to seed its shuffle, so that a block's order is not drawn
/// by the same stream as the game whose seed equals that number (any fixed value would do).
const SALT: u64 = 0x5EA7_5EA7_5EA7_5EA7;

/// The seating of the simulated game of `seed` with `players` players. Without factions,
/// the file-order table `play` uses (seats with no faction: the same for every game).
///
/// With factions, the list of factions, padded with empty seats to `n` = the larger of the
/// factions and the players, is shuffled once per block of `n` consecutive seeds (`seed /
/// n`), and game `seed` seats it rotated by `seed % n`: seat `s` takes entry `(seed + s) %
/// n`. Over a block, each faction sits in each seat exactly once (a rotation alone would
/// do that), and the shuffle, new in every block, varies who sits next to whom and, with
/// more factions than players, which factions meet: a rotation alone keeps the file's
/// cyclic order, so two factions far apart in it would never play each other. A run of
/// games that starts or ends inside a block is off by at most one game per faction and seat
/// at each end. A seeded shuffle per game would balance seats only on average.
pub fn seating(rules: &Rules, players: usize, seed: u64) -> Seating {
    if rules.factions.is_empty() {
        return Seating::InFileOrder(players);
    }
    let n = rules.factions.len().max(players);
    let mut order: Vec<Option<String>> =
        (rules.factions.iter().map(|f| Some(f.id.clone())).chain(std::iter::repeat(None))).take(n).collect();
    let (block, turn) = (seed / n as u64, (seed % n as u64) as usize);
    Rng::new(block ^ SALT).shuffle(&mut order);
    Seating::Factions((0..players).map(|s| order[(turn + s) % n].clone()).collect())
}
