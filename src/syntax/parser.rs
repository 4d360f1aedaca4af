//! Pest pairs to AST: one `parse_<rule>` function per grammar rule, no semantics.
//! Operator precedence is pest's `PrattParser`; every node gets its pair's span.

use std::sync::LazyLock;

use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::ast::*;
use super::grammar::Rule;
use super::primary::{parse_of_chain, parse_primary};
use crate::text::Text;

pub(super) type P<'a> = Pair<'a, Rule>;

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::op_or, Assoc::Left))
        .op(Op::infix(Rule::op_and, Assoc::Left))
        .op(Op::prefix(Rule::op_not))
        .op(Op::infix(Rule::op_eq, Assoc::Left)
            | Op::infix(Rule::op_ne, Assoc::Left)
            | Op::infix(Rule::op_lt, Assoc::Left)
            | Op::infix(Rule::op_le, Assoc::Left)
            | Op::infix(Rule::op_gt, Assoc::Left)
            | Op::infix(Rule::op_ge, Assoc::Left))
        .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
        .op(Op::infix(Rule::op_mul, Assoc::Left)
            | Op::infix(Rule::op_div, Assoc::Left)
            | Op::infix(Rule::op_rem, Assoc::Left))
        .op(Op::prefix(Rule::op_neg) | Op::prefix(Rule::op_pos))
});

/// A pair's span without the whitespace and comments pest skipped after its last token.
pub(super) fn span(p: &P) -> Span {
    let s = p.as_span();
    s.start()..s.start() + trimmed_len(s.as_str())
}

fn trimmed_len(text: &str) -> usize {
    let mut t = text.trim_end();
    if !t.contains('#') {
        return t.len();
    }
    loop {
        let line_start = t.rfind('\n').map_or(0, |i| i + 1);
        match comment_start(&t[line_start..]) {
            Some(c) => t = t[..line_start + c].trim_end(),
            None => return t.len(),
        }
    }
}

/// Where a `#` comment starts on a line, outside string literals.
fn comment_start(line: &str) -> Option<usize> {
    let (mut in_str, mut escaped) = (false, false);
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_str => escaped = true,
            '"' => in_str = !in_str,
            '#' if !in_str => return Some(i),
            _ => {}
        }
    }
    None
}

pub(super) fn ident(p: P) -> Ident {
    Ident { name: p.as_str().into(), span: span(&p) }
}

/// Children that carry meaning (keyword tokens `k_*` are skipped).
pub(super) fn kids(p: P) -> impl Iterator<Item = P> {
    p.into_inner().filter(|c| !is_keyword(c.as_rule()))
}

/// Keyword and punctuation tokens carry no meaning beyond the rule that holds them.
/// Keep in step with the `k_*` and `t_*` rules of the grammar.
fn is_keyword(r: Rule) -> bool {
    static TABLE: LazyLock<Vec<bool>> = LazyLock::new(|| {
        let len = Rule::all_rules().iter().map(|r| *r as usize + 1).max().unwrap_or(0).max(Rule::EOI as usize + 1);
        let mut t = vec![false; len];
        for r in Rule::all_rules() {
            let name = format!("{r:?}");
            t[*r as usize] = name.starts_with("k_") || name.starts_with("t_");
        }
        t
    });
    TABLE.get(r as usize).copied().unwrap_or(false)
}

/// `script`: the statements of a whole script.
pub(crate) fn parse_script(p: P) -> Block {
    let sp = span(&p);
    let stmts = p.into_inner().find(|c| c.as_rule() == Rule::stmts);
    Block { stmts: stmts.map(parse_stmts).unwrap_or_default(), span: sp }
}

/// `condition`: one expression.
pub(crate) fn parse_condition(p: P) -> Expr {
    parse_expr(p.into_inner().next().expect("condition holds an expr"))
}

fn parse_stmts(p: P) -> Vec<Stmt> {
    p.into_inner().map(parse_stmt).collect()
}

fn parse_block(p: P) -> Block {
    let sp = span(&p);
    let stmts = kids(p).next().map(parse_stmts).unwrap_or_default();
    Block { stmts, span: sp }
}

