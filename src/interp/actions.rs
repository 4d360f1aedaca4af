//! Top-level actions: playing a card, using an activated ability, running a script.
//! An ability resolves as requirements, then costs, then effect; the whole action is
//! atomic (see `Interp::atomically`).

use crate::engine::{EntId, EventKind, Kind, PlayerId, Value};
use std::rc::Rc;
use std::sync::Arc;

use super::rules::{AbilityDef, Head, Script};
use super::{Ctx, Halt, Interp, R};

/// What the use of a card's ability is called in its event (`EventKind::Use`): the card
/// is the event's source.
pub(super) const CARD_ABILITY: &str = "ability";

/// Why an activated ability may not be used now (`why_unusable`); written out only when
/// someone reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unusable {
    /// A `response:` with nothing to respond to.
    NothingToAnswer,
    /// Not an activated ability.
    NotActivated,
    /// The card is not where the ability works (`from:`).
    NotHere,
    /// Its `limit:` is used up (used so many times).
    UsedUp(u32),
    /// A `turn` ability, and it is not the user's turn.
    NotYourTurn,
    /// Its timing is another phase or step.
    NotNow,
    /// The user is not its controller (nor one `used_by:` allows).
    NotTheUser,
}

/// What an activated ability belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A card.
    Card(EntId),
    /// The faction of this player.
    Faction(PlayerId),
    /// The game's own abilities, used by this player.
    Game(PlayerId),
}

/// Something a player does.
#[derive(Debug, Clone)]
pub enum Action {
    /// Play a card.
    Play(EntId),
    /// Use an activated ability (`Some(i)`: the i-th ability of the source).
    Use(Source, Option<usize>),
    /// Run a script as the player (boxed: actions are moved about in the sampler's pool,
    /// and the other kinds are two words).
    Script(Box<Script>),
}

impl<'r> Interp<'r> {
    /// Performs an action atomically: refused actions change nothing but the log.
    pub fn act(&mut self, who: PlayerId, a: &Action) -> R<()> {
        if self.w.state.over || self.w.state.ending {
            // Refused as the rules refuse: logged, nothing changed.
            return self.atomically(|_| Err(Halt::refused("the game is over: no action follows its end")));
        }
        let mark = self.w.state.log.len();
        self.atomically(|me| me.act_now(who, a))?;
        self.acted(mark);
        Ok(())
    }

    /// An action completed, its events logged from `mark` on: they are what a `response:`
    /// answers next, and responses to earlier events are forgotten.
    pub fn acted(&mut self, mark: usize) {
        self.w.last = (mark, self.w.state.log.len());
        // A response in a reaction window forgets nothing the window still answers: what
        // was answered of its events stays answered (once per event).
        let mark = self.reacting_from.map_or(mark, |start| start.min(mark));
        // Most actions answered nothing before `mark`: the shared list is left as it is.
        if self.w.answered.iter().any(|x| x.2 < mark) {
            Rc::make_mut(&mut self.w.answered).retain(|x| x.2 >= mark);
        }
    }

    pub(super) fn act_now(&mut self, who: PlayerId, a: &Action) -> R<()> {
        match a {
            Action::Play(e) => {
                let s = &self.w.state;
                if s.in_play(*e) {
                    return Err(Halt::refused(format!("{} is already in play", s.ents[*e].label)));
                }
                if s.ents[*e].owner.is_some_and(|o| o != who) {
                    return Err(Halt::refused(format!(
                        "{} belongs to {}",
                        s.ents[*e].label,
                        self.pname(s.ents[*e].owner.unwrap_or(0))
                    )));
                }
                self.play_entity(*e, Some(who))
            }
            Action::Use(src, i) => self.use_ability(who, *src, *i),
            Action::Script(s) => {
                let mut cx = Ctx::placed(Some(who), None, &s.text, &s.origin);
                self.exec_stmts(&s.block, &mut cx)
            }
        }
    }

