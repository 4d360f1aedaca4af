//! What a game defines and where: the cards (with their abilities), procedures, keywords,
//! zones, counters, pieces, phases, variables and factions of one loaded `GameBundle`, each
//! with the span of its name, the span of its whole definition and a short description.
//! Document symbols, go to definition, hover and completion all read this index; it is
//! built from the loader's model, so it is as complete as the files that parsed.

use std::collections::HashMap;
use std::fmt::Write;

use crate::diag::{FileId, Span};
use crate::load::{Ability, AbilityKind, Card, CounterSpec, GameBundle, Procedure, PropSpec, Sp, Value, ZoneSpec};

/// What a definition is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Card,
    Ability,
    Procedure,
    Keyword,
    Zone,
    Counter,
    Piece,
    Phase,
    Variable,
    Faction,
    Property,
}

impl Kind {
    /// The word for it in descriptions.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Card => "card",
            Kind::Ability => "ability",
            Kind::Procedure => "procedure",
            Kind::Keyword => "keyword",
            Kind::Zone => "zone",
            Kind::Counter => "counter",
            Kind::Piece => "piece",
            Kind::Phase => "phase",
            Kind::Variable => "variable",
            Kind::Faction => "faction",
            Kind::Property => "property",
        }
    }
}

/// One definition.
#[derive(Debug, Clone)]
pub struct Def {
    /// The name scripts use (an ability's is a label: it is never looked up).
    pub name: String,
    pub kind: Kind,
    pub file: FileId,
    /// The name where it is defined.
    pub at: Span,
    /// The whole definition (always covers `at`).
    pub full: Span,
    /// One line: what it is.
    pub detail: String,
    /// Markdown shown on hover.
    pub hover: String,
    /// The abilities of a card.
    pub children: Vec<Def>,
}

/// Every definition of one game.
#[derive(Debug, Default)]
pub struct Index {
    defs: Vec<Def>,
    by_name: HashMap<String, Vec<usize>>,
}

impl Index {
    /// The definitions of a game, in file order within each kind.
    pub fn build(bundle: &GameBundle) -> Index {
        let mut ix = Index::default();
        if let Some(g) = &bundle.game {
            ix.properties(&g.properties);
            ix.zones(&g.zones);
            ix.counters(&g.counters);
            for p in &g.pieces {
                ix.simple(&p.name, Kind::Piece, p.span.clone());
            }
            for v in &g.variables {
                let detail = format!("variable `{}`: {}", v.name.value, v.ty.value);
                ix.push(def(&v.name, Kind::Variable, v.span.clone(), detail.clone(), detail));
            }
            ix.procedures(&g.procedures);
            ix.keywords(&g.keywords);
            ix.phases(&g.turn);
            ix.abilities(&g.abilities);
        }
        for f in &bundle.factions {
            let mut hover = format!("**{}** — faction `{}`", f.name.value, f.faction.value);
            if let Some(t) = &f.text {
                let _ = write!(hover, "\n\n{}", t.value);
            }
            let detail = format!("faction: {}", f.name.value);
            ix.push(def(&f.faction, Kind::Faction, f.span.clone(), detail, hover));
            ix.properties(&f.properties);
            ix.zones(&f.zones);
            ix.counters(&f.counters);
            for p in &f.pieces {
                ix.simple(&p.name, Kind::Piece, p.span.clone());
            }
            ix.procedures(&f.procedures);
            ix.phases(&f.turn);
            ix.abilities(&f.abilities);
            f.cards.iter().for_each(|c| ix.card(c));
        }
        bundle.cards.iter().for_each(|c| ix.card(c));
        ix
    }

    fn push(&mut self, d: Option<Def>) {
        let Some(d) = d else { return };
        if d.kind != Kind::Ability {
            self.by_name.entry(d.name.clone()).or_default().push(self.defs.len());
        }
        self.defs.push(d);
    }

    fn simple(&mut self, name: &Sp<String>, kind: Kind, full: Span) {
        let detail = format!("{} `{}`", kind.word(), name.value);
        self.push(def(name, kind, full, detail.clone(), detail));
    }

    fn properties(&mut self, props: &[PropSpec]) {
        for p in props {
            let detail = prop_text(p);
            self.push(def(&p.name, Kind::Property, p.span.clone(), detail.clone(), detail));
        }
    }

    fn zones(&mut self, zones: &[ZoneSpec]) {
        for z in zones {
            let detail = zone_text(z);
            self.push(def(&z.name, Kind::Zone, z.span.clone(), detail.clone(), detail));
        }
    }

