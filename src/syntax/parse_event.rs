//! Pest pairs to AST for the two small entry rules besides scripts and conditions:
//! trigger patterns (`event`) and keyword signatures (`keyword_sig`).

use super::ast::*;
use super::grammar::Rule;
use super::parser::{ident, kids, parse_clause, parse_expr, span, P};
use super::primary::parse_primary;

/// `event`: a trigger pattern.
pub(crate) fn parse_event(p: P) -> EventPat {
    let pat = p.into_inner().next().expect("event_pat");
    let sp = span(&pat);
    let inner = pat.into_inner().next().expect("event kind");
    let kind = match inner.as_rule() {
        Rule::phase_event => {
            let mut it = inner.into_inner();
            let edge = it.next().expect("edge");
            let name = ident(it.filter(|c| c.as_rule() == Rule::ident).last().expect("phase name"));
            if edge.as_rule() == Rule::k_start_ev {
                EventKind::Start(name)
            } else {
                EventKind::End(name)
            }
        }
        _ => parse_action_event(inner),
    };
    EventPat { kind, span: sp }
}

fn parse_action_event(p: P) -> EventKind {
    let (mut actor, mut verb, mut object, mut clauses) = (None, None, None, vec![]);
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::primary => actor = Some(parse_primary(c)),
            Rule::event_verb => verb = Some(ident(c)),
            Rule::expr => object = Some(parse_expr(c)),
            _ => clauses.push(parse_clause(c)),
        }
    }
    EventKind::Action { actor, verb: verb.expect("event verb"), object, clauses }
}

/// `keyword_sig`: `Name[p, q: type]`.
pub(crate) fn parse_keyword_sig(p: P) -> KeywordSig {
    let mut it = kids(p).filter(|c| c.as_rule() != Rule::EOI);
    let name = ident(it.next().expect("keyword name"));
    let params = it
        .map(|param| {
            let mut pi = param.into_inner();
            let name = ident(pi.next().expect("param name"));
            Param { name, ty: pi.next().map(ident) }
        })
        .collect();
    KeywordSig { name, params }
}
