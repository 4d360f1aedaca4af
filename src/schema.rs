//! `twilit schema`: a JSON Schema (draft-07, what yaml-language-server reads) for every
//! kind of Twilit file, built from the loader's own key tables (`load::fields`): each
//! table's keys, their shapes, whether they are required and their one-line docs. A key
//! added to a table is in the schema; nothing here lists keys of its own.
//!
//! Without a game the names a game declares (zones, phases, counters, card ids, ...) are
//! any text; for one game ([`for_game`]) they are enums of its names, and a card's keys
//! besides its fixed fields are the game's and its factions' properties, typed.

use serde_json::{json, Map, Value};

use crate::load::fields::{Field, Rest, Shape, Special, Ty, Words};
use crate::load::{GameBundle, PropSpec, PropType};

/// The JSON Schema dialect written.
pub const DRAFT: &str = "http://json-schema.org/draft-07/schema#";

/// The schema of any Twilit file of any game.
pub fn generic() -> Value {
    Gen { known: None, defs: Map::new() }.root("Twilit file")
}

/// The schema of the files of one game: its names are enums where fields take them.
pub fn for_game(bundle: &GameBundle) -> Value {
    let known = Known::of(bundle);
    let title = format!("Twilit file of {}", known.words[Words::Game as usize].join(", "));
    Gen { known: Some(known), defs: Map::new() }.root(&title)
}

/// What a text field's value may be: the loader reads any non-null scalar as text.
fn scalar() -> Value {
    json!({ "type": ["string", "number", "boolean"] })
}

/// The names one game declares, by kind, and its typed properties and attributes.
struct Known {
    words: Vec<Vec<String>>,
    props: Vec<PropSpec>,
    attrs: Vec<PropSpec>,
}

impl Known {
    fn of(b: &GameBundle) -> Known {
        let mut words = vec![Vec::new(); Words::Faction as usize + 1];
        let mut add = |w: Words, name: &str| {
            let list: &mut Vec<String> = &mut words[w as usize];
            if !list.iter().any(|n| n == name) {
                list.push(name.to_string());
            }
        };
        let (mut props, mut attrs) = (Vec::new(), Vec::new());
        let factions = b.factions.iter();
        if let Some(g) = &b.game {
            add(Words::Game, &g.game.value);
            g.roles.iter().for_each(|r| add(Words::Role, &r.value));
            props.extend(g.properties.iter().cloned());
            attrs.extend(g.board.iter().flat_map(|b| b.attributes.iter().cloned()));
        }
        for t in crate::check::ACTION_TIMINGS {
            add(Words::Timing, t);
        }
        let games = b.game.iter();
        let zones = games.clone().flat_map(|g| &g.zones).chain(factions.clone().flat_map(|f| &f.zones));
        zones.for_each(|z| add(Words::Zone, &z.name.value));
        // A board space is a place too (`put: [...], in: c5`).
        let spaces = games.clone().flat_map(|g| &g.board).flat_map(|b| &b.spaces);
        spaces.for_each(|sp| add(Words::Zone, &sp.id.value));
        let counters = games.clone().flat_map(|g| &g.counters).chain(factions.clone().flat_map(|f| &f.counters));
        counters.for_each(|c| add(Words::Counter, &c.name.value));
        let pieces = games.clone().flat_map(|g| &g.pieces).chain(factions.clone().flat_map(|f| &f.pieces));
        for p in pieces {
            // Scripts and `put:` also take a piece's plural: declared, or as names resolve
            // it (`pawns`, `boxes`, `bodies`).
            let name = &p.name.value;
            add(Words::Piece, name);
            add(Words::PieceKind, name);
            p.plural.iter().for_each(|pl| add(Words::Piece, &pl.value));
            add(Words::Piece, &format!("{name}s"));
            add(Words::Piece, &format!("{name}es"));
            if let Some(stem) = name.strip_suffix('y') {
                add(Words::Piece, &format!("{stem}ies"));
            }
        }
        let turns =
            games.clone().filter_map(|g| g.turn.as_ref()).chain(factions.clone().filter_map(|f| f.turn.as_ref()));
        for p in turns.flat_map(|t| &t.phases) {
            add(Words::Phase, &p.name.value);
            p.steps.iter().for_each(|s| add(Words::Step, &s.value));
        }
        let cards = b.cards.iter().chain(factions.clone().flat_map(|f| &f.cards));
        cards.for_each(|c| add(Words::Card, &c.id.value));
        for f in factions {
            add(Words::Faction, &f.faction.value);
            for p in &f.properties {
                if !props.iter().any(|q| q.name.value == p.name.value) {
                    props.push(p.clone());
                }
            }
        }
        Known { words, props, attrs }
    }

