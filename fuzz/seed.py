#!/usr/bin/env python3
"""Builds the seed corpora under fuzz/corpus/<target>/ from the repository's own inputs,
so the seeds follow the games and fixtures as they change (nothing is copied by hand).

  parse_script   every script string in cards/ and tests/fixtures/ YAML, and the
                 tests/fixtures/syntax/ scripts
  check_file     every YAML file under cards/ and tests/fixtures/ (the bad ones included)
  run_scenario   every scenario file (top-level `scenario:`), goofspiel's first
  play_game      a few inputs per game: game byte, players byte, 8-byte seed, answers

Needs PyYAML only to find the script strings; files it cannot read are still whole-file
seeds for the other targets.
"""
import hashlib
import os
import pathlib
import struct

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    if not data or len(data) > 65536:
        return
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


def strings(node, seen):
    # Aliases share nodes: visiting each once keeps the alias-bomb fixtures cheap.
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings(v, seen)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v, seen)


def main():
    yamls = sorted(p for d in ("cards", "tests/fixtures") for p in (ROOT / d).rglob("*.yaml") if p.is_file())
    try:
        import yaml
    except ImportError:
        yaml = None
    for p in yamls:
        data = p.read_bytes()
        put("check_file", data)
        if data.lstrip().startswith(b"scenario:") or b"\nscenario:" in data:
            put("run_scenario", data)
        if yaml is None:
            continue
        try:
            doc = yaml.safe_load(data)
        except Exception:
            continue
        for s in strings(doc, set()):
            # Names and prose are not scripts: keep what has a script's shape.
            if any(c in s for c in " (.=<>") and len(s) > 3:
                put("parse_script", s)
    for p in sorted((ROOT / "tests/fixtures/syntax").rglob("*.tw")):
        put("parse_script", p.read_bytes())
    for game in range(4):
        for players in range(3):
            for seed in (1, 2, 42):
                put("play_game", bytes([game, players]) + struct.pack("<Q", seed) + bytes(range(seed % 7, 64)))
    for t in sorted(os.listdir(CORPUS)):
        print(t, len(os.listdir(CORPUS / t)))


main()
