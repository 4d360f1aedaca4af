//! `twilit simulate --format csv`: a `simulate::Summary` as one tidy table of rows, every
//! row with every column (docs/SCENARIOS.md).

use std::io::Write;

use crate::simulate::stats::Spread;
use crate::simulate::{Summary, WinRate};

/// The CSV columns: every row fills the columns its section has, the others stay empty.
pub const CSV_HEADER: &str = "section,key,games,n,wins,draws,rate,low,high,plays,mean,median,p95,min,max,message";

/// A CSV field, quoted when it needs to be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV row's cells after `section,key`.
#[derive(Default)]
struct Row<'a> {
    games: Option<u64>,
    n: Option<u64>,
    wins: Option<u64>,
    draws: Option<u64>,
    rate: Option<(f64, f64, f64)>,
    plays: Option<u64>,
    spread: Option<&'a Spread>,
    message: Option<&'a str>,
}

impl Row<'_> {
    fn cells(&self) -> String {
        let n = |x: Option<u64>| x.map(|v| v.to_string()).unwrap_or_default();
        let (rate, low, high) = match self.rate {
            Some((r, l, h)) => (r.to_string(), l.to_string(), h.to_string()),
            None => Default::default(),
        };
        let spread = match self.spread {
            Some(p) => format!("{},{},{},{},{}", p.mean, p.median, p.p95, p.min, p.max),
            None => ",,,,".into(),
        };
        let (g, c, w, d, pl) = (n(self.games), n(self.n), n(self.wins), n(self.draws), n(self.plays));
        let message = self.message.map(field).unwrap_or_default();
        format!("{g},{c},{w},{d},{rate},{low},{high},{pl},{spread},{message}")
    }
}

/// The summary as one tidy CSV table (see `CSV_HEADER` and docs/SCENARIOS.md): `outcome`
/// rows (the count in `games`), `length` and `score` (a spread over `n` ended games),
/// `seat` and `faction` (win rates), `seat_decisive` and `faction_decisive` (the win rate
/// over the `n` games somebody won), `card` (plays and the win rate of who played it),
/// `tracked`, `tracked_winners`, `tracked_others` (a `--track` counter's spread over every
/// player, the winners, the others of the games somebody won), `error` (the seed as `key`).
pub(super) fn csv(s: &Summary, out: &mut dyn Write) {
    let _ = writeln!(out, "{CSV_HEADER}");
    let mut row = |section: &str, key: &str, r: Row| {
        let _ = writeln!(out, "{section},{},{}", field(key), r.cells());
    };
    let outcomes = [
        ("games", s.games),
        ("ended", s.ended),
        ("draws", s.draws),
        ("nobody_won", s.nobody_won),
        ("unfinished", s.unfinished),
        ("failed", s.failed),
    ];
    for (key, n) in outcomes {
        row("outcome", key, Row { games: Some(n), ..Row::default() });
    }
    if let Some(l) = &s.length {
        row("length", "turns", Row { games: Some(s.ended), n: Some(l.n), spread: Some(l), ..Row::default() });
    }
    let rate = |r: &WinRate| Row {
        games: Some(r.games),
        n: Some(r.games),
        wins: Some(r.wins),
        draws: Some(r.draws),
        // No game at this seat (every one stopped by an error): no rate, not 0 %.
        rate: r.played_rate(),
        ..Row::default()
    };
    // The decisive rate: over the `n` games somebody won (wins + losses).
    let decisive = |r: &WinRate| Row {
        games: Some(r.games),
        n: Some(r.wins + r.losses),
        wins: Some(r.wins),
        rate: r.decisive_rate(),
        ..Row::default()
    };
    for r in &s.seats {
        row("seat", &r.name, rate(r));
        row("seat_decisive", &r.name, decisive(r));
    }
    for r in &s.factions {
        row("faction", &r.name, rate(r));
        row("faction_decisive", &r.name, decisive(r));
    }
    for sc in &s.scores {
        let p = &sc.spread;
        row("score", &sc.seat, Row { games: Some(s.ended), n: Some(p.n), spread: Some(p), ..Row::default() });
    }
    for c in &s.cards {
        let r = Row {
            games: Some(c.games),
            n: Some(c.players),
            wins: Some(c.wins),
            rate: Some((c.rate, c.low, c.high)),
            plays: Some(c.plays),
            ..Row::default()
        };
        row("card", &c.card, r);
    }
    // A card no game played: a `card` row of no plays (its games and win rate empty).
    for id in &s.never_played {
        row("card", id, Row { plays: Some(0), ..Row::default() });
    }
    for t in &s.tracked {
        for (section, spread) in [("tracked", &t.all), ("tracked_winners", &t.winners), ("tracked_others", &t.others)] {
            let n = spread.as_ref().map(|p| p.n);
            row(section, &t.counter, Row { games: Some(s.ended), n, spread: spread.as_ref(), ..Row::default() });
        }
    }
    for f in &s.errors {
        row("error", &f.seed.to_string(), Row { message: Some(&f.message), ..Row::default() });
    }
}
