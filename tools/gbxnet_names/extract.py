#!/usr/bin/env python3
"""Chunk id -> field names from a GBX.NET checkout (issue 42, "names as data").

Usage (from the repo root):
    python3 tools/gbxnet_names/extract.py GBXNET_DIR [--commit SHA] \
        > crates/core/data/gbxnet_names.tsv

GBXNET_DIR is a GBX.NET work tree (or an export of its `Src/GBX.NET/Engines`
under the same relative path). The commit is read with `git rev-parse HEAD`
in GBXNET_DIR unless --commit gives it (e.g. for an export).

Sources, in this order:
1. every `.chunkl` file (GBX.NET's chunk layout language): a class line
   `CGameCtnChallenge 0x03043000`, chunk lines `0x018 (skippable) [...] // laps`
   (3 hex digits: the class's chunk; 8: a full id; `(header, ...)` marks a
   header chunk), then one indented line per field, `type Name = default`.
   Conditions (`v2+`, `if`) and `throw`/`return`/`base` give no name;
   `version`/`versionb` give `Version`; an unnamed field (`int`) takes the
   name GBX.NET's source generator gives its chunk class member (`U01`,
   `U02`, … in line order, counted with the explicit ones: see
   `generated_name`). GBX.NET's own placeholders (`U01`, its public name
   for a field it does not understand) are names too, but they alone do not make an entry named: an entry
   whose only names are placeholders takes the C# class's names when it
   has any. A chunk line's `(base: 0x011)` puts the base chunk's fields
   first (0x03092019 reads 0x03092011's, then its own).
2. the C# chunk classes (`class Chunk03043011`, `class HeaderChunk03043002`)
   for the chunks whose chunkl entry lists no named field: the members read
   in the class's body (`rw.Int32(ref n.blockStock)`, any assignment to a
   node member such as `n.mapInfo = r.ReadIdent()` or
   `n.inputs = inputs.ToImmutableArray()`, a chunk member assigned from a
   read, `Version = r.ReadInt32()` or
   `U02 = ImmutableArray.Create(r.ReadArray<long>())`, and
   `rw.VersionInt32(this)` / `rw.VersionByte(this)`, the chunk's version
   read through its `Version` property), in order of first appearance;
   then the names of its chunkl base (the class it derives from, whose
   `ReadWrite` and methods it calls) and of the chunk classes it reads
   through (a member `Chunk03092019 chunk019 = new()`).

Output: tab-separated `space  chunk_id  position  name  source`, where space
is `header` or `body`, chunk_id is `0x%08X`, position counts the chunk's
field lines from 0 (named or not; for C#, the order of first appearance),
name is GBX.NET's, camelCased (first letter lowered, as GBX.NET's backing
fields and our decoders write it), source is `chunkl` or `cs`. `#` lines
head the file: the GBX.NET commit and these columns.
Standard library only.
"""
import os
import re
import subprocess
import sys

CHUNK_LINE = re.compile(r'^0x([0-9A-Fa-f]{3}|[0-9A-Fa-f]{8})\b(.*)$')
CLASS_LINE = re.compile(r'^(\w+)\s+0x([0-9A-Fa-f]{8})\b')
CONDITION = re.compile(r'^v\d+[+\-=]?$')
IDENT = re.compile(r'^[A-Za-z_]\w*$')
GBXNET_PLACEHOLDER = re.compile(r'^U\d+$')
NOT_FIELDS = {'if', 'else', 'throw', 'return', 'base', 'None', '-', 'for', 'foreach'}


def camel(name):
    """GBX.NET's PascalCase property as our decoders write it."""
    return name[:1].lower() + name[1:]


def field_name(line):
    """The name a chunkl field line gives, '' for an unnamed field, None for
    a line that is no field."""
    code = line.split('//', 1)[0].strip()
    if not code:
        return None
    tokens = code.split()
    head = tokens[0]
    if CONDITION.match(head) or head in NOT_FIELDS:
        return None
    if head in ('version', 'versionb'):
        return 'Version'
    if len(tokens) < 2 or not IDENT.match(tokens[1]):
        return ''
    return tokens[1]


