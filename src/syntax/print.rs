//! Script text from the AST: what a `twilit fmt` would write. The text parses back to the
//! same tree (a property test holds it to that): an operand that could take what follows
//! it (a selection's filters, a `where` that would run on) is written in brackets, and a
//! bracket is never followed on its line by a word, which would make it a count.

use std::fmt::Write;

use super::ast::*;

/// A script's statements, one per line, nested blocks indented by four spaces.
pub fn script(b: &Block) -> String {
    let mut out = String::new();
    stmts(&mut out, b, 0);
    out
}

/// An expression (a condition or a value).
pub fn expr(e: &Expr) -> String {
    full(e)
}

fn stmts(out: &mut String, b: &Block, depth: usize) {
    for s in &b.stmts {
        out.push_str(&"    ".repeat(depth));
        stmt(out, s, depth);
        out.push('\n');
    }
}

fn block(out: &mut String, b: &Block, depth: usize) {
    out.push_str("{\n");
    stmts(out, b, depth + 1);
    out.push_str(&"    ".repeat(depth));
    out.push('}');
}

fn stmt(out: &mut String, s: &Stmt, depth: usize) {
    use StmtKind::*;
    match &s.kind {
        Let { name, value } => {
            let _ = write!(out, "let {} = {}", name.name, full(value));
        }
        LetEffect { name, effect: e } => {
            let _ = write!(out, "let {} = {}", name.name, effect(e));
        }
        If { cond, then, otherwise } => {
            let _ = write!(out, "if {} ", full(cond));
            block(out, then, depth);
            match otherwise.as_ref().map(|o| &o.stmts[..]) {
                // `else if`: the parser reads it as an `else` block holding the `if`.
                Some([s @ Stmt { kind: If { .. }, .. }]) => {
                    out.push_str(" else ");
                    stmt(out, s, depth);
                }
                Some(_) => {
                    out.push_str(" else ");
                    block(out, otherwise.as_ref().expect("matched as some"), depth);
                }
                None => {}
            }
        }
        ForEach { var, over, body } => {
            let _ = write!(out, "for each {} in {} ", var.name, full(over));
            block(out, body, depth);
        }
        Repeat { count, body } => {
            let _ = write!(out, "repeat {} times ", full(count));
            block(out, body, depth);
        }
        AnyTimes { question, body } => {
            let _ = write!(out, "any number of times {}", asked(question));
            block(out, body, depth);
        }
        May { who, question, body } => {
            if let Some(w) = who {
                let _ = write!(out, "{} ", operand(w));
            }
            let _ = write!(out, "may {}", asked(question));
            block(out, body, depth);
        }
        ChooseOne { question, options } => {
            let _ = writeln!(out, "choose one {}{{", asked(question));
            for o in options {
                let _ = write!(out, "{}{}: ", "    ".repeat(depth + 1), string(&o.label));
                match &o.body.stmts[..] {
                    [one] => stmt(out, one, depth + 1),
                    _ => block(out, &o.body, depth + 1),
                }
                out.push_str(",\n");
            }
            out.push_str(&"    ".repeat(depth));
            out.push('}');
        }
        As { who, body, simultaneous, .. } => {
            let s = if *simultaneous { "simultaneously " } else { "" };
            let _ = write!(out, "{s}as {} ", full(who));
            block(out, body, depth);
        }
        Require { cond, message } => {
            let _ = write!(out, "require {}", full(cond));
            if let Some(m) = message {
                let _ = write!(out, " else {}", string(m));
            }
        }
        Fail { message } => {
            let _ = write!(out, "fail {}", string(message));
        }
        Pass => out.push_str("pass"),
        EndPhase => out.push_str("end phase"),
        EndGame => out.push_str("end game"),
        Eliminate { who } => {
            let _ = write!(out, "eliminate {}", full(who));
        }
        Modify { prop, target, by, duration } => {
            let _ = write!(out, "modify {} of {} by {}", prop.name, full(target), full(by));
            lasting(out, duration);
        }
        Set { prop, target, value, duration, .. } => {
            let _ = write!(out, "set {}", prop.name);
            if let Some(t) = target {
                let _ = write!(out, " of {}", full(t));
            }
            let _ = write!(out, " to {}", full(value));
            lasting(out, duration);
        }
        Forbid(f) => forbid(out, f),
        Draft(d) => draft(out, d),
        Effect(e) => out.push_str(&effect(e)),
        Call(c) => out.push_str(&call(c)),
    }
}

