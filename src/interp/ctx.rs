//! The context a script runs in (`Ctx`): who acts, what `this` and `it` are, the
//! bindings of its locals, and the text and place of the script (for the place of
//! run-time errors), borrowed while it runs or shared when kept.

use std::sync::Arc;

use crate::engine::{PlayerId, Value};
use crate::load::ScriptSrc;
use crate::syntax::ast::Span;

/// The bindings and players a script runs with. The script's text and place are
/// borrowed from the rules (or the scenario) that hold them while it runs: a context is
/// made for every call and ability, and sharing them by reference count cost two atomic
/// increments and decrements each time. A context kept beyond the run (a modifier's, a
/// prohibition's) shares them instead (`Ctx::kept`).
#[derive(Debug, Clone, Default)]
pub struct Ctx<'s> {
    /// The acting player.
    pub you: Option<PlayerId>,
    /// The card (or faction's player) whose script runs.
    pub this: Option<Value>,
    /// The candidate of a filter, or a trigger's subject.
    pub it: Option<Value>,
    /// Local bindings, innermost last (names borrowed from the scripts that bind them).
    pub locals: Locals<'s>,
    /// The running script's text (spans index into it) and its place in its file.
    pub script: ScriptRef<'s>,
}

/// A local's name: borrowed from the script that binds it (a `let`, a `for each`, a
/// parameter) while that script runs, or shared by a context kept beyond the run. Shared
/// (`Arc<str>`) at every binding, the name cost an atomic increment to bind and an atomic
/// decrement to unbind: a few per cent of a simple game's time.
#[derive(Debug, Clone)]
pub enum Name<'s> {
    /// Borrowed from the running script.
    Ref(&'s str),
    /// Shared, for a context that is kept (or a name no script holds).
    Own(Arc<str>),
}

impl std::ops::Deref for Name<'_> {
    type Target = str;
    #[inline(always)]
    fn deref(&self) -> &str {
        match self {
            Name::Ref(s) => s,
            Name::Own(s) => s,
        }
    }
}

impl Name<'_> {
    /// The same name, owned: for a context kept beyond its run.
    pub fn kept(&self) -> Name<'static> {
        match self {
            Name::Ref(s) => Name::Own(Arc::from(*s)),
            Name::Own(s) => Name::Own(Arc::clone(s)),
        }
    }
}

/// A binding: a local's name and value.
pub type Binding<'s> = (Name<'s>, Value);

/// A context's bindings: a list, which is not dropped when it never held anything. Most
/// contexts bind nothing, and dropping an empty list still made an out-of-line call.
#[derive(Debug, Default)]
pub struct Locals<'s>(std::mem::ManuallyDrop<Vec<Binding<'s>>>);

impl<'s> Locals<'s> {
    /// The list, leaving this one empty (to keep it for another context: `spare_locals`).
    pub fn take_list(&mut self) -> Vec<Binding<'s>> {
        std::mem::take(&mut *self.0)
    }

    /// The bindings, kept beyond this run (their names owned).
    fn kept(&self) -> Locals<'static> {
        Locals::from(self.0.iter().map(|(n, v)| (n.kept(), v.clone())).collect::<Vec<_>>())
    }
}

impl Drop for Locals<'_> {
    #[inline]
    fn drop(&mut self) {
        // A list with no room owns nothing: there is nothing to drop.
        if self.0.capacity() != 0 {
            drop(self.take_list());
        }
    }
}

impl Clone for Locals<'_> {
    fn clone(&self) -> Self {
        Locals::from(Vec::clone(&self.0))
    }
}

impl<'s> From<Vec<Binding<'s>>> for Locals<'s> {
    fn from(list: Vec<Binding<'s>>) -> Self {
        Locals(std::mem::ManuallyDrop::new(list))
    }
}

impl<'s> std::ops::Deref for Locals<'s> {
    type Target = Vec<Binding<'s>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Locals<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// The text of the running script and where it is in its file (for the place of
/// run-time errors): borrowed, or shared.
#[derive(Debug, Clone)]
pub enum ScriptRef<'s> {
    /// Borrowed from the rules or the scenario, for one run.
    Borrowed(&'s str, Option<&'s ScriptSrc>),
    /// Shared, for a context that is kept.
    Shared(Arc<str>, Option<Arc<ScriptSrc>>),
}

impl Default for ScriptRef<'_> {
    fn default() -> Self {
        ScriptRef::Borrowed("", None)
    }
}

impl<'s> Ctx<'s> {
    /// A context for a player and a source.
    pub fn new(you: Option<PlayerId>, this: Option<Value>, text: &'s str) -> Self {
        Ctx { you, this, it: None, locals: Locals::default(), script: ScriptRef::Borrowed(text, None) }
    }

