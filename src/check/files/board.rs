//! A board's spaces and edges: attributes of the declared kinds, edges between known
//! spaces, given once and not from a space to itself, and no listed space off its grid
//! and joined to nothing (a misspelled grid square).

use crate::diag::Diagnostic;
use crate::load::Sp;

use super::FileChecker;

impl FileChecker<'_> {
    pub(super) fn board(&mut self, b: &crate::load::Board) {
        for s in &b.spaces {
            self.props(s.attrs.iter(), &b.attributes, &["id"], "attribute");
        }
        if let Some(g) = &b.grid {
            self.off_grid(b, g);
        }
        let ids: Vec<&str> = b.spaces.iter().map(|s| s.id.as_str()).collect();
        for (i, (x, y)) in b.adjacency.iter().enumerate() {
            // Adjacency has no direction: `[a, b]` and `[b, a]` are one edge.
            let same = |(p, q): &(Sp<String>, Sp<String>)| {
                (p.value == x.value && q.value == y.value) || (p.value == y.value && q.value == x.value)
            };
            if let Some((p, q)) = b.adjacency[..i].iter().find(|e| same(e)) {
                let msg = format!("`{}` and `{}` are made adjacent twice", x.value, y.value);
                let d = Diagnostic::warning("duplicate-edge", msg, x.file, x.span.range().start..y.span.range().end)
                    .with_label("the same edge again")
                    .with_secondary(p.file, p.span.range().start..q.span.range().end, "first here")
                    .with_help("adjacency goes both ways: list each edge once");
                self.diags.push(d);
            }
            for end in [x, y] {
                if !ids.contains(&end.as_str()) {
                    self.unknown(end, "space", ids.iter().copied(), None);
                }
            }
            // Most likely a copy-paste slip of the other end.
            if x.value == y.value && !x.is_missing() {
                let msg = format!("`{}` is made adjacent to itself", x.value);
                let d = Diagnostic::warning("self-adjacent", msg, y.file, y.span)
                    .with_label("the same space at both ends")
                    .with_help("an edge joins two different spaces: name the other one");
                self.diags.push(d);
            }
        }
    }

    /// A listed space off the grid that no edge joins (`B4` for `b4`, `e7` on six rows):
    /// most likely a grid space misspelled, which then silently lacks what was listed.
    fn off_grid(&mut self, b: &crate::load::Board, g: &crate::load::Grid) {
        // A grid its loading refused has nothing to be off.
        if !(1..=26).contains(&g.columns) || g.rows == 0 {
            return;
        }
        let on_grid = |id: &str| {
            let mut cs = id.chars();
            let col = cs.next().map_or(0, |c| (c as u32).wrapping_sub('a' as u32) + 1);
            let row: u32 = cs.as_str().parse().unwrap_or(0);
            (1..=u32::from(g.columns)).contains(&col)
                && (1..=u32::from(g.rows)).contains(&row)
                && !cs.as_str().starts_with('0')
        };
        let joined = |id: &str| b.adjacency.iter().any(|(x, y)| x.value == id || y.value == id);
        for s in b.spaces.iter().filter(|s| !on_grid(&s.id.value) && !joined(&s.id.value)) {
            let last = format!("{}{}", (b'a' + g.columns - 1) as char, g.rows);
            let msg = format!("space `{}` is off the grid (a1 to {last}) and no edge joins it", s.id.value);
            let lower = s.id.value.to_lowercase();
            let help = if on_grid(&lower) {
                format!("a grid space is written in lower case: did you mean `{lower}`?")
            } else {
                format!("name a space of the grid (a1 to {last}), or join this one to others under `adjacency:`")
            };
            let d = Diagnostic::warning("off-grid-space", msg, s.id.file, s.id.span)
                .with_label("on no grid square, next to nothing")
                .with_help(help);
            self.diags.push(d);
        }
    }
}