fn lasting(out: &mut String, d: &Option<Duration>) {
    match d {
        Some(Duration::UntilEndOf(n)) => {
            let _ = write!(out, " until end of {}", n.name);
        }
        Some(Duration::UntilStartOf(n)) => {
            let _ = write!(out, " until start of {}", n.name);
        }
        Some(Duration::While(e)) => {
            let _ = write!(out, " while {}", full(e));
        }
        None => {}
    }
}

fn forbid(out: &mut String, f: &Forbid) {
    let actions: Vec<&str> = f.actions.iter().map(|a| &*a.name).collect();
    let _ = write!(out, "forbid {} to {}", operand(&f.who), actions.join(", "));
    if let Some(o) = &f.object {
        let _ = write!(out, " {}", operand(o));
    }
    if let Some(a) = &f.at {
        let _ = write!(out, " at {}", operand(a));
    }
    match &f.except {
        Some(Exception::During(n)) => {
            let _ = write!(out, ", except during {}", n.name);
        }
        Some(Exception::If(e)) => {
            let _ = write!(out, ", except if {}", operand(e));
        }
        None => {}
    }
    if let Some(r) = &f.reason {
        let _ = write!(out, " else {}", string(r));
    }
}

fn draft(out: &mut String, d: &Draft) {
    let _ = write!(out, "draft from {} into {}:", full(&d.from), full(&d.into));
    let opts: Vec<String> = d
        .options
        .iter()
        .map(|o| match o {
            DraftOpt::Pick(e) => format!(" pick {}", operand(e)),
            DraftOpt::Pass(dir, _) => format!(" pass {}", direction(*dir)),
            DraftOpt::Limit(v, n) => format!(" limit {} {}", v.name, operand(n)),
            DraftOpt::Face(Face::Up, _) => " face up".into(),
            DraftOpt::Face(Face::Down, _) => " face down".into(),
        })
        .collect();
    out.push_str(&opts.join(","));
}

fn direction(d: Direction) -> &'static str {
    match d {
        Direction::Left => "left",
        Direction::Right => "right",
        Direction::Clockwise => "clockwise",
        Direction::Counterclockwise => "counterclockwise",
    }
}

fn effect(e: &Effect) -> String {
    let mut out = e.verb.as_str().to_string();
    // A `from` clause would be read as a filter of the value before it.
    let from_at = |i: usize| e.clauses[i..].iter().any(|c| matches!(c.kind, ClauseKind::From(_)));
    let value = |x: &Expr, i: usize| if from_at(i) { operand(x) } else { full(x) };
    let objects: Vec<String> = e.objects.iter().map(|o| value(o, 0)).collect();
    if !objects.is_empty() {
        out.push(' ');
        out.push_str(&objects.join(", "));
    }
    for (i, c) in e.clauses.iter().enumerate() {
        let operand = |x: &Expr| value(x, i + 1);
        let _ = match &c.kind {
            ClauseKind::To(x) => write!(out, " to {}", operand(x)),
            ClauseKind::ToEnd(End::Top, x) => write!(out, " to top of {}", operand(x)),
            ClauseKind::ToEnd(End::Bottom, x) => write!(out, " to bottom of {}", operand(x)),
            ClauseKind::Into(x) => write!(out, " into {}", operand(x)),
            ClauseKind::From(x) => write!(out, " from {}", operand(x)),
            ClauseKind::Onto(x) => write!(out, " onto {}", operand(x)),
            ClauseKind::For(x) => write!(out, " for {}", operand(x)),
            ClauseKind::By(x) => write!(out, " by {}", operand(x)),
            ClauseKind::Face(Face::Up) => write!(out, " face up"),
            ClauseKind::Face(Face::Down) => write!(out, " face down"),
            ClauseKind::Simultaneously => write!(out, " simultaneously"),
        };
    }
    out
}

