// The Twilit extension: starts `twilit lsp` and hands it the YAML files of the workspace.
// The server finds each file's game itself (the nearest directory holding a game.yaml) and
// ignores YAML files that belong to no game.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('twilit').get('path') || 'twilit';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient(
    'twilit',
    'Twilit',
    { run: server, debug: server },
    { documentSelector: [{ scheme: 'file', language: 'yaml' }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
