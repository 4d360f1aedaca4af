//! Converting a ruleset (`game.yaml`) and the parts factions share with it: properties,
//! zones, pieces, counters, dice, board, keywords, procedures and turn structure.

use super::convert::{head, Cx};
pub(crate) use super::game_shape::*;
use super::model::*;
use super::whole::*;
use super::yaml::{Node, NodeKind};
use crate::diag::Diagnostic;

/// Converts a `game.yaml` mapping.
pub fn game(cx: &mut Cx, node: &Node) -> Option<Game> {
    let entries = cx.entries(node, "a game")?;
    let (mut id, mut name) = (None, None);
    let mut g = Game {
        game: Sp::new(String::new(), cx.file, head(node)),
        name: Sp::new(String::new(), cx.file, head(node)),
        players: None,
        roles: vec![],
        scoring: None,
        properties: vec![],
        zones: vec![],
        pieces: vec![],
        counters: vec![],
        dice: vec![],
        board: None,
        keywords: vec![],
        procedures: vec![],
        turn: None,
        play: None,
        setup: None,
        end: None,
        result: None,
        decks: vec![],
        variables: vec![],
        abilities: vec![],
        defaults: Defaults::default(),
        matches: None,
        file: cx.file,
        span: node.span.clone(),
    };
    cx.fields(entries, "a game", GAME_FIELDS, |cx, k, v| match k {
        "game" => id = cx.string(v, "`game`"),
        "name" => name = cx.string(v, "`name`"),
        "players" => g.players = players(cx, v),
        "roles" => g.roles = cx.names(v, "`roles`"),
        "scoring" => g.scoring = cx.string(v, "`scoring`"),
        "properties" => g.properties = cx.named(v, "`properties`", prop),
        "zones" => g.zones = zones(cx, v),
        "pieces" => g.pieces = pieces(cx, v),
        "counters" => g.counters = counters(cx, v),
        "dice" => g.dice = cx.named(v, "`dice`", die),
        "board" => g.board = super::board::board(cx, v),
        "keywords" => g.keywords = keywords(cx, v),
        "procedures" => g.procedures = procedures(cx, v),
        "turn" => g.turn = turn(cx, v),
        "play" => g.play = cx.script(v, "`play`"),
        "setup" => g.setup = cx.script(v, "`setup`"),
        "result" => g.result = super::whole::result(cx, v),
        "decks" => g.decks = cx.items(v, "`decks`").iter().filter_map(|n| super::whole::deck(cx, n)).collect(),
        "variables" => g.variables = cx.named(v, "`variables`", super::whole::variable),
        "abilities" => g.abilities = super::card::abilities(cx, v),
        "defaults" => g.defaults = super::whole::defaults(cx, v),
        "match" => g.matches = super::whole::match_spec(cx, v),
        _ => g.end = cx.script(v, "`end`"),
    });
    g.game = cx.required(id, node, "game", "the game");
    g.name = cx.required(name, node, "name", "the game");
    if g.players.is_none() {
        cx.check_present(node, "players", "the game");
    }
    Some(g)
}

fn players(cx: &mut Cx, node: &Node) -> Option<Players> {
    let Some(entries) = cx.entries(node, "`players`") else {
        // `players: 3`: a game for exactly that many.
        let most = cx.limits.players as u32;
        let n = node.text().and_then(|t| t.parse::<u32>().ok()).filter(|n| (1..=most).contains(n));
        if let (Some(n), Some(d)) = (n, cx.diags.last_mut()) {
            d.help = Some(format!("give the fewest and the most: `players: {{ min: {n}, max: {n} }}`"));
        }
        return None;
    };
    let mut p = Players { min: None, max: None, span: node.span.clone() };
    cx.fields(entries, "`players`", PLAYERS_FIELDS, |cx, k, v| {
        let max = cx.limits.players as i64;
        let advice = crate::limits::Limits::advice("players");
        let why = format!("a game seats 1 to {max} players ({advice})");
        let n = cx.int_in(v, &format!("`players.{k}`"), 1, max, &why);
        if k == "min" {
            p.min = n;
        } else {
            p.max = n;
        }
    });
    if p.min.is_none() {
        cx.check_present(node, "min", "`players`");
    }
    if p.max.is_none() {
        cx.check_present(node, "max", "`players`");
    }
    if let (Some(min), Some(max)) = (&p.min, &p.max) {
        if max.value < min.value {
            let msg = format!("`players.max` ({}) is less than `players.min` ({})", max.value, min.value);
            let d = Diagnostic::error("out-of-range", msg, cx.file, max.span)
                .with_label("fewer than the minimum")
                .with_secondary(cx.file, min.span, "the minimum")
                .with_help("swap them, or make `max` at least `min`");
            cx.diags.push(d);
        }
    }
    Some(p)
}

