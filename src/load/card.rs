//! Converting cards (one card or a card set), their abilities, and factions.

use super::convert::{head, list, Cx};
use super::fields::{fields, Rest, Shape, Special, Ty, Words};
use super::game::{counters, pieces, procedures, turn, zones};
use super::game::{COUNTER_SHAPE, PIECE_SHAPE, PROC_SHAPE, PROP_SHAPE, TURN_SHAPE, ZONE_SHAPE};
use super::model::*;
use super::yaml::{Node, NodeKind};
use crate::diag::{did_you_mean, Diagnostic};
use crate::text::Text;

fields!(pub(crate) ABILITY_FIELDS, ABILITY = [
    "action": Ty::Name(&[Words::Phase, Words::Step, Words::Timing]) =>
        "Activated: usable in this phase or step, or `any` (any action window), `turn` (the user's own \
        turn) or `game` (any time).",
    "when": Ty::Script("event") => "Triggered: an event pattern.",
    "static": Ty::Script("script") =>
        "Continuous while in play: takes `requires` and `used_by`, never `cost`, `effect` or `optional`.",
    "before": Ty::Script("event") => "Event: resolves just before a matching event.",
    "instead": Ty::Script("event") => "Event: a replacement; its cost and effect happen instead.",
    "prevent": Ty::Script("event") => "Event: the matching event does not happen (`effect` optional).",
    "response": Ty::Script("event") => "Event: usable right after a matching event (a reaction).",
    "requires": Ty::Script("condition") => "Condition: when the ability may be used.",
    "cost": Ty::Script("script") => "Script: paid atomically.",
    "effect": Ty::Script("script") => "Script: what it does (required but on `static` and `prevent`).",
    "optional": Ty::Bool => "Ask before resolving (default false).",
    "used_by": Ty::Script("expr") => "Expr: the players who may use it (default its controller).",
    "name": Ty::Text => "Its name among legal actions (`use card: name`).",
    "limit": Ty::Special(Special::Limit) => "`N per PERIOD`: how often a player may use it (`once per turn`).",
    "from": Ty::List(&Ty::Name(&[Words::Zone])) => "Zones besides play where this ability works, e.g. `[hand]`.",
]);
/// The periods of `limit: N per PERIOD`.
pub(crate) const PERIODS: &[&str] = &["turn", "phase", "round", "game"];
pub(crate) const ABILITY_KINDS: &[&str] = &["action", "when", "static", "before", "instead", "prevent", "response"];
/// An ability of a card, faction or game.
pub(super) const ABILITY_SHAPE: Shape = Shape {
    def: "ability",
    doc: "An ability: exactly one of `action`, `when`, `static`, `before`, `instead`, `prevent` or `response`.",
    fields: ABILITY,
    one_of: ABILITY_KINDS,
    single: false,
    rest: Rest::Closed,
};

fields!(pub(crate) FACTION_FIELDS, FACTION = [
    "faction" required: Ty::Text => "The faction's id.",
    "name" required: Ty::Text => "The faction's display name.",
    "text": Ty::Text => "Its printed text.",
    "zones": Ty::Named(&Ty::Obj(&ZONE_SHAPE)) => "As in game.yaml, added to the game for this faction.",
    "pieces": Ty::Named(&Ty::Obj(&PIECE_SHAPE)) => "As in game.yaml.",
    "counters": Ty::Named(&Ty::Obj(&COUNTER_SHAPE)) => "As in game.yaml.",
    "procedures": Ty::Named(&Ty::Obj(&PROC_SHAPE)) => "As in game.yaml.",
    "abilities": Ty::List(&Ty::Obj(&ABILITY_SHAPE)) => "As on cards.",
    "setup": Ty::Script("script") => "Script run at game start.",
    "turn": Ty::Obj(&TURN_SHAPE) => "The faction's own turn: phases named like the game's, run after the game's.",
    "cards": Ty::List(&Ty::Obj(&CARD_SHAPE)) => "The faction's cards.",
    "properties": Ty::Named(&Ty::Obj(&PROP_SHAPE)) => "As in game.yaml: properties any card of the game may print.",
]);
/// A faction file.
pub(super) const FACTION_SHAPE: Shape = Shape::closed("faction", "A faction.", FACTION);

