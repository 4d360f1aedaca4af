//! `twilit play` (an agent plays whole turns of a game and the log is printed) and
//! `twilit bench --game` (the interpreter timed on a game's scenarios and a random game).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::diag::{Severity, SourceMap};
use std::sync::Arc;

use crate::interp::{Agent, FirstLegal, Rules, Weights};
use crate::limits::Limits;

use super::render::Format;
use super::{render, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE};
use crate::scenario::{Played, Seating};

/// Which agent makes the choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AgentKind {
    /// Uniformly at random, from the game's seeded generator.
    Random,
    /// The first legal option(s).
    First,
    /// The action that raises its own `result: scores:` most, one action ahead; questions at random.
    Greedy,
}

/// Options of `twilit play`.
pub struct PlayOpts {
    /// The game directory.
    pub path: PathBuf,
    /// The seed.
    pub seed: u64,
    /// Turns to play at most.
    pub turns: u32,
    /// Players (default: the game's fewest).
    pub players: Option<usize>,
    /// The agent.
    pub agent: AgentKind,
    /// Games to play from consecutive seeds (more than one: results only).
    pub games: u64,
    /// The player whose view of the log is printed.
    pub viewer: Option<String>,
    /// Human or JSON output.
    pub format: Format,
    /// Seats people play in the terminal (`--human`).
    pub humans: Vec<String>,
    /// Where to save the game as a replay (`--save-replay`; one game only).
    pub save_replay: Option<PathBuf>,
    /// Each seat's faction, `p1` first, `-` for none (`--factions a,-,b`); none given: the
    /// game's factions in file order.
    pub factions: Option<String>,
    /// The random agent's weights, `NAME=N` each (`--weight`).
    pub weights: Vec<String>,
    /// The bounds of loading and playing.
    pub limits: Limits,
}

/// Loads one game directory that checks clean.
pub(super) fn rules_of(
    path: &Path,
    limits: &Limits,
    err: &mut dyn Write,
) -> Result<(Rules, crate::load::GameBundle, SourceMap), i32> {
    // A path that does not exist is a usage error, not a game that fails to check; the
    // commands that play take one game, and have no `cards/` default as `test` has.
    if std::fs::metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        let _ = writeln!(
            err,
            "error: `{}` does not exist\n  help: give one game's directory (e.g. `cards/goofspiel`), or run the \
             command inside a game's folder",
            path.display()
        );
        return Err(EXIT_USAGE);
    }
    if let Err(message) = super::scope::usable(std::slice::from_ref(&path.to_path_buf()), true) {
        let _ = writeln!(err, "error: {message}");
        return Err(EXIT_USAGE);
    }
    // A directory in no game (`/`, a folder of many games) would be walked whole and every
    // game below it checked, only to be refused: it is refused before anything is read.
    if path.is_dir() && crate::load::game_dir_of(&path.join(crate::load::GAME_FILE)).is_none() {
        let _ = writeln!(
            err,
            "error: {} must be one game directory: there is no {} in it or above it (nothing in it was read)",
            path.display(),
            crate::load::GAME_FILE
        );
        return Err(EXIT_USAGE);
    }
    let mut sources = SourceMap::default();
    let (mut lib, mut diags) = crate::load::load_paths_with(&[path.to_path_buf()], &mut sources, limits);
    diags.extend(crate::check::check_library(&lib).diags);
    diags.retain(|d| d.severity == Severity::Error);
    if !diags.is_empty() || lib.games.len() != 1 {
        for d in &diags {
            let _ = write!(err, "{}", render::human(d, &sources, false, 100));
        }
        let _ = writeln!(err, "error: {} must be one game directory that checks clean", path.display());
        // Errors in the game are problems found, as `check` and `test` report them; a
        // path that cannot be read or holds no game, or several, is a usage error.
        let usage = diags.is_empty() || diags.iter().any(|d| d.code == "twilit::io");
        return Err(if usage { EXIT_USAGE } else { EXIT_PROBLEMS });
    }
    let bundle = lib.games.remove(0);
    Rules::compile(&bundle).map(|r| (r, bundle, sources)).map_err(|_| EXIT_PROBLEMS)
}

