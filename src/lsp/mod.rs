//! `twilit lsp`: a language server over standard input and output (JSON-RPC with
//! `Content-Length` framing: `lsp-server`'s messages, `lsp-types`' payloads). A thin layer
//! over the library: every change to an open document loads and checks its whole game
//! again (`cli::scope::load_and_check_over`, the open documents' texts standing in for
//! their files) and publishes exactly what `twilit check` reports, per file.
//!
//! This file owns the transport and the dispatch: a thread reads messages, the calling
//! thread answers them in order. Changes are gathered while more messages wait, and a game
//! is checked again before the next request is answered or when input goes quiet, so a
//! burst of keystrokes costs one check. `state` keeps the documents and games, `index`
//! lists a game's definitions, `text` converts positions; the answers are in `features`
//! (symbols, definition), `hover`, `complete`, `refs` (references) and `actions` (quick
//! fixes).

mod actions;
mod complete;
mod features;
mod hover;
mod index;
mod refs;
mod state;
mod text;

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Exit, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest, Initialize, References,
    Request as _, Shutdown,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions, DocumentSymbolResponse,
    GotoDefinitionResponse, InitializeResult, OneOf, ServerCapabilities, ServerInfo, TextDocumentSyncCapability,
    TextDocumentSyncKind,
};
use serde_json::Value;

use crate::limits::Limits;
use state::State;

/// Serves one client on `input` and `out` until it says `exit` or closes its input; `err`
/// gets the server's notes (a malformed message, a request that failed). The exit code:
/// 0 after `shutdown` then `exit`, 1 otherwise (as the protocol asks).
pub fn run(input: Box<dyn BufRead + Send>, out: &mut dyn Write, err: &mut dyn Write, limits: &Limits) -> i32 {
    let (tx, rx) = mpsc::channel::<Message>();
    let mut input = input;
    // A frame holds at most a document and a little more: capped where a file is.
    let max = limits.file_bytes.saturating_mul(2).saturating_add(1 << 20);
    // The reader ends with the input; it is not joined (it may be blocked reading after `exit`).
    let _reader = std::thread::spawn(move || loop {
        match read_frame(&mut input, max) {
            // A frame that is not a message is skipped: the next frame is still whole.
            Ok(Some(body)) => match serde_json::from_slice::<Message>(&body) {
                Ok(m) => {
                    if tx.send(m).is_err() {
                        break;
                    }
                }
                Err(e) => eprintln!("twilit lsp: skipped a message that is not JSON-RPC: {e}"),
            },
            Ok(None) => break,
            Err(e) => {
                eprintln!("twilit lsp: unreadable input: {e}");
                break;
            }
        }
    });
    let mut server = Server { state: State { limits: *limits, ..State::default() }, out, shut_down: false };
    loop {
        let msg = if server.state.dirty.is_empty() {
            match rx.recv() {
                Ok(m) => m,
                Err(_) => return 1,
            }
        } else {
            match rx.try_recv() {
                Ok(m) => m,
                Err(mpsc::TryRecvError::Empty) => {
                    server.publish();
                    continue;
                }
                Err(mpsc::TryRecvError::Disconnected) => return 1,
            }
        };
        let id = match &msg {
            Message::Request(r) => Some(r.id.clone()),
            _ => None,
        };
        match catch_unwind(AssertUnwindSafe(|| server.handle(msg))) {
            Ok(Flow::Go) => {}
            Ok(Flow::Exit) => return if server.shut_down { 0 } else { 1 },
            Err(_) => {
                let _ = writeln!(err, "twilit lsp: a request failed unexpectedly; please report this");
                if let Some(id) = id {
                    server.send(Response::new_err(id, ErrorCode::InternalError as i32, "internal error".into()).into());
                }
            }
        }
    }
}

enum Flow {
    Go,
    Exit,
}

struct Server<'a> {
    state: State,
    out: &'a mut dyn Write,
    shut_down: bool,
}

