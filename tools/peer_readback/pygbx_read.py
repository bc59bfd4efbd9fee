#!/usr/bin/env python3
"""Reads each map named on the command line with pygbx (PyPI pygbx 0.3) and
prints one tab-separated line per file: pygbx, path, ok|error, map name,
block count, first block name (or the error). Used by
crates/core/tests/gbx/peer_readback.rs through tools/peer_readback.sh."""
import logging
import sys

logging.disable(logging.CRITICAL)
from pygbx import Gbx, GbxType  # noqa: E402


def clean(s):
    return str(s).replace("\t", " ").replace("\n", " ")


for path in sys.argv[1:]:
    try:
        with open(path, "rb") as f:
            g = Gbx(f.read())
        c = g.get_class_by_id(GbxType.CHALLENGE)
        if c is None:
            raise ValueError("no CGameCtnChallenge")
        first = c.blocks[0].name if c.blocks else ""
        print("\t".join(["pygbx", path, "ok", clean(c.map_name), str(len(c.blocks)), clean(first)]))
    except Exception as e:  # a peer's failure is data, not a crash
        print("\t".join(["pygbx", path, "error", clean(type(e).__name__ + ": " + str(e))[:200], "", ""]))
