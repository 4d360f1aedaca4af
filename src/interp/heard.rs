//! Which events some ability listens to, so that an event nobody listens to costs
//! nothing: `fire` and `about_to` skip the search for listeners when the index says no
//! pattern of the game could match the event.

use std::collections::BTreeSet;

use crate::engine::EventKind;
use crate::syntax::ast::{EventKind as Pat, EventPat, Verb};

/// The events the patterns of one kind of ability (`when:`, or `before:`/`instead:`/
/// `after:`) can match: a superset, never missing one a pattern matches.
#[derive(Debug, Clone, Default)]
pub struct Heard {
    /// Verbs of action patterns, in base form (`plays` is `play`).
    verbs: BTreeSet<&'static str>,
    /// Other verbs (a game's own word), as written.
    words: BTreeSet<String>,
    /// Period or phase names of `start of X` / `end of X` patterns.
    periods: BTreeSet<String>,
    /// Whether there is any pattern at all.
    any: bool,
}

impl Heard {
    /// Adds a pattern.
    pub fn add(&mut self, p: &EventPat) {
        self.any = true;
        match &p.kind {
            Pat::Start(x) | Pat::End(x) => {
                self.periods.insert(x.name.clone());
            }
            Pat::Action { verb, .. } => match base_verb(&verb.name) {
                Some(v) => {
                    self.verbs.insert(v);
                }
                None => {
                    self.words.insert(verb.name.clone());
                }
            },
        }
    }

    /// Whether some pattern is indexed (else no event is heard).
    pub fn any(&self) -> bool {
        self.any
    }

    /// Whether some action pattern names this verb (in base form), before an event of it
    /// is built.
    pub fn hears_verb(&self, verb: &str) -> bool {
        self.any && (self.verbs.contains(verb) || self.words.contains(verb))
    }

    /// Whether some pattern may match an event of this kind (`false` is exact: none can).
    pub fn hears(&self, k: &EventKind) -> bool {
        if !self.any {
            return false;
        }
        match k {
            EventKind::Period { period, name, .. } => self.periods.contains(*period) || self.periods.contains(&**name),
            k => k.verb().is_some_and(|v| self.verbs.contains(v) || self.words.contains(v)),
        }
    }
}

/// A trigger's verb in base form: `plays` is `play`, `uses` is `use`; `None` for a word
/// that is no verb of the language (it is compared as written).
pub(super) fn base_verb(w: &str) -> Option<&'static str> {
    match w {
        "use" | "uses" => Some("use"),
        w => Verb::from_word(w).map(Verb::as_str),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dest, Holder};

    fn pat(text: &str) -> EventPat {
        crate::syntax::parse_event(text).expect("parses")
    }

    #[test]
    fn hears_only_the_verbs_and_periods_some_pattern_names() {
        let mut h = Heard::default();
        assert!(!h.hears(&EventKind::Shuffle { zone: 0 }));
        h.add(&pat("you play a card"));
        h.add(&pat("start of evening"));
        let play = EventKind::Play { ent: 0 };
        let moved = EventKind::Move { verb: "move", ent: 0, from: None, to: Dest::Gone };
        let evening = EventKind::Period { start: true, period: "phase", name: "evening".into() };
        let turn = EventKind::Period { start: true, period: "turn", name: "turn".into() };
        let counter = EventKind::Counter { verb: "add", name: "x".into(), holder: Holder::Game, delta: 1, now: 1 };
        assert!(h.hears(&play) && h.hears(&evening));
        assert!(!h.hears(&moved) && !h.hears(&turn) && !h.hears(&counter));
    }
}