impl Server<'_> {
    fn send(&mut self, m: Message) {
        if let Err(e) = m.write(&mut self.out) {
            eprintln!("twilit lsp: cannot write: {e}");
        }
    }

    /// Checks the changed games again and publishes their diagnostics.
    fn publish(&mut self) {
        for p in self.state.check_dirty() {
            self.send(Notification::new(PublishDiagnostics::METHOD.into(), p).into());
        }
    }

    fn handle(&mut self, msg: Message) -> Flow {
        match msg {
            Message::Request(r) => {
                // Answers see every change sent before them.
                self.publish();
                let reply = self.request(r);
                self.send(reply.into());
            }
            Message::Notification(n) => return self.notify(n),
            Message::Response(_) => {}
        }
        Flow::Go
    }

    fn notify(&mut self, n: Notification) -> Flow {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Some(p) = parse::<lsp_types::DidOpenTextDocumentParams>(n.params) {
                    self.state.set_text(p.text_document.uri, p.text_document.text);
                }
            }
            DidChangeTextDocument::METHOD => {
                // Full sync: the last change holds the whole text.
                if let Some(mut p) = parse::<lsp_types::DidChangeTextDocumentParams>(n.params) {
                    if let Some(c) = p.content_changes.pop() {
                        self.state.set_text(p.text_document.uri, c.text);
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Some(p) = parse::<lsp_types::DidCloseTextDocumentParams>(n.params) {
                    self.state.close(&p.text_document.uri);
                }
            }
            Exit::METHOD => return Flow::Exit,
            _ => {}
        }
        Flow::Go
    }

    fn request(&mut self, r: Request) -> Response {
        let id = r.id.clone();
        let invalid = |id| Response::new_err(id, ErrorCode::InvalidParams as i32, "invalid parameters".into());
        // After `shutdown`, the protocol allows only `exit`.
        if self.shut_down {
            return Response::new_err(id, ErrorCode::InvalidRequest as i32, "the server is shut down".into());
        }
        let result: Option<Value> = match r.method.as_str() {
            Initialize::METHOD => Some(to_value(initialize())),
            Shutdown::METHOD => {
                self.shut_down = true;
                Some(Value::Null)
            }
            DocumentSymbolRequest::METHOD => {
                let Some(p) = parse::<lsp_types::DocumentSymbolParams>(r.params) else { return invalid(id) };
                let found = self.state.doc(&p.text_document.uri).and_then(|(path, _)| {
                    let game = self.state.game_of(&path)?;
                    Some(DocumentSymbolResponse::Nested(features::symbols(game, game.file(&path)?)))
                });
                Some(to_value(found))
            }
            GotoDefinition::METHOD => {
                let Some(p) = parse::<lsp_types::GotoDefinitionParams>(r.params) else { return invalid(id) };
                let at = p.text_document_position_params;
                let found = self.at(&at.text_document.uri, |g, d| features::definition(g, d, at.position));
                let found = found.filter(|l| !l.is_empty()).map(GotoDefinitionResponse::Array);
                Some(to_value(found))
            }
            HoverRequest::METHOD => {
                let Some(p) = parse::<lsp_types::HoverParams>(r.params) else { return invalid(id) };
                let at = p.text_document_position_params;
                Some(to_value(self.at(&at.text_document.uri, |g, d| hover::hover(g, d, at.position)).flatten()))
            }
            Completion::METHOD => {
                let Some(p) = parse::<lsp_types::CompletionParams>(r.params) else { return invalid(id) };
                let at = p.text_document_position;
                Some(to_value(self.at(&at.text_document.uri, |g, d| complete::completion(g, d, at.position))))
            }
            References::METHOD => {
                let Some(p) = parse::<lsp_types::ReferenceParams>(r.params) else { return invalid(id) };
                let (at, decl) = (p.text_document_position, p.context.include_declaration);
                let found = self.at(&at.text_document.uri, |g, d| refs::references(g, d, at.position, decl));
                Some(to_value(found))
            }
            CodeActionRequest::METHOD => {
                let Some(p) = parse::<lsp_types::CodeActionParams>(r.params) else { return invalid(id) };
                let found = self.at(&p.text_document.uri, |g, d| actions::code_actions(g, d, &p));
                Some(to_value(found.unwrap_or_default()))
            }
            _ => None,
        };
        match result {
            Some(v) => Response::new_ok(id, v),
            None => Response::new_err(id, ErrorCode::MethodNotFound as i32, format!("unknown method `{}`", r.method)),
        }
    }

    /// `f` of an open document and its game, if both are known.
    fn at<T>(&self, uri: &lsp_types::Uri, f: impl FnOnce(&state::Game, &state::Doc) -> T) -> Option<T> {
        let (path, doc) = self.state.doc(uri)?;
        Some(f(self.state.game_of(&path)?, doc))
    }
}

fn initialize() -> InitializeResult {
    InitializeResult {
        capabilities: ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
            document_symbol_provider: Some(OneOf::Left(true)),
            definition_provider: Some(OneOf::Left(true)),
            hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
            completion_provider: Some(CompletionOptions::default()),
            references_provider: Some(OneOf::Left(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
                ..CodeActionOptions::default()
            })),
            ..ServerCapabilities::default()
        },
        server_info: Some(ServerInfo { name: "twilit".into(), version: Some(env!("CARGO_PKG_VERSION").into()) }),
    }
}

