//! The table a player is shown (`view::table_for`), made readable where a zone's order
//! does not matter: three or more copies of one card or piece that read alike (`army of
//! alice`, `army#7 of alice`, `army#4 of alice`, ...) are one entry, counted where the
//! first of them stands, however their labels fall: `army ×3 (army, army#4, army#7) of
//! alice`, its labels listed while they make a few runs (`army ×6 (army..army#6)`), else
//! left out (`army ×28 of alice`). Fewer than three stay as `view::runs` writes them. An
//! ordered zone (a deck, a pile) keeps its order, thing by thing.

use super::state::{EntId, PlayerId, State};
use super::view::described;

/// The most runs of labels an entry still lists.
const RUNS_SHOWN: usize = 3;

/// `items` of an unordered zone written out, the alike ones folded.
pub fn alike(s: &State, items: &[EntId], shared: bool, viewer: Option<PlayerId>) -> Vec<String> {
    // Each thing's name, number, what is written after its label, and its owner. A thing
    // holding a counter is never folded: the counter's line names it by its label.
    let held: Vec<EntId> = s
        .counters
        .iter()
        .filter_map(|(_, h, _)| match h {
            super::Holder::Ent(e) => Some(e),
            _ => None,
        })
        .collect();
    let keyed: Vec<(&str, usize, String)> = items
        .iter()
        .map(|&e| {
            let l = &s.ents[e].label;
            let (name, n) = super::label::parse(l).unwrap_or((l, 0));
            (name, n, described(s, e, shared, viewer))
        })
        .collect();
    let owner = |i: usize| s.ents[items[i]].owner;
    let same = |i: usize, j: usize| {
        keyed[i].0 == keyed[j].0 && keyed[i].2 == keyed[j].2 && owner(i) == owner(j) && !held.contains(&items[j])
    };
    let mut out = vec![];
    let mut done = vec![false; items.len()];
    let mut i = 0;
    while i < items.len() {
        if done[i] {
            i += 1;
            continue;
        }
        let group: Vec<usize> = if held.contains(&items[i]) {
            vec![i]
        } else {
            (i..items.len()).filter(|&j| !done[j] && same(i, j)).collect()
        };
        if group.len() < 3 {
            // As `view::runs` writes them, in place: this one now, the others where they stand.
            out.extend(super::view::runs(s, &items[i..=i], shared, viewer));
            done[i] = true;
            i += 1;
            continue;
        }
        for &j in &group {
            done[j] = true;
        }
        let mut numbers: Vec<usize> = group.iter().map(|&j| keyed[j].1).collect();
        out.push(entry(keyed[i].0, &mut numbers, &keyed[i].2));
        i += 1;
    }
    out
}

/// One folded entry: `army ×3 (army, army#4, army#7) of alice`.
fn entry(name: &str, numbers: &mut [usize], after: &str) -> String {
    numbers.sort_unstable();
    let mut runs: Vec<(usize, usize)> = vec![];
    for &k in numbers.iter() {
        match runs.last_mut() {
            Some((_, last)) if k == *last + 1 => *last = k,
            _ => runs.push((k, k)),
        }
    }
    let n = numbers.len();
    if runs.len() > RUNS_SHOWN {
        return format!("{name} ×{n}{after}");
    }
    let label = |k: usize| if k <= 1 { name.to_string() } else { format!("{name}#{k}") };
    let shown: Vec<String> =
        runs.iter().map(|&(a, z)| if a == z { label(a) } else { format!("{}..{}", label(a), label(z)) }).collect();
    format!("{name} ×{n} ({}){after}", shown.join(", "))
}
