//! Scenario files (shape only): their types, and their conversion: players, setup items
//! and steps.

use super::convert::{head, list, Cx};
use super::model::{ScriptSrc, Sp};
pub(crate) use super::scenario_shape::*;
use super::yaml::{Node, NodeKind};
use crate::diag::{did_you_mean, Diagnostic};
use crate::diag::{FileId, Span};

/// A scenario (shape only).
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// `scenario:` its name.
    pub scenario: Sp<String>,
    /// `game:` the game it runs.
    pub game: Sp<String>,
    /// `seed:` (default 0).
    pub seed: Option<Sp<i64>>,
    /// `choices:` what answers a question no `choose:` step answers: `strict` (default,
    /// the scenario fails), `first` (the first legal option) or `random` (seeded).
    pub choices: Option<Sp<String>>,
    /// `random_agents:` the players whose answers the random agent gave, in the game the
    /// scenario was made from: each of their answers draws from the generator as it did.
    pub random_agents: Vec<Sp<String>>,
    /// `players:`.
    pub players: Vec<ScenarioPlayer>,
    /// Where the `players:` list is (the scenario's head when it has none).
    pub players_span: Span,
    /// `setup:` items, in order.
    pub setup: Vec<SetupItem>,
    /// `steps:`, in order.
    pub steps: Vec<Step>,
    /// The file.
    pub file: FileId,
    /// The whole mapping.
    pub span: Span,
}

/// One seat of a scenario: `{ name, role, faction }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioPlayer {
    /// `name:` (required).
    pub name: Sp<String>,
    /// `role:`.
    pub role: Option<Sp<String>>,
    /// `faction:`.
    pub faction: Option<Sp<String>>,
    /// The mapping.
    pub span: Span,
}

/// One scenario setup item.
#[derive(Debug, Clone, PartialEq)]
pub enum SetupItem {
    /// `{ put: [cards], in: zone, of: player }` (or `on: thing`), with the state the
    /// things start in.
    Put {
        /// Card ids, piece names, or labels (`"c1#2"`: that copy).
        put: Vec<Sp<String>>,
        /// Where: `in:` a zone or space, or `on:` a thing (attached to it).
        zone: Sp<String>,
        /// Whether `zone` is a thing the put things are attached to (`on:`).
        on: bool,
        /// Whose zone (absent for a game zone).
        of: Option<Sp<String>>,
        /// `face: up|down` (default: up).
        face_up: Option<Sp<bool>>,
        /// `exhausted: true`.
        exhausted: Option<Sp<bool>>,
        /// `side:` the side a piece shows (default: its first).
        side: Option<Sp<String>>,
        /// `home:` the zone `remove` and `return` send them back to (default: where put).
        home: Option<Sp<String>>,
        /// `owner:` whose the things are (a player, or `none`), when not `of:`'s.
        owner: Option<Sp<String>>,
        /// The item.
        span: Span,
    },
    /// `{ order: [labels], in: zone, of: player }`: the zone's things, reordered (top first).
    Order {
        /// Every thing of the zone, by label, in the order wanted.
        order: Vec<Sp<String>>,
        /// The zone.
        zone: Sp<String>,
        /// Whose zone (absent for a game zone).
        of: Option<Sp<String>>,
        /// The item.
        span: Span,
    },
    /// `{ generator: STATE }`: the random generator continues from this state (64 hex
    /// digits, as `scenario-from` writes it).
    Generator(Sp<String>),
    /// `{ turn: N, round: M }`: the clock's numbers the scenario starts at (a rule that
    /// reads `turn`, such as a turn limit, is tested without playing the turns before).
    Clock {
        /// The turn number.
        turn: Sp<i64>,
        /// The round number (default 1).
        round: Option<Sp<i64>>,
    },
    /// `{ counter, of, set }`.
    Counter {
        /// The counter.
        counter: Sp<String>,
        /// Whose (absent for a game counter).
        of: Option<Sp<String>>,
        /// The value.
        set: Sp<i64>,
        /// The item.
        span: Span,
    },
    /// `{ script }`.
    Script(ScriptSrc),
    /// `{ phase }`: start in this phase.
    Phase(Sp<String>),
    /// `{ start: game }`: deal the table as a whole game does (`decks:`, supplies, the
    /// variables' start values, the game's and the factions' `setup:`).
    StartGame(Span),
}

