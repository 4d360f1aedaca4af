//! Values remembered while the state they read stays the same: value procedures (a game
//! may ask who controls a space for every space, neighbour and player of a move, each
//! answer a count over the board) and the game's `end:` (checked as every phase ends,
//! and most phases change little). The same question gets the same answer until
//! something changes.
//!
//! Invariant: an answer is reused only under the state version it was made at
//! (`State::version`, which never repeats a number for another state), in the same game
//! of a match, for the same procedure, arguments, acting player, `this` and raw mode, with
//! no script modifier and no card coming into play (they live beside the state), and with
//! the same clock if it read the clock. It is remembered only if evaluating it changed
//! nothing (no event, choice or roll: the log's length, the generator and the version the
//! same after as before; an evaluation that changed the state and restored it would end
//! at the same version, since a rollback gives it back, but none does without logging or
//! drawing). A reused answer counts its steps again, so budgets run out where they
//! would. Debug builds evaluate again beside each reused answer.

use crate::engine::{Clock, EntId, PlayerId, State, Value};
use crate::fxhash::mix;
use std::rc::Rc;

use super::{Ctx, Interp, Rules, R};

/// What the interpreter keeps of the state it runs on, each part valid while what it read
/// stays the same: answers by state version (`remembered`), lists of cards found by a
/// search for cards by where they are, by `State::card_layout` (`by_layout`), and which zones some
/// `from:` names. A new state (a match's next game, whose counts start again from zero)
/// starts it afresh (`Kept::new`), so nothing kept of one state is taken for another's.
#[derive(Debug)]
pub(super) struct Kept {
    answers: ByVersion<(Key, Answer)>,
    /// The `end:` condition's answer: asked as every phase ends, with no arguments and no
    /// `this`, it has a slot of its own (no key made, no list searched).
    end: Option<(EndAt, Answer)>,
    /// Shared, not copied, with each caller: a list is read many times per layout.
    /// The lists of `Listed`, then one per player (`by_layout_for`).
    lists: Vec<Option<(u64, Rc<[EntId]>)>>,
    /// Whether each zone is one some `from:` names (`Rules::from_zones`), by zone id: zones
    /// are laid out once per game, so a search over the table compares no zone name.
    pub(super) from_zone: Vec<bool>,
    /// Each player's faction, by index into `Rules::factions` (players are seated with
    /// their factions once per game): a faction's abilities are looked up at every search
    /// for legal actions, and by name that compared every faction's id.
    pub(super) factions: Vec<Option<usize>>,
    /// Each board space's neighbours by zone id, in the order `adjacency:` lists them
    /// (`neighbors` compared every edge's names and looked each neighbour up by name).
    /// Empty when some space of an edge is not laid out yet: then names are compared.
    pub(super) adjacent: Vec<Vec<crate::engine::ZoneId>>,
    /// Each board space with number attributes `col` and `row` by that place, sorted
    /// (`space_at`).
    pub(super) places: Vec<((i64, i64), crate::engine::ZoneId)>,
    /// The pieces and spaces on the table that are a noun (`Interp::pieces_on_table`),
    /// for the state version (and game) they were found at: a search asks the same noun
    /// for every space it looks at (`NOUN you control at X`), and each answer walked
    /// the whole table comparing kind names.
    pub(super) on_table: ByVersion<OnTable>,
    /// The spaces that hold a noun no piece or card can be (a board value: `hill`),
    /// with how many spaces there were: a space's attributes never change in play, so
    /// these hold for the whole game, whatever else changes (`pieces_on_table_kept`).
    pub(super) spaces_only: Vec<(u32, usize, crate::engine::List)>,
    /// Each zone's `refill:` source as `Interp::refill` finds it by names: a zone drawn
    /// from is asked at every draw, and the search compared every zone's name. `None`
    /// when no zone has a `refill:` (most games: nothing is searched, even per game).
    pub(super) refills: Option<Vec<Refill>>,
}

/// Where a zone's refill comes from (`Kept::refills`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Refill {
    /// Its zone has no `refill:`.
    Never,
    /// This zone.
    From(crate::engine::ZoneId),
    /// No zone of that name: asked by name, for the error.
    Unknown,
}

/// A noun (its key in the rules' noun table), how many pieces the table holds, and the
/// noun's pieces and spaces among them.
pub(super) type OnTable = (u32, usize, crate::engine::List);