/// Converts one property or board attribute spec.
pub fn prop(cx: &mut Cx, name: Sp<String>, node: &Node) -> Option<PropSpec> {
    let entries = cx.entries(node, &format!("property `{}`", name.value))?;
    let what = format!("property `{}`", name.value);
    let mut p = PropSpec {
        name,
        ty: Sp::new(PropType::Text, cx.file, head(node)),
        values: vec![],
        default: None,
        modified: Modified::Always,
        min: None,
        max: None,
        span: node.span.clone(),
    };
    let mut has_type = false;
    cx.fields(entries, &what, PROP_FIELDS, |cx, k, v| match k {
        "type" => {
            has_type = true;
            if let Some(t) = cx.choice_or_word(v, "`type`", &PROP_TYPES, &PROP_TYPE_WORDS) {
                p.ty = cx.sp(t, &v.span);
            }
        }
        "values" => p.values = cx.names(v, "`values`"),
        "default" => p.default = Some(cx.value(v)),
        "min" => p.min = cx.int(v, "`min`"),
        "max" => p.max = cx.int(v, "`max`"),
        _ => p.modified = cx.choice(v, "`modified`", &MODIFIED).unwrap_or_default(),
    });
    if !has_type {
        cx.check_present(node, "type", &what);
    }
    for bound in [&p.min, &p.max].into_iter().flatten() {
        if p.ty.value != PropType::Number && has_type {
            let d = Diagnostic::error(
                "wrong-type",
                format!("{what} is not a number: it has no `min` or `max`"),
                cx.file,
                bound.span,
            )
            .with_label("a bound on a property that is not a number")
            .with_help("bounds are for `type: number` properties");
            cx.diags.push(d);
        }
    }
    let default = match &p.default {
        Some(Sp { value: Value::Int(n), span, .. }) => Some((*n, span.range())),
        _ => None,
    };
    let words = ("defaults to", "make the default lie within `min` and `max`");
    bounds_hold(cx, &what, (p.min.as_ref(), p.max.as_ref()), default, words);
    if p.ty.value == PropType::Enum && p.values.is_empty() && has_type {
        let d = Diagnostic::error("missing-field", format!("{what} is an enum without `values`"), cx.file, p.ty.span)
            .with_label("`values` is required for an enum")
            .with_help("list the values, e.g. `values: [a, b]`");
        cx.diags.push(d);
    }
    Some(p)
}

