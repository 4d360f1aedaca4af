//! Replays: a game saved as what decides it — the game's directory, the seed, the number
//! of players and turns, and the answers people gave (`play --human`) — and `twilit replay
//! FILE`, which plays it again and prints its log and result. Every random thing draws
//! from the one seeded generator, so the same file gives the same bytes.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::render::Format;
use super::{EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE};
use crate::interp::probe::Probe;
use crate::interp::Rules;
use crate::scenario::Seating;

/// A saved game.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The game's directory: in memory as given to `play` or `simulate`; in the file,
    /// relative to the file's own folder (`save`), so that it is found from anywhere.
    pub game: PathBuf,
    /// The seed of the game's generator.
    pub seed: u64,
    /// How many players.
    pub players: usize,
    /// Each seat's faction, `p1` first (`null` for a seat with none), for a game with
    /// factions. A replay saved before seats were recorded has none: its players took the
    /// factions in file order, as `play` hands them out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factions: Vec<Option<String>>,
    /// The turn limit it was played with.
    pub turns: u32,
    /// The seats people played (none: the random agent played every seat).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub humans: Vec<String>,
    /// The people's answers in the order given, each the options picked (from 0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<Vec<usize>>,
    /// The people stopped the game before its end (`quit`, or their input ended): the
    /// answers run out there, and `replay` plays the game up to that point.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
    /// The random agent's weights (`--weight`), as given; none: every action weighed 1.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<crate::simulate::GivenWeight>,
}

impl Replay {
    /// A game the seeded random agent played for every seat: its seed and seats decide it.
    pub fn random(
        game: &Path,
        seed: u64,
        seats: &Seating,
        rules: &Rules,
        turns: u32,
        weights: Option<&crate::interp::Weights>,
    ) -> Replay {
        Replay {
            game: game.to_path_buf(),
            seed,
            players: seats.players(),
            factions: recorded(seats, rules),
            turns,
            humans: vec![],
            answers: vec![],
            stopped: false,
            weights: crate::simulate::GivenWeight::all(weights),
        }
    }

    /// The agent of a game no person played: the random one, with the replay's weights;
    /// `Err` when they name what the game does not have.
    pub fn agent(&self, rules: &Rules) -> Result<Box<dyn crate::interp::Agent>, String> {
        let given: Vec<(String, u32)> = self.weights.iter().map(|w| (w.name.clone(), w.weight)).collect();
        let w = (!given.is_empty()).then(|| crate::interp::Weights::new(rules, &given)).transpose()?;
        Ok(crate::interp::agent::random(w.map(std::sync::Arc::new).as_ref()))
    }

    /// The table the game was played at.
    pub fn seats(&self) -> Seating {
        if self.factions.is_empty() {
            Seating::InFileOrder(self.players)
        } else {
            Seating::Factions(self.factions.clone())
        }
    }

    /// Writes the replay as JSON, its game's directory written from the file's folder.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        // As typed (`.`), the directory meant the folder `play` ran in, and `replay` run
        // from anywhere else read another one: `/` had it check the whole disk.
        let stored = Replay { game: game_from(path, &self.game), ..self.clone() };
        let text = serde_json::to_string_pretty(&stored).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("cannot write the replay {}: {e}", path.display()))
    }

    /// Reads a replay written by `save`.
    pub fn load(path: &Path) -> Result<Replay, String> {
        // As a game's files are read: a regular file, and at most `file_bytes` of it (a
        // device or a pipe would be read forever).
        let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
        if !std::fs::metadata(path).map_err(cannot)?.is_file() {
            return Err(format!(
                "{} is not a regular file: give a replay saved by `play --save-replay`",
                path.display()
            ));
        }
        let max = crate::limits::Limits::DEFAULT.file_bytes;
        let bytes = crate::load::read_at_most(path, max).map_err(cannot)?;
        if bytes.len() as u64 > max {
            return Err(format!("{} is larger than {max} bytes: no replay is", path.display()));
        }
        serde_json::from_slice(&bytes).map_err(|e| {
            format!(
                "{}:{}:{}: not a replay: {}\n  help: a replay is the JSON object `play --save-replay` writes: \
                 {{ \"game\": DIR, \"seed\": N, \"players\": N, \"turns\": N, ... }}",
                path.display(),
                e.line(),
                e.column(),
                json_words(&e)
            )
        })
    }
}

