//! Running totals of simulated games (`Tally`): each worker adds the games it plays as it
//! plays them, the workers' totals are merged, and the `Summary` is made from the merged
//! totals. Of a game nothing is kept but its length and its scores (their quantiles and
//! histograms need every value): keeping every game's summary until the end grew the heap
//! by about 1.3 KB a game, which cost a Crazy Eights simulation about a tenth of its time.
//!
//! Invariant: every total is a count, a sum of counts, or a list only ever read sorted or
//! binned, and the failed games listed are those with the smallest seeds; so the order in
//! which games are added and totals merged (the thread count) changes nothing.

use crate::interp::Rules;

use super::stats::Spread;
use super::{rate, CardStat, Failure, GameSummary, Options, Outcome, Scores, Summary, Tracked, WinRate, LISTED_ERRORS};

/// What simulated games add up to so far.
#[derive(Debug, Clone)]
pub struct Tally {
    games: u64,
    ended: u64,
    draws: u64,
    nobody_won: u64,
    unfinished: u64,
    failed: u64,
    /// The failed games with the smallest seeds, at most `LISTED_ERRORS`, by seed.
    errors: Vec<Failure>,
    /// The smallest seeds of the games the turn cap stopped, at most `LISTED_ERRORS`.
    unfinished_seeds: Vec<u64>,
    /// Actions the rules refused, the games with any, and the smallest seeds of those.
    refused: (u64, u64, Vec<u64>),
    /// Turns of each ended game.
    lengths: Vec<i64>,
    /// Each seat's win rate, as counts (made into rates by `summary`).
    seats: Vec<WinRate>,
    /// Each faction's, in the order first met.
    factions: Vec<WinRate>,
    /// Each seat's scores in the ended games.
    scores: Vec<Vec<i64>>,
    /// Each card's totals, by index into `Rules::cards`.
    cards: Vec<CardAcc>,
    /// Each tracked counter's values at the end of the ended games: every player's, the
    /// winners', the others' in the games somebody won.
    tracked: Vec<[Vec<i64>; 3]>,
    /// Each ability's uses, of the game then of the factions (`GameSummary::uses`).
    uses: Vec<u64>,
    /// Ended games whose seats did not all win or all lose alike: where there is one, the
    /// seats do not win and lose together, whatever their counts.
    apart: u64,
}

/// One card's running totals.
#[derive(Debug, Default, Clone)]
struct CardAcc {
    plays: u64,
    games: u64,
    /// The seed of the last game that counted in `games` (a game adds each card once).
    last_game: Option<u64>,
    players: u64,
    wins: u64,
}

impl Tally {
    /// No games yet, of `players` players, with `cards` card definitions and `tracked`
    /// counters.
    pub fn new(players: usize, cards: usize, tracked: usize) -> Tally {
        Tally {
            games: 0,
            ended: 0,
            draws: 0,
            nobody_won: 0,
            unfinished: 0,
            failed: 0,
            errors: vec![],
            unfinished_seeds: vec![],
            refused: (0, 0, vec![]),
            lengths: vec![],
            seats: (0..players).map(|p| WinRate::new(&seat_name(p))).collect(),
            factions: vec![],
            scores: vec![vec![]; players],
            cards: vec![CardAcc::default(); cards],
            tracked: vec![Default::default(); tracked],
            uses: vec![],
            apart: 0,
        }
    }

