//! `twilit lsp`, the built binary spoken to as an editor would: JSON-RPC with
//! `Content-Length` framing over its standard input and output. Opens bundled files (never
//! writing them: the server reads the open texts instead of the disk), asserts their
//! diagnostics, symbols, definitions, references, quick fixes, hovers and completions, and
//! that half-typed and garbled texts are answered for every kind of request, never a
//! crash. Prints how long each bundled game takes from a change to its diagnostics and to
//! its first references (no assertion on time).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(120);

struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twilit"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start twilit lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; len.expect("a Content-Length header")];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let v: Value = serde_json::from_slice(&body).expect("a JSON message");
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        let mut c = Client { child, stdin, rx, next_id: 0 };
        let caps = c.request("initialize", json!({ "processId": null, "rootUri": null, "capabilities": {} }));
        assert_eq!(caps["capabilities"]["textDocumentSync"], 1, "{caps}");
        assert_eq!(caps["capabilities"]["definitionProvider"], true);
        assert_eq!(caps["capabilities"]["referencesProvider"], true);
        assert_eq!(caps["capabilities"]["codeActionProvider"]["codeActionKinds"], json!(["quickfix"]));
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write to the server");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and gives its result (panics on an error response).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let reply = self.until(|m| m["id"] == id);
        assert!(reply.get("error").is_none(), "{method} failed: {reply}");
        reply["result"].clone()
    }

    /// The next message that `pred` accepts (others are dropped).
    fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let m = self.rx.recv_timeout(left).expect("the server answered in time");
            if pred(&m) {
                return m;
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let m = self.until(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri);
        m["params"]["diagnostics"].as_array().cloned().unwrap_or_default()
    }

    fn open(&mut self, uri: &str, text: &str) {
        let doc = json!({ "uri": uri, "languageId": "yaml", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": doc }));
    }

    fn change(&mut self, uri: &str, version: i64, text: &str) {
        let doc = json!({ "uri": uri, "version": version });
        self.notify("textDocument/didChange", json!({ "textDocument": doc, "contentChanges": [{ "text": text }] }));
    }

    fn at(&mut self, method: &str, uri: &str, (line, character): (usize, usize)) -> Value {
        let params = json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } });
        self.request(method, params)
    }

    /// Shuts the server down; gives its exit code and standard error.
    fn stop(mut self) -> (Option<i32>, String) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("the server exits");
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        (status.code(), err)
    }
}

fn cards() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

fn uri(path: &Path) -> String {
    let p = std::fs::canonicalize(path).expect("a bundled file");
    format!("file://{}", p.display()).replace(' ', "%20")
}

/// The LSP position (line, UTF-16 column) of the first `needle` of `text`, plus `skip` bytes.
fn pos(text: &str, needle: &str, skip: usize) -> (usize, usize) {
    let at = text.find(needle).unwrap_or_else(|| panic!("`{needle}` in the file")) + skip;
    let line = text[..at].matches('\n').count();
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, text[start..at].encode_utf16().count())
}

