//! A scenario made from one step of a whole game (`twilit scenario-from`): the state
//! before the step written as setup data (every thing where it lies, with its label and
//! how it lies; counters; variables; the phase; the generator), then the step itself and
//! what it did as expectations. What setup cannot state (lasting effects, uses counted
//! this turn, the turn number...) is listed in the file's head, so a designer knows what
//! the scenario leaves out.

use std::fmt::Write;

use crate::engine::{label, EntId, Event, EventKind, Holder, Loc, State, Value};
use crate::interp::probe::{Found, StepKind};
use crate::interp::Rules;

/// Where the step came from, for the file's head.
pub struct Origin<'a> {
    /// The replay file, as named.
    pub replay: &'a str,
    /// The step (from 1).
    pub step: usize,
    /// The game's seed.
    pub seed: u64,
    /// The players the random agent played (their answers drew from the generator).
    pub random: Vec<String>,
}

/// The scenario, as YAML text. `lead`, for a response, is the step it answers (the step
/// just before it): the scenario starts before that step and takes both, since a
/// scenario's response answers the step before it.
pub fn scenario_yaml(rules: &Rules, found: &Found, lead: Option<&Found>, origin: &Origin) -> String {
    let first = lead.unwrap_or(found);
    let (before, after) = (&first.before, &found.after);
    let mut notes = unkept(first);
    if lead.is_some_and(|l| l.after.rng != found.before.rng) {
        notes.push(format!(
            "the random agent's picks between steps {} and {} (they drew from the generator: what step {} draws may differ)",
            origin.step - 1,
            origin.step,
            origin.step
        ));
    }
    let mut setup = vec![];
    things(rules, before, &mut setup, &mut notes);
    counters(before, &mut setup, &mut notes);
    variables(before, &mut setup, &mut notes);
    setup.push(format!("{{ generator: {} }}", before.rng.to_hex()));
    if before.clock.turn > 1 || before.clock.round > 1 {
        setup.push(format!("{{ turn: {}, round: {} }}", before.clock.turn, before.clock.round));
    }
    setup.push(format!("{{ phase: {} }}", q(&place_name(rules, before))));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Made by `twilit scenario-from {} --at {}`: the state before step {} of that",
        origin.replay,
        origin.step,
        origin.step - usize::from(lead.is_some())
    );
    let _ = match lead {
        Some(_) => writeln!(
            out,
            "# game (seed {}, turn {}), set up as data; then that step, the response of step {} to it, and what the response did.",
            origin.seed, before.clock.turn, origin.step
        ),
        None => writeln!(
            out,
            "# game (seed {}, turn {}), set up as data; then the step, and what it did.",
            origin.seed, before.clock.turn
        ),
    };
    if !notes.is_empty() {
        let _ = writeln!(out, "# Not set up here (setup cannot state them):");
        for n in &notes {
            let _ = writeln!(out, "#   - {n}");
        }
    }
    // A name `--filter` can find as one word: `seed_5_step_3`.
    let _ = writeln!(out, "scenario: {}", q(&format!("seed_{}_step_{}", origin.seed, origin.step)));
    let _ = writeln!(out, "game: {}", q(&rules.game));
    if !origin.random.is_empty() {
        let names: Vec<String> = origin.random.iter().map(|n| q(n)).collect();
        let _ = writeln!(out, "random_agents: [{}]", names.join(", "));
    }
    let _ = writeln!(out, "players:");
    for p in &before.players {
        match &p.faction {
            Some(f) => writeln!(out, "  - {{ name: {}, faction: {} }}", q(&p.name), q(f)),
            None => writeln!(out, "  - {{ name: {} }}", q(&p.name)),
        }
        .ok();
    }
    let _ = writeln!(out, "setup:");
    for item in &setup {
        let _ = writeln!(out, "  - {item}");
    }
    let _ = writeln!(out, "steps:");
    let lead_steps = lead.map(|l| taken(rules, l).0).unwrap_or_default();
    for step in lead_steps.into_iter().chain(steps(rules, found)) {
        let _ = writeln!(out, "  - {step}");
    }
    if after.over && found.kind == StepKind::Advance {
        let _ = writeln!(out, "# The game ended as this phase closed: a scenario's game never ends, so `advance`");
        let _ = writeln!(out, "# goes on into the next phase (SCENARIOS.md 4).");
    }
    if after.over && found.kind != StepKind::Advance {
        let _ = writeln!(out, "# The game ended as the phase this action ended closed: a scenario's game never ends,");
        let _ = writeln!(out, "# so its `act` opens the next phase, whose `start:` changes the zones and counters");
        let _ = writeln!(out, "# the game left: only the events and the end are expected (SCENARIOS.md 4).");
    }
    out
}

