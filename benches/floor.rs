//! The floor: Goofspiel(13) and Crazy Eights random playouts written by hand in Rust, with
//! the same rules as `cards/goofspiel` and `cards/crazy_eights` (OpenSpiel's defaults) and
//! the same seeded generator. What Twilit's compiled core is measured against (issue 8):
//! `cargo bench --bench floor` beside `cargo bench --bench run`.

use divan::Bencher;
use twilit::engine::Rng;

fn main() {
    // `-- --games-per-second`: one plain line per game for `benches/side_by_side.sh`.
    if std::env::args().any(|a| a == "--games-per-second") {
        println!("floor goofspiel13 {:.0}", games_per_second(goofspiel));
        println!("floor crazy_eights {:.0}", games_per_second(|rng| crazy_eights(rng) as i64));
        return;
    }
    divan::main();
}

/// Plays games for about a second of CPU and returns how many per second.
fn games_per_second(game: impl Fn(&mut Rng) -> i64) -> f64 {
    let mut rng = Rng::new(1);
    let start = std::time::Instant::now();
    let (mut games, mut sum) = (0u64, 0i64);
    while start.elapsed().as_secs_f64() < 1.0 {
        for _ in 0..1000 {
            sum = sum.wrapping_add(game(&mut rng));
        }
        games += 1000;
    }
    divan::black_box(sum);
    games as f64 / start.elapsed().as_secs_f64()
}

/// One Goofspiel(13) game: a shuffled prize deck, both players bid a random card of their
/// hand, the higher bid scores the prize, a tie discards it. Returns the score difference.
fn goofspiel(rng: &mut Rng) -> i64 {
    let mut prizes: Vec<i64> = (1..=13).collect();
    rng.shuffle(&mut prizes);
    let mut hands = [(1..=13).collect::<Vec<i64>>(), (1..=13).collect::<Vec<i64>>()];
    let mut points = [0i64; 2];
    for prize in prizes {
        let mut bid = [0i64; 2];
        for (p, hand) in hands.iter_mut().enumerate() {
            let i = rng.below(hand.len() as u64) as usize;
            bid[p] = hand.swap_remove(i);
        }
        match bid[0].cmp(&bid[1]) {
            std::cmp::Ordering::Greater => points[0] += prize,
            std::cmp::Ordering::Less => points[1] += prize,
            std::cmp::Ordering::Equal => {}
        }
    }
    points[0] - points[1]
}

/// A card of the 52: rank 0..13 (the eight is 6), suit 0..4.
fn rank(c: u8) -> u8 {
    c / 4
}

fn suit(c: u8) -> u8 {
    c % 4
}

/// One Crazy Eights game with five players: five cards each, a starting card that is not
/// an eight, play a card matching suit or rank or any eight (which names a suit), or draw
/// (five a turn at most, no reshuffle), pass only after five draws or with an empty stock;
/// it ends when a hand is empty, after 100 plays, or after six passes in a row on an empty
/// stock. Each choice is uniform among the legal moves. Returns the number of moves.
fn crazy_eights(rng: &mut Rng) -> usize {
    let players = 5;
    let mut stock: Vec<u8> = (0..52).collect();
    rng.shuffle(&mut stock);
    let mut hands: Vec<Vec<u8>> = vec![vec![]; players];
    for _ in 0..5 {
        for h in hands.iter_mut() {
            h.push(stock.pop().expect("52 cards"));
        }
    }
    while rank(*stock.last().expect("cards left")) == 6 {
        let i = rng.below(stock.len() as u64) as usize;
        let last = stock.len() - 1;
        stock.swap(i, last);
    }
    let top = stock.pop().expect("a starting card");
    let (mut top_rank, mut to_follow) = (rank(top), suit(top));
    let (mut turn, mut plays, mut passes, mut moves) = (rng.below(players as u64) as usize, 0, 0, 0);
    let mut legal: Vec<usize> = Vec::with_capacity(16);
    loop {
        let mut draws = 0;
        loop {
            legal.clear();
            let hand = &hands[turn];
            legal.extend(
                (0..hand.len())
                    .filter(|&i| rank(hand[i]) == 6 || suit(hand[i]) == to_follow || rank(hand[i]) == top_rank),
            );
            let can_draw = draws < 5 && !stock.is_empty();
            let can_pass = draws >= 5 || stock.is_empty();
            let options = legal.len() + usize::from(can_draw) + usize::from(can_pass);
            let pick = rng.below(options as u64) as usize;
            moves += 1;
            if pick < legal.len() {
                let card = hands[turn].swap_remove(legal[pick]);
                plays += 1;
                passes = 0;
                top_rank = rank(card);
                to_follow = if top_rank == 6 && !hands[turn].is_empty() { rng.below(4) as u8 } else { suit(card) };
                break;
            } else if can_draw && pick == legal.len() {
                hands[turn].push(stock.pop().expect("a card to draw"));
                draws += 1;
                passes = 0;
            } else {
                passes = if stock.is_empty() { passes + 1 } else { 0 };
                break;
            }
        }
        if hands[turn].is_empty() || plays >= 100 || passes > players {
            return moves;
        }
        turn = (turn + 1) % players;
    }
}

#[divan::bench(args = [1000])]
fn goofspiel_games(bencher: Bencher, games: u64) {
    bencher.bench(|| {
        let mut rng = Rng::new(1);
        (0..games).map(|_| goofspiel(&mut rng)).sum::<i64>()
    });
}

#[divan::bench(args = [1000])]
fn crazy_eights_games(bencher: Bencher, games: u64) {
    bencher.bench(|| {
        let mut rng = Rng::new(1);
        (0..games).map(|_| crazy_eights(&mut rng)).sum::<usize>()
    });
}