fn call(c: &Call) -> String {
    let args: Vec<String> = c.args.iter().map(full).collect();
    match c.kind {
        CallKind::Keyword => format!("{}[{}]", c.name.name, args.join(", ")),
        CallKind::Function => format!("{}({})", c.name.name, args.join(", ")),
    }
}

/// A written question and its colon (`"Which one?": `), or nothing.
fn asked(question: &Option<crate::text::Text>) -> String {
    question.as_ref().map(|q| format!("{}: ", string(q))).unwrap_or_default()
}

fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An expression where any may stand, because nothing after it could be taken into it
/// (a call's argument, a `let`'s value, an `if`'s condition before its `{`): operators
/// bare (brackets only where precedence needs them), selections with their filters.
fn full(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Binary(op, a, b) => {
            let p = prec(*op);
            let part = |x: &Expr, right: bool| match &x.kind {
                ExprKind::Binary(..) if binds_looser(x, p, right) => format!("({})", full(x)),
                ExprKind::Binary(..) => full(x),
                _ => side(x),
            };
            let (left, right) = (part(a, false), part(b, true));
            format!("{left} {} {right}", op.as_str())
        }
        ExprKind::Select { .. } => select(e),
        ExprKind::Choose(x, question) => format!("choose {}{}", asked(question), select(x)),
        // Bracketed where something follows it (`operand`): its `else` value reaches on.
        ExprKind::If { cond, then, otherwise } => {
            format!("if {} then {} else {}", full(cond), full(then), full(otherwise))
        }
        _ => operand(e),
    }
}

/// How tightly an operator binds: `or` loosest, then `and`, comparisons, `+ -`, `* /`.
fn prec(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 1,
        BinOp::And => 2,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 3,
        BinOp::Add | BinOp::Sub => 4,
        BinOp::Mul | BinOp::Div | BinOp::Rem => 5,
    }
}

/// Whether `e`, an operand of an operator of precedence `p`, needs brackets (operators
/// group to the left, so an equal one on the right does).
fn binds_looser(e: &Expr, p: u8, right: bool) -> bool {
    match &e.kind {
        ExprKind::Binary(op, ..) => prec(*op) < p || (right && prec(*op) == p),
        _ => false,
    }
}

/// An operand of an operator (not itself an operator): a prefixed one, a selection with
/// filters and a choice in brackets, so that nothing after it is taken into it.
fn side(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Unary(..) => format!("({})", operand(e)),
        _ => operand(e),
    }
}

/// An expression that something may follow which it must not take in: an operator's
/// operand, a value before a `from` clause. Operators, selections with filters and choices
/// go in brackets.
fn operand(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Binary(..) => format!("({})", full(e)),
        ExprKind::Select { filters, .. } if !filters.is_empty() => format!("({})", select(e)),
        ExprKind::Select { .. } => select(e),
        ExprKind::Unary(UnOp::Not, x) => format!("not {}", operand(x)),
        ExprKind::Unary(UnOp::Neg, x) => format!("-{}", operand(x)),
        ExprKind::Unary(UnOp::Pos, x) => format!("+{}", operand(x)),
        ExprKind::Choose(x, question) => format!("(choose {}{})", asked(question), select(x)),
        _ => chain(e),
    }
}