/// A YAML double-quoted string (JSON's escapes are YAML's).
fn q(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("{s:?}"))
}

/// The phase, or the step of it, the game stands in.
fn place_name(rules: &Rules, s: &State) -> String {
    let Some(p) = rules.phases.get(s.clock.phase) else { return String::new() };
    match s.clock.step.and_then(|i| p.steps.get(i)) {
        Some(step) => step.to_string(),
        None => p.name.to_string(),
    }
}

/// What lives outside the state: lasting modifiers and prohibitions, limited uses.
fn unkept(found: &Found) -> Vec<String> {
    found.unkept.clone()
}

/// Every thing in a zone or attached, as `put` items, made in the order the game made
/// them (which thing `place` takes, and attachments, follow it): runs of things made one
/// after another that lie alike in one place. Then `order` items give each zone whose
/// order differs its order, and the things out of place their `home`.
fn things(rules: &Rules, s: &State, setup: &mut Vec<String>, notes: &mut Vec<String>) {
    let seq = made_order(s);
    let mut run: Vec<EntId> = vec![];
    for &e in &seq {
        if run.last().is_some_and(|&l| key(s, l) != key(s, e)) {
            setup.push(put(rules, s, &run));
            run.clear();
        }
        run.push(e);
    }
    if !run.is_empty() {
        setup.push(put(rules, s, &run));
    }
    for (z, zone) in s.zones.iter().enumerate() {
        let as_made: Vec<EntId> = seq.iter().copied().filter(|&e| s.ents[e].loc == Loc::Zone(z)).collect();
        if as_made.len() > 1 && as_made.iter().ne(zone.items.iter()) {
            let labels: Vec<String> = zone.items.iter().map(|&e| q(&label::numbered(&s.ents[e].label))).collect();
            setup.push(format!("{{ order: [{}], {} }}", labels.join(", "), place(s, z, None)));
        }
    }
    notes.extend(odd_things(s));
}

/// The things on the table in the order the game made them, except that what is borne
/// comes right after its bearer (a `put ... on:` needs the bearer made first).
fn made_order(s: &State) -> Vec<EntId> {
    let mut made = vec![false; s.ents.len()];
    let (mut seq, mut waiting) = (vec![], vec![]);
    for e in 0..s.ents.len() {
        match s.ents[e].loc {
            Loc::Gone => continue,
            Loc::On(b) if !made[b] => {
                waiting.push(e);
                continue;
            }
            _ => {}
        }
        made[e] = true;
        seq.push(e);
        while let Some(k) = waiting.iter().position(|&w| matches!(s.ents[w].loc, Loc::On(b) if made[b])) {
            let w = waiting.remove(k);
            made[w] = true;
            seq.push(w);
        }
    }
    seq
}

/// What a `put` item cannot state of the things: properties set on them, a home in
/// another player's zone.
fn odd_things(s: &State) -> Vec<String> {
    let mut notes = vec![];
    for x in s.ents.iter().filter(|x| x.loc != Loc::Gone) {
        if !x.props.is_empty() {
            let props: Vec<String> = x.props.iter().map(|(k, v)| format!("{k} = {}", shown(s, v))).collect();
            notes.push(format!("the properties set on {}: {}", x.label, props.join(", ")));
        }
        // `home:` names a zone of the things' owner, or a shared one.
        if let Some(h) = x.home.filter(|&h| s.zones[h].owner.is_some_and(|o| Some(o) != x.owner)) {
            notes.push(format!("the home of {}: {}", x.label, s.zone_name(h)));
        }
    }
    notes
}

