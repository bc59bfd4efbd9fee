#!/bin/sh
# Builds fuzz/corpus/<target>/ at run time (never committed): the seeds our
# own writers make (example fuzz_seeds) plus files of the shared corpus
# ($TRACKBENCH_CORPUS, default ../shared/corpus beside the repository).
set -e
cd "$(dirname "$0")/.."
nice -n 10 cargo run -q -p trackbench-core --example fuzz_seeds -- fuzz/corpus
C=${TRACKBENCH_CORPUS:-../shared/corpus}
if [ ! -d "$C" ]; then echo "corpus not found at $C: writer seeds only"; exit 0; fi
copy() { t=$1; shift; for f in "$@"; do [ -f "$f" ] && cp "$f" "fuzz/corpus/$t/"; done; return 0; }
# A sample of the GBX files keeps start-up short (libFuzzer minimises anyway).
ls "$C"/gbx/*.Gbx | head -n 40 | while read -r f; do
    copy gbx_full "$f"; copy gbx_header "$f"; copy gbx_text "$f"; copy export_text "$f"
done
# Issue 30's tool targets: a smaller sample (each input runs several tools).
ls "$C"/gbx/*.Gbx | head -n 15 | while read -r f; do
    copy size "$f"; copy strip "$f"; copy exporters "$f"; copy save_reparse "$f"
done
copy trk_route "$C"/trk/*.TRK "$C"/trk/*.trk
copy pak "$C"/pak-synthetic/*.pak
copy packlist "$C"/pak-synthetic/packlist.dat
copy stunts "$C"/trk/*.TRK "$C"/trk/*.trk "$C"/trk/*.SMD "$C"/trk/*.smd
echo "corpora in fuzz/corpus/"