    /// Adds one game.
    pub fn add(&mut self, g: &GameSummary) {
        self.games += 1;
        add_uses(&mut self.uses, g.uses.iter().map(|&n| u64::from(n)));
        if g.refused > 0 {
            self.refused.0 += g.refused;
            self.refused.1 += 1;
            self.refused.2.push(g.seed);
            keep_smallest(&mut self.refused.2);
        }
        match &g.outcome {
            Outcome::Failed(message) => {
                self.failed += 1;
                self.errors.push(Failure { seed: g.seed, message: message.clone() });
                keep_first(&mut self.errors);
            }
            Outcome::Unfinished => {
                self.unfinished += 1;
                self.unfinished_seeds.push(g.seed);
                keep_smallest(&mut self.unfinished_seeds);
            }
            Outcome::Ended => {
                self.ended += 1;
                self.draws += u64::from(g.draw());
                self.nobody_won += u64::from(g.nobody_won());
                self.lengths.push(i64::from(g.turns));
                for (values, ps) in self.scores.iter_mut().zip(&g.players) {
                    values.extend(ps.score);
                }
                let first = g.players.first().map(|p| (p.won, p.lost));
                self.apart += u64::from(g.players.iter().any(|p| Some((p.won, p.lost)) != first));
                let decided = g.players.iter().any(|p| p.won);
                for ps in &g.players {
                    for (acc, &v) in self.tracked.iter_mut().zip(&ps.tracked) {
                        acc[0].push(v);
                        if decided {
                            acc[if ps.won { 1 } else { 2 }].push(v);
                        }
                    }
                }
            }
        }
        for (p, ps) in g.players.iter().enumerate() {
            if let Some(seat) = self.seats.get_mut(p) {
                seat.add(g, ps);
            }
            if let Some(f) = &ps.faction {
                let at = match self.factions.iter().position(|r| &r.name == f) {
                    Some(at) => at,
                    None => {
                        self.factions.push(WinRate::new(f));
                        self.factions.len() - 1
                    }
                };
                self.factions[at].add(g, ps);
            }
        }
        let owned = g.players.iter().flat_map(|ps| ps.plays.iter().map(move |&(c, n)| (c, n, Some(ps.won))));
        for (c, n, won) in owned.chain(g.unowned_plays.iter().map(|&(c, n)| (c, n, None))) {
            let Some(acc) = self.cards.get_mut(c) else { continue };
            acc.plays += u64::from(n);
            if acc.last_game != Some(g.seed) {
                acc.last_game = Some(g.seed);
                acc.games += 1;
            }
            if let Some(won) = won {
                acc.players += 1;
                acc.wins += u64::from(won);
            }
        }
    }