#[test]
fn diagnostics_symbols_definitions_as_you_type() {
    let path = cards().join("lotr/shadow.yaml");
    let text = std::fs::read_to_string(&path).expect("shadow.yaml");
    let game = std::fs::read_to_string(cards().join("lotr/game.yaml")).expect("game.yaml");
    let shadow = uri(&path);
    let mut c = Client::start();
    c.open(&shadow, &text);
    assert_eq!(c.diagnostics(&shadow), Vec::<Value>::new(), "the bundled file is clean");

    // Symbols: the file's cards, each with its abilities.
    let syms = c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": shadow } }));
    let syms = syms.as_array().expect("a list of symbols");
    let runner = syms.iter().find(|s| s["name"] == "goblin_runner").expect("goblin_runner is a symbol");
    assert_eq!(runner["kind"], 5, "a card is a class");
    assert_eq!(runner["detail"], "card: Goblin Runner");
    let (line, col) = pos(&text, "goblin_runner", 0);
    assert_eq!(runner["selectionRange"]["start"], json!({ "line": line, "character": col }));
    assert_eq!(runner["children"][0]["name"], "when: you play this");

    // Definitions: the keyword `Add` of a script is defined in game.yaml.
    let add = pos(&text, "effect: Add[2]", "effect: ".len() + 1);
    let defs = c.at("textDocument/definition", &shadow, add);
    let (kl, kc) = pos(&game, "\"Add[n: int]\"", 1);
    assert_eq!(defs[0]["uri"], uri(&cards().join("lotr/game.yaml")), "{defs}");
    assert_eq!(defs[0]["range"]["start"], json!({ "line": kl, "character": kc }));
    assert_eq!(defs[0]["range"]["end"], json!({ "line": kl, "character": kc + 3 }));
    // ...a zone where its game declares it, with what it is on hover.
    let pile = pos(&text, "in discard_pile", "in ".len() + 3);
    let defs = c.at("textDocument/definition", &shadow, pile);
    assert_eq!(defs[0]["range"]["start"], json!({ "line": pos(&game, "\n  discard_pile:", 3).0, "character": 2 }));
    let hover = c.at("textDocument/hover", &shadow, pile);
    assert!(hover["contents"]["value"].as_str().is_some_and(|h| h.starts_with("zone `discard_pile`: ")), "{hover}");
    let hover = c.at("textDocument/hover", &shadow, add);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("keyword `Add[n: int]`"), "{hover}");
    let hover = c.at("textDocument/hover", &shadow, pos(&text, "goblin_runner", 2));
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("**Goblin Runner** — card `goblin_runner`\n\nWhen you play this minion"), "{hover}");
    let names = c.at("textDocument/completion", &shadow, add);
    let names = names.as_array().expect("a list of completions");
    assert!(names.iter().any(|n| n["label"] == "Add"), "`A` completes to `Add`");
    assert!(names.iter().all(|n| n["label"].as_str().is_some_and(|l| l.starts_with('A'))));

    // A typo inside a script: reported at once, where `check` reports it.
    let broken = text.replacen("exists(elf controlled", "exists(elff controlled", 1);
    let started = Instant::now();
    c.change(&shadow, 2, &broken);
    let diags = c.diagnostics(&shadow);
    eprintln!("lotr (shadow.yaml): didChange to publishDiagnostics in {:?}", started.elapsed());
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    let (line, col) = pos(&broken, "elff controlled", 0);
    assert_eq!(
        d["range"],
        json!({ "start": { "line": line, "character": col }, "end": { "line": line, "character": col + 4 } })
    );
    assert_eq!((line + 1, col + 1), (34, 26), "the line and column `twilit check` prints");
    assert_eq!(d["code"], "twilit::unknown-name");
    assert_eq!(d["message"], "unknown name `elff`");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["relatedInformation"][0]["message"], "help: did you mean `elf`?");

    // Fixed again: the diagnostic is cleared.
    c.change(&shadow, 3, &text);
    assert_eq!(c.diagnostics(&shadow), Vec::<Value>::new());

    // A frame that is not a message is skipped, and the next one answered.
    c.send(json!({ "not": "a message" }));
    // Half-typed texts: every prefix cut at a few places, each answered.
    let cuts = [1, 7, text.len() / 3, text.len() / 2, text.find("Add[").unwrap_or(0) + 2];
    for (i, cut) in cuts.into_iter().enumerate() {
        let mut cut = cut.min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let half = &text[..cut];
        c.change(&shadow, 10 + i as i64, half);
        let end = pos(half, "", half.len());
        c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": shadow } }));
        c.at("textDocument/hover", &shadow, end);
        c.at("textDocument/completion", &shadow, end);
        c.at("textDocument/definition", &shadow, end);
    }
    let (code, err) = c.stop();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn every_bundled_game_is_checked_as_it_is_edited() {
    let mut c = Client::start();
    let mut games: Vec<PathBuf> = std::fs::read_dir(cards())
        .expect("cards/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("game.yaml").is_file())
        .collect();
    games.sort();
    assert!(games.len() >= 5);
    for dir in games {
        let path = dir.join("game.yaml");
        let text = std::fs::read_to_string(&path).expect("game.yaml");
        let u = uri(&path);
        c.open(&u, &text);
        assert_eq!(c.diagnostics(&u), Vec::<Value>::new(), "{} is clean", dir.display());
        let edited = format!("{text}\n# edited\n");
        let started = Instant::now();
        c.change(&u, 2, &edited);
        assert_eq!(c.diagnostics(&u), Vec::<Value>::new());
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        eprintln!("{name}: didChange to publishDiagnostics in {:?}", started.elapsed());
        let syms = c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": u } }));
        assert!(syms.as_array().is_some_and(|s| !s.is_empty()), "{name}: game.yaml has symbols");
        // The references of its first definition (the first request builds the game's uses).
        let first = &syms[0]["selectionRange"]["start"];
        let at = (first["line"].as_u64().unwrap_or(0) as usize, first["character"].as_u64().unwrap_or(0) as usize);
        let started = Instant::now();
        let found = references(&mut c, &u, at, true);
        eprintln!("{name}: references of `{}` in {:?}", syms[0]["name"], started.elapsed());
        assert!(found.as_array().is_some_and(|r| !r.is_empty()), "{name}: {found}");
    }
    let (code, err) = c.stop();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(code, Some(0), "{err}");
}

/// Every whole-word `word` in the `.yaml` files under `dir` outside comments and
/// `expect_log` lines (log texts are strings, not names): (uri, line, UTF-16 column).
fn word_places(dir: &Path, word: &str) -> Vec<(String, usize, usize)> {
    let mut files = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a directory").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                files.push(p);
            }
        }
    }
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = vec![];
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a game file");
        for (n, line) in text.lines().enumerate() {
            let code = line.split(" #").next().unwrap_or("");
            if code.trim_start().starts_with('#') || code.contains("expect_log") {
                continue;
            }
            for (at, _) in code.match_indices(word) {
                let before = code[..at].chars().next_back().is_some_and(is_word);
                let after = code[at + word.len()..].chars().next().is_some_and(is_word);
                if !before && !after {
                    out.push((uri(&f), n, code[..at].encode_utf16().count()));
                }
            }
        }
    }
    out.sort();
    out
}

