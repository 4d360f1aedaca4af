//! Converting `board:`: typed attributes of spaces, the spaces, their adjacency, and a
//! `grid:` that lays out a rectangle of spaces (`a1` .. `g6`) with their `col` and `row`
//! attributes and the edges between neighbours, as if the designer had listed them.

use super::convert::Cx;
use super::game::prop;
use super::game_shape::*;
use super::model::*;
use super::yaml::{Node, NodeKind};
use crate::diag::{Diagnostic, Span};
use crate::load::FileId;

/// The most columns a grid has: one letter each, `a` to `z`.
const MOST_COLUMNS: i64 = 26;
/// The most rows a grid has.
const MOST_ROWS: i64 = 99;

/// Converts a `board:` mapping, a `grid:` laid out into its spaces and edges.
pub fn board(cx: &mut Cx, node: &Node) -> Option<Board> {
    let entries = cx.entries(node, "`board`")?;
    let mut b = Board { attributes: vec![], spaces: vec![], adjacency: vec![], grid: None, span: node.span.clone() };
    cx.fields(entries, "`board`", BOARD_FIELDS, |cx, k, v| match k {
        "attributes" => b.attributes = cx.named(v, "`attributes`", prop),
        "spaces" => b.spaces = cx.items(v, "`spaces`").iter().filter_map(|n| space(cx, n)).collect(),
        "grid" => b.grid = grid(cx, v),
        _ => b.adjacency = cx.items(v, "`adjacency`").iter().filter_map(|n| edge(cx, n)).collect(),
    });
    if let Some(g) = b.grid.clone() {
        lay_out(cx, &mut b, &g);
    }
    // A space's `capacity:` is its own field: an attribute of that name could never be
    // given a value (it was read as one before spaces had a capacity).
    if let Some(a) = b.attributes.iter().find(|a| a.name.value == "capacity") {
        let d = Diagnostic::error("grid-attribute", "`capacity` cannot be a board attribute", a.name.file, a.name.span)
            .with_label("a space's own field")
            .with_help(
                "a space's `capacity:` says how many things it holds at most; name the attribute otherwise (`slots`)",
            );
        cx.diags.push(d);
    }
    Some(b)
}

fn grid(cx: &mut Cx, node: &Node) -> Option<Grid> {
    let entries = cx.entries(node, "`grid`")?;
    let (mut columns, mut rows, mut diagonals, mut capacity) = (None, None, false, None);
    cx.fields(entries, "`grid`", GRID_FIELDS, |cx, k, v| match k {
        "columns" => {
            let why = format!("columns are named by one letter, `a` to `z`: 1 to {MOST_COLUMNS}");
            columns = cx.int_in(v, "`grid.columns`", 1, MOST_COLUMNS, &why);
        }
        "rows" => rows = cx.int_in(v, "`grid.rows`", 1, MOST_ROWS, &format!("a grid has 1 to {MOST_ROWS} rows")),
        "capacity" => capacity = space_capacity(cx, v, "`grid.capacity`"),
        _ => diagonals = cx.bool(v, "`grid.diagonals`").is_some_and(|b| b.value),
    });
    for (field, found) in [("columns", columns.is_some()), ("rows", rows.is_some())] {
        if !found {
            cx.check_present(node, field, "`grid`");
        }
    }
    // A grid whose size is wrong still declares `col` and `row` (no space is laid out):
    // the spaces and attributes that name them are not reported again as unknown.
    let size = |n: Option<Sp<i64>>| n.map_or(0, |n| n.value as u8);
    Some(Grid { columns: size(columns), rows: size(rows), diagonals, capacity, span: node.span.clone() })
}

/// The id of the space at column `c` and row `r` of a grid (both from 1): `a1`, `g6`.
pub fn grid_id(c: u8, r: u8) -> String {
    format!("{}{r}", char::from(b'a' + c - 1))
}