    /// The names of these kinds, or `None` when the game declares none.
    fn names(&self, kinds: &[Words]) -> Option<Vec<&str>> {
        let names: Vec<&str> = kinds.iter().flat_map(|k| &self.words[*k as usize]).map(String::as_str).collect();
        (!names.is_empty()).then_some(names)
    }
}

/// The values a card (or space) may give a declared property.
fn prop_value(p: &PropSpec) -> Value {
    let values: Vec<&str> = p.values.iter().map(|v| v.value.as_str()).collect();
    let mut s = match p.ty.value {
        PropType::Number => json!({ "type": "number" }),
        PropType::Bool => json!({ "type": "boolean" }),
        PropType::Text => scalar(),
        PropType::Enum => json!({ "enum": values }),
        PropType::List if values.is_empty() => json!({ "type": "array", "items": scalar() }),
        PropType::List => json!({ "type": "array", "items": { "enum": values } }),
    };
    s["description"] = format!("Property `{}`, declared by the game or a faction.", p.name.value).into();
    s
}

/// Builds the schema: the definitions of every shape reached from the file kinds.
struct Gen {
    known: Option<Known>,
    defs: Map<String, Value>,
}

impl Gen {
    fn root(mut self, title: &str) -> Value {
        let card = self.ty(&Ty::Obj(&crate::load::CARD_SHAPE));
        // The loader tries the kind keys in order: the first present tells the kind.
        let kinds = crate::load::KINDS;
        let any_kind: Vec<Value> = kinds.iter().map(|k| json!({ "required": [k.name] })).collect();
        let keys: Vec<String> = kinds.iter().map(|k| format!("`{}`", k.name)).collect();
        let mut chain = json!({
            "anyOf": any_kind,
            "description": format!("A mapping with one of {} tells what the file holds.", keys.join(", ")),
        });
        for k in kinds.iter().rev() {
            let then = with_doc(self.ty(&k.ty), k.doc);
            chain = json!({ "if": { "required": [k.name] }, "then": then, "else": chain });
        }
        json!({
            "$schema": DRAFT,
            "title": title,
            "description": "A game (`game:`), faction (`faction:`), scenario (`scenario:`), card set \
                (`cards:` or a list of cards) or one card (`id:`): see docs/FORMAT.md.",
            "type": ["object", "array"],
            "if": { "type": "array" },
            "then": { "type": "array", "description": "A card set: a list of cards.", "items": card },
            "else": chain,
            "definitions": Value::Object(std::mem::take(&mut self.defs)),
        })
    }

    /// The schema of a value of this shape.
    fn ty(&mut self, ty: &Ty) -> Value {
        match ty {
            Ty::Text => scalar(),
            Ty::Name(kinds) => match self.known.as_ref().and_then(|k| k.names(kinds)) {
                // A scenario names a card's second copy `id#2`.
                Some(names) if kinds.contains(&Words::Card) => json!({
                    "anyOf": [{ "enum": names }, { "type": "string", "pattern": "#[0-9]+$" }],
                }),
                Some(names) => json!({ "enum": names }),
                None => scalar(),
            },
            Ty::Script(entry) => {
                let mut s = scalar();
                s["$comment"] = format!("Twilit source, grammar entry `{entry}` (docs/LANGUAGE.md)").into();
                s
            }
            Ty::Bool => json!({ "type": "boolean" }),
            Ty::Int => json!({ "type": "integer" }),
            Ty::AtLeast(n) => json!({ "type": "integer", "minimum": n }),
            Ty::Choice(words) => json!({ "enum": words }),
            Ty::List(item) => json!({ "type": "array", "items": self.ty(item) }),
            Ty::Obj(shape) => self.shape(shape),
            Ty::Named(value) => json!({ "type": ["object", "null"], "additionalProperties": self.ty(value) }),
            Ty::Either(tys) => self.either(tys),
            Ty::Any => json!({}),
            Ty::Renamed(to) => json!({ "not": {}, "$comment": format!("renamed `{to}`") }),
            Ty::Special(s) => special(*s),
        }
    }

    /// One of several shapes. Mappings told apart by their first key are chosen by it, in
    /// order, as the loader does (so a validator reports the problems of the one meant).
    fn either(&mut self, tys: &[Ty]) -> Value {
        let heads: Option<Vec<(&str, &Ty)>> = tys
            .iter()
            .map(|t| match t {
                Ty::Obj(s) => s.fields.first().map(|f| (f.name, t)),
                _ => None,
            })
            .collect();
        let Some(heads) = heads else {
            return json!({ "anyOf": tys.iter().map(|t| self.ty(t)).collect::<Vec<_>>() });
        };
        let names: Vec<String> = heads.iter().map(|(k, _)| format!("`{k}`")).collect();
        let mut chain = json!({
            "type": "object",
            "anyOf": heads.iter().map(|(k, _)| json!({ "required": [k] })).collect::<Vec<_>>(),
            "description": format!("A mapping with one of {}.", names.join(", ")),
        });
        for (k, t) in heads.iter().rev() {
            chain = json!({ "if": { "required": [k] }, "then": self.ty(t), "else": chain });
        }
        chain
    }