fn places(locations: &Value) -> Vec<(String, usize, usize)> {
    let mut out: Vec<(String, usize, usize)> = locations
        .as_array()
        .expect("a list of locations")
        .iter()
        .map(|l| {
            let s = &l["range"]["start"];
            let n = |v: &Value| v.as_u64().unwrap_or(u64::MAX) as usize;
            (l["uri"].as_str().unwrap_or_default().to_string(), n(&s["line"]), n(&s["character"]))
        })
        .collect();
    out.sort();
    out
}

fn references(c: &mut Client, uri: &str, at: (usize, usize), declaration: bool) -> Value {
    let params = json!({
        "textDocument": { "uri": uri },
        "position": { "line": at.0, "character": at.1 },
        "context": { "includeDeclaration": declaration },
    });
    c.request("textDocument/references", params)
}

/// A server with LOTR's `shadow.yaml` open: (the server, the game's directory, the file's
/// text, its URI).
fn shadow() -> (Client, PathBuf, String, String) {
    let lotr = cards().join("lotr");
    let path = lotr.join("shadow.yaml");
    let text = std::fs::read_to_string(&path).expect("shadow.yaml");
    let shadow = uri(&path);
    let mut c = Client::start();
    c.open(&shadow, &text);
    assert_eq!(c.diagnostics(&shadow), Vec::<Value>::new());
    (c, lotr, text, shadow)
}

/// Opens a LOTR scenario that names cards in its fields; it checks clean. Its text and URI.
fn open_scenario(c: &mut Client, lotr: &Path) -> (String, String) {
    let scen = lotr.join("scenarios/exert_wounds_one_of_your_characters_that_can.yaml");
    let scen_text = std::fs::read_to_string(&scen).expect("a scenario");
    let scen_uri = uri(&scen);
    c.open(&scen_uri, &scen_text);
    assert_eq!(c.diagnostics(&scen_uri), Vec::<Value>::new());
    (scen_text, scen_uri)
}

