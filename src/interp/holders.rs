//! Counters' holders: which player, card, space or the game a counter is kept on for a
//! value, checked against the counter's `on:`, and a bare counter's default holder.

use crate::engine::{CounterId, Holder, Value};
use crate::load::CounterOn;

use super::{Ctx, Halt, Interp, R};

impl Interp<'_> {
    /// A bare counter: the game's, the acting player's, or the candidate's.
    pub(super) fn counter_default(&mut self, name: &str, c: (CounterId, CounterOn, bool), cx: &Ctx) -> R<Value> {
        let holder = match c.1 {
            CounterOn::Game => Holder::Game,
            CounterOn::Player => match (&cx.it, cx.you) {
                (Some(Value::Player(p)), _) => Holder::Player(*p),
                (_, Some(p)) => Holder::Player(p),
                _ => return Err(Halt::error(format!("`{name}` of which player?"))),
            },
            CounterOn::Card | CounterOn::Space => match &cx.it {
                Some(v) => self.holder(v, name)?,
                None => return Err(Halt::error(format!("`{name}` of what?"))),
            },
        };
        Ok(Value::Int(self.counter_at(name, c.0, c.2, holder)?))
    }

    /// What a counter is declared on.
    pub fn counter_on(&self, name: &str) -> CounterOn {
        self.rules.counters.iter().find(|c| c.name.value == name).map(|c| c.on).unwrap_or_default()
    }

    /// The holder of a counter for a value (a player, card, piece or space).
    /// A counter is kept only where its `on:` says: the game's on the game, a player's on
    /// players, a card's on cards (and pieces), a space's on board spaces.
    pub fn holder(&self, v: &Value, counter: &str) -> R<Holder> {
        self.holder_kept(v, counter, None)
    }

    /// `holder`, for a counter whose `on:` is known when it is compiled (`kept`: the
    /// first declaration's, as `holder` finds it), so that no declaration is searched by name.
    pub(super) fn holder_kept(&self, v: &Value, counter: &str, kept: Option<CounterOn>) -> R<Holder> {
        let on_of = || kept.or_else(|| self.rules.counters.iter().find(|c| c.name.value == counter).map(|c| c.on));
        let h = match v {
            Value::Player(p) => Holder::Player(*p),
            Value::Ent(e) => Holder::Ent(*e),
            // A zone that holds one card is read as that card, as a property of it is
            // (`gold of hand`); a board space keeps its own counters.
            Value::Zone(z) if on_of() == Some(CounterOn::Card) && !self.w.state.zones[*z].is_space() => {
                return self.zones_card(*z, counter);
            }
            Value::Zone(z) => Holder::Zone(*z),
            Value::List(l) if l.len() == 1 => return self.holder_kept(&l[0], counter, kept),
            Value::Null if on_of().unwrap_or_default() == CounterOn::Game => Holder::Game,
            v => return Err(Halt::error(format!("`{counter}` cannot be kept on {}", v.kind()))),
        };
        // A counter no file declares (check reports it) is kept wherever a script puts it.
        let Some(on) = on_of() else {
            return Ok(h);
        };
        match (on, h) {
            (CounterOn::Game, Holder::Game)
            | (CounterOn::Player, Holder::Player(_))
            | (CounterOn::Card, Holder::Ent(_))
            | (CounterOn::Space, Holder::Zone(_)) => Ok(h),
            (CounterOn::Game, _) => Err(Halt::error(format!(
                "`{counter}` is the game's (`on: game`), not {}'s: leave out whose it is",
                self.show(v)
            ))),
            (on, _) => Err(Halt::error(format!(
                "`{counter}` is kept on {} (`on: {}`), not on {} ({})",
                kept_on_text(on),
                on_name(on),
                v.kind(),
                self.show(v)
            ))),
        }
    }
}

impl Interp<'_> {
    /// The one card of zone `z`, which holds a card's `counter`.
    fn zones_card(&self, z: usize, counter: &str) -> R<Holder> {
        let zone = self.w.state.zone_name(z);
        match self.w.state.zones[z].items[..] {
            [e] => Ok(Holder::Ent(e)),
            [] => Err(Halt::error(format!("`{counter} of {zone}`: {zone} is empty, and `{counter}` is kept on cards"))),
            ref es => Err(Halt::error(format!(
                "`{counter} of {zone}`: {zone} holds {} things; say which: `{counter} of first(cards in {zone})`, \
                 or `sum(cards in {zone}, {counter})`",
                es.len()
            ))),
        }
    }
}

/// What a counter's `on:` keeps it on, in words.
pub(crate) fn kept_on_text(on: CounterOn) -> &'static str {
    match on {
        CounterOn::Game => "the game",
        CounterOn::Player => "players",
        CounterOn::Card => "cards",
        CounterOn::Space => "board spaces",
    }
}

/// A counter's `on:` as written.
pub(crate) fn on_name(on: CounterOn) -> &'static str {
    match on {
        CounterOn::Game => "game",
        CounterOn::Player => "player",
        CounterOn::Card => "card",
        CounterOn::Space => "space",
    }
}
