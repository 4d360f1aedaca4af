//! The HTML report of a simulation: one self-contained page (inline SVG charts drawn with
//! plotters' SVG backend, a little CSS, no script, no external reference) with tables of
//! the same numbers: game length, win rates per seat and per faction with their Wilson
//! intervals, scores per seat, the most played cards and what their players won.

use std::fmt::Write as _;

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use super::stats::pct;
use super::{CardStat, Summary, Tally, WinRate};

/// Cards shown in the charts (the tables list them all).
const TOP_CARDS: usize = 15;
/// Most bars in a histogram; wider ranges are grouped into buckets.
const MAX_BARS: u32 = 40;

const BAR: RGBColor = RGBColor(78, 121, 167);
const ACCENT: RGBColor = RGBColor(225, 87, 89);
const INK: RGBColor = RGBColor(40, 40, 40);
const GRID: RGBColor = RGBColor(225, 225, 225);

type Res<T> = Result<T, String>;

/// A chart's frame in the page's style: its caption, margin and label areas (x, y).
fn frame<'a, 'b, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    (x_area, y_area): (u32, u32),
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(root);
    b.caption(title, ("sans-serif", 18)).margin(12).x_label_area_size(x_area).y_label_area_size(y_area);
    b
}

/// A chart's grid and labels in the page's style.
fn house<'m, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    mesh: &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>,
) -> &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB> {
    mesh.light_line_style(WHITE)
        .bold_line_style(GRID)
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 14))
}

fn fail<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Values grouped into at most `MAX_BARS` buckets of equal width: (first value, width, count
/// per bucket). Reckoned in `i128`: scores may be any `i64`, and their span may not fit one.
fn buckets(values: &[i64]) -> Option<(i128, i128, Vec<u32>)> {
    let (lo, hi) = (i128::from(*values.iter().min()?), i128::from(*values.iter().max()?));
    let span = hi - lo + 1;
    let width = (span + i128::from(MAX_BARS) - 1) / i128::from(MAX_BARS);
    let mut counts = vec![0u32; ((span + width - 1) / width) as usize];
    for v in values {
        counts[((i128::from(*v) - lo) / width) as usize] += 1;
    }
    if counts.len() < 3 {
        // A lone bar reads better between empty neighbours (and plotters cannot place one segment).
        counts.insert(0, 0);
        counts.push(0);
        return Some((lo - width, width, counts));
    }
    Some((lo, width, counts))
}

/// A segmented axis of `n` bars (plotters' segmented range `0..k` has `k + 1` segments; a
/// single bar keeps an empty second one).
fn bars(n: u32) -> std::ops::Range<u32> {
    0..n.saturating_sub(1).max(1)
}

/// Vertical bars on a `bars(n)` axis, one per (index, height), in the order given, drawn
/// as plotters' `Histogram` draws them (from an index's value to the next one's, `margin`
/// pixels in on each side). `Histogram` gathers its data in a hash map, whose order
/// changes from run to run: the page's bytes did too.
fn columns<Y: Default>(
    n: u32,
    data: impl Iterator<Item = (u32, Y)>,
    style: ShapeStyle,
    margin: u32,
) -> Vec<Rectangle<(SegmentValue<u32>, Y)>> {
    let axis = bars(n).into_segmented();
    let at = |i: u32| Some((axis.from_index(i as usize)?, axis.from_index(i as usize + 1)?));
    data.filter_map(|(i, y)| {
        let (x, next) = at(i)?;
        let mut bar = Rectangle::new([(x, y), (next, Y::default())], style);
        bar.set_margin(0, 0, margin, margin);
        Some(bar)
    })
    .collect()
}

/// `columns` lying down: horizontal bars on a `bars(k)` axis, one per (index, length).
fn rows<X: Default>(
    k: u32,
    data: impl Iterator<Item = (u32, X)>,
    style: ShapeStyle,
    margin: u32,
) -> Vec<Rectangle<(X, SegmentValue<u32>)>> {
    let axis = bars(k).into_segmented();
    let at = |i: u32| Some((axis.from_index(i as usize)?, axis.from_index(i as usize + 1)?));
    data.filter_map(|(i, x)| {
        let (y, next) = at(i)?;
        let mut bar = Rectangle::new([(x, y), (X::default(), next)], style);
        bar.set_margin(margin, margin, 0, 0);
        Some(bar)
    })
    .collect()
}

/// A histogram of whole numbers as an SVG string.
fn histogram(title: &str, x_desc: &str, values: &[i64], size: (u32, u32)) -> Res<String> {
    let Some((lo, width, counts)) = buckets(values) else { return Ok(String::new()) };
    let n = counts.len() as u32;
    let top = counts.iter().copied().max().unwrap_or(1).max(1);
    let label = |b: u32| (lo + i128::from(b) * width).to_string();
    let x_desc =
        if width == 1 { x_desc.to_string() } else { format!("{x_desc} (bars of {width}, from the value shown)") };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(fail)?;
        let mut chart = frame(&root, title, (40, 50))
            .build_cartesian_2d(bars(n).into_segmented(), 0u32..top + top / 10 + 1)
            .map_err(fail)?;
        house(chart.configure_mesh().disable_x_mesh())
            .x_desc(x_desc.as_str())
            .y_desc("games")
            .x_labels((n as usize).min(size.0 as usize / 90))
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(b) | SegmentValue::Exact(b) => label(*b),
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(fail)?;
        let data = counts.iter().enumerate().map(|(b, &c)| (b as u32, c));
        chart.draw_series(columns(n, data, BAR.filled(), 1)).map_err(fail)?;
        root.present().map_err(fail)?;
    }
    Ok(svg)
}