/// A JSON reader's message in the words of the replay's fields: no Rust type names.
fn json_words(e: &serde_json::Error) -> String {
    let text = e.to_string();
    // serde_json ends its message with the place, which the caller gives first.
    let text = text.rsplit_once(" at line ").map_or(text.as_str(), |(t, _)| t);
    let words = [
        ("expected path string", "expected the game's directory as text"),
        ("expected struct Replay", "expected a JSON object"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected u64", "expected a whole number from 0 to 18446744073709551615"),
        ("expected u32", "expected a whole number from 0 to 4294967295"),
        ("expected a sequence", "expected a list"),
        ("expected a string", "expected text in quotes"),
    ];
    if text.contains("expected struct Replay with") {
        return "found a list, expected a JSON object".into();
    }
    let mut out = text.to_string();
    for (from, to) in words {
        out = out.replace(from, to);
    }
    out
}

/// The seats' factions a replay records: every seat's, when the game has factions (a game
/// without has nothing to record, and its replays stay as they were).
pub(super) fn recorded(seats: &Seating, rules: &Rules) -> Vec<Option<String>> {
    if rules.factions.is_empty() {
        return vec![];
    }
    seats.factions(rules)
}

/// Whether each seat's faction is one of the game's, and none sits twice: what `play
/// --factions` and a replay's `factions` may give.
pub(super) fn check_seats(seats: &[Option<String>], rules: &Rules) -> Result<(), String> {
    let ids = || rules.factions.iter().map(|f| f.id.as_str());
    for (i, f) in seats.iter().enumerate() {
        let Some(f) = f else { continue };
        if !ids().any(|id| id == f) {
            let hint = match crate::diag::did_you_mean(f, ids()) {
                Some(h) => format!("; did you mean `{h}`?"),
                None if rules.factions.is_empty() => "; it has none".to_string(),
                None => format!("; its factions are {}", ids().collect::<Vec<_>>().join(", ")),
            };
            return Err(format!("{} has no faction `{f}`{hint}", rules.game));
        }
        if seats[..i].contains(&Some(f.clone())) {
            return Err(format!("the faction `{f}` sits at two seats"));
        }
    }
    Ok(())
}

/// Whether the replay's people sit at seats of the game, each once, and its answers are
/// someone's: answers without a person, or a seat `p9` of two, would be ignored.
fn check_humans(r: &Replay, players: usize) -> Result<(), String> {
    for (i, h) in r.humans.iter().enumerate() {
        if super::play::seat_index(h, players).is_none() {
            return Err(format!("`humans` names `{h}`, but the players are p1 to p{players}"));
        }
        if r.humans[..i].contains(h) {
            return Err(format!("`humans` names `{h}` twice"));
        }
    }
    if r.humans.is_empty() && !r.answers.is_empty() {
        return Err(format!("it has {} answers but no `humans` to give them", r.answers.len()));
    }
    Ok(())
}

/// Options of `twilit replay`.
pub struct ReplayOpts {
    /// The replay file.
    pub file: PathBuf,
    /// The player whose view of the log is printed.
    pub viewer: Option<String>,
    /// Human or JSON output.
    pub format: Format,
    /// The bounds of loading and playing.
    pub limits: crate::limits::Limits,
}

/// `game` as a path from the folder of `file` (a replay about to be written there): relative
/// when the two share a folder below the file system's root (a replay and its game moved
/// together still meet), absolute when they share only the root (a relative path up through
/// `/` would break as soon as the replay moved); as given when either cannot be found.
fn game_from(file: &Path, game: &Path) -> PathBuf {
    let folder = file.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let (Ok(game), Ok(folder)) = (std::fs::canonicalize(game), std::fs::canonicalize(folder)) else {
        return std::path::absolute(game).unwrap_or_else(|_| game.to_path_buf());
    };
    let (to, from): (Vec<_>, Vec<_>) = (game.components().collect(), folder.components().collect());
    let common = to.iter().zip(&from).take_while(|(a, b)| a == b).count();
    // The root (and on Windows the drive) is one component: sharing only it is sharing nothing.
    let roots = to.iter().take_while(|c| !matches!(c, std::path::Component::Normal(_))).count();
    if common <= roots {
        return game;
    }
    let mut rel: PathBuf = std::iter::repeat_n(std::path::Component::ParentDir, from.len() - common).collect();
    rel.extend(&to[common..]);
    if rel.as_os_str().is_empty() {
        rel.push(".");
    }
    rel
}

/// The game directory of a replay `r` read from `file`: beside the file (where `save` writes
/// it from), else from the current directory (replays written before stored it as typed).
/// A directory without a `game.yaml` at its top is no game: refused before anything below
/// it is read, since loading it would check every game under it (`/`: the whole disk).
fn game_dir(file: &Path, r: &Replay, err: &mut dyn Write) -> Result<PathBuf, i32> {
    if r.game.as_os_str().is_empty() {
        let _ = writeln!(err, "error: the replay {} names no game directory (its `game` is empty)", file.display());
        let _ = writeln!(err, "  help: set `game` to the game's folder, from the replay's own folder");
        return Err(EXIT_USAGE);
    }
    let beside = file.parent().map_or_else(|| r.game.clone(), |d| d.join(&r.game));
    let mut tried = vec![beside];
    if r.game.is_relative() && tried[0] != r.game {
        tried.push(r.game.clone());
    }
    if let Some(dir) = tried.iter().find(|d| d.join(crate::load::GAME_FILE).is_file()) {
        return Ok(dir.clone());
    }
    let places: Vec<String> = tried.iter().map(|d| d.display().to_string()).collect();
    let _ = writeln!(
        err,
        "error: the replay {} names the game directory {}, but there is no {} in {}",
        file.display(),
        r.game.display(),
        crate::load::GAME_FILE,
        places.join(" nor in ")
    );
    let _ = writeln!(
        err,
        "  help: a replay's `game` is read beside the replay, else from the current directory; \
         point it at the game's folder (nothing under the paths above was read)"
    );
    Err(EXIT_USAGE)
}

/// A replay and its game, loaded (see `game_dir` for where the game is looked for).
fn open(
    file: &Path,
    limits: &crate::limits::Limits,
    err: &mut dyn Write,
) -> Result<(Replay, crate::interp::Rules, usize, crate::diag::SourceMap), i32> {
    let r = Replay::load(file).map_err(|e| {
        let _ = writeln!(err, "error: {e}");
        EXIT_USAGE
    })?;
    let dir = game_dir(file, &r, err)?;
    let (rules, players, sources) = super::play::game_of(&dir, Some(r.players), limits, err)?;
    let seats = if r.factions.is_empty() || r.factions.len() == r.players {
        check_seats(&r.factions, &rules).and_then(|()| check_humans(&r, players))
    } else {
        Err(format!("it seats {} factions for {} players", r.factions.len(), r.players))
    };
    let seats = seats.and_then(|()| r.agent(&rules).map(|_| ()));
    if let Err(e) = seats {
        let _ = writeln!(err, "error: the replay {} does not fit its game: {e}", file.display());
        return Err(EXIT_USAGE);
    }
    Ok((r, rules, players, sources))
}

/// Runs `twilit replay FILE`: the game's log and result, as `play` prints them.
pub fn run(o: ReplayOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let (r, rules, players, sources) = match open(&o.file, &o.limits, err) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let viewer = match super::play::seat(o.viewer.as_deref(), players, err) {
        Ok(v) => v,
        Err(code) => return code,
    };
    // A random game that halts keeps its log up to the error, printed as `play` does.
    let played = if r.humans.is_empty() {
        let agent = r.agent(&rules).unwrap_or_else(|_| Box::new(crate::interp::RandomAgent));
        crate::scenario::whole_game_to_halt(&rules, r.seed, r.seats(), r.turns, agent).map_err(|(h, s)| (h, s, false))
    } else {
        super::human::replay(&rules, &r)
    };
    match played {
        Ok(g) => {
            super::play::print_log(&g.state, viewer, o.format, out);
            super::play::print_result(&g, r.seed, o.format, out);
            EXIT_OK
        }
        Err((_, state, true)) if r.stopped => {
            // A game saved when it was quit: played up to there, as it was.
            super::play::print_log(&state, viewer, o.format, out);
            super::play::print_stopped(r.seed, o.format, out);
            EXIT_OK
        }
        // People's answers that no longer fit the game: the replay is at fault, not the rules.
        Err((h @ crate::interp::Halt::Agent(_), state, _)) => {
            super::play::print_log(&state, viewer, o.format, out);
            let _ = writeln!(err, "error: the replay {} (seed {}): {}", o.file.display(), r.seed, h.message());
            let _ = writeln!(
                err,
                "  help: its answers are the ones given to the game as it was then; play it again to save a new replay"
            );
            EXIT_PROBLEMS
        }
        Err((h, state, _)) => {
            super::play::print_log(&state, viewer, o.format, out);
            super::play::report_halt(r.seed, &h, &sources, err);
            EXIT_PROBLEMS
        }
    }
}

/// Options of `twilit scenario-from`.
pub struct FromOpts {
    /// The replay file.
    pub file: PathBuf,
    /// The step (from 1; default: the last that does not end the game).
    pub at: Option<usize>,
    /// Where to write the scenario (default: standard output).
    pub out: Option<PathBuf>,
    /// The bounds of loading and playing.
    pub limits: crate::limits::Limits,
}

/// Runs `twilit scenario-from FILE [--at STEP]`: the replay's game is played again to the
/// step, and the state before it, the step and what it did are written as a scenario.
pub fn scenario_from(o: FromOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    // Written over its own replay, the saved game would be lost for a scenario of it.
    let same = |a: &Path, b: &Path| {
        std::fs::canonicalize(a).ok().zip(std::fs::canonicalize(b).ok()).is_some_and(|(a, b)| a == b)
    };
    if let Some(path) = o.out.as_deref().filter(|p| same(p, &o.file)) {
        let _ = writeln!(
            err,
            "error: `-o {}` is the replay itself: writing the scenario there would lose it",
            path.display()
        );
        let _ = writeln!(err, "  help: write the scenario to a `.yaml` file of the game's `scenarios/`");
        return EXIT_USAGE;
    }
    let (r, rules, _, _) = match open(&o.file, &o.limits, err) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let (played, counted) = probe(&rules, &r, Probe::at(0));
    // Answers that do not fit the game make another game than the one saved.
    if let Err(crate::interp::Halt::Agent(why)) = &played {
        let _ = writeln!(err, "error: the replay {} (seed {}): {why}", o.file.display(), r.seed);
        let _ = writeln!(err, "  help: `twilit replay {}` shows where the game parts from it", o.file.display());
        return EXIT_PROBLEMS;
    }
    let last = counted.ended_at.map_or(counted.taken, |k| k.saturating_sub(1)).max(1);
    let at = o.at.unwrap_or(last);
    if counted.taken == 0 {
        // (Saved with `--turns 0`, or stopped before its first action.)
        let _ = writeln!(
            err,
            "error: the game of {} has no step: no action was taken and no phase closed",
            o.file.display()
        );
        let _ = writeln!(err, "  help: save a game that plays at least one turn (`play --turns 1 --save-replay FILE`)");
        return EXIT_USAGE;
    }
    if at == 0 || at > counted.taken {
        let _ = writeln!(err, "error: `--at {at}`: the game of {} has steps 1 to {}", o.file.display(), counted.taken);
        let _ = writeln!(err, "  help: a step is an action taken or a phase closed; leave `--at` out for step {last}");
        return EXIT_USAGE;
    }
    let (_, probed) = probe(&rules, &r, Probe::at(at));
    let Some(found) = probed.into_found() else {
        let _ = writeln!(err, "error: step {at} of {} was not reached when played again", o.file.display());
        return EXIT_PROBLEMS;
    };
    // A scenario's response answers the step before it: a response is written with the
    // action it answers, which must be that step.
    let lead = match found.answers {
        None => None,
        Some(m) if m + 1 == at => probe(&rules, &r, Probe::at(m)).1.into_found(),
        Some(m) => {
            let _ = writeln!(
                err,
                "error: step {at} of {} is a response to step {m} that came after another response to it: in a scenario a response answers only the step just before it",
                o.file.display()
            );
            let _ = writeln!(err, "  help: make a scenario of step {} (the first response to step {m})", m + 1);
            return EXIT_USAGE;
        }
    };
    let random = found.before.players.iter().map(|p| p.name.clone()).filter(|n| !r.humans.contains(n)).collect();
    let origin =
        crate::scenario::from::Origin { replay: &o.file.display().to_string(), step: at, seed: r.seed, random };
    let text = crate::scenario::from::scenario_yaml(&rules, &found, lead.as_ref(), &origin);
    // What setup cannot state, and a close that ended the game (a scenario's game never
    // ends, so its `advance` goes on into a next phase), can make the step play otherwise:
    // the scenario is run before it is given, and a failure said.
    let fails = fails_when_run(&rules, &text, &o.limits);
    match &o.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &text) {
                let _ = writeln!(err, "error: cannot write {}: {e}", path.display());
                return EXIT_USAGE;
            }
            let _ = writeln!(err, "wrote step {at} of {} to {}", counted.taken, path.display());
        }
        None => {
            let _ = write!(out, "{text}");
        }
    }
    let Some(why) = fails else { return EXIT_OK };
    let _ = writeln!(err, "warning: the scenario of step {at} fails when run: {why}");
    let _ = writeln!(
        err,
        "  help: its head lists what setup could not state; {}",
        match found.after.over {
            true => format!("the game ended as this step closed the phase: step {} is the last before the end", at - 1),
            false => "trim the expectations that depend on it".into(),
        }
    );
    EXIT_PROBLEMS
}

/// Why the scenario written as `text` fails when run on `rules`, if it does.
fn fails_when_run(rules: &crate::interp::Rules, text: &str, limits: &crate::limits::Limits) -> Option<String> {
    let (item, _) =
        crate::load::load_source_with(crate::diag::FileId(0), text, &mut crate::load::Texts::default(), limits);
    let Some(crate::load::Item::Scenario(sc)) = item else { return Some("it cannot be read back".into()) };
    let outcome = crate::scenario::run(rules, &sc);
    outcome.failure.map(|f| format!("step {} ({}): {}", f.step, f.kind.label(), f.message))
}

/// Plays the replay's game again with `probe` counting its steps.
fn probe(
    rules: &crate::interp::Rules,
    r: &Replay,
    probe: Probe,
) -> (Result<crate::scenario::Played, crate::interp::Halt>, Probe) {
    if r.humans.is_empty() {
        crate::scenario::probe_whole_game(
            rules,
            r.seed,
            r.seats(),
            r.turns,
            r.agent(rules).unwrap_or_else(|_| Box::new(crate::interp::RandomAgent)),
            probe,
        )
    } else {
        super::human::replay_probed(rules, r, probe)
    }
}
