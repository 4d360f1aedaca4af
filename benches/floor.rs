//! The floor: Goofspiel(13) and Crazy Eights random playouts written by hand in Rust, with
//! the same rules as `cards/goofspiel` and `cards/crazy_eights` (OpenSpiel's defaults) and
//! the same seeded generator. What Twilit's compiled core is measured against (issue 8):
//! `cargo bench --bench floor` beside `cargo bench --bench run`.
//!
//! A second floor, `crazy_eights_on_engine`, plays the same Crazy Eights by hand over
//! Twilit's own engine: the table `cards/crazy_eights` lays out, every move and count made
//! through `State` (journalled and versioned as the interpreter makes them). Between the
//! two floors lies the engine's cost; between it and `twilit simulate`, the interpreter's.

use std::path::PathBuf;

use divan::Bencher;
use twilit::engine::{CounterId, EntId, Holder, Kind, Player, Rng, State, Value, ZoneId};
use twilit::interp::{Interp, Rules};

fn main() {
    // `-- --games-per-second`: one plain line per game for `benches/side_by_side.sh`.
    if std::env::args().any(|a| a == "--games-per-second") {
        println!("floor goofspiel13 {:.0}", games_per_second(goofspiel));
        println!("floor crazy_eights {:.0}", games_per_second(|rng| crazy_eights(rng) as i64));
        let (c8, mut state) = (OnEngine::new(), State::new(0));
        println!("engine crazy_eights {:.0}", games_per_second(|rng| c8.play(&mut state, rng) as i64));
        return;
    }
    divan::main();
}

