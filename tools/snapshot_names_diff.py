#!/usr/bin/env python3
"""Proves that snapshot changes are field renames only.

Usage: python3 tools/snapshot_names_diff.py BASE_COMMIT [RENAMES_TSV]

For every snapshot file (`*.snap`, under a `snapshots/` folder) that differs
between BASE_COMMIT and the work tree, the old and new texts are compared
line by line (insta's `assertion_line:` metadata ignored). A changed line
passes when it has the same tokens as its old line except for tokens that
are an (old, new) pair of the rename table (tools/field_renames.tsv:
class/chunk, old, new, tab-separated, and an optional fourth column: the
public source of the new name). Anything else is printed; the exit status is
1 when there is any.
"""
import difflib
import re
import subprocess
import sys

TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[^A-Za-z_]+")


def renames(path):
    pairs = set()
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        _, old, new = line.rstrip("\n").split("\t")[:3]
        pairs.add((old, new))
    return pairs


def lines(text):
    return [l for l in text.splitlines() if not l.startswith("assertion_line:")]


def same_but_names(old, new, pairs):
    a, b = TOKEN.findall(old), TOKEN.findall(new)
    return len(a) == len(b) and all(x == y or (x, y) in pairs for x, y in zip(a, b))


def main():
    base = sys.argv[1]
    pairs = renames(sys.argv[2] if len(sys.argv) > 2 else "tools/field_renames.tsv")
    changed = subprocess.run(
        ["git", "diff", "--name-only", base, "--", "*.snap"],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    bad = 0
    renamed_lines = 0
    for path in changed:
        old = subprocess.run(["git", "show", f"{base}:{path}"], capture_output=True, text=True)
        try:
            new = open(path, encoding="utf-8").read()
        except FileNotFoundError:
            print(f"{path}: deleted")
            bad += 1
            continue
        if old.returncode != 0:
            print(f"{path}: new file")
            bad += 1
            continue
        a, b = lines(old.stdout), lines(new)
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            if tag == "replace" and i2 - i1 == j2 - j1 and all(
                same_but_names(a[i], b[j], pairs) for i, j in zip(range(i1, i2), range(j1, j2))
            ):
                renamed_lines += i2 - i1
                continue
            bad += 1
            print(f"{path}: not a rename:")
            for l in a[i1:i2]:
                print(f"  - {l}")
            for l in b[j1:j2]:
                print(f"  + {l}")
    print(f"{len(changed)} snapshot files changed, {renamed_lines} lines differ by renamed names only, {bad} other differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