    /// Plays a card: its own `play:` script or the game's, while it is *coming into play*.
    pub fn play_entity(&mut self, e: EntId, you: Option<PlayerId>) -> R<()> {
        let Kind::Card(c) = self.w.state.ents[e].kind else {
            return Err(Halt::error(format!("{} is not a card", self.w.state.ents[e].label)));
        };
        self.allowed("play", you, Some(&Value::Ent(e)), None)?;
        let rules: &'r super::Rules = self.rules;
        let Some(script) = rules.play_script(c) else {
            return Err(Halt::error("the game has no `play:` script"));
        };
        let playing = self.w.state.log.len();
        // Who saw the card before it was played (in a hand its player cannot see, not
        // its player).
        let before = if self.unread() { 0 } else { self.w.state.seen_by(e) };
        self.emit(you, EventKind::Playing { ent: e });
        let mut cx = Ctx::placed(you, Some(Value::Ent(e)), &script.text, &script.origin);
        self.w.start_playing(e);
        self.depth += 1;
        let out = match self.guards_held(e, you, script, &mut cx) {
            0 => self.exec_stmts(&script.block, &mut cx),
            held => self.fire().and_then(|()| self.exec_stmts_from(&script.block, held, &mut cx)),
        };
        self.depth -= 1;
        self.w.stop_playing(e);
        if !self.w.noted.is_empty() {
            let prefix = format!(" of {}", self.w.state.ents[e].label);
            Rc::make_mut(&mut self.w.noted).retain(|k| !k.ends_with(&prefix));
        }
        out.map_err(|h| match h {
            Halt::Error(..) => h.within(&format!("playing {}", self.w.state.ents[e].label)),
            h => h,
        })?;
        // Who saw it played: who saw the card before and who can see it now it is played
        // (face down from a hand: only its player), as at a table.
        // (A log nobody reads, whose plays are kept to be counted, is never viewed.)
        let seen = if self.unread() {
            crate::engine::view::EVERYONE
        } else {
            let seen = before | self.w.state.seen_by(e);
            // The last few plays: a trigger of this one may play others before the pick
            // of this one is narrowed (`seen_as_played`).
            if self.last_played.len() == 8 {
                self.last_played.remove(0);
            }
            self.last_played.push((e, seen, before));
            self.seen_as_played(playing, e, you);
            seen
        };
        self.emit_seen(you, EventKind::Play { ent: e }, seen);
        Ok(())
    }

    /// Who saw card `e` played: who saw it before or after (`play_entity`, which keeps it
    /// for the last play that ended), else who sees it now.
    fn played_seen(&self, e: EntId) -> u64 {
        match self.last_play_of(e) {
            Some((seen, _)) => seen,
            None => self.w.state.seen_by(e),
        }
    }

    /// Who saw card `e` played and who saw it before, from its last play that ended.
    fn last_play_of(&self, e: EntId) -> Option<(u64, u64)> {
        self.last_played.iter().rev().find(|x| x.0 == e).map(|&(_, seen, before)| (seen, before))
    }

    /// Narrows the event at `at` (a play's pick or its start, logged before the card was
    /// played) to those who see card `e` played (`played_seen`): naming the card, it
    /// would tell the others a card they never see.
    pub(super) fn seen_as_played(&mut self, at: usize, e: EntId, you: Option<PlayerId>) {
        let seen = self.played_seen(e);
        // A pick of a card its chooser did not see names it by its place
        // (`action_text_for`): nothing to hide.
        let by_place =
            matches!((self.last_play_of(e), you), (Some((_, before)), Some(p)) if !crate::engine::view::has(before, p));
        if let Some(ev) = self.w.state.log.get_mut(at) {
            let names_it = match &ev.kind {
                EventKind::Playing { ent } => *ent == e,
                EventKind::Choose { .. } => ev.actor() == you && !by_place,
                _ => false,
            };
            if names_it {
                ev.seen &= seen;
            }
        }
    }