impl Kept {
    /// Nothing kept yet, for a state with these zones and players.
    pub(super) fn new(rules: &Rules, state: &State) -> Kept {
        let from_zone = state.zones.iter().map(|z| rules.from_zones.contains(&z.name)).collect();
        let factions = (state.players.iter())
            .map(|p| p.faction.as_deref().and_then(|f| rules.factions.iter().position(|d| d.id == f)))
            .collect();
        let lists = vec![None; LISTED + state.players.len()];
        let adjacent = adjacency(rules, state);
        let places = places(state);
        let (answers, on_table) = (ByVersion::default(), ByVersion::default());
        let refills = (rules.zones.iter().any(|z| z.refill.is_some()))
            .then(|| state.zones.iter().map(|z| refill_of(rules, state, z)).collect());
        Kept {
            answers,
            end: None,
            lists,
            from_zone,
            factions,
            adjacent,
            places,
            on_table,
            spaces_only: vec![],
            refills,
        }
    }
}

/// Where zone `z` is refilled from, found by names as `Interp::refill` finds it.
pub(super) fn refill_of(rules: &Rules, state: &State, z: &crate::engine::Zone) -> Refill {
    let Some(spec) = rules.zones.iter().find(|spec| spec.name.value == z.name) else { return Refill::Never };
    let Some(source) = &spec.refill else { return Refill::Never };
    let found = z.owner.and_then(|p| state.zone(&source.value, Some(p))).or_else(|| state.zone(&source.value, None));
    found.map_or(Refill::Unknown, Refill::From)
}

/// `Kept::adjacent` of a state: for each zone, the zones its board edges lead to, each
/// edge's other end found as `neighbors` finds it (the first shared zone of that name).
fn adjacency(rules: &Rules, state: &State) -> Vec<Vec<crate::engine::ZoneId>> {
    let Some(board) = &rules.board else { return vec![] };
    let mut adjacent = vec![vec![]; state.zones.len()];
    for (a, b) in &board.adjacency {
        let (Some(x), Some(y)) = (state.zone(&a.value, None), state.zone(&b.value, None)) else { return vec![] };
        // Every zone of that name has the edge (`neighbors` compares names).
        for (z, zone) in state.zones.iter().enumerate() {
            if zone.name == a.value {
                adjacent[z].push(y);
            } else if zone.name == b.value {
                adjacent[z].push(x);
            }
        }
    }
    adjacent
}

/// `Kept::places` of a state: every board space whose `col` and `row` (as resolved, its
/// attributes' defaults included) are numbers, by them, sorted.
fn places(state: &State) -> Vec<((i64, i64), crate::engine::ZoneId)> {
    let num = |z: usize, name: &str| match state.zones[z].attrs.as_ref()?.get(name)? {
        crate::engine::Value::Int(n) => Some(*n),
        _ => None,
    };
    let mut out: Vec<_> =
        (state.spaces().iter()).filter_map(|&z| Some(((num(z, "col")?, num(z, "row")?), z))).collect();
    out.sort_unstable();
    out
}

/// The lists of cards kept by layout (`Interp::by_layout`).
#[derive(Debug, Clone, Copy)]
pub(super) enum Listed {
    /// The cards with a `when:` ability that can hear events now.
    When,
    /// The cards with an answering ability that can hear events now.
    React,
    /// The cards in play with a static ability.
    Statics,
    /// The cards whose play or activated abilities some player might use
    /// (`Interp::reachable`).
    Reachable,
    /// Those of them with an activated ability a reaction window looks at
    /// (`Listening::BY_SCRIPT`; `Interp::asked_among`).
    Responders,
}

/// How many lists `Listed` names.
const LISTED: usize = Listed::Responders as usize + 1;

/// The fewest steps a procedure's answer must have taken to be remembered: a cheap one
/// (`first(cards in pile)`) is evaluated again rather than looked up.
pub(super) const WORTH: u64 = 64;

/// What is kept of the last few state versions (and games) asked about: the remembered
/// answers, the pieces of a noun on the table. A refused or tried action gives the state
/// back its version from before (`State::version`), so what was kept of that version
/// holds again after it: a random agent tries action after action from the same state,
/// and each asks much the same questions. Each list keeps its room when its slot is
/// given to another version.
#[derive(Debug)]
pub(super) struct ByVersion<T> {
    /// At most `SLOTS`, made as they are first needed: a game that remembers nothing
    /// makes and frees none.
    slots: Vec<Slot<T>>,
    /// Counts the uses of slots: the slot used longest ago is the one given away.
    tick: u64,
}

