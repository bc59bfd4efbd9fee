#!/usr/bin/env bash
# Instructions of ONE full-decode pass over a list of files by gbx_bench (issue 32,
# BENCHMARKS.md "Issue 32": the whole-corpus count), a figure that does not depend on the
# machine's load.
#
#   tools/speed/cg_corpus.sh GBX_BENCH [DIR]
#
# GBX_BENCH  a release build of crates/core/examples/gbx_bench
# DIR        the files (default ../shared/corpus/gbx beside the repository; every file under
#            it, sorted)
# callgrind over --repeat 1 and --repeat 2 (--warmup 0: the untimed status pass only);
# the difference is one pass (parse + summary + recycle of every file). Needs valgrind.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${1:?GBX_BENCH}"; dir="${2:-$repo/../shared/corpus/gbx}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
find "$dir" -type f | sort > "$tmp/list"
instr() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" "$bin" --mode full --warmup 0 \
    --repeat "$1" --min-pass-s 0 --quiet --list "$tmp/list" >/dev/null 2>"$tmp/err.$1"
  grep -o 'Collected : [0-9]*' "$tmp/err.$1" | grep -o '[0-9]*$'
}
i1=$(instr 1); i2=$(instr 2)
echo "$(wc -l < "$tmp/list") files: $(( i2 - i1 )) instructions per pass"
