//! Many whole games at once: play N seeded games with the random agent on a pool of
//! threads (`play_all`: each game's `GameSummary` added to its worker's running totals,
//! `Tally`, as it ends; the same totals whatever the thread count), then aggregate them
//! (`Tally::summary`): outcomes, game length, win rates per seat and per faction with
//! Wilson intervals, scores, and what each card's plays won. `stats` has the formulas,
//! `report` the HTML page with its charts.

pub mod report;
mod seating;
pub mod stats;
mod tally;

pub use seating::seating;

pub use tally::Tally;

use std::panic::{catch_unwind, AssertUnwindSafe};

use rayon::prelude::*;
use serde::Serialize;

use crate::engine::{EventKind, Holder, Kind};
use crate::interp::Rules;
use crate::scenario::{Dealt, Played, Seating};
use stats::{round4, wilson, Spread};

// Games run on worker threads that share the compiled rules.
const _: () = {
    const fn shared<T: Sync + Send>() {}
    shared::<Rules>();
};

/// Stack of each worker thread (games recurse as deeply as the CLI's own thread allows workers).
const STACK: usize = 64 << 20;

/// How many failed games are listed (all are counted).
pub const LISTED_ERRORS: usize = 5;

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Options {
    /// How many games.
    pub games: u64,
    /// The seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Players in each game.
    pub players: usize,
    /// Turns each game may last at most.
    pub turns: u32,
    /// Worker threads (`None`: one per core).
    pub jobs: Option<usize>,
    /// Counters on players to report at the end of the games (`--track`), by name.
    pub track: Vec<String>,
    /// Whether the greedy agent plays every seat (`interp::GreedyAgent`), not the random one.
    pub greedy: bool,
    /// The random agent's weights (`--weight`; `interp::WeightedAgent`), if any.
    pub weights: Option<std::sync::Arc<crate::interp::Weights>>,
}

/// How one game finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Its `end:` held; the players who won are marked in `GameSummary::players`.
    Ended,
    /// The turn cap stopped it first.
    Unfinished,
    /// A run-time error (or a bug) stopped it, with its message.
    Failed(String),
}

/// One player's part of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSummary {
    /// The faction they played, if any.
    pub faction: Option<String>,
    /// Whether they are among the winners of an ended game.
    pub won: bool,
    /// Whether they are among its losers (`result: losers:`, or everyone but the winners).
    pub lost: bool,
    /// Their `scores:` value at the end (none without `scores:`, or once eliminated).
    pub score: Option<i64>,
    /// Cards they played: (index into `Rules::cards`, times), by index.
    pub plays: Vec<(usize, u32)>,
    /// The value of each tracked counter (`Options::track`) at the end, in its order.
    pub tracked: Vec<i64>,
}

/// Everything the statistics need from one game: plain numbers and indices, no state, so
/// any player of games (the interpreter today, a cheaper one later) can fill it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's seed (`twilit play DIR --seed S`, with `--factions` for its seats, replays it).
    pub seed: u64,
    /// How it finished.
    pub outcome: Outcome,
    /// Turns played, as `twilit play` counts them (0 for a failed game).
    pub turns: u32,
    /// The players by id (empty for a failed game).
    pub players: Vec<PlayerSummary>,
    /// Cards played by no player: (card index, times).
    pub unowned_plays: Vec<(usize, u32)>,
    /// Actions and phase scripts the rules refused (`Played::refused`): a refused phase
    /// script is skipped, so the game did not play as its rules are written.
    pub refused: u64,
    /// How often each ability of the game, then of the factions, was used (`Played::uses`).
    pub uses: Vec<u32>,
}