    /// A reference to the definition of `shape`, made the first time.
    fn shape(&mut self, shape: &Shape) -> Value {
        let at = json!({ "$ref": format!("#/definitions/{}", shape.def) });
        if self.defs.contains_key(shape.def) {
            return at;
        }
        // Placed first, so that a shape reached again while building is not built twice.
        self.defs.insert(shape.def.to_string(), json!({}));
        let mut props = Map::new();
        for f in shape.fields {
            // The one key of a step has a value; elsewhere an empty optional key is skipped.
            props.insert(f.name.to_string(), self.field(f, !f.required && !shape.single));
        }
        let mut s = json!({ "type": "object", "description": shape.doc });
        let required: Vec<&str> = shape.fields.iter().filter(|f| f.required).map(|f| f.name).collect();
        if !required.is_empty() {
            s["required"] = json!(required);
        }
        match (shape.rest, &self.known) {
            (Rest::Closed, _) => s["additionalProperties"] = false.into(),
            (Rest::Props, Some(k)) => declared(&mut s, &mut props, &k.props),
            (Rest::Attrs, Some(k)) => declared(&mut s, &mut props, &k.attrs),
            (Rest::Props, None) => {
                s["additionalProperties"] = json!({ "description": "A property of the game or of a faction." });
            }
            (Rest::Attrs, None) => {
                s["additionalProperties"] = json!({ "description": "An attribute of `board.attributes`." });
            }
        }
        s["properties"] = Value::Object(props);
        if !shape.one_of.is_empty() {
            s["oneOf"] = shape.one_of.iter().map(|k| json!({ "required": [k] })).collect();
        }
        if shape.single {
            s["minProperties"] = 1.into();
            s["maxProperties"] = 1.into();
        }
        self.defs.insert(shape.def.to_string(), s);
        at
    }

    /// A key's schema: its shape and its doc. The loader skips an optional key with nothing
    /// after it; the schema allows that for lists and maps (`keywords:` with nothing yet)
    /// only, so that an editor does not offer `null` beside every word and number.
    fn field(&mut self, f: &Field, optional: bool) -> Value {
        let mut s = self.ty(&f.ty);
        if optional && matches!(f.ty, Ty::List(_)) {
            s = nullable(s);
        }
        let doc = match f.ty {
            Ty::Script(entry) => format!("{} ({entry}: Twilit source, docs/LANGUAGE.md)", f.doc),
            _ => f.doc.to_string(),
        };
        with_doc(s, &doc)
    }
}

/// A mapping's declared keys besides its fields: those and no others.
fn declared(s: &mut Value, props: &mut Map<String, Value>, specs: &[PropSpec]) {
    for p in specs {
        props.entry(p.name.value.clone()).or_insert_with(|| prop_value(p));
    }
    s["additionalProperties"] = false.into();
}

/// `s` with a description (beside a `$ref` a draft-07 validator ignores it: wrapped).
fn with_doc(s: Value, doc: &str) -> Value {
    let mut s = if s.get("$ref").is_some() { json!({ "allOf": [s] }) } else { s };
    s["description"] = doc.into();
    s
}

/// `s` (a typed schema), or null.
fn nullable(mut s: Value) -> Value {
    if let Some(Value::String(t)) = s.get("type") {
        s["type"] = json!([t.clone(), "null"]);
    }
    s
}

/// The shapes the loader reads by hand.
fn special(s: Special) -> Value {
    match s {
        Special::Param => json!({
            "anyOf": [
                scalar(),
                { "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": scalar() },
            ],
        }),
        Special::Edge => json!({ "type": "array", "items": scalar(), "minItems": 2, "maxItems": 2 }),
        Special::Keywords => json!({ "type": ["object", "null"], "additionalProperties": scalar() }),
        Special::Limit => {
            let periods = crate::load::PERIODS.join("|");
            let pattern = format!(r"^\s*(once|twice|\+?[0-9]*[1-9][0-9]*)\s+per\s+({periods})\s*$");
            json!({ "type": "string", "pattern": pattern })
        }
        Special::Scores => json!({ "type": "object", "additionalProperties": { "type": "integer" } }),
    }
}