/// Adds the grid's spaces (row by row from `a1`, before the listed ones), their `col` and
/// `row` attributes (declared as numbers unless the designer declared them), and the
/// edges between orthogonal (and, with `diagonals`, diagonal) neighbours. A listed space
/// with a grid id gives that space its other attributes.
fn lay_out(cx: &mut Cx, b: &mut Board, g: &Grid) {
    let file = cx.file;
    for name in ["col", "row"] {
        match b.attributes.iter().find(|a| a.name.value == name) {
            Some(a) if a.ty.value != PropType::Number => {
                let msg = format!("board attribute `{name}` must be a number on a `grid:` board");
                let d = Diagnostic::error("grid-attribute", msg, file, a.ty.span)
                    .with_label("not a number")
                    .with_secondary(file, g.span.clone(), "the grid numbers its columns and rows")
                    .with_help(format!(
                        "write `{name}: {{ type: number }}`, or leave `{name}` out: the grid declares it"
                    ));
                cx.diags.push(d);
            }
            Some(_) => {}
            None => b.attributes.push(number_attribute(name, file, &g.span)),
        }
    }
    let mut listed = std::mem::take(&mut b.spaces);
    for r in 1..=g.rows {
        for c in 1..=g.columns {
            let id = grid_id(c, r);
            let place = [("col", c), ("row", r)].map(|(k, n)| {
                (
                    cx.shared_key(Sp::new(k.to_string(), file, g.span.clone())),
                    Sp::new(Value::Int(n.into()), file, g.span.clone()),
                )
            });
            let space = match listed.iter().position(|s| s.id.value == id) {
                Some(i) => {
                    let s = listed.remove(i);
                    placed_by_grid(cx, &s);
                    let attrs = place.into_iter().chain(s.attrs.into_vec()).collect();
                    Space { id: s.id, attrs, capacity: s.capacity.or_else(|| g.capacity.clone()), span: s.span }
                }
                None => {
                    let (id, attrs) = (Sp::new(id, file, g.span.clone()), Box::new(place));
                    Space { id, attrs, capacity: g.capacity.clone(), span: g.span.clone() }
                }
            };
            b.spaces.push(space);
        }
    }
    b.spaces.append(&mut listed);
    let edge = |(c, r): (u8, u8), (d, s): (u8, u8)| {
        (Sp::new(grid_id(c, r), file, g.span.clone()), Sp::new(grid_id(d, s), file, g.span.clone()))
    };
    let mut edges = vec![];
    for r in 1..=g.rows {
        for c in 1..=g.columns {
            if c < g.columns {
                edges.push(edge((c, r), (c + 1, r)));
            }
            if r < g.rows {
                edges.push(edge((c, r), (c, r + 1)));
            }
            if g.diagonals && c < g.columns && r < g.rows {
                edges.push(edge((c, r), (c + 1, r + 1)));
                edges.push(edge((c + 1, r), (c, r + 1)));
            }
        }
    }
    edges.append(&mut b.adjacency);
    b.adjacency = edges;
}

/// A space's `capacity:`, 0 or more.
fn space_capacity(cx: &mut Cx, node: &Node, what: &str) -> Option<Sp<i64>> {
    cx.int_in(node, what, 0, i64::MAX, "a space holds 0 things or more: `capacity: 1` for one at most")
}

/// A listed grid space that gives its own `col` or `row`: the grid gives them.
fn placed_by_grid(cx: &mut Cx, s: &Space) {
    for (k, v) in s.attrs.iter().filter(|(k, _)| matches!(&*k.value, "col" | "row")) {
        let msg = format!("`{}` of grid space `{}` is its place on the grid", k.value, s.id.value);
        let d = Diagnostic::error("grid-attribute", msg, v.file, v.span).with_label("given by the grid").with_help(
            format!(
                "leave `{}` out: `{}` is at the column of its letter and the row of its number",
                k.value, s.id.value
            ),
        );
        cx.diags.push(d);
    }
}

/// `NAME: { type: number }`, declared by the grid.
fn number_attribute(name: &str, file: FileId, span: &Span) -> PropSpec {
    PropSpec {
        name: Sp::new(name.to_string(), file, span.clone()),
        ty: Sp::new(PropType::Number, file, span.clone()),
        values: vec![],
        default: None,
        modified: Modified::default(),
        min: None,
        max: None,
        span: span.clone(),
    }
}