/// One scenario step (a one-key mapping).
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// `act: { player, play | use | script }`.
    Act {
        /// Who acts.
        player: Sp<String>,
        /// What they do.
        action: Act,
        /// The step.
        span: Span,
    },
    /// `choose: [answers]`, or `choose: { pick: [answers], among: [options] }`.
    Choose(Choice),
    /// `expect: condition`.
    Expect(ScriptSrc),
    /// `expect_error: "message"`.
    ExpectError(Sp<String>),
    /// `expect_log: ["line", ...]`.
    ExpectLog(Sp<Vec<Sp<String>>>),
    /// `expect_no_log: ["line", ...]`: no event of the last `act` or `advance` has these.
    ExpectNoLog(Sp<Vec<Sp<String>>>),
    /// `advance: phase`: everyone passes until this phase starts.
    Advance(Sp<String>),
    /// `expect_end: true|false`: whether the game's `end:` holds now.
    ExpectEnd(Sp<bool>),
    /// `next_game: true|false`: the game ends here; the match's `after:` runs and its
    /// `until:` is read: the next game is dealt (`true` expects it), or the match is over.
    NextGame(Sp<bool>),
    /// `expect_result: { winners: [...], losers: [...], scores: { player: n } }`: the
    /// game's `result:` read now.
    ExpectResult {
        /// The winners, in any order (`[]`: nobody, a draw).
        winners: Option<Sp<Vec<Sp<String>>>>,
        /// The losers, in any order.
        losers: Option<Sp<Vec<Sp<String>>>>,
        /// Each named player's score.
        scores: Vec<(Sp<String>, Sp<i64>)>,
        /// The step.
        span: Span,
    },
    /// `expect_view: { player, has: [...], lacks: [...] }`: what one player is shown now.
    ExpectView {
        /// Whose view.
        player: Sp<String>,
        /// Parts of lines the view must have.
        has: Vec<Sp<String>>,
        /// Parts of lines it must not have.
        lacks: Vec<Sp<String>>,
        /// The step.
        span: Span,
    },
    /// `expect_actions: { player, actions: [...] }`: exactly these legal actions now.
    ExpectActions {
        /// Whose actions.
        player: Sp<String>,
        /// Their texts (`play c1`, `use draw`), in any order.
        actions: Sp<Vec<Sp<String>>>,
        /// `pass:`: whether the window lets them pass (unchecked when absent).
        pass: Option<Sp<bool>>,
        /// The step.
        span: Span,
    },
}

/// A `choose` step: the options it picks and, when given, all the options the question
/// must offer (`among:`, in any order).
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The options picked.
    pub pick: Sp<Vec<Sp<String>>>,
    /// Every option the question must offer, if the step says.
    pub among: Option<Sp<Vec<Sp<String>>>>,
}

/// What an `act` step does.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    /// `play: card`.
    Play(Sp<String>),
    /// `use: card` (an activated ability of it).
    Use(Sp<String>),
    /// `script: ...`.
    Script(ScriptSrc),
    /// `action: "use gimli: strike"`: the legal action written so (as `expect_actions`
    /// lists them).
    Action(Sp<String>),
}