    fn counters(&mut self, counters: &[CounterSpec]) {
        for c in counters {
            let detail = counter_text(c);
            self.push(def(&c.name, Kind::Counter, c.span.clone(), detail.clone(), detail));
        }
    }

    fn procedures(&mut self, procs: &[Procedure]) {
        for p in procs {
            let params: Vec<String> = p
                .params
                .iter()
                .map(|a| match &a.ty {
                    Some(t) => format!("{}: {}", a.name.value, t.value),
                    None => a.name.value.clone(),
                })
                .collect();
            let what = if p.value.is_some() { "value procedure" } else { "procedure" };
            let detail = format!("{what} `{}({})`", p.name.value, params.join(", "));
            let body = p.value.as_ref().or(p.script.as_ref()).map(|s| s.text.to_string()).unwrap_or_default();
            let hover = format!("{detail}\n\n```twilit\n{}\n```", body.trim_end());
            self.push(def(&p.name, Kind::Procedure, p.span.clone(), detail, hover));
        }
    }

    fn keywords(&mut self, kws: &[crate::load::Keyword]) {
        for k in kws {
            // The name is the signature's first word (`Add` of `Add[n]`); a signature that
            // does not parse still names its keyword for the index.
            let text: &str = &k.sig.text;
            let Some((name, r)) = super::text::word_at(text, 0) else { continue };
            let at = k.sig.file_span(r);
            let full = k.sig.span.start().min(k.body.span.start())..k.sig.span.end().max(k.body.span.end());
            let detail = format!("keyword `{}`", text.trim());
            let hover = format!("{detail}\n\n```twilit\n{}\n```", k.body.text.trim_end());
            let d = Def {
                name: name.to_string(),
                kind: Kind::Keyword,
                file: k.sig.file,
                at,
                full,
                detail,
                hover,
                children: vec![],
            };
            self.push(Some(cover(d)));
        }
    }

    fn phases(&mut self, turn: &Option<crate::load::Turn>) {
        for ph in turn.iter().flat_map(|t| &t.phases) {
            self.simple(&ph.name, Kind::Phase, ph.span.clone());
            for s in &ph.steps {
                self.simple(s, Kind::Phase, s.span.range());
            }
        }
    }

    fn abilities(&mut self, abilities: &[Ability]) {
        for a in abilities {
            self.push(Some(ability(a)));
        }
    }

    fn card(&mut self, c: &Card) {
        let mut hover = format!("**{}** — card `{}`", c.name.value, c.id.value);
        if let Some(t) = &c.text {
            let _ = write!(hover, "\n\n{}", t.value);
        }
        // The printed values, as the card file writes them.
        let values: Vec<String> =
            c.props.iter().map(|(k, v)| format!("{}: {}", k.value, value_text(&v.value))).collect();
        if !values.is_empty() {
            let _ = write!(hover, "\n\n```yaml\n{}\n```", values.join("\n"));
        }
        let detail = format!("card: {}", c.name.value);
        if let Some(mut d) = def(&c.id, Kind::Card, c.span.range(), detail, hover) {
            d.children = c.abilities.iter().map(ability).collect();
            self.push(Some(d));
        }
    }

    /// The definitions in `file`, in order of position.
    pub fn in_file(&self, file: FileId) -> Vec<&Def> {
        let mut out: Vec<&Def> = self.defs.iter().filter(|d| d.file == file).collect();
        out.sort_by_key(|d| (d.full.start, d.at.start));
        out
    }

    /// The definitions a script's `name` refers to: by that name, else by its singular
    /// (`zones` of `zone`, `allies` of `ally`).
    pub fn named(&self, name: &str) -> Vec<&Def> {
        let found = |n: &str| self.by_name.get(n).map(|ix| ix.iter().map(|&i| &self.defs[i]).collect::<Vec<_>>());
        if let Some(d) = found(name) {
            return d;
        }
        let singulars = [
            name.strip_suffix("ies").map(|s| format!("{s}y")),
            name.strip_suffix("es").map(str::to_string),
            name.strip_suffix('s').map(str::to_string),
        ];
        let plural_ok = |d: &&Def| matches!(d.kind, Kind::Card | Kind::Zone | Kind::Piece);
        singulars
            .into_iter()
            .flatten()
            .find_map(|s| {
                found(&s).map(|d| d.into_iter().filter(plural_ok).collect::<Vec<_>>()).filter(|d| !d.is_empty())
            })
            .unwrap_or_default()
    }

    /// Every definition that has a name scripts can use.
    pub fn names(&self) -> impl Iterator<Item = &Def> {
        self.defs.iter().filter(|d| d.kind != Kind::Ability)
    }
}

