//! Whole games, as `twilit play`, `simulate` and `replay` play them: the table laid out
//! with players `p1`, `p2`... in the factions' seats (`Seating`), the game's own setup,
//! then turns until its `end:`.

use crate::engine::{Player, State};
use crate::interp::{Halt, Interp, Rules};

/// A whole game played: its final state, how many actions the rules refused, and its
/// result.
#[derive(Debug)]
pub struct Played {
    /// The final state (with the whole log).
    pub state: State,
    /// Actions the rules refused: phase scripts, and offered actions, that the agent's
    /// own answers made fail (an action is offered when its first legal answers resolve).
    pub refused: usize,
    /// Whether it ended, who won, the scores.
    pub standing: crate::interp::Standing,
    /// How often each ability of the game and of the factions was used
    /// (`Interp::ability_uses`).
    pub uses: Vec<u32>,
}

/// Who sits at a whole game's table, `p1` first: how many players, and which faction each
/// plays. A plain number of players converts to `InFileOrder`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seating {
    /// That many players, taking the game's factions in file order, one each, while there
    /// are some (`twilit play`'s table).
    InFileOrder(usize),
    /// Each seat's faction by id, `None` for a seat with no faction (`play --factions`, a
    /// simulated game, a replay that records its seats).
    Factions(Vec<Option<String>>),
}

impl From<usize> for Seating {
    fn from(players: usize) -> Seating {
        Seating::InFileOrder(players)
    }
}

impl Seating {
    /// How many players sit at the table.
    pub fn players(&self) -> usize {
        match self {
            Seating::InFileOrder(n) => *n,
            Seating::Factions(seats) => seats.len(),
        }
    }

    /// Each seat's faction id under `rules`, `p1` first.
    pub fn factions(&self, rules: &Rules) -> Vec<Option<String>> {
        match self {
            Seating::InFileOrder(n) => (0..*n).map(|i| rules.factions.get(i).map(|f| f.id.clone())).collect(),
            Seating::Factions(seats) => seats.clone(),
        }
    }
}

/// Plays up to `turns` turns of a whole game with the seeded random agent: the game's
/// `decks:`, supplies and `setup:`, then each phase's scripts and action window, until
/// the game's `end:`.
pub fn random_game(rules: &Rules, seed: u64, seats: impl Into<Seating>, turns: u32) -> Result<Played, Halt> {
    whole_game(rules, seed, seats, turns, Box::new(crate::interp::RandomAgent))
}

/// `random_game` for a simulation, whose log nobody reads but for the plays: the same
/// game (state, generator, result), without the passes that `Interp::quiet` leaves out.
pub fn quiet_game(rules: &Rules, seed: u64, seats: impl Into<Seating>, turns: u32) -> Result<Played, Halt> {
    quiet_game_with(rules, seed, seats, turns, Box::new(crate::interp::RandomAgent))
}

/// `quiet_game` with any agent.
pub fn quiet_game_with<'r>(
    rules: &'r Rules,
    seed: u64,
    seats: impl Into<Seating>,
    turns: u32,
    agent: Box<dyn crate::interp::Agent + 'r>,
) -> Result<Played, Halt> {
    play_whole(rules, seed, &seats.into(), turns, agent, true)
}

/// Like `random_game`, with any agent.
pub fn whole_game<'r>(
    rules: &'r Rules,
    seed: u64,
    seats: impl Into<Seating>,
    turns: u32,
    agent: Box<dyn crate::interp::Agent + 'r>,
) -> Result<Played, Halt> {
    play_whole(rules, seed, &seats.into(), turns, agent, false)
}

/// `whole_game`, keeping on a halt the state the game stopped in (its log up to the
/// error): `play` prints what led to a run-time error before the error itself.
pub fn whole_game_to_halt<'r>(
    rules: &'r Rules,
    seed: u64,
    seats: impl Into<Seating>,
    turns: u32,
    agent: Box<dyn crate::interp::Agent + 'r>,
) -> Result<Played, (Halt, Box<State>)> {
    let mut it = whole_table(rules, seed, &seats.into(), agent);
    match run_whole(&mut it, turns) {
        Ok((refused, standing)) => {
            Ok(Played { uses: it.ability_uses().to_vec(), state: it.w.state, refused, standing })
        }
        Err(h) => Err((h, Box::new(it.w.state))),
    }
}

fn play_whole<'r>(
    rules: &'r Rules,
    seed: u64,
    seats: &Seating,
    turns: u32,
    agent: Box<dyn crate::interp::Agent + 'r>,
    quiet: bool,
) -> Result<Played, Halt> {
    let mut it = whole_table(rules, seed, seats, agent);
    it.set_quiet(quiet);
    let (refused, standing) = run_whole(&mut it, turns)?;
    Ok(Played { uses: it.ability_uses().to_vec(), state: it.w.state, refused, standing })
}

/// Plays a whole game as `whole_game` does, counting its steps with `probe` (which
/// keeps the step it asks for): the probe comes back whether the game ended or halted.
pub fn probe_whole_game<'r>(
    rules: &'r Rules,
    seed: u64,
    seats: impl Into<Seating>,
    turns: u32,
    agent: Box<dyn crate::interp::Agent + 'r>,
    probe: crate::interp::probe::Probe,
) -> (Result<Played, Halt>, crate::interp::probe::Probe) {
    let mut it = whole_table(rules, seed, &seats.into(), agent);
    it.set_probe(Some(Box::new(probe)));
    let out = run_whole(&mut it, turns);
    let probe = it.set_probe(None).map(|p| *p).unwrap_or_default();
    (
        out.map(|(refused, standing)| Played {
            uses: it.ability_uses().to_vec(),
            state: it.w.state,
            refused,
            standing,
        }),
        probe,
    )
}

