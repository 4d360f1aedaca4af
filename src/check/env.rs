//! The names a script of one game may use: the game's own definitions (properties,
//! values, zones, pieces, counters, ...) plus the built-in names of the language.

use crate::fxhash::FxIndexMap as IndexMap;

use crate::diag::{did_you_mean, Diagnostic, FileId, Span};

/// The static type of an expression, as far as the checker can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    /// A number.
    Num,
    /// A truth value.
    Bool,
    /// Text.
    Str,
    /// One player.
    Player,
    /// Several players (a selector of players).
    Players,
    /// Cards, pieces or spaces (a selector).
    Things,
    /// A list of numbers (`[1, 2, 3]`, `numbers(1, 6)`): what `choose` picks a number from.
    Numbers,
    /// A zone.
    Zone,
    /// An enum value (also usable as a selector of things having it).
    Value,
    /// A die.
    Die,
    /// A phase, step or period (`turn`, `round`).
    Period,
    /// A relation such as `owner`, only meaningful before `of`.
    Relation,
    /// Unknown or dynamic: accepted everywhere.
    Any,
}

impl Ty {
    /// The type's name in messages.
    pub fn describe(self) -> &'static str {
        match self {
            Ty::Num => "a number",
            Ty::Bool => "a condition",
            Ty::Str => "text",
            Ty::Player => "a player",
            Ty::Players => "players",
            Ty::Things => "a selection of cards, pieces or spaces",
            Ty::Numbers => "a list of numbers",
            Ty::Zone => "a zone",
            Ty::Value => "a value",
            Ty::Die => "a die",
            Ty::Period => "a phase or period",
            Ty::Relation => "a relation",
            Ty::Any => "anything",
        }
    }

    /// Whether a value of this type can stand where `want` is expected.
    pub fn fits(self, want: Ty) -> bool {
        self == want
            || self == Ty::Any
            || want == Ty::Any
            || matches!(
                (self, want),
                (Ty::Value, Ty::Things)
                    | (Ty::Things, Ty::Value)
                    | (Ty::Player, Ty::Players)
                    | (Ty::Players, Ty::Player)
                    | (Ty::Zone, Ty::Things)
                    // A list is a selection (a `selector` parameter, `count`), of numbers too.
                    | (Ty::Numbers, Ty::Things)
            )
    }

    /// Whether the type selects things or is a list (so `or` means union).
    pub fn is_collection(self) -> bool {
        matches!(self, Ty::Things | Ty::Value | Ty::Players | Ty::Zone | Ty::Numbers)
    }
}

/// Which things a parameter declared `card`, `piece` or `space` takes: `Ty::Things` holds
/// all three, and a card's id given for a space checked clean and failed in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThingKind {
    /// `card`, `cards`.
    Card,
    /// `piece`, `pieces`.
    Piece,
    /// `space`.
    Space,
}

impl ThingKind {
    /// The kind a declared parameter type names, if it is one of the three.
    pub fn of(ty: &str) -> Option<ThingKind> {
        match ty {
            "card" | "cards" => Some(ThingKind::Card),
            "piece" | "pieces" => Some(ThingKind::Piece),
            "space" => Some(ThingKind::Space),
            _ => None,
        }
    }

    /// The kind a bare name of `sym` is, if it names one of the three.
    pub fn named(sym: &Sym) -> Option<ThingKind> {
        match sym {
            Sym::Card => Some(ThingKind::Card),
            Sym::Piece => Some(ThingKind::Piece),
            Sym::Space => Some(ThingKind::Space),
            _ => None,
        }
    }

    /// The kind's name in messages.
    pub fn describe(self) -> &'static str {
        match self {
            ThingKind::Card => "a card",
            ThingKind::Piece => "a piece",
            ThingKind::Space => "a board space",
        }
    }
}

/// What a name stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum Sym {
    /// A card or piece property, with the type of its values.
    Property(Ty),
    /// A value of an enum property (`condition`), naming the property.
    EnumValue(String),
    /// A zone.
    Zone,
    /// A kind of piece; `sides` lists its side names.
    Piece,
    /// A side of a two-sided piece (`governing`).
    Side,
    /// A counter or pool, with its maximum if bounded (none where it clamps: no removal fails).
    Counter { max: Option<i64>, on: Option<crate::load::CounterOn> },
    /// A die.
    Die,
    /// A board space.
    Space,
    /// A card id.
    Card,
    /// A faction id (stands for the player who has it).
    Faction,
    /// A role (stands for the players who have it).
    Role,
    /// A phase or step.
    Phase,
    /// A game procedure with its parameter count; `value` procedures are functions.
    /// `tys` are the parameters' declared types (`Any` where none is declared).
    /// `things` says which things a `card`, `piece` or `space` parameter takes.
    Procedure { arity: usize, value: bool, params: Vec<String>, tys: Vec<Ty>, things: Vec<Option<ThingKind>>, ret: Ty },
    /// A built-in name with its type.
    Builtin(Ty),
    /// A game variable declared in `variables:`, with its type.
    Variable(Ty),
    /// A local binding with its type.
    Local(Ty),
}

