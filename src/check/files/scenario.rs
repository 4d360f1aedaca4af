//! A scenario's fields outside its scripts: its game, players, the cards, zones and
//! counters its setup names, and the steps' players, cards and phases.

use crate::diag::{did_you_mean, Diagnostic};
use crate::load::{Act, CounterOn, Game, GameBundle, Scenario, SetupItem, Sp, Step};

use super::super::env::{Sym, Ty};
use super::super::scripts::Entry;
use super::FileChecker;

impl FileChecker<'_> {
    /// A scenario: its game, players, setup and steps.
    pub fn scenario(&mut self, s: &Scenario, bundle: &GameBundle) {
        if let Some(g) = &bundle.game {
            if !s.game.is_missing() && s.game.value != g.game.value {
                self.diags.push(
                    Diagnostic::error(
                        "wrong-game",
                        format!("scenario is for `{}`, but this directory holds `{}`", s.game.value, g.game.value),
                        s.game.file,
                        s.game.span,
                    )
                    .with_help(format!(
                        "move the scenario under the `{}` game, or set `game: {}`",
                        s.game.value, g.game.value
                    )),
                );
            }
        }
        if let Some(c) = s.choices.as_ref().filter(|c| !CHOICE_MODES.contains(&c.as_str())) {
            let hint = did_you_mean(c.as_str(), CHOICE_MODES.iter().copied());
            let msg = format!("`{}` is not a way to answer choices", c.value);
            let help = format!("`choices:` is one of {}", CHOICE_MODES.join(", "));
            self.diags.push(Diagnostic::error("wrong-type", msg, c.file, c.span).with_help(help).with_suggestion(hint));
        }
        if let Some(g) = &bundle.game {
            self.player_count(s, g);
        }
        for (i, p) in s.players.iter().enumerate() {
            // Scripts name a player by name: a second of one name is never reached.
            if let Some(first) = s.players[..i].iter().find(|q| q.name.value == p.name.value && !p.name.is_missing()) {
                let msg = format!("two players are named `{}`", p.name.value);
                let d = Diagnostic::error("duplicate-id", msg, p.name.file, p.name.span)
                    .with_label("named again here")
                    .with_secondary(first.name.file, first.name.span.range(), "first named here")
                    .with_help("give each player of a scenario their own name");
                self.diags.push(d);
            }
            if let Some(d) = crate::check::build::not_a_name(&p.name, "player") {
                self.diags.push(d);
            } else if crate::syntax::grammar_reserved(&p.name.value) {
                let msg =
                    format!("player `{}` is named with a reserved word, so no script can refer to them", p.name.value);
                let d = Diagnostic::error("reserved-name", msg, p.name.file, p.name.span)
                    .with_help(format!("rename them, e.g. `{}_player`", p.name.value));
                self.diags.push(d);
            }
            self.player_hides(&p.name);
            if let Some(r) = &p.role {
                self.one_of(r, "role", &self.env.roles);
            }
            if let Some(f) = &p.faction {
                self.one_of(f, "faction", &self.env.factions);
            }
        }
        let players: Vec<&str> = s.players.iter().map(|p| p.name.as_str()).collect();
        let locals: Vec<(&str, Ty)> = players.iter().map(|p| (*p, Ty::Player)).collect();
        for p in &s.random_agents {
            self.player(p, &players);
        }
        // Zones each player has: no counter is kept on one.
        let zones = bundle.game.iter().flat_map(|g| &g.zones).chain(bundle.factions.iter().flat_map(|f| &f.zones));
        let own: Vec<&str> = zones.filter(|z| z.per == crate::load::Per::Player).map(|z| z.name.as_str()).collect();
        for item in &s.setup {
            self.setup_item(item, &players, &locals, &own);
        }
        for step in &s.steps {
            self.step(step, &players, &locals);
        }
        self.action_texts(s, bundle);
    }

    /// A scenario seats as many players as its game allows (`players: { min, max }`):
    /// running one with 16,000 seats would never finish. A game whose `players:` did not
    /// load (reported there) is not held against each scenario.
    fn player_count(&mut self, s: &Scenario, g: &Game) {
        let n = s.players.len();
        let Some((Some(min), Some(max))) = g.players.as_ref().map(|p| (&p.min, &p.max)) else { return };
        // A `max:` below `min:` is the game's error, reported there: no scenario can fit it.
        if max.value < min.value {
            return;
        }
        let (min, max) = (min.value, max.value);
        let range = if min == max { format!("{min}") } else { format!("{min} to {max}") };
        let for_game = format!("`{}` is a game for {range} players", g.game.value);
        let (span, msg, label, help) = if n as i64 > max {
            let extra = &s.players[usize::try_from(max).unwrap_or(0).min(n - 1)];
            let msg = format!("this scenario seats {n} players; {for_game}");
            let help = format!("keep at most {max} players here, or raise `players: max` in the game");
            (extra.span.clone(), msg, "the first player past the game's most", help)
        } else if n > 0 && (n as i64) < min {
            let msg = format!("this scenario seats {n} player{}; {for_game}", if n == 1 { "" } else { "s" });
            let help = format!("add players to reach {min}, or lower `players: min` in the game");
            (s.players_span.clone(), msg, "too few players", help)
        } else {
            return;
        };
        let mut d = Diagnostic::error("player-count", msg, s.file, span).with_label(label).with_help(help);
        if let Some(p) = &g.players {
            d = d.with_secondary(g.game.file, p.span.clone(), "the players the game allows");
        }
        self.diags.push(d);
    }

    /// A setup item in a zone each player has must say whose (`of:`): the run fails at
    /// step 0 otherwise, with nobody acting yet.
    fn whose(&mut self, zone: &Sp<String>, given: bool, own: &[&str], players: &[&str]) {
        if given || !own.contains(&zone.as_str()) {
            return;
        }
        let example = players.first().copied().unwrap_or("alice");
        let msg = format!("`{}` is each player's zone: this item does not say whose", zone.value);
        let d = Diagnostic::error("missing-field", msg, zone.file, zone.span)
            .with_label("whose?")
            .with_help(format!("add `of:` a player of the scenario: `in: {}, of: {example}`", zone.value));
        self.diags.push(d);
    }

    fn setup_item(&mut self, item: &SetupItem, players: &[&str], locals: &[(&str, Ty)], own: &[&str]) {
        match item {
            SetupItem::Put { put, zone, on, of, owner, .. } => {
                if let Some(o) = owner.as_ref().filter(|o| o.value != "none") {
                    self.player(o, players);
                }
                for id in put {
                    // A piece kind puts one new piece (`put: [pawn, pawn]`); a label one copy.
                    self.card_or_piece(&copy_of(id));
                }
                // A board space is a place too (`in: c5`); `on:` names a thing, not a zone.
                if *on {
                    self.card_or_piece(&copy_of(zone));
                } else {
                    self.place(zone);
                    self.whose(zone, of.is_some(), own, players);
                }
                if let Some(p) = of {
                    self.player(p, players);
                }
            }
            SetupItem::Counter { counter, of, .. } => {
                self.known(counter, "counter", Sym::Counter { max: None, on: None });
                let kept = match self.env.lookup(counter.as_str()) {
                    Some(Sym::Counter { on, .. }) => *on,
                    _ => None,
                };
                if let Some(p) = of {
                    self.counter_holder(counter, kept, p, players, own);
                }
            }
            SetupItem::Script(src) => self.field(src, Entry::Script, locals),
            SetupItem::Phase(p) => self.scenario_phase(p),
            SetupItem::Order { order, zone, of, .. } => {
                for id in order {
                    self.card_or_piece(&copy_of(id));
                }
                self.place(zone);
                self.whose(zone, of.is_some(), own, players);
                if let Some(p) = of {
                    self.player(p, players);
                }
            }
            SetupItem::StartGame(_) | SetupItem::Generator(_) | SetupItem::Clock { .. } => {}
        }
    }

    /// What a setup's `{ counter, of }` names keeps that counter. A counter is kept on a
    /// player, on a card (`wounds` of a card id), on a piece (its label: `die#2`), or on a
    /// shared zone or board space, as its `on:` says.
    fn counter_holder(
        &mut self,
        counter: &Sp<String>,
        kept: Option<CounterOn>,
        p: &Sp<String>,
        players: &[&str],
        own: &[&str],
    ) {
        let sym = self.env.lookup(copy_of(p).as_str());
        // A scenario player's name is the player, as the run reads it (`player_hides` warns
        // where the game gives the name another meaning).
        let (holder, fits) = if players.contains(&p.as_str()) {
            ("a player", kept.is_none_or(|k| k == CounterOn::Player))
        } else if own.contains(&p.as_str()) {
            ("a zone each player has", false)
        } else if matches!(sym, Some(Sym::Space)) {
            ("a board space", kept.is_none_or(|k| k == CounterOn::Space))
        } else if matches!(self.env.lookup(p.as_str()), Some(Sym::Zone)) {
            ("a shared zone", kept.is_none_or(|k| k == CounterOn::Space))
        } else if matches!(sym, Some(Sym::Piece)) {
            ("a piece", kept.is_none_or(|k| k == CounterOn::Card))
        } else if matches!(sym, Some(Sym::Card)) || self.env.is_card(copy_of(p).as_str()) {
            ("a card", kept.is_none_or(|k| k == CounterOn::Card))
        } else {
            // Not a player of the scenario: said so, once.
            self.player(p, players);
            ("a player", true)
        };
        if fits {
            return;
        }
        let (on, one) = match kept {
            Some(CounterOn::Game) => ("the game (`on: game`)", ""),
            Some(CounterOn::Player) | None => ("players (`on: player`)", "a player"),
            Some(CounterOn::Card) => ("cards and pieces (`on: card`)", "a card or piece"),
            Some(CounterOn::Space) => ("board spaces and shared zones (`on: space`)", "a board space or shared zone"),
        };
        let help = match kept {
            Some(CounterOn::Game) => "leave out `of:`: the game's counter has no holder to name".to_string(),
            _ if holder == "a zone each player has" => {
                format!("name {one} in `of:`: a zone each player has keeps no counter")
            }
            _ => format!("name {one} in `of:`, or change the counter's `on:`"),
        };
        let msg = format!("`{}` is kept on {on}, but `{}` is {holder}", counter.value, p.value);
        self.diags.push(Diagnostic::error("wrong-holder", msg, p.file, p.span).with_help(help));
    }

    /// A card's id or a piece's kind (`put:`, `order:`, `on:`).
    fn card_or_piece(&mut self, id: &Sp<String>) {
        if id.is_missing() || self.env.is_card(id.as_str()) || matches!(self.env.lookup(id.as_str()), Some(Sym::Piece))
        {
            return;
        }
        let pieces = self.env.names().filter(|n| matches!(self.env.lookup(n), Some(Sym::Piece)));
        let names: Vec<&str> = self.env.card_ids().chain(pieces).collect();
        self.unknown_as(id, "card", "card or piece", names, None);
    }

    /// A zone or a board space (`in:`).
    fn place(&mut self, zone: &Sp<String>) {
        if zone.is_missing() || matches!(self.env.lookup(zone.as_str()), Some(Sym::Space)) {
            return;
        }
        if self.env.resolve(zone.as_str()).is_some_and(|(_, s)| matches!(s, Sym::Zone)) {
            // As declared, or the plural's help.
            return self.known(zone, "zone", Sym::Zone);
        }
        let names: Vec<&str> =
            self.env.names().filter(|n| matches!(self.env.lookup(n), Some(Sym::Zone | Sym::Space))).collect();
        // With no near name, what there is to name (the first dozen).
        let listed = names.iter().take(12).copied().collect::<Vec<_>>().join(", ");
        let more = if names.len() > 12 { ", ..." } else { "" };
        let fallback = (!names.is_empty()).then(|| format!("the game's zones and spaces: {listed}{more}"));
        self.unknown_as(zone, "zone", "zone or board space", names, fallback);
    }

    /// What `use:` names: a card's id, a faction or a game ability.
    fn user(&mut self, id: &Sp<String>) {
        if id.is_missing() || self.env.is_card(id.as_str()) {
            return;
        }
        let (factions, abilities) = (&self.env.factions, &self.env.game_actions);
        let names: Vec<&str> = (self.env.card_ids())
            .chain(factions.iter().map(String::as_str))
            .chain(abilities.iter().map(String::as_str))
            .collect();
        let what = if abilities.is_empty() { "card or faction" } else { "card, faction or game ability" };
        // A procedure is run, not used: `script:` calls it.
        let run = match self.env.lookup(id.as_str()) {
            Some(crate::check::env::Sym::Procedure { value: true, .. }) => Some(format!(
                "`{0}` is a value procedure: read it in an `expect:` (`expect: {0}(...) == ...`)",
                id.value
            )),
            Some(crate::check::env::Sym::Procedure { arity: 0, .. }) => {
                Some(format!("`{0}` is a procedure: run it with `script: \"{0}()\"`", id.value))
            }
            Some(crate::check::env::Sym::Procedure { arity, .. }) => Some(format!(
                "`{0}` is a procedure: run it with `script: \"{0}(...)\"`, giving its {arity} argument{1}",
                id.value,
                if *arity == 1 { "" } else { "s" }
            )),
            _ => None,
        };
        self.unknown_as(id, "card", what, names, run);
    }

    /// An unknown name in a scenario's expectation is most often a player misspelt (`carol`
    /// where the players are alice and bob): the help of those reported since `from` that
    /// found no near name says who the players are, not to define it in game.yaml.
    fn players_named(&mut self, from: usize, players: &[&str]) {
        for d in &mut self.diags[from..] {
            let generic = d.help.as_deref() == Some(crate::check::script::UNKNOWN_NAME_HELP);
            if d.code == "twilit::unknown-name" && generic {
                d.help = Some(format!(
                    "the scenario's players are {}; any other name is defined in the game's files",
                    players.join(", ")
                ));
            }
        }
    }

    fn step(&mut self, step: &Step, players: &[&str], locals: &[(&str, Ty)]) {
        match step {
            Step::Act { player, action, .. } => {
                self.step_player(player, players);
                match action {
                    Act::Use(id) if self.env.factions.iter().any(|f| f == id.as_str()) => {}
                    Act::Use(id) if self.env.game_actions.iter().any(|f| f == id.as_str()) => {}
                    Act::Play(id) => self.card_id(&copy_of(id)),
                    Act::Use(id) => self.user(&copy_of(id)),
                    Act::Script(src) => self.field(src, Entry::Script, locals),
                    // Which actions are legal is known only when the step runs; what the
                    // text names, by `action_texts`.
                    Act::Action(_) => {}
                }
            }
            Step::Expect(src) => {
                let from = self.diags.len();
                self.field(src, Entry::Condition, locals);
                self.players_named(from, players);
            }
            Step::Advance(p) => self.scenario_phase(p),
            Step::ExpectActions { player, .. } | Step::ExpectView { player, .. } => self.step_player(player, players),
            Step::ExpectResult { winners, losers, scores, .. } => {
                let named = winners.iter().chain(losers).flat_map(|w| &w.value);
                for p in named.chain(scores.iter().map(|(p, _)| p)) {
                    self.player(p, players);
                }
            }
            Step::Choose(_)
            | Step::ExpectError(_)
            | Step::ExpectLog(_)
            | Step::ExpectNoLog(_)
            | Step::ExpectEnd(_)
            | Step::NextGame(_) => {}
        }
    }
}

