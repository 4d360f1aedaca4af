//! `twilit simulate`: the options, the progress bar, and printing a `simulate::Summary`
//! as aligned tables or one JSON object (CSV rows: `simulate_csv.rs`); `--report` writes the HTML page. The
//! games and the statistics live in `crate::simulate`.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::play::game_of;
use super::{EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE};
use crate::simulate::stats::{pct, Spread};
use crate::simulate::{self, Options, Summary, WinRate};

/// Output styles of `twilit simulate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SimFormat {
    /// Aligned tables, for people.
    Human,
    /// One JSON object.
    Json,
    /// One CSV table (a header, then one row per thing measured).
    Csv,
}

/// Options of `twilit simulate`.
/// Who plays the seats of `simulate`'s games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SimAgent {
    /// Uniformly at random, from each game's seeded generator.
    Random,
    /// The action that raises its own score most, one action ahead.
    Greedy,
}

/// Options of `twilit simulate`.
pub struct SimOpts {
    /// The game directory.
    pub path: PathBuf,
    /// Games to play.
    pub games: u64,
    /// The first seed.
    pub seed: u64,
    /// Worker threads (default: one per core).
    pub jobs: Option<usize>,
    /// Players (default: the game's fewest).
    pub players: Option<usize>,
    /// Turn cap per game.
    pub turns: u32,
    /// Output style.
    pub format: SimFormat,
    /// Where to write the HTML report.
    pub report: Option<PathBuf>,
    /// Where to save each game as a replay.
    pub save_replays: Option<PathBuf>,
    /// Player counters to report at the end of the games (`--track`).
    pub track: Vec<String>,
    /// Whether the greedy agent plays every seat (`--agent greedy`), not the random one.
    pub greedy: bool,
    /// The random agent's weights, `NAME=N` each (`--weight`).
    pub weights: Vec<String>,
    /// Whether to draw a progress bar on the process's standard error (when it is a terminal).
    pub progress: bool,
    /// The bounds of loading and playing.
    pub limits: crate::limits::Limits,
}

/// The most worker threads `--jobs` may ask for: each reserves a large stack, and a
/// mistyped count must not make the machine spawn threads until it gives up.
const MAX_JOBS: usize = 1024;