impl Sym {
    /// The type of the name used as a value.
    pub fn ty(&self) -> Ty {
        match self {
            Sym::Property(t) | Sym::Builtin(t) | Sym::Local(t) | Sym::Variable(t) => *t,
            Sym::EnumValue(_) | Sym::Side => Ty::Value,
            Sym::Zone => Ty::Zone,
            Sym::Piece | Sym::Space | Sym::Card => Ty::Things,
            Sym::Counter { .. } => Ty::Num,
            Sym::Die => Ty::Die,
            Sym::Faction => Ty::Player,
            Sym::Role => Ty::Players,
            Sym::Phase => Ty::Period,
            Sym::Procedure { .. } => Ty::Any,
        }
    }

    /// What the name is, for messages.
    pub fn describe(&self) -> &'static str {
        match self {
            Sym::Property(_) => "a property",
            Sym::EnumValue(_) => "a property value",
            Sym::Zone => "a zone",
            Sym::Piece => "a piece",
            Sym::Side => "a side",
            Sym::Counter { .. } => "a counter",
            Sym::Die => "a die",
            Sym::Space => "a board space",
            Sym::Card => "a card",
            Sym::Faction => "a faction",
            Sym::Role => "a role",
            Sym::Phase => "a phase",
            Sym::Procedure { .. } => "a procedure",
            Sym::Builtin(_) => "a built-in name",
            Sym::Variable(_) => "a game variable",
            Sym::Local(_) => "a local name",
        }
    }
}

/// A game-defined keyword such as `Add[n]`.
#[derive(Debug, Clone, PartialEq)]
pub struct KeywordInfo {
    /// Parameter names and declared types.
    pub params: Vec<(String, Ty)>,
}

/// Built-in names with their types.
const BUILTINS: &[(&str, Ty)] = &[
    ("opponent", Ty::Players),
    ("opponents", Ty::Players),
    ("enemy", Ty::Players),
    ("enemies", Ty::Players),
    ("player", Ty::Players),
    ("players", Ty::Players),
    ("active_player", Ty::Player),
    ("yours", Ty::Players),
    ("none", Ty::Any), // nothing, of any kind: `zone of x == none`, `set leader to none`
    ("it", Ty::Any),
    ("card", Ty::Things),
    ("cards", Ty::Things),
    ("piece", Ty::Things),
    ("pieces", Ty::Things),
    ("space", Ty::Things),
    ("spaces", Ty::Things),
    ("owner", Ty::Relation),
    ("controller", Ty::Relation),
    ("left", Ty::Relation),
    ("right", Ty::Relation),
    ("side", Ty::Value),
    ("zone", Ty::Zone),
    ("name", Ty::Str),
    ("id", Ty::Value),
    ("card_id", Ty::Value),
    // In an expression these read the clock (`turn > 3`, `phase == night`); after
    // `until end of` and in `start of` / `end of` they name the period.
    ("turn", Ty::Num),
    ("phase", Ty::Value),
    ("round", Ty::Num),
    ("step", Ty::Value),
    ("game", Ty::Period),
    ("exhausted", Ty::Bool),
    ("face_up", Ty::Bool),
];

/// The built-in relations of cards and pieces, each read of one thing (`exhausted of x`):
/// what `of` reads of each thing on its right rather than selecting things. `owner`,
/// `controller` and `name` are read of players too; `space` is also the noun of all spaces,
/// and `left`/`right` are relations of players only.
pub const THING_RELATIONS: &[&str] =
    &["exhausted", "face_up", "side", "zone", "id", "card_id", "owner", "controller", "name"];

/// Whether `name` is one of the `THING_RELATIONS`.
pub fn is_thing_relation(name: &str) -> bool {
    THING_RELATIONS.contains(&name)
}

/// Built-in periods usable in durations and `start of` / `end of` patterns.
pub const PERIODS: &[&str] = &["turn", "phase", "round", "step", "game"];