/// Stops the server: it never panicked and exits cleanly.
fn stopped(c: Client) {
    let (code, err) = c.stop();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn references_of_card_ids_keywords_properties_and_values() {
    let (mut c, lotr, text, shadow) = shadow();
    // A card id: its definition, every script naming it and every scenario field listing
    // it (`put:`, `choose:`, `use:`), never a comment or a log line.
    let (scen_text, scen_uri) = open_scenario(&mut c, &lotr);
    let at = pos(&scen_text, "put: [legolas_greenleaf]", 8);
    let started = Instant::now();
    let all = places(&references(&mut c, &scen_uri, at, true));
    eprintln!("lotr: references of a card id in {:?}", started.elapsed());
    assert_eq!(all, word_places(&lotr, "legolas_greenleaf"));
    let decl = (
        uri(&lotr.join("fellowship.yaml")),
        pos(&std::fs::read_to_string(lotr.join("fellowship.yaml")).expect("fellowship.yaml"), "legolas_greenleaf", 0),
    );
    assert!(all.contains(&(decl.0.clone(), decl.1 .0, decl.1 .1)));
    let uses = places(&references(&mut c, &scen_uri, at, false));
    assert_eq!(uses.len() + 1, all.len(), "all but the declaration");
    assert!(!uses.contains(&(decl.0, decl.1 .0, decl.1 .1)));

    // A keyword, from a script: its uses in every file, `Add[n]` in a comment left out.
    let add = pos(&text, "effect: Add[2]", "effect: ".len() + 1);
    let all = places(&references(&mut c, &shadow, add, true));
    let expected: Vec<_> = word_places(&lotr, "Add").into_iter().collect();
    assert_eq!(all, expected);
    assert!(all.iter().any(|p| p.0.ends_with("fellowship.yaml")) && all.iter().any(|p| p.0.ends_with("game.yaml")));

    // A property: its declaration, the scripts reading it, the cards printing it.
    let culture = pos(&text, "where culture == moria", 7);
    let all = places(&references(&mut c, &shadow, culture, true));
    assert_eq!(all, word_places(&lotr, "culture"));
    assert!(all.iter().any(|p| p.0.ends_with("game.yaml")) && all.len() > 30, "{}", all.len());
    // An enum value: in scripts and as cards print it.
    let moria = pos(&text, "where culture == moria", 17);
    assert_eq!(places(&references(&mut c, &shadow, moria, true)), word_places(&lotr, "moria"));
    let hover = c.at("textDocument/hover", &shadow, culture);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.starts_with("property `culture`: one of dwarven, elven, gandalf"), "{shown}");

    stopped(c);
}

#[test]
fn hovers_give_signatures_comments_printed_values_and_types() {
    let (mut c, _, text, shadow) = shadow();
    let add = pos(&text, "effect: Add[2]", "effect: ".len() + 1);
    // Hover: the keyword's signature, its parameters' types, the comment above it.
    let hover = c.at("textDocument/hover", &shadow, add);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.contains("parameters: `n` (a number)"), "{shown}");
    assert!(shown.contains("\"Add (1)\": add 1 twilight token"), "{shown}");
    // ...a card's printed values; a zone's type.
    let hover = c.at("textDocument/hover", &shadow, pos(&text, "goblin_runner", 2));
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        shown.contains("```yaml\nside: shadow\nculture: moria\ntype: minion\nrace: orc\ncost: 1\nstrength: 5"),
        "{shown}"
    );
    let hover = c.at("textDocument/hover", &shadow, pos(&text, "in discard_pile", 4));
    assert!(hover["contents"]["value"].as_str().is_some_and(|h| h.ends_with("type: a zone")), "{hover}");

    // ...and the type of the expression around the cursor.
    let hover = c.at("textDocument/hover", &shadow, pos(&text, "exists((hand_weapon", 2));
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        shown.ends_with("type of `exists((hand_weapon or ranged_weapon) in discard_pile)`: a condition"),
        "{shown}"
    );
    let hover = c.at("textDocument/hover", &shadow, pos(&text, "race of target == orc", 5));
    assert_eq!(hover["contents"]["value"], "type of `race of target`: a value", "{hover}");

    stopped(c);
}