/// Converts `zones:`.
pub fn zones(cx: &mut Cx, node: &Node) -> Vec<ZoneSpec> {
    cx.named(node, "`zones`", |cx, name, v| {
        let what = format!("zone `{}`", name.value);
        let entries = cx.entries(v, &what)?;
        let mut z = ZoneSpec {
            name,
            per: Per::Player,
            ordered: false,
            visibility: Visibility::Public,
            capacity: None,
            holds: vec![],
            in_play: false,
            playable: false,
            refill: None,
            span: v.span.clone(),
        };
        let (mut vis_span, mut playable_span) = (None, None);
        cx.fields(entries, &what, ZONE_FIELDS, |cx, k, v| match k {
            "per" => z.per = cx.choice(v, "`per`", &PER).unwrap_or_default(),
            "ordered" => z.ordered = cx.bool(v, "`ordered`").is_some_and(|b| b.value),
            "visibility" => {
                z.visibility = cx.choice(v, "`visibility`", &VISIBILITY).unwrap_or_default();
                vis_span = Some(v.span.clone());
            }
            "capacity" => {
                z.capacity = cx.int_in(v, "`capacity`", 0, i64::MAX, "a zone holds 0 or more things");
            }
            "in_play" => z.in_play = cx.bool(v, "`in_play`").is_some_and(|b| b.value),
            "playable" => {
                z.playable = cx.bool(v, "`playable`").is_some_and(|b| b.value);
                playable_span = Some(v.span.clone());
            }
            "refill" => z.refill = cx.string(v, "`refill`"),
            _ => z.holds = cx.names(v, "`holds`"),
        });
        let ownerless = matches!(z.visibility, Visibility::Owner | Visibility::Others) && z.per == Per::Game;
        if let (true, Some(span)) = (ownerless, vis_span) {
            let msg = format!("{what} is shared: no player owns it, so `owner` and `others` mean nothing");
            let d = Diagnostic::error("meaningless-visibility", msg, cx.file, span)
                .with_label("needs an owner")
                .with_help("make it `per: player`, or say `hidden` (nobody sees it) or `public`");
            cx.diags.push(d);
        }
        // A card in play is never offered to be played again: a zone both playable and in
        // play offers nothing, and whole games went by with nobody acting.
        if let (true, true, Some(span)) = (z.playable, z.in_play, playable_span) {
            let msg = format!("{what} is in play: its cards are never offered to be played");
            let d = Diagnostic::warning("not-carried-out", msg, cx.file, span)
                .with_label("never offers a card")
                .with_help("a card is played from a zone not in play (a hand) into one in play: leave out `in_play:` or `playable:`");
            cx.diags.push(d);
        }
        // Refilled from itself, a short pile would get its own cards again: it never
        // refills, and a game that counts on it never ends.
        if let Some(r) = z.refill.as_ref().filter(|r| r.value == z.name.value) {
            let msg = format!("{what} is refilled from itself: a short draw would find it short still");
            let d = Diagnostic::error("self-refill", msg, cx.file, r.span)
                .with_label("the zone itself")
                .with_help("name the zone its cards come back from, e.g. `refill: discard_pile`");
            cx.diags.push(d);
        }
        Some(z)
    })
}

/// Converts `pieces:`.
pub fn pieces(cx: &mut Cx, node: &Node) -> Vec<PieceSpec> {
    cx.named(node, "`pieces`", |cx, name, v| {
        let what = format!("piece `{}`", name.value);
        let entries = cx.entries(v, &what)?;
        let mut p = PieceSpec {
            name,
            per_player: None,
            per_game: None,
            sides: vec![],
            plural: None,
            printed: Box::default(),
            span: v.span.clone(),
        };
        cx.fields(entries, &what, PIECE_FIELDS, |cx, k, v| match k {
            "per_player" | "per_game" => {
                let max = cx.limits.supply as i64;
                let advice = crate::limits::Limits::advice("supply");
                let why =
                    format!("a supply holds 0 to {max} pieces of a kind; for more, declare another kind ({advice})");
                let n = cx.int_in(v, &format!("`{k}`"), 0, max, &why);
                if k == "per_player" {
                    p.per_player = n;
                } else {
                    p.per_game = n;
                }
            }
            "sides" => p.sides = cx.names(v, "`sides`"),
            "printed" => {
                let Some(entries) = cx.entries(v, "`printed`") else { return };
                p.printed = cx.value_pairs(entries);
            }
            _ => p.plural = cx.string(v, "`plural`"),
        });
        Some(p)
    })
}

/// Converts `counters:`.
pub fn counters(cx: &mut Cx, node: &Node) -> Vec<CounterSpec> {
    cx.named(node, "`counters`", |cx, name, v| {
        let what = format!("counter `{}`", name.value);
        let entries = cx.entries(v, &what)?;
        let mut c = CounterSpec {
            name,
            on: CounterOn::Player,
            min: None,
            max: None,
            start: None,
            clamp: false,
            span: v.span.clone(),
        };
        cx.fields(entries, &what, COUNTER_FIELDS, |cx, k, v| match k {
            "on" => c.on = cx.choice(v, "`on`", &COUNTER_ON).unwrap_or_default(),
            "min" => c.min = cx.int(v, "`min`"),
            "max" => c.max = cx.int(v, "`max`"),
            "clamp" => c.clamp = cx.bool(v, "`clamp`").is_some_and(|b| b.value),
            _ => c.start = cx.int(v, "`start`"),
        });
        counter_range(cx, &c, &what);
        Some(c)
    })
}

