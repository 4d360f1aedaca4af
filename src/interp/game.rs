//! Whole games: where their cards start (`decks:`), their supplies, the declared
//! variables' start values, setup scripts, and the result read when a game ends.

use crate::engine::{Holder, Kind, PlayerId, State, Value};
use crate::load::{DeckCards, Per};

use super::{Ctx, Halt, Interp, R};

/// How a game stands: whether it ended, who won, the scores.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Standing {
    /// Whether the game's `end:` was reached.
    pub ended: bool,
    /// The winners (none: a draw, or no result yet).
    pub winners: Vec<PlayerId>,
    /// The losers: `result: losers:`, or else everyone but the winners (nobody when nobody
    /// won). A player neither won nor lost: the game was a draw for them.
    pub losers: Vec<PlayerId>,
    /// Each player's score, in seat order, when the game declares `scores:`.
    pub scores: Vec<(PlayerId, i64)>,
}

impl<'r> Interp<'r> {
    /// Sets a whole game up: the `decks:`, the piece supplies, the variables' start values,
    /// then the game's `setup:` and each faction's.
    pub fn prepare_whole_game(&mut self) -> R<()> {
        self.lay_down()?;
        self.set_up()
    }

    /// The part of `prepare_whole_game` that runs no setup script: the variables' start
    /// values, the `decks:` and the supplies.
    pub fn lay_down(&mut self) -> R<()> {
        self.start_variables()?;
        self.deal_decks()?;
        self.create_supplies()
    }

    /// The rest of `prepare_whole_game`: the game's `setup:`, then each faction's.
    pub fn set_up(&mut self) -> R<()> {
        // The scripts are borrowed from the rules, which outlive the game.
        let rules: &'r super::Rules = self.rules;
        if let Some(s) = &rules.setup {
            let first = self.w.state.seats.first().copied();
            let mut cx = Ctx::placed(first, None, &s.text, &s.origin);
            // The statement that was running: a refusal names no place of its own, and a
            // setup that fails is the game's error, said where its script stopped.
            let mut at = 0;
            let out = self.atomically(|me| {
                for (i, st) in s.block.stmts.iter().enumerate() {
                    at = i;
                    me.exec(st, &mut cx)?;
                    me.fire()?;
                }
                Ok(())
            });
            out.map_err(|h| match h {
                // An answer a scenario gave wrongly is the scenario's, said as it is.
                Halt::Agent(_) => h,
                h => {
                    let stmt = s.block.stmts.get(at).map(|st| st.span.clone());
                    let place = stmt.map(|sp| super::halt::At { file: s.origin.file, span: s.origin.file_span(sp) });
                    Halt::error_at(format!("the game's `setup:` failed: {}", h.message()), h.at().cloned().or(place))
                }
            })?;
        }
        for p in self.seated() {
            let faction = self.w.state.players[p].faction.as_deref();
            if let Some(s) = faction.and_then(|f| rules.faction(f)).and_then(|f| f.setup.as_ref()) {
                let mut cx = Ctx::placed(Some(p), Some(Value::Player(p)), &s.text, &s.origin);
                self.atomically(|me| me.exec_stmts(&s.block, &mut cx))?;
            }
        }
        Ok(())
    }

    /// Gives each declared variable its `start:` value (none without one).
    pub fn start_variables(&mut self) -> R<()> {
        let rules: &'r super::Rules = self.rules;
        for var in &rules.variables {
            let v = match &var.start {
                Some(c) => {
                    let mut cx = Ctx::placed(self.w.state.seats.first().copied(), None, &c.text, &c.origin);
                    self.cover_cond(c);
                    let v = super::select::first(self.eval(&c.expr, &mut cx)?);
                    self.var_value(var, v).map_err(|mut h| {
                        h.place(&c.expr.span, &cx);
                        h
                    })?
                }
                None => Value::Null,
            };
            self.w.state.set_var(&var.name, v);
        }
        Ok(())
    }

    /// What variable `var` is set to for `v` (an empty selection, for one value, is none);
    /// refused where its `type:` does not hold `v`: of another kind, or a list of several
    /// where the type is one value (`set leader to players where ...` with two of them).
    /// Refused where it is set, not where it is read.
    pub(super) fn var_value(&self, var: &super::defs::VarDef, v: Value) -> R<Value> {
        let name = &var.name;
        // An empty selection given for one value is none (`leader == none` holds after).
        if var.one && matches!(&v, Value::List(l) if l.is_empty()) {
            return Ok(Value::Null);
        }
        let several = matches!(&v, Value::List(l) if l.len() > 1);
        if (var.one && several) || !self.fits_kind(var.kind, &v) {
            let (ty, shown) = (&var.ty, self.show(&v));
            let one = if var.one && several { "one value, " } else { "" };
            return Err(Halt::error(format!(
                "`{name}` is declared `type: {ty}` ({one}{}), but is set to {shown}",
                var.kind.describe()
            )));
        }
        Ok(v)
    }