/// How many versions `ByVersion` keeps.
const SLOTS: usize = 4;

#[derive(Debug)]
struct Slot<T> {
    at: (u64, u32),
    used: u64,
    items: Vec<T>,
}

impl<T> Default for ByVersion<T> {
    fn default() -> Self {
        ByVersion { slots: vec![], tick: 0 }
    }
}

impl<T> ByVersion<T> {
    /// What is kept for version `at` (and game): nothing unless it is among the last few.
    pub(super) fn get(&mut self, at: (u64, u32)) -> &[T] {
        self.tick += 1;
        match self.slots.iter_mut().find(|s| s.at == at) {
            Some(s) => {
                s.used = self.tick;
                &s.items
            }
            None => &[],
        }
    }

    /// Keeps `item` for version `at`, in its slot, in a new one, or in the one used
    /// longest ago (what it held is forgotten).
    pub(super) fn push(&mut self, at: (u64, u32), item: T) {
        self.tick += 1;
        let i = match self.slots.iter().position(|s| s.at == at) {
            Some(i) => i,
            None if self.slots.len() < SLOTS => {
                self.slots.push(Slot { at, used: 0, items: vec![] });
                self.slots.len() - 1
            }
            None => {
                let i = (0..SLOTS).min_by_key(|&i| self.slots[i].used).unwrap_or(0);
                let s = &mut self.slots[i];
                s.at = at;
                s.items.clear();
                i
            }
        };
        let s = &mut self.slots[i];
        s.used = self.tick;
        s.items.push(item);
    }
}

/// What a remembered answer was asked (compared in place by `remembered`).
#[derive(Debug)]
struct Key {
    /// `fingerprint` of the rest: a search compares it first.
    hash: u64,
    /// What is asked: a procedure's definition, or the `end:` condition, by its address
    /// (the rules do not move while they play).
    def: usize,
    args: Vec<Value>,
    you: Option<PlayerId>,
    this: Option<Value>,
    raw: bool,
}

/// A number equal questions of `remembered` share (a text or list counts by its length
/// alone), so that of the many answers a version may keep (a board game's procedures are
/// asked of every space) those asked otherwise are told apart by one compare, not by
/// comparing their arguments.
fn fingerprint(def: usize, args: &[Value], you: Option<PlayerId>, this: Option<&Value>, raw: bool) -> u64 {
    let mut h = mix(def as u64, you.map_or(u64::MAX, |p| p as u64) ^ u64::from(raw));
    for a in args.iter().chain(this) {
        h = mix(h, shallow(a));
    }
    h
}

/// One value's part of a `fingerprint`.
fn shallow(v: &Value) -> u64 {
    let (tag, word) = match v {
        Value::Null => (0, 0),
        Value::Int(n) => (1, *n as u64),
        Value::Bool(b) => (2, u64::from(*b)),
        Value::Str(t) => (3, t.len() as u64),
        Value::Sym(t) => (4, t.len() as u64),
        Value::Player(p) => (5, *p as u64),
        Value::Ent(e) => (6, *e as u64),
        Value::Zone(z) => (7, *z as u64),
        Value::List(l) => (8, l.iter().fold(l.len() as u64, |h, x| mix(h, shallow(x)))),
    };
    mix(tag, word)
}

/// What the `end:` answer was asked under: the state version and game, the acting
/// player and raw mode (`Key` without a definition, arguments or `this`).
#[derive(Debug, PartialEq, Eq)]
struct EndAt {
    at: (u64, u32),
    you: Option<PlayerId>,
    raw: bool,
}

#[derive(Debug)]
struct Answer {
    value: Value,
    steps: u64,
    /// The clock it read, if it read the clock.
    clock: Option<Clock>,
}