/// The definition named `name` whose whole is `full`; none for a missing name.
fn def(name: &Sp<String>, kind: Kind, full: Span, detail: String, hover: String) -> Option<Def> {
    if name.is_missing() {
        return None;
    }
    let d = Def {
        name: name.value.clone(),
        kind,
        file: name.file,
        at: name.span.range(),
        full,
        detail,
        hover,
        children: vec![],
    };
    Some(cover(d))
}

/// Widens `full` to cover `at` (a mapping's span starts after its key).
fn cover(mut d: Def) -> Def {
    d.full = d.full.start.min(d.at.start)..d.full.end.max(d.at.end);
    d
}

/// An ability as a symbol: labelled by its name, else its kind and head.
fn ability(a: &Ability) -> Def {
    let (label, at) = match &a.kind {
        AbilityKind::Action(p) => (format!("action: {}", p.value), p.span.range()),
        AbilityKind::When(s) => (format!("when: {}", first_line(&s.text)), s.span.range()),
        AbilityKind::Static(s) => (format!("static: {}", first_line(&s.text)), s.span.range()),
        AbilityKind::React(r, s) => (format!("{}: {}", r.key(), first_line(&s.text)), s.span.range()),
    };
    let name = match a.name() {
        Some(n) => format!("{} ({label})", n.value),
        None => label,
    };
    let detail = format!("ability {name}");
    let d = Def {
        name,
        kind: Kind::Ability,
        file: a.file,
        at,
        full: a.span.range(),
        detail: detail.clone(),
        hover: detail,
        children: vec![],
    };
    cover(d)
}

/// A script's first line, shortened for a label.
fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("").trim();
    match line.char_indices().nth(48) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

/// A card's printed value, as YAML would write it (flow style for lists and mappings).
fn value_text(v: &Value) -> String {
    match v {
        Value::Null => "~".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(n) => n.to_string(),
        Value::Float(x) => x.to_string(),
        Value::Str(t) => t.to_string(),
        Value::List(items) => {
            format!("[{}]", items.iter().map(|i| value_text(&i.value)).collect::<Vec<_>>().join(", "))
        }
        Value::Map(m) => {
            let kv: Vec<String> = m.iter().map(|(k, v)| format!("{}: {}", k.value, value_text(&v.value))).collect();
            format!("{{ {} }}", kv.join(", "))
        }
    }
}

fn prop_text(p: &PropSpec) -> String {
    use crate::load::PropType;
    let ty = match p.ty.value {
        PropType::Number => "a number",
        PropType::Bool => "true or false",
        PropType::Text => "text",
        PropType::Enum => "one of",
        PropType::List if p.values.is_empty() => "a list",
        PropType::List => "a list of",
    };
    let mut s = format!("property `{}`: {ty}", p.name.value);
    if !p.values.is_empty() {
        let values: Vec<&str> = p.values.iter().map(|v| v.value.as_str()).collect();
        let _ = write!(s, " {}", values.join(", "));
    }
    if let Some(d) = &p.default {
        let _ = write!(s, "; default {}", value_text(&d.value));
    }
    s
}

fn zone_text(z: &ZoneSpec) -> String {
    use crate::load::{Per, Visibility};
    let per = match z.per {
        Per::Player => "one per player",
        Per::Game => "one shared",
    };
    let seen = match z.visibility {
        Visibility::Public => "seen by everyone",
        Visibility::Owner => "seen by its owner",
        Visibility::Hidden => "seen by nobody",
        Visibility::Others => "seen by all but its owner",
    };
    let mut s = format!("zone `{}`: {per}, {seen}", z.name.value);
    for (on, word) in [(z.ordered, "ordered"), (z.in_play, "in play"), (z.playable, "playable")] {
        if on {
            let _ = write!(s, ", {word}");
        }
    }
    if let Some(c) = &z.capacity {
        let _ = write!(s, ", capacity {}", c.value);
    }
    s
}

fn counter_text(c: &CounterSpec) -> String {
    use crate::load::CounterOn;
    let on = match c.on {
        CounterOn::Game => "the game",
        CounterOn::Player => "each player",
        CounterOn::Card => "each card",
        CounterOn::Space => "each space",
    };
    let mut s = format!("counter `{}`: on {on}", c.name.value);
    for (v, word) in [(&c.min, "min"), (&c.max, "max"), (&c.start, "start")] {
        if let Some(v) = v {
            let _ = write!(s, ", {word} {}", v.value);
        }
    }
    s
}
