//! The `twilit` command line: argument parsing, running a command, printing
//! diagnostics and choosing the exit code (0 ok, 1 problems found, 2 usage or I/O).

mod answers;
pub mod bench;
pub mod coverage;
mod human;
mod lineedit;
pub mod mutate;
pub mod play;
pub mod render;
mod replay;
mod schema;
pub mod scope;
mod sheets;
pub mod simulate;
mod simulate_csv;
pub mod test;
mod weights;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::diag::{Severity, SourceMap};
use crate::limits::Limits;
use render::Format;

/// Twilit: check card, faction and game files written in the Twilit language.
#[derive(Debug, Parser)]
#[command(name = "twilit", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Change a resource limit, e.g. `--limit steps=1000000` (repeatable; `twilit limits`
    /// lists them with their defaults).
    #[arg(long = "limit", value_name = "NAME=N", global = true)]
    limits: Vec<String>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate games, cards, factions and scenarios; report every problem.
    Check {
        /// Files or directories (default: cards/, or the game this folder is in).
        paths: Vec<PathBuf>,
        /// Output style for diagnostics.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Also run an opt-in lint: `text-numbers` (a card's printed text and its scripts
        /// should state the same numbers).
        #[arg(long = "lint", value_enum)]
        lints: Vec<Lint>,
    },
    /// Check the games, then run their scenarios; `N passed, N failed`.
    Test {
        /// Game directories or scenario files (default: cards/, or the game this folder is in).
        paths: Vec<PathBuf>,
        /// Print each scenario's transcript.
        #[arg(long)]
        transcript: bool,
        /// Run only scenarios whose name contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Output style: one line per scenario, or one JSON object per scenario.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Play a game with the seeded random agent and print what happened.
    Play {
        /// The game directory (default: the game this folder is in, else cards/lotr).
        path: Option<PathBuf>,
        /// The seed of the game's random generator.
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>, default_value_t = 1)]
        seed: u64,
        /// At most this many turns (a game that has not ended by then stops there).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u32>, default_value_t = 1000)]
        turns: u32,
        /// How many players (default: the game's fewest).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
        players: Option<usize>,
        /// Who makes the choices: the seeded random agent, the first legal option, or the greedy
        /// agent (the action that raises its own score most, one action ahead, seeing hidden
        /// cards too).
        #[arg(long, value_enum, default_value_t = play::AgentKind::Random)]
        agent: play::AgentKind,
        /// Play this many games from consecutive seeds and print one result each.
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>, default_value_t = 1)]
        games: u64,
        /// Print the log as this player saw it (their secrets, nobody else's).
        #[arg(long = "as", value_name = "PLAYER")]
        viewer: Option<String>,
        /// Output style: the log and a result line, or one JSON object per event and a result.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Play this seat yourself in the terminal (`p1`, `p2`, ...; repeat for hot-seat);
        /// the other seats are the random agent. Answers may be piped.
        #[arg(long = "human", value_name = "SEAT")]
        humans: Vec<String>,
        /// Save the game as a replay (seed, players and people's answers) to this file.
        #[arg(long, value_name = "FILE")]
        save_replay: Option<PathBuf>,
        /// Each seat's faction, `p1` first, `-` for a seat with none (`--factions b,-,a`;
        /// default: the game's factions in file order). Sets the players' number.
        // A list may start with `-` (no faction in `p1`): it is a value, not an option.
        #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
        factions: Option<String>,
        /// Make the random agent take an action more or less often: NAME is an ability's
        /// `name:`, a card's id, `pass` or `play` (every card's play); N from 0 (only when
        /// nothing else is legal) up; every action not named weighs 1 (repeatable).
        #[arg(long = "weight", value_name = "NAME=N")]
        weights: Vec<String>,
    },
    /// Play a saved game again (`play --save-replay`, `simulate --save-replays`) and print
    /// its log and result: the same file gives the same bytes.
    Replay {
        /// The replay file.
        file: PathBuf,
        /// Print the log as this player saw it.
        #[arg(long = "as", value_name = "PLAYER")]
        viewer: Option<String>,
        /// Output style: the log and a result line, or one JSON object per event and a result.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Write a scenario from one step of a saved game: the state before it as setup, then
    /// the step and what it did as expectations (a game that went wrong, as a test).
    ScenarioFrom {
        /// The replay file (`play --save-replay`, `simulate --save-replays`).
        file: PathBuf,
        /// The step: the N-th action taken or phase closed (default: the last that does
        /// not end the game).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>, value_name = "STEP")]
        at: Option<usize>,
        /// Write the scenario to this file (default: standard output).
        #[arg(long, short = 'o', value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Play many games with the seeded random agent, on all cores, and report win rates,
    /// game length, scores and what each card's plays won.
    Simulate {
        /// The game directory (default: the game this folder is in).
        path: Option<PathBuf>,
        /// How many games (game i uses seed S+i).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>)]
        games: u64,
        /// The seed of the first game.
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core); the output does not depend on it.
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
        jobs: Option<usize>,
        /// How many players (default: the game's fewest).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
        players: Option<usize>,
        /// At most this many turns per game (a game that has not ended by then counts as unfinished).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u32>, default_value_t = 1000)]
        turns: u32,
        /// Output style: aligned tables, one JSON object, or one CSV table.
        #[arg(long, value_enum, default_value_t = simulate::SimFormat::Human)]
        format: simulate::SimFormat,
        /// Also write a self-contained HTML page with charts to this file.
        #[arg(long, value_name = "FILE.html")]
        report: Option<PathBuf>,
        /// Save each game as a replay in this directory (`GAME-SEED.json`).
        #[arg(long, value_name = "DIR")]
        save_replays: Option<PathBuf>,
        /// Also report a counter of each player (or the game's) at the end of the games, overall, of the winners and of the others (repeatable)
        #[arg(long, value_name = "COUNTER")]
        track: Vec<String>,
        /// Who plays every seat: the seeded random agent, or the greedy agent (the action that
        /// raises its own `result: scores:` most, one action ahead, seeing hidden cards too;
        /// questions at random)
        #[arg(long, value_enum, default_value_t = simulate::SimAgent::Random)]
        agent: simulate::SimAgent,
        /// Make the random agent take an action more or less often: NAME is an ability's
        /// `name:`, a card's id, `pass` or `play` (every card's play); N from 0 (only when
        /// nothing else is legal) up; every action not named weighs 1 (repeatable).
        #[arg(long = "weight", value_name = "NAME=N")]
        weights: Vec<String>,
    },
    /// Measure `check` on a generated library of N cards (load and check, best of runs).
    Bench {
        /// How many cards to generate (at most 1,000,000: the library is written to disk).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>, default_value_t = 20_000)]
        cards: usize,
        /// How many timed runs, 1 to 100 (the best is reported).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..=100))]
        runs: u16,
        /// Keep the generated library (to inspect it or run `check` on it).
        #[arg(long)]
        keep: bool,
        /// Instead of `check`, time the interpreter on this game directory: its scenarios,
        /// and a random game of `--turns` turns.
        #[arg(long)]
        game: Option<PathBuf>,
        /// Turns of the random game timed with `--game`.
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u32>, default_value_t = 200)]
        turns: u32,
    },
    /// Run the games' scenarios and report which abilities, procedures, statements and
    /// branches of the rules they never executed.
    Coverage {
        /// Game directories (default: cards/), or files of a game to report on only them.
        paths: Vec<PathBuf>,
        /// Output style: lines, or one JSON object per gap and per file.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Mutation testing: change each rule of the games a little, one change at a time, run
    /// their scenarios against each, and list the changes no scenario notices.
    Mutate {
        /// Game directories (default: cards/), or files of a game to change only their rules.
        paths: Vec<PathBuf>,
        /// Output style: lines, or one JSON object per survivor and per game.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Worker threads (default: one per core).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
        jobs: Option<usize>,
        /// Only changes of this kind: comparison, logic, number, drop, condition,
        /// direction, filter or truth.
        #[arg(long)]
        only: Option<String>,
    },
    /// List the resource limits, their values and what each bounds.
    Limits,
    /// Print a card's (or faction's) parsed abilities as s-expressions.
    Explain {
        /// The card or faction id, or a game ability's name, e.g. `old_road`.
        id: String,
        /// Where to look (default: cards/, or the game this folder is in).
        #[arg(long = "path")]
        paths: Vec<PathBuf>,
        /// Write the abilities as rules text instead (what the scripts say, in sentences).
        #[arg(long)]
        text: bool,
    },
    /// Serve the language server protocol on standard input and output (for editors).
    Lsp,
    /// Print a JSON Schema (draft-07) of game, card, faction and scenario files, for
    /// editors (yaml-language-server); with a game directory, its names as enums.
    Schema {
        /// A game directory (holding `game.yaml`): its zones, phases, cards, properties, ...
        game: Option<PathBuf>,
    },
}