/// The body of the next frame (`Content-Length: N`, other headers, an empty line, N bytes);
/// `None` at the end of the input. A header that is not one (a length that is no number,
/// a frame without one, the rest of a body shorter than its length said) is an error: the
/// frames after it cannot be found again, and a server that read on would answer nothing
/// while its client waited.
fn read_frame(r: &mut dyn BufRead, max: u64) -> std::io::Result<Option<Vec<u8>>> {
    let bad = |what: String| std::io::Error::new(std::io::ErrorKind::InvalidData, what);
    let mut len = None;
    let mut headers = 0;
    let mut line = String::new();
    loop {
        line.clear();
        // A header is a short line: one without its end is not read without bound.
        if std::io::Read::take(&mut *r, MAX_HEADER).read_line(&mut line)? == 0 {
            return match headers {
                0 => Ok(None),
                _ => Err(bad("the input ended inside a frame's headers".into())),
            };
        }
        if !line.ends_with('\n') && line.len() as u64 == MAX_HEADER {
            return Err(bad(format!("a header line longer than {MAX_HEADER} bytes")));
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            match (len, headers) {
                (Some(_), _) => break,
                // Blank lines between frames.
                (None, 0) => continue,
                (None, _) => return Err(bad("a frame without `Content-Length`".into())),
            }
        }
        headers += 1;
        let token = |n: &str| !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
        match header.split_once(':') {
            Some((name, value)) if token(name.trim()) => {
                if name.trim().eq_ignore_ascii_case("content-length") {
                    let n = value.trim().parse::<u64>().map_err(|_| bad(format!("`{header}` is not a length")))?;
                    len = Some(n);
                }
            }
            _ => return Err(bad(format!("`{}` is not a header", crate::diag::abbreviate(header)))),
        }
    }
    let len = len.unwrap_or(0);
    if len > max {
        return Err(bad(format!("a frame of {len} bytes")));
    }
    let mut body = vec![0; len as usize];
    r.read_exact(&mut body)?;
    Ok(Some(body))
}

/// The longest header line read (`Content-Length: N` and `Content-Type: ...` are short).
const MAX_HEADER: u64 = 8 * 1024;

fn parse<T: serde::de::DeserializeOwned>(v: Value) -> Option<T> {
    serde_json::from_value(v).ok()
}

fn to_value<T: serde::Serialize>(t: T) -> Value {
    serde_json::to_value(t).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::read_frame;

    fn frames(input: &[u8]) -> Vec<Result<String, String>> {
        let mut r = std::io::Cursor::new(input.to_vec());
        let mut out = vec![];
        loop {
            match read_frame(&mut r, 1 << 20) {
                Ok(Some(b)) => out.push(Ok(String::from_utf8_lossy(&b).into_owned())),
                Ok(None) => return out,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    return out;
                }
            }
        }
    }

    #[test]
    fn whole_frames_are_read_with_blank_lines_between() {
        let got = frames(b"Content-Length: 2\r\n\r\n{}\r\nContent-Type: x\r\ncontent-length: 3\r\n\r\n[1]");
        assert_eq!(got, [Ok("{}".to_string()), Ok("[1]".to_string())]);
    }

    /// A frame whose length cannot be known ends the input with an error: read on, the
    /// server lost every later frame and its client waited for answers that never came.
    #[test]
    fn a_frame_that_cannot_be_found_again_is_an_error_not_a_wait() {
        for (input, why) in [
            (&b"Content-Length: -5\r\n\r\n{}"[..], "is not a length"),
            (b"Content-Length: 99999999999999999999999\r\n\r\n{}", "is not a length"),
            (b"X-Other: 1\r\n\r\n{}", "a frame without `Content-Length`"),
            (b"Content-Length: 3\r\n\r\n{\"jsonrpc\"}\r\nContent-Length: 2\r\n\r\n{}", "is not a header"),
            (b"Content-Length: 2\r\n", "ended inside a frame's headers"),
        ] {
            let got = frames(input);
            let last = got.last().cloned().unwrap_or(Ok(String::new()));
            assert!(last.as_ref().is_err_and(|e| e.contains(why)), "{}: {got:?}", String::from_utf8_lossy(input));
        }
        // A header line is not read without bound.
        let long = [b"Content-Length: 2".as_slice(), &vec![b' '; 20_000]].concat();
        assert!(frames(&long).last().is_some_and(|f| f.as_ref().is_err_and(|e| e.contains("longer than"))));
    }
}