/// A counter's `min` above its `max`, or a `start` outside them, is an error: the engine
/// would hold a value its declaration forbids.
fn counter_range(cx: &mut Cx, c: &CounterSpec, what: &str) {
    let start = c.start.as_ref().map(|s| (s.value, s.span.range()));
    bounds_hold(cx, what, (c.min.as_ref(), c.max.as_ref()), start, ("starts at", "start it within `min` and `max`"));
}

/// `min` above `max`, or the first value (`start:`, `default:`, said `how`) outside them:
/// an error, as the value would be clamped or never reached.
fn bounds_hold(
    cx: &mut Cx,
    what: &str,
    (lo, hi): (Option<&Sp<i64>>, Option<&Sp<i64>>),
    first: Option<(i64, crate::diag::Span)>,
    (how, help): (&str, &str),
) {
    let (min, max) = (lo.map(|m| m.value), hi.map(|m| m.value));
    if let (Some(lo), Some(hi)) = (lo, hi) {
        if lo.value > hi.value {
            let msg = format!("{what} has `min: {}` above `max: {}`", lo.value, hi.value);
            let d = Diagnostic::error("out-of-range", msg, cx.file, hi.span.range())
                .with_label("below the minimum")
                .with_secondary(cx.file, lo.span.range(), "the minimum")
                .with_help("swap them, or raise `max`");
            cx.diags.push(d);
            return;
        }
    }
    if let Some((v, span)) = first {
        let below = min.is_some_and(|m| v < m);
        let above = max.is_some_and(|m| v > m);
        if below || above {
            let (lo, hi) = (
                min.map_or("no minimum".into(), |m| m.to_string()),
                max.map_or("no maximum".into(), |m| m.to_string()),
            );
            let msg = format!("{what} {how} {v}, outside its range ({lo} to {hi})");
            let d = Diagnostic::error("out-of-range", msg, cx.file, span)
                .with_label(if below { "below `min`" } else { "above `max`" })
                .with_help(help.to_string());
            cx.diags.push(d);
        }
    }
}

fn die(cx: &mut Cx, name: Sp<String>, node: &Node) -> Option<DieSpec> {
    let what = format!("die `{}`", name.value);
    let before = cx.diags.len();
    let faces = cx.ints(node, &what);
    // (A list that is not one of numbers has its own error.)
    if faces.is_empty() && cx.diags.len() == before {
        let d = Diagnostic::error("missing-field", format!("{what} has no faces"), cx.file, node.span.clone())
            .with_label("a die with nothing to roll")
            .with_help("list its faces, e.g. `[1, 2, 3, 4, 5, 6]`");
        cx.diags.push(d);
    }
    Some(DieSpec { name, faces, span: node.span.clone() })
}

fn keywords(cx: &mut Cx, node: &Node) -> Vec<Keyword> {
    if node.is_null() {
        return vec![];
    }
    let Some(entries) = cx.entries(node, "`keywords`") else { return vec![] };
    let mut out = Vec::with_capacity(entries.len());
    for (k, v) in entries {
        let sig = cx.script(k, "a keyword signature");
        let body = cx.script(v, "a keyword's script");
        if let (Some(sig), Some(body)) = (sig, body) {
            out.push(Keyword { sig, body });
        }
    }
    out
}

/// Converts `procedures:`.
pub fn procedures(cx: &mut Cx, node: &Node) -> Vec<Procedure> {
    cx.named(node, "`procedures`", |cx, name, v| {
        let what = format!("procedure `{}`", name.value);
        let entries = cx.entries(v, &what)?;
        let mut p = Procedure { name, params: vec![], script: None, value: None, span: v.span.clone() };
        cx.fields(entries, &what, PROC_FIELDS, |cx, k, v| match k {
            "params" => p.params = cx.items(v, "`params`").iter().filter_map(|n| param(cx, n)).collect(),
            "script" => p.script = cx.script(v, "`script`"),
            _ => p.value = cx.script(v, "`value`"),
        });
        let has = |f: &str| entries.iter().any(|(k, v)| k.text() == Some(f) && !v.is_null());
        if has("script") && has("value") {
            let d = Diagnostic::error("wrong-type", format!("{what} has both `script` and `value`"), cx.file, head(v))
                .with_help("`script:` is a statement procedure, `value:` a function; keep one");
            cx.diags.push(d);
        } else if !has("script") && !has("value") {
            cx.missing(v, "script", &what);
        }
        Some(p)
    })
}