    /// Creates the cards of `decks:`: a full set in each player's zone (theirs; a faction
    /// card only for its faction's player), or one ownerless set in a shared zone.
    fn deal_decks(&mut self) -> R<()> {
        let rules = self.rules;
        for d in &rules.decks {
            let name = &d.zone.value;
            let per = rules.zones.iter().find(|z| &z.name.value == name).map_or(Per::Game, |z| z.per);
            let owners: Vec<Option<PlayerId>> = match per {
                Per::Player => self.seated().into_iter().map(Some).collect(),
                Per::Game => vec![None],
            };
            for owner in owners {
                let zone = self.zone_named(name, owner)?;
                let faction = owner.and_then(|p| self.w.state.players[p].faction.clone());
                for (i, c) in rules.cards.iter().enumerate() {
                    let copies = match &d.cards {
                        DeckCards::All if c.faction.is_none() || (owner.is_some() && c.faction == faction) => c.copies,
                        DeckCards::Ids(ids) if ids.iter().any(|id| id.value == c.id) => c.copies,
                        DeckCards::Counted(ids) => {
                            ids.iter().filter(|(id, _)| id.value == c.id).map(|(_, n)| n.value as usize).sum()
                        }
                        _ => 0,
                    };
                    self.room_for(copies, || format!("dealing {}", c.id))?;
                    for _ in 0..copies {
                        let label = self.w.state.fresh_label(&c.id);
                        self.w.state.create(Kind::Card(i), label, owner, zone);
                    }
                }
            }
        }
        Ok(())
    }

    /// The zone that `holds:` pieces of kind `name` for `owner` (`supply_zone`).
    pub fn supply_of(&self, name: &str, owner: Option<PlayerId>) -> Option<usize> {
        supply_zone(self.rules, &self.w.state, name, owner)
    }

    /// A whole game's supplies: `per_player: N` pieces for each player in the player zone
    /// that `holds:` them, `per_game: N` ownerless ones in the shared zone that holds them.
    fn create_supplies(&mut self) -> R<()> {
        let rules = self.rules;
        for spec in &rules.piece_specs {
            let name = &spec.name.value;
            let side = spec.sides.first().map(|s| self.w.state.piece_id(&s.value));
            let kind = self.w.state.piece_id(name);
            let make = |me: &mut Self, zone: usize, owner: Option<PlayerId>, n: i64| {
                let n = n.clamp(0, me.limits.supply as i64);
                me.room_for(n as usize, || format!("supplying {name}"))?;
                for _ in 0..n {
                    let label = me.w.state.fresh_label(name);
                    let e = me.w.state.create(Kind::Piece(kind), label, owner, zone);
                    me.w.state.set_side(e, side);
                }
                me.note(None, false, |me| {
                    // As scripts write the noun: `plural:`, else the regular plural.
                    let noun = match (n, &spec.plural) {
                        (1, _) => name.clone(),
                        (_, Some(p)) => p.value.clone(),
                        _ => crate::syntax::plural(name),
                    };
                    format!("supply: {n} {noun} in {}", me.w.state.zone_name(zone))
                });
                Ok(())
            };
            if let Some(n) = &spec.per_player {
                for p in self.seated() {
                    if let Some(zone) = self.supply_of(name, Some(p)) {
                        make(self, zone, Some(p), n.value)?;
                    }
                }
            }
            if let Some(n) = &spec.per_game {
                if let Some(zone) = self.supply_of(name, None) {
                    make(self, zone, None, n.value)?;
                }
            }
        }
        Ok(())
    }

    /// After a game of a match ends: the match's `after:` script, then, unless its
    /// `until:` holds, the next game is dealt when `deal` allows (a fresh table with the
    /// same seats, the kept counters, the same generator and log). Returns whether the
    /// match goes on: a new game started, or (`deal` false) one would have.
    pub fn next_game(&mut self, deal: bool) -> R<bool> {
        let rules: &'r super::Rules = self.rules;
        let Some(until) = &rules.match_until else { return Ok(false) };
        let first = self.w.state.seats.first().copied();
        // `after:` scores the game that ended: who left it is still out of it.
        if let Some(s) = &rules.match_after {
            let mut cx = Ctx::placed(first, None, &s.text, &s.origin);
            self.atomically(|me| me.exec_stmts(&s.block, &mut cx))?;
        }
        // Then the game is over: who left it left that game, not the match, whose `until:`
        // and `result:` read every player of it.
        self.w.state.readmit_all();
        let mut cx = Ctx::placed(first, None, &until.text, &until.origin);
        self.cover_cond(until);
        let v = self.eval(&until.expr, &mut cx)?;
        if self.truth(&v, &until.expr, &cx)? {
            return Ok(false);
        }
        if deal {
            self.deal_next_game()?;
        }
        Ok(true)
    }