/// Win rates as bars with their 95 % interval as error bars, and the fair share as a line
/// (none for a table that wins or loses together).
fn win_rates(title: &str, rates: &[WinRate], fair: Option<f64>) -> Res<String> {
    let n = rates.len() as u32;
    let width = (160 + 90 * n).clamp(420, 1100);
    // Up to the highest interval (or the fair share) and a little more, in tenths.
    let top = rates.iter().filter_map(|r| r.high).fold(fair.unwrap_or(0.0), f64::max);
    let top = ((top * 10.0).floor() + 2.0).min(10.0) / 10.0;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, 340)).into_drawing_area();
        root.fill(&WHITE).map_err(fail)?;
        let mut chart =
            frame(&root, title, (36, 56)).build_cartesian_2d(bars(n).into_segmented(), 0f64..top).map_err(fail)?;
        house(chart.configure_mesh().disable_x_mesh())
            .y_desc("win rate")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .x_labels(n as usize)
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                    rates.get(*i as usize).map(|r| r.name.clone()).unwrap_or_default()
                }
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(fail)?;
        // A seat with no game counted (every one stopped by an error) has no bar.
        let counted = || rates.iter().enumerate().filter_map(|(i, r)| Some((i, r.played_rate()?)));
        let data = counted().map(|(i, (rate, _, _))| (i as u32, rate));
        chart.draw_series(columns(n, data, BAR.mix(0.8).filled(), 18)).map_err(fail)?;
        // Error bars: the interval as a line with 16-pixel caps (plotters' `ErrorBar` marks the
        // mean with a circle as wide as its caps, which hides a narrow interval).
        let x = |i: usize| SegmentValue::CenterOf(i as u32);
        let ink = INK.stroke_width(2);
        let lines = counted().map(|(i, (_, lo, hi))| PathElement::new([(x(i), lo), (x(i), hi)], ink));
        chart.draw_series(lines).map_err(fail)?;
        let ends = counted().flat_map(|(i, (_, lo, hi))| [(x(i), lo), (x(i), hi)]);
        let caps = ends.map(|at| EmptyElement::at(at) + PathElement::new([(-8, 0), (8, 0)], ink));
        chart.draw_series(caps).map_err(fail)?;
        if let Some(fair) = fair {
            let line = [(SegmentValue::Exact(0), fair), (SegmentValue::Last, fair)];
            chart
                .draw_series(std::iter::once(PathElement::new(line, ACCENT.stroke_width(2))))
                .map_err(fail)?
                .label(format!("fair share {}", pct(fair)))
                .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], ACCENT.stroke_width(2)));
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.9))
                .border_style(GRID)
                .position(SeriesLabelPosition::UpperRight)
                .draw()
                .map_err(fail)?;
        }
        root.present().map_err(fail)?;
    }
    Ok(svg)
}

/// The id of the card a row of a card chart shows (the top row is the first card).
fn card_label(cards: &[CardStat], v: &SegmentValue<u32>) -> String {
    let row = match v {
        SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => *i as usize,
        SegmentValue::Last => return String::new(),
    };
    cards.len().checked_sub(row + 1).and_then(|r| cards.get(r)).map(|c| c.card.clone()).unwrap_or_default()
}