/// The ways a scenario may answer questions no `choose:` step answers.
const CHOICE_MODES: &[&str] = crate::load::CHOICES;

/// A scenario names a card's second copy `id#2`: the card id is what must exist.
fn copy_of(id: &Sp<String>) -> Sp<String> {
    match crate::engine::label::parse(&id.value) {
        Some((base, _)) => Sp::new(base.to_string(), id.file, id.span),
        None => id.clone(),
    }
}

impl FileChecker<'_> {
    /// A scenario player named like one of the game's names: in the scenario's scripts the
    /// name is the player (`wood of alice` reads player `wood` of `alice`), while the
    /// rules' own scripts still read the game's.
    fn player_hides(&mut self, name: &crate::load::Sp<String>) {
        let Some(sym) = self.env.lookup(&name.value) else { return };
        let what = match sym {
            super::super::env::Sym::Counter { .. } => "counter",
            super::super::env::Sym::Zone => "zone",
            super::super::env::Sym::Piece => "piece",
            super::super::env::Sym::Property(_) => "property",
            super::super::env::Sym::Card => "card",
            super::super::env::Sym::Procedure { .. } => "procedure",
            super::super::env::Sym::Variable(_) => "variable",
            super::super::env::Sym::Space => "board space",
            _ => return,
        };
        let msg = format!("player `{}` is named like the game's {what} `{}`", name.value, name.value);
        let d = Diagnostic::warning("name-clash", msg, name.file, name.span)
            .with_label(format!("in this scenario's scripts `{}` is this player, not the {what}", name.value))
            .with_help(format!("rename the player, e.g. `{}_player`", name.value));
        self.diags.push(d);
    }
}