/// Converts a scenario file.
pub fn scenario(cx: &mut Cx, node: &Node) -> Option<Scenario> {
    let entries = cx.entries(node, "a scenario")?;
    let (mut id, mut game) = (None, None);
    let mut s = Scenario {
        scenario: Sp::new(String::new(), cx.file, head(node)),
        game: Sp::new(String::new(), cx.file, head(node)),
        seed: None,
        choices: None,
        random_agents: vec![],
        players: vec![],
        players_span: head(node),
        setup: vec![],
        steps: vec![],
        file: cx.file,
        span: node.span.clone(),
    };
    cx.fields(entries, "a scenario", SCENARIO_FIELDS, |cx, k, v| match k {
        "scenario" => id = cx.string(v, "`scenario`"),
        "game" => game = cx.string(v, "`game`"),
        "seed" => s.seed = cx.int_in(v, "`seed`", 0, i64::MAX, "a seed is a whole number, 0 or more (`seed: 1`)"),
        "choices" => s.choices = cx.string(v, "`choices`"),
        "random_agents" => s.random_agents = cx.names(v, "`random_agents`"),
        "players" => {
            s.players_span = v.span.clone();
            if let NodeKind::Scalar(_) = &v.kind {
                // `players: 3`: a count, where the scenario names its players.
                let d = Diagnostic::error(
                    "wrong-type",
                    "`players` must list the scenario's players",
                    cx.file,
                    v.span.clone(),
                )
                .with_label("not a list")
                .with_help("name each player: `players: [{ name: alice }, { name: bob }]`");
                cx.diags.push(d);
                return;
            }
            s.players = cx.items(v, "`players`").iter().filter_map(|n| player(cx, n)).collect();
            if matches!(&v.kind, NodeKind::Seq(items) if items.is_empty()) {
                // A scenario of nobody runs no seat at all: it can test nothing.
                let d = Diagnostic::error("player-count", "this scenario seats no players", cx.file, v.span.clone())
                    .with_label("an empty list")
                    .with_help("list the players: `players: [{ name: alice }, { name: bob }]`");
                cx.diags.push(d);
            }
        }
        "setup" => s.setup = cx.items(v, "`setup`").iter().filter_map(|n| setup_item(cx, n)).collect(),
        _ => s.steps = cx.items(v, "`steps`").iter().filter_map(|n| step(cx, n)).collect(),
    });
    s.scenario = cx.required(id, node, "scenario", "this scenario");
    s.game = cx.required(game, node, "game", "this scenario");
    if s.players.is_empty() {
        cx.check_present(node, "players", "this scenario");
    }
    Some(s)
}

fn player(cx: &mut Cx, node: &Node) -> Option<ScenarioPlayer> {
    let entries = cx.entries(node, "a scenario player")?;
    let mut name = None;
    let mut p = ScenarioPlayer {
        name: Sp::new(String::new(), cx.file, head(node)),
        role: None,
        faction: None,
        span: node.span.clone(),
    };
    cx.fields(entries, "a scenario player", PLAYER_FIELDS, |cx, k, v| match k {
        "name" => name = cx.string(v, "`name`"),
        "role" => p.role = cx.string(v, "`role`"),
        _ => p.faction = cx.string(v, "`faction`"),
    });
    p.name = cx.required(name, node, "name", "this player");
    Some(p)
}

/// `{put, in, of}`, `{counter, of, set}`, `{script}` or `{phase}`, told by the key present.
fn setup_item(cx: &mut Cx, node: &Node) -> Option<SetupItem> {
    let entries = cx.entries(node, "a setup item")?;
    let has = |f: &str| entries.iter().any(|(k, _)| k.text() == Some(f));
    if has("put") {
        return put(cx, node, entries);
    } else if has("order") {
        return order(cx, node, entries);
    } else if has("counter") {
        return counter(cx, node, entries);
    }
    let mut item = None;
    if has("script") {
        cx.fields(entries, "a setup script", SETUP_SCRIPT_FIELDS, |cx, _, v| {
            item = cx.script(v, "`script`").map(SetupItem::Script);
        });
    } else if has("phase") {
        cx.fields(entries, "a setup phase", SETUP_PHASE_FIELDS, |cx, _, v| {
            item = cx.string(v, "`phase`").map(SetupItem::Phase);
        });
    } else if has("generator") {
        cx.fields(entries, "a setup generator", SETUP_GENERATOR_FIELDS, |cx, _, v| {
            item = cx.string(v, "`generator`").and_then(|g| generator(cx, g));
        });
    } else if has("turn") {
        let (mut turn, mut round) = (None, None);
        cx.fields(entries, "a setup turn", SETUP_CLOCK_FIELDS, |cx, k, v| match k {
            "turn" => turn = cx.int(v, "`turn`").and_then(|n| at_least_one(cx, n, "turn")),
            _ => round = cx.int(v, "`round`").and_then(|n| at_least_one(cx, n, "round")),
        });
        item = turn.map(|turn| SetupItem::Clock { turn, round });
    } else if has("start") {
        cx.fields(entries, "a setup start", SETUP_START_FIELDS, |cx, _, v| {
            item = match cx.string(v, "`start`") {
                Some(w) if w.value == SETUP_START_GAME => Some(SetupItem::StartGame(node.span.clone())),
                Some(w) => {
                    let d = Diagnostic::error(
                        "wrong-type",
                        format!("`start` must be `game`, found `{}`", w.value),
                        cx.file,
                        w.span,
                    )
                    .with_label("not `game`")
                    .with_help("`start: game` deals the table as a whole game does, then runs the game's `setup:`");
                    cx.diags.push(d);
                    None
                }
                None => None,
            };
        });
    } else {
        let msg = "a setup item is `{put, in, of}`, `{order, in}`, `{counter, of, set}`, `{script}`, `{phase}`, \
                   `{generator}`, `{turn, round}` or `{start: game}`";
        let keys = entries.iter().filter_map(|(k, _)| k.text());
        let hint = keys.into_iter().find_map(|k| did_you_mean(k, SETUP_KINDS.iter().copied()));
        let d = Diagnostic::error("missing-field", msg, cx.file, head(node))
            .with_label("no `put`, `counter`, `script` or `phase`")
            .with_help_opt(hint.map(|m| format!("did you mean `{m}`?")));
        cx.diags.push(d);
    }
    item
}