/// What one `put` item states of all its things: where, how they lie, their home.
type Key<'s> = (String, (bool, bool, Option<&'s str>, Option<usize>), Option<usize>);

fn key(s: &State, e: EntId) -> Key<'_> {
    (at(s, e), lie(s, e), s.ents[e].home)
}

/// Where a thing is, as a `put` item says it.
fn at(s: &State, e: EntId) -> String {
    let x = &s.ents[e];
    match x.loc {
        Loc::Zone(z) => place(s, z, x.owner),
        Loc::On(b) => {
            let of = x.owner.map(|o| format!(", of: {}", q(&s.players[o].name))).unwrap_or_default();
            format!("on: {}{of}", q(&label::numbered(&s.ents[b].label)))
        }
        Loc::Gone => String::new(),
    }
}

/// The zone a thing is put in: its own, or its bearer's.
fn put_in(s: &State, e: EntId) -> Option<usize> {
    match s.ents[e].loc {
        Loc::Zone(z) => Some(z),
        Loc::On(b) => put_in(s, b),
        Loc::Gone => None,
    }
}

/// The home a `put` gives a thing unless `home:` says: the zone that holds a piece's
/// kind, else where it is put (`scenario::setup`).
fn default_home(rules: &Rules, s: &State, e: EntId) -> Option<usize> {
    let x = &s.ents[e];
    let supply = match x.kind {
        crate::engine::Kind::Piece(k) => crate::interp::supply_zone(rules, s, s.piece_name(k), x.owner),
        crate::engine::Kind::Card(_) => None,
    };
    supply.or_else(|| put_in(s, e))
}

/// How a thing lies: what a `put` item states of all its things at once.
fn lie(s: &State, e: EntId) -> (bool, bool, Option<&str>, Option<usize>) {
    let x = &s.ents[e];
    (x.face_up, x.exhausted, x.side.map(|i| &**s.piece_name(i)), x.owner)
}

/// `in: ZONE, of: PLAYER` for a player's zone; for a shared zone or a space, `of:` is
/// the things' owner.
fn place(s: &State, z: usize, owner: Option<usize>) -> String {
    let zone = &s.zones[z];
    match zone.owner.or(owner) {
        Some(p) => format!("in: {}, of: {}", q(&zone.name), q(&s.players[p].name)),
        None => format!("in: {}", q(&zone.name)),
    }
}

fn put(rules: &Rules, s: &State, run: &[EntId]) -> String {
    let Some(&first) = run.first() else { return String::new() };
    let labels: Vec<String> = run.iter().map(|&e| q(&label::numbered(&s.ents[e].label))).collect();
    let (face_up, exhausted, side, _) = lie(s, first);
    let mut item = format!("{{ put: [{}], {}", labels.join(", "), at(s, first));
    if !face_up {
        item.push_str(", face: down");
    }
    if exhausted {
        item.push_str(", exhausted: true");
    }
    if let Some(side) = side {
        let _ = write!(item, ", side: {}", q(side));
    }
    // A player's zone gives what is put in it to that player, unless `owner:` says.
    let x = &s.ents[first];
    if let Loc::Zone(z) = x.loc {
        if s.zones[z].owner.or(x.owner) != x.owner {
            let _ = write!(item, ", owner: {}", x.owner.map_or("none".into(), |o| q(&s.players[o].name)));
        }
    }
    if let Some(h) = s.ents[first].home.filter(|&h| Some(h) != default_home(rules, s, first)) {
        let _ = write!(item, ", home: {}", q(&s.zones[h].name));
    }
    item.push_str(" }");
    item
}