/// Exit code for success.
pub const EXIT_OK: i32 = 0;
/// Exit code when validation found problems.
pub const EXIT_PROBLEMS: i32 = 1;
/// Exit code for usage and I/O errors.
pub const EXIT_USAGE: i32 = 2;

/// Parses `args` and runs the command; returns the process exit code. Nothing is drawn
/// outside `out` and `err` (no progress bar).
pub fn run<A: Into<OsString> + Clone>(args: Vec<A>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    run_with(args, out, err, false)
}

/// Like `run`, for the binary: `progress` lets long commands draw a progress bar on the
/// process's standard error, which indicatif hides when that is not a terminal.
/// Arguments are `OsString`s: one that is not UTF-8 is a path, or a usage error.
pub fn run_with<A: Into<OsString> + Clone>(
    args: Vec<A>,
    out: &mut dyn Write,
    err: &mut dyn Write,
    progress: bool,
) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
            let text = e.render().to_string();
            let sink: &mut dyn Write = if code == EXIT_OK { out } else { err };
            let _ = write!(sink, "{text}");
            return code;
        }
    };
    let mut limits = Limits::default();
    for setting in &cli.limits {
        if let Err(e) = limits.set_from(setting) {
            let _ = writeln!(err, "error: --limit {setting}: {}\n  help: {}", e.message, e.help);
            return EXIT_USAGE;
        }
    }
    match cli.command {
        Command::Check { paths, format, lints } => check(paths, format, &lints, &limits, out, err),
        Command::Limits => list_limits(&limits, out),
        Command::Schema { game } => schema::run(game, &limits, out, err),
        Command::Lsp => crate::lsp::run(Box::new(std::io::BufReader::new(std::io::stdin())), out, err, &limits),
        Command::Coverage { paths, format } => {
            coverage::run(coverage::CoverageOpts { paths: default_paths(paths), format, limits }, out, err)
        }
        Command::Mutate { paths, format, jobs, only } => {
            let opts = mutate::MutateOpts { paths: default_paths(paths), format, jobs, only, limits };
            mutate::run(opts, out, err)
        }
        Command::Explain { id, paths, text } => explain(&id, default_paths(paths), text, &limits, out, err),
        Command::Play {
            path,
            seed,
            turns,
            players,
            agent,
            games,
            viewer,
            format,
            humans,
            save_replay,
            factions,
            weights,
        } => {
            let path = path.or_else(game_here).unwrap_or_else(|| PathBuf::from("cards/lotr"));
            let o = play::PlayOpts {
                path,
                seed,
                turns,
                players,
                agent,
                games,
                viewer,
                format,
                humans,
                save_replay,
                factions,
                weights,
                limits,
            };
            play::play(o, out, err)
        }
        Command::Replay { file, viewer, format } => {
            replay::run(replay::ReplayOpts { file, viewer, format, limits }, out, err)
        }
        Command::ScenarioFrom { file, at, out: to } => {
            replay::scenario_from(replay::FromOpts { file, at, out: to, limits }, out, err)
        }
        Command::Simulate {
            path,
            games,
            seed,
            jobs,
            players,
            turns,
            format,
            report,
            save_replays,
            track,
            agent,
            weights,
        } => {
            let Some(path) = path.or_else(game_here) else {
                let _ = writeln!(
                    err,
                    "error: which game? give its directory (`twilit simulate cards/goofspiel --games 100`), or run \
                     inside a game's folder"
                );
                return EXIT_USAGE;
            };
            let o = simulate::SimOpts {
                path,
                games,
                seed,
                jobs,
                players,
                turns,
                format,
                report,
                save_replays,
                track,
                greedy: agent == simulate::SimAgent::Greedy,
                weights,
                progress,
                limits,
            };
            simulate::simulate(o, out, err)
        }
        Command::Test { paths, transcript, filter, format } => {
            let opts = test::TestOpts { paths: default_paths(paths), transcripts: transcript, filter, format, limits };
            test::run(opts, out, err)
        }
        Command::Bench { game: Some(game), runs, turns, .. } => {
            play::bench(&game, turns, usize::from(runs), &limits, out, err)
        }
        Command::Bench { cards, runs, keep, .. } => run_bench(cards, usize::from(runs), keep, out, err),
    }
}

