#!/usr/bin/env bash
# Paired timed rounds of trackbench's full decode against the floor a full decode requires
# (issue 46: LZO of the body plus the inflate of the ghost sample buffers the parse opens),
# without the peers: the quick form of tools/speed/floor_rounds.sh, for a check between
# peer rounds.
#
#   tools/speed/full_floor_pairs.sh GBX_BENCH LIST [ROUNDS] [REPEAT]
#
# GBX_BENCH  a release build of crates/core/examples/gbx_bench
# LIST       a file naming one path per line (e.g. the common set of the peer harness)
# ROUNDS     default 5; in each, both modes run --repeat REPEAT (default 5) in fresh
#            processes, the order reversed on even rounds; the ratio full/floor is taken
#            inside each round (the medians of its passes), and the median over rounds printed
#            with the range and the load of each round.
# Time only on a quiet machine (no build running).
set -euo pipefail
bin="${1:?GBX_BENCH}"; list="${2:?LIST}"; rounds="${3:-5}"; repeat="${4:-5}"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
for ((r = 1; r <= rounds; r++)); do
  order=(full floor); [ $((r % 2)) -eq 0 ] && order=(floor full)
  for m in "${order[@]}"; do
    "$bin" --mode "$m" --list "$list" --warmup 1 --repeat "$repeat" --quiet \
      --json "$out/$m.$r.json" >/dev/null
  done
done
python3 - "$out" "$rounds" <<'EOF'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def med(path):
    d = json.load(open(path))
    return statistics.median(p["wall_s"] for p in d["passes"]), d["loadavg_before"][0], len(d["files"])
ratios = []
for r in range(1, rounds + 1):
    full, load, n = med(f"{out}/full.{r}.json")
    floor, _, _ = med(f"{out}/floor.{r}.json")
    ratios.append(full / floor)
    print(f"round {r}: full {full * 1000:.2f} ms, floor {floor * 1000:.2f} ms, "
          f"full/floor {full / floor:.2f}x (load {load}, {n} files)")
print(f"full/floor median {statistics.median(ratios):.2f}x "
      f"[{min(ratios):.2f}..{max(ratios):.2f}] over {rounds} rounds")
EOF