impl GameSummary {
    /// The summary of a game the interpreter played: reads the standing and counts the
    /// `Play` events of the final log by card index (no copy, no text).
    /// The counters named in `track` are read of each player at the end; a counter kept
    /// on the game (`on_game`) is the game's, the same for every player.
    pub fn of(seed: u64, g: &Played, track: &[String], on_game: &[bool]) -> GameSummary {
        let s = &g.state;
        let ended = g.standing.ended;
        let ids: Vec<_> = track.iter().zip(on_game).filter_map(|(n, &g)| Some((s.counters.id(n)?, g))).collect();
        let mut players: Vec<PlayerSummary> = (s.players.iter().enumerate())
            .map(|(i, p)| {
                let holder = |game: bool| if game { Holder::Game } else { Holder::Player(i) };
                let tracked = ids.iter().map(|&(id, game)| s.counter_at(id, holder(game))).collect();
                PlayerSummary {
                    faction: p.faction.clone(),
                    won: false,
                    lost: false,
                    score: None,
                    plays: vec![],
                    tracked,
                }
            })
            .collect();
        if ended {
            for &w in &g.standing.winners {
                players[w].won = true;
            }
            for &l in &g.standing.losers {
                players[l].lost = true;
            }
        }
        for &(p, score) in &g.standing.scores {
            players[p].score = Some(score);
        }
        // Each play as (player + 1, card), 0 for a play by nobody. Sorted, a run of the
        // same pair is one player's plays of one card, and each player's runs come in
        // card order.
        let mut plays: Vec<(usize, usize)> = (s.log.iter())
            .filter_map(|e| match e.kind {
                // A match's earlier games each had their own table (`State::table_of`).
                EventKind::Play { ent } => match s.table_of(e.game).get(ent).map(|x| (&x.kind, x.owner)) {
                    Some((&Kind::Card(c), owner)) => Some((e.actor().or(owner).map_or(0, |p| p + 1), c)),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        plays.sort_unstable();
        let mut unowned_plays = vec![];
        for run in plays.chunk_by(|a, b| a == b) {
            let ((who, c), n) = (run[0], run.len() as u32);
            match who.checked_sub(1) {
                Some(p) => players[p].plays.push((c, n)),
                None => unowned_plays.push((c, n)),
            }
        }
        let turns = if s.over { s.clock.turn } else { s.clock.turn.saturating_sub(1) };
        let outcome = if ended { Outcome::Ended } else { Outcome::Unfinished };
        GameSummary { seed, outcome, turns, players, unowned_plays, refused: g.refused as u64, uses: g.uses.clone() }
    }

    /// A game that stopped with an error.
    pub fn failed(seed: u64, message: String) -> GameSummary {
        GameSummary {
            seed,
            outcome: Outcome::Failed(message),
            turns: 0,
            players: vec![],
            unowned_plays: vec![],
            refused: 0,
            uses: vec![],
        }
    }

    /// Whether the game ended with nobody winning or losing.
    pub fn draw(&self) -> bool {
        self.outcome == Outcome::Ended && !self.players.iter().any(|p| p.won || p.lost)
    }

    /// Whether the game ended with nobody winning but somebody losing (a co-operative
    /// game the table lost).
    pub fn nobody_won(&self) -> bool {
        self.outcome == Outcome::Ended && !self.players.iter().any(|p| p.won) && self.players.iter().any(|p| p.lost)
    }
}

/// Plays game `seed` at the table `seats` with the seeded random agent and summarises it;
/// an error or a panic becomes a failed game. It starts from a copy of `dealt` when that is
/// its table (the same game, dealt once for all: `scenario::deal_once`), made in `spare`
/// (the worker's previous game's state, whose buffers the copy reuses), and leaves its own
/// state there.
// Kept a function of its own (not inlined into the worker) so that profilers can
// measure one game by it (`callgrind --toggle-collect='*play_one*'`).
#[inline(never)]
pub fn play_one(
    rules: &Rules,
    seed: u64,
    (seats, turns, track, o): (&Seating, u32, &[String], &Options),
    dealt: Option<&Dealt>,
    spare: &mut Option<crate::engine::State>,
) -> GameSummary {
    let prev = spare.take();
    // Summarised within the catch too: a bug there is a failed game, not a crash.
    let run = || {
        let agent = || -> Box<dyn crate::interp::Agent> {
            match o.greedy {
                true => Box::new(crate::interp::GreedyAgent),
                false => crate::interp::agent::random(o.weights.as_ref()),
            }
        };
        let played = match dealt.filter(|d| d.seats() == seats) {
            Some(d) => crate::scenario::quiet_game_into_with(rules, d, seed, turns, prev, agent()),
            None => crate::scenario::quiet_game_with(rules, seed, seats.clone(), turns, agent()),
        };
        let on_game: Vec<bool> = track.iter().map(|n| kept_on_game(rules, n)).collect();
        played.map(|g| (GameSummary::of(seed, &g, track, &on_game), g.state))
    };
    match catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok((summary, state))) => {
            *spare = Some(state);
            summary
        }
        Ok(Err(h)) => GameSummary::failed(seed, h.message().to_string()),
        Err(p) => {
            let what = p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned());
            GameSummary::failed(seed, format!("the interpreter panicked: {}", what.unwrap_or_default()))
        }
    }
}

