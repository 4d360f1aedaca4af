//! The event log: everything that happened, in order. Triggers match these events and
//! transcripts are rendered from them, so each event names its actor and subject.

use super::state::{EntId, Holder, PlayerId, State, ZoneId};
use super::value::Value;

/// One thing that happened.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Who did it, if a player did (`actor`): a `u32`, as a `usize` beside `kind` would
    /// make every event 8 bytes larger.
    who: Option<u32>,
    /// What happened.
    pub kind: EventKind,
    /// Nesting depth when it happened (for indenting transcripts). A `u32` beside `game`:
    /// two `usize`s would make every event 8 bytes larger.
    pub depth: u32,
    /// Who saw its details (bit `p` for player `p`); the others see that it happened.
    pub seen: u64,
    /// Which game of a match it happened in: the table its ids index (`State::table_of`).
    pub game: u32,
}

/// Where a moved thing ended up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    /// Into a zone or onto a space (top or bottom of an ordered zone).
    Zone(ZoneId, bool),
    /// Onto another card or piece.
    On(EntId),
    /// Out of the game.
    Gone,
}

/// What a period event names: the game, a numbered round or turn, or a phase or step.
#[derive(Debug, Clone, PartialEq)]
pub enum PeriodName {
    /// The period's own word (`game`) for 0, else `round N` or `turn N`: a number, where
    /// a shared name would be counted up and down (two atomic operations) at every event.
    Number(u32),
    /// A phase's or step's name.
    Named(std::sync::Arc<str>),
}

impl PeriodName {
    /// The name as written in transcripts: `game`, `turn 3`, `evening`.
    pub fn text(&self, period: &str) -> std::borrow::Cow<'_, str> {
        match self {
            PeriodName::Number(0) => std::borrow::Cow::Owned(period.to_string()),
            PeriodName::Number(n) => std::borrow::Cow::Owned(format!("{period} {n}")),
            PeriodName::Named(s) => std::borrow::Cow::Borrowed(s),
        }
    }

    /// Whether it is `name`: a phase's or step's name (a word: never a numbered period).
    pub fn is(&self, name: &str) -> bool {
        matches!(self, PeriodName::Named(s) if **s == *name)
    }
}