#[test]
fn quick_fixes_apply_what_check_suggests() {
    let (mut c, _, text, shadow) = shadow();
    // Quick fixes: a did-you-mean carries its replacement; the action applies it.
    let broken = text
        .replacen("effect: Add[2]", "effect: Ad[2]", 1)
        .replacen("exists(elf controlled", "exists(elff controlled", 1)
        .replacen("effect: Add[1]", "effect: Add(1)", 1);
    c.change(&shadow, 2, &broken);
    let diags = c.diagnostics(&shadow);
    assert_eq!(diags.len(), 3, "{diags:?}");
    let mut fixed = broken.clone();
    for d in diags.iter().rev() {
        let params =
            json!({ "textDocument": { "uri": shadow }, "range": d["range"], "context": { "diagnostics": [d] } });
        let actions = c.request("textDocument/codeAction", params);
        assert_eq!(actions.as_array().map(Vec::len), Some(1), "{actions}");
        let a = &actions[0];
        assert_eq!(a["kind"], "quickfix");
        let edit = &a["edit"]["changes"][&shadow][0];
        assert_eq!(edit["range"], d["range"]);
        fixed = apply(&fixed, &edit["range"], edit["newText"].as_str().unwrap_or_default());
    }
    assert_eq!(diags[0]["data"]["fix"], "Add");
    assert_eq!(diags[1]["data"]["fix"], "elf");
    assert_eq!(diags[2]["data"]["fix"], "Add[1]", "a keyword called like a procedure");
    assert_eq!(fixed, text, "the fixes restore the file");
    // A client that drops `data`: the server finds the fix from its own last check.
    let mut bare = diags[1].clone();
    bare.as_object_mut().map(|o| o.remove("data"));
    let params =
        json!({ "textDocument": { "uri": shadow }, "range": bare["range"], "context": { "diagnostics": [bare] } });
    let actions = c.request("textDocument/codeAction", params);
    assert_eq!(actions[0]["title"], "Replace `elff` with `elf`", "{actions}");
    c.change(&shadow, 3, &text);
    assert_eq!(c.diagnostics(&shadow), Vec::<Value>::new());

    stopped(c);
}

#[test]
fn completion_of_verbs_enum_values_and_scenario_card_ids() {
    let (mut c, lotr, text, shadow) = shadow();
    let (scen_text, scen_uri) = open_scenario(&mut c, &lotr);
    // Completion: verbs; an enum property's values after `==`; card ids in a scenario list.
    let names = c.at("textDocument/completion", &shadow, pos(&text, "effect: Add[2]", "effect: ".len()));
    assert!(labels(&names).contains(&"draw".to_string()), "verbs complete");
    let cond = text.replacen("exists(elf controlled", "exists(culture of this == el", 1);
    c.change(&shadow, 4, &cond);
    let values = labels(&c.at("textDocument/completion", &shadow, pos(&cond, "== el", 5)));
    assert_eq!(values, ["elven"]);
    let values = labels(&c.at("textDocument/completion", &shadow, pos(&cond, "== el", 3)));
    assert!(values.len() == 10 && values.contains(&"ringwraith".to_string()), "{values:?}");
    let printed = cond.replacen("culture: moria", "culture: mo", 1);
    c.change(&shadow, 5, &printed);
    let values = labels(&c.at("textDocument/completion", &shadow, pos(&printed, "culture: mo", 11)));
    assert_eq!(values, ["moria"], "a card's enum field");
    let typed = scen_text.replacen("put: [legolas_greenleaf]", "put: [le", 1);
    c.change(&scen_uri, 2, &typed);
    let ids = labels(&c.at("textDocument/completion", &scen_uri, pos(&typed, "put: [le", 8)));
    assert!(ids.contains(&"legolas_greenleaf".to_string()), "{ids:?}");
    assert!(ids.iter().all(|i| i.starts_with("le")) && !ids.contains(&"let".to_string()), "card ids only: {ids:?}");
    stopped(c);
}