fn put(cx: &mut Cx, node: &Node, entries: &[(Node, Node)]) -> Option<SetupItem> {
    let (mut cards, mut zone, mut bearer, mut of) = (Vec::new(), None, None, None);
    let (mut face, mut exhausted, mut side, mut home, mut owner) = (None, None, None, None, None);
    cx.fields(entries, "a `put` item", PUT_FIELDS, |cx, k, v| match k {
        "put" => cards = cx.names(v, "`put`"),
        "in" => zone = cx.string(v, "`in`"),
        "on" => bearer = cx.string(v, "`on`"),
        "face" => face = cx.string(v, "`face`").and_then(|f| face_up(cx, f)),
        "exhausted" => exhausted = cx.bool(v, "`exhausted`"),
        "side" => side = cx.string(v, "`side`"),
        "home" => home = cx.string(v, "`home`"),
        "owner" => owner = cx.string(v, "`owner`"),
        _ => of = cx.string(v, "`of`"),
    });
    let on = bearer.is_some();
    let zone = match (zone, bearer) {
        (Some(z), Some(b)) => {
            let d = Diagnostic::error(
                "wrong-type",
                "a `put` item goes `in:` a zone or `on:` a thing, not both",
                cx.file,
                b.span,
            )
            .with_label("and `in:` too")
            .with_help("drop `in:` to attach the things, or `on:` to put them in the zone");
            cx.diags.push(d);
            z
        }
        (z, b) => cx.required(z.or(b), node, "in", "this `put` item"),
    };
    let span = node.span.clone();
    Some(SetupItem::Put { put: cards, zone, on, of, face_up: face, exhausted, side, home, owner, span })
}

fn order(cx: &mut Cx, node: &Node, entries: &[(Node, Node)]) -> Option<SetupItem> {
    let (mut things, mut zone, mut of) = (Vec::new(), None, None);
    cx.fields(entries, "an `order` item", ORDER_FIELDS, |cx, k, v| match k {
        "order" => things = cx.names(v, "`order`"),
        "in" => zone = cx.string(v, "`in`"),
        _ => of = cx.string(v, "`of`"),
    });
    let zone = cx.required(zone, node, "in", "this `order` item");
    Some(SetupItem::Order { order: things, zone, of, span: node.span.clone() })
}

/// `face: up` or `face: down`.
fn face_up(cx: &mut Cx, f: Sp<String>) -> Option<Sp<bool>> {
    match f.value.as_str() {
        "up" | "down" => Some(Sp::new(f.value == "up", f.file, f.span)),
        other => {
            let d =
                Diagnostic::error("wrong-type", format!("`face` is `up` or `down`, found `{other}`"), cx.file, f.span)
                    .with_label("not `up` or `down`");
            cx.diags.push(d);
            None
        }
    }
}