    /// A context for a player and a source, running a script (`text`) that is at `origin`
    /// in its file: `new` then `at`, made where it goes rather than moved there.
    #[inline(always)]
    pub fn placed(you: Option<PlayerId>, this: Option<Value>, text: &'s str, origin: &'s ScriptSrc) -> Self {
        Ctx { you, this, it: None, locals: Locals::default(), script: ScriptRef::Borrowed(text, Some(origin)) }
    }

    /// The same context, running a script that is at `origin` in its file.
    pub fn at(mut self, origin: &'s ScriptSrc) -> Self {
        // `new` borrows: only a borrowed script is placed (a shared one keeps its place).
        if let ScriptRef::Borrowed(text, _) = self.script {
            self.script = ScriptRef::Borrowed(text, Some(origin));
        }
        self
    }

    /// Runs another script (its text and place) with the same bindings.
    pub fn run(&mut self, text: &'s str, origin: &'s ScriptSrc) {
        self.script = ScriptRef::Borrowed(text, Some(origin));
    }

    /// A context that shares its script (`text`, at `origin`) rather than borrow it.
    pub fn shared(you: Option<PlayerId>, this: Option<Value>, text: &Arc<str>, origin: &Arc<ScriptSrc>) -> Self {
        let script = ScriptRef::Shared(Arc::clone(text), Some(Arc::clone(origin)));
        Ctx { you, this, it: None, locals: Locals::default(), script }
    }

    /// The same bindings, kept beyond this run: a borrowed script is copied (modifiers
    /// and prohibitions are made seldom; the contexts of running scripts, constantly).
    pub fn kept(&self) -> Ctx<'static> {
        let script = match &self.script {
            ScriptRef::Borrowed(text, origin) => {
                ScriptRef::Shared(Arc::from(*text), origin.map(|o| Arc::new(o.clone())))
            }
            ScriptRef::Shared(text, origin) => ScriptRef::Shared(Arc::clone(text), origin.clone()),
        };
        Ctx { you: self.you, this: self.this.clone(), it: self.it.clone(), locals: self.locals.kept(), script }
    }

    /// The running script's text (spans index into it).
    pub fn text(&self) -> &str {
        match &self.script {
            ScriptRef::Borrowed(text, _) => text,
            ScriptRef::Shared(text, _) => text,
        }
    }

    /// Where the running script is in its file.
    pub fn origin(&self) -> Option<&ScriptSrc> {
        match &self.script {
            ScriptRef::Borrowed(_, origin) => *origin,
            ScriptRef::Shared(_, origin) => origin.as_deref(),
        }
    }

    /// A binding's value, innermost first.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.locals.iter().rev().find(|(n, _)| &**n == name).map(|(_, v)| v)
    }

    /// The binding `k` places below the innermost, which a compiled name reads
    /// (`Res::Local`). Its name is not compared: the compiler placed it (`slots`). Only
    /// its length is, a cheap guard that sends a misplaced read back to `get`.
    #[inline(always)]
    pub fn slot(&self, k: u32, name: &str) -> Option<&Value> {
        let (n, v) = self.binding(k)?;
        debug_assert_eq!(&**n, name, "a compiled local reads another binding");
        if n.len() == name.len() {
            Some(v)
        } else {
            self.get(name)
        }
    }

    /// `slot` for a name known by its length only (`ids.rs`): the binding at slot `k`
    /// if its name has `len` bytes, else `None` (where `slot` would search by name).
    #[inline(always)]
    pub fn slot_sized(&self, k: u32, len: usize) -> Option<&Value> {
        let (n, v) = self.binding(k)?;
        (n.len() == len).then_some(v)
    }

    /// The binding `k` places below the innermost, if there are that many.
    #[inline(always)]
    fn binding(&self, k: u32) -> Option<&Binding<'s>> {
        let i = self.locals.len().checked_sub(k as usize + 1)?;
        self.locals.get(i)
    }

    /// Drops the bindings made since there were `mark` (most blocks bind nothing: then
    /// nothing is called).
    #[inline]
    pub fn unbind(&mut self, mark: usize) {
        if self.locals.len() > mark {
            self.locals.truncate(mark);
        }
    }

    /// Binds a name no script holds (a scenario's player).
    pub fn bind(&mut self, name: &str, v: Value) {
        self.locals.push((Name::Own(name.into()), v));
    }

    /// Binds shared names, with their values (what an event's pattern bound, for the
    /// ability that answers it).
    pub fn bind_shared(&mut self, bound: impl IntoIterator<Item = (Arc<str>, Value)>) {
        self.locals.extend(bound.into_iter().map(|(n, v)| (Name::Own(n), v)));
    }

    /// Binds a name the running script holds (a parameter's, a `let`'s, a `for each`'s).
    #[inline(always)]
    pub fn bind_ref(&mut self, name: &'s str, v: Value) {
        self.locals.push((Name::Ref(name), v));
    }

    /// The source text of a span of the running script.
    pub fn snippet(&self, span: &Span) -> String {
        self.text().get(span.clone()).unwrap_or("").trim().to_string()
    }
}