fn parse_stmt(p: P) -> Stmt {
    let sp = span(&p);
    let kind = match p.as_rule() {
        Rule::let_stmt => parse_let(p),
        Rule::if_stmt => parse_if(p),
        Rule::for_stmt => parse_for(p),
        Rule::repeat_stmt => parse_repeat(p),
        Rule::any_times_stmt => {
            let (question, mut rest) = parse_question(kids(p));
            StmtKind::AnyTimes { question, body: parse_block(rest.next().expect("any times block")) }
        }
        Rule::may_stmt => parse_may(p),
        Rule::choose_one_stmt => {
            let (question, rest) = parse_question(kids(p));
            StmtKind::ChooseOne { question, options: rest.map(parse_option).collect() }
        }
        Rule::as_stmt => parse_as(p),
        Rule::require_stmt => parse_require(p),
        Rule::fail_stmt => StmtKind::Fail { message: parse_string(last(p)).into() },
        Rule::pass_stmt => StmtKind::Pass,
        Rule::end_phase_stmt => StmtKind::EndPhase,
        Rule::end_game_stmt => StmtKind::EndGame,
        Rule::eliminate_stmt => StmtKind::Eliminate { who: parse_expr(last(p)) },
        Rule::modify_stmt => parse_modify(p),
        Rule::set_stmt => parse_set(p),
        Rule::forbid_stmt => StmtKind::Forbid(std::sync::Arc::new(parse_forbid(p))),
        Rule::draft_stmt => StmtKind::Draft(parse_draft(p)),
        Rule::keyword_call => StmtKind::Call(parse_call(p, CallKind::Keyword)),
        Rule::proc_call => StmtKind::Call(parse_call(p, CallKind::Function)),
        Rule::effect => StmtKind::Effect(parse_effect(p)),
        r => unreachable!("not a statement: {r:?}"),
    };
    Stmt::new(kind, sp)
}

pub(super) fn last(p: P) -> P {
    p.into_inner().last().expect("rule has children")
}

fn parse_let(p: P) -> StmtKind {
    let mut it = kids(p);
    let name = ident(it.next().expect("let name"));
    let value = it.next().expect("let value");
    if value.as_rule() == Rule::effect {
        StmtKind::LetEffect { name, effect: parse_effect(value) }
    } else {
        StmtKind::Let { name, value: parse_expr(value) }
    }
}

fn parse_if(p: P) -> StmtKind {
    let mut it = kids(p);
    let cond = parse_expr(it.next().expect("if cond"));
    let then = parse_block(it.next().expect("if block"));
    let otherwise = it.next().map(|e| match e.as_rule() {
        Rule::if_stmt => {
            let sp = span(&e);
            Block { stmts: vec![Stmt::new(parse_if(e), sp.clone())], span: sp }
        }
        _ => parse_block(e),
    });
    StmtKind::If { cond, then, otherwise }
}

fn parse_for(p: P) -> StmtKind {
    let mut it = kids(p);
    let var = ident(it.next().expect("for var"));
    let over = parse_expr(it.next().expect("for expr"));
    let body = parse_block(it.next().expect("for block"));
    StmtKind::ForEach { var, over, body }
}

fn parse_repeat(p: P) -> StmtKind {
    let mut it = kids(p);
    let count = parse_expr(it.next().expect("repeat count"));
    StmtKind::Repeat { count, body: parse_block(it.next().expect("repeat block")) }
}

fn parse_may(p: P) -> StmtKind {
    let (mut who, mut question, mut body) = (None, None, None);
    for c in kids(p) {
        match c.as_rule() {
            Rule::primary => who = Some(parse_primary(c)),
            Rule::question => question = Some(question_text(c)),
            _ => body = Some(parse_block(c)),
        }
    }
    StmtKind::May { who, question, body: body.expect("may block") }
}

/// A written question (`"Which one?":`) when it comes first among `it`, and the rest.
fn parse_question<'i, I: Iterator<Item = P<'i>>>(it: I) -> (Option<Text>, std::iter::Peekable<I>) {
    let mut it = it.peekable();
    let question = match it.peek() {
        Some(q) if q.as_rule() == Rule::question => it.next().map(question_text),
        _ => None,
    };
    (question, it)
}

/// The text of a `question` (its string; the colon is punctuation).
fn question_text(q: P) -> Text {
    parse_string(q.into_inner().next().expect("question text")).into()
}

fn parse_option(p: P) -> ChoiceOption {
    let mut it = kids(p);
    let label = it.next().expect("option label");
    let label_span = span(&label);
    let body = it.next().expect("option body");
    let body = match body.as_rule() {
        Rule::block => parse_block(body),
        _ => {
            let stmt = parse_stmt(body);
            Block { span: stmt.span.clone(), stmts: vec![stmt] }
        }
    };
    ChoiceOption { label: parse_string(label), label_span, body }
}