/// A turn or round number: 1 or more, and one the clock can hold.
fn at_least_one(cx: &mut Cx, n: Sp<i64>, what: &str) -> Option<Sp<i64>> {
    if (1..=i64::from(u32::MAX / 2)).contains(&n.value) {
        return Some(n);
    }
    let d =
        Diagnostic::error("out-of-range", format!("a {what} number is 1 or more, found {}", n.value), cx.file, n.span)
            .with_label(format!("not a {what} of a game"))
            .with_help(format!("the first {what} is 1"));
    cx.diags.push(d);
    None
}

/// `generator:` 64 hex digits (the four words of the generator's state).
fn generator(cx: &mut Cx, g: Sp<String>) -> Option<SetupItem> {
    if crate::engine::Rng::from_hex(&g.value).is_some() {
        return Some(SetupItem::Generator(g));
    }
    let d = Diagnostic::error("wrong-type", "`generator` is the generator's state: 64 hex digits", cx.file, g.span)
        .with_label("not 64 hex digits")
        .with_help("copy it from a file `twilit scenario-from` wrote, or leave it out (the scenario's `seed:` starts the generator)");
    cx.diags.push(d);
    None
}

fn counter(cx: &mut Cx, node: &Node, entries: &[(Node, Node)]) -> Option<SetupItem> {
    let (mut name, mut of, mut set) = (None, None, None);
    cx.fields(entries, "a `counter` item", COUNTER_FIELDS, |cx, k, v| match k {
        "counter" => name = cx.string(v, "`counter`"),
        "of" => of = cx.string(v, "`of`"),
        _ => set = cx.int(v, "`set`"),
    });
    let counter = cx.required(name, node, "counter", "this `counter` item");
    if set.is_none() {
        cx.check_present(node, "set", "this `counter` item");
    }
    Some(SetupItem::Counter { counter, of, set: set?, span: node.span.clone() })
}

/// A one-key mapping: `act`, `choose`, `expect`, `expect_error` or `expect_log`.
fn step(cx: &mut Cx, node: &Node) -> Option<Step> {
    let entries = cx.entries(node, "a step")?;
    let Some((k, v)) = entries.first() else {
        cx.wrong_type(node, "a step", &format!("one of {}", list(STEP_KINDS)));
        return None;
    };
    for (extra, _) in &entries[1..] {
        let d = Diagnostic::error("wrong-type", "a step has exactly one key", cx.file, extra.span.clone())
            .with_label("second key of this step")
            .with_help("start a new step with `- `");
        cx.diags.push(d);
    }
    let key = cx.key(k)?;
    if !STEP_KINDS.contains(&key.value.as_str()) {
        cx.unknown(&key, "a step", STEP_KINDS);
        return None;
    }
    if v.is_null() {
        cx.wrong_type(v, &format!("`{}`", key.value), "a value");
        return None;
    }
    match key.value.as_str() {
        "act" => act(cx, v),
        "choose" => choice(cx, v).map(Step::Choose),
        "expect" => cx.script(v, "`expect`").map(Step::Expect),
        "expect_error" => cx.string(v, "`expect_error`").map(Step::ExpectError),
        "advance" => cx.string(v, "`advance`").map(Step::Advance),
        "expect_actions" => expect_actions(cx, v),
        "expect_end" => cx.bool(v, "`expect_end`").map(Step::ExpectEnd),
        "next_game" => cx.bool(v, "`next_game`").map(Step::NextGame),
        "expect_result" => expect_result(cx, v),
        "expect_view" => expect_view(cx, v),
        "expect_no_log" => Some(Step::ExpectNoLog(answers(cx, v, "`expect_no_log`"))),
        _ => Some(Step::ExpectLog(answers(cx, v, "`expect_log`"))),
    }
}

fn expect_view(cx: &mut Cx, node: &Node) -> Option<Step> {
    let entries = cx.entries(node, "`expect_view`")?;
    let (mut player, mut has, mut lacks) = (None, vec![], vec![]);
    cx.fields(entries, "`expect_view`", EXPECT_VIEW_FIELDS, |cx, k, v| match k {
        "player" => player = cx.string(v, "`player`"),
        "has" => has = answers(cx, v, "`has`").value,
        _ => lacks = answers(cx, v, "`lacks`").value,
    });
    let player = cx.required(player, node, "player", "this `expect_view`");
    if has.is_empty() && lacks.is_empty() {
        cx.missing_any(node, &["has", "lacks"], "this `expect_view`");
    }
    Some(Step::ExpectView { player, has, lacks, span: node.span.clone() })
}