fn run_bench(cards: usize, runs: usize, keep: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    // Every card is written to the temporary directory first: an unbounded count filled the disk.
    if cards > bench::MAX_CARDS {
        let _ =
            writeln!(err, "error: --cards {cards} is more than the {} a generated library may hold", bench::MAX_CARDS);
        return EXIT_USAGE;
    }
    let lib = bench::TempLibrary::new(bench::temp_dir(cards), keep);
    let dir = &lib.dir;
    let bytes = match bench::generate(dir, cards) {
        Ok(b) => b,
        Err(e) => {
            let _ = writeln!(err, "error: cannot write the generated library to {}: {e}", dir.display());
            return EXIT_USAGE;
        }
    };
    let _ = writeln!(out, "generated {cards} cards, {:.1} MB of YAML in {}", bytes as f64 / 1e6, dir.display());
    let mut best: Option<bench::Timing> = None;
    for run in 1..=runs {
        let t = bench::measure(dir);
        let total = t.load + t.check;
        let _ = writeln!(
            out,
            "run {run}: load {:>7.1} ms, check {:>7.1} ms, total {:>7.1} ms ({} cards, {} problems)",
            t.load.as_secs_f64() * 1e3,
            t.check.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3,
            t.cards,
            t.problems
        );
        if best.is_none_or(|b| total < b.load + b.check) {
            best = Some(t);
        }
    }
    let b = best.expect("at least one run");
    let secs = (b.load + b.check).as_secs_f64();
    let _ = writeln!(
        out,
        "best: {:.1} ms, {:.0} cards/s, {:.1} MB/s",
        secs * 1e3,
        b.cards as f64 / secs,
        bytes as f64 / 1e6 / secs
    );
    // The floor: the same files parsed to a generic YAML value, nothing else (best of as many runs).
    let bare = (0..runs).map(|_| bench::bare_parse(dir)).min_by_key(|b| b.0).expect("at least one run");
    let _ = writeln!(
        out,
        "bare YAML parse of the same {} files (serde-saphyr, generic value): {:.1} ms; load+check is {:.2}x that",
        bare.1,
        bare.0.as_secs_f64() * 1e3,
        secs / bare.0.as_secs_f64()
    );
    if b.problems > 0 {
        let _ = writeln!(err, "error: the generated library should check clean, found {} problems", b.problems);
        return EXIT_PROBLEMS;
    }
    EXIT_OK
}