/// The table of a whole game: players `p1`, `p2`... with the factions `seats` gives them.
fn whole_table<'r>(
    rules: &'r Rules,
    seed: u64,
    seats: &Seating,
    agent: Box<dyn crate::interp::Agent + 'r>,
) -> Interp<'r> {
    let names = (seats.factions(rules).into_iter().enumerate())
        .map(|(i, faction)| Player { name: format!("p{}", i + 1), role: None, faction })
        .collect();
    seated(rules, Interp::lay_out(rules, seed, names), agent)
}

/// A whole game's interpreter over a laid-out (or dealt) table.
fn seated<'r>(rules: &'r Rules, mut state: State, agent: Box<dyn crate::interp::Agent + 'r>) -> Interp<'r> {
    // A whole game logs hundreds of events: growing the log by doubling copies it again
    // and again (events are ~100 bytes).
    state.log.reserve(1024);
    Interp::new(rules, state, agent)
}

/// A whole game's table as `lay_down` leaves it, for a simulation to copy for every game
/// instead of dealing it again: only the seed differs between the games, and dealing
/// draws nothing from the generator (`deal_once` checks), so a copy given the game's
/// generator is the table that game would have dealt.
#[derive(Debug, Clone)]
pub struct Dealt {
    state: State,
    seats: Seating,
    steps: (u64, u64),
}

/// Deals a quiet game's table once for `seats` (`quiet_game_from`): `None` when dealing
/// draws from the generator (a variable's start value asks or rolls, say) or fails; then
/// every game deals its own.
pub fn deal_once(rules: &Rules, seats: impl Into<Seating>) -> Option<Dealt> {
    let seats = seats.into();
    let mut it = whole_table(rules, 0, &seats, Box::new(crate::interp::RandomAgent));
    it.set_quiet(true);
    it.lay_down().ok()?;
    let untouched = it.w.state.rng == crate::engine::Rng::new(0) && it.w.state.journal_closed();
    let steps = it.steps_taken();
    untouched.then(|| Dealt { state: std::mem::replace(&mut it.w.state, State::new(0)), seats, steps })
}

/// `quiet_game` from a copy of a dealt table (of the same seating): the same game.
pub fn quiet_game_from(rules: &Rules, dealt: &Dealt, seed: u64, turns: u32) -> Result<Played, Halt> {
    quiet_game_into(rules, dealt, seed, turns, None)
}

/// `quiet_game_from` played in `spare`, a previous game's state, when there is one: a
/// worker that plays game after game copies the table into the last game's buffers
/// (`State::copy_from`, the deal's events included) and writes the game's events into its
/// log, in memory already allocated and in cache, instead of allocating them for each game
/// and freeing them after it.
pub fn quiet_game_into(
    rules: &Rules,
    dealt: &Dealt,
    seed: u64,
    turns: u32,
    spare: Option<crate::engine::State>,
) -> Result<Played, Halt> {
    quiet_game_into_with(rules, dealt, seed, turns, spare, Box::new(crate::interp::RandomAgent))
}

/// `quiet_game_into` with any agent.
pub fn quiet_game_into_with<'r>(
    rules: &'r Rules,
    dealt: &Dealt,
    seed: u64,
    turns: u32,
    spare: Option<crate::engine::State>,
    agent: Box<dyn crate::interp::Agent + 'r>,
) -> Result<Played, Halt> {
    let mut state = match spare {
        Some(mut s) => {
            s.copy_from(&dealt.state);
            s
        }
        None => dealt.state.clone(),
    };
    state.rng = crate::engine::Rng::new(seed);
    let mut it = seated(rules, state, agent);
    it.set_quiet(true);
    it.count_steps_from(dealt.steps);
    let (refused, standing) = run_dealt(&mut it, turns)?;
    Ok(Played { uses: it.ability_uses().to_vec(), state: it.w.state, refused, standing })
}

impl Dealt {
    /// How many players the table seats.
    pub fn players(&self) -> usize {
        self.seats.players()
    }

    /// Who sits where at the table.
    pub fn seats(&self) -> &Seating {
        &self.seats
    }
}

/// Sets a whole game up and plays it: the refused actions and the standing.
fn run_whole(it: &mut Interp, turns: u32) -> Result<(usize, crate::interp::Standing), Halt> {
    it.lay_down()?;
    run_dealt(it, turns)
}

/// `run_whole` on a table already laid down.
fn run_dealt(it: &mut Interp, turns: u32) -> Result<(usize, crate::interp::Standing), Halt> {
    it.set_up()?;
    it.begin(None)?;
    // In a whole game the opening start events are live: their triggers resolve now.
    it.atomically(|me| me.fire())?;
    // `--turns 0` is the deal alone: the first phase's `start:` is the first turn's play.
    if turns > 0 {
        it.start_phase()?;
    }
    // A match deals game after game until its `until:` holds (or the turns run out).
    let (mut refused, mut left, mut unfinished) = (0, turns, false);
    loop {
        refused += it.play_turns(left)?;
        left = left.saturating_sub(it.w.state.clock.turn);
        if !it.w.state.over || !it.next_game(left > 0)? {
            break;
        }
        if left == 0 {
            // The turns ran out between two games of a match: the match has not ended.
            unfinished = true;
            break;
        }
    }
    let mut standing = it.standing()?;
    standing.ended &= !unfinished;
    Ok((refused, standing))
}