fn expect_actions(cx: &mut Cx, node: &Node) -> Option<Step> {
    let entries = cx.entries(node, "`expect_actions`")?;
    let (mut player, mut actions, mut pass) = (None, None, None);
    cx.fields(entries, "`expect_actions`", EXPECT_ACTIONS_FIELDS, |cx, k, v| match k {
        "player" => player = cx.string(v, "`player`"),
        "pass" => pass = cx.bool(v, "`pass`"),
        _ => actions = Some(answers(cx, v, "`actions`")),
    });
    let player = cx.required(player, node, "player", "this `expect_actions`");
    if actions.is_none() {
        cx.check_present(node, "actions", "this `expect_actions`");
    }
    Some(Step::ExpectActions { player, actions: actions?, pass, span: node.span.clone() })
}

/// `choose: [a, b]`, or `choose: { pick: [a], among: [a, b] }`.
fn choice(cx: &mut Cx, node: &Node) -> Option<Choice> {
    if !matches!(node.kind, crate::load::yaml::NodeKind::Map(_)) {
        return Some(Choice { pick: answers(cx, node, "`choose`"), among: None });
    }
    let entries = cx.entries(node, "`choose`")?;
    let (mut pick, mut among) = (None, None);
    cx.fields(entries, "`choose`", CHOOSE_FIELDS, |cx, k, v| match k {
        "pick" => pick = Some(answers(cx, v, "`pick`")),
        _ => among = Some(answers(cx, v, "`among`")),
    });
    if pick.is_none() {
        cx.missing(node, "pick", "this `choose`");
    }
    Some(Choice { pick: pick?, among })
}

fn expect_result(cx: &mut Cx, node: &Node) -> Option<Step> {
    let entries = cx.entries(node, "`expect_result`")?;
    let (mut winners, mut losers, mut scores) = (None, None, vec![]);
    cx.fields(entries, "`expect_result`", EXPECT_RESULT_FIELDS, |cx, k, v| match k {
        "winners" => winners = Some(answers(cx, v, "`winners`")),
        "losers" => losers = Some(answers(cx, v, "`losers`")),
        _ => {
            if let Some(pairs) = cx.entries(v, "`scores`") {
                for (p, n) in pairs {
                    if let (Some(p), Some(n)) = (cx.key(p), cx.int(n, "a score")) {
                        scores.push((p, n));
                    }
                }
            }
        }
    });
    if winners.is_none() && losers.is_none() && scores.is_empty() {
        cx.missing_any(node, &["winners", "losers", "scores"], "this `expect_result`");
    }
    Some(Step::ExpectResult { winners, losers, scores, span: node.span.clone() })
}

fn answers(cx: &mut Cx, node: &Node, what: &str) -> Sp<Vec<Sp<String>>> {
    let names = cx.names(node, what);
    cx.sp(names, &node.span)
}