/// Loads a game that checks clean and the number of players to play it with.
pub(super) fn game_of(
    path: &Path,
    asked: Option<usize>,
    limits: &Limits,
    err: &mut dyn Write,
) -> Result<(Rules, usize, SourceMap), i32> {
    let (rules, _, sources) = rules_of(path, limits, err)?;
    let players = players_of(&rules, asked, err)?;
    Ok((rules, players, sources))
}

/// Reports a game stopped by `h`; a run-time error is shown at its place in the script.
pub(super) fn report_halt(seed: u64, h: &crate::interp::Halt, sources: &SourceMap, err: &mut dyn Write) {
    match h.at() {
        Some(at) => {
            let d = crate::diag::Diagnostic::error(
                "runtime-error",
                format!("seed {seed}: {}", h.message()),
                at.file,
                at.span.clone(),
            )
            .with_label("raised here")
            .with_help(format!("replay it with `--seed {seed}`; `twilit check` cannot see this error"));
            let _ = write!(err, "{}", render::human(&d, sources, render::want_color(), 100));
        }
        None => {
            let _ = writeln!(err, "error: seed {seed}: {}", h.message());
        }
    }
}

/// The number of players asked for (default: the game's fewest), if the game allows it.
fn players_of(rules: &Rules, asked: Option<usize>, err: &mut dyn Write) -> Result<usize, i32> {
    let (min, max) = rules.players;
    let players = asked.unwrap_or(min);
    if players < min || players > max || players == 0 {
        let range = if min == max { format!("exactly {min}") } else { format!("{min} to {max}") };
        let _ = writeln!(err, "error: {} is played by {range} players, not {players}", rules.game);
        return Err(EXIT_USAGE);
    }
    Ok(players)
}

fn agent(kind: AgentKind, weights: Option<&Arc<Weights>>) -> Box<dyn Agent> {
    match kind {
        AgentKind::Random => crate::interp::agent::random(weights),
        AgentKind::First => Box::new(FirstLegal),
        AgentKind::Greedy => Box::new(crate::interp::GreedyAgent),
    }
}

/// Runs `twilit play`: one game with its log, or `--games N` results.
pub fn play(o: PlayOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    // As `simulate`: no game asked is a mistake, not one game.
    if o.games == 0 {
        let _ = writeln!(err, "error: --games must be at least 1");
        return EXIT_USAGE;
    }
    // Found out only once the game was played, a replay that cannot be written lost it.
    if let Some(path) = o.save_replay.as_deref().filter(|p| p.is_dir()) {
        let _ = writeln!(err, "error: `--save-replay {}` is a folder: give the replay's file name", path.display());
        let _ = writeln!(err, "  help: e.g. `--save-replay {}`", path.join("game.json").display());
        return EXIT_USAGE;
    }
    let seeds = match super::seeds(o.seed, o.games) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return EXIT_USAGE;
        }
    };
    let listed = match o.factions.as_deref().map(|l| factions_listed(l, o.players)).transpose() {
        Ok(l) => l,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return EXIT_USAGE;
        }
    };
    // The factions are read against the game before their number: `--factions x` of a
    // game without factions is about the factions, not the players' count.
    let asked = if listed.is_some() { None } else { o.players };
    let (rules, players, sources) = match game_of(&o.path, asked, &o.limits, err) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let (seats, players) = match listed {
        Some(l) => match super::replay::check_seats(&l, &rules) {
            Ok(()) => match players_of(&rules, Some(l.len()), err) {
                Ok(n) => (Seating::Factions(l), n),
                Err(code) => return code,
            },
            Err(e) => {
                let _ = writeln!(err, "error: `--factions`: {e}");
                return EXIT_USAGE;
            }
        },
        None => (Seating::InFileOrder(players), players),
    };
    let viewer = match seat(o.viewer.as_deref(), players, err) {
        Ok(v) => v,
        Err(code) => return code,
    };
    let weights = match super::weights::of(&o.weights, &rules) {
        Ok(w) => w,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return EXIT_USAGE;
        }
    };
    // The agent that reads the weights draws without a list of the legal actions; people
    // and the other agents do not draw by weight.
    if weights.is_some() && (o.agent != AgentKind::Random || !o.humans.is_empty()) {
        let why = if o.humans.is_empty() { "leave out `--agent`" } else { "not at a table with people" };
        let _ = writeln!(err, "error: `--weight` weighs the random agent's picks when it plays every seat: {why}");
        return EXIT_USAGE;
    }
    if !o.humans.is_empty() {
        return play_people(&o, &rules, &seats, &sources, out, err);
    }
    if o.save_replay.is_some() && (o.games > 1 || o.agent != AgentKind::Random) {
        let _ = writeln!(err, "error: `--save-replay` saves one game played by the random agent or people");
        return EXIT_USAGE;
    }
    for seed in seeds {
        match crate::scenario::whole_game_to_halt(
            &rules,
            seed,
            seats.clone(),
            o.turns,
            agent(o.agent, weights.as_ref()),
        ) {
            Ok(g) => {
                if o.games <= 1 {
                    print_log(&g.state, viewer, o.format, out);
                }
                if let Some(path) = &o.save_replay {
                    let r = super::replay::Replay::random(&o.path, seed, &seats, &rules, o.turns, weights.as_deref());
                    if let Err(e) = r.save(path) {
                        let _ = writeln!(err, "error: {e}");
                        return EXIT_USAGE;
                    }
                }
                print_result(&g, seed, o.format, out);
            }
            Err((h, state)) => {
                // The log up to the error is what `--seed N` is replayed to see.
                if o.games <= 1 {
                    print_log(&state, viewer, o.format, out);
                }
                report_halt(seed, &h, &sources, err);
                return EXIT_PROBLEMS;
            }
        }
    }
    EXIT_OK
}