fn parse_as(p: P) -> StmtKind {
    let mut it = kids(p).peekable();
    let simultaneous = it.next_if(|k| k.as_rule() == Rule::simultaneously).is_some();
    let who = parse_expr(it.next().expect("as who"));
    StmtKind::As { who, body: parse_block(it.next().expect("as block")), simultaneous, private: false }
}

fn parse_require(p: P) -> StmtKind {
    let mut it = kids(p);
    let cond = parse_expr(it.next().expect("require cond"));
    StmtKind::Require { cond, message: it.next().map(|m| parse_string(m).into()) }
}

fn parse_modify(p: P) -> StmtKind {
    let mut it = kids(p);
    let prop = ident(it.next().expect("modify prop"));
    let target = parse_expr(it.next().expect("modify target"));
    let by = parse_expr(it.next().expect("modify amount"));
    StmtKind::Modify { prop, target, by, duration: it.next().map(parse_duration) }
}

fn parse_set(p: P) -> StmtKind {
    let parts: Vec<P> = kids(p).collect();
    let mut it = parts.into_iter();
    let prop = ident(it.next().expect("set name"));
    let rest: Vec<P> = it.collect();
    let (target, value, dur) = match rest.as_slice() {
        [v] => (None, v.clone(), None),
        [a, b] if b.as_rule() == Rule::duration => (None, a.clone(), Some(b.clone())),
        [t, v] => (Some(t.clone()), v.clone(), None),
        [t, v, d] => (Some(t.clone()), v.clone(), Some(d.clone())),
        _ => unreachable!("set shape"),
    };
    let (target, value, duration) = (target.map(parse_expr), parse_expr(value), dur.map(parse_duration));
    StmtKind::Set { prop, target, value, duration, res: Res::Unresolved }
}

fn parse_duration(p: P) -> Duration {
    let inner = p.into_inner().next().expect("duration kind");
    match inner.as_rule() {
        Rule::until_end => {
            let toks: Vec<P> = inner.into_inner().collect();
            let is_end = toks.iter().any(|t| t.as_rule() == Rule::k_end);
            let name = ident(toks.into_iter().last().expect("until name"));
            if is_end {
                Duration::UntilEndOf(name)
            } else {
                Duration::UntilStartOf(name)
            }
        }
        _ => Duration::While(parse_expr(last(inner))),
    }
}

fn parse_forbid(p: P) -> Forbid {
    let mut it = kids(p);
    let who = parse_primary(it.next().expect("forbid who"));
    let actions = kids(it.next().expect("forbid actions")).map(|a| ident(a)).collect();
    let mut f = Forbid { who, actions, object: None, at: None, except: None, reason: None };
    for c in it {
        match c.as_rule() {
            Rule::forbid_object => f.object = Some(parse_primary(last(c))),
            Rule::forbid_at => f.at = Some(parse_expr(last(c))),
            Rule::forbid_reason => f.reason = Some(parse_string(last(c))),
            _ => f.except = Some(parse_exception(c)),
        }
    }
    f
}

fn parse_exception(p: P) -> Exception {
    let inner = last(p);
    match inner.as_rule() {
        Rule::except_during => Exception::During(ident(last(inner))),
        _ => Exception::If(parse_expr(last(inner))),
    }
}

fn parse_draft(p: P) -> Draft {
    let mut it = kids(p);
    let from = parse_expr(it.next().expect("draft from"));
    let into = parse_expr(it.next().expect("draft into"));
    let options = it.map(|o| parse_draft_opt(last(o))).collect();
    Draft { from, into, options }
}

fn parse_draft_opt(p: P) -> DraftOpt {
    let rule = p.as_rule();
    let mut it = kids(p);
    let first = it.next().expect("draft option value");
    match rule {
        Rule::draft_pick => DraftOpt::Pick(parse_expr(first)),
        Rule::draft_pass => DraftOpt::Pass(parse_direction(first.as_str()), span(&first)),
        Rule::draft_limit => DraftOpt::Limit(ident(first), parse_expr(it.next().expect("limit n"))),
        _ => DraftOpt::Face(parse_face(first.as_str()), span(&first)),
    }
}

fn parse_direction(s: &str) -> Direction {
    match s {
        "left" => Direction::Left,
        "right" => Direction::Right,
        "clockwise" => Direction::Clockwise,
        _ => Direction::Counterclockwise,
    }
}

fn parse_face(s: &str) -> Face {
    if s == "up" {
        Face::Up
    } else {
        Face::Down
    }
}

