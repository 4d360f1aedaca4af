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

    /// The state after setup: what `{ start: game }` did (the events `dealt`, which
    /// `expect_log` reads too: a designer writing one had to guess them), then where
    /// things are and the counters set.
    pub fn setup(&mut self, s: &State, phase: &str, dealt: std::ops::Range<usize>) {
        let active = s.active().map(|p| s.players[p].name.clone()).unwrap_or_default();
        self.line(&format!("setup: turn {}, {phase}, active player {active}", s.clock.turn));
        for e in s.log.get(dealt).unwrap_or_default() {
            let pad = "  ".repeat(e.depth as usize + 2);
            self.line(&format!("{pad}{}", e.render(s)));
        }
        for (z, zone) in s.zones.iter().enumerate() {
            if zone.items.is_empty() {
                continue;
            }
            self.line(&format!(
                "  {}: {}",
                s.zone_name(z),
                crate::engine::view::runs(s, &zone.items, zone.owner.is_none(), None).join(", ")
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

    /// A setup that failed: what `{ start: game }` logged before it stopped (each event's
    /// depth and line).
    pub fn setup_so_far(&mut self, events: &[(u32, String)]) {
        self.line("setup, up to where it stopped:");
        for (depth, line) in events {
            let pad = "  ".repeat(*depth as usize + 2);
            self.line(&format!("{pad}{line}"));
        }
    }

    /// A step's heading.
    pub fn step(&mut self, n: usize, what: &str) {
        self.line(&format!("step {n}: {what}"));
    }

    /// The events logged since `from`.
    pub fn events(&mut self, s: &State, from: usize) {
        for e in &s.log[from..] {
            let pad = "  ".repeat(e.depth as usize + 1);
            self.line(&format!("{pad}{}", e.render(s)));
        }
    }

    /// The finished text.
    pub fn finish(self) -> String {
        self.out
    }
}