/// One card.
pub(crate) const CARD_SHAPE: Shape = Shape {
    def: "card",
    doc: "A card: `id`, `name`, optional `text`, `copies`, `play` and `abilities`; any other key is a \
        property of the game.",
    fields: CARD,
    one_of: &[],
    single: false,
    rest: Rest::Props,
};

/// Converts a list of cards (a card set).
pub fn cards(cx: &mut Cx, node: &Node) -> Vec<Card> {
    let items = cx.items(node, "`cards`");
    // Sized by the list, not by doubling: cards live as long as the library.
    let mut out = Vec::with_capacity(items.len());
    out.extend(items.iter().filter_map(|n| card(cx, n)));
    out
}

/// Converts one card mapping; keys other than `CARD_FIELDS` become `props`.
pub fn card(cx: &mut Cx, node: &Node) -> Option<Card> {
    let entries = cx.entries(node, "a card")?;
    let (mut id, mut name) = (None, None);
    let mut props = Vec::new();
    let mut c = Card {
        id: Sp::new(String::new(), cx.file, head(node)),
        name: Sp::new(String::new(), cx.file, head(node)),
        text: None,
        copies: None,
        play: None,
        abilities: Box::default(),
        props: Box::default(),
        file: cx.file,
        span: node.span.clone().into(),
    };
    for (k, v) in entries {
        let Some(key) = cx.key(k) else { continue };
        if !CARD_FIELDS.contains(&key.value.as_str()) {
            props.push((cx.shared_key(key), cx.value(v)));
            continue;
        }
        if v.is_null() {
            continue;
        }
        match key.value.as_str() {
            "id" => id = cx.string(v, "`id`"),
            "name" => name = cx.string(v, "`name`"),
            "text" => c.text = cx.string(v, "`text`").map(|t| cx.shared_key(t)),
            "copies" => {
                let max = cx.limits.copies as i64;
                let advice = crate::limits::Limits::advice("copies");
                let why = format!("a card has 1 to {max} copies; for a bigger deck, make several cards ({advice})");
                c.copies = cx.int_in(v, "`copies`", 1, max, &why).map(Box::new);
            }
            "play" => c.play = cx.script(v, "`play`"),
            _ => c.abilities = abilities(cx, v).into_boxed_slice(),
        }
    }
    c.id = cx.required(id, node, "id", "this card");
    c.name = cx.required(name, node, "name", "this card");
    // Cards live as long as the library: no spare capacity kept per card.
    c.props = props.into_boxed_slice();
    Some(c)
}

/// Converts an `abilities:` list.
pub fn abilities(cx: &mut Cx, node: &Node) -> Vec<Ability> {
    let items = cx.items(node, "`abilities`");
    // Sized by the list: collecting a filtered list starts at four, twice what a card has.
    let mut out = Vec::with_capacity(items.len());
    out.extend(items.iter().filter_map(|n| ability(cx, n)));
    out
}