/// The counters that differ from their start.
fn counters(s: &State, setup: &mut Vec<String>, notes: &mut Vec<String>) {
    for (name, holder, v) in s.counters.iter() {
        // Set back to where it started, it reads as if never set: nothing to state.
        if s.counters.id(name).is_some_and(|id| s.counters.bounds(id).start == v) {
            continue;
        }
        let of = match holder {
            Holder::Game => String::new(),
            Holder::Player(p) => format!(", of: {}", q(&s.players[p].name)),
            Holder::Ent(e) if s.ents[e].loc != Loc::Gone => format!(", of: {}", q(&label::numbered(&s.ents[e].label))),
            Holder::Ent(_) => continue,
            Holder::Zone(z) if s.zones[z].owner.is_none() => format!(", of: {}", q(&s.zones[z].name)),
            Holder::Zone(z) => {
                notes.push(format!("{name} of {} = {v}", s.zone_name(z)));
                continue;
            }
        };
        setup.push(format!("{{ counter: {}{of}, set: {v} }}", q(name)));
    }
}

/// Who left the game, how the players sit, the game's variables and whose turn it is, set
/// by a setup script.
fn variables(s: &State, setup: &mut Vec<String>, notes: &mut Vec<String>) {
    let mut sets = vec![];
    // The players who left the game, first: the seats list only those still in it.
    for &p in &s.eliminated {
        sets.push(format!("eliminate {}", s.players[p].name));
    }
    // Players sit as listed unless the game seated them otherwise.
    if s.seats.iter().copied().ne(0..s.players.len()) {
        let names: Vec<&str> = s.seats.iter().map(|&p| s.players[p].name.as_str()).collect();
        sets.push(format!("seat [{}]", names.join(", ")));
    }
    // The variables in name order, whose turn it is among them.
    let active = s.active().map(|p| ("active_player", Value::Player(p)));
    let mut vars: Vec<(&str, &Value)> = s.vars.iter().collect();
    if let Some((name, v)) = &active {
        let at = vars.partition_point(|(n, _)| *n < *name);
        vars.insert(at, (name, v));
    }
    for (name, v) in vars {
        match literal(s, v) {
            Some(text) => sets.push(format!("set {name} to {text}")),
            None => notes.push(format!("the variable {name} = {}", shown(s, v))),
        }
    }
    if !sets.is_empty() {
        setup.push(format!("{{ script: {} }}", q(&sets.join("\n"))));
    }
}

/// A value as a script writes it, when it can.
fn literal(s: &State, v: &Value) -> Option<String> {
    Some(match v {
        Value::Null => "none".into(),
        Value::Int(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Player(p) => s.players[*p].name.clone(),
        Value::Sym(t) => t.to_string(),
        _ => return None,
    })
}

/// A value for a note: as a script would write it, else its things' labels.
fn shown(s: &State, v: &Value) -> String {
    match v {
        Value::Ent(e) => s.ents[*e].label.as_str().to_owned(),
        Value::Zone(z) => s.zone_name(*z),
        Value::Str(t) => q(t),
        Value::List(items) => items.iter().map(|x| shown(s, x)).collect::<Vec<_>>().join(", "),
        other => literal(s, other).unwrap_or_default(),
    }
}

/// The step as it is taken: its `act` or `advance`, then a `choose` for each question it
/// asked; with the events it made after its pick.
fn taken<'f>(rules: &Rules, found: &'f Found) -> (Vec<String>, &'f [Event]) {
    let (before, after) = (&found.before, &found.after);
    let events = &after.log[before.log.len().min(after.log.len())..];
    let (head, events) = match found.kind {
        StepKind::Act(p) | StepKind::Respond(p) => {
            let text = match events.first().map(|e| &e.kind) {
                Some(EventKind::Choose { picked, .. }) => picked.first().cloned().unwrap_or_default(),
                _ => String::new(),
            };
            let act = format!("act: {{ player: {}, action: {} }}", q(&after.players[p].name), q(&text));
            (act, events.get(1..).unwrap_or(&[]))
        }
        StepKind::Advance => (format!("advance: {}", q(&place_name(rules, after))), events),
    };
    let mut out = vec![head];
    for e in events {
        if let EventKind::Choose { picked, .. } = &e.kind {
            let answers: Vec<String> = picked.iter().map(|a| q(a)).collect();
            out.push(format!("choose: [{}]", answers.join(", ")));
        }
    }
    (out, events)
}