/// The kinds of events.
#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    /// A turn started (`turn`, `round`), or a phase or step started or ended.
    Period { start: bool, period: &'static str, name: PeriodName },
    /// A card or piece moved (`verb` says how: move, draw, discard, place, ...).
    Move { verb: &'static str, ent: EntId, from: Option<ZoneId>, to: Dest },
    /// A counter changed (`verb`: add, remove, gain, spend, lose, score, set): by `delta`,
    /// to `now`. `asked` is the change the script asked for, which a counter that clamps
    /// may have cut short: a player who does not know the value is told that one.
    Counter { verb: &'static str, name: std::sync::Arc<str>, holder: Holder, delta: i64, now: i64, asked: i64 },
    /// A card starts coming into play: its `play:` script runs next (`play X`, text
    /// written only when the log is read).
    Playing { ent: EntId },
    /// A card finished coming into play.
    Play { ent: EntId },
    /// A procedure or ability started (`source`: the card whose ability it is; `args`: a
    /// procedure's parameters and the values it was called with).
    Use { name: std::sync::Arc<str>, source: Option<EntId>, args: Vec<(std::sync::Arc<str>, Value)> },
    /// Cards were revealed (to everyone unless `to` lists players); `shows`, beside each,
    /// the counters it held then (`pips 5`; empty for none), which the reveal shows too.
    Reveal { ents: Box<[EntId]>, to: Vec<PlayerId>, shows: Box<[String]> },
    /// A two-sided piece turned (`to` the side or `up`/`down`).
    Flip { ent: EntId, to: String },
    /// Exhausted (`true`) or readied.
    Exhaust { ent: EntId, exhausted: bool },
    /// A zone was shuffled.
    Shuffle { zone: ZoneId },
    /// A die was rolled.
    Roll { die: String, value: i64 },
    /// A player answered a choice (`secret`: inside a secret block, where the question
    /// itself would tell the others which way the block went).
    Choose { prompt: std::sync::Arc<str>, picked: Vec<String>, secret: bool },
    /// Players were seated in this order.
    Seat { order: Vec<PlayerId> },
    /// A game variable or property was set.
    Set { what: String, value: String },
    /// A modifier or prohibition started.
    Rule { text: String },
    /// An action stopped and was rolled back: the rules refused it, or (`error`) the
    /// content did something meaningless or ran away.
    Refused { reason: String, error: bool },
    /// Anything else worth a line (the game ended, an ability was declined).
    Note { text: String },
}

impl EventKind {
    /// The verb a trigger pattern names for this event, if any.
    pub fn verb(&self) -> Option<&str> {
        match self {
            EventKind::Move { verb, .. } | EventKind::Counter { verb, .. } => Some(verb),
            EventKind::Play { .. } => Some("play"),
            EventKind::Use { .. } => Some("use"),
            EventKind::Reveal { .. } => Some("reveal"),
            EventKind::Flip { .. } => Some("flip"),
            EventKind::Exhaust { exhausted: true, .. } => Some("exhaust"),
            EventKind::Exhaust { exhausted: false, .. } => Some("ready"),
            EventKind::Shuffle { .. } => Some("shuffle"),
            _ => None,
        }
    }
}

impl Event {
    /// An event of `kind` done by `actor`, seen by `seen`, at nesting `depth`.
    pub fn new(actor: Option<PlayerId>, kind: EventKind, depth: u32, seen: u64, game: u32) -> Event {
        Event { who: actor.map(|p| p as u32), kind, depth, seen, game }
    }

    /// Who did it, if a player did.
    #[inline]
    pub fn actor(&self) -> Option<PlayerId> {
        self.who.map(|p| p as PlayerId)
    }

    /// The event as one transcript line (without indentation).
    pub fn render(&self, s: &State) -> String {
        self.render_for(s, None)
    }

    /// The event as `viewer` saw it (see `render_for`), indented by its nesting: a line of
    /// the log a player is shown.
    pub fn line_for(&self, s: &State, viewer: Option<PlayerId>) -> String {
        format!("{}{}", "  ".repeat(self.depth as usize), self.render_for(s, viewer))
    }

    /// The event as `viewer` saw it (`None`: everything): things hidden from them are
    /// "a card" or "a piece", their secret choices "(hidden)".
    pub fn render_for(&self, s: &State, viewer: Option<PlayerId>) -> String {
        self.text_for(s, viewer, false)
    }

    /// `render_for`, without the `(now N)` of a counter change when `hide_now` (a value the
    /// viewer cannot know: `State::texts_for`).
    pub fn text_for(&self, s: &State, viewer: Option<PlayerId>, hide_now: bool) -> String {
        self.render_hiding(s, viewer.is_some_and(|v| !super::view::has(self.seen, v)), hide_now)
    }

    /// The event as every player saw it: its details only if all of them saw them, a
    /// counter's value after it only if all of them know it (the text of a line the whole
    /// table reads, such as an answer's note naming the event).
    pub fn render_public(&self, s: &State) -> String {
        let all = (0..s.players.len()).all(|p| super::view::has(self.seen, p));
        self.render_hiding(s, !all, !s.now_known_to_all(self))
    }

    /// `render_for`, its details `hidden` or not, a counter's value after it `hide_now`.
    fn render_hiding(&self, s: &State, hidden: bool, hide_now: bool) -> String {
        let who = self.actor().map(|p| format!("{}: ", s.players[p].name)).unwrap_or_default();
        // A thing hidden from the viewer is named by what it is, a card or a piece.
        let a_thing = |id: EntId| match s.ents[id].kind {
            super::Kind::Piece(_) => "a piece",
            super::Kind::Card(_) => "a card",
        };
        let e = |id: EntId| if hidden { a_thing(id).to_string() } else { self.label_of(s, id).to_owned() };
        let names_a_card = matches!(
            self.kind,
            EventKind::Move { .. }
                | EventKind::Playing { .. }
                | EventKind::Play { .. }
                | EventKind::Reveal { .. }
                | EventKind::Flip { .. }
        );
        if let (true, EventKind::Refused { error, .. }) = (hidden, &self.kind) {
            let what = if *error { "error" } else { "refused" };
            return format!("{who}{what}: (the reason names what you do not see)");
        }
        if hidden && !names_a_card && !matches!(self.kind, EventKind::Choose { .. }) {
            return format!("{who}(secret)");
        }
        let body = match &self.kind {
            EventKind::Period { start, period, name } => {
                let name = name.text(period);
                let edge = if *start { "start" } else { "end" };
                if *name == **period || name.starts_with(&format!("{period} ")) {
                    return format!("-- {edge} of {name}");
                }
                return format!("-- {edge} of {period} {name}");
            }
            EventKind::Move { verb, ent, from, to } => {
                let from_zone = from;
                let from = from.map(|z| format!(" from {}", s.zone_name(z))).unwrap_or_default();
                let to = match to {
                    // A thing taken where it lies changes owner, not place.
                    Dest::Zone(z, _) if *verb == "take" && *from_zone == Some(*z) => String::new(),
                    Dest::Zone(z, top) if s.zones[*z].ordered && !top => format!(" to bottom of {}", s.zone_name(*z)),
                    Dest::Zone(z, _) => format!(" to {}", s.zone_name(*z)),
                    Dest::On(b) => format!(" onto {}", e(*b)),
                    Dest::Gone => " out of the game".into(),
                };
                format!("{verb} {}{from}{to}", e(*ent))
            }
            EventKind::Counter { verb, name, holder, delta, now, asked } => {
                let on = match holder {
                    Holder::Game => String::new(),
                    // A thing by its own game's table, as every thing an event names.
                    Holder::Ent(x) => format!(" on {}", self.label_of(s, *x)),
                    h => format!(" on {}", s.holder_name(*h)),
                };
                if *verb == "set" {
                    return format!("{who}set {name}{on} to {now}");
                }
                // What it really moved would tell where a counter that clamps stood.
                if hide_now {
                    return format!("{who}{verb} {} {name}{on}", asked.unsigned_abs());
                }
                format!("{verb} {} {name}{on} (now {now})", delta.unsigned_abs())
            }
            EventKind::Playing { ent } => format!("play {}", e(*ent)),
            EventKind::Play { ent } => format!("{} is played", e(*ent)),
            EventKind::Use { name, source, .. } => match source {
                Some(c) if &**name == "ability" => format!("use ability of {}", e(*c)),
                Some(c) => format!("use {} ({name})", e(*c)),
                None => format!("use {name}"),
            },
            EventKind::Reveal { ents, to, shows } => {
                let names: Vec<String> = ents
                    .iter()
                    .zip(shows.iter().map(Some).chain(std::iter::repeat(None)))
                    .map(|(x, show)| match show {
                        Some(c) if !hidden && !c.is_empty() => format!("{} ({c})", e(*x)),
                        _ => e(*x),
                    })
                    .collect();
                let to: Vec<&str> = to.iter().map(|p| s.players[*p].name.as_str()).collect();
                let to = if to.is_empty() { String::new() } else { format!(" to {}", to.join(", ")) };
                format!("reveal [{}]{to}", names.join(", "))
            }
            // Which way it turned would tell what it is.
            EventKind::Flip { ent, .. } if hidden => format!("flip {}", e(*ent)),
            // Written as a script writes it: `flip x face down`, `flip x to closed`.
            EventKind::Flip { ent, to } if to.starts_with("face ") => format!("flip {} {to}", e(*ent)),
            EventKind::Flip { ent, to } => format!("flip {} to {to}", e(*ent)),
            EventKind::Exhaust { ent, exhausted } => {
                format!("{} {}", if *exhausted { "exhaust" } else { "ready" }, e(*ent))
            }
            EventKind::Shuffle { zone } => format!("shuffle {}", s.zone_name(*zone)),
            EventKind::Roll { die, value } => format!("roll {die}: {value}"),
            EventKind::Choose { secret: true, .. } if hidden => "(secret choice)".into(),
            EventKind::Choose { prompt, .. } if hidden => format!("{prompt}{} (hidden)", answered(prompt)),
            EventKind::Choose { prompt, picked, .. } if picked.is_empty() => {
                format!("{prompt}{} (none)", answered(prompt))
            }
            EventKind::Choose { prompt, picked, .. } => format!("{prompt}{} {}", answered(prompt), picked.join(", ")),
            EventKind::Seat { order } => {
                let names: Vec<&str> = order.iter().map(|p| s.players[*p].name.as_str()).collect();
                format!("seat {}", names.join(", "))
            }
            EventKind::Set { what, value } => format!("set {what} to {value}"),
            EventKind::Rule { text } => text.clone(),
            EventKind::Refused { reason, error: false } => format!("refused: {reason}"),
            EventKind::Refused { reason, error: true } => format!("error: {reason}"),
            EventKind::Note { text } => text.clone(),
        };
        format!("{who}{body}")
    }

    /// The label of thing `id` as it was when this event happened: a match's log goes on
    /// from game to game while each game lays out its own table, so it is read off the
    /// table of the event's game (`State::table_of`).
    fn label_of<'s>(&self, s: &'s State, id: EntId) -> &'s str {
        s.table_of(self.game).get(id).map_or("an unknown thing", |x| x.label.as_str())
    }
}

/// What comes between a question and its answer in the log: nothing more than a space
/// after a question the script wrote with its own mark (`Which suit? spades`), else a
/// colon (`choose 1 card in hand: a1`).
pub fn answered(prompt: &str) -> &'static str {
    if prompt.ends_with(['?', ':', '!']) {
        ""
    } else {
        ":"
    }
}

#[cfg(test)]
mod tests {
    /// Every action logs events and every copy of a dealt table copies its log: an event
    /// grown by a field of its own is felt in every simulation (`depth` is a `u32` so that
    /// `game` fits beside it).
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn an_event_takes_96_bytes() {
        assert_eq!(std::mem::size_of::<super::Event>(), 96);
    }
}
