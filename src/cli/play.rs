//! `twilit play` (an agent plays whole turns of a game and the log is printed) and
//! `twilit bench --game` (the interpreter timed on a game's scenarios and a random game).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::diag::{Severity, SourceMap};
use crate::interp::{Agent, FirstLegal, RandomAgent, Rules};

use super::{render, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE};

/// Which agent makes the choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AgentKind {
    /// Uniformly at random, from the game's seeded generator.
    Random,
    /// The first legal option(s).
    First,
}

/// Options of `twilit play`.
pub struct PlayOpts {
    /// The game directory.
    pub path: PathBuf,
    /// The seed.
    pub seed: u64,
    /// Turns to play.
    pub turns: u32,
    /// Players.
    pub players: usize,
    /// The agent.
    pub agent: AgentKind,
}

/// Loads one game directory that checks clean.
fn rules_of(path: &Path, err: &mut dyn Write) -> Result<(Rules, crate::load::GameBundle), i32> {
    let mut sources = SourceMap::default();
    let (mut lib, mut diags) = crate::load::load_paths(&[path.to_path_buf()], &mut sources);
    diags.extend(crate::check::check_library(&lib).diags);
    diags.retain(|d| d.severity == Severity::Error);
    if !diags.is_empty() || lib.games.len() != 1 {
        for d in &diags {
            let _ = write!(err, "{}", render::human(d, &sources, false, 100));
        }
        let _ = writeln!(err, "error: {} must be one game directory that checks clean", path.display());
        return Err(EXIT_USAGE);
    }
    let bundle = lib.games.remove(0);
    Rules::compile(&bundle).map(|r| (r, bundle)).map_err(|_| EXIT_PROBLEMS)
}

fn agent(kind: AgentKind) -> Box<dyn Agent> {
    match kind {
        AgentKind::Random => Box::new(RandomAgent),
        AgentKind::First => Box::new(FirstLegal),
    }
}

/// Runs `twilit play`.
pub fn play(o: PlayOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let (rules, _) = match rules_of(&o.path, err) {
        Ok(r) => r,
        Err(code) => return code,
    };
    match crate::scenario::whole_game(&rules, o.seed, o.players.max(1), o.turns, agent(o.agent)) {
        Ok((state, refused)) => {
            for e in &state.log {
                let _ = writeln!(out, "{}{}", "  ".repeat(e.depth), e.render(&state));
            }
            let end = if state.over {
                format!("the game ended in turn {}", state.clock.turn)
            } else {
                let n = state.clock.turn - 1;
                format!("{n} turn{} played", if n == 1 { "" } else { "s" })
            };
            let _ = writeln!(out, "{end}, {} events, {refused} refused actions", state.log.len());
            EXIT_OK
        }
        Err(h) => {
            let _ = writeln!(err, "error: {}", h.message());
            EXIT_PROBLEMS
        }
    }
}

/// Runs `twilit bench --game`: best of `runs` for the game's scenarios and for a random
/// game of `turns` turns (restarting with the next seed whenever a game ends).
pub fn bench(path: &Path, turns: u32, runs: usize, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let (rules, bundle) = match rules_of(path, err) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let best = |f: &mut dyn FnMut() -> usize| -> (Duration, usize) {
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                let n = f();
                (t.elapsed(), n)
            })
            .min()
            .unwrap_or_default()
    };
    let (t, passed) =
        best(&mut || bundle.scenarios.iter().filter(|s| crate::scenario::run(&rules, s).failure.is_none()).count());
    let n = bundle.scenarios.len();
    let _ =
        writeln!(out, "scenarios: {passed} of {n} passed in {:.1} ms ({:.2} ms each)", ms(t), ms(t) / n.max(1) as f64);
    let mut failed = None;
    let (t, events) = best(&mut || {
        let (mut played, mut seed, mut events) = (0, 1, 0);
        while played < turns {
            match crate::scenario::whole_game(&rules, seed, 2, turns - played, Box::new(RandomAgent)) {
                Ok((s, _)) => {
                    played += s.clock.turn.saturating_sub(1).max(1);
                    events += s.log.len();
                }
                Err(h) => {
                    failed = Some(h.message().to_string());
                    break;
                }
            }
            seed += 1;
        }
        events
    });
    if let Some(m) = failed {
        let _ = writeln!(err, "error: the random game failed: {m}");
        return EXIT_PROBLEMS;
    }
    let secs = t.as_secs_f64().max(1e-9);
    let _ = writeln!(
        out,
        "random game: {turns} turns, {events} events in {:.1} ms ({:.0} turns/s, {:.0} events/s)",
        ms(t),
        f64::from(turns) / secs,
        events as f64 / secs
    );
    if passed < n {
        EXIT_PROBLEMS
    } else {
        EXIT_OK
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
