//! Which events some ability listens to, so that an event nobody listens to costs
//! nothing: `fire` and `about_to` skip the search for listeners when the index says no
//! pattern of the game could match the event.

use crate::check::env::Env;
use crate::engine::{EventKind, PeriodName};
use crate::syntax::ast::{EventKind as Pat, EventPat, ExprKind, Verb};

/// The events the patterns of one kind of ability (`when:`, or `before:`/`instead:`/
/// `after:`) can match: a superset, never missing one a pattern matches. Every event is
/// asked about, and a game's patterns name a few verbs and names: short lists, searched
/// in order (two words of different lengths are told apart without reading them).
#[derive(Debug, Clone, Default)]
pub struct Heard {
    /// Verbs of action patterns, in base form (`plays` is `play`), each once.
    verbs: Vec<&'static str>,
    /// Other verbs (a game's own word), as written.
    words: Vec<String>,
    /// Period or phase names of `start of X` / `end of X` patterns.
    periods: Vec<String>,
    /// For each verb of `verbs`, the names its patterns' objects name (`uses battle`,
    /// `gains coins`), which is all an event about a name (a procedure's use, a counter's
    /// change) can match; `None` when some pattern of the verb has another object or none.
    named: Vec<(&'static str, Option<Vec<String>>)>,
    /// Whether there is any pattern at all.
    any: bool,
    /// The signatures (`sig`) of `verbs` and `words`, of the names in `named`, and of
    /// `periods`, or-ed: a word whose signature is not among them is certainly not in the
    /// list, which answers most questions (an event nobody listens to) without comparing
    /// any text.
    sigs: Sigs,
    /// Whether some pattern may match the use of a card's ability or an exhaustion (what
    /// `cost_refused` asks of every use it tests): kept as patterns are added, as its
    /// answer is the same for every card.
    after_exhausting: bool,
}

/// The signatures of a `Heard`'s lists (see `sig`).
#[derive(Debug, Clone, Copy, Default)]
struct Sigs {
    verbs: u64,
    names: u64,
    periods: u64,
    /// Whether some verb's patterns may match any name (an object other than a name, or
    /// none), or some pattern names a word that is no verb: the names' signatures then
    /// do not tell.
    open: bool,
}

/// A word's signature: one bit of 64, chosen by its length and its first and last bytes.
/// Two words with different signatures differ; most words a game's events carry (a
/// procedure's, a counter's, a phase's name) have a signature no pattern's word has.
#[inline(always)]
pub(super) fn sig(w: &str) -> u64 {
    let b = w.as_bytes();
    let (first, last) = (b.first().copied().unwrap_or(0) as usize, b.last().copied().unwrap_or(0) as usize);
    1 << ((b.len().wrapping_mul(31) ^ first.wrapping_mul(7) ^ last.wrapping_mul(13)) % 64)
}

/// Adds `x` to `list` unless it is there.
fn add_once<T: PartialEq>(list: &mut Vec<T>, x: T) {
    if !list.contains(&x) {
        list.push(x);
    }
}

impl Heard {
    /// Adds a pattern, whose names `env` resolves.
    pub fn add(&mut self, p: &EventPat, env: &Env) {
        self.any = true;
        match &p.kind {
            Pat::Start(x) | Pat::End(x) => add_once(&mut self.periods, x.name.to_string()),
            Pat::Action { verb, object, .. } => match base_verb(&verb.name) {
                Some(v) => {
                    add_once(&mut self.verbs, v);
                    // What `Interp::names` compares an event's name with: the object's
                    // (or its selector's) name, as the name table spells it.
                    let base = object.as_ref().map(|o| match &o.kind {
                        ExprKind::Select { base, .. } => &**base,
                        _ => o,
                    });
                    let name = match base.map(|b| &b.kind) {
                        Some(ExprKind::Name(n, _)) => Some(env.resolve_ref(n).map_or(n.as_str(), |(c, _)| c)),
                        _ => None,
                    };
                    let k = match self.named.iter().position(|(x, _)| *x == v) {
                        Some(k) => k,
                        None => {
                            self.named.push((v, Some(vec![])));
                            self.named.len() - 1
                        }
                    };
                    let entry = &mut self.named[k].1;
                    match (entry.as_mut(), name) {
                        (Some(names), Some(n)) => add_once(names, n.to_string()),
                        (Some(_), None) => *entry = None,
                        (None, _) => {}
                    }
                }
                None => add_once(&mut self.words, verb.name.to_string()),
            },
        }
        self.sigs = self.signatures();
        self.after_exhausting = self.hears_named("use", super::actions::CARD_ABILITY)
            || self.hears(&EventKind::Exhaust { ent: 0, exhausted: true });
    }

    /// The signatures of the lists as they now stand.
    fn signatures(&self) -> Sigs {
        let all = |words: &mut dyn Iterator<Item = &str>| words.fold(0, |m, w| m | sig(w));
        let named = self.named.iter().filter_map(|(_, names)| names.as_ref());
        Sigs {
            verbs: all(&mut self.verbs.iter().copied().chain(self.words.iter().map(|w| w.as_str()))),
            names: all(&mut named.flatten().map(|n| n.as_str())),
            periods: all(&mut self.periods.iter().map(|p| p.as_str())),
            open: !self.words.is_empty() || self.named.iter().any(|(_, names)| names.is_none()),
        }
    }