/// A chain (`of` and its atoms): what a filter, `table`, `roll` and `from` take.
fn chain(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(i) => i.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Str(s) => string(s),
        ExprKind::Name(n, _) => n.clone(),
        ExprKind::You => "you".into(),
        ExprKind::This => "this".into(),
        ExprKind::List(items) => format!("[{}]", items.iter().map(full).collect::<Vec<_>>().join(", ")),
        ExprKind::Of(a, b) => {
            let left = match &a.kind {
                ExprKind::Name(..) | ExprKind::You | ExprKind::This | ExprKind::Call(_) => chain(a),
                _ => format!("({})", full(a)),
            };
            format!("{left} of {}", of_right(b))
        }
        ExprKind::Call(c) => call(c),
        ExprKind::Table { key, rows } => {
            let rows: Vec<String> = rows.iter().map(|r| format!("{}: {}", table_key(r.key), full(&r.value))).collect();
            format!("table {} {{ {} }}", chain(key), rows.join(", "))
        }
        ExprKind::Roll(d) => format!("roll {}", chain(d)),
        ExprKind::SeatOrder { dir, from } => format!("{} from {}", direction(*dir), chain(from)),
        _ => format!("({})", full(e)),
    }
}

/// The right of `of`: an atom, a counted atom (`each player`), or another `of`.
fn of_right(b: &Expr) -> String {
    match &b.kind {
        ExprKind::Select { quantity: Some(_), filters, base } if filters.is_empty() && is_atom(base) => select(b),
        _ if is_atom(b) => chain(b),
        _ => format!("({})", full(b)),
    }
}

fn is_atom(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Int(_)
            | ExprKind::Bool(_)
            | ExprKind::Str(_)
            | ExprKind::Name(..)
            | ExprKind::You
            | ExprKind::This
            | ExprKind::List(_)
            | ExprKind::Of(..)
            | ExprKind::Call(_)
            | ExprKind::Table { .. }
            | ExprKind::Roll(_)
            | ExprKind::SeatOrder { .. }
    )
}

fn table_key(k: TableKey) -> String {
    match k {
        TableKey::Exact(n) => n.to_string(),
        TableKey::Range(lo, Some(hi)) => format!("{lo}..{hi}"),
        TableKey::Range(lo, None) => format!("{lo}.."),
        TableKey::Else => "else".into(),
    }
}

/// A selection with its quantity and filters (a filter's condition in brackets, so that
/// it does not take the filters after it).
fn select(e: &Expr) -> String {
    let ExprKind::Select { quantity, base, filters } = &e.kind else { return chain(e) };
    let mut out = String::new();
    if let Some(q) = quantity {
        out.push_str(&quantity_text(q));
    }
    out.push_str(&chain(base));
    for (i, f) in filters.iter().enumerate() {
        // A condition runs on into the filters after it: those after it need it bracketed.
        let cond = |x: &Expr| if i + 1 < filters.len() { format!("({})", full(x)) } else { full(x) };
        let _ = match &f.kind {
            FilterKind::Where(x) => write!(out, " where {}", cond(x)),
            FilterKind::With(x) => write!(out, " with {}", cond(x)),
            FilterKind::YouControl => write!(out, " you control"),
            FilterKind::ControlledBy(x) => write!(out, " controlled by {}", chain(x)),
            FilterKind::OwnedBy(x) => write!(out, " owned by {}", chain(x)),
            FilterKind::In(x) => write!(out, " in {}", chain(x)),
            FilterKind::At(x) => write!(out, " at {}", chain(x)),
            FilterKind::From(x) => write!(out, " from {}", chain(x)),
            FilterKind::On(x) => write!(out, " on {}", chain(x)),
        };
    }
    out
}

fn quantity_text(q: &Quantity) -> String {
    let count = |n: &Expr| match &n.kind {
        ExprKind::Int(_) | ExprKind::Name(..) => chain(n),
        _ => format!("({})", full(n)),
    };
    match &q.kind {
        QuantityKind::Exactly(n) => format!("{} ", count(n)),
        QuantityKind::UpTo(n) => format!("up to {} ", count(n)),
        QuantityKind::AnyNumber => "any number of ".into(),
        QuantityKind::All => "all ".into(),
        QuantityKind::Each => "each ".into(),
        QuantityKind::One => "a ".into(),
        QuantityKind::Top(None) => "top ".into(),
        QuantityKind::Top(Some(n)) => format!("top {} ", count(n)),
        QuantityKind::Bottom(None) => "bottom ".into(),
        QuantityKind::Bottom(Some(n)) => format!("bottom {} ", count(n)),
    }
}