fn parse_call(p: P, kind: CallKind) -> Call {
    let sp = span(&p);
    let mut it = kids(p);
    let name = ident(it.next().expect("call name"));
    let args = it.next().map(|a| a.into_inner().map(parse_expr).collect()).unwrap_or_default();
    Call { kind, name, args, span: sp, callee: Callee::Unresolved }
}

fn parse_effect(p: P) -> Effect {
    let mut it = p.into_inner();
    let verb_pair = it.next().expect("verb");
    let verb = Verb::from_word(verb_pair.as_str()).expect("grammar only admits verbs");
    let mut e = Effect { verb, verb_span: span(&verb_pair), objects: vec![], clauses: vec![] };
    for c in it {
        match c.as_rule() {
            Rule::effect_objs => e.objects = c.into_inner().map(parse_expr).collect(),
            _ => e.clauses.push(parse_clause(c)),
        }
    }
    if e.verb == Verb::Draw {
        draw_from_clause(&mut e);
    }
    e
}

/// `draw n from stock`: `draw`'s object is how many, so a `from` its amount took as a
/// filter (`n from stock`, `(n) from stock`, `n + m from stock`: only a bare number takes
/// none) is the clause, as after `draw 2`.
fn draw_from_clause(e: &mut Effect) {
    let has_from = e.clauses.iter().any(|c| matches!(c.kind, ClauseKind::From(_)));
    let [amount] = &mut e.objects[..] else { return };
    if has_from {
        return;
    }
    if let Some(Filter { kind: FilterKind::From(zone), span }) = trailing_from(amount) {
        e.clauses.insert(0, Clause { kind: ClauseKind::From(zone), span });
    }
}

/// Takes the `from` filter that ends `x` (the last operand's, in arithmetic), leaving the
/// rest of `x` as it was written before it.
fn trailing_from(x: &mut Expr) -> Option<Filter> {
    let taken = match &mut x.kind {
        ExprKind::Binary(_, _, last) | ExprKind::Unary(_, last) => {
            let taken = trailing_from(last)?;
            x.span.end = last.span.end;
            return Some(taken);
        }
        ExprKind::Select { quantity: None, filters, .. }
            if matches!(filters.last(), Some(Filter { kind: FilterKind::From(_), .. })) =>
        {
            filters.pop()?
        }
        _ => return None,
    };
    if let ExprKind::Select { base, filters, .. } = &mut x.kind {
        match filters.last() {
            Some(f) => x.span.end = f.span.end,
            None => *x = std::mem::replace(&mut **base, Expr { kind: ExprKind::Int(0), span: 0..0 }),
        }
    }
    Some(taken)
}

pub(super) fn parse_clause(p: P) -> Clause {
    let sp = span(&p);
    let mut it = p.into_inner();
    let first = it.next().expect("clause");
    if first.as_rule() == Rule::simultaneously {
        return Clause { kind: ClauseKind::Simultaneously, span: sp };
    }
    let value = it.next().expect("clause value");
    let kind = if first.as_rule() == Rule::k_face {
        ClauseKind::Face(parse_face(value.as_str()))
    } else if value.as_rule() == Rule::dest_end {
        let end = if value.as_str().starts_with("top") { End::Top } else { End::Bottom };
        ClauseKind::ToEnd(end, parse_expr(it.next().expect("destination")))
    } else {
        let e = parse_expr(value);
        match first.as_str() {
            "to" => ClauseKind::To(e),
            "into" => ClauseKind::Into(e),
            "from" => ClauseKind::From(e),
            "onto" => ClauseKind::Onto(e),
            "for" => ClauseKind::For(e),
            "by" => ClauseKind::By(e),
            other => unreachable!("grammar admits no clause `{other}`"),
        }
    };
    Clause { kind, span: sp }
}

/// `expr`: prefix/infix operators over primaries, by precedence.
pub(crate) fn parse_expr(p: P) -> Expr {
    if p.as_rule() != Rule::expr {
        return parse_primary(p);
    }
    parse_pratt(p.into_inner())
}

fn parse_pratt(pairs: Pairs<Rule>) -> Expr {
    PRATT
        .map_primary(parse_primary)
        .map_prefix(|op, rhs| {
            let o = match op.as_rule() {
                Rule::op_not => UnOp::Not,
                Rule::op_neg => UnOp::Neg,
                _ => UnOp::Pos,
            };
            let sp = op.as_span().start()..rhs.span.end;
            Expr { kind: ExprKind::Unary(o, Box::new(rhs)), span: sp }
        })
        .map_infix(|lhs, op, rhs| {
            let sp = lhs.span.start..rhs.span.end;
            let o = binop(op.as_rule());
            Expr { kind: ExprKind::Binary(o, Box::new(lhs), Box::new(rhs)), span: sp }
        })
        .parse(pairs)
}

