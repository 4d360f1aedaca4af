#!/usr/bin/env python3
# Time from an edit (didChange) to its diagnostics (publishDiagnostics) in `twilit lsp`, for
# each bundled game: five edits each, median/min/max. Standard library only.
# Usage: python3 benches/lsp_latency.py target/release/twilit
import json, subprocess, sys, time, os, pathlib
BIN=sys.argv[1]
root=pathlib.Path(__file__).resolve().parent.parent/'cards'
p=subprocess.Popen([BIN,'lsp'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL)
def send(o):
    b=json.dumps(o).encode()
    p.stdin.write(b'Content-Length: %d\r\n\r\n'%len(b)+b); p.stdin.flush()
def recv():
    h=b''
    while not h.endswith(b'\r\n\r\n'):
        h+=p.stdout.read(1)
    n=int([l for l in h.decode().split('\r\n') if l.lower().startswith('content-length')][0].split(':')[1])
    return json.loads(p.stdout.read(n))
send({'jsonrpc':'2.0','id':1,'method':'initialize','params':{'capabilities':{},'rootUri':None,'processId':None}})
while recv().get('id')!=1: pass
send({'jsonrpc':'2.0','method':'initialized','params':{}})
for game,f in [('goofspiel','game.yaml'),('crazy_eights','game.yaml'),('lotr','shadow.yaml'),('root','game.yaml'),('ti4','game.yaml')]:
    path=root/game/f; uri='file://'+str(path); text=path.read_text()
    send({'jsonrpc':'2.0','method':'textDocument/didOpen','params':{'textDocument':{'uri':uri,'languageId':'yaml','version':1,'text':text}}})
    while True:
        m=recv()
        if m.get('method')=='textDocument/publishDiagnostics' and m['params']['uri']==uri: break
    times=[]
    for v in range(2,7):
        t=text+('\n# edit %d\n'%v)
        t0=time.perf_counter()
        send({'jsonrpc':'2.0','method':'textDocument/didChange','params':{'textDocument':{'uri':uri,'version':v},'contentChanges':[{'text':t}]}})
        while True:
            m=recv()
            if m.get('method')=='textDocument/publishDiagnostics' and m['params']['uri']==uri: break
        times.append((time.perf_counter()-t0)*1000)
    times.sort()
    print(f"{game} ({f}): didChange -> publishDiagnostics median {times[2]:.1f} ms (min {times[0]:.1f}, max {times[-1]:.1f})")
send({'jsonrpc':'2.0','id':2,'method':'shutdown','params':None})
send({'jsonrpc':'2.0','method':'exit','params':None})
