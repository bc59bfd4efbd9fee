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
   Unnamed fields (`int`), conditions (`v2+`, `if`), `throw`/`return`/`base`
   and GBX.NET's own placeholders (`U01`) give no name; `version`/`versionb`
   give `Version`.
2. the C# chunk classes (`class Chunk03043011`, `class HeaderChunk03043002`)
   for the chunks whose chunkl entry lists no named field: the members read
   in the class's body (`rw.Int32(ref n.blockStock)`, `n.mapInfo = r.ReadIdent()`,
   `n.blocks = new List<…>(…)`, `Version = r.ReadInt32()`), in order of first
   appearance.

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
    name = tokens[1]
    return '' if GBXNET_PLACEHOLDER.match(name) else name


def parse_chunkl(text):
    """[(space, chunk id, [name or '' per field line])] of one .chunkl."""
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
                current = ('header' if header else 'body', cid, [])
                chunks.append(current)
            continue
        if current is not None:
            name = field_name(line)
            if name is not None:
                current[2].append(name)
    return chunks


CS_CLASS = re.compile(r'\bclass\s+(Header)?Chunk([0-9A-Fa-f]{8})\b')
CS_MEMBER = [
    # rw.Int32(ref n.blockStock), rw.NodeRef<CPlugTree>(ref U01)
    re.compile(r'\brw\.\w+(?:<[^>()]*>)?\(\s*ref\s+(?:n\.)?([A-Za-z_]\w*)'),
    # n.mapInfo = r.ReadIdent(); n.blocks = new List<…>(count)
    re.compile(r'\bn\.([A-Za-z_]\w*)\s*=\s*(?:r\.Read|rw\.|new\b)'),
    # Version = r.ReadInt32() (the chunk's own properties)
    re.compile(r'(?<![.\w])([A-Z]\w*)\s*=\s*r\.Read'),
]


def parse_cs(text):
    """[(space, chunk id, [names])] of the chunk classes of one .cs file."""
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
            if name not in names and not GBXNET_PLACEHOLDER.match(name):
                names.append(name)
        out.append(('header' if m.group(1) else 'body', int(m.group(2), 16), names))
    return out


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
                for space, cid, names in parse_chunkl(text):
                    chunkl.setdefault((space, cid), names)
            elif f.endswith('.cs'):
                for space, cid, names in parse_cs(text):
                    if names:
                        cs.setdefault((space, cid), names)
    rows = []
    for key in sorted(set(chunkl) | set(cs)):
        lines = chunkl.get(key, [])
        if any(lines):
            rows.extend((key, pos, n, 'chunkl') for pos, n in enumerate(lines) if n)
        else:
            rows.extend((key, pos, n, 'cs') for pos, n in enumerate(cs.get(key, [])))
    out = sys.stdout
    out.write('# GBX.NET chunk field names, extracted by tools/gbxnet_names/extract.py\n')
    out.write('# gbxnet_commit\t%s\n' % commit_of(root, given))
    out.write('# space\tchunk_id\tposition\tname\tsource\n')
    for (space, cid), pos, name, source in rows:
        out.write('%s\t0x%08X\t%d\t%s\t%s\n' % (space, cid, pos, camel(name), source))


if __name__ == '__main__':
    main(sys.argv[1:])
