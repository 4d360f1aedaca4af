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
    /// Local bindings, innermost last (names shared with the definitions that bind them).
    pub locals: Locals,
    /// The running script's text (spans index into it) and its place in its file.
    pub script: ScriptRef<'s>,
}

/// A context's bindings: a list, which is not dropped when it never held anything. Most
/// contexts bind nothing, and dropping an empty list still made an out-of-line call.
#[derive(Debug, Default)]
pub struct Locals(std::mem::ManuallyDrop<Vec<(Arc<str>, Value)>>);

impl Locals {
    /// The list, leaving this one empty (to keep it for another context: `spare_locals`).
    pub fn take_list(&mut self) -> Vec<(Arc<str>, Value)> {
        std::mem::take(&mut *self.0)
    }
}

impl Drop for Locals {
    #[inline]
    fn drop(&mut self) {
        // A list with no room owns nothing: there is nothing to drop.
        if self.0.capacity() != 0 {
            drop(self.take_list());
        }
    }
}

impl Clone for Locals {
    fn clone(&self) -> Self {
        Locals::from(Vec::clone(&self.0))
    }
}

impl From<Vec<(Arc<str>, Value)>> for Locals {
    fn from(list: Vec<(Arc<str>, Value)>) -> Self {
        Locals(std::mem::ManuallyDrop::new(list))
    }
}

impl std::ops::Deref for Locals {
    type Target = Vec<(Arc<str>, Value)>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Locals {
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
        Ctx { you: self.you, this: self.this.clone(), it: self.it.clone(), locals: self.locals.clone(), script }
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
    fn binding(&self, k: u32) -> Option<&(Arc<str>, Value)> {
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

    /// Binds a name (a scenario's player, a name not shared with a definition).
    pub fn bind(&mut self, name: &str, v: Value) {
        self.locals.push((name.into(), v));
    }

    /// Binds a shared name (a parameter's, a `let`'s, a `for each`'s).
    pub fn bind_shared(&mut self, name: &Arc<str>, v: Value) {
        self.locals.push((Arc::clone(name), v));
    }

    /// The source text of a span of the running script.
    pub fn snippet(&self, span: &Span) -> String {
        self.text().get(span.clone()).unwrap_or("").trim().to_string()
    }
}