def named(names):
    """Whether `names` hold a name that is not a GBX.NET placeholder."""
    return any(n and not GBXNET_PLACEHOLDER.match(n) for n in names)


BASE_ATTR = re.compile(r'\bbase:\s*0x([0-9A-Fa-f]{3}|[0-9A-Fa-f]{8})\b')


def parse_chunkl(text):
    """[(space, chunk id, [name or '' per field line], base chunk id or
    None)] of one .chunkl."""
    chunks, class_id, current = [], None, None
    for raw in text.lstrip('\ufeff').splitlines():
        line = raw.rstrip('\r')
        if not line.strip():
            continue
        if not line[0].isspace():
            current = None
            m = CLASS_LINE.match(line)
            if m and class_id is None:
                class_id = int(m.group(2), 16)
                continue
            m = CHUNK_LINE.match(line)
            if m and class_id is not None:
                digits, rest = m.group(1), m.group(2)
                cid = int(digits, 16) if len(digits) == 8 else class_id | int(digits, 16)
                attrs = re.match(r'\s*\(([^)]*)\)', rest)
                header = bool(attrs) and 'header' in attrs.group(1).split(',')[0]
                b = BASE_ATTR.search(attrs.group(1)) if attrs else None
                base = None
                if b:
                    d = b.group(1)
                    base = int(d, 16) if len(d) == 8 else class_id | int(d, 16)
                current = ('header' if header else 'body', cid, [], base)
                chunks.append(current)
            continue
        if current is not None:
            name = field_name(line)
            if name is not None:
                current[2].append(generated_name(name, current[2]))
    return chunks


def generated_name(name, before):
    """The name GBX.NET's source generator gives a chunkl field line: an
    unnamed field (`int`, `vec3?`) becomes the chunk class's `U01`, `U02`, …
    numbered in line order together with the explicit placeholders
    (`bool U01`), as `Generators/GBX.NET.Generators/ChunkL/ChunkLFieldsWriter.cs`
    (`unknownCounter`) writes the chunk's fields; keyword lines (`version`)
    take no number."""
    if name:
        return name
    n = len({b for b in before if GBXNET_PLACEHOLDER.match(b)})
    return 'U%02d' % (n + 1)


CS_CLASS = re.compile(r'\bclass\s+(Header)?Chunk([0-9A-Fa-f]{8})\b')
# Another chunk class a chunk class reads through, as a member it makes
# (`Chunk03092019 chunk019 = new()`, then `rw.Chunk(n, chunk019)`).
CS_CHUNK_REF = re.compile(r'\bChunk([0-9A-Fa-f]{8})\s+\w+\s*=\s*new\b')
CS_MEMBER = [
    # rw.Int32(ref n.blockStock), rw.NodeRef<CPlugTree>(ref U01),
    # rw.Array<(int, int, int, int, int)>(ref U19)
    re.compile(r'\brw\.\w+(?:<[^;\n]*?>)?\(\s*ref\s+(?:n\.)?([A-Za-z_]\w*)'),
    # any assignment to a node member: n.mapInfo = r.ReadIdent(),
    # n.blocks = new List<…>(count), n.SceneryVortexKeys = keys.ToImmutable()
    re.compile(r'\bn\.([A-Za-z_]\w*)\s*=(?!=)'),
    # Version = r.ReadInt32() (the chunk's own properties), also through a
    # wrapping call: U02 = ImmutableArray.Create(r.ReadArray<long>())
    re.compile(r'(?<![.\w])([A-Z]\w*)\s*=(?!=)[^;{}\n]*?\br\.Read'),
    # rw.VersionInt32(this), rw.VersionByte(this): the chunk's Version;
    # version = r.ReadUInt32(): its backing field
    re.compile(r'\brw\.(Version)(?:Int32|Byte)\(\s*this\s*\)'),
    re.compile(r'(?<![.\w])(version)\s*=\s*r\.Read'),
]