/// Plays games for about a second of CPU and returns how many per second.
fn games_per_second(mut game: impl FnMut(&mut Rng) -> i64) -> f64 {
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

/// `crazy_eights` over Twilit's engine: the laid-out table of `cards/crazy_eights` for five
/// players, copied for each game, and the ids of its zones and counters, and each card's
/// rank and suit as the rules print them (read by the card's index, as the interpreter
/// reads a printed value).
struct OnEngine {
    table: State,
    stock: ZoneId,
    discard: ZoneId,
    hands: Vec<ZoneId>,
    /// `suit_to_follow`, `cards_played`, `drawn_this_turn`, `passes_in_a_row`.
    counters: [CounterId; 4],
    rank: Vec<u8>,
    suit: Vec<u8>,
}

impl OnEngine {
    fn new() -> Self {
        let mut sources = twilit::diag::SourceMap::default();
        let (mut lib, diags) = twilit::load::load_paths(&[PathBuf::from("cards/crazy_eights")], &mut sources);
        assert!(diags.is_empty(), "cards/crazy_eights loads clean");
        let rules = Rules::compile(&lib.games.remove(0)).expect("compiles");
        let names = (1..=5).map(|i| Player { name: format!("p{i}"), role: None, faction: None }).collect();
        // The table as a game starts from it: the deck in the stock.
        let mut it = Interp::new(&rules, Interp::lay_out(&rules, 0, names), Box::new(twilit::interp::RandomAgent));
        it.set_quiet(true);
        it.lay_down().expect("the table is laid down");
        let mut table = std::mem::replace(&mut it.w.state, State::new(0));
        drop(it);
        let zone = |s: &State, name: &str, p: Option<usize>| s.zone(name, p).expect("a zone of the game");
        let hands = (0..5).map(|p| zone(&table, "hand", Some(p))).collect();
        let (stock, discard) = (zone(&table, "stock", None), zone(&table, "discard_pile", None));
        let counters =
            ["suit_to_follow", "cards_played", "drawn_this_turn", "passes_in_a_row"].map(|c| table.counter_id(c));
        let ranks =
            ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
        let rank = rules.cards.iter().map(|c| match c.props.get("rank") {
            Some(Value::Sym(r)) => ranks.iter().position(|x| **r == **x).expect("a rank") as u8,
            _ => panic!("a card without a rank"),
        });
        let suit = rules.cards.iter().map(|c| match c.props.get("suit_index") {
            Some(Value::Int(n)) => *n as u8,
            _ => panic!("a card without a suit number"),
        });
        let (rank, suit) = (rank.collect(), suit.collect());
        OnEngine { table, stock, discard, hands, counters, rank, suit }
    }

    fn card(&self, s: &State, e: EntId) -> usize {
        match s.ents[e].kind {
            Kind::Card(c) => c,
            Kind::Piece(_) => unreachable!("the game has no pieces"),
        }
    }

    fn set(&self, s: &mut State, i: usize, v: i64) {
        s.set_counter_at(self.counters[i], Holder::Game, v).expect("within its bounds");
    }

    fn shuffle_stock(&self, s: &mut State, rng: &mut Rng) {
        let mut items = s.zones[self.stock].items.to_vec();
        rng.shuffle(&mut items);
        s.set_items(self.stock, items);
    }

    /// One game, as `crazy_eights` plays it; returns the number of moves.
    fn play(&self, s: &mut State, rng: &mut Rng) -> usize {
        s.copy_from(&self.table);
        let players = self.hands.len();
        self.shuffle_stock(s, rng);
        let dealer = rng.below(players as u64) as usize;
        for _ in 0..5 {
            for i in 1..=players {
                let top = s.nth_in(self.stock, true, 0).expect("52 cards");
                s.put(top, self.hands[(dealer + i) % players], false);
            }
        }
        loop {
            let top = s.nth_in(self.stock, true, 0).expect("a starting card");
            s.put(top, self.discard, true);
            if self.rank[self.card(s, top)] != 6 {
                self.set(s, 0, i64::from(self.suit[self.card(s, top)]));
                break;
            }
            s.put(top, self.stock, true);
            self.shuffle_stock(s, rng);
        }
        let (mut turn, mut moves) = ((dealer + 1) % players, 0);
        let mut legal: Vec<EntId> = Vec::with_capacity(16);
        loop {
            s.set_active(turn);
            self.set(s, 2, 0);
            let hand = self.hands[turn];
            loop {
                let top = s.nth_in(self.discard, true, 0).expect("a top card");
                let (top_rank, to_follow) =
                    (self.rank[self.card(s, top)], s.counter_at(self.counters[0], Holder::Game));
                legal.clear();
                legal.extend(s.zones[hand].items.iter().copied().filter(|&e| {
                    let c = self.card(s, e);
                    self.rank[c] == 6 || i64::from(self.suit[c]) == to_follow || self.rank[c] == top_rank
                }));
                let (draws, stock_left) = (s.counter_at(self.counters[2], Holder::Game), s.count_in(self.stock, true));
                let can_draw = draws < 5 && stock_left > 0;
                let can_pass = draws >= 5 || stock_left == 0;
                let options = legal.len() + usize::from(can_draw) + usize::from(can_pass);
                let pick = rng.below(options as u64) as usize;
                moves += 1;
                if pick < legal.len() {
                    let card = legal[pick];
                    s.put(card, self.discard, true);
                    let played = s.counter_at(self.counters[1], Holder::Game);
                    self.set(s, 1, played + 1);
                    self.set(s, 3, 0);
                    let c = self.card(s, card);
                    self.set(s, 0, i64::from(self.suit[c]));
                    if self.rank[c] == 6 && s.count_in(hand, true) > 0 {
                        self.set(s, 0, rng.below(4) as i64);
                    }
                    break;
                } else if can_draw && pick == legal.len() {
                    let top = s.nth_in(self.stock, true, 0).expect("a card to draw");
                    s.put(top, hand, false);
                    self.set(s, 2, draws + 1);
                    self.set(s, 3, 0);
                } else {
                    let passes = s.counter_at(self.counters[3], Holder::Game);
                    self.set(s, 3, if stock_left == 0 { passes + 1 } else { 0 });
                    break;
                }
            }
            let plays = s.counter_at(self.counters[1], Holder::Game);
            let passes = s.counter_at(self.counters[3], Holder::Game) as usize;
            if s.count_in(hand, true) == 0 || plays >= 100 || passes > players {
                return moves;
            }
            turn = (turn + 1) % players;
        }
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

#[divan::bench(args = [1000])]
fn crazy_eights_on_engine(bencher: Bencher, games: u64) {
    let (c8, mut state) = (OnEngine::new(), State::new(0));
    bencher.bench_local(|| {
        let mut rng = Rng::new(1);
        (0..games).map(|_| c8.play(&mut state, &mut rng)).sum::<usize>()
    });
}
