#!/usr/bin/env python3
"""Facts of .Gbx files as pygbx 0.3 reads them, one JSON object per line.

Run with the peers' venv: PEERS/py/bin/python pygbx_facts.py FILES...
Facts: map uid, name, author login, environment (body chunk 0x0304301F),
medals (CGameCtnChallengeParameters 0x0305B004: bronze, silver, gold,
author), block count (pygbx's list: names other than 'Unassigned1'), and
per CGameCtnGhost its race time, checkpoint times, respawns, login and
sample count (pygbx's records: the TMF-style samples it inflates).
"""
import json
import logging
import sys

from pygbx import Gbx, GbxType

logging.disable(logging.CRITICAL)


def facts(path):
    g = Gbx(path)
    out = {"file": path}
    maps = g.get_classes_by_ids([GbxType.CHALLENGE, 0x24003000])
    if maps:
        m = maps[0]
        out["map"] = {
            "uid": m.map_uid,
            "name": m.map_name,
            "author_login": m.map_author,
            "environment": m.environment,
            "blocks": len(m.blocks),
        }
        for c in list(g.classes.values()) + list(g.root_classes.values()):
            t = getattr(c, "times", None)
            if t:
                out["map"]["medals"] = [t["bronze"], t["silver"], t["gold"], t["author"]]
                break
    ghosts = g.get_classes_by_ids([GbxType.CTN_GHOST, 0x2401B000])
    out["ghosts"] = [
        {
            "race_time_ms": gh.race_time,
            "checkpoints_ms": list(gh.cp_times),
            "respawns": gh.num_respawns,
            "login": gh.login,
            "samples": len(gh.records),
        }
        for gh in ghosts
    ]
    return out


def main():
    for path in sys.argv[1:]:
        try:
            out = facts(path)
        except Exception as e:  # a peer failing on a file is a result too
            out = {"file": path, "error": f"{type(e).__name__}: {e}"[:300]}
        print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
