#!/usr/bin/env python3
"""Makes the two fallback fonts the app bundles (assets/fonts/), run by hand.

Needs fontTools (`pip install fonttools`) and the Debian packages
fonts-noto-cjk and fonts-dejavu-core. The subsets drop layout tables (egui
does not shape text) and are renamed, as both licences ask of a modified
font:

- TrackbenchCJK.otf: Noto Sans CJK JP (SIL OFL 1.1): CJK punctuation,
  kana, half- and full-width forms, the JIS X 0208 level-1 kanji, the
  GB 2312 level-1 hanzi, and any extra characters given with --extra
  (the characters of the corpus the glyph test lists as missing).
- TrackbenchSymbols.ttf: DejaVu Sans (Bitstream Vera licence, DejaVu
  changes public domain): Latin extended, Greek, Cyrillic, Hebrew,
  punctuation, arrows, maths, technical symbols, box drawing, shapes,
  dingbats.
- TrackbenchThai.ttf: Noto Sans Thai (SIL OFL 1.1, Debian package
  fonts-noto-core): the Thai block.

Usage: tools/fonts/make_subsets.py [--extra CHARS]
"""
import argparse
import subprocess
import tempfile
from pathlib import Path

from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parents[2] / "assets" / "fonts"
NOTO_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
NOTO_THAI = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
CJK_RANGES = "U+3000-30FF,U+31F0-31FF,U+FF00-FFEF"
SYMBOL_RANGES = (
    "U+0100-02FF,U+0370-03FF,U+0400-052F,U+0590-05FF,U+1E00-1EFF,U+2000-209F,"
    "U+20A0-20CF,U+2100-218F,U+2190-23FF,U+2460-24FF,U+2500-27BF,"
    "U+27F0-27FF,U+2900-297F,U+2B00-2BFF"
)
DROP = "--drop-tables+=VORG,vhea,vmtx,GSUB,GPOS,GDEF,BASE"


def han_characters() -> str:
    """JIS X 0208 level 1 (Shift-JIS leads 0x88-0x98) and GB 2312 level 1
    (GB leads 0xB0-0xD7), the ideographs only."""
    chars = set()
    for lead in range(0x88, 0x99):
        for trail in list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)):
            try:
                c = bytes([lead, trail]).decode("shift_jis")
            except UnicodeDecodeError:
                continue
            if 0x4E00 <= ord(c) <= 0x9FFF:
                chars.add(c)
    for lead in range(0xB0, 0xD8):
        for trail in range(0xA1, 0xFF):
            try:
                chars.add(bytes([lead, trail]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(sorted(chars))


def rename(path: Path, family: str) -> None:
    font = TTFont(path)
    for rec in font["name"].names:
        if rec.nameID in (1, 16):
            rec.string = family
        elif rec.nameID in (3, 4):
            rec.string = f"{family} Regular"
        elif rec.nameID == 6:
            rec.string = family.replace(" ", "") + "-Regular"
    font.save(path)


def subset(src: str, out: Path, extra: list[str]) -> None:
    subprocess.run(
        ["pyftsubset", src, "--layout-features=", "--no-hinting", DROP,
         f"--output-file={out}", *extra],
        check=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--extra", default="", help="more characters for the CJK subset")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(han_characters() + args.extra)
        text_file = f.name
    cjk = OUT / "TrackbenchCJK.otf"
    subset(NOTO_CJK, cjk, ["--font-number=0", f"--text-file={text_file}",
                           f"--unicodes={CJK_RANGES}"])
    rename(cjk, "Trackbench CJK")
    symbols = OUT / "TrackbenchSymbols.ttf"
    subset(DEJAVU, symbols, [f"--unicodes={SYMBOL_RANGES}"])
    rename(symbols, "Trackbench Symbols")
    thai = OUT / "TrackbenchThai.ttf"
    subset(NOTO_THAI, thai, ["--unicodes=U+0E00-0E7F"])
    rename(thai, "Trackbench Thai")
    for p in (cjk, symbols, thai):
        print(p, p.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