/// Built-in functions: name, fewest and most arguments, result type.
pub const FUNCTIONS: &[(&str, usize, usize, Ty)] = &[
    ("count", 1, 1, Ty::Num),
    ("exists", 1, 1, Ty::Bool),
    ("min", 1, 8, Ty::Num),
    ("max", 1, 8, Ty::Num),
    ("sum", 2, 2, Ty::Num),
    ("first", 1, 1, Ty::Any),
    ("sort", 2, 2, Ty::Any),
    ("most", 2, 2, Ty::Any),
    ("adjacent", 2, 2, Ty::Bool),
    ("neighbors", 1, 1, Ty::Things),
    ("random", 1, 1, Ty::Any),
    ("sees", 2, 2, Ty::Bool),
    ("distinct", 1, 1, Ty::Any),
    ("numbers", 2, 2, Ty::Numbers),
    ("space_at", 2, 2, Ty::Things),
    ("reachable", 2, 3, Ty::Things),
    ("highest", 2, 2, Ty::Any),
];

/// Every name a game's scripts may use.
#[derive(Debug, Clone, Default)]
pub struct Env {
    /// Every name, card ids among them (one per card of the library: a `Box<str>` key is
    /// 8 bytes smaller than a `String`).
    names: IndexMap<Box<str>, Sym>,
    /// Game keywords by name (`Add`).
    pub keywords: IndexMap<String, KeywordInfo>,
    /// Plural spellings declared by pieces (`sympathy_tokens` -> `sympathy_token`).
    pub plurals: IndexMap<String, String>,
    /// Phase and step names, in order.
    pub phases: Vec<String>,
    /// Names of the game's own abilities (`use draw` in a scenario).
    pub game_actions: Vec<String>,
    /// The zones verbs use when a script names none (`defaults:`).
    pub defaults: crate::load::Defaults,
    /// The parameters of each keyword of game.yaml, in file order (none when its signature
    /// does not parse), so keyword bodies are checked without parsing signatures again.
    pub keyword_params: Vec<Vec<(String, Ty)>>,
    /// Role names (scenario players take one).
    pub roles: Vec<String>,
    /// Faction ids (scenario players may play one).
    pub factions: Vec<String>,
    /// The declared values of each enum or list property, by property: a text that is none
    /// of them never equals the property (`twilit::never-equal`).
    pub values_of: IndexMap<String, Vec<String>>,
    /// Properties (and board attributes) some declaration of which lists no values: any
    /// text may be one of theirs, so none is warned of (`values_of` is not read for them).
    pub open_values: std::collections::HashSet<String>,
    /// The bounds the game's scripts are parsed under.
    pub limits: crate::limits::Limits,
    /// Card ids that another definition names first (a counter, an enum value): scripts
    /// read the other meaning, but the fields that only ever name cards (`decks:`, a
    /// scenario's `put:`) still find the card.
    pub shadowed_cards: Vec<Box<str>>,
    /// Procedures whose name an earlier definition took (an enum value): a call of one
    /// says so rather than that no such procedure exists.
    pub hidden_procedures: Vec<Box<str>>,
    /// Value procedures whose `value:` asks a player (a `choose`, or a call of another
    /// that does): a condition that calls one asks where nobody can be asked.
    pub asking_procedures: Vec<Box<str>>,
    /// Value procedures whose `value:` reads `you` (or calls another that does): in
    /// `result:`, `you` is the first seat, not the player scored.
    pub you_procedures: Vec<Box<str>>,
    /// Board attributes that no card or piece property shares: their values name spaces
    /// alone (`lowland`), so a `modify`/`set` on them is on fixed attributes.
    pub fixed_attributes: Vec<String>,
    /// Whether the board's spaces have number attributes `col` and `row` (a `grid:`
    /// declares them), which `space_at` finds a space by.
    pub placed_spaces: bool,
    /// Whether the game file declares no `scoring:` counter, so `score` can never run (false
    /// when there is no game file to tell).
    pub unscored: bool,
}

impl Env {
    /// An environment holding only the built-ins.
    pub fn new() -> Self {
        let mut env = Env::default();
        for (n, t) in BUILTINS {
            env.names.insert((*n).into(), Sym::Builtin(*t));
        }
        env
    }

