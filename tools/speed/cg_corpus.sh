#!/usr/bin/env bash
# Instructions of ONE full-decode pass over a list of files by gbx_bench (issue 32,
# BENCHMARKS.md "Issue 32": the whole-corpus count), a figure that does not depend on the
# machine's load.
#
#   [MODE=floor|summary] tools/speed/cg_corpus.sh GBX_BENCH [DIR|LIST]
#
# MODE       gbx_bench's mode: full (default), summary (the blocks-and-items narrow form,
#            issue 46) or floor (the decompression a full decode requires, issue 46; its
#            count over the same files is the floor the full count is compared with)
# GBX_BENCH  a release build of crates/core/examples/gbx_bench
# DIR        the files (default ../shared/corpus/gbx beside the repository; every file under
#            it, sorted); or LIST, a file naming one path per line (e.g. the common set,
#            target/bench-out/lists/common.txt)
# callgrind over --repeat 1 and --repeat 2 (--warmup 0: the untimed status pass only);
# the difference is one pass (parse + summary + recycle of every file). Needs valgrind.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${1:?GBX_BENCH}"; dir="${2:-$repo/../shared/corpus/gbx}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
if [ -f "$dir" ]; then cp "$dir" "$tmp/list"; else find "$dir" -type f | sort > "$tmp/list"; fi
instr() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" "$bin" --mode "${MODE:-full}" --warmup 0 \
    --repeat "$1" --min-pass-s 0 --quiet --list "$tmp/list" >/dev/null 2>"$tmp/err.$1"
  grep -o 'Collected : [0-9]*' "$tmp/err.$1" | grep -o '[0-9]*$'
}
i1=$(instr 1); i2=$(instr 2)
echo "$(wc -l < "$tmp/list") files, mode ${MODE:-full}: $(( i2 - i1 )) instructions per pass"
