//! A scenario's transcript: the state after setup, then each step and the events it
//! caused, indented by nesting. Rendered only from the state and its event log, so the
//! same seed and answers give the same bytes.

use crate::engine::{Holder, Rng, State};

/// A transcript being written.
#[derive(Debug, Default)]
pub struct Transcript {
    out: String,
}

impl Transcript {
    /// Starts a transcript.
    pub fn new(name: &str, seed: u64) -> Self {
        Transcript { out: format!("scenario {name} (seed {seed}, {})\n", Rng::NAME) }
    }

    /// One line.
    pub fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// The state after setup: where things are, counters that are set.
    pub fn setup(&mut self, s: &State, phase: &str) {
        let active = s.active().map(|p| s.players[p].name.clone()).unwrap_or_default();
        self.line(&format!("setup: turn {}, {phase}, active player {active}", s.clock.turn));
        for (z, zone) in s.zones.iter().enumerate() {
            if zone.items.is_empty() {
                continue;
            }
            self.line(&format!(
                "  {}: {}",
                s.zone_name(z),
                runs(s, &zone.items.iter().copied().collect::<Vec<_>>(), zone.owner.is_none()).join(", ")
            ));
        }
        for (name, h, v) in s.counters.iter() {
            let on = match h {
                Holder::Game => String::new(),
                h => format!(" of {}", s.holder_name(h)),
            };
            self.line(&format!("  {name}{on} = {v}"));
        }
    }

    /// A step's heading.
    pub fn step(&mut self, n: usize, what: &str) {
        self.line(&format!("step {n}: {what}"));
    }

    /// The events logged since `from`.
    pub fn events(&mut self, s: &State, from: usize) {
        for e in &s.log[from..] {
            let pad = "  ".repeat(e.depth + 1);
            self.line(&format!("{pad}{}", e.render(s)));
        }
    }

    /// The finished text.
    pub fn finish(self) -> String {
        self.out
    }
}

/// What a zone holds, runs of copies of one piece with one owner folded:
/// `pawn ×20 (pawn..pawn#20)`; in a shared zone each run names its owner.
fn runs(s: &State, items: &[usize], shared: bool) -> Vec<String> {
    let split = |e: usize| {
        let l = &s.ents[e].label;
        match l.split_once('#') {
            Some((b, n)) => (b.to_string(), n.parse::<usize>().unwrap_or(0)),
            None => (l.clone(), 1),
        }
    };
    // What is not the default is shown: a piece's side, a card face down, exhausted.
    let state = |e: usize| {
        let x = &s.ents[e];
        let mut v: Vec<&str> = vec![];
        v.extend(x.side.as_deref());
        if !x.face_up {
            v.push("face down");
        }
        if x.exhausted {
            v.push("exhausted");
        }
        if v.is_empty() {
            String::new()
        } else {
            format!(" ({})", v.join(", "))
        }
    };
    let owner = |e: usize| match (shared, s.ents[e].owner) {
        (true, Some(p)) => format!("{} of {}", state(e), s.players[p].name),
        _ => state(e),
    };
    let mut out: Vec<String> = vec![];
    let mut i = 0;
    while i < items.len() {
        let (b, first) = split(items[i]);
        let mut n = 1;
        while i + n < items.len()
            && split(items[i + n]) == (b.clone(), first + n)
            && s.ents[items[i + n]].owner == s.ents[items[i]].owner
            && state(items[i + n]) == state(items[i])
        {
            n += 1;
        }
        let (a, z) = (&s.ents[items[i]].label, &s.ents[items[i + n - 1]].label);
        if n >= 3 {
            out.push(format!("{b} ×{n} ({a}..{z}){}", owner(items[i])));
        } else {
            out.extend(items[i..i + n].iter().map(|&e| format!("{}{}", s.ents[e].label, owner(e))));
        }
        i += n;
    }
    out
}