/// The seats' factions `--factions` lists (`a,-,b`: `-` a seat with none), as many as the
/// players; whether the game has them is checked once it is loaded.
fn factions_listed(list: &str, players: Option<usize>) -> Result<Vec<Option<String>>, String> {
    let mut seats = vec![];
    for f in list.split(',').map(str::trim) {
        match f {
            "" => return Err(format!("`--factions {list}` has an empty entry: write `-` for a seat with no faction")),
            "-" => seats.push(None),
            f => seats.push(Some(f.to_string())),
        }
    }
    match players {
        Some(n) if n != seats.len() => Err(format!(
            "`--factions` seats {} players and `--players` asks for {n}: give one entry per seat",
            seats.len()
        )),
        _ => Ok(seats),
    }
}

/// The player a `--as` names (`p1` is 0), if any.
pub(super) fn seat(name: Option<&str>, players: usize, err: &mut dyn Write) -> Result<Option<usize>, i32> {
    let Some(name) = name else { return Ok(None) };
    match seat_index(name, players) {
        Some(n) => Ok(Some(n)),
        None => {
            let _ = writeln!(err, "error: no player `{name}`: the players are p1 to p{players}");
            Err(EXIT_USAGE)
        }
    }
}

/// The player a seat's name names, `p1` to `pN` written so (not `p01`), from 0.
pub(super) fn seat_index(name: &str, players: usize) -> Option<usize> {
    let n = name.strip_prefix('p').and_then(|n| n.parse::<usize>().ok()).filter(|n| (1..=players).contains(n))?;
    (name == format!("p{n}")).then_some(n - 1)
}

