//! A grid board drawn as a grid in the table a player is shown (`view::table_for`): one
//! character per space, row 1 at the bottom, each kind of thing a letter explained under
//! the grid. A board of 42 spaces listed one line per occupied space read as a list, not
//! a board.

use super::names::NameId;
use super::state::{EntId, Kind, PlayerId, State, ZoneId};

/// The spaces of a `grid:` board, row by row from row 1, column `a` first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// How many columns (`a`, `b`, ...).
    pub columns: u8,
    /// How many rows (1, 2, ...).
    pub rows: u8,
    /// The space at column `c`, row `r` (both from 1) is `cells[(r - 1) * columns + c - 1]`.
    pub cells: Vec<ZoneId>,
    /// The kinds of piece the rules declare (kind, side, owner), in their order: the `i`th
    /// is drawn as the `i`th letter in every view of the game, so a letter never changes
    /// meaning; things of other kinds take the letters after them as they are met.
    pub kinds: Vec<PieceKey>,
}

/// A piece as the grid tells it apart: its kind, side and owner.
pub type PieceKey = (NameId, Option<NameId>, Option<PlayerId>);

impl Grid {
    /// Whether `z` is one of the grid's spaces.
    pub fn has(&self, z: ZoneId) -> bool {
        self.cells.contains(&z)
    }
}

/// The grid as `viewer` sees it: a heading, the rows from the top, the column letters,
/// then what each letter stands for, and a line for each space holding more than one
/// thing (`*` in the grid). `.` is an empty space, `?` one thing the viewer cannot see.
pub fn drawn(s: &State, g: &Grid, viewer: Option<PlayerId>) -> Vec<String> {
    // (letter index, what it stands for), each once.
    let mut kinds: Vec<(usize, String)> = vec![];
    let mut crowded: Vec<String> = vec![];
    let mut rows = vec![];
    for r in (1..=g.rows).rev() {
        let mut line = format!("{r:>3} ");
        for c in 1..=g.columns {
            let z = g.cells[usize::from(r - 1) * usize::from(g.columns) + usize::from(c - 1)];
            line.push(' ');
            line.push(cell(s, (g, z), viewer, &mut kinds, &mut crowded));
        }
        rows.push(line);
    }
    let letters: String = (0..g.columns).map(|c| format!(" {}", char::from(b'a' + c))).collect();
    let mut out = vec!["board (row 1 at the bottom):".to_string()];
    out.extend(rows);
    out.push(format!("    {letters}"));
    if !kinds.is_empty() {
        kinds.sort();
        let legend: Vec<String> = kinds.iter().map(|(i, k)| format!("{}: {k}", letter(*i))).collect();
        out.push(format!("    {}", legend.join(", ")));
    }
    out.extend(crowded);
    out
}

/// One space's character: its one thing's letter (`Grid::kinds`), `.`, `?`, or `*` with
/// the space's line added to `crowded`. `kinds` gains the letters used, with their text.
fn cell(
    s: &State,
    (g, z): (&Grid, ZoneId),
    viewer: Option<PlayerId>,
    kinds: &mut Vec<(usize, String)>,
    crowded: &mut Vec<String>,
) -> char {
    let items = &s.zones[z].items;
    match &items[..] {
        [] => '.',
        [e] if viewer.is_none_or(|p| s.sees(p, *e)) => {
            let text = kind(s, *e, viewer);
            let x = &s.ents[*e];
            let declared = match x.kind {
                Kind::Piece(k) => g.kinds.iter().position(|&d| d == (k, x.side, x.owner)),
                Kind::Card(_) => None,
            };
            // Any other thing: the letters after the declared kinds', in the order met.
            let i = declared.unwrap_or_else(|| {
                let met = kinds.iter().filter(|(i, _)| *i >= g.kinds.len());
                let same = met.clone().find(|(_, t)| *t == text).map(|(i, _)| *i);
                same.unwrap_or(g.kinds.len() + met.count())
            });
            if !kinds.iter().any(|(j, _)| *j == i) {
                kinds.push((i, text));
            }
            letter(i)
        }
        [_] => '?',
        _ => {
            let parts = super::view::as_seen(s, items, true, viewer, true);
            crowded.push(format!("{}: {}", s.zone_name(z), parts.join(", ")));
            '*'
        }
    }
}

/// A thing as its kind: its label without the copy's number, then what `runs` adds
/// (`pawn of p1`, `pawn (flipped) of bob`).
fn kind(s: &State, e: EntId, viewer: Option<PlayerId>) -> String {
    let label = &s.ents[e].label;
    let base = super::label::parse(label).map_or(label.as_str(), |(b, _)| b);
    format!("{base}{}", super::view::described(s, e, true, viewer))
}

/// The letter of the `i`th kind: `A` to `Z`, `a` to `z`, then `#`.
fn letter(i: usize) -> char {
    match u8::try_from(i) {
        Ok(i @ 0..=25) => char::from(b'A' + i),
        Ok(i @ 26..=51) => char::from(b'a' + i - 26),
        _ => '#',
    }
}
