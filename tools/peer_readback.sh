#!/usr/bin/env bash
# Reads maps with the peer readers pygbx and gbx-ts (installed by
# ../shared/bench-peers/setup.sh, beside the repository; PEERS=<that folder> to use another) and
# prints one tab-separated line per reader and file:
#   READER  PATH  ok|error  MAP_NAME  BLOCK_COUNT  FIRST_BLOCK_NAME
# Usage: tools/peer_readback.sh FILE.Map.Gbx...
# Exit 3 (and a message on stderr) when the peers are not installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
peers="${PEERS:-$here/../../shared/bench-peers}"
py="$peers/py/bin/python"
if ! [ -x "$py" ] || ! [ -f "$peers/node/node_modules/gbx/package.json" ]; then
  echo "peer_readback: peers not installed in $peers (run its setup.sh)" >&2
  exit 3
fi
files=()
for f in "$@"; do files+=("$(realpath "$f")"); done
"$py" "$here/peer_readback/pygbx_read.py" "${files[@]}"
# gbx-ts resolves `gbx` from the script's folder: run a copy in the peers' node folder.
tmp="$(mktemp "$peers/node/.peer_readback_XXXXXX.mjs")"
trap 'rm -f "$tmp"' EXIT
cp "$here/peer_readback/gbxts_read.mjs" "$tmp"
(cd "$peers/node" && node --no-warnings "$tmp" "${files[@]}" 2>/dev/null)
