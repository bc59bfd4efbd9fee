#!/usr/bin/env bash
# The library figure of issue 46: a folder of N maps (default 10,000) listed with its
# detail columns filled, as the library does (`trackbench scan --details`: header facts plus
# each map's body: lightmap, embedded item count).
#
#   tools/speed/library10k.sh TRACKBENCH [N] [ROUNDS]
#   MODE=cg tools/speed/library10k.sh TRACKBENCH [N]
#
# TRACKBENCH  a release build of the app binary (target/release/trackbench)
# N           how many maps the folder holds (default 10000): the corpus's .Map.Gbx and
#             .Challenge.Gbx files (111 of them) hard-linked round-robin under distinct
#             names, so the folder costs no disk space and the page cache holds it after
#             the first round (the figure is the warm-cache one; say so with it)
# ROUNDS      timed rounds of `scan --details --json` (default 5); prints each round's wall
#             time and the median, plus the same for `scan` without --details (header only)
# BASE=BIN    also time another build BIN (e.g. the last stop's) in the same rounds, the two
#             alternating (order reversed every other round), and print new / BASE per round
#             and its median: on a noisy machine the paired ratio holds where times drift
# MODE=cg     instead of timing, count the instructions of `scan --details --jobs 1` (and of
#             `scan --jobs 1`, header only) with callgrind (machine-load independent; use a small N, e.g. 500, and scale)
# The folder is made under target/ (same filesystem as ../shared is assumed for the hard
# links; falls back to copies) and removed at exit.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${1:?TRACKBENCH}"; n="${2:-10000}"; rounds="${3:-5}"
corpus="${TRACKBENCH_CORPUS:-$repo/../shared/corpus}/gbx"
mkdir -p "$repo/target"
lib="$(mktemp -d "$repo/target/library10k.XXXXXX")"; trap 'rm -rf "$lib"' EXIT
mapfile -t maps < <(find "$corpus" -type f \( -iname '*.Map.Gbx' -o -iname '*.Challenge.Gbx' \) | sort)
[ "${#maps[@]}" -gt 0 ] || { echo "no maps under $corpus" >&2; exit 2; }
for ((i = 0; i < n; i++)); do
  src="${maps[i % ${#maps[@]}]}"
  dst="$lib/$(printf '%05d' "$i").Map.Gbx"
  ln "$src" "$dst" 2>/dev/null || cp "$src" "$dst"
done
echo "$n maps ($(( ${#maps[@]} )) distinct corpus maps), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${MODE:-time}" = cg ]; then
  out="$(mktemp)"
  for what in "--details" ""; do
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" scan $what --json --jobs 1 "$lib" \
      >/dev/null 2>"$out" || true
    echo "scan ${what:-(header only)} --jobs 1: $(grep -o 'Collected : [0-9]*' "$out" | grep -o '[0-9]*$') instructions"
  done
  rm -f "$out"; exit 0
fi
"$bin" scan --details --json "$lib" >/dev/null || true   # warm the page cache
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
if [ -n "${BASE:-}" ]; then
  once() { s=$(date +%s.%N); "$1" scan --details --json "$lib" >/dev/null || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
  ratios=()
  for ((r = 0; r < rounds; r++)); do
    if ((r % 2)); then b=$(once "$BASE"); t=$(once "$bin"); else t=$(once "$bin"); b=$(once "$BASE"); fi
    ratios+=("$(echo "scale=3; $t / $b" | bc)")
    echo "round $((r + 1)): scan --details $t s, BASE $b s, ratio ${ratios[-1]}"
  done
  echo "new / BASE (median over rounds): $(printf '%s\n' "${ratios[@]}" | median)"
fi
for what in "--details" ""; do
  times=()
  for ((r = 0; r < rounds; r++)); do
    s=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$bin" scan $what --json "$lib" >/dev/null || true
    e=$(date +%s.%N)
    times+=("$(echo "$e - $s" | bc)")
  done
  echo "scan ${what:-(header only)}: rounds ${times[*]} s; median $(printf '%s\n' "${times[@]}" | median) s"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
