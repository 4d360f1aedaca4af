//! Compiling a bundle's fields: each script, condition and trigger pattern parsed once
//! per distinct text and its names resolved (`compile::Resolver`), and the abilities,
//! cards and procedures built from them. `Rules::compile` drives it.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diag::Diagnostic;
use crate::engine::Value;
use crate::fxhash::FxHashMap as HashMap;
use crate::load::{self, AbilityKind, ScriptSrc};
use crate::syntax::{self, ast};

use super::rules::{AbilityDef, Body, CardDef, Cond, Head, ParamKind, ProcDef, PropInfo, Script};

pub(super) struct Compiler<'a> {
    pub(super) diags: &'a mut Vec<Diagnostic>,
    pub(super) names: &'a super::compile::Resolver<'a>,
    /// Scripts compiled so far by text: a text printed on many cards is parsed and
    /// resolved once (what a script's names mean depends on its text alone).
    pub(super) blocks: HashMap<load::Text, Arc<ast::Block>>,
    /// Conditions compiled so far by text.
    pub(super) exprs: HashMap<load::Text, Arc<ast::Expr>>,
    /// The bounds scripts are parsed under.
    pub(super) limits: crate::limits::Limits,
}

impl Compiler<'_> {
    pub(super) fn script(&mut self, src: &ScriptSrc) -> Option<Script> {
        self.body_script(src, &[])
    }

    pub(super) fn cond(&mut self, src: &ScriptSrc) -> Option<Cond> {
        self.body_cond(src, &[])
    }

    /// A script field whose names `params` are bound first (a procedure's or keyword's
    /// parameters, read from their slots; none for other fields). A body with parameters
    /// is not shared with other fields of the same text: its names' meaning depends on them.
    pub(super) fn body_script(&mut self, src: &ScriptSrc, params: &[Arc<str>]) -> Option<Script> {
        let (names, limits) = (self.names, self.limits);
        let parse = |t: &str| {
            let mut b = syntax::parse_script_with(t, &limits)?;
            names.body(&mut b, params);
            Ok(b)
        };
        let mut own = HashMap::default();
        let done = if params.is_empty() { &mut self.blocks } else { &mut own };
        let block = compiled(done, self.diags, src, parse)?;
        Some(Script::from_src(block, src))
    }

    /// A condition field, a value procedure's with its parameters `params` (see `body_script`).
    fn body_cond(&mut self, src: &ScriptSrc, params: &[Arc<str>]) -> Option<Cond> {
        let (names, limits) = (self.names, self.limits);
        let parse = |t: &str| {
            let mut e = syntax::parse_condition_with(t, &limits)?;
            names.value_body(&mut e, params);
            Ok(e)
        };
        let mut own = HashMap::default();
        let done = if params.is_empty() { &mut self.exprs } else { &mut own };
        let expr = compiled(done, self.diags, src, parse)?;
        Some(Cond::from_src(expr, src))
    }

    /// An event pattern as `matches` reads it: who acts and what is acted on without their
    /// quantities (`a pawn` means any pawn), their names compiled, the verb in its base
    /// form (`plays` is `play`, as events name it).
    fn pattern(&self, mut p: ast::EventPat) -> ast::EventPat {
        if let ast::EventKind::Action { actor, object, verb, .. } = &mut p.kind {
            if let Some(base) = super::heard::base_verb(&verb.name) {
                verb.name = base.into();
            }
            for x in actor.iter_mut().chain(object.iter_mut()) {
                *x = super::select::unquantified(x);
                self.names.expr(x);
            }
        }
        p
    }

    pub(super) fn ability(&mut self, a: &load::Ability) -> Option<AbilityDef> {
        let head_text = match &a.kind {
            AbilityKind::Action(t) => t.value.to_string(),
            AbilityKind::When(src) => format!("when {}", src.text.trim()),
            AbilityKind::Static(_) => "static".to_string(),
            AbilityKind::React(r, src) => format!("{} {}", r.key(), src.text.trim()),
        };
        let head = match &a.kind {
            AbilityKind::Action(t) => Head::Action(t.value.to_string()),
            AbilityKind::When(src) => match syntax::parse_event(&src.text) {
                Ok(p) => Head::When(Arc::new(self.pattern(p))),
                Err(e) => {
                    self.diags.push(crate::check::scripts::syntax_diag(src, e));
                    return None;
                }
            },
            AbilityKind::Static(src) => Head::Static(self.script(src)?),
            AbilityKind::React(r, src) => match syntax::parse_event(&src.text) {
                Ok(p) => Head::React(*r, Arc::new(self.pattern(p))),
                Err(e) => {
                    self.diags.push(crate::check::scripts::syntax_diag(src, e));
                    return None;
                }
            },
        };
        let pattern_at = match &a.kind {
            AbilityKind::When(src) | AbilityKind::React(_, src) => Some(Arc::new(src.clone())),
            _ => None,
        };
        Some(AbilityDef {
            head,
            pattern_at,
            requires: a.requires.as_ref().and_then(|s| self.cond(s)),
            cost: a.cost.as_ref().and_then(|s| self.script(s)),
            effect: a.effect.as_ref().and_then(|s| self.script(s)),
            optional: a.optional().is_some_and(|o| o.value),
            used_by: a.used_by.as_ref().and_then(|s| self.cond(s)),
            head_text,
            name: a.name().map(|n| n.value.clone()),
            limit: a.limit().map(|l| l.value.clone()),
            from: a.from().iter().map(|z| z.value.clone()).collect(),
            timing: Default::default(),
            file: a.file,
            span: a.span.range(),
        })
    }

    pub(super) fn card(&mut self, c: &load::Card, props: &HashMap<String, PropInfo>) -> CardDef {
        let mut values: BTreeMap<String, Value> = props.iter().map(|(k, p)| (k.clone(), p.default.clone())).collect();
        for (k, v) in &c.props {
            values.insert(k.value.to_string(), super::rules::prop_value_of(props, &k.value, &v.value));
        }
        CardDef {
            id: c.id.value.clone(),
            name: c.name.value.clone(),
            text: c.text.as_ref().map(|t| t.value.clone()),
            props: values,
            printed: Box::default(),
            play: c.play.as_ref().and_then(|s| self.script(s)),
            abilities: c.abilities.iter().filter_map(|a| self.ability(a)).collect(),
            // The loader refuses copies outside 1..=`Limits::copies`; the clamp only keeps the two in step.
            copies: c.copies.as_ref().map(|n| n.value.clamp(1, self.limits.copies as i64) as usize).unwrap_or(1),
            faction: None,
        }
    }

    pub(super) fn procedure(&mut self, p: &load::Procedure) -> Option<ProcDef> {
        let params: Vec<Arc<str>> = p.params.iter().map(|a| a.name.value.as_str().into()).collect();
        let body = match (&p.script, &p.value) {
            (Some(s), _) => Body::Script(self.body_script(s, &params)?),
            (None, Some(v)) => Body::Value(self.body_cond(v, &params)?),
            (None, None) => return None,
        };
        let kinds = ParamKind::of_all(p.params.iter().map(|a| a.ty.as_ref().map(|t| t.as_str())));
        Some(ProcDef { name: p.name.value.as_str().into(), params, kinds, body })
    }
}

/// A script field compiled by `parse` (which also resolves its names), or the copy already
/// compiled from the same text; a syntax error is reported at the field and not kept.
fn compiled<T>(
    done: &mut HashMap<load::Text, Arc<T>>,
    diags: &mut Vec<Diagnostic>,
    src: &ScriptSrc,
    parse: impl FnOnce(&str) -> Result<T, syntax::SyntaxError>,
) -> Option<Arc<T>> {
    if let Some(x) = done.get(&src.text) {
        return Some(Arc::clone(x));
    }
    match parse(&src.text) {
        Ok(x) => Some(Arc::clone(done.entry(src.text.clone()).or_insert(Arc::new(x)))),
        Err(e) => {
            diags.push(crate::check::scripts::syntax_diag(src, e));
            None
        }
    }
}