impl Interp<'_> {
    /// The list `which`, found by `scan` (a search for cards by where they are, which
    /// depends on nothing else), kept while no card moves (`State::card_layout`: pieces
    /// may). Debug builds search again beside each kept list and compare.
    pub(super) fn by_layout(&mut self, which: Listed, scan: impl Fn(&Self) -> Vec<EntId>) -> Rc<[EntId]> {
        self.kept_list(which as usize, scan)
    }

    /// `by_layout` for a list of player `p`'s (a search that reads whose cards are:
    /// owners are counted among the card moves).
    pub(super) fn by_layout_for(&mut self, p: PlayerId, scan: impl Fn(&Self) -> Vec<EntId>) -> Rc<[EntId]> {
        self.kept_list(LISTED + p, scan)
    }

    fn kept_list(&mut self, slot: usize, scan: impl Fn(&Self) -> Vec<EntId>) -> Rc<[EntId]> {
        let layout = self.w.state.card_layout();
        if let Some(Some((at, list))) = self.kept.lists.get(slot) {
            if *at == layout {
                debug_assert_eq!(**list, *scan(self), "the kept list {slot} is stale");
                return Rc::clone(list);
            }
        }
        let list: Rc<[EntId]> = scan(self).into();
        if let Some(kept) = self.kept.lists.get_mut(slot) {
            *kept = Some((layout, Rc::clone(&list)));
        }
        list
    }

    /// The answer to `def` (a definition of the rules, by address) asked with `args` in
    /// `cx`: remembered, or evaluated by `eval` and remembered if it took at least `worth`
    /// steps.
    pub(super) fn remembered<T>(
        &mut self,
        def: &T,
        args: &[Value],
        cx: &Ctx,
        worth: u64,
        eval: impl FnOnce(&mut Self) -> R<Value>,
    ) -> R<Value> {
        // Debug builds select again in the written order (`candidates`), counting other
        // steps: what is evaluated so is neither kept nor reused.
        if !self.w.mods.is_empty() || !self.w.playing.is_empty() || self.in_order {
            return eval(self);
        }
        let s = &self.w.state;
        let at = (s.version(), s.game);
        let hash = fingerprint(def as *const T as usize, args, cx.you, cx.this.as_ref(), self.raw);
        let key = |me: &Self| Key {
            hash,
            def: def as *const T as usize,
            args: args.to_vec(),
            you: cx.you,
            this: cx.this.clone(),
            raw: me.raw,
        };
        // Compared in place: a key is made only for an answer kept. Among many answers (a
        // board game's procedures asked of every space) the fingerprint tells most apart
        // at once. (Made only where more than a few are kept, it cost more than it spared:
        // a board game +11 %, Root +0.1 % instructions against always.)
        let asked = |k: &Key| {
            k.hash == hash
                && k.def == def as *const T as usize
                && *k.args == *args
                && k.you == cx.you
                && k.this == cx.this
                && k.raw == self.raw
        };
        let now = |a: &Answer| a.clock.as_ref().is_none_or(|c| *c == s.clock);
        let hit = self.kept.answers.get(at).iter().find(|(k, a)| asked(k) && now(a)).map(|(_, a)| a);
        if let Some(a) = hit {
            let (value, steps, read) = (a.value.clone(), a.steps, a.clock.is_some());
            return self.reuse(value, steps, read, eval);
        }
        let (out, answer) = self.evaluate(at, worth, eval);
        if let (Ok(_), Some(answer)) = (&out, answer) {
            let key = key(self);
            self.kept.answers.push(at, (key, answer));
        }
        out
    }

    /// `remembered` for the game's `end:` condition, `c`, asked in `cx` (its own slot).
    /// A condition with a typed form all through (`typed.rs`) reads the state in place
    /// for less than keeping and comparing an answer costs, so it is not remembered.
    pub(super) fn remembered_end(&mut self, c: &super::rules::Cond, cx: &mut Ctx) -> R<Value> {
        // With coverage recorded `eval` reads it, which remembering still spares.
        let typed = self.coverage.is_none() && c.fx.as_ref().is_some_and(|fx| fx.typed().is_some());
        if typed || !self.w.mods.is_empty() || !self.w.playing.is_empty() {
            return self.cond_value(c, cx);
        }
        let s = &self.w.state;
        let asked = EndAt { at: (s.version(), s.game), you: cx.you, raw: self.raw };
        if let Some((at, a)) = &self.kept.end {
            if *at == asked && a.clock.as_ref().is_none_or(|k| *k == s.clock) {
                let (value, steps, read) = (a.value.clone(), a.steps, a.clock.is_some());
                return self.reuse(value, steps, read, |me| me.cond_value(c, cx));
            }
        }
        let (out, answer) = self.evaluate(asked.at, 0, |me| me.cond_value(c, cx));
        if let (Ok(_), Some(answer)) = (&out, answer) {
            self.kept.end = Some((asked, answer));
        }
        out
    }

    /// A remembered answer, its steps counted again (debug builds evaluate it again).
    fn reuse(&mut self, value: Value, steps: u64, read: bool, _eval: impl FnOnce(&mut Self) -> R<Value>) -> R<Value> {
        self.tick_n(steps as usize)?;
        self.clock_read |= read;
        #[cfg(debug_assertions)]
        {
            let budgets = self.steps;
            let fresh = _eval(self);
            self.steps = budgets;
            // Evaluating again counts its steps twice: a budget may run out doing so.
            if !matches!(fresh, Err(super::Halt::Budget(_))) {
                debug_assert_eq!(fresh.ok().as_ref(), Some(&value), "a remembered answer is stale");
            }
        }
        Ok(value)
    }

    /// Evaluates an answer asked at state version `at`, and what to remember of it: `None`
    /// unless it took at least `worth` steps and changed nothing.
    fn evaluate(
        &mut self,
        at: (u64, u32),
        worth: u64,
        eval: impl FnOnce(&mut Self) -> R<Value>,
    ) -> (R<Value>, Option<Answer>) {
        let s = &self.w.state;
        let before = (s.log.len(), s.rng.clone(), self.steps.mark());
        let outer = std::mem::replace(&mut self.clock_read, false);
        let out = eval(self);
        let read = std::mem::replace(&mut self.clock_read, outer);
        self.clock_read |= read;
        let s = &self.w.state;
        let steps = self.steps.mark().saturating_sub(before.2).max(0) as u64;
        let pure = (s.version(), s.game) == at && s.log.len() == before.0 && s.rng == before.1;
        let keep = steps >= worth && pure && self.w.mods.is_empty() && self.w.playing.is_empty();
        let answer = match (&out, keep) {
            (Ok(value), true) => Some(Answer { value: value.clone(), steps, clock: read.then(|| s.clock.clone()) }),
            _ => None,
        };
        (out, answer)
    }
}

