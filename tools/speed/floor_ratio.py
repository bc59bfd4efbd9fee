#!/usr/bin/env python3
"""Ratios of paired jobs per round from a run_all.sh output folder (issue 46).

    python3 tools/speed/floor_ratio.py OUT

OUT is run_all.sh's output (e.g. target/bench-out after tools/speed/floor_rounds.sh). A job's
time in a round is the median of its timed passes (seconds per loop over the list, as every
driver reports it). A ratio is taken inside each round, and the table gives its median over
the rounds and the range [min..max], as BENCHMARKS.md does.
"""
import json
import statistics
import sys
from pathlib import Path

PAIRS = [
    ("full / required floor, common", "ext__full__common", "ext__floor__common"),
    ("full / required floor, own ok set", "ext__full__ext_ok", "ext__floor__ext_ok"),
    ("full / C-LZO floor, own ok set", "ext__full__ext_ok", "pylzo__lzo__ext_ok"),
    ("required floor / C-LZO floor, own ok set", "ext__floor__ext_ok", "pylzo__lzo__ext_ok"),
    ("pygbx / full, common", "pygbx__full__common", "ext__full__common"),
    ("gbx-ts / full, common", "gbxts__full__common", "ext__full__common"),
]


def job_time(path):
    """The median wall time of the timed passes in a driver's JSON, or None."""
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    walls = [p["wall_s"] for p in doc.get("passes", []) if "wall_s" in p]
    return statistics.median(walls) if walls else None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rounds = sorted((Path(sys.argv[1]) / "rounds").glob("r[0-9]*"))
    if not rounds:
        sys.exit(f"floor_ratio: no rounds under {sys.argv[1]}/rounds")
    print(f"| ratio ({len(rounds)} rounds) | median | range |")
    print("|:--|--:|--:|")
    for label, a, b in PAIRS:
        ratios = []
        for r in rounds:
            ta, tb = job_time(r / f"{a}.json"), job_time(r / f"{b}.json")
            if ta and tb:
                ratios.append(ta / tb)
        if ratios:
            print(f"| {label} | {statistics.median(ratios):.2f}x "
                  f"| [{min(ratios):.2f}..{max(ratios):.2f}] |")
        else:
            print(f"| {label} | - | no paired rounds |")


if __name__ == "__main__":
    main()
