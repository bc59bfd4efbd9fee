#!/usr/bin/env python3
"""Cross-check trackbench's facts against pygbx and gbx-ts over a corpus.

    python3 tools/crosscheck/crosscheck.py [--peers DIR] [--corpus DIR]
        [--ours BIN] [--out TABLE.md] [--details N]

--peers  the bench-peers folder after its setup.sh (default ../shared/bench-peers):
         PEERS/py/bin/python with pygbx 0.3, PEERS/node/node_modules/gbx (gbx-ts).
--corpus folder of .Gbx files (default ../shared/corpus/gbx).
--ours   the facts_json example binary (default target/release/examples/facts_json;
         build it with `cargo build --release -p trackbench-core --example facts_json`).

Prints, per fact and peer, how many files both readers gave a value for,
how many agreed, and each disagreement (file, ours, peer). Nothing here runs
in CI: the golden snapshots do (crates/core/tests/gbx/facts.rs).
"""
import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NOT_SET = (None, -1, 0xFFFFFFFF)


def run_lines(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    if r.returncode != 0 and not r.stdout:
        sys.exit(f"{cmd[0]} failed: {r.stderr[-1000:]}")
    out = {}
    for line in r.stdout.splitlines():
        if line.strip():
            o = json.loads(line)
            out[o["file"]] = o
    return out


def norm(v):
    """Peers write 'not set' as -1, 0xFFFFFFFF or nothing; so do we (None)."""
    if isinstance(v, list):
        return [norm(x) for x in v]
    return None if v in NOT_SET else v


def ours_facts(o):
    """The facts of our facts_json line, by fact name."""
    f = {}
    m = o.get("map")
    if m and o.get("class") == "CGameCtnChallenge":
        f["map uid"] = m["uid"]
        f["map name"] = m["name"]
        f["map author login"] = m["author_login"]
        # "Valley (id 11)": a collection stored as a number; peers give the name.
        f["map environment"] = m["environment"] and m["environment"].split(" (id ")[0]
        f["medals (b, s, g, a)"] = norm(m["medals"])
        f["play mode"] = m["play_mode"]
    c = o.get("contents")
    if c and o.get("class") == "CGameCtnChallenge":
        f["block count"] = c["blocks"]
    if o.get("replay_time_ms") is not None:
        f["replay time"] = o["replay_time_ms"]
    ghost_facts(f, o.get("ghosts") or [])
    return f


def ghost_facts(f, ghosts):
    if ghosts:
        f["ghost count"] = len(ghosts)
    for g in ghosts:
        f["ghost race time"] = f.get("ghost race time", []) + [norm(g["race_time_ms"])]
        f["ghost checkpoints"] = f.get("ghost checkpoints", []) + [norm(g["checkpoints_ms"])]
        f["ghost respawns"] = f.get("ghost respawns", []) + [norm(g["respawns"])]


def peer_facts(o, peer):
    f = {}
    m = o.get("map")
    if m:
        f["map uid"] = m.get("uid")
        f["map name"] = m.get("name")
        f["map author login"] = m.get("author_login")
        f["map environment"] = m.get("environment")
        if "medals" in m:
            f["medals (b, s, g, a)"] = norm(m["medals"])
        if m.get("play_mode") is not None:
            f["play mode"] = m["play_mode"]
        if m.get("blocks") is not None:
            f["block count"] = m["blocks"]
    if o.get("replay_time_ms") is not None:
        f["replay time"] = o["replay_time_ms"]
    ghost_facts(f, o.get("ghosts") or [])
    return f


def compare(ours, peer_all, peer):
    stats = defaultdict(lambda: [0, 0])
    diffs = defaultdict(list)
    for path, o in ours.items():
        p = peer_all.get(path)
        if p is None or "error" in p or "error" in o:
            continue
        a, b = ours_facts(o), peer_facts(p, peer)
        for fact, ours_v in a.items():
            if fact not in b or b[fact] is None or ours_v is None:
                continue
            stats[fact][0] += 1
            if ours_v == b[fact]:
                stats[fact][1] += 1
            else:
                diffs[fact].append((os.path.basename(path), ours_v, b[fact]))
    return stats, diffs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--peers", default=os.path.join(ROOT, "..", "shared", "bench-peers"))
    ap.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus", "gbx"))
    ap.add_argument("--ours", default=os.path.join(ROOT, "target", "release", "examples", "facts_json"))
    ap.add_argument("--out")
    ap.add_argument("--details", type=int, default=8, help="disagreements listed per fact")
    a = ap.parse_args()
    files = sorted(
        os.path.join(a.corpus, n) for n in os.listdir(a.corpus) if n.lower().endswith(".gbx")
    )
    ours = run_lines([a.ours, *files])
    peers = {
        "pygbx": run_lines([os.path.join(a.peers, "py", "bin", "python"),
                            os.path.join(HERE, "pygbx_facts.py"), *files]),
        "gbx-ts": run_lines(["node", os.path.join(HERE, "gbxts_facts.mjs"), a.peers, *files]),
    }
    lines = [f"Corpus: {len(files)} files. Per fact and peer: files where both gave a value, agreed.", "",
             "| fact | peer | compared | agreed | disagreed |", "|---|---|---|---|---|"]
    detail = []
    totals = [0, 0]
    for peer, got in peers.items():
        errors = sum(1 for o in got.values() if "error" in o)
        detail.append(f"\n{peer}: failed on {errors} of {len(files)} files (their facts not compared).")
        stats, diffs = compare(ours, got, peer)
        for fact in sorted(stats):
            n, ok = stats[fact]
            totals[0] += n
            totals[1] += ok
            lines.append(f"| {fact} | {peer} | {n} | {ok} | {n - ok} |")
            if diffs[fact]:
                detail.append(f"\n{peer}, {fact}: {len(diffs[fact])} disagreements")
                for name, x, y in diffs[fact][: a.details]:
                    detail.append(f"  {name}: ours {json.dumps(x, ensure_ascii=False)[:160]} / "
                                  f"{peer} {json.dumps(y, ensure_ascii=False)[:160]}")
    lines.append(f"| **total** | | {totals[0]} | {totals[1]} | {totals[0] - totals[1]} |")
    text = "\n".join(lines) + "\n" + "\n".join(detail) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
