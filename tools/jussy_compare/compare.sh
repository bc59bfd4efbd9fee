#!/usr/bin/env bash
# Paired rounds: trackbench's full decode (or its blocks-and-items summary, TB_MODE=summary)
# against jussyDr/gbx (Rust, TM2020 maps) on the
# maps both read (issue 32). Fetches nothing: the developer brings both inputs.
#
#   tools/jussy_compare/compare.sh JUSSY_DIR LZO_CRATE [ROUNDS]
#
# JUSSY_DIR  jussyDr/gbx: a source folder, or a bare repository of it (its HEAD is
#            exported).
# LZO_CRATE  the path of the published .crate of lzo1x-1 0.1.0 (lzo1x-1-0.1.0.crate), jussy's
#            LZO dependency. 0.1.0 is yanked, so cargo does not resolve it: the developer
#            brings the .crate file and the script patches it in.
# ROUNDS     default 5; in each, both drivers run --repeat 5 in fresh processes, the order
#            reversed on even rounds; the ratio is taken inside each round, the median printed.
# Env: WORK (default /tmp/jussy-compare; wiped), CORPUS (default ../shared/corpus),
#      JUSSY_ALLOC=mimalloc (jussy's driver on mimalloc, trackbench's allocator; default: the
#      system allocator, as jussy's own users get it),
#      TB_TARGET (default the repo's target/; where gbx_bench is built in release),
#      TB_MODE=full|summary (default full): gbx_bench's --mode; summary is the narrow parse of
#      a map's blocks, items and map info, what jussy reads (issue 46).
# Time only on a quiet machine (no build running): say the load with the figures.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; repo="$(cd "$here/../.." && pwd)"
src="${1:?JUSSY_DIR}"; crate="${2:?LZO_CRATE}"; rounds="${3:-5}"
work="${WORK:-/tmp/jussy-compare}"; corpus="${CORPUS:-$repo/../shared/corpus}"
tb_target="${TB_TARGET:-$repo/target}"; tb_mode="${TB_MODE:-full}"
case "$tb_mode" in full | summary) ;; *) echo "TB_MODE=$tb_mode: expected full or summary" >&2; exit 2 ;; esac
rm -rf "$work"; mkdir -p "$work/gbx" "$work/lzo" "$work/driver/src" "$work/out"
if [ -d "$src/.git" ] || [ -f "$src/HEAD" ]; then
  git -C "$src" archive HEAD | tar -x -C "$work/gbx"
else
  cp -a "$src/." "$work/gbx/"
fi
tar -xzf "$crate" -C "$work/lzo" --strip-components=1
cp "$here/driver.rs" "$work/driver/src/main.rs"
{ cat "$here/Cargo.toml.in"
  echo "gbx = { path = \"$work/gbx\" }"
  echo; echo "[patch.crates-io]"
  echo "lzo1x-1 = { path = \"$work/lzo\" }"; } > "$work/driver/Cargo.toml"
features=(); [ "${JUSSY_ALLOC:-}" = mimalloc ] && features=(--features mimalloc)
(cd "$work/driver" && cargo build --release --quiet "${features[@]}")
(cd "$repo" && CARGO_TARGET_DIR="$tb_target" cargo build --release --quiet -p trackbench-core --example gbx_bench)
jussy="$work/driver/target/release/jussy-bench"; tb="$tb_target/release/examples/gbx_bench"

find "$corpus" -iname '*.map.gbx' -o -iname '*.challenge.gbx' | sort > "$work/out/maps.txt"
"$jussy" --list "$work/out/maps.txt" --repeat 1 --warmup 1 --json "$work/out/j_status.json" --quiet
"$tb" --mode "$tb_mode" --list "$work/out/maps.txt" --repeat 1 --warmup 1 --json "$work/out/t_status.json" --quiet
python3 - "$work/out" <<'PY'
import json, sys
out = sys.argv[1]
j = json.load(open(f"{out}/j_status.json")); t = json.load(open(f"{out}/t_status.json"))
both = [a["path"] for a, b in zip(j["files"], t["files"]) if a["status"] == "ok" and b["status"] == "ok"]
open(f"{out}/both.txt", "w").write("".join(p + "\n" for p in both))
print(f"maps: {len(j['files'])}; jussy reads {sum(f['status']=='ok' for f in j['files'])}, "
      f"trackbench {sum(f['status']=='ok' for f in t['files'])}, both {len(both)}")
PY
for r in $(seq 1 "$rounds"); do
  order=(j t); [ $((r % 2)) -eq 0 ] && order=(t j)
  for who in "${order[@]}"; do
    if [ "$who" = j ]; then "$jussy" --list "$work/out/both.txt" --repeat 5 --json "$work/out/j_$r.json" --quiet >/dev/null
    else "$tb" --mode "$tb_mode" --list "$work/out/both.txt" --repeat 5 --json "$work/out/t_$r.json" --quiet >/dev/null; fi
  done
done
python3 - "$work/out" "$rounds" <<'PY'
import json, statistics as st, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def med(path): return st.median(p["wall_s"] for p in json.load(open(path))["passes"])
print(f"trackbench mode: {json.load(open(f'{out}/t_1.json'))['mode']}")
rows = [(med(f"{out}/t_{r}.json"), med(f"{out}/j_{r}.json")) for r in range(1, rounds + 1)]
for r, (t, j) in enumerate(rows, 1):
    print(f"round {r}: trackbench {t*1000:.1f} ms, jussy {j*1000:.1f} ms, ratio {t/j:.2f}")
ratios = sorted(t / j for t, j in rows)
print(f"trackbench / jussy (median over rounds): {st.median(ratios):.2f} [{ratios[0]:.2f}..{ratios[-1]:.2f}]")
print(f"load average now: {open('/proc/loadavg').read().split()[:3]}")
PY