/// The most played cards: plays as horizontal bars, top card first.
fn card_plays(cards: &[CardStat]) -> Res<String> {
    let k = cards.len() as u32;
    let top = cards.iter().map(|c| c.plays).max().unwrap_or(1).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 90 + 26 * k)).into_drawing_area();
        root.fill(&WHITE).map_err(fail)?;
        let mut chart = frame(&root, "most played cards", (36, 130))
            .build_cartesian_2d(0u64..top + top / 10 + 1, bars(k).into_segmented())
            .map_err(fail)?;
        house(chart.configure_mesh().disable_y_mesh())
            .x_desc("plays")
            .x_labels(6)
            .y_labels(k as usize)
            .y_label_formatter(&|v| card_label(cards, v))
            .draw()
            .map_err(fail)?;
        let data = cards.iter().enumerate().map(|(r, c)| (k - 1 - r as u32, c.plays));
        chart.draw_series(rows(k, data, BAR.filled(), 4)).map_err(fail)?;
        root.present().map_err(fail)?;
    }
    Ok(svg)
}

/// The win rate of the players who played each of the most played cards, with its interval.
fn card_win_rates(cards: &[CardStat], fair: f64) -> Res<String> {
    let k = cards.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 90 + 26 * k)).into_drawing_area();
        root.fill(&WHITE).map_err(fail)?;
        let mut chart = frame(&root, "win rate of who played the card", (36, 130))
            .build_cartesian_2d(0f64..1f64, bars(k).into_segmented())
            .map_err(fail)?;
        house(chart.configure_mesh().disable_y_mesh())
            .x_desc("win rate (95% Wilson interval)")
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .y_labels(k as usize)
            .y_label_formatter(&|v| card_label(cards, v))
            .draw()
            .map_err(fail)?;
        let line = [(fair, SegmentValue::Exact(0)), (fair, SegmentValue::Last)];
        chart.draw_series(std::iter::once(PathElement::new(line, ACCENT.stroke_width(2)))).map_err(fail)?;
        let y = |r: usize| SegmentValue::CenterOf(k - 1 - r as u32);
        let ink = INK.stroke_width(2);
        let lines = cards.iter().enumerate().map(|(r, c)| PathElement::new([(c.low, y(r)), (c.high, y(r))], ink));
        chart.draw_series(lines).map_err(fail)?;
        let ends = cards.iter().enumerate().flat_map(|(r, c)| [(c.low, y(r)), (c.high, y(r))]);
        let caps = ends.map(|at| EmptyElement::at(at) + PathElement::new([(0, -6), (0, 6)], ink));
        chart.draw_series(caps).map_err(fail)?;
        chart
            .draw_series(
                cards
                    .iter()
                    .enumerate()
                    .map(|(r, c)| Circle::new((c.rate, SegmentValue::CenterOf(k - 1 - r as u32)), 4, BAR.filled())),
            )
            .map_err(fail)?;
        root.present().map_err(fail)?;
    }
    Ok(svg)
}

/// A table: a header row, then rows; cells are already escaped.
fn table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut t = String::from("<table><thead><tr>");
    for h in head {
        let _ = write!(t, "<th>{h}</th>");
    }
    t.push_str("</tr></thead><tbody>");
    for r in rows {
        t.push_str("<tr>");
        for c in r {
            let _ = write!(t, "<td>{c}</td>");
        }
        t.push_str("</tr>");
    }
    t.push_str("</tbody></table>");
    t
}