def parse_cs(text):
    """[(space, chunk id, [names], [chunk ids it reads through])] of the
    chunk classes of one .cs file."""
    found = list(CS_CLASS.finditer(text))
    out = []
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        body = text[m.end():end]
        hits = []
        for pat in CS_MEMBER:
            hits.extend((h.start(), h.group(1)) for h in pat.finditer(body))
        names = []
        for _, name in sorted(hits):
            name = name[:1].upper() + name[1:]
            if name not in names:
                names.append(name)
        cid = int(m.group(2), 16)
        refs = [int(r.group(1), 16) for r in CS_CHUNK_REF.finditer(body)]
        refs = [r for r in dict.fromkeys(refs) if r != cid]
        out.append(('header' if m.group(1) else 'body', cid, names, refs))
    return out


def resolve(key, chunkl, cs, seen=()):
    """([name or '' per field], source) of chunk `key`: its chunkl entry
    after its base chunk's (`(base: 0x011)`) when the entry is named (or
    has no C# class), else its C# class's names, then those of its chunkl
    base (whose class it derives from: `base.ReadWrite`, the base's
    methods) and of the chunk classes it reads through."""
    if key in seen:
        return [], 'chunkl'
    seen = seen + (key,)
    lines, base = chunkl.get(key, ([], None))
    base_key = (key[0], base) if base is not None else None
    if named(lines) or key not in cs:
        inherited = resolve(base_key, chunkl, cs, seen)[0] if base_key else []
        return inherited + lines, 'chunkl'
    names, refs = cs[key]
    names = list(names)
    more = [(key[0], r) for r in refs]
    if base_key:
        more.insert(0, base_key)
    for k in more:
        if k in chunkl or k in cs:
            names.extend(n for n in resolve(k, chunkl, cs, seen)[0] if n and n not in names)
    return names, 'cs'


def commit_of(root, given):
    if given:
        return given
    try:
        return subprocess.run(['git', '-C', root, 'rev-parse', 'HEAD'], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        sys.exit('no commit: pass --commit SHA for a directory that is not a git work tree')


def main(argv):
    if not argv or argv[0].startswith('-'):
        sys.exit(__doc__)
    root = argv[0]
    given = argv[argv.index('--commit') + 1] if '--commit' in argv else None
    engines = os.path.join(root, 'Src', 'GBX.NET', 'Engines')
    if not os.path.isdir(engines):
        sys.exit('%s has no Src/GBX.NET/Engines' % root)
    chunkl, cs = {}, {}
    for folder, _, files in sorted(os.walk(engines)):
        for f in sorted(files):
            path = os.path.join(folder, f)
            with open(path, encoding='utf-8', errors='replace') as h:
                text = h.read()
            if f.endswith('.chunkl'):
                for space, cid, names, base in parse_chunkl(text):
                    chunkl.setdefault((space, cid), (names, base))
            elif f.endswith('.cs'):
                for space, cid, names, refs in parse_cs(text):
                    cs.setdefault((space, cid), (names, refs))
    rows = []
    for key in sorted(set(chunkl) | {k for k in cs if named(resolve(k, chunkl, cs)[0])}):
        names, source = resolve(key, chunkl, cs)
        rows.extend((key, pos, n, source) for pos, n in enumerate(names) if n)
    out = sys.stdout
    out.write('# GBX.NET chunk field names, extracted by tools/gbxnet_names/extract.py\n')
    out.write('# gbxnet_commit\t%s\n' % commit_of(root, given))
    out.write('# space\tchunk_id\tposition\tname\tsource\n')
    for (space, cid), pos, name, source in rows:
        out.write('%s\t0x%08X\t%d\t%s\t%s\n' % (space, cid, pos, camel(name), source))


if __name__ == '__main__':
    main(sys.argv[1:])