fn binop(r: Rule) -> BinOp {
    match r {
        Rule::op_or => BinOp::Or,
        Rule::op_and => BinOp::And,
        Rule::op_eq => BinOp::Eq,
        Rule::op_ne => BinOp::Ne,
        Rule::op_lt => BinOp::Lt,
        Rule::op_le => BinOp::Le,
        Rule::op_gt => BinOp::Gt,
        Rule::op_ge => BinOp::Ge,
        Rule::op_add => BinOp::Add,
        Rule::op_sub => BinOp::Sub,
        Rule::op_mul => BinOp::Mul,
        Rule::op_div => BinOp::Div,
        _ => BinOp::Rem,
    }
}

pub(super) fn parse_atom(p: P) -> Expr {
    let sp = span(&p);
    let kind = match p.as_rule() {
        Rule::paren => return parse_expr(last(p)),
        Rule::list => ExprKind::List(p.into_inner().map(parse_expr).collect()),
        Rule::table => parse_table(p),
        Rule::if_expr => {
            let mut it = kids(p).map(parse_expr);
            let mut part = || Box::new(it.next().expect("if_expr has three parts"));
            let (cond, then, otherwise) = (part(), part(), part());
            ExprKind::If { cond, then, otherwise }
        }
        Rule::roll => ExprKind::Roll(Box::new(parse_of_chain(last(p)))),
        Rule::choose => {
            let (question, mut rest) = parse_question(kids(p));
            ExprKind::Choose(Box::new(parse_primary(rest.next().expect("choose what"))), question)
        }
        Rule::seat_order => {
            let mut it = kids(p);
            let dir = parse_direction(it.next().expect("dir").as_str());
            ExprKind::SeatOrder { dir, from: Box::new(parse_of_chain(it.next().expect("from"))) }
        }
        Rule::bool => ExprKind::Bool(p.as_str() == "true"),
        Rule::int => ExprKind::Int(parse_int(&p)),
        Rule::string => ExprKind::Str(parse_string(p)),
        Rule::keyword_call => ExprKind::Call(parse_call(p, CallKind::Keyword)),
        Rule::you => ExprKind::You,
        Rule::this => ExprKind::This,
        Rule::name => return parse_name(p),
        Rule::ident => ExprKind::Name(p.as_str().to_string(), Res::Unresolved),
        Rule::expr => return parse_expr(p),
        r => unreachable!("not an atom: {r:?}"),
    };
    Expr { kind, span: sp }
}

/// A name, or a call when arguments follow it.
fn parse_name(p: P) -> Expr {
    let sp = span(&p);
    let mut it = p.into_inner();
    let id = ident(it.next().expect("name"));
    let kind = match it.next() {
        Some(a) => {
            let args =
                a.into_inner().next().map(|args| args.into_inner().map(parse_expr).collect()).unwrap_or_default();
            ExprKind::Call(Call {
                kind: CallKind::Function,
                name: id,
                args,
                span: sp.clone(),
                callee: Callee::Unresolved,
            })
        }
        None => ExprKind::Name(id.name.to_string(), Res::Unresolved),
    };
    Expr { kind, span: sp }
}

fn parse_table(p: P) -> ExprKind {
    let mut it = kids(p);
    let key = parse_of_chain(it.next().expect("table key"));
    let rows = it.map(parse_table_row).collect();
    ExprKind::Table { key: Box::new(key), rows }
}

fn parse_table_row(p: P) -> TableRow {
    let sp = span(&p);
    let mut it = kids(p);
    let k = it.next().expect("row key");
    let ranged = k.as_str().contains("..");
    let nums: Vec<i64> = k.into_inner().filter(|c| c.as_rule() == Rule::int).map(|c| parse_int(&c)).collect();
    let key = match (nums.as_slice(), ranged) {
        ([], _) => TableKey::Else,
        ([n], false) => TableKey::Exact(*n),
        ([n], true) => TableKey::Range(*n, None),
        ([lo, hi, ..], _) => TableKey::Range(*lo, Some(*hi)),
    };
    TableRow { key, value: parse_expr(it.next().expect("row value")), span: sp }
}

/// Integers saturate rather than fail: the checker bounds values where it matters.
fn parse_int(p: &P) -> i64 {
    p.as_str().parse().unwrap_or(i64::MAX)
}

fn parse_string(p: P) -> String {
    let raw = p.into_inner().next().map(|c| c.as_str()).unwrap_or("");
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}