/// A parameter: `name`, `"name: type"`, or the one-entry mapping `name: type`.
fn param(cx: &mut Cx, node: &Node) -> Option<Param> {
    if let NodeKind::Map(entries) = &node.kind {
        if let [(k, v)] = entries.as_slice() {
            return Some(Param { name: cx.key(k)?, ty: cx.string(v, "a parameter type") });
        }
    }
    let src = cx.script(node, "a parameter")?;
    let part = |r: std::ops::Range<usize>| {
        let text = &src.text[r.clone()];
        let start = r.start + (text.len() - text.trim_start().len());
        let span = src.file_span(start..start + text.trim().len());
        Sp::new(text.trim().to_string(), src.file, span)
    };
    let Some(colon) = src.text.find(':') else { return Some(Param { name: part(0..src.text.len()), ty: None }) };
    Some(Param { name: part(0..colon), ty: Some(part(colon + 1..src.text.len())) })
}

/// Converts `turn:`.
pub fn turn(cx: &mut Cx, node: &Node) -> Option<Turn> {
    let entries = cx.entries(node, "`turn`")?;
    let mut t = Turn { order: None, phases: vec![], span: node.span.clone() };
    cx.fields(entries, "`turn`", TURN_FIELDS, |cx, k, v| match k {
        "order" => t.order = cx.script(v, "`order`"),
        _ => t.phases = cx.items(v, "`phases`").iter().filter_map(|n| phase(cx, n)).collect(),
    });
    Some(t)
}