fn ability(cx: &mut Cx, node: &Node) -> Option<Ability> {
    let entries = cx.entries(node, "an ability")?;
    let mut kinds: Vec<(&str, Option<AbilityKind>, &Node)> = Vec::new();
    let mut a = Ability {
        kind: AbilityKind::Action(Sp::new(Text::from(""), cx.file, head(node))),
        requires: None,
        cost: None,
        effect: None,
        used_by: None,
        extras: None,
        file: cx.file,
        span: node.span.clone().into(),
    };
    cx.fields(entries, "an ability", ABILITY_FIELDS, |cx, k, v| match k {
        "action" => kinds.push(("action", cx.string(v, "`action`").map(|s| AbilityKind::Action(cx.shared_key(s))), v)),
        "when" => kinds.push(("when", cx.script(v, "`when`").map(AbilityKind::When), v)),
        "static" => kinds.push(("static", cx.script(v, "`static`").map(AbilityKind::Static), v)),
        "before" | "instead" | "prevent" | "response" => {
            let react = match k {
                "before" => React::Before,
                "instead" => React::Instead,
                "prevent" => React::Prevent,
                _ => React::Response,
            };
            kinds.push((react.key(), cx.script(v, &format!("`{k}`")).map(|s| AbilityKind::React(react, s)), v));
        }
        "from" => a.extras_mut().from = cx.names(v, "`from`").into_boxed_slice(),
        "requires" => a.requires = cx.script(v, "`requires`"),
        "cost" => a.cost = cx.script(v, "`cost`"),
        "effect" => a.effect = cx.script(v, "`effect`"),
        "optional" => a.extras_mut().optional = cx.bool(v, "`optional`"),
        "name" => a.extras_mut().name = cx.string(v, "`name`"),
        "limit" => a.extras_mut().limit = limit(cx, v),
        _ => a.used_by = cx.script(v, "`used_by`"),
    });
    let kind = ability_kind(cx, node, &kinds)?;
    a.kind = kind;
    ability_shape(cx, node, &a);
    Some(a)
}

/// `limit: N per PERIOD` (or `once per PERIOD`).
fn limit(cx: &mut Cx, node: &Node) -> Option<Sp<UseLimit>> {
    let text = cx.string(node, "`limit`")?;
    let words: Vec<&str> = text.value.split_whitespace().collect();
    let times = match words.first() {
        Some(&"once") => Some(1),
        Some(&"twice") => Some(2),
        Some(n) => n.parse::<u32>().ok().filter(|n| *n > 0),
        None => None,
    };
    // The period as the word of `PERIODS` itself, which the uses counted in it share.
    let per = words.get(2).and_then(|w| PERIODS.iter().copied().find(|p| p == w));
    match (times, words.get(1), per, words.len()) {
        (Some(times), Some(&"per"), Some(per), 3) => Some(Sp::new(UseLimit { times, per }, cx.file, text.span)),
        // No use at all: the form is right, the number is not.
        (None, Some(&"per"), Some(_), 3)
            if words[0].bytes().all(|b| b.is_ascii_digit()) && words[0].trim_start_matches('0').is_empty() =>
        {
            let msg = format!("the limit `{}` allows no use: a use limit is 1 or more", text.value);
            let d = Diagnostic::error("out-of-range", msg, cx.file, text.span).with_label("never usable").with_help(
                "write at least `1 per PERIOD` (`once per turn`), or remove the ability if it is never to be used",
            );
            cx.diags.push(d);
            None
        }
        // Digits past what a count holds: the form is right, the number is not.
        (None, Some(&"per"), Some(_), 3) if words[0].bytes().all(|b| b.is_ascii_digit()) => {
            let msg = format!("the limit `{}` is too large: a use limit goes up to {}", words[0], u32::MAX);
            let d = Diagnostic::error("out-of-range", msg, cx.file, text.span)
                .with_label("too many uses to count")
                .with_help("leave `limit:` out for no limit");
            cx.diags.push(d);
            None
        }
        _ => {
            let msg = format!("`limit` must be `N per PERIOD`, found `{}`", text.value);
            let d = Diagnostic::error("wrong-type", msg, cx.file, text.span)
                .with_label("not a use limit")
                .with_help("write e.g. `once per turn`, `2 per round` (periods: turn, phase, round, game)");
            cx.diags.push(d);
            None
        }
    }
}