    /// Deals the match's next game (what `next_game` does once its `until:` does not
    /// hold): a new table, the same seats, generator and log, the `keep:` counters.
    pub fn deal_next_game(&mut self) -> R<()> {
        let old = &mut self.w.state;
        let mut s = Interp::lay_out(self.rules, 0, old.players.clone());
        s.seats = old.seats.clone();
        s.rng = old.rng.clone();
        s.log = std::mem::take(&mut old.log);
        s.game = old.game + 1;
        // The log's earlier events name things by their own game's table.
        s.earlier = std::mem::take(&mut old.earlier);
        s.earlier.push(std::mem::take(&mut old.ents).into());
        s.kept.clone_from(&self.rules.match_keep);
        for (name, holder, v) in old.counters.iter() {
            if self.rules.match_keep.iter().any(|k| k == name) && matches!(holder, Holder::Game | Holder::Player(_)) {
                let bounds = old.counters.id(name).map(|id| old.counters.bounds(id)).unwrap_or_default();
                let id = s.counters.declare(name, bounds);
                s.counters.insert(id, holder, v);
            }
        }
        let fired = s.log.len();
        self.w = super::World::new(s);
        // The new state counts its moves and versions from zero: nothing kept of the old
        // one may be taken for its.
        self.kept = super::memo::Kept::new(self.rules, &self.w.state);
        self.w.fired = fired;
        self.note(None, false, |me| format!("game {} of the match", me.w.state.game));
        self.prepare_whole_game()?;
        self.begin(None)?;
        self.atomically(|me| me.fire())?;
        self.start_phase()
    }

    /// The game's result as it stands: `result: winners:` and `scores:` read now.
    pub fn standing(&mut self) -> R<Standing> {
        let mut out = Standing { ended: self.w.state.over, ..Standing::default() };
        let rules: &'r super::Rules = self.rules;
        if let Some(w) = &rules.winners {
            out.winners = self.result_players(w)?;
        }
        out.losers = match &rules.losers {
            Some(l) => self.result_players(l)?,
            None if out.winners.is_empty() => vec![],
            None => (0..self.w.state.players.len()).filter(|p| !out.winners.contains(p)).collect(),
        };
        // Read before the end (a scenario's `expect_result`, a game the turn cap stopped),
        // `losers:` may name a player `winners:` names too: not yet an error, unless `end:`
        // holds now, and the game would end with that result.
        let overlap = out.losers.iter().any(|p| out.winners.contains(p));
        if overlap && !out.ended && !self.ended()? {
            let winners = &out.winners;
            out.losers.retain(|p| !winners.contains(p));
        }
        if let Some(&p) = out.losers.iter().find(|p| out.winners.contains(p)) {
            // Only a `losers:` of the game's own can name a winner: the error is placed there.
            let name = &self.w.state.players[p].name;
            let at = rules.losers.as_ref().map(|l| super::halt::At { file: l.file, span: l.span.clone() });
            let message = format!(
                "`result:` gives {name} as both a winner and a loser: a player is one or the other \
                 (write `losers:` so that it leaves the winners out)"
            );
            return Err(Halt::error_at(message, at));
        }
        if rules.scores.is_some() {
            for p in self.seated() {
                if let Some(score) = self.score_of(p)? {
                    out.scores.push((p, score));
                }
            }
        }
        Ok(out)
    }

    /// The players `result: winners:` or `losers:` names now (`you` = the first seat).
    fn result_players(&mut self, c: &super::rules::Cond) -> R<Vec<PlayerId>> {
        let mut cx = Ctx::placed(self.w.state.seats.first().copied(), None, &c.text, &c.origin);
        self.cover_cond(c);
        let v = self.cond_value(c, &mut cx)?;
        match super::select::first(v) {
            Value::Null => Ok(vec![]),
            v => self.players(&v),
        }
    }

    /// `p`'s score as `result: scores:` reads it now; `None` where the game gives none.
    /// (The greedy agent asks it after each action it tries.)
    pub(super) fn score_of(&mut self, p: PlayerId) -> R<Option<i64>> {
        let rules: &'r super::Rules = self.rules;
        let Some(sc) = &rules.scores else { return Ok(None) };
        let mut cx = Ctx::placed(Some(p), None, &sc.text, &sc.origin);
        cx.it = Some(Value::Player(p));
        self.cover_cond(sc);
        let v = self.cond_value(sc, &mut cx)?;
        self.int(&v, &sc.expr, &cx).map(Some)
    }
}

/// The zone that `holds:` pieces of kind `name` for `owner` (their own zone of that name;
/// the shared one for nobody): where a whole game's supply of them starts, and the home a
/// scenario's `put` gives them.
pub fn supply_zone(rules: &super::Rules, s: &State, name: &str, owner: Option<PlayerId>) -> Option<usize> {
    // Only a kind the game supplies (`per_player:` for an owner, `per_game:` for nobody)
    // starts in the zone that holds it: `holds:` alone says what a zone may take (a kind
    // made by scripts may be held by one faction's zone only).
    // (A faction may declare a kind the game declares too: any of them may supply it.)
    let mut specs = rules.piece_specs.iter().filter(|p| p.name.value == name);
    if !specs.any(|p| if owner.is_some() { p.per_player.is_some() } else { p.per_game.is_some() }) {
        return None;
    }
    let per = if owner.is_some() { Per::Player } else { Per::Game };
    let z = rules.zones.iter().find(|z| z.per == per && z.holds.iter().any(|h| h.value == name))?;
    s.zone(&z.name.value, owner)
}