fn phase(cx: &mut Cx, node: &Node) -> Option<Phase> {
    let entries = cx.entries(node, "a phase")?;
    let mut name = None;
    let mut p = Phase {
        name: Sp::new(String::new(), cx.file, head(node)),
        steps: vec![],
        start: None,
        end: None,
        actions: Window::default(),
        can_pass: None,
        span: node.span.clone(),
    };
    cx.fields(entries, "a phase", PHASE_FIELDS, |cx, k, v| match k {
        "name" => name = cx.string(v, "`name`"),
        "steps" => p.steps = cx.names(v, "`steps`"),
        "start" => p.start = cx.script(v, "`start`"),
        "actions" => p.actions = cx.choice(v, "`actions`", &WINDOWS).unwrap_or_default(),
        "can_pass" => p.can_pass = cx.script(v, "`can_pass`"),
        "end" => p.end = cx.script(v, "`end`"),
        _ => {
            let d = Diagnostic::error("unknown-field", "a phase's `script:` is now `end:`", cx.file, v.span.clone())
                .with_label("runs after the action window")
                .with_help("rename `script:` to `end:` (and use `start:` for what runs before the window)");
            cx.diags.push(d);
        }
    });
    p.name = cx.required(name, node, "name", "a phase");
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::FileId;

    fn load(src: &str) -> (Option<Game>, Vec<Diagnostic>) {
        let (root, mut diags) = crate::load::yaml::parse(FileId(0), src);
        let mut cx = Cx::new(FileId(0), src);
        let g = root.and_then(|r| game(&mut cx, &r));
        diags.extend(cx.diags);
        (g, diags)
    }

    const GAME: &str = "game: g\nname: G\nplayers: { min: 2, max: 4 }\nroles: [a, b]\nscoring: vp\n\
        properties:\n  cost: { type: number, modified: while_played }\n  side: { type: enum, values: [l, d] }\n\
        zones:\n  hand: { visibility: owner, in_play: true }\n  pool: { per: game, ordered: true, capacity: 3, holds: [w] }\n\
        pieces:\n  w: { per_player: 5, per_game: 3, sides: [up, down], plural: ws }\n\
        counters:\n  vp: { on: player, min: 0 }\ndice:\n  d6: [1, 2, 3, 4, 5, 6]\n\
        board:\n  attributes:\n    suit: { type: enum, values: [fox] }\n  spaces:\n    - { id: c1, suit: fox }\n    - { id: c2 }\n  adjacency:\n    - [c1, c2]\n\
        keywords:\n  \"Add[n]\": add n vp\n\
        procedures:\n  battle:\n    params: [a, b: selector, \"c: number\"]\n    script: |\n      draw 1\n  power:\n    value: 3\n\
        turn:\n  order: clockwise from speaker\n  phases:\n    - name: main\n      steps: [play]\n      end: draw 1\n\
        play: move this to hand\nsetup: draw 5\nend: vp >= 10\n";

    #[test]
    fn a_full_game_loads_without_problems() {
        let (g, diags) = load(GAME);
        assert!(diags.is_empty(), "{diags:#?}");
        let g = g.unwrap();
        assert_eq!(g.game.value, "g");
        assert_eq!(g.players.as_ref().unwrap().max.as_ref().unwrap().value, 4);
        assert_eq!(g.properties[0].modified, Modified::WhilePlayed);
        assert_eq!(g.properties[1].values.len(), 2);
        assert_eq!(g.zones[1].per, Per::Game);
        assert_eq!(g.zones[0].visibility, Visibility::Owner);
        assert!(g.zones[0].in_play && !g.zones[1].in_play);
        assert_eq!(g.pieces[0].per_game.as_ref().unwrap().value, 3);
        assert!(g.play.is_some());
        assert_eq!(g.pieces[0].sides.len(), 2);
        assert_eq!(g.dice[0].faces.len(), 6);
        let b = g.board.as_ref().unwrap();
        assert_eq!((b.spaces.len(), b.adjacency.len(), b.spaces[0].attrs.len()), (2, 1, 1));
        assert_eq!(&GAME[g.keywords[0].sig.span.range()], "\"Add[n]\"");
        assert_eq!(g.keywords[0].sig.file_span(0..3), GAME.find("Add[n]").unwrap()..GAME.find("Add[n]").unwrap() + 3);
        let params = &g.procedures[0].params;
        assert_eq!(params.len(), 3);
        assert_eq!(params[1].ty.as_ref().unwrap().value, "selector");
        assert_eq!(&GAME[params[2].ty.as_ref().unwrap().span.range()], "number");
        assert!(g.procedures[1].value.is_some());
        assert_eq!(g.turn.as_ref().unwrap().phases[0].steps[0].value, "play");
        assert_eq!(g.end.as_ref().unwrap().text, "vp >= 10");
    }

    #[test]
    fn every_problem_in_a_game_is_reported() {
        let src = "game: g\nplayers: { min: two }\nzones:\n  hand: { per: plyer, visibilty: owner }\n\
            properties:\n  side: { type: enum }\nprocedures:\n  p: { params: [] }\nturns: {}\n";
        let (g, diags) = load(src);
        assert!(g.is_some());
        let got: Vec<(&str, &str)> = diags.iter().map(|d| (d.code.as_str(), &src[d.labels[0].span.clone()])).collect();
        assert!(got.contains(&("twilit::wrong-type", "two")), "{got:?}");
        assert!(got.contains(&("twilit::missing-field", "min: two")), "{got:?}");
        assert!(got.contains(&("twilit::wrong-type", "plyer")), "{got:?}");
        assert!(got.contains(&("twilit::unknown-field", "visibilty")), "{got:?}");
        assert!(got.contains(&("twilit::missing-field", "enum")), "{got:?}");
        assert!(got.contains(&("twilit::missing-field", "params")), "{got:?}");
        assert!(got.contains(&("twilit::unknown-field", "turns")), "{got:?}");
        assert!(got.contains(&("twilit::missing-field", "game: g")), "{got:?}");
        let turns = diags.iter().find(|d| d.message.contains("turns")).unwrap();
        assert_eq!(turns.help.as_deref(), Some("did you mean `turn`?"));
        let plyer = diags.iter().find(|d| d.message.contains("plyer")).unwrap();
        assert_eq!(plyer.help.as_deref(), Some("did you mean `player`?"));
    }
}
