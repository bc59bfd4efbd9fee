#!/usr/bin/env python3
"""Compares GBX.NET's chunk ids (gbxnet_chunks.txt) with the chunk decoders
registered in crates/core/src/gbx/classes (BODY/HEADER tables).

Usage: tools/gbx_coverage/audit.py [CLASSES_DIR [BEFORE_CLASSES_DIR]]
Prints one markdown row per class: ids GBX.NET knows (non-skippable /
skippable), ids decoded (before, after), and the body ids left out with
their flags (s skippable, i ignore, e no fields listed)."""
import pathlib, re, sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# Old class ids whose chunks this reader remaps (classes/ids.rs CLASS_REMAP).
REMAP = {0x240B5000: 0x0308C000, 0x0303C000: 0x0915D000}


def registered(classes_dir):
    out = set()
    for f in pathlib.Path(classes_dir).rglob('*.rs'):
        src = f.read_text()
        for m in re.finditer(r'pub static (BODY|HEADER): &\[ChunkDef\] = &\[(.*?)\]\s*;', src, re.S):
            kind = 'B' if m.group(1) == 'BODY' else 'H'
            for c in re.finditer(r'(?:chunk|encapsulated)\(\s*0x([0-9A-Fa-f_]+)', m.group(2)):
                out.add((kind, int(c.group(1).replace('_', ''), 16)))
    return out


def entries():
    for line in (HERE / 'gbxnet_chunks.txt').read_text().splitlines():
        if not line.strip() or line.startswith('#'):
            continue
        name, cid, *chunks = line.split()
        cid = int(cid, 16)
        items = []
        for tok in chunks:
            m = re.fullmatch(r'([0-9A-Fa-f]{3}|[0-9A-Fa-f]{8})([hsie]*)', tok)
            hexid, flags = m.groups()
            full = int(hexid, 16) if len(hexid) == 8 else cid | int(hexid, 16)
            cls = full & 0xFFFFF000
            full = REMAP.get(cls, cls) | (full & 0xFFF)
            items.append((full, flags))
        yield name, cid, items


def main():
    after = registered(sys.argv[1] if len(sys.argv) > 1 else ROOT / 'crates/core/src/gbx/classes')
    before = registered(sys.argv[2]) if len(sys.argv) > 2 else None
    print('| class | GBX.NET body ids (plain + skippable) | decoded before | decoded after | left out (flags) |')
    print('|---|---|---|---|---|')
    for name, cid, items in entries():
        body = [(i, f) for i, f in items if 'h' not in f]
        plain = sum(1 for _, f in body if 's' not in f)
        skip = len(body) - plain
        have = [i for i, _ in body if ('B', i) in after]
        had = [i for i, _ in body if before and ('B', i) in before]
        missing = [f'{i & 0xFFF:03X}{f}' if i & 0xFFFFF000 == cid else f'{i:08X}{f}'
                   for i, f in body if ('B', i) not in after]
        b = str(len(had)) if before is not None else '?'
        print(f'| {name} | {plain} + {skip} | {b} | {len(have)} | {" ".join(missing) or "-"} |')


if __name__ == '__main__':
    main()