fn rate_table(first: &str, rates: &[WinRate]) -> String {
    let rows: Vec<Vec<String>> =
        rates.iter().map(|r| std::iter::once(esc(&r.name)).chain(r.cells(" – ")).collect()).collect();
    table(&[&[first][..], &WinRate::COLUMNS[..]].concat(), &rows)
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em auto;max-width:1150px;color:#282828}\
h1{font-size:1.6em}h2{margin-top:1.8em;border-bottom:1px solid #ddd}\
table{border-collapse:collapse;margin:.8em 0}td,th{padding:.2em .8em;border-bottom:1px solid #eee;text-align:right}\
td:first-child,th:first-child{text-align:left}.charts{display:flex;flex-wrap:wrap;gap:1em}\
.note{color:#555}.warn{color:#a40000}code{background:#f4f4f4;padding:0 .2em}";

/// The whole report page for `s`, with histograms of the games `t` adds up.
pub fn html(s: &Summary, t: &Tally) -> Res<String> {
    let mut h = String::new();
    let title = format!("{}: {} simulated games", esc(&s.game), s.games);
    let last = s.seed + s.games.saturating_sub(1);
    let _ = write!(h, "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>");
    let _ = write!(h, "<style>{STYLE}</style></head><body><h1>{title}</h1>");
    let _ = write!(
        h,
        "<p>{} players, seeds {} to {last}, the {} agent, at most {} turns a game. Ended: {} (of which draws: {}{}); \
         not ended within the turn cap: {}; stopped by an error: {}.</p>",
        s.players,
        s.seed,
        s.agent.unwrap_or("random"),
        s.turn_cap,
        s.ended,
        s.draws,
        s.nobody_won_after("; won by nobody: "),
        s.unfinished,
        s.failed
    );
    if !s.weights.is_empty() {
        let list: Vec<String> = s.weights.iter().map(|w| format!("{} {}", esc(&w.name), w.weight)).collect();
        let _ = write!(h, "<p>The random agent's weights: {} (every other action 1).</p>", list.join(", "));
    }
    if s.refused > 0 {
        let _ = write!(
            h,
            "<p class=\"warn\">The rules refused {} actions in {} games (the first: seeds {}). A refused phase \
             script is skipped, so these games did not play as the rules are written.</p>",
            s.refused,
            s.refused_games,
            s.refused_seeds.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        );
    }
    if s.together().is_some() {
        h.push_str(
            "<p class=\"note\">Intervals are 95% Wilson score intervals. A draw or an unfinished game counts \
             as not a win.</p>",
        );
    } else {
        let _ = write!(
            h,
            "<p class=\"note\">Intervals are 95% Wilson score intervals. A draw or an unfinished game counts \
             as not a win; the red line marks the fair share, one game in {}. <em>Of decisive</em> is the win \
             rate among the games somebody won, whose fair share is the same however often games are drawn.</p>",
            s.players
        );
    }

    h.push_str("<h2>Game length</h2>");
    match &s.length {
        Some(l) => {
            let svg = histogram("turns of the ended games", "turns", t.lengths(), (720, 320))?;
            let _ = write!(h, "<div class=\"charts\">{svg}</div>");
            let row = vec!["turns".into(), l.n.to_string(), l.mean.to_string(), l.median.to_string()];
            let row = [row, vec![l.p95.to_string(), l.min.to_string(), l.max.to_string()]].concat();
            h.push_str(&table(&["", "games", "mean", "median", "p95", "min", "max"], &[row]));
        }
        None => h.push_str("<p>No game ended.</p>"),
    }

    let fair = 1.0 / s.players.max(1) as f64;
    // A table that wins or loses together has no seat's fair share: its own rate is said.
    let seat_fair = if s.together().is_some() { None } else { Some(fair) };
    h.push_str("<h2>Win rate by seat</h2>");
    if let Some(t) = s.together() {
        let (lead, tail) = match t.losses {
            0 => ("Every seat won the same", "Every win was shared (a tie every time, or a table that never lost)"),
            _ => ("The table won together", "Every seat won and lost the same games"),
        };
        let _ = write!(
            h,
            "<p>{lead} {} of {} games: {} (95% interval {} to {}). {tail}, so the seats' bars are one and the \
             same, with no fair share to draw.</p>",
            t.wins,
            t.games,
            t.rate.map_or_else(String::new, pct),
            t.low.map_or_else(String::new, pct),
            t.high.map_or_else(String::new, pct)
        );
    }
    let _ = write!(h, "<div class=\"charts\">{}</div>", win_rates("win rate by seat", &s.seats, seat_fair)?);
    h.push_str(&rate_table("seat", &s.seats));
    if !s.factions.is_empty() {
        h.push_str("<h2>Win rate by faction</h2>");
        let chart = win_rates("win rate by faction", &s.factions, seat_fair)?;
        let _ = write!(h, "<div class=\"charts\">{chart}</div>");
        h.push_str(&rate_table("faction", &s.factions));
    }

    h.push_str("<h2>Scores</h2>");
    if s.scores.is_empty() {
        h.push_str("<p>The game declares no <code>scores:</code> (or no game ended).</p>");
    } else {
        h.push_str("<div class=\"charts\">");
        for sc in &s.scores {
            let p = sc.spread.clone();
            let seat = sc.seat.trim_start_matches('p').parse::<usize>().map_or(0, |n| n.saturating_sub(1));
            let values = t.scores_of(seat);
            let title = format!("scores of {} (mean {})", sc.seat, p.mean);
            h.push_str(&histogram(&title, "score", values, (370, 260))?);
        }
        h.push_str("</div>");
        let rows: Vec<Vec<String>> = s
            .scores
            .iter()
            .map(|sc| {
                let p = &sc.spread;
                let cells = [p.n.to_string(), p.mean.to_string(), p.median.to_string(), p.p95.to_string()];
                [vec![sc.seat.clone()], cells.to_vec(), vec![p.min.to_string(), p.max.to_string()]].concat()
            })
            .collect();
        h.push_str(&table(&["seat", "games", "mean", "median", "p95", "min", "max"], &rows));
    }

    h.push_str("<h2>Cards</h2>");
    if s.cards.is_empty() {
        h.push_str("<p>No card was played (a card is played when it comes into play with <code>play</code>).</p>");
    } else {
        let top = &s.cards[..s.cards.len().min(TOP_CARDS)];
        let _ = write!(h, "<div class=\"charts\">{}{}</div>", card_plays(top)?, card_win_rates(top, fair)?);
        h.push_str(
            "<p class=\"note\">Win rate of a card: over each game and player who played it at least once, \
             how often that player won.</p>",
        );
        let rows: Vec<Vec<String>> = s
            .cards
            .iter()
            .map(|c| {
                let n = |x: u64| x.to_string();
                let interval = format!("{} – {}", pct(c.low), pct(c.high));
                vec![esc(&c.card), n(c.plays), n(c.games), n(c.players), n(c.wins), pct(c.rate), interval]
            })
            .collect();
        h.push_str(&table(&["card", "plays", "games", "players", "wins", "win rate", "95% interval"], &rows));
    }

    if !s.tracked.is_empty() {
        h.push_str("<h2>Tracked counters</h2>");
        h.push_str("<p class=\"note\">Each player's value at the end of the ended games; the winners' and the others' means over the games somebody won.</p>");
        let mean = |p: &Option<super::stats::Spread>| p.as_ref().map_or("–".to_string(), |p| p.mean.to_string());
        let rows: Vec<Vec<String>> = (s.tracked.iter())
            .map(|t| {
                let all = match &t.all {
                    Some(p) => vec![p.mean.to_string(), p.median.to_string(), p.min.to_string(), p.max.to_string()],
                    None => vec!["–".to_string(); 4],
                };
                [vec![esc(&t.counter)], all, vec![mean(&t.winners), mean(&t.others)]].concat()
            })
            .collect();
        h.push_str(&table(&["counter", "mean", "median", "min", "max", "winners' mean", "others' mean"], &rows));
    }

    if !s.errors.is_empty() {
        h.push_str("<h2>Games stopped by an error</h2>");
        let _ = write!(h, "<p>{} in all; the first {}:</p><ul>", s.failed, s.errors.len());
        for e in &s.errors {
            let _ = write!(h, "<li>seed {}: {}</li>", e.seed, esc(&e.message));
        }
        if s.factions.is_empty() {
            h.push_str("</ul><p>Replay one with <code>twilit play DIR --seed SEED</code>.</p>");
        } else {
            // Each game seated the factions its own way (`seating`): the seed alone is not the game.
            h.push_str(
                "</ul><p>Replay one with <code>twilit play DIR --seed SEED --factions LIST</code>, LIST that \
                 game's seats (<code>twilit simulate</code> names the first's; <code>--save-replays</code> \
                 records every game's).</p>",
            );
        }
    }
    h.push_str("</body></html>\n");
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_at_the_ends_of_i64_fall_in_buckets() {
        let (lo, width, counts) = buckets(&[i64::MAX, i64::MAX]).unwrap();
        assert_eq!((lo, width, counts), (i128::from(i64::MAX) - 1, 1, vec![0, 2, 0]));
        let (lo, _, counts) = buckets(&[0, i64::MAX, i64::MIN]).unwrap();
        assert_eq!(lo, i128::from(i64::MIN));
        assert_eq!(counts.iter().sum::<u32>(), 3);
        assert!(counts.len() <= MAX_BARS as usize);
    }
}