fn labels(items: &Value) -> Vec<String> {
    items.as_array().into_iter().flatten().filter_map(|i| i["label"].as_str().map(str::to_string)).collect()
}

/// `text` with the LSP `range` replaced by `new`.
fn apply(text: &str, range: &Value, new: &str) -> String {
    let off = |p: &Value| {
        let (line, col) = (p["line"].as_u64().unwrap_or(0) as usize, p["character"].as_u64().unwrap_or(0) as usize);
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        let l = text[start..].split('\n').next().unwrap_or("");
        let mut units = 0;
        let cut = l
            .char_indices()
            .find(|(_, c)| {
                units += c.len_utf16();
                units > col
            })
            .map_or(l.len(), |(i, _)| i);
        start + cut
    };
    let (a, b) = (off(&range["start"]), off(&range["end"]));
    format!("{}{new}{}", &text[..a], &text[b..])
}

#[test]
fn garbled_texts_get_answers_to_every_request() {
    let path = cards().join("lotr/shadow.yaml");
    let text = std::fs::read_to_string(&path).expect("shadow.yaml");
    let u = uri(&path);
    let mut c = Client::start();
    c.open(&u, &text);
    c.diagnostics(&u);
    let mid = text.len() / 2;
    let garbles = [
        String::new(),
        text[..text.find("effect: Add[").unwrap_or(0) + 12].to_string(),
        text.replace('\n', "\n\t"),
        text.replace(']', "").replace('}', "{"),
        text.replace(':', ""),
        format!("{}\u{FEFF}😀\"{}", &text[..mid], &text[mid..]),
        text.replace("  ", " ").replace("of", "of of"),
        "- id: [\n  name: {\n".repeat(50),
    ];
    for (i, g) in garbles.iter().enumerate() {
        c.change(&u, 10 + i as i64, g);
        let half = g.char_indices().nth(g.chars().count() / 2).map_or(0, |(i, _)| i);
        let ends = [(0, 0), pos(g, "", half), pos(g, "", g.len()), (9999, 9999)];
        for at in ends {
            let doc = json!({ "uri": u });
            c.request("textDocument/documentSymbol", json!({ "textDocument": doc }));
            c.at("textDocument/hover", &u, at);
            c.at("textDocument/completion", &u, at);
            c.at("textDocument/definition", &u, at);
            references(&mut c, &u, at, true);
            let range = json!({ "start": { "line": 0, "character": 0 }, "end": { "line": at.0, "character": at.1 } });
            let params = json!({ "textDocument": doc, "range": range, "context": { "diagnostics": [] } });
            let actions = c.request("textDocument/codeAction", params);
            assert!(actions.is_array(), "{actions}");
        }
    }
    c.change(&u, 99, &text);
    let hover = c.at("textDocument/hover", &u, pos(&text, "goblin_runner", 2));
    assert!(hover["contents"]["value"].as_str().is_some_and(|h| h.contains("Goblin Runner")), "alive and well");
    let (code, err) = c.stop();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(code, Some(0), "{err}");
}

/// After `shutdown` the protocol allows only `exit`: a request is refused, not answered.
#[test]
fn requests_after_shutdown_are_refused() {
    let mut c = Client::start();
    c.request("shutdown", Value::Null);
    c.next_id += 1;
    let id = c.next_id;
    let params = json!({ "textDocument": { "uri": "file:///nowhere/game.yaml" } });
    c.send(json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol", "params": params }));
    let reply = c.until(|m| m["id"] == id);
    assert_eq!(reply["error"]["code"], -32600, "{reply}");
    c.notify("exit", Value::Null);
    assert_eq!(c.child.wait().expect("the server exits").code(), Some(0));
}
