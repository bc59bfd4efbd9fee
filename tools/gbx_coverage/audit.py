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
# Old class ids whose chunks this reader remaps (gbx/class_ids.rs CLASS_REMAP).
REMAP = {0x240B5000: 0x0308C000, 0x0303C000: 0x0915D000}


CONST = re.compile(r'const ([A-Z][A-Z0-9_]*): u32 = 0x([0-9A-Fa-f_]+);')


def consts_of(src):
    return {m.group(1): int(m.group(2).replace('_', ''), 16) for m in CONST.finditer(src)}


def resolver(files):
    """Value of a CHUNK_* name used in a file: its own constant, else the
    one of the module it imports the name from (`use ...::challenge::{..}`),
    else the only constant of that name in the tree."""
    by_stem = {}
    everywhere = {}
    for f, src in files.items():
        c = consts_of(src)
        by_stem.setdefault(f.stem if f.stem != 'mod' else f.parent.name, {}).update(c)
        for k, v in c.items():
            everywhere.setdefault(k, set()).add(v)

    def resolve(src, name):
        own = consts_of(src)
        if name in own:
            return own[name]
        for m in re.finditer(r'use [\w:]*?(\w+)::\{([^}]*)\}|use [\w:]*?(\w+)::(\w+);', src):
            module, names = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            if re.search(rf'\b{name}\b', names) and name in by_stem.get(module, {}):
                return by_stem[module][name]
        (value,) = everywhere[name]
        return value

    return resolve


def registered(classes_dir):
    files = {f: f.read_text() for f in pathlib.Path(classes_dir).rglob('*.rs')}
    resolve = resolver(files)
    out = set()
    for src in files.values():
        for m in re.finditer(r'pub static (BODY|HEADER): &\[ChunkDef\] = &\[(.*?)\]\s*;', src, re.S):
            kind = 'B' if m.group(1) == 'BODY' else 'H'
            for c in re.finditer(r'(?:chunk|encapsulated)\(\s*(?:0x([0-9A-Fa-f_]+)|([A-Z][A-Z0-9_]*))', m.group(2)):
                if c.group(1):
                    out.add((kind, int(c.group(1).replace('_', ''), 16)))
                else:
                    out.add((kind, resolve(src, c.group(2))))
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