/// `twilit play --human SEAT...`: one game, people at those seats (`human.rs`).
fn play_people(
    o: &PlayOpts,
    rules: &Rules,
    seats: &Seating,
    sources: &SourceMap,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let players = seats.players();
    for (i, h) in o.humans.iter().enumerate() {
        if seat_index(h, players).is_none() {
            let _ = writeln!(err, "error: no seat `{h}`: the seats are p1 to p{players}");
            return EXIT_USAGE;
        }
        if o.humans[..i].contains(h) {
            let _ = writeln!(err, "error: `--human {h}` is given twice: name each person's seat once");
            return EXIT_USAGE;
        }
    }
    if o.games > 1 || o.format != Format::Human {
        let _ = writeln!(err, "error: `--human` plays one game, in human format");
        return EXIT_USAGE;
    }
    // Neither would change anything: the other seats are the random agent (a replay
    // records only the people's answers), and each person sees the game as their seat.
    if o.agent != AgentKind::Random || o.viewer.is_some() {
        let flag = match (o.viewer.is_some(), o.agent) {
            (true, _) => "--as",
            (false, AgentKind::Greedy) => "--agent greedy",
            (false, _) => "--agent first",
        };
        let _ = writeln!(
            err,
            "error: `{flag}` does not go with `--human`: the people see the game from their seats, \
             and the other seats are the random agent"
        );
        return EXIT_USAGE;
    }
    use super::lineedit::{Input, LineEditor};
    use std::io::IsTerminal;
    // A person typing gets a line editor (Tab completes); anything else is read as plain
    // lines and echoed, so a piped game reads like a played one.
    let echo = !std::io::stdin().is_terminal();
    let editor = if echo { None } else { LineEditor::new(super::human::COMMANDS) };
    let input = match editor {
        Some(ed) => Input::Terminal(Box::new(ed)),
        None => Input::Plain(Box::new(std::io::BufReader::new(std::io::stdin()))),
    };
    let session =
        super::human::Session::new(o.humans.clone(), input, Box::new(std::io::stdout()), echo).with_cards(rules);
    let session = std::rc::Rc::new(std::cell::RefCell::new(session));
    // The replay of the game, finished or not, when one is asked for: `false` if it could not be written.
    let save = |stopped: bool, err: &mut dyn Write| -> bool {
        let Some(path) = &o.save_replay else { return true };
        let r = super::replay::Replay {
            game: o.path.clone(),
            seed: o.seed,
            players,
            factions: super::replay::recorded(seats, rules),
            turns: o.turns,
            humans: o.humans.clone(),
            answers: session.borrow().answers(),
            stopped,
            weights: vec![],
        };
        if let Err(e) = r.save(path) {
            let _ = writeln!(err, "error: {e}");
            return false;
        }
        if stopped {
            let _ = writeln!(
                err,
                "note: the game stopped before its end, and so does the replay {}: `twilit replay` plays it \
                 up to there, `twilit scenario-from` makes a scenario of one of its steps",
                path.display()
            );
        }
        true
    };
    match super::human::play(rules, o.seed, seats, o.turns, session.clone()) {
        Ok(Some(g)) => {
            print_result(&g, o.seed, o.format, out);
            if save(false, err) {
                EXIT_OK
            } else {
                EXIT_USAGE
            }
        }
        Ok(None) => {
            print_stopped(o.seed, o.format, out);
            // An unfinished game is what a designer turns into a scenario: it is saved too.
            if save(true, err) {
                EXIT_OK
            } else {
                EXIT_USAGE
            }
        }
        Err(h) => {
            report_halt(o.seed, &h, sources, err);
            EXIT_PROBLEMS
        }
    }
}

pub(super) fn print_log(s: &crate::engine::State, viewer: Option<usize>, format: Format, out: &mut dyn Write) {
    // Standard output flushes each line: a log of a million lines was a million writes
    // (a minute of system time). Buffered here, flushed before anything else is printed.
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, out);
    let out = &mut out;
    // Which faction each seat plays: seats change from game to game in `simulate` and with
    // `--factions`, and the log's lines name the seats only.
    if format == Format::Human && s.players.iter().any(|p| p.faction.is_some()) {
        let seats: Vec<String> = s
            .players
            .iter()
            .map(|p| format!("{} {}", p.name, p.faction.as_deref().unwrap_or("(no faction)")))
            .collect();
        let _ = writeln!(out, "seats: {}", seats.join(", "));
    }
    for (e, text) in s.log.iter().zip(s.texts_for(viewer)) {
        let _ = match format {
            Format::Human => writeln!(out, "{}{text}", "  ".repeat(e.depth as usize)),
            Format::Json => {
                let actor = e.actor().map(|p| s.players[p].name.clone());
                writeln!(out, "{}", serde_json::json!({ "actor": actor, "text": text, "depth": e.depth }))
            }
        };
    }
    let _ = out.flush();
}