/// The one kind of an ability; reports none or several. `None` drops the ability.
fn ability_kind(cx: &mut Cx, node: &Node, kinds: &[(&str, Option<AbilityKind>, &Node)]) -> Option<AbilityKind> {
    if kinds.is_empty() {
        let unknown = node_keys(node).into_iter().find_map(|k| did_you_mean(k, ABILITY_KINDS.iter().copied()));
        let msg = "an ability needs one of `action`, `when`, `static`, `before`, `instead`, `prevent` or `response`";
        let d = Diagnostic::error("missing-field", msg, cx.file, head(node))
            .with_label("no `action`, `when`, `static`, `before`, `instead`, `prevent` or `response`")
            .with_help(match unknown {
                Some(m) => format!("did you mean `{m}`?"),
                None => "`action: phase` is activated, `when: event` triggered, `static: script` continuous".into(),
            });
        cx.diags.push(d);
        return None;
    }
    for (name, _, v) in &kinds[1..] {
        let msg = format!("an ability has exactly one of {}, found `{}` and `{name}`", list(ABILITY_KINDS), kinds[0].0);
        let d = Diagnostic::error("wrong-type", msg, cx.file, v.span.clone())
            .with_label(format!("second kind `{name}`"))
            .with_help("split it into two abilities");
        cx.diags.push(d);
    }
    kinds[0].1.clone()
}

/// Static abilities have no cost or effect; the others need an effect.
fn ability_shape(cx: &mut Cx, node: &Node, a: &Ability) {
    match &a.kind {
        AbilityKind::Static(_) => {
            for (k, _) in entries_of(node) {
                if let Some(f @ ("cost" | "effect" | "optional")) = k.text() {
                    let msg = format!("a static ability has no `{f}`");
                    let d = Diagnostic::error("unknown-field", msg, cx.file, k.span.clone())
                        .with_label("not allowed on `static`")
                        .with_help("a static ability is its script; use `action:` or `when:` for costs and effects");
                    cx.diags.push(d);
                }
            }
        }
        // Preventing is its whole effect.
        AbilityKind::React(React::Prevent, _) => {}
        _ => cx.check_present(node, "effect", "this ability"),
    }
}

fn entries_of(node: &Node) -> &[(Node, Node)] {
    match &node.kind {
        NodeKind::Map(e) => e,
        _ => &[],
    }
}

fn node_keys(node: &Node) -> Vec<&str> {
    entries_of(node).iter().filter_map(|(k, _)| k.text()).collect()
}

