//! Primaries, the selectors of the language: a quantity, a chain of `of`, then filters.
//! The grammar parses each bracket once (see its `primary` rule), so a count reaches the
//! builder in one of three shapes: a `quantity`, a `paren_count`, or a call `x (e)` that
//! reads as the count `x` of `(e)`.

use super::ast::*;
use super::grammar::Rule;
use super::parser::{kids, last, parse_atom, parse_expr, span, P};

/// `primary`: optional quantity, a chain of `of`, then filters.
pub(super) fn parse_primary(p: P) -> Expr {
    let sp = span(&p);
    let mut quantity = None;
    let mut base = None;
    let mut filters = vec![];
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::quantity => quantity = Some(parse_quantity(c)),
            Rule::of_chain if quantity.is_none() => {
                let (q, b) = parse_counted_chain(c);
                quantity = q;
                base = Some(b);
            }
            Rule::of_chain => base = Some(parse_of_chain(c)),
            Rule::paren_count => {
                let (q, b) = parse_paren_count(c);
                quantity = q;
                base = Some(b);
            }
            Rule::filter => filters.push(parse_filter(c)),
            _ => return parse_atom(c),
        }
    }
    let base = base.expect("primary has a chain");
    if quantity.is_none() && filters.is_empty() {
        return base;
    }
    Expr { kind: ExprKind::Select { quantity, base: Box::new(base), filters }, span: sp }
}

/// A primary's chain; `x (e) ...` (one argument, a space or tab before the bracket) is
/// the count `x` of `(e) ...`, what the grammar's `counted` look-ahead made of it.
fn parse_counted_chain(p: P) -> (Option<Quantity>, Expr) {
    let mut it = kids(p.clone());
    let Some(count) = it.next().and_then(spaced_count) else { return (None, parse_of_chain(p)) };
    let (name, arg) = count;
    let q = Quantity { span: name.span.clone(), kind: QuantityKind::Exactly(Box::new(name)) };
    let mut items = vec![parse_expr(arg)];
    items.extend(it.map(parse_of_rhs));
    (Some(q), chain(items))
}

/// The name and the one argument of a call written `name (arg)` with only spaces or tabs
/// between them.
fn spaced_count(atom: P) -> Option<(Expr, P)> {
    if atom.as_rule() != Rule::name {
        return None;
    }
    let mut parts = atom.into_inner();
    let (id, call) = (parts.next()?, parts.next()?);
    let gap = &id.get_input()[id.as_span().end()..call.as_span().start()];
    if gap.is_empty() || !gap.bytes().all(|b| b == b' ' || b == b'\t') {
        return None;
    }
    let mut args = call.into_inner().next()?.into_inner();
    let (arg, more) = (args.next()?, args.next());
    if more.is_some() {
        return None;
    }
    let name = Expr { kind: ExprKind::Name(id.as_str().to_string(), Res::Unresolved), span: span(&id) };
    Some((name, arg))
}

/// `paren_count`: `(n) cards` (a count and its noun), or `(x) of y` (a chain).
fn parse_paren_count(p: P) -> (Option<Quantity>, Expr) {
    let mut it = kids(p);
    let paren = it.next().expect("paren_count starts with a bracket");
    let head_span = span(&paren);
    let head = parse_atom(paren);
    let mut rest = it.peekable();
    if let Some(noun) = rest.next_if(|c| c.as_rule() == Rule::of_chain) {
        let q = Quantity { kind: QuantityKind::Exactly(Box::new(head)), span: head_span };
        return (Some(q), parse_of_chain(noun));
    }
    let mut items = vec![head];
    items.extend(rest.map(parse_of_rhs));
    (None, chain(items))
}

fn parse_quantity(p: P) -> Quantity {
    let sp = span(&p);
    let q = p.into_inner().next().expect("quantity kind");
    let kind = match q.as_rule() {
        Rule::q_count => QuantityKind::Exactly(Box::new(parse_atom(last(q)))),
        Rule::q_upto => QuantityKind::UpTo(Box::new(parse_atom(last(q)))),
        Rule::q_anynum => QuantityKind::AnyNumber,
        Rule::q_all => QuantityKind::All,
        Rule::q_each => QuantityKind::Each,
        Rule::q_a => QuantityKind::One,
        Rule::q_top => QuantityKind::Top(kids(q).next().map(|n| Box::new(parse_atom(last(n))))),
        _ => QuantityKind::Bottom(kids(q).next().map(|n| Box::new(parse_atom(last(n))))),
    };
    Quantity { kind, span: sp }
}

/// `a of b of c` groups to the right: `a of (b of c)`.
pub(super) fn parse_of_chain(p: P) -> Expr {
    chain(
        kids(p)
            .map(|c| match c.as_rule() {
                Rule::of_rhs => parse_of_rhs(c),
                _ => parse_atom(c),
            })
            .collect(),
    )
}

/// Items of an `of` chain, grouped to the right.
fn chain(mut items: Vec<Expr>) -> Expr {
    let mut acc = items.pop().expect("chain has an atom");
    while let Some(left) = items.pop() {
        let sp = left.span.start..acc.span.end;
        acc = Expr { kind: ExprKind::Of(Box::new(left), Box::new(acc)), span: sp };
    }
    acc
}

fn parse_of_rhs(p: P) -> Expr {
    let sp = span(&p);
    let mut quantity = None;
    let mut base = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::quantity => quantity = Some(parse_quantity(c)),
            _ => base = Some(parse_atom(c)),
        }
    }
    let base = base.expect("of rhs atom");
    match quantity {
        None => base,
        q => Expr { kind: ExprKind::Select { quantity: q, base: Box::new(base), filters: vec![] }, span: sp },
    }
}

fn parse_filter(p: P) -> Filter {
    let sp = span(&p);
    let f = p.into_inner().next().expect("filter kind");
    let rule = f.as_rule();
    if rule == Rule::f_you_control {
        return Filter { kind: FilterKind::YouControl, span: sp };
    }
    let v = last(f);
    let e = match v.as_rule() {
        Rule::expr => parse_expr(v),
        _ => parse_of_chain(v),
    };
    let kind = match rule {
        Rule::f_where => FilterKind::Where(e),
        Rule::f_with => FilterKind::With(e),
        Rule::f_controlled => FilterKind::ControlledBy(e),
        Rule::f_owned => FilterKind::OwnedBy(e),
        Rule::f_in => FilterKind::In(e),
        Rule::f_at => FilterKind::At(e),
        Rule::f_from => FilterKind::From(e),
        _ => FilterKind::On(e),
    };
    Filter { kind, span: sp }
}