/// The result line of a game people stopped before its end (`quit`, or input ended).
pub(super) fn print_stopped(seed: u64, format: Format, out: &mut dyn Write) {
    let _ = match format {
        Format::Human => writeln!(out, "seed {seed}: stopped before the end"),
        Format::Json => {
            writeln!(out, "{}", serde_json::json!({ "result": { "seed": seed, "ended": false, "stopped": true } }))
        }
    };
}

pub(super) fn print_result(g: &Played, seed: u64, format: Format, out: &mut dyn Write) {
    let s = &g.state;
    let name = |p: usize| s.players[p].name.clone();
    let turns = if s.over { s.clock.turn } else { s.clock.turn.saturating_sub(1) };
    let ended = g.standing.ended;
    let winners: Vec<String> = if ended { g.standing.winners.iter().map(|&p| name(p)).collect() } else { vec![] };
    let losers: Vec<String> = if ended { g.standing.losers.iter().map(|&p| name(p)).collect() } else { vec![] };
    let _ = match format {
        Format::Json => {
            let scores: serde_json::Map<String, serde_json::Value> =
                g.standing.scores.iter().map(|&(p, n)| (name(p), n.into())).collect();
            let r = serde_json::json!({ "result": {
                "seed": seed, "ended": ended, "winners": winners, "losers": losers,
                "draw": ended && winners.is_empty() && losers.is_empty(), "games": s.game,
                "scores": scores, "turns": turns, "refused": g.refused, "events": s.log.len(),
            }});
            writeln!(out, "{r}")
        }
        Format::Human => {
            let plural = if turns == 1 { "" } else { "s" };
            let who = match (ended, s.over, winners.as_slice()) {
                (false, true, _) => format!("not ended: game {} of the match ended in turn {turns}", s.game),
                (false, false, _) => format!("not ended after {turns} turn{plural}"),
                (true, _, []) if losers.is_empty() => format!("a draw in turn {turns}"),
                (true, _, []) if losers.len() == s.players.len() => format!("everyone loses in turn {turns}"),
                (true, _, []) => format!("nobody wins in turn {turns}: {} lose", losers.join(", ")),
                (true, _, [w]) => format!("{w} wins in turn {turns}"),
                (true, _, ws) => format!("{} win in turn {turns}", ws.join(", ")),
            };
            let scores: Vec<String> = g.standing.scores.iter().map(|&(p, n)| format!("{} {n}", name(p))).collect();
            let scores = if scores.is_empty() { String::new() } else { format!(" (scores: {})", scores.join(", ")) };
            let games = match (ended, s.over, s.game) {
                (_, _, 1) | (false, true, _) => String::new(),
                (true, _, n) => format!(" after {n} games"),
                (false, false, n) => format!(" (game {n} of the match)"),
            };
            writeln!(out, "seed {seed}: {who}{games}{scores}; {} events, {} refused actions", s.log.len(), g.refused)
        }
    };
}

/// Runs `twilit bench --game`: best of `runs` for the game's scenarios and for a random
/// game of `turns` turns (restarting with the next seed whenever a game ends).
pub fn bench(path: &Path, turns: u32, runs: usize, limits: &Limits, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let (rules, bundle, _) = match rules_of(path, limits, err) {
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
    // A quiet game (what `simulate` plays) keeps no log: its events are no measure.
    let (t, _) = best(&mut || {
        let (mut played, mut seed) = (0, 1);
        while played < turns {
            match crate::scenario::quiet_game(&rules, seed, rules.players.0, turns - played) {
                Ok(crate::scenario::Played { state: s, .. }) => {
                    played += s.clock.turn.saturating_sub(1).max(1);
                }
                Err(h) => {
                    failed = Some(h.message().to_string());
                    break;
                }
            }
            seed += 1;
        }
        0
    });
    if let Some(m) = failed {
        let _ = writeln!(err, "error: the random game failed: {m}");
        return EXIT_PROBLEMS;
    }
    let secs = t.as_secs_f64().max(1e-9);
    let _ = writeln!(out, "random game: {turns} turns in {:.1} ms ({:.0} turns/s)", ms(t), f64::from(turns) / secs);
    if passed < n {
        EXIT_PROBLEMS
    } else {
        EXIT_OK
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