/// The step, its answers, and what it did.
fn steps(rules: &Rules, found: &Found) -> Vec<String> {
    let (before, after) = (&found.before, &found.after);
    let (mut out, events) = taken(rules, found);
    // A game its `end:` ended as the phase closed goes on in a scenario: nothing after
    // `-- end of game` happens there (its `when: end of game` abilities). An `end game`
    // ends the scenario's game too, and they do.
    let ended_by_script = events.iter().any(|e| matches!(&e.kind, EventKind::Note { text } if text == "the game ends"));
    let game_end = |e: &Event| matches!(e.kind, EventKind::Period { start: false, period: "game", .. });
    let events = match events.iter().position(game_end) {
        Some(i) if !ended_by_script => &events[..i],
        _ => events,
    };
    let lines: Vec<String> = events.iter().filter(|e| logged(e)).map(|e| q(&e.render(after))).collect();
    if !lines.is_empty() {
        out.push(format!("expect_log: [{}]", lines.join(", ")));
    }
    // An action whose phase's close ended the game: the scenario's `act` closes the phase
    // and opens the next (its game never ends), whose `start:` changes what the game left.
    let ended_by_close = after.over && found.kind != StepKind::Advance;
    for cond in changed(before, after).into_iter().filter(|_| !ended_by_close) {
        out.push(format!("expect: {}", q(&cond)));
    }
    // The step that decided the game: its `end:` holds right after it.
    if found.ends {
        out.push("expect_end: true".into());
    }
    out
}

/// Whether an event's line is expected: not the turn's and phase's starts and ends,
/// whose numbers a scenario counts from 1, nor notes.
fn logged(e: &Event) -> bool {
    match &e.kind {
        EventKind::Period { .. } => false,
        // A player knocked out is the step's news; other notes are the tool's asides.
        EventKind::Note { text } => text.ends_with(" leaves the game"),
        _ => true,
    }
}

/// Conditions on what the step changed: the cards in each zone, the counters.
fn changed(before: &State, after: &State) -> Vec<String> {
    let mut out = vec![];
    // Players knocked out: those still in the game are fewer.
    if after.eliminated.len() != before.eliminated.len() {
        let n = after.players.len() - after.eliminated.len();
        out.push(format!("count(players) == {n}"));
    }
    for (z, zone) in after.zones.iter().enumerate() {
        let cards = |s: &State| s.zones.get(z).map_or(0, |zn| zn.items.iter().filter(|&&e| s.is_card(e)).count());
        let n = cards(after);
        if n != cards(before) {
            let of = zone.owner.map(|p| format!(" of {}", after.players[p].name)).unwrap_or_default();
            out.push(format!("count(cards in {}{of}) == {n}", zone.name));
        }
    }
    let value = |s: &State, name: &str, holder: Holder| {
        let set = s.counters.iter().find(|(n, h, _)| *n == name && *h == holder).map(|x| x.2);
        set.or_else(|| s.counters.id(name).map(|id| s.counters.bounds(id).start))
    };
    let mut touched: Vec<(&str, Holder)> = after.counters.iter().map(|(n, h, _)| (n, h)).collect();
    let gone: Vec<(&str, Holder)> =
        before.counters.iter().map(|(n, h, _)| (n, h)).filter(|x| !touched.contains(x)).collect();
    touched.extend(gone);
    for (name, holder) in touched {
        let (was, v) = (value(before, name, holder), value(after, name, holder).unwrap_or(0));
        if was == Some(v) {
            continue;
        }
        match holder {
            Holder::Game => out.push(format!("{name} == {v}")),
            Holder::Player(p) => out.push(format!("{name} of {} == {v}", after.players[p].name)),
            // A card id in a script means every copy: only a card of one copy is named so.
            Holder::Ent(e) if only_copy(after, e) => out.push(format!("{name} of {} == {v}", after.ents[e].label)),
            _ => {}
        }
    }
    out
}

/// Whether a thing is the one copy of its card or piece (its label, the bare id, then
/// names it alone in a script).
fn only_copy(s: &State, e: EntId) -> bool {
    let label = &s.ents[e].label;
    let more = format!("{label}#");
    s.is_card(e) && !label.contains('#') && !s.ents.iter().any(|x| x.label.starts_with(&more))
}