    /// Whether some pattern may match the use of a card's ability or a card's exhaustion.
    pub fn after_exhausting(&self) -> bool {
        self.after_exhausting
    }

    /// Whether some pattern is indexed (else no event is heard).
    pub fn any(&self) -> bool {
        self.any
    }

    /// Whether some pattern may match an event of this kind (`false` is exact: none can).
    pub fn hears(&self, k: &EventKind) -> bool {
        if !self.any {
            return false;
        }
        match k {
            EventKind::Period { period, name, .. } => {
                let listed = |w: &str| self.sigs.periods & sig(w) != 0 && self.periods.iter().any(|p| p == w);
                listed(period) || matches!(name, PeriodName::Named(s) if listed(s))
            }
            EventKind::Use { name, .. } => self.hears_named("use", name),
            EventKind::Counter { verb, name, .. } => self.hears_named(verb, name),
            k => k.verb().is_some_and(|v| {
                self.sigs.verbs & sig(v) != 0 && (self.verbs.contains(&v) || self.words.iter().any(|w| w == v))
            }),
        }
    }

    /// Whether some pattern may match an event of `verb` about the name `name` (a
    /// procedure's use, a counter's change), before the event is built.
    pub fn hears_named(&self, verb: &str, name: &str) -> bool {
        // No pattern names it, nor may match any name (the test `words` and a verb without
        // its list of names would pass): the commonest answer, with no text compared.
        if !self.sigs.open && self.sigs.names & sig(name) == 0 {
            return false;
        }
        self.listed(verb, name)
    }

    /// `hears_named` read from the lists alone, without the signatures.
    fn listed(&self, verb: &str, name: &str) -> bool {
        if !self.any || self.words.iter().any(|w| w == verb) {
            return self.any;
        }
        match self.named.iter().find(|(v, _)| *v == verb) {
            Some((_, Some(names))) => names.iter().any(|n| n == name),
            Some((_, None)) => true,
            None => false,
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
        let env = Env::new();
        h.add(&pat("you play a card"), &env);
        h.add(&pat("start of evening"), &env);
        let play = EventKind::Play { ent: 0 };
        let moved = EventKind::Move { verb: "move", ent: 0, from: None, to: Dest::Gone };
        let evening = EventKind::Period { start: true, period: "phase", name: PeriodName::Named("evening".into()) };
        let turn = EventKind::Period { start: true, period: "turn", name: PeriodName::Number(1) };
        let counter =
            EventKind::Counter { verb: "add", name: "x".into(), holder: Holder::Game, delta: 1, now: 1, asked: 1 };
        assert!(h.hears(&play) && h.hears(&evening));
        assert!(!h.hears(&moved) && !h.hears(&turn) && !h.hears(&counter));
    }

    #[test]
    fn the_signatures_answer_as_the_lists_do() {
        let env = Env::new();
        let words = ["battle", "battle_rolled", "b", "", "take_hits", "units_produced", "coins", "x", "ability"];
        let mut h = Heard::default();
        let patterns = ["a player uses battle_rolled", "you gain coins", "a player uses take_hits", "you spend x"];
        let mut some = 0;
        for p in patterns.iter().chain(&["you lose", "a player uses (x or y)"]) {
            h.add(&pat(p), &env);
            for verb in ["use", "gain", "spend", "set", "sets", "add"] {
                for name in words.iter().chain(&patterns) {
                    assert_eq!(h.hears_named(verb, name), h.listed(verb, name), "{verb} {name} after `{p}`");
                    some += usize::from(h.listed(verb, name));
                }
            }
        }
        assert!(some > 10, "the lists hear some of the names");
        let turn = EventKind::Period { start: true, period: "turn", name: PeriodName::Number(1) };
        h.add(&pat("end of evening"), &env);
        assert!(!h.hears(&turn));
        h.add(&pat("start of turn"), &env);
        assert!(h.hears(&turn));
    }

    #[test]
    fn hears_a_use_or_a_counter_change_only_of_the_names_some_pattern_names() {
        let (mut h, env) = (Heard::default(), Env::new());
        h.add(&pat("a player uses wound"), &env);
        h.add(&pat("you gain coins"), &env);
        let uses = |name: &str| EventKind::Use { name: name.into(), source: None, args: vec![] };
        let gains = |name: &str| EventKind::Counter {
            verb: "gain",
            name: name.into(),
            holder: Holder::Game,
            delta: 1,
            now: 1,
            asked: 1,
        };
        assert!(h.hears(&uses("wound")) && !h.hears(&uses("kill")));
        assert!(h.hears(&gains("coins")) && !h.hears(&gains("wood")));
        assert!(h.hears_named("use", "wound") && !h.hears_named("use", "play_card"));
        // A pattern with another object, or none, may match any name.
        h.add(&pat("a player uses (x or y)"), &env);
        assert!(h.hears(&uses("kill")));
        h.add(&pat("you gain"), &env);
        assert!(h.hears(&gains("wood")));
    }
}