/// Whether counter `name` is kept on the game (`on: game`): tracked, every player reads it.
fn kept_on_game(rules: &Rules, name: &str) -> bool {
    rules.counters.iter().any(|c| c.name.value == name && c.on == crate::load::CounterOn::Game)
}

/// Worker threads for running rules: `jobs` of them (one per core for `None`), each with
/// the stack the interpreter's recursion may need (`STACK`).
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .stack_size(STACK)
        .build()
        .map_err(|e| format!("cannot start the worker threads: {e}"))
}

/// Plays `o.games` games on `o.jobs` threads, calling `done` after each, and adds them up.
/// The totals do not depend on the thread count (see `Tally`).
pub fn play_all(rules: &Rules, o: &Options, done: &(dyn Fn() + Sync)) -> Result<Tally, String> {
    // Dealing is the same for every game (the seed only orders what setup shuffles), so
    // it is done once, unless some game's deal would draw from the generator. With
    // factions the seats change from game to game (`seating`), and so does the table: each
    // game deals its own.
    let dealt = if rules.factions.is_empty() { crate::scenario::deal_once(rules, o.players) } else { None };
    let none = || Tally::new(o.players, rules.cards.len(), o.track.len());
    Ok(pool(o.jobs)?.install(|| {
        (0..o.games)
            .into_par_iter()
            .fold(
                || (none(), None),
                |(mut totals, mut spare), i| {
                    let seed = o.seed.wrapping_add(i);
                    let seats = seating(rules, o.players, seed);
                    let g = play_one(rules, seed, (&seats, o.turns, &o.track, o), dealt.as_ref(), &mut spare);
                    totals.add(&g);
                    done();
                    (totals, spare)
                },
            )
            .map(|(totals, _)| totals)
            .reduce(none, Tally::merge)
    }))
}

/// A win rate: how many of `games` were won, drawn, lost or unfinished, with the rate and
/// its 95 % Wilson interval (a draw or an unfinished game is not a win).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WinRate {
    /// The seat (`p1`) or the faction.
    pub name: String,
    /// Games played (for a faction: seats that played it, over all games).
    pub games: u64,
    /// Won, alone or with others.
    pub wins: u64,
    /// Ended neither won nor lost (with nobody winning, unless `result: losers:` says).
    pub draws: u64,
    /// Ended lost: others won, or `result: losers:` named them.
    pub losses: u64,
    /// Stopped by the turn cap.
    pub unfinished: u64,
    /// `wins / games`; none (`null`) when there was no game to count (every one stopped
    /// by an error), rather than 0 with an interval of [0, 0].
    pub rate: Option<f64>,
    /// The interval's lower end.
    pub low: Option<f64>,
    /// The interval's upper end.
    pub high: Option<f64>,
    /// `wins / (wins + losses)`: the win rate among the games somebody won, where draws
    /// and unfinished games drop out (for a fair two-player game, 50 %). None (`null`)
    /// when no game was won or lost: no rate, rather than 0 with an interval of [0, 0].
    pub decisive: Option<f64>,
    /// Its interval's lower end.
    pub decisive_low: Option<f64>,
    /// Its interval's upper end.
    pub decisive_high: Option<f64>,
}