    /// The totals of both (`self`'s games and `other`'s, which are other games).
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.ended += other.ended;
        self.draws += other.draws;
        self.nobody_won += other.nobody_won;
        self.unfinished += other.unfinished;
        self.failed += other.failed;
        self.errors.extend(other.errors);
        keep_first(&mut self.errors);
        self.unfinished_seeds.extend(other.unfinished_seeds);
        keep_smallest(&mut self.unfinished_seeds);
        self.refused.0 += other.refused.0;
        self.refused.1 += other.refused.1;
        self.refused.2.extend(other.refused.2);
        keep_smallest(&mut self.refused.2);
        self.lengths.extend(other.lengths);
        self.apart += other.apart;
        add_uses(&mut self.uses, other.uses.into_iter());
        for (mine, theirs) in self.seats.iter_mut().zip(&other.seats) {
            mine.merge(theirs);
        }
        for theirs in &other.factions {
            match self.factions.iter_mut().find(|r| r.name == theirs.name) {
                Some(mine) => mine.merge(theirs),
                None => self.factions.push(theirs.clone()),
            }
        }
        for (mine, theirs) in self.scores.iter_mut().zip(other.scores) {
            mine.extend(theirs);
        }
        for (mine, theirs) in self.tracked.iter_mut().zip(other.tracked) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                m.extend(t);
            }
        }
        for (mine, theirs) in self.cards.iter_mut().zip(&other.cards) {
            mine.plays += theirs.plays;
            mine.games += theirs.games;
            mine.players += theirs.players;
            mine.wins += theirs.wins;
        }
        self
    }

    /// Each activated ability of the game and of the factions seated, with its uses.
    fn abilities(&self, rules: &Rules) -> Vec<super::AbilityStat> {
        let game = std::iter::once((None, "game", &rules.abilities[..]));
        let factions = rules.factions.iter().enumerate().map(|(f, d)| (Some(f), d.id.as_str(), &d.abilities[..]));
        let seated = |of: &str| of == "game" || self.factions.iter().any(|r| r.name == of);
        let mut out = vec![];
        for (faction, of, abilities) in game.chain(factions) {
            for (k, a) in abilities.iter().enumerate().filter(|(_, a)| a.is_activated() && seated(of)) {
                let uses = self.uses.get(rules.ability_slot(faction, k)).copied().unwrap_or(0);
                let ability = a.name.clone().unwrap_or_else(|| format!("ability_{}", k + 1));
                out.push(super::AbilityStat { ability, of: of.to_string(), uses });
            }
        }
        out
    }

    /// Turns of the ended games (in no particular order).
    pub fn lengths(&self) -> &[i64] {
        &self.lengths
    }

    /// Seat `p`'s scores in the ended games (in no particular order).
    pub fn scores_of(&self, p: usize) -> &[i64] {
        self.scores.get(p).map_or(&[], Vec::as_slice)
    }

    /// The aggregate of the games of `o` on `rules`.
    pub fn summary(&self, rules: &Rules, o: &Options) -> Summary {
        let mut seats = self.seats.clone();
        let mut factions = self.factions.clone();
        seats.iter_mut().chain(factions.iter_mut()).for_each(WinRate::finish);
        factions.sort_by(|a, b| a.name.cmp(&b.name));
        let scores = (self.scores.iter().enumerate())
            .filter_map(|(p, values)| Some(Scores { seat: seat_name(p), spread: Spread::of(values)? }))
            .collect();
        let mut cards: Vec<CardStat> = (self.cards.iter().enumerate())
            .filter(|(_, a)| a.plays > 0)
            .map(|(c, a)| {
                let (rate, low, high) = rate(a.wins, a.players).unwrap_or_default();
                let card = rules.cards[c].id.clone();
                CardStat { card, plays: a.plays, games: a.games, players: a.players, wins: a.wins, rate, low, high }
            })
            .collect();
        cards.sort_by(|a, b| b.plays.cmp(&a.plays).then_with(|| a.card.cmp(&b.card)));
        // Only where cards are played at all, and not the cards of factions nobody played.
        let seated = |f: &String| self.factions.iter().any(|r| &r.name == f);
        let never_played = match self.cards.iter().any(|a| a.plays > 0) {
            true => (self.cards.iter().zip(&rules.cards))
                .filter(|(a, c)| a.plays == 0 && c.faction.as_ref().is_none_or(seated))
                .map(|(_, c)| c.id.clone())
                .collect(),
            false => vec![],
        };
        Summary {
            game: rules.game.clone(),
            players: o.players,
            seed: o.seed,
            turn_cap: o.turns,
            agent: o.greedy.then_some("greedy"),
            all_alike: self.apart == 0,
            weights: super::GivenWeight::all(o.weights.as_deref()),
            games: self.games,
            ended: self.ended,
            draws: self.draws,
            nobody_won: self.nobody_won,
            unfinished: self.unfinished,
            failed: self.failed,
            errors: self.errors.clone(),
            unfinished_seeds: self.unfinished_seeds.clone(),
            refused: self.refused.0,
            refused_games: self.refused.1,
            refused_seeds: self.refused.2.clone(),
            length: Spread::of(&self.lengths),
            seats,
            factions,
            scores,
            cards,
            never_played,
            abilities: self.abilities(rules),
            tracked: (o.track.iter().zip(&self.tracked))
                .map(|(counter, [all, winners, others])| Tracked {
                    counter: counter.clone(),
                    all: Spread::of(all),
                    winners: Spread::of(winners),
                    others: Spread::of(others),
                })
                .collect(),
        }
    }
}

/// The name of seat `p` in the summaries: `p1`, `p2`, ...
fn seat_name(p: usize) -> String {
    format!("p{}", p + 1)
}

/// Keeps the smallest seeds, in order.
fn keep_smallest(seeds: &mut Vec<u64>) {
    keep_first_by(seeds, |&s| s);
}

/// Keeps the failures with the smallest seeds, by seed.
fn keep_first(errors: &mut Vec<Failure>) {
    keep_first_by(errors, |f| f.seed);
}

/// The `LISTED_ERRORS` of `list` with the smallest seeds, by seed: what the listing keeps is
/// the same whatever order the games were added in (any `--jobs`).
fn keep_first_by<T>(list: &mut Vec<T>, seed: impl Fn(&T) -> u64) {
    list.sort_by_key(seed);
    list.truncate(LISTED_ERRORS);
}

/// Adds each ability's uses to the running totals, which grow to the longest list.
fn add_uses(totals: &mut Vec<u64>, uses: impl Iterator<Item = u64>) {
    for (i, n) in uses.enumerate() {
        if totals.len() <= i {
            totals.resize(i + 1, 0);
        }
        totals[i] += n;
    }
}