/// The seeds of `--games` games from `--seed` (game i uses seed + i), or the usage error
/// to print: a game whose seed would pass `u64::MAX` must be refused, not silently lost.
pub(crate) fn seeds(seed: u64, games: u64) -> Result<std::ops::RangeInclusive<u64>, String> {
    let games = games.max(1);
    match seed.checked_add(games - 1) {
        Some(last) => Ok(seed..=last),
        None => {
            let fits = u64::MAX - (games - 1);
            Err(format!(
                "error: --seed {seed} plus --games {games} passes the largest seed, {}\n  help: with --games {games}, \
                 the largest --seed that fits is {fits}; pass a smaller --seed or fewer --games",
                u64::MAX
            ))
        }
    }
}

/// The paths given, else `cards/`, else, run inside a game's directory (a `game.yaml`
/// here and no `cards/`), that game: a designer working in their game's folder.
/// A whole number of an option (`--games`, `--seed`, ...): a negative one is said to be
/// one, rather than clap's tip to pass it after `--`, which the option would refuse too.
fn whole<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    if text.starts_with('-') {
        return Err("must be a whole number, 0 or more".into());
    }
    text.parse().map_err(|_| match !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        true => "is too large for this option".into(),
        false => "must be a whole number, 0 or more".into(),
    })
}

fn default_paths(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    if !paths.is_empty() {
        return paths;
    }
    vec![game_here().unwrap_or_else(|| PathBuf::from("cards"))]
}

/// Without `cards/` here, the game this folder is in (run from its `scenarios/`, say):
/// what `test`, `play` and `simulate` take when no game is named.
fn game_here() -> Option<PathBuf> {
    (!Path::new("cards").exists()).then(|| crate::load::game_dir_of(&Path::new(".").join("x"))).flatten()
}

/// `twilit limits`: each limit with its value (after any `--limit`) and meaning.
fn list_limits(limits: &Limits, out: &mut dyn Write) -> i32 {
    let rows = limits.describe();
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    for (name, value, what) in rows {
        let _ = writeln!(out, "{name:<width$}  {value:>12}  {what}");
    }
    EXIT_OK
}

/// The opt-in lints of `check --lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Lint {
    /// A card's printed `text:` and its scripts state different numbers.
    TextNumbers,
}