impl WinRate {
    /// The columns of a table of win rates, after the seat or faction column.
    pub const COLUMNS: [&'static str; 9] =
        ["games", "wins", "draws", "losses", "unfinished", "win rate", "95% interval", "of decisive", "95% interval"];

    /// Its cells under `COLUMNS`, the intervals' ends joined by `to` (" to ", " – ").
    pub fn cells(&self, to: &str) -> [String; 9] {
        let n = |x: u64| x.to_string();
        let range = |lo: f64, hi: f64| format!("{}{to}{}", stats::pct(lo), stats::pct(hi));
        let decisive = self.decisive_rate();
        let played = self.played_rate();
        [
            n(self.games),
            n(self.wins),
            n(self.draws),
            n(self.losses),
            n(self.unfinished),
            // No game to count (every one stopped by an error): no rate, not 0 %.
            played.map_or("n/a".into(), |(r, _, _)| stats::pct(r)),
            played.map_or("n/a".into(), |(_, lo, hi)| range(lo, hi)),
            // No game somebody won or lost: there is no rate, not a rate of 0 %.
            decisive.map_or("n/a".into(), |(r, _, _)| stats::pct(r)),
            decisive.map_or("n/a".into(), |(_, lo, hi)| range(lo, hi)),
        ]
    }

    fn new(name: &str) -> WinRate {
        WinRate {
            name: name.to_string(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            unfinished: 0,
            rate: None,
            low: None,
            high: None,
            decisive: None,
            decisive_low: None,
            decisive_high: None,
        }
    }

    fn add(&mut self, g: &GameSummary, p: &PlayerSummary) {
        self.games += 1;
        match (&g.outcome, p.won, p.lost) {
            (Outcome::Ended, true, _) => self.wins += 1,
            (Outcome::Ended, false, true) => self.losses += 1,
            // Neither won nor lost: a draw for them.
            (Outcome::Ended, false, false) => self.draws += 1,
            _ => self.unfinished += 1,
        }
    }

    /// Adds `other`'s counts (of other games).
    fn merge(&mut self, other: &WinRate) {
        self.games += other.games;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
    }

    /// The decisive rate and its interval, when some game was won or lost.
    pub fn decisive_rate(&self) -> Option<(f64, f64, f64)> {
        Some((self.decisive?, self.decisive_low?, self.decisive_high?))
    }

    /// The win rate and its interval, when some game counted.
    pub fn played_rate(&self) -> Option<(f64, f64, f64)> {
        Some((self.rate?, self.low?, self.high?))
    }

    fn finish(&mut self) {
        let played = rate(self.wins, self.games);
        (self.rate, self.low, self.high) = (played.map(|d| d.0), played.map(|d| d.1), played.map(|d| d.2));
        let decisive = rate(self.wins, self.wins + self.losses);
        (self.decisive, self.decisive_low, self.decisive_high) =
            (decisive.map(|d| d.0), decisive.map(|d| d.1), decisive.map(|d| d.2));
    }
}

/// The rate `k / n` and its Wilson interval, rounded (none when `n` is 0).
fn rate(k: u64, n: u64) -> Option<(f64, f64, f64)> {
    wilson(k, n).map(|(lo, hi)| (round4(k as f64 / n as f64), round4(lo), round4(hi)))
}

/// One seat's scores over the ended games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Scores {
    /// The seat.
    pub seat: String,
    /// How they spread.
    #[serde(flatten)]
    pub spread: Spread,
}

/// What the plays of one card won.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardStat {
    /// The card's id.
    pub card: String,
    /// `Play` events of the card (all copies), over all games.
    pub plays: u64,
    /// Games in which it was played.
    pub games: u64,
    /// (game, player) pairs in which the player played it at least once.
    pub players: u64,
    /// Of those, how many the player won.
    pub wins: u64,
    /// `wins / players`.
    pub rate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// A failed game: replay it with `twilit play DIR --seed SEED` (and its seats' `--factions`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Failure {
    /// Its seed.
    pub seed: u64,
    /// The error.
    pub message: String,
}

/// A weight of the random agent as given (`--weight NAME=N`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct GivenWeight {
    /// The ability, card, `pass` or `play` it weighs.
    pub name: String,
    /// How likely, beside the 1 of every action not named.
    pub weight: u32,
}

impl GivenWeight {
    /// The weights of `w` as given, in order (none without weights).
    pub fn all(w: Option<&crate::interp::Weights>) -> Vec<GivenWeight> {
        (w.iter().flat_map(|w| w.given()))
            .map(|(name, weight)| GivenWeight { name: name.clone(), weight: *weight })
            .collect()
    }
}

