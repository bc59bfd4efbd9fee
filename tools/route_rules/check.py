#!/usr/bin/env python3
"""Compares trackbench's Stunts connection rules (crates/core/src/trk/route_rules.rs)
with the game's own table, read from a restunts checkout.

Usage: tools/route_rules/check.py RESTUNTS_DIR
  (RESTUNTS_DIR: a checkout of https://github.com/AlbertoMarnetto/restunts;
  checked against commit daedcb9.)

It sums the sizes of the db/dw/dd lines of src/restunts/asm/dseg.asm to
find `shapeinfos` and `trkObjectList`, reads each track code's
TRACKOBJECT (14 bytes; ss_trkObjInfoPtr first) and the si_noOfBlocks
TRKOBJINFO records (14 bytes: si_noOfBlocks, si_entryPoint, si_exitPoint,
si_entryType, si_exitType, ..., si_opp3 at 12) it points to, for codes
0x00-0xB5, and compares entry/exit points, types and si_opp3 == 0 (runway)
with the ignored unit test `print_table` of route_rules (run through
cargo). Prints every difference and a count; exits 1 on a difference.
"""
import ast, pathlib, re, subprocess, sys

SIZE = {'db': 1, 'dw': 2, 'dd': 4}
ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def game_table(restunts):
    labels, data = {}, bytearray()
    for line in open(pathlib.Path(restunts) / 'src/restunts/asm/dseg.asm', encoding='latin-1'):
        t = line.split()
        if not t:
            continue
        if t[0] in SIZE:
            d, v = t[0], t[1:]
        elif len(t) > 1 and t[1] in SIZE:
            labels[t[0]] = len(data)
            d, v = t[1], t[2:]
        else:
            continue
        n = SIZE[d]
        try:
            val = int(v[0]) if v else 0
        except ValueError:  # '?' or 'offset x': only the size matters here
            val = 0
        data += (val & ((1 << (8 * n)) - 1)).to_bytes(n, 'little')
    tl = labels['trkObjectList']
    out = {}
    for code in range(0xB6):
        rec = data[tl + 14 * code: tl + 14 * code + 14]
        ptr = rec[0] | rec[1] << 8
        roads = []
        if ptr:
            for k in range(data[ptr]):
                r = data[ptr + 14 * k: ptr + 14 * k + 14]
                a, b, ta, tb = r[1], r[2], r[3], r[4]
                roads.append(((a, b, ta, tb) if a <= b else (b, a, tb, ta), r[12] == 0))
        out[code] = roads
    return out


def our_table():
    cmd = ['cargo', 'test', '-q', '-p', 'trackbench-core', '--lib', 'print_table',
           '--', '--ignored', '--nocapture']
    text = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    out = {}
    for line in text.splitlines():
        if not re.match(r'^[0-9A-F]{2} \[', line):
            continue
        roads, runway = line[3:].replace('true', 'True').replace('false', 'False').rsplit('] [', 1)
        roads = ast.literal_eval(roads + ']')
        runway = ast.literal_eval('[' + runway)
        out[int(line[:2], 16)] = [(tuple(r), w) for r, w in zip(roads, runway)]
    return out


def main():
    game, ours = game_table(sys.argv[1]), our_table()
    diffs = [c for c in range(0xB6) if game[c] != ours.get(c, [])]
    for c in diffs:
        print(f'{c:#04x} game {game[c]} ours {ours.get(c, [])}')
    with_roads = sum(1 for c in range(0xB6) if game[c])
    print(f'{with_roads} codes with roads in the game table, {len(diffs)} differences')
    sys.exit(1 if diffs else 0)


if __name__ == '__main__':
    main()