    /// Defines a game name. Game names take precedence over built-ins; between game names the first
    /// definition wins, and the earlier one is returned so the caller can report a clash.
    /// Phases live in their own namespace, so a phase may share a name with a value.
    pub fn define(&mut self, name: &str, sym: Sym) -> Option<&Sym> {
        if sym == Sym::Phase {
            if !self.phases.iter().any(|p| p == name) {
                self.phases.push(name.to_string());
            }
            if self.names.contains_key(name) {
                return None;
            }
        }
        match self.names.get(name) {
            None | Some(Sym::Builtin(_)) | Some(Sym::Phase) | Some(Sym::Role) => {
                self.names.insert(name.into(), sym);
                None
            }
            Some(_) if matches!(sym, Sym::Role | Sym::Phase) => None,
            Some(_) => self.names.get(name),
        }
    }

    /// Sets what a value procedure gives (`build::value_kinds`); whether that changed it.
    pub(crate) fn set_ret(&mut self, name: &str, ty: Ty) -> bool {
        match self.names.get_mut(name) {
            Some(Sym::Procedure { ret, .. }) => std::mem::replace(ret, ty) != ty,
            _ => false,
        }
    }

    /// Makes room for `n` more names at once (a game's card ids): growing one by one would
    /// hold the old and the doubled table together at the peak.
    pub fn reserve(&mut self, n: usize) {
        self.names.reserve(n);
    }

    /// Whether `id` is a card's id, also where another definition gives the name its
    /// meaning in scripts: for the fields that only ever name cards.
    pub fn is_card(&self, id: &str) -> bool {
        matches!(self.lookup(id), Some(Sym::Card)) || self.shadowed_cards.iter().any(|c| &**c == id)
    }

    /// Every card id, for did-you-mean where a card is wanted.
    pub fn card_ids(&self) -> impl Iterator<Item = &str> {
        let defined = self.names.iter().filter(|(_, s)| matches!(s, Sym::Card)).map(|(k, _)| &**k);
        defined.chain(self.shadowed_cards.iter().map(|c| &**c))
    }

    /// Whether `name` is a phase or step of the game.
    pub fn is_phase(&self, name: &str) -> bool {
        self.phases.iter().any(|p| p == name)
    }

    /// Looks a name up, also as a plural of a defined name (`soldiers`, `outposts`).
    pub fn lookup(&self, name: &str) -> Option<&Sym> {
        // The common case, a defined spelling, without allocating.
        self.names.get(name).or_else(|| self.resolve(name).map(|(_, s)| s))
    }

    /// Looks a name up like `lookup`, also returning its defined (singular) spelling.
    pub fn resolve(&self, name: &str) -> Option<(String, &Sym)> {
        if let Some(s) = self.names.get(name) {
            return Some((name.to_string(), s));
        }
        if let Some(single) = self.plurals.get(name) {
            return self.names.get(single.as_str()).map(|s| (single.clone(), s));
        }
        singulars(name)
            .into_iter()
            .find_map(|n| self.names.get(n.as_str()).filter(|sym| plural_ok(sym)).map(|s| (n.clone(), s)))
    }

    /// The piece, enum value or card `name` would be the plural of, had it no meaning of
    /// its own (`drones`, with a piece `drone`): a definition spelled so hides the
    /// plural. (A zone `relics` holding the cards of type `relic` was once thought named
    /// on purpose; a walkthrough's `gems` zone counted no gem, so `build.rs` warns of
    /// a zone too, and of nothing else beside a value or a card.)
    pub fn plural_of_other(&self, name: &str) -> Option<&str> {
        // A piece's, an enum value's or a card's plural selects them: `gems` beside a
        // value `gem` counted no gems once a zone took the name.
        let noun = |n: &str| {
            (self.names.get_key_value(n))
                .filter(|(_, sym)| matches!(sym, Sym::Piece | Sym::EnumValue(_) | Sym::Card))
                .map(|(k, _)| &**k)
        };
        let single = match self.plurals.get(name) {
            Some(single) => noun(single),
            None => singulars(name).iter().find_map(|n| noun(n)),
        };
        single.filter(|s| *s != name)
    }

    /// Like `resolve`, borrowing the defined spelling (no allocation for a defined name or
    /// a declared plural): what the interpreter uses on every evaluation.
    pub fn resolve_ref(&self, name: &str) -> Option<(&str, &Sym)> {
        if let Some((k, s)) = self.names.get_key_value(name) {
            return Some((k, s));
        }
        if let Some(single) = self.plurals.get(name) {
            return self.names.get_key_value(single.as_str()).map(|(k, s)| (&**k, s));
        }
        singulars(name).into_iter().find_map(|n| {
            self.names.get_key_value(n.as_str()).filter(|(_, sym)| plural_ok(sym)).map(|(k, s)| (&**k, s))
        })
    }

