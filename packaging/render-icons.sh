#!/bin/sh
# Regenerate the PNG icons and the Windows .ico from assets/icons/trackbench.svg.
# Needs rsvg-convert (Debian: librsvg2-bin); the .ico needs ImageMagick
# (`convert`, Debian: imagemagick). The outputs are committed, so this only
# runs when the artwork changes.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
icons="$root/assets/icons"
svg="$icons/trackbench.svg"
command -v rsvg-convert >/dev/null || { echo "render-icons: rsvg-convert missing (apt-get install librsvg2-bin)" >&2; exit 1; }
for s in 16 24 32 48 64 128 256 512; do
    rsvg-convert -w "$s" -h "$s" "$svg" -o "$icons/trackbench-$s.png"
done
if command -v convert >/dev/null; then
    # Windows wants 16, 24, 32, 48 and 256 in one .ico (256 stored as PNG).
    convert "$icons/trackbench-16.png" "$icons/trackbench-24.png" "$icons/trackbench-32.png" \
        "$icons/trackbench-48.png" "$icons/trackbench-64.png" "$icons/trackbench-128.png" \
        "$icons/trackbench-256.png" "$icons/trackbench.ico"
else
    echo "render-icons: ImageMagick convert missing, trackbench.ico not regenerated" >&2
fi
# macOS .icns is made on a Mac (iconutil) from the same PNGs: see packaging/README.md.
ls -l "$icons"