fn check(
    paths: Vec<PathBuf>,
    format: Format,
    lints: &[Lint],
    limits: &Limits,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let paths = default_paths(paths);
    if let Err(message) = scope::usable(&paths, false) {
        let _ = writeln!(err, "error: {message}");
        return EXIT_USAGE;
    }
    let mut checked = scope::load_and_check(&paths, limits, scope::Scope::Named);
    // A folder with no YAML file in it (an empty one, a typo's): nothing was checked.
    if let Err(message) = scope::nothing_in(&checked, &paths) {
        let _ = writeln!(err, "error: {message}");
        return EXIT_USAGE;
    }
    if lints.contains(&Lint::TextNumbers) {
        let mut found = vec![];
        for b in &checked.lib.games {
            let read = crate::check::reach::words_read(b);
            let cards = b.cards.iter().chain(b.factions.iter().flat_map(|f| &f.cards));
            let named = cards.filter(|c| !checked.extra.contains(&c.id.file));
            found.extend(named.filter_map(|c| crate::check::prose::text_numbers(c, &read)));
        }
        checked.diags.extend(found);
    }
    let (diags, sources) = (&checked.diags, &checked.sources);
    let color = format == Format::Human && render::want_color();
    for d in diags {
        let text = match format {
            Format::Human => render::human(d, sources, color, 100),
            Format::Json => render::json(d, sources) + "\n",
        };
        let _ = write!(out, "{text}");
    }
    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
    let warnings = diags.len() - errors;
    let (files, cards) = (checked.files, checked.cards);
    let mut summary = format!(
        "{errors} error{}, {warnings} warning{} in {files} file{} ({cards} card{})",
        plural(errors),
        plural(warnings),
        plural(files),
        plural(cards)
    );
    // A file checked alone is checked with the rest of its game: without this, `check
    // game.yaml` said `(0 cards)` as if the game had none.
    let other_files = checked.sources.files().count().saturating_sub(files);
    if other_files > 0 {
        let games = checked.lib.games.iter();
        let all_cards = games.flat_map(|g| g.cards.iter().chain(g.factions.iter().flat_map(|f| &f.cards))).count();
        let other_cards = all_cards.saturating_sub(cards);
        let game = if checked.lib.games.len() == 1 { "its game" } else { "their games" };
        summary += &format!(
            ", checked with {other_files} other file{} of {game} ({other_cards} card{})",
            plural(other_files),
            plural(other_cards)
        );
    }
    match format {
        Format::Human => {
            let _ = writeln!(out, "{summary}");
        }
        Format::Json => {
            let _ = writeln!(err, "{summary}");
        }
    }
    notes(&checked, err);
    if diags.iter().any(|d| d.code == "twilit::io") {
        EXIT_USAGE
    } else if errors > 0 {
        EXIT_PROBLEMS
    } else {
        EXIT_OK
    }
}

/// What `check` did not report, on standard error: how many problems lie in the files
/// read only to complete a game.
fn notes(checked: &scope::Checked, err: &mut dyn Write) {
    let games = if checked.lib.games.len() == 1 { "this game" } else { "these games" };
    if checked.hidden > 0 {
        let n = checked.hidden;
        let _ = writeln!(
            err,
            "note: {n} problem{} in the other files of {games} {} not shown: check the game's directory to see {}",
            plural(n),
            if n == 1 { "is" } else { "are" },
            if n == 1 { "it" } else { "them" }
        );
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn explain(
    id: &str,
    paths: Vec<PathBuf>,
    text: bool,
    limits: &Limits,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut sources = SourceMap::default();
    let (lib, diags) = crate::load::load_paths_with(&paths, &mut sources, limits);
    if let Some(d) = diags.iter().find(|d| d.code == "twilit::io") {
        // `explain` reads `cards/` unless told otherwise: say how to tell it.
        let d = d.clone().with_help(
            "pass the game's directory or card file with `--path DIR`, or run `twilit explain` from the folder that holds `cards/`",
        );
        let _ = writeln!(err, "{}", render::human(&d, &sources, false, 100));
        return EXIT_USAGE;
    }
    let found = if text { crate::check::prose::explain(&lib, id) } else { crate::check::explain(&lib, id) };
    match found {
        Some(text) => {
            let _ = write!(out, "{text}");
            EXIT_OK
        }
        None => {
            let ids = crate::check::all_ids(&lib);
            let hint = crate::diag::did_you_mean(id, ids.iter().map(String::as_str))
                .map(|h| format!("; did you mean `{h}`?"))
                .unwrap_or_default();
            let _ = writeln!(err, "error: no card, faction, game ability or procedure `{id}`{hint}");
            // The id was typed on the command line: a mistake in the command, not a
            // problem found in the game's files.
            EXIT_USAGE
        }
    }
}
