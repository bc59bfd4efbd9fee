#!/usr/bin/env bash
# Instructions and page faults of ONE full parse of FILE by gbx_bench (issue 32), figures
# that do not depend on the machine's load (BENCHMARKS.md, "Issue 32").
#
#   tools/speed/cg_per_parse.sh GBX_BENCH FILE
#
# GBX_BENCH  a release build of crates/core/examples/gbx_bench
#            (cargo build --release -p trackbench-core --example gbx_bench)
# Instructions: callgrind over --repeat 1 and --repeat 6; (r6 - r1) / 5 is one parse (the
# status pass and the file reading cancel out). Page faults: perf stat over --repeat 1 and
# --repeat 21; (r21 - r1) / 20 (whole process: the driver's untimed copy of the input per
# pass counts too). Needs valgrind and perf.
set -euo pipefail
bin="${1:?GBX_BENCH}"; file="${2:?FILE}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
run() { "$bin" --mode full --warmup 1 --repeat "$1" --min-pass-s 0 --quiet "$file" >/dev/null; }
instr() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" "$bin" --mode full --warmup 1 \
    --repeat "$1" --min-pass-s 0 --quiet "$file" >/dev/null 2>"$tmp/err.$1"
  grep -o 'Collected : [0-9]*' "$tmp/err.$1" | grep -o '[0-9]*$'
}
faults() {
  perf stat -x, -e page-faults "$bin" --mode full --warmup 1 --repeat "$1" --min-pass-s 0 \
    --quiet "$file" 2>&1 >/dev/null | grep page-faults | cut -d, -f1
}
run 1
i1=$(instr 1); i6=$(instr 6)
f1=$(faults 1); f21=$(faults 21)
echo "$(basename "$file"): $(( (i6 - i1) / 5 )) instructions per parse, $(( (f21 - f1) / 20 )) page faults per parse"