/// Runs `twilit simulate`: 0 when every game ran, 1 when some failed with an error, 2 for
/// usage and I/O errors.
pub fn simulate(o: SimOpts, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if o.games == 0 {
        let _ = writeln!(err, "error: --games must be at least 1");
        return EXIT_USAGE;
    }
    if o.jobs == Some(0) {
        let _ = writeln!(err, "error: --jobs must be at least 1 (or left out: one thread per core)");
        return EXIT_USAGE;
    }
    if o.jobs.is_some_and(|j| j > MAX_JOBS) {
        let _ = writeln!(err, "error: --jobs must be at most {MAX_JOBS} (or left out: one thread per core)");
        return EXIT_USAGE;
    }
    if let Err(e) = super::seeds(o.seed, o.games) {
        let _ = writeln!(err, "{e}");
        return EXIT_USAGE;
    }
    // A replay is a seed and the random agent's game: a greedy game is no such thing.
    if o.greedy && o.save_replays.is_some() {
        let _ = writeln!(err, "error: --save-replays saves games of the random agent: leave out --agent greedy");
        return EXIT_USAGE;
    }
    // A report that cannot be written is said before the games, not after them.
    if let Some((path, why)) = o.report.as_deref().and_then(|p| Some((p, unwritable(p)?))) {
        let _ = writeln!(err, "error: cannot write the report to {}: {why}", path.display());
        return EXIT_USAGE;
    }
    // So is a folder for the replays that cannot be made.
    if let Some(dir) = &o.save_replays {
        if let Err(e) = std::fs::create_dir_all(dir) {
            let _ = writeln!(err, "error: cannot create {}: {e}", dir.display());
            return EXIT_USAGE;
        }
    }
    let (rules, players, _) = match game_of(&o.path, o.players, &o.limits, err) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let track = match tracked(&rules, &o.track) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return EXIT_USAGE;
        }
    };
    if o.greedy && !o.weights.is_empty() {
        let _ = writeln!(err, "error: `--weight` weighs the random agent's picks: leave out --agent greedy");
        return EXIT_USAGE;
    }
    let weights = match super::weights::of(&o.weights, &rules) {
        Ok(w) => w,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return EXIT_USAGE;
        }
    };
    let opts = Options {
        games: o.games,
        seed: o.seed,
        players,
        turns: o.turns,
        jobs: o.jobs,
        track,
        greedy: o.greedy,
        weights: weights.clone(),
    };
    let target = if o.progress { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
    let bar = ProgressBar::with_draw_target(Some(o.games), target);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, eta {eta}") {
        bar.set_style(style);
    }
    let start = Instant::now();
    let totals = match simulate::play_all(&rules, &opts, &|| bar.inc(1)) {
        Ok(g) => g,
        Err(e) => {
            bar.finish_and_clear();
            let _ = writeln!(err, "error: {e}");
            return EXIT_USAGE;
        }
    };
    bar.finish_and_clear();
    let wall = start.elapsed().as_secs_f64();
    let summary = totals.summary(&rules, &opts);
    match o.format {
        SimFormat::Human => {
            human(&summary, &|seed| replay_command(&o, &rules, players, seed), out);
            let _ = writeln!(err, "{} games in {wall:.2} s ({:.0} games/s)", o.games, o.games as f64 / wall.max(1e-9));
        }
        SimFormat::Json => {
            let _ = writeln!(out, "{}", serde_json::to_string(&summary).unwrap_or_default());
        }
        SimFormat::Csv => super::simulate_csv::csv(&summary, out),
    }
    if let Some(path) = &o.report {
        let page = match simulate::report::html(&summary, &totals) {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(err, "error: cannot draw the report's charts: {e}");
                return EXIT_PROBLEMS;
            }
        };
        if let Err(e) = std::fs::write(path, page) {
            let _ = writeln!(err, "error: cannot write the report to {}: {e}", path.display());
            return EXIT_USAGE;
        }
    }
    if let Some(dir) = &o.save_replays {
        if let Err(e) = save_replays(dir, &o, &rules, (players, weights.as_deref())) {
            let _ = writeln!(err, "error: {e}");
            return EXIT_USAGE;
        }
    }
    if let Some(&first) = summary.refused_seeds.first() {
        // Said where JSON and CSV are read too: the figures count games that did not play
        // as written.
        let _ = writeln!(
            err,
            "warning: the rules refused {} actions in {} of {} games (a refused phase script is skipped); see \
             the first with `{}`",
            summary.refused,
            summary.refused_games,
            summary.games,
            replay_command(&o, &rules, players, first)
        );
    }
    if summary.failed > 0 {
        let (failed, games) = (summary.failed, summary.games);
        let first = summary.errors.first().map_or(o.seed, |e| e.seed);
        let _ = writeln!(
            err,
            "error: {failed} of {games} games stopped with an error; replay the first with `{}`",
            replay_command(&o, &rules, players, first)
        );
        return EXIT_PROBLEMS;
    }
    EXIT_OK
}

/// The `twilit play` command that plays game `seed` of a simulation again: with its own
/// seats' factions where the game has factions (each game has its own), else the players.
fn replay_command(o: &SimOpts, rules: &crate::interp::Rules, players: usize, seed: u64) -> String {
    let path = o.path.display();
    let seats = if rules.factions.is_empty() {
        format!("--players {players}")
    } else {
        let seats = simulate::seating(rules, players, seed).factions(rules);
        let list: Vec<&str> = seats.iter().map(|f| f.as_deref().unwrap_or("-")).collect();
        format!("--factions {}", list.join(","))
    };
    // The cap and the agent the games were played with, where they are not `play`'s own.
    let turns = if o.turns == DEFAULT_TURNS { String::new() } else { format!(" --turns {}", o.turns) };
    let agent = if o.greedy { " --agent greedy" } else { "" };
    let weights: String = o.weights.iter().map(|w| format!(" --weight {}", w.replace(' ', ""))).collect();
    format!("twilit play {path} --seed {seed} {seats}{turns}{agent}{weights}")
}