/// The aggregate of many games (serialised in this field order, with no timing, so it is
/// the same for every thread count).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// The game's id.
    pub game: String,
    /// Players per game.
    pub players: usize,
    /// The first seed.
    pub seed: u64,
    /// The turn cap (`--turns`).
    pub turn_cap: u32,
    /// Who played the seats: absent for the random agent, `"greedy"` for the greedy one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent: Option<&'static str>,
    /// Whether every ended game was won, lost or drawn by all its seats alike (what
    /// `together` needs besides equal counts; not in the JSON, which has the seats' counts).
    #[serde(skip)]
    pub all_alike: bool,
    /// The random agent's weights (`--weight NAME=N`), as given: absent when none were.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<GivenWeight>,
    /// Games played.
    pub games: u64,
    /// Games whose `end:` held.
    pub ended: u64,
    /// Ended games nobody won or lost.
    pub draws: u64,
    /// Ended games nobody won but somebody lost (`result: losers:`: a co-operative game
    /// the table lost).
    pub nobody_won: u64,
    /// Games the turn cap stopped.
    pub unfinished: u64,
    /// The smallest seeds of those, a few: games to play again and see why they go on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unfinished_seeds: Vec<u64>,
    /// Actions and phase scripts the rules refused, in all the games.
    pub refused: u64,
    /// The games with some refused.
    pub refused_games: u64,
    /// The smallest seeds of those, a few.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused_seeds: Vec<u64>,
    /// Games an error stopped.
    pub failed: u64,
    /// The first few failed games.
    pub errors: Vec<Failure>,
    /// Turns of the ended games.
    pub length: Option<Spread>,
    /// Win rate of each seat.
    pub seats: Vec<WinRate>,
    /// Win rate of each faction (by name).
    pub factions: Vec<WinRate>,
    /// Scores of each seat that had one in some ended game (none without `scores:`).
    pub scores: Vec<Scores>,
    /// Played cards, by plays (most first), then id.
    pub cards: Vec<CardStat>,
    /// The ids of the cards no game played, in the rules' order: a card that is never
    /// played may be unplayable, or too weak to pick, which a designer wants to know.
    pub never_played: Vec<String>,
    /// The counters of `--track` at the end of the ended games (absent without it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tracked: Vec<Tracked>,
    /// How often each activated ability of the game and of the factions played was used,
    /// in the rules' order (absent in a game with none): one used by no game may be one
    /// the rules always refuse.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<AbilityStat>,
}

/// One ability's uses in all the games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AbilityStat {
    /// Its name (`ability_N`, from 1, where it has none).
    pub ability: String,
    /// Whose it is: `game`, or the faction's id.
    pub of: String,
    /// Times used.
    pub uses: u64,
}

impl Summary {
    /// The first seat's rate where every seat won and lost the same games (a co-operative
    /// table, which wins or loses together), with some game won or lost.
    pub fn together(&self) -> Option<&WinRate> {
        let first = self.seats.first()?;
        let key = |r: &WinRate| (r.wins, r.draws, r.losses, r.unfinished);
        let same = self.all_alike && self.seats.len() > 1 && self.seats.iter().all(|r| key(r) == key(first));
        (same && first.wins + first.losses > 0 && first.rate.is_some()).then_some(first)
    }

    /// The games nobody won but somebody lost, after `lead`, where there are some: only a
    /// game with `result: losers:` has them, and the other games' summaries say nothing.
    pub fn nobody_won_after(&self, lead: &str) -> String {
        if self.nobody_won == 0 {
            return String::new();
        }
        format!("{lead}{}", self.nobody_won)
    }
}

/// A tracked counter (`--track`) at the end of the ended games: over every player, over
/// the winners, and over the others of the games somebody won.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tracked {
    /// The counter's name.
    pub counter: String,
    /// Every player's value.
    pub all: Option<Spread>,
    /// The winners' values.
    pub winners: Option<Spread>,
    /// The other players' values, in games somebody won.
    pub others: Option<Spread>,
}