    /// Where `resolve_ref` finds a name, as an index for `entry` (the compiled form of a name).
    pub fn index_of(&self, name: &str) -> Option<u32> {
        let (canon, _) = self.resolve_ref(name)?;
        self.names.get_index_of(canon).and_then(|i| u32::try_from(i).ok())
    }

    /// `resolve_ref` of a name the compiler may have resolved already (`Res::Global`: read
    /// by index, no hashing).
    pub fn resolve_res(&self, name: &str, res: crate::syntax::ast::Res) -> Option<(&str, &Sym)> {
        match res {
            crate::syntax::ast::Res::Global(i) => self.entry(i),
            crate::syntax::ast::Res::Unresolved | crate::syntax::ast::Res::It | crate::syntax::ast::Res::Local(_) => {
                self.resolve_ref(name)
            }
        }
    }

    /// The canonical name and meaning at an index `index_of` gave.
    pub fn entry(&self, i: u32) -> Option<(&str, &Sym)> {
        self.names.get_index(i as usize).map(|(k, s)| (&**k, s))
    }

    /// How many names there are (indexes run from 0 below this).
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether no name is defined.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every parameter name of every procedure and keyword: a script may see them bound
    /// (its own parameters, or a `uses` trigger's), so they are never compiled as globals.
    pub fn param_names(&self) -> impl Iterator<Item = &str> {
        let procs = self.names.values().flat_map(|s| match s {
            Sym::Procedure { params, .. } => params.as_slice(),
            _ => &[],
        });
        procs.map(String::as_str).chain(self.keyword_params.iter().flatten().map(|(n, _)| n.as_str()))
    }

    /// Every defined name, for did-you-mean.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.keys().map(|k| &**k).chain(self.plurals.keys().map(String::as_str))
    }

    /// A built-in function's arity and result.
    pub fn function(name: &str) -> Option<(usize, usize, Ty)> {
        FUNCTIONS.iter().find(|f| f.0 == name).map(|f| (f.1, f.2, f.3))
    }
}

/// Only nouns take a plural: `soldiers`, `events`, not `costs`.
fn plural_ok(sym: &Sym) -> bool {
    matches!(sym, Sym::Piece | Sym::EnumValue(_) | Sym::Side | Sym::Space | Sym::Card | Sym::Zone)
}

/// Candidate singular forms of an English plural.
fn singulars(name: &str) -> Vec<String> {
    let mut out = vec![];
    if let Some(stem) = name.strip_suffix("ies") {
        out.push(format!("{stem}y"));
    }
    if let Some(stem) = name.strip_suffix("es") {
        out.push(stem.to_string());
    }
    if let Some(stem) = name.strip_suffix('s') {
        out.push(stem.to_string());
    }
    out
}

/// Parses a declared parameter type (`selector`, `number`, `player`, ...).
pub fn param_ty(name: &str) -> Option<Ty> {
    PARAM_TYPES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The parameter types a keyword or procedure may declare.
const PARAM_TYPES: &[(&str, Ty)] = &[
    ("int", Ty::Num),
    ("number", Ty::Num),
    ("bool", Ty::Bool),
    ("condition", Ty::Bool),
    ("text", Ty::Str),
    ("player", Ty::Player),
    ("players", Ty::Players),
    ("selector", Ty::Things),
    ("card", Ty::Things),
    ("cards", Ty::Things),
    ("piece", Ty::Things),
    ("pieces", Ty::Things),
    ("space", Ty::Things),
    ("zone", Ty::Zone),
    ("value", Ty::Value),
    ("any", Ty::Any),
];

/// The report for a parameter (or variable) type that `param_ty` does not know.
pub fn unknown_type(name: &str, file: FileId, span: Span) -> Diagnostic {
    let names: Vec<&str> = PARAM_TYPES.iter().map(|(n, _)| *n).collect();
    let hint = did_you_mean(name, names.iter().copied());
    Diagnostic::error("unknown-type", format!("unknown parameter type `{name}`"), file, span)
        .with_help(format!("types: {}", names.join(", ")))
        .with_suggestion(hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_resolve_only_for_nouns() {
        let mut env = Env::new();
        env.define("battery", Sym::Piece);
        env.define("cost", Sym::Property(Ty::Num));
        assert_eq!(env.lookup("batteries"), Some(&Sym::Piece));
        assert_eq!(env.lookup("costs"), None);
        assert!(env.lookup("opponents").is_some());
    }
}