/// Where every seat won and lost the same games (a co-operative game), the table's win
/// rate with its interval: the seats' rows say it once each, and no seat's share is "fair".
fn together_line(s: &Summary, out: &mut dyn Write) {
    let Some(first) = s.together() else { return };
    let (Some(rate), Some(low), Some(high)) = (first.rate, first.low, first.high) else { return };
    // Only a table that loses together loses a game with every seat: without such a game,
    // every win was shared, which a competitive game tied every time gives as well.
    let (lead, tail) = if first.losses > 0 {
        ("the table won together", "every seat won and lost the same games")
    } else {
        ("every seat won the same", "every win was shared: a tie every time, or a table that never lost")
    };
    let (wins, games) = (first.wins, first.games);
    let _ = writeln!(
        out,
        "\n{lead} {wins} of {games} games: {} (95% interval {} to {}); {tail}",
        pct(rate),
        pct(low),
        pct(high)
    );
}

/// The uses of the game's and the factions' abilities, the unused named apart: an ability
/// no game used may be one the rules always refuse, which nothing else would show.
fn abilities_line(s: &Summary, out: &mut dyn Write) {
    if s.abilities.is_empty() {
        return;
    }
    let name = |a: &crate::simulate::AbilityStat| match a.of.as_str() {
        "game" => a.ability.clone(),
        f => format!("{f}: {}", a.ability),
    };
    let used: Vec<String> =
        s.abilities.iter().filter(|a| a.uses > 0).map(|a| format!("{} {}", name(a), a.uses)).collect();
    let never: Vec<String> = s.abilities.iter().filter(|a| a.uses == 0).map(name).collect();
    // A game stopped by an error leaves no counts: its uses are not among them.
    let games = if s.failed > 0 { "the games not stopped by an error" } else { "all the games" };
    if !used.is_empty() {
        let _ = writeln!(out, "\nabilities used (times, in {games}): {}", used.join(", "));
    }
    if !never.is_empty() {
        let maybe = if s.failed > 0 { ", or used only in games stopped by an error" } else { "" };
        let _ = writeln!(
            out,
            "never used: {} (always refused, never worth it, or never offered{maybe}?)",
            never.join(", ")
        );
    }
}

/// The turn cap `play` and `simulate` take when none is given.
const DEFAULT_TURNS: u32 = 1000;

/// The counters `--track` names, each a counter on players (`on: player`) or on the game
/// (read as every player's: a co-operative game's shared level), in the order given, once each.
fn tracked(rules: &crate::interp::Rules, names: &[String]) -> Result<Vec<String>, String> {
    use crate::load::CounterOn;
    let on_players: Vec<&str> = (rules.counters.iter())
        .filter(|c| matches!(c.on, CounterOn::Player | CounterOn::Game))
        .map(|c| c.name.value.as_str())
        .collect();
    let mut out: Vec<String> = vec![];
    for n in names {
        if !on_players.contains(&n.as_str()) {
            let close = crate::diag::did_you_mean(n, on_players.iter().copied());
            let hint = match close {
                Some(c) => format!(": did you mean `{c}`?"),
                None if on_players.is_empty() => ": the game has no counter on players or on the game".to_string(),
                None => format!(" (counters on players or on the game: {})", on_players.join(", ")),
            };
            return Err(format!("`--track {n}` names no counter on players or on the game{hint}"));
        }
        if !out.contains(n) {
            out.push(n.clone());
        }
    }
    Ok(out)
}

/// Why a file could not be written at `path`, found without writing it: a directory is
/// there, or its folder is missing or refuses a new file (one is made and removed to ask).
fn unwritable(path: &std::path::Path) -> Option<String> {
    if path.is_dir() {
        return Some("it is a directory".into());
    }
    if path.exists() {
        return std::fs::OpenOptions::new().append(true).open(path).err().map(|e| e.to_string());
    }
    let folder = path.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if !folder.is_dir() {
        return Some(format!("there is no folder {}", folder.display()));
    }
    match std::fs::File::create(path) {
        Ok(_) => std::fs::remove_file(path).err().map(|e| e.to_string()),
        Err(e) => Some(e.to_string()),
    }
}