fn act(cx: &mut Cx, node: &Node) -> Option<Step> {
    let entries = cx.entries(node, "`act`")?;
    let mut player = None;
    let mut actions: Vec<(Act, &Node)> = Vec::new();
    cx.fields(entries, "`act`", ACT_FIELDS, |cx, k, v| match k {
        "player" => player = cx.string(v, "`player`"),
        "play" => actions.extend(cx.string(v, "`play`").map(|s| (Act::Play(s), v))),
        "use" => actions.extend(cx.string(v, "`use`").map(|s| (Act::Use(s), v))),
        "action" => actions.extend(cx.string(v, "`action`").map(|s| (Act::Action(s), v))),
        _ => actions.extend(cx.script(v, "`script`").map(|s| (Act::Script(s), v))),
    });
    let player = cx.required(player, node, "player", "this `act`");
    for (_, v) in actions.iter().skip(1) {
        let d = Diagnostic::error(
            "wrong-type",
            "an `act` does one of `play`, `use`, `action` or `script`",
            cx.file,
            v.span.clone(),
        )
        .with_label("a second action")
        .with_help("split it into two `act` steps");
        cx.diags.push(d);
    }
    let Some((action, _)) = actions.into_iter().next() else {
        let has = |f: &str| entries.iter().any(|(k, _)| k.text() == Some(f));
        if !(has("play") || has("use") || has("action") || has("script")) {
            let msg = "this `act` does nothing: it needs one of `play`, `use`, `action` or `script`";
            let d = Diagnostic::error("missing-field", msg, cx.file, crate::load::convert::head(node))
                .with_label("no action")
                .with_help(
                    "play a card (`play: ID`), use an ability (`use: NAME`), take an action by its text \
                     (`action: \"...\"`), or run a script (`script: \"...\"`)",
                );
            cx.diags.push(d);
        }
        return None;
    };
    Some(Step::Act { player, action, span: node.span.clone() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::FileId;

    fn load(src: &str) -> (Option<Scenario>, Vec<(String, String)>) {
        let (root, mut diags) = crate::load::yaml::parse(FileId(0), src);
        let mut cx = Cx::new(FileId(0), src);
        let s = root.and_then(|r| scenario(&mut cx, &r));
        diags.extend(cx.diags);
        (s, diags.iter().map(|d| (d.code.clone(), src[d.labels[0].span.clone()].to_string())).collect())
    }

    #[test]
    fn a_full_scenario_loads() {
        let src =
            "scenario: s\ngame: g\nseed: 7\nplayers:\n  - { name: a, role: light }\n  - { name: b, faction: f }\n\
            setup:\n  - { put: [c1], in: hand, of: a }\n  - { counter: tokens, set: 2 }\n  - script: draw 1\n  - phase: main\n\
            steps:\n  - act: { player: a, use: c1 }\n  - act: { player: b, script: draw 1 }\n  - choose: [x]\n\
            \x20 - expect: tokens == 2\n  - expect_error: \"cannot\"\n  - expect_log: [\"modify cost\"]\n  - advance: end\n";
        let (s, diags) = load(src);
        assert!(diags.is_empty(), "{diags:?}");
        let s = s.unwrap();
        assert_eq!(s.seed.unwrap().value, 7);
        assert_eq!(s.players.len(), 2);
        assert_eq!(s.setup.len(), 4);
        assert!(matches!(&s.setup[3], SetupItem::Phase(p) if p.value == "main"));
        assert!(matches!(&s.setup[1], SetupItem::Counter { of: None, set, .. } if set.value == 2));
        assert_eq!(s.steps.len(), 7);
        assert!(matches!(&s.steps[6], Step::Advance(p) if p.value == "end"));
        assert!(matches!(&s.steps[0], Step::Act { action: Act::Use(c), .. } if c.value == "c1"));
        assert!(matches!(&s.steps[4], Step::ExpectError(e) if e.value == "cannot"));
    }

    #[test]
    fn bad_steps_are_all_reported() {
        let src = "scenario: s\ngame: g\nplayers:\n  - { nam: a }\nsetup:\n  - { pt: [x] }\n  - { counter: c }\n\
            steps:\n  - expct: x == 1\n  - expect: a\n    choose: [b]\n  - act: { player: a }\n  - act: { play: x, use: y }\n";
        let (s, got) = load(src);
        assert!(s.is_some());
        let want = [
            ("unknown-field", "nam"),
            ("missing-field", "nam: a"),
            ("missing-field", "pt"),
            ("missing-field", "counter: c"),
            ("unknown-field", "expct"),
            ("wrong-type", "choose"),
            ("missing-field", "player: a"),
            ("missing-field", "play: x"),
            ("wrong-type", "y"),
        ];
        let got: Vec<(&str, &str)> =
            got.iter().map(|(c, s)| (c.strip_prefix("twilit::").unwrap(), s.as_str())).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_scenario_of_nobody_is_refused() {
        let (_, got) = load("scenario: s\ngame: g\nplayers: []\n");
        assert_eq!(got, [("twilit::player-count".to_string(), "[]".to_string())]);
    }
}
