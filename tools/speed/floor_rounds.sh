#!/usr/bin/env bash
# Paired rounds of the peers, trackbench's full decode and the floor a full decode requires
# (issue 46), then the ratios full/floor per round.
#
#   tools/speed/floor_rounds.sh [ROUNDS] [REPEAT]      # from the repository root
#
# Copies ../shared/bench-peers to target/bench-peers (never edits the shared one), adds the
# jobs `ext floor common` and `ext floor ext_ok` (gbx_bench --mode floor: LZO of the body plus
# the inflate of the ghost sample buffers the parse opens) beside the `ext full` jobs of
# run_all.sh, runs every round with EXT_DRIVER=gbx_bench, then prints
# tools/speed/floor_ratio.py's table. Time it only on a quiet machine; the table names the
# load of each round.
set -euo pipefail
rounds="${1:-5}"; repeat="${2:-5}"
root="$PWD"
cargo build --release -p trackbench-core --example gbx_bench
rm -rf target/bench-peers
cp -r ../shared/bench-peers target/bench-peers
chmod -R u+w target/bench-peers
# The floor jobs go in the same list as the ext jobs, so they alternate with them per round.
sed -i 's|^  if \[ "${EXT_HEADER:-0}" = 1 \]; then|  JOBS+=("ext floor common" "ext floor ext_ok")\n&|' \
  target/bench-peers/run_all.sh
grep -q '"ext floor common"' target/bench-peers/run_all.sh ||
  { echo "floor_rounds: run_all.sh changed; the floor jobs were not added" >&2; exit 2; }
(cd target/bench-peers && EXT_DRIVER="$root/target/release/examples/gbx_bench" \
  CORPUS="$root/../shared/corpus/gbx" OUT="$root/target/bench-out" ROUNDS="$rounds" \
  REPEAT="$repeat" WHOLE=0 bash run_all.sh)
python3 tools/speed/floor_ratio.py target/bench-out
