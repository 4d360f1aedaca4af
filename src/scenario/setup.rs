//! A scenario's setup items: the table laid out as data (things put with their labels and
//! how they lie, zones reordered, counters set, scripts run, the generator's state, the
//! turn and round numbers, the phase), then the game begun.

use super::*;

impl Runner<'_> {
    pub(super) fn setup(&mut self, it: &mut Interp) -> Res {
        let mut phase = None;
        let first = it.w.state.seats.first().copied();
        let default_active = it.w.state.active();
        let mut named_active = None;
        // What `{ start: game }` logged, for the transcript.
        let mut dealt = 0..0;
        for item in &self.sc.setup {
            match item {
                SetupItem::Phase(p) => {
                    phase = Some(
                        it.rules
                            .phase_index(&p.value)
                            .ok_or_else(|| self.fail(0, &p.span.range(), format!("no phase `{}`", p.value)))?,
                    )
                }
                SetupItem::Put { .. } => self.put(it, item)?,
                SetupItem::Order { order, zone, of, span } => self.order(it, order, zone, of.as_ref(), span)?,
                SetupItem::Generator(g) => {
                    let rng = crate::engine::Rng::from_hex(&g.value);
                    it.w.state.rng = rng.ok_or_else(|| self.fail(0, &g.span.range(), "not a generator's state"))?;
                }
                SetupItem::Counter { counter, of, set, span } => self.counter(it, counter, of.as_ref(), set, span)?,
                // Before the game begins: its start logs `-- start of turn N`.
                SetupItem::Clock { turn, round } => {
                    let c = &mut it.w.state.clock;
                    c.turn = u32::try_from(turn.value).unwrap_or(1);
                    c.round = round.as_ref().and_then(|r| u32::try_from(r.value).ok()).unwrap_or(1);
                }
                SetupItem::StartGame(span) => {
                    let from = it.w.state.log.len();
                    // What it did up to where it stopped (the options a wrong answer was
                    // given among), written before the failed setup is undone.
                    it.undone = Some(vec![]);
                    let out = it.atomically(|me| me.prepare_whole_game());
                    let so_far = it.undone.take().unwrap_or_default();
                    if let Err(h) = out {
                        self.t.setup_so_far(&so_far);
                        return Err(self.setup_failed(span, &h));
                    }
                    dealt = from..it.w.state.log.len();
                }
                SetupItem::Script(src) => {
                    let script = parse(src, it).map_err(|m| self.fail(0, &src.span.range(), m))?;
                    // Naming whose turn it is counts even when it names the default player.
                    let sets_active = script.block.stmts.iter().any(|st| {
                        matches!(&st.kind, syntax::ast::StmtKind::Set { prop, target: None, .. } if &*prop.name == "active_player")
                    });
                    let mut cx = self.ctx(it, first, &script.text).at(&script.origin);
                    it.atomically(|me| me.exec_stmts(&script.block, &mut cx))
                        .map_err(|h| self.setup_failed(&src.span.range(), &h))?;
                    if sets_active {
                        named_active = it.w.state.active();
                    }
                }
            }
        }
        // A setup script that made someone the active player wins over the turn order.
        let chosen = it.w.state.active().filter(|&p| Some(p) != default_active || named_active == Some(p));
        it.begin(phase).map_err(|h| self.failed(0, &self.sc.span, h.message(), &h))?;
        if let Some(p) = chosen {
            it.make_active(p);
        }
        it.w.fired = it.w.state.log.len();
        it.w.done.clear();
        self.t.setup(&it.w.state, &it.phase_name(), dealt);
        Ok(())
    }

    /// A setup item stopped by `h`: an answer the scenario gave wrongly (`answer `x` at step
    /// 2 is not an option`) is placed at that `choose` step, anything else at the item.
    fn setup_failed(&self, span: &Span, h: &Halt) -> Failure {
        let step = match h {
            // `answer x at step 2 is not an option`, `step 2 expects the options [...]`.
            Halt::Agent(m) => m
                .split_once(" at step ")
                .map(|(_, rest)| rest)
                .or_else(|| m.strip_prefix("step "))
                .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse::<usize>().ok())
                .filter(|&k| k >= 1 && k <= self.sc.steps.len()),
            _ => None,
        };
        match step {
            Some(k) => self.failed(k, &span_of(&self.sc.steps[k - 1]), h.message(), h),
            None => self.failed(0, span, h.message(), h),
        }
    }

    /// `{ put: [ids], in: ZONE, of: PLAYER }`: a new copy of each card, or a new piece for
    /// each piece name (on its first side, or `side:`), owned by the player or the zone's
    /// owner; a label (`"c1#2"`) is that copy. `on: THING` attaches them to a thing instead;
    /// `face:` and `exhausted:` set how they lie.
    fn put(&self, it: &mut Interp, item: &SetupItem) -> Res {
        let SetupItem::Put { put, zone, on, of, face_up, exhausted, side, home, owner: whose, span } = item else {
            return Ok(());
        };
        let owner = match of {
            Some(o) => Some(self.player(it, &o.value, &o.span.range())?),
            None => None,
        };
        let (z, bearer) = if *on {
            let b = match it.card_named(&zone.value) {
                Ok(Value::Ent(b)) => b,
                _ => {
                    return Err(self.fail(0, &zone.span.range(), format!("no thing `{}` to put things on", zone.value)))
                }
            };
            let z = match it.w.state.ents[b].loc {
                crate::engine::Loc::Zone(z) => z,
                _ => return Err(self.fail(0, &zone.span.range(), format!("`{}` is not in a zone", zone.value))),
            };
            (z, Some(b))
        } else {
            (it.zone_named(&zone.value, owner).map_err(|h| self.fail(0, span, h.message()))?, None)
        };
        let owner = match whose {
            Some(w) if w.value == "none" => None,
            Some(w) => Some(self.player(it, &w.value, &w.span.range())?),
            None => owner.or(it.w.state.zones[z].owner),
        };
        let home = match home {
            Some(h) => Some(it.zone_named(&h.value, owner).map_err(|e| self.fail(0, &h.span.range(), e.message()))?),
            None => None,
        };
        for id in put {
            let bad = |m: String| self.fail(0, &id.span.range(), m);
            // A bare id makes a new copy; a label (`c5#2`, `c5#1`) makes that copy.
            let Some((base, n)) = crate::engine::label::parse(&id.value) else {
                let base = id.value.split('#').next().unwrap_or_default();
                return Err(bad(format!("`{}` is not a label: write `{base}#2` for the second copy", id.value)));
            };
            let (kind, base) = if let Some(&c) = it.rules.card_ids.get(base) {
                (Kind::Card(c), base.to_string())
            } else {
                let piece = it.rules.env.resolve(base).map(|(n, _)| n).filter(|n| it.rules.pieces.contains_key(n));
                let k = piece.ok_or_else(|| bad(format!("no card or piece `{base}`")))?;
                (Kind::Piece(it.w.state.piece_id(&k)), k)
            };
            let label = if id.value.contains('#') {
                let taken = || bad(format!("`{}` is already on the table", id.value));
                it.w.state.claim_label(&base, n).ok_or_else(taken)?
            } else {
                it.w.state.fresh_label(&base)
            };
            let piece_side = match &kind {
                Kind::Piece(_) => {
                    let first = || it.rules.pieces[&base].first().cloned();
                    side.as_ref().map(|s| s.value.clone()).or_else(first).map(|s| it.w.state.piece_id(&s))
                }
                Kind::Card(_) => None,
            };
            // A whole game refuses a thing a full zone or space has no room for; so
            // does the table a scenario lays out, or it would test a state no game reaches.
            let full = |c: usize| it.w.state.zones[z].items.len() >= c;
            if let Some(c) = it.w.state.zones[z].capacity.filter(|&c| bearer.is_none() && full(c)) {
                let name = it.w.state.zone_name(z);
                return Err(bad(format!("{name} is full: its `capacity:` is {c}; put fewer things in it")));
            }
            let e = it.w.state.create(kind, label, owner, z);
            it.w.state.set_side(e, piece_side);
            if let Some(b) = bearer {
                it.w.state.attach(e, b);
            }
            if let Some(f) = face_up {
                it.w.state.set_face(e, f.value);
            }
            if let Some(x) = exhausted {
                it.w.state.set_exhausted(e, x.value);
            }
            // A piece some zone `holds:` has that zone (its owner's) as home, as in a whole
            // game, whose supplies start there: `remove` sends a captured piece back to the
            // supply, not to the space the scenario put it on.
            let supply = || match kind {
                Kind::Piece(_) => it.supply_of(&base, owner),
                Kind::Card(_) => None,
            };
            if let Some(h) = home.or_else(supply) {
                it.w.state.ents[e].home = Some(h);
            }
        }
        Ok(())
    }

    /// `{ order: [labels], in: ZONE, of: PLAYER }`: the zone's things in this order, top
    /// first; the list names each of them once.
    fn order(
        &self,
        it: &mut Interp,
        order: &[Sp<String>],
        zone: &Sp<String>,
        of: Option<&Sp<String>>,
        span: &Span,
    ) -> Res {
        let owner = match of {
            Some(o) => Some(self.player(it, &o.value, &o.span.range())?),
            None => None,
        };
        let z = it.zone_named(&zone.value, owner).map_err(|h| self.fail(0, span, h.message()))?;
        let mut items = Vec::with_capacity(order.len());
        for l in order {
            match it.card_named(&l.value) {
                Ok(Value::Ent(e)) if it.w.state.ents[e].loc == crate::engine::Loc::Zone(z) && !items.contains(&e) => {
                    items.push(e)
                }
                _ => {
                    return Err(self.fail(0, &l.span.range(), format!("`{}` is not (once) in {}", l.value, zone.value)))
                }
            }
        }
        if items.len() != it.w.state.zones[z].items.len() {
            let n = it.w.state.zones[z].items.len();
            return Err(self.fail(0, span, format!("{} holds {n} things; list each of them once", zone.value)));
        }
        it.w.state.set_items(z, items);
        Ok(())
    }

    /// `{ counter, of, set }`: a game's, a player's, or each copy of a card's counter.
    fn counter(
        &mut self,
        it: &mut Interp,
        counter: &Sp<String>,
        of: Option<&Sp<String>>,
        set: &Sp<i64>,
        span: &Span,
    ) -> Res {
        let holders = match of {
            None => vec![crate::engine::Holder::Game],
            Some(o) => match (it.w.state.player_named(&o.value), it.w.state.zone(&o.value, None)) {
                (Some(p), _) => vec![crate::engine::Holder::Player(p)],
                // A shared zone or a board space keeps its own counters.
                (None, Some(z)) if !it.rules.card_ids.contains_key(&o.value) => vec![crate::engine::Holder::Zone(z)],
                // A card id means every copy, as in scripts: each gets the counter.
                _ => {
                    let copies = match it.copies(&o.value) {
                        // A piece kind means every piece of it, as a card id means every copy.
                        Value::Null if it.rules.piece_specs.iter().any(|p| p.name.value == o.value) => {
                            let pieces = pieces_of(it, &o.value);
                            if pieces.is_empty() {
                                let (kind, name) = (&o.value, &counter.value);
                                let msg = format!(
                                    "no `{kind}` is on the table to keep `{name}`: put it there first (a `put:` item above this one)"
                                );
                                return Err(self.fail(0, &o.span.range(), msg));
                            }
                            pieces
                        }
                        Value::Null => {
                            vec![it.card_named(&o.value).map_err(|h| self.fail(0, &o.span.range(), h.message()))?]
                        }
                        Value::List(v) => v.to_vec(),
                        one => vec![one],
                    };
                    let mut hs = Vec::new();
                    for v in copies {
                        hs.push(it.holder(&v, &counter.value).map_err(|h| self.fail(0, span, h.message()))?);
                    }
                    hs
                }
            },
        };
        for holder in holders {
            it.w.state
                .set_counter(&counter.value, holder, set.value)
                .map_err(|m| self.fail(0, &set.span.range(), m))?;
        }
        Ok(())
    }
}

/// Every piece of kind `name` on the table, in table order (none where `name` is no kind).
fn pieces_of(it: &Interp, name: &str) -> Vec<Value> {
    let s = &it.w.state;
    let Some(kind) = s.piece_name_id(name) else { return vec![] };
    (0..s.ents.len()).filter(|&e| s.ents[e].kind == crate::engine::Kind::Piece(kind)).map(Value::Ent).collect()
}