/// One replay per game played (`GAME-SEED.json`): what decides each random game, its
/// seats included, in `dir` (made before the games were played).
fn save_replays(
    dir: &std::path::Path,
    o: &SimOpts,
    rules: &crate::interp::Rules,
    (players, weights): (usize, Option<&crate::interp::Weights>),
) -> Result<(), String> {
    for seed in o.seed..=o.seed + (o.games - 1) {
        let seats = simulate::seating(rules, players, seed);
        let r = super::replay::Replay::random(&o.path, seed, &seats, rules, o.turns, weights);
        r.save(&dir.join(format!("{}-{seed}.json", rules.game)))?;
    }
    Ok(())
}

/// Prints rows as a table: the first column left-aligned, the others right-aligned.
fn table(rows: &[Vec<String>], out: &mut dyn Write) {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> =
        (0..cols).map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0)).collect();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, s)| if c == 0 { format!("{s:<w$}", w = width[c]) } else { format!("{s:>w$}", w = width[c]) })
            .collect();
        let _ = writeln!(out, "  {}", cells.join("  ").trim_end());
    }
}

fn header(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|s| s.to_string()).collect()
}

fn rate_rows(first: &str, rates: &[WinRate]) -> Vec<Vec<String>> {
    let mut rows = vec![header(&[&[first][..], &WinRate::COLUMNS[..]].concat())];
    rows.extend(rates.iter().map(|r| std::iter::once(r.name.clone()).chain(r.cells(" to ")).collect()));
    rows
}

fn spread_line(s: &Spread) -> String {
    format!("mean {}, median {}, p95 {}, min {}, max {}", s.mean, s.median, s.p95, s.min, s.max)
}