fn space(cx: &mut Cx, node: &Node) -> Option<Space> {
    let entries = cx.entries(node, "a board space")?;
    let (mut id, mut capacity) = (None, None);
    let mut attrs = Vec::new();
    for (k, v) in entries {
        let Some(key) = cx.key(k) else { continue };
        if key.value == "capacity" {
            capacity = space_capacity(cx, v, "a space's `capacity`");
        } else if SPACE_FIELDS.contains(&key.value.as_str()) {
            id = cx.string(v, "`id`");
        } else {
            attrs.push((cx.shared_key(key), cx.value(v)));
        }
    }
    let id = cx.required(id, node, "id", "a board space");
    Some(Space { id, attrs: attrs.into_boxed_slice(), capacity, span: node.span.clone() })
}

fn edge(cx: &mut Cx, node: &Node) -> Option<(Sp<String>, Sp<String>)> {
    match &node.kind {
        NodeKind::Seq(items) if items.len() == 2 => {
            let a = cx.string(&items[0], "a space of an edge");
            let b = cx.string(&items[1], "a space of an edge");
            Some((a?, b?))
        }
        _ => {
            cx.wrong_type(node, "an adjacency edge", "a list of two spaces, e.g. `[a, b]`");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::diag::FileId;
    use crate::load::convert::Cx;

    fn board(src: &str) -> super::Board {
        let (root, diags) = crate::load::yaml::parse(FileId(0), src);
        assert!(diags.is_empty(), "{diags:?}");
        let mut cx = Cx::new(FileId(0), src);
        let b = super::board(&mut cx, &root.expect("a mapping")).expect("a board");
        assert!(cx.diags.is_empty(), "{:?}", cx.diags);
        b
    }

    #[test]
    fn a_grid_lays_out_its_spaces_places_and_edges() {
        let b = board(
            "grid: { columns: 3, rows: 2, diagonals: true }\nspaces:\n  - { id: b2, hill: true }\n  - { id: x }\n",
        );
        let ids: Vec<&str> = b.spaces.iter().map(|s| s.id.value.as_str()).collect();
        assert_eq!(ids, ["a1", "b1", "c1", "a2", "b2", "c2", "x"]);
        let b2: Vec<String> = b.spaces[4].attrs.iter().map(|(k, v)| format!("{}={:?}", k.value, v.value)).collect();
        assert_eq!(b2, ["col=Int(2)", "row=Int(2)", "hill=Bool(true)"]);
        let names: Vec<&str> = b.attributes.iter().map(|a| a.name.value.as_str()).collect();
        assert_eq!(names, ["col", "row"]);
        let edges: Vec<String> = b.adjacency.iter().map(|(a, b)| format!("{}-{}", a.value, b.value)).collect();
        // Per space: right, up, and the two diagonals of the square it is the bottom left of.
        let want = "a1-b1 a1-a2 a1-b2 b1-a2 b1-c1 b1-b2 b1-c2 c1-b2 c1-c2 a2-b2 b2-c2";
        assert_eq!(edges.join(" "), want);
        let plain = board("grid: { columns: 2, rows: 2 }\n");
        assert_eq!(plain.adjacency.len(), 4);
    }

    #[test]
    fn a_space_holds_what_its_capacity_or_its_grids_says() {
        let b = board("grid: { columns: 2, rows: 1, capacity: 1 }\nspaces:\n  - { id: b1, capacity: 3 }\n  - { id: x, capacity: 0 }\n  - { id: y }\n");
        let caps: Vec<(&str, Option<i64>)> =
            b.spaces.iter().map(|s| (s.id.value.as_str(), s.capacity.as_ref().map(|c| c.value))).collect();
        assert_eq!(caps, [("a1", Some(1)), ("b1", Some(3)), ("x", Some(0)), ("y", None)]);
        // `capacity` is the space's, not an attribute.
        assert!(b.spaces[1].attrs.iter().all(|(k, _)| &*k.value != "capacity"));
    }
}