#[cfg(test)]
mod tests {
    use super::ByVersion;

    #[test]
    fn a_version_keeps_its_items_until_four_others_were_used_since() {
        let mut kept: ByVersion<&str> = ByVersion::default();
        assert!(kept.get((1, 0)).is_empty(), "nothing is kept at first");
        kept.push((1, 0), "a");
        kept.push((1, 0), "b");
        assert_eq!(kept.get((1, 0)), ["a", "b"]);
        // Another game's version with the same number is another state.
        assert!(kept.get((1, 1)).is_empty());
        // Three more versions fill the slots; version 1, used since, stays.
        for v in 2..=4 {
            kept.push((v, 0), "x");
        }
        assert_eq!(kept.get((1, 0)), ["a", "b"], "the version a rollback returns to is still kept");
        // A fifth gives away the slot used longest ago: version 2's.
        kept.push((5, 0), "y");
        assert!(kept.get((2, 0)).is_empty());
        assert_eq!(kept.get((1, 0)), ["a", "b"]);
        assert_eq!(kept.get((5, 0)), ["y"]);
        // A slot given away starts empty for its new version.
        kept.push((6, 0), "z");
        assert_eq!(kept.get((6, 0)), ["z"]);
        assert!(kept.get((3, 0)).is_empty());
    }

    /// Equal questions share a fingerprint, made apart (texts are compared by what they
    /// say, not where they lie); the commonest differences change it.
    #[test]
    fn equal_questions_have_equal_fingerprints() {
        use crate::engine::Value;
        let text = |t: &str| Value::Str(t.into());
        let list = |v: Vec<Value>| Value::List(v.into_iter().collect());
        let a = [Value::Int(3), text("hill"), list(vec![Value::Ent(4), Value::Zone(2)]), Value::Player(1)];
        let b = [Value::Int(3), text("hill"), list(vec![Value::Ent(4), Value::Zone(2)]), Value::Player(1)];
        let this = Some(Value::Ent(9));
        assert_eq!(
            super::fingerprint(7, &a, Some(0), this.as_ref(), false),
            super::fingerprint(7, &b, Some(0), this.as_ref(), false)
        );
        let other = [Value::Int(4), text("hill"), list(vec![Value::Ent(4), Value::Zone(2)]), Value::Player(1)];
        let fp = |args: &[Value], you, raw| super::fingerprint(7, args, you, this.as_ref(), raw);
        assert_ne!(fp(&a, Some(0), false), fp(&other, Some(0), false));
        assert_ne!(fp(&a, Some(0), false), fp(&a, Some(1), false));
        assert_ne!(fp(&a, Some(0), false), fp(&a, Some(0), true));
        assert_ne!(super::fingerprint(7, &a, None, None, false), super::fingerprint(8, &a, None, None, false));
    }
}