/// The summary as readable tables.
/// `play` is the `twilit play` command that shows game `seed` (`replay_command`).
fn human(s: &Summary, play: &dyn Fn(u64) -> String, out: &mut dyn Write) {
    let last = s.seed + (s.games - 1);
    let _ = writeln!(
        out,
        "{}: {} games of {} player{} (seeds {} to {last}, at most {} turns each{})",
        s.game,
        s.games,
        s.players,
        if s.players == 1 { "" } else { "s" },
        s.seed,
        s.turn_cap,
        if s.agent.is_some() { ", the greedy agent at every seat" } else { "" }
    );
    if !s.weights.is_empty() {
        let list: Vec<String> = s.weights.iter().map(|w| format!("{} {}", w.name, w.weight)).collect();
        let _ = writeln!(out, "the random agent's weights: {} (every other action 1)", list.join(", "));
    }
    let _ = writeln!(
        out,
        "ended {}, of which draws {}{}; not ended within {} turns {}; stopped by an error {}",
        s.ended,
        s.draws,
        s.nobody_won_after(" and won by nobody "),
        s.turn_cap,
        s.unfinished,
        s.failed
    );
    match &s.length {
        Some(l) => {
            let _ = writeln!(out, "length of the ended games in turns: {}", spread_line(l));
        }
        None => {
            let _ = writeln!(out, "length: no game ended");
        }
    }
    together_line(s, out);
    let _ = writeln!(out, "\nwin rate by seat (95% Wilson interval; a draw or an unfinished game is not a win):");
    table(&rate_rows("seat", &s.seats), out);
    if !s.factions.is_empty() {
        let _ = writeln!(out, "\nwin rate by faction:");
        table(&rate_rows("faction", &s.factions), out);
    }
    if !s.scores.is_empty() {
        let _ = writeln!(out, "\nscores of the ended games:");
        let mut rows = vec![header(&["seat", "games", "mean", "median", "p95", "min", "max"])];
        for sc in &s.scores {
            let p = &sc.spread;
            let cells = [
                p.n.to_string(),
                p.mean.to_string(),
                p.median.to_string(),
                p.p95.to_string(),
                p.min.to_string(),
                p.max.to_string(),
            ];
            rows.push(std::iter::once(sc.seat.clone()).chain(cells).collect());
        }
        table(&rows, out);
        // A player who left the game has no score at its end: a seat's figures are then
        // those of the games it was still in (its wins, in a last-player-standing game).
        let ended = s.games - s.failed - s.unfinished;
        if s.scores.iter().any(|sc| sc.spread.n < ended) {
            let _ = writeln!(
                out,
                "(a seat is scored only in the games it was still in at the end: a player who left has no score; \
                 `--track COUNTER` reads every player)"
            );
        }
    }
    if s.cards.is_empty() {
        // A game stopped by an error counts for nothing here, its plays included.
        let counted = s.games - s.failed;
        let line = match (s.failed, counted) {
            (0, _) => "no card was played".to_string(),
            (_, 0) => "no card play is counted: every game stopped with an error".to_string(),
            (_, n) => format!("no card was played in the {n} games not stopped by an error"),
        };
        let _ = writeln!(out, "\n{line}");
    } else {
        let _ = writeln!(out, "\ncards played (win rate of the players who played the card at least once in a game):");
        let mut rows = vec![header(&["card", "plays", "games", "players", "wins", "win rate", "95% interval"])];
        for c in &s.cards {
            rows.push(vec![
                c.card.clone(),
                c.plays.to_string(),
                c.games.to_string(),
                c.players.to_string(),
                c.wins.to_string(),
                pct(c.rate),
                format!("{} to {}", pct(c.low), pct(c.high)),
            ]);
        }
        table(&rows, out);
    }
    tracked_table(s, out);
    abilities_line(s, out);
    if !s.never_played.is_empty() {
        let (n, all) = (s.never_played.len(), s.never_played.len() + s.cards.len());
        let shown: Vec<&str> = s.never_played.iter().take(NEVER_SHOWN).map(String::as_str).collect();
        let more = if n > NEVER_SHOWN { format!(", ... ({} more)", n - NEVER_SHOWN) } else { String::new() };
        let _ = writeln!(
            out,
            "
never played: {n} of {all} cards: {}{more}",
            shown.join(", ")
        );
    }
    if !s.errors.is_empty() {
        let _ = writeln!(out, "\ngames stopped by an error ({} in all; the first {}):", s.failed, s.errors.len());
        for e in &s.errors {
            let _ = writeln!(out, "  seed {}: {}", e.seed, e.message);
        }
    }
    if let Some(&first) = s.refused_seeds.first() {
        let seeds: Vec<String> = s.refused_seeds.iter().map(u64::to_string).collect();
        let more = if s.refused_games > seeds.len() as u64 { ", ..." } else { "" };
        let _ = writeln!(
            out,
            "\nrefused by the rules: {} actions in {} games (seeds {}{more})\n  a refused phase script is \
             skipped, so these games did not play as the rules are written; see one with `{}`",
            s.refused,
            s.refused_games,
            seeds.join(", "),
            play(first)
        );
    }
    if let Some(&first) = s.unfinished_seeds.first() {
        let seeds: Vec<String> = s.unfinished_seeds.iter().map(u64::to_string).collect();
        let more = if s.unfinished > seeds.len() as u64 { ", ..." } else { "" };
        let _ = writeln!(
            out,
            "\nnot ended within {cap} turns: {} games (seeds {}{more})\n  a longer game needs a higher cap \
             (`--turns N`); to see why one goes on, play it: `{}`",
            s.unfinished,
            seeds.join(", "),
            play(first),
            cap = s.turn_cap
        );
    }
}

/// The `--track` counters: each one's spread over every player of the ended games, and
/// the means of the winners and of the others (of the games somebody won).
fn tracked_table(s: &Summary, out: &mut dyn Write) {
    if s.tracked.is_empty() {
        return;
    }
    let _ = writeln!(out, "\ncounters at the end of the ended games (winners and others: of the games somebody won):");
    let mut rows = vec![header(&["counter", "mean", "median", "p95", "min", "max", "winners' mean", "others' mean"])];
    let mean = |p: &Option<Spread>| p.as_ref().map_or("-".to_string(), |p| p.mean.to_string());
    for t in &s.tracked {
        let spread = match &t.all {
            Some(p) => {
                [p.mean.to_string(), p.median.to_string(), p.p95.to_string(), p.min.to_string(), p.max.to_string()]
            }
            None => ["-"; 5].map(String::from),
        };
        rows.push(
            std::iter::once(t.counter.clone()).chain(spread).chain([mean(&t.winners), mean(&t.others)]).collect(),
        );
    }
    table(&rows, out);
}

/// How many of the cards never played the human summary names (`--format json` lists all).
const NEVER_SHOWN: usize = 20;
