//! Rules text from the AST: a script written out as sentences a player reads on a card
//! (`twilit explain --text`), the opposite of parsing. Expressions keep the script's own
//! words (`count(cards in hand)`), which read as English already; statements become
//! sentences, blocks become clauses (`If ..., ... Otherwise, ...`), procedure names lose
//! their underscores. Nothing here is parsed back: it is for people.

use super::ast::*;
use super::print;

/// A script as sentences, each ending with a full stop.
pub fn sentences(b: &Block) -> String {
    // A question written for the player at the table (`choose "Which?": ...`) is not
    // rules text.
    let mut b = b.clone();
    super::visit::block_exprs_mut(&mut b, &mut |e| {
        if let ExprKind::Choose(_, question) = &mut e.kind {
            *question = None;
        }
    });
    super::visit::block_stmts_mut(&mut b, &mut |s| match &mut s.kind {
        StmtKind::AnyTimes { question, .. } | StmtKind::May { question, .. } | StmtKind::ChooseOne { question, .. } => {
            *question = None
        }
        _ => {}
    });
    let parts: Vec<String> = b.stmts.iter().map(stmt).filter(|s| !s.is_empty()).collect();
    parts.iter().map(|s| finish(&capital(s))).collect::<Vec<_>>().join(" ")
}

/// A block inside a sentence: its statements joined by `, then`, no full stop.
fn clause(b: &Block) -> String {
    let parts: Vec<String> = b.stmts.iter().map(stmt).filter(|s| !s.is_empty()).collect();
    match parts.len() {
        0 => "nothing happens".into(),
        _ => parts.join(", then "),
    }
}

fn stmt(s: &Stmt) -> String {
    use StmtKind::*;
    match &s.kind {
        Let { name, value } => format!("let {} be {}", name.name, print::expr(value)),
        LetEffect { name, effect } => {
            let alone = Stmt::new(StmtKind::Effect(effect.clone()), s.span.clone());
            format!("{} (call that {})", line(&alone), name.name)
        }
        If { cond, then, otherwise } => {
            let mut t = format!("if {}, {}", print::expr(cond), clause(then));
            if let Some(o) = otherwise {
                t.push_str("; otherwise, ");
                t.push_str(&clause(o));
            }
            t
        }
        ForEach { var, over, body } => format!("for each {} in {}: {}", var.name, print::expr(over), clause(body)),
        Repeat { count, body } => format!("{} times: {}", print::expr(count), clause(body)),
        AnyTimes { body, .. } => format!("any number of times: {}", clause(body)),
        May { who, body, .. } => {
            let who = who.as_ref().map_or("you".to_string(), print::expr);
            format!("{who} may {}", clause(body))
        }
        ChooseOne { options, .. } => {
            let opts: Vec<String> = options.iter().map(|o| format!("\"{}\": {}", o.label, clause(&o.body))).collect();
            format!("choose one — {}", opts.join("; or "))
        }
        As { who, body, simultaneous: false, .. } => format!("{}: {}", print::expr(who), clause(body)),
        As { who, body, simultaneous: true, .. } => {
            format!("at the same time, each of {} in secret: {}", print::expr(who), clause(body))
        }
        Require { cond, .. } => format!("only if {}", print::expr(cond)),
        Fail { message } => format!("it fails (\"{message}\")"),
        Pass => String::new(),
        EndPhase => "the phase ends".into(),
        EndGame => "the game ends".into(),
        Call(c) if c.kind == CallKind::Keyword => line(s),
        Call(c) => {
            let name = c.name.name.replace('_', " ");
            match c.args.len() {
                0 => name,
                _ => format!("{name} ({})", c.args.iter().map(print::expr).collect::<Vec<_>>().join(", ")),
            }
        }
        Eliminate { .. } | Modify { .. } | Set { .. } | Forbid(_) | Draft(_) | Effect(_) => line(s),
    }
}

/// A statement as the script writes it, on one line.
fn line(s: &Stmt) -> String {
    print::script(&Block { stmts: vec![s.clone()], span: s.span.clone() }).trim().replace('\n', " ")
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn finish(s: &str) -> String {
    if s.ends_with('.') {
        s.to_string()
    } else {
        format!("{s}.")
    }
}