    /// The abilities of a source alone, with nothing else looked up.
    #[inline(always)]
    pub fn abilities_of_ref(&self, src: Source) -> &'r [AbilityDef] {
        let rules: &'r super::Rules = self.rules;
        match src {
            Source::Card(e) => match self.w.state.ents[e].kind {
                Kind::Card(c) => &rules.cards[c].abilities,
                Kind::Piece(_) => &[],
            },
            Source::Faction(p) => self.faction_of(p).map_or(&[], |d| &d.abilities),
            Source::Game(_) => &rules.abilities,
        }
    }

    /// Player `p`'s faction.
    pub(super) fn faction_of(&self, p: PlayerId) -> Option<&'r super::rules::FactionDef> {
        let rules: &'r super::Rules = self.rules;
        let found = self.kept.factions.get(p).copied().flatten().map(|i| &rules.factions[i]);
        debug_assert_eq!(
            found.map(|d| &d.id),
            self.w.state.players[p].faction.as_deref().and_then(|f| rules.faction(f)).map(|d| &d.id)
        );
        found
    }

    /// The abilities of a source (borrowed from the rules: nothing is copied).
    pub fn abilities_of(&self, src: Source) -> (&'r [AbilityDef], Value, String) {
        let label = match src {
            Source::Card(e) => self.w.state.ents[e].label.as_str().to_owned(),
            Source::Faction(p) => self.w.state.players[p].faction.clone().unwrap_or_default(),
            Source::Game(_) => "game".into(),
        };
        (self.abilities_of_ref(src), this_of(src), label)
    }

    /// Whose ability it is: a card's controller (its owner out of play), a faction's player.
    pub(super) fn controller_of(&self, src: Source) -> Option<PlayerId> {
        match src {
            Source::Card(e) => self.w.state.controller_or_owner(e),
            Source::Faction(p) | Source::Game(p) => Some(p),
        }
    }

    /// Why `who` may not use ability `a` (the `index`-th) of `src` now, if they may not.
    pub fn unusable(&mut self, who: PlayerId, src: Source, index: usize, a: &AbilityDef) -> R<Option<String>> {
        Ok(self.why_unusable(who, src, index, a)?.map(|u| self.unusable_text(who, a, u)))
    }

    /// `unusable`, with the reason as data: the search for legal actions writes no text.
    pub(super) fn why_unusable(
        &mut self,
        who: PlayerId,
        src: Source,
        index: usize,
        a: &AbilityDef,
    ) -> R<Option<Unusable>> {
        // A response is usable at any time (`Timing::Always`) once it has something to answer.
        match &a.head {
            Head::Action(_) => {}
            Head::React(crate::load::React::Response, _) => {
                if self.answered(src, index, a)?.is_none() {
                    return Ok(Some(Unusable::NothingToAnswer));
                }
            }
            _ => return Ok(Some(Unusable::NotActivated)),
        }
        if let Source::Card(e) = src {
            if !a.from.is_empty() && !self.works_from(e, a) {
                return Ok(Some(Unusable::NotHere));
            }
        }
        if let Some(l) = &a.limit {
            let used = self.used(who, src, index);
            if used >= l.times {
                return Ok(Some(Unusable::UsedUp(used)));
            }
        }
        // Resolved once the rules are built (an ability it missed would be usable any time).
        debug_assert!(
            !matches!(&a.head, Head::Action(t) if a.timing != super::defs::Timing::of(t, &self.rules.phases)),
            "an action's timing was not resolved"
        );
        let clock = &self.w.state.clock;
        if !a.timing.now(clock.phase, clock.step, self.w.state.active() == Some(who)) {
            let turn = a.timing == super::defs::Timing::Turn;
            return Ok(Some(if turn { Unusable::NotYourTurn } else { Unusable::NotNow }));
        }
        let owner = self.controller_of(src);
        let ok = match &a.used_by {
            Some(u) => {
                let (_, this, _) = self.abilities_of(src);
                let mut cx = Ctx::placed(owner, Some(this), &u.text, &u.origin);
                self.cover_cond(u);
                let v = self.cond_value(u, &mut cx)?;
                self.players(&v)?.contains(&who)
            }
            None => owner == Some(who),
        };
        Ok((!ok).then_some(Unusable::NotTheUser))
    }

    /// The text of a reason `why_unusable` gave.
    fn unusable_text(&self, who: PlayerId, a: &AbilityDef, u: Unusable) -> String {
        match u {
            Unusable::NothingToAnswer => "nothing it responds to has just happened".into(),
            Unusable::NotActivated => "not an activated ability".into(),
            Unusable::NotHere => format!("it works in play or in {}", a.from.join(", ")),
            Unusable::UsedUp(used) => {
                let times = if used == 1 { "once".to_string() } else { format!("{used} times") };
                let (per, max) = a.limit.as_ref().map(|l| (l.per, l.times)).unwrap_or(("game", 0));
                // As `limit:` reads (`once`, or the number), so an `expect_error` can quote it.
                let max = if max == 1 { "once".to_string() } else { max.to_string() };
                format!("used {times} this {per} (limit: {max} per {per})")
            }
            Unusable::NotYourTurn => {
                format!("usable only on the user's own turn, and it is not {}'s", self.pname(who))
            }
            Unusable::NotNow => {
                let timing = match &a.head {
                    Head::Action(t) => t.as_str(),
                    _ => "game",
                };
                let now = self.rules.phases.get(self.w.state.clock.phase).map(|p| p.name.clone()).unwrap_or_default();
                format!("usable in {timing}, and this is {now}")
            }
            Unusable::NotTheUser => format!("{} may not use it", self.pname(who)),
        }
    }

    fn use_ability(&mut self, who: PlayerId, src: Source, index: Option<usize>) -> R<()> {
        let (abilities, this) = (self.abilities_of_ref(src), this_of(src));
        // What the ability is called in a message, written only for one.
        let label = |me: &Self| match (src, index.and_then(|i| abilities.get(i)).and_then(|a| a.name.clone())) {
            (Source::Game(_), Some(n)) => n,
            _ => me.abilities_of(src).2,
        };
        // Nearly always one: kept on the stack (no list made and freed for every use).
        let (mut stack, mut heap) = ([0; super::fused::ON_STACK], vec![]);
        let mut usable = super::fused::Ids::new(&mut stack, &mut heap);
        let mut why = vec![];
        for (i, a) in abilities.iter().enumerate() {
            if index.is_some_and(|k| k != i) || !a.is_activated() {
                continue;
            }
            match self.unusable(who, src, i, a)? {
                None => usable.push(i),
                // One reason once: a faction's five abilities refused a player five times.
                Some(w) if why.contains(&w) => {}
                Some(w) => why.push(w),
            }
        }
        let usable = usable.as_slice();
        let i = match usable.len() {
            0 if why.is_empty() => return Err(Halt::refused(format!("{} has no activated ability", label(self)))),
            0 => return Err(Halt::refused(format!("cannot use {}: {}", label(self), why.join("; ")))),
            1 => usable[0],
            _ => {
                let names: Vec<String> = usable.iter().map(|&i| option_name(abilities, i)).collect();
                let opts = names.iter().map(|n| Value::Sym(n.as_str().into())).collect();
                let cx = Ctx::new(Some(who), None, "");
                let v = super::select::first(self.ask(format!("which ability of {}", label(self)), opts, 1, 1, &cx)?);
                let shown = self.show(&v);
                names.iter().position(|n| *n == shown).map_or(usable[0], |k| usable[k])
            }
        };
        // Borrowed from the rules, which outlive the action: nothing is copied.
        let a = &abilities[i];
        if self.last_used.is_none() {
            self.last_used = Some((src, i));
        }
        if let Some(l) = &a.limit {
            self.count_use(who, src, i, l.per);
        }
        // Nobody reads the event nor answers it (`unread`: no ability listens).
        if !self.unread() {
            let names = &self.rules.use_names;
            let (name, source) = match src {
                Source::Card(e) => (Arc::clone(&names.card), Some(e)),
                Source::Faction(p) => match self.kept.factions.get(p).copied().flatten() {
                    Some(f) => (Arc::clone(&names.factions[f]), None),
                    None => (format!("ability of {}", label(self)).into(), None),
                },
                Source::Game(_) => (Arc::clone(&names.game[i]), None),
            };
            self.emit(Some(who), EventKind::Use { name, source, args: vec![] });
        }
        // A response resolves with the event it answers as `it`.
        let (it, bound) = self.answer_bindings(src, i, a)?;
        self.depth += 1;
        let out = self.resolve(a, Some(who), this, it, src, &bound);
        self.depth -= 1;
        out.map_err(|h| h.within_lazily(|| format!("the ability of {}", label(self))))
    }

    /// Requirements, then costs, then the effect. A card used from outside play (an
    /// event in hand) is played between the requirements and the costs, unless its
    /// ability says where it works (`from:`).
    pub fn resolve(
        &mut self,
        a: &AbilityDef,
        you: Option<PlayerId>,
        this: Value,
        it: Option<Value>,
        src: Source,
        bound: &[(std::sync::Arc<str>, Value)],
    ) -> R<()> {
        let mut cx = Ctx::new(you, Some(this), "");
        cx.bind_shared(bound.iter().cloned());
        cx.it = it;
        // A triggered (or answering) ability's requirement was checked before it was offered.
        let checked = matches!(a.head, Head::When(_)) || (matches!(a.head, Head::React(..)) && !a.is_activated());
        // A requirement the search for a legal action found holding just now is not
        // evaluated again (`pure.rs`).
        if let Some(r) = a.requires.as_ref().filter(|_| !checked && !self.requires_held(a, src, you, &mut cx)) {
            cx.run(&r.text, &r.origin);
            if self.coverage.is_some() {
                self.hit(&r.expr.span, Some(&r.origin), super::coverage::Hit::Ran);
            }
            let v = self.cond_value(r, &mut cx)?;
            if !self.truth(&v, &r.expr, &cx)? {
                return Err(Halt::refused(format!("requirement not met: {}", r.text.trim())));
            }
        }
        // An ability with `from:` works where the card is; others play it first.
        if let (Source::Card(e), true) = (src, a.is_activated() && a.from.is_empty()) {
            if !self.w.state.in_play(e) && self.w.state.is_card(e) {
                self.play_entity(e, you)?;
            }
        }
        for (part, paying) in [(&a.cost, true), (&a.effect, false)] {
            let Some(part) = part else { continue };
            cx.run(&part.text, &part.origin);
            self.run_part(&part.block, &mut cx, paying)?;
        }
        Ok(())
    }

    /// Runs an ability's `cost:` (`paying`) or `effect:`: a cost that would change nothing
    /// cannot be paid (`Interp::paying`).
    fn run_part<'s>(&mut self, block: &'s crate::syntax::ast::Block, cx: &mut Ctx<'s>, paying: bool) -> R<()> {
        let outer = std::mem::replace(&mut self.paying, paying);
        let out = self.exec_stmts(block, cx);
        self.paying = outer;
        out
    }

    /// Whether an optional ability's `cost:` could be paid now: it is tried on a copy of
    /// the world, choices answered with their first legal options, and the world is
    /// restored either way. An ability whose cost cannot be paid is not offered. A
    /// run-time error is not a refusal: it stops the game.
    pub(super) fn cost_payable(
        &mut self,
        a: &AbilityDef,
        you: Option<PlayerId>,
        this: &Value,
        it: Option<Value>,
        bound: &[(std::sync::Arc<str>, Value)],
    ) -> R<bool> {
        let Some(cost) = &a.cost else { return Ok(true) };
        let mut cx = Ctx::placed(you, Some(this.clone()), &cost.text, &cost.origin);
        cx.bind_shared(bound.iter().cloned());
        cx.it = it;
        // Each run of the trial (`trial_run`) starts from the bindings given.
        let bound = cx.locals.len();
        self.trial(|me| {
            cx.locals.truncate(bound);
            me.run_part(&cost.block, &mut cx, true)
        })
    }

    /// How often `who` used the `index`-th ability of `src` in its limit's period.
    pub(super) fn used(&self, who: PlayerId, src: Source, index: usize) -> u32 {
        self.w.uses.times(src, index, who)
    }

    /// Clears what the next action taken in a window uses (`taken` reads it after).
    pub(super) fn taking(&mut self) {
        self.last_used = None;
    }

    /// Counts the ability the action just taken in a window used, if it was one of the
    /// game's or of a faction's (`ability_uses`). Out of line: the sampler's loop stays
    /// as small as it was.
    #[inline(never)]
    pub(super) fn taken(&mut self) {
        let Some((src, i)) = self.last_used.take() else { return };
        let faction = match src {
            Source::Game(_) => None,
            Source::Faction(p) => match self.kept.factions.get(p).copied().flatten() {
                Some(f) => Some(f),
                None => return,
            },
            Source::Card(_) => return,
        };
        let slot = self.rules.ability_slot(faction, i);
        if self.uses.len() <= slot {
            self.uses.resize(slot + 1, 0);
        }
        self.uses[slot] += 1;
    }

    /// How often each ability of the game and of the factions was used in the windows so
    /// far, by `Rules::ability_slot`; the list may stop short of the last abilities, used
    /// by nobody.
    pub fn ability_uses(&self) -> &[u32] {
        &self.uses
    }

    pub(super) fn count_use(&mut self, who: PlayerId, src: Source, index: usize, per: &'static str) {
        let journal = self.w.state.recording();
        self.w.uses.count(journal, src, index, who, per);
    }
}