/// Converts a faction file.
pub fn faction(cx: &mut Cx, node: &Node) -> Option<Faction> {
    let entries = cx.entries(node, "a faction")?;
    let (mut id, mut name) = (None, None);
    let mut f = Faction {
        faction: Sp::new(String::new(), cx.file, head(node)),
        name: Sp::new(String::new(), cx.file, head(node)),
        text: None,
        properties: vec![],
        zones: vec![],
        pieces: vec![],
        counters: vec![],
        procedures: vec![],
        abilities: vec![],
        setup: None,
        turn: None,
        cards: vec![],
        file: cx.file,
        span: node.span.clone(),
    };
    cx.fields(entries, "a faction", FACTION_FIELDS, |cx, k, v| match k {
        "faction" => id = cx.string(v, "`faction`"),
        "name" => name = cx.string(v, "`name`"),
        "text" => f.text = cx.string(v, "`text`"),
        "zones" => f.zones = zones(cx, v),
        "properties" => f.properties = cx.named(v, "`properties`", super::game::prop),
        "pieces" => f.pieces = pieces(cx, v),
        "counters" => f.counters = counters(cx, v),
        "procedures" => f.procedures = procedures(cx, v),
        "abilities" => f.abilities = abilities(cx, v),
        "setup" => f.setup = cx.script(v, "`setup`"),
        "turn" => f.turn = turn(cx, v),
        _ => f.cards = cards(cx, v),
    });
    f.faction = cx.required(id, node, "faction", "this faction");
    f.name = cx.required(name, node, "name", "this faction");
    Some(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::FileId;

    fn load(src: &str) -> (Vec<Card>, Vec<Diagnostic>) {
        let (root, mut diags) = crate::load::yaml::parse(FileId(0), src);
        let mut cx = Cx::new(FileId(0), src);
        let c = root.map(|r| cards(&mut cx, &r)).unwrap_or_default();
        diags.extend(cx.diags);
        (c, diags)
    }

    fn at<'a>(src: &'a str, d: &'a Diagnostic) -> (&'a str, &'a str) {
        (d.code.strip_prefix("twilit::").unwrap(), &src[d.labels[0].span.clone()])
    }

    #[test]
    fn cards_keep_properties_and_abilities() {
        let src = "- id: road\n  name: Road\n  type: site\n  cost: 0\n  keywords: [a, b]\n  copies: 2\n  abilities:\n\
            \x20   - action: main\n      requires: count(x) > 0\n      cost: Exert[scout]\n      effect: |\n        draw 1\n\
            \x20   - when: you play this\n      optional: true\n      effect: draw 1\n    - static: modify cost of x by +1\n";
        let (cards, diags) = load(src);
        assert!(diags.is_empty(), "{diags:#?}");
        let c = &cards[0];
        assert_eq!((c.id.value.as_str(), c.copies.as_ref().unwrap().value), ("road", 2));
        let props: Vec<&str> = c.props.iter().map(|(k, _)| k.value.as_str()).collect();
        assert_eq!(props, ["type", "cost", "keywords"]);
        assert_eq!(c.props[1].1.value, Value::Int(0));
        assert!(matches!(&c.props[2].1.value, Value::List(l) if l.len() == 2));
        assert_eq!(c.abilities.len(), 3);
        assert!(matches!(&c.abilities[0].kind, AbilityKind::Action(p) if p.value == "main"));
        assert!(matches!(&c.abilities[1].kind, AbilityKind::When(s) if s.text == "you play this"));
        assert!(c.abilities[1].optional().unwrap().value);
        assert!(matches!(&c.abilities[2].kind, AbilityKind::Static(_)));
        assert_eq!(c.abilities[0].effect.as_ref().unwrap().text, "draw 1\n");
    }

    #[test]
    fn two_errors_in_one_file_are_both_reported() {
        let src = "- id: a\n  name: A\n  abilities:\n    - action: main\n      efect: draw 1\n\
            - id: b\n  copies: many\n  abilities:\n    - effect: draw 1\n    - action: x\n      static: y\n      effect: z\n";
        let (cards, diags) = load(src);
        assert_eq!(cards.len(), 2);
        let got: Vec<_> = diags.iter().map(|d| at(src, d)).collect();
        assert_eq!(
            got,
            [
                ("unknown-field", "efect"),
                ("missing-field", "action: main"),
                ("wrong-type", "many"),
                ("missing-field", "effect: draw 1"),
                ("wrong-type", "y"),
                ("missing-field", "id: b"),
            ]
        );
        assert_eq!(diags[0].help.as_deref(), Some("did you mean `effect`?"));
        assert_eq!(cards[1].abilities.len(), 1);
        assert!(cards[1].name.is_missing());
    }

    #[test]
    fn static_abilities_take_no_effect_and_kinds_get_did_you_mean() {
        let src =
            "- id: a\n  name: A\n  abilities:\n    - static: x\n      effect: y\n    - acton: main\n      effect: z\n";
        let (_, diags) = load(src);
        let got: Vec<_> = diags.iter().map(|d| at(src, d)).collect();
        assert_eq!(got, [("unknown-field", "effect"), ("unknown-field", "acton"), ("missing-field", "acton: main")]);
        assert_eq!(diags[2].help.as_deref(), Some("did you mean `action`?"));
    }

    #[test]
    fn factions_convert_their_parts() {
        let src = "faction: guild\nname: Guild\nzones:\n  loyal: { capacity: 4 }\nabilities:\n  - static: x\n\
            cards:\n  - { id: f1, name: F1 }\nturn:\n  phases:\n    - name: birdsong\nsetup: draw 1\nevening: {}\n";
        let (root, _) = crate::load::yaml::parse(FileId(0), src);
        let mut cx = Cx::new(FileId(0), src);
        let f = faction(&mut cx, &root.unwrap()).unwrap();
        assert_eq!((f.zones.len(), f.abilities.len(), f.cards.len()), (1, 1, 1));
        assert_eq!(f.turn.unwrap().phases[0].name.value, "birdsong");
        let got: Vec<_> = cx.diags.iter().map(|d| at(src, d)).collect();
        assert_eq!(got, [("unknown-field", "evening")]);
    }
}