/// How the question "which ability" names the `i`-th ability of a source: its `name:`
/// when no other ability of the source has that name, else `ability_N` (N from 1).
fn option_name(abilities: &[AbilityDef], i: usize) -> String {
    match abilities[i].name.as_deref() {
        Some(n) if abilities.iter().filter(|a| a.name.as_deref() == Some(n)).count() == 1 => n.to_string(),
        _ => format!("ability_{}", i + 1),
    }
}

/// What a source's abilities call `this`: the card, or the faction's (or game's) player.
pub(super) fn this_of(src: Source) -> Value {
    match src {
        Source::Card(e) => Value::Ent(e),
        Source::Faction(p) | Source::Game(p) => Value::Player(p),
    }
}

/// The names `EventKind::Use` carries, made once with the rules (triggers read them).
// A card's ability's, each faction's (`ability of ID`), each game ability's (its name,
// else `ability N of the game`).
#[derive(Debug, Default)]
pub(super) struct UseNames {
    card: Arc<str>,
    factions: Vec<Arc<str>>,
    game: Vec<Arc<str>>,
}

impl UseNames {
    /// The names of `rules`' factions and game abilities.
    pub(super) fn of(rules: &super::Rules) -> UseNames {
        let factions = rules.factions.iter().map(|f| format!("ability of {}", f.id).into()).collect();
        let game = (rules.abilities.iter().enumerate())
            .map(|(i, a)| a.name.clone().unwrap_or_else(|| format!("ability {} of the game", i + 1)).into())
            .collect();
        UseNames { card: CARD_ABILITY.into(), factions, game }
    }
}
