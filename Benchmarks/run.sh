#!/usr/bin/env bash
# The big-calendar benchmark, in one run (ratios, never absolute times, are what to compare):
#   * generates calendars with Tests/reference/generate.py in five mixes (Benchmarks/README.md):
#     lean (long skipped lines, a year's window over ten years), dense (a year of meetings, the
#     window over it), export (Google- and Outlook-shaped), inferred (no X-WR-TIMEZONE) and vdir
#     (inferred calendars split one file per UID): two of 100k VEVENTs each (the vdir: 10k, and
#     one of 100k alone), one lean calendar of 1M VEVENTs, and two of 1k and two of 10k VEVENTs
#     of each mix for the Python peer;
#   * builds Benchmarks/floor/floor.c: libical's bare streaming parse of the same files;
#   * runs freetime (the release build `make install` installs: the Swift runtime, libical and its
#     ICU linked in statically, in .build-install/), freetime-prepass (the reader's pre-pass alone:
#     scan, unfold, classify), the floor and the Python peer (Tests/reference/reference.py:
#     icalendar + recurring-ical-events), each timing the best of a few runs, and prints ratios,
#     MB/s and peak RSS (from wait4, per process).
#
#   Benchmarks/run.sh [--quick]     (--quick: 10x smaller, for a smoke test; ~1 min)
#   Benchmarks/run.sh --scaling [--quick]   (only Benchmarks/scaling.py: time and peak RSS
#                                            against VEVENTs, instances and people,
#                                            scaling.md/.svg)
#
# Generating the 1M-event calendar takes a few minutes of Python; files are cached in
# .build-bench/ (delete it to regenerate).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup
. scripts/venv
# The build `make build` makes (Makefile), and the pre-pass beside it with the same settings.
make build >&2
libs=$(scripts/static-libs .build-install/static-libs)
FREETIME_STATIC_LIBICAL=1 FREETIME_STATIC_LIBS="$libs" swift build -c release --static-swift-stdlib \
  --product freetime-prepass --scratch-path .build-install -Xlinker --strip-debug >&2
dir=.build-bench
mkdir -p "$dir"
if [ "${1:-}" = --scaling ]; then
  shift
  exec "$FREETIME_PYTHON" Benchmarks/scaling.py --dir "$dir/scaling" \
    --freetime .build-install/release/freetime --python "$FREETIME_PYTHON" "$@"
fi
${CC:-cc} -O2 -o "$dir/floor" Benchmarks/floor/floor.c $(pkg-config --cflags --libs libical)
${CC:-cc} -O2 -pthread -o "$dir/open-read" Benchmarks/floor/open-read.c
exec "$FREETIME_PYTHON" Benchmarks/bench.py --dir "$dir" --freetime .build-install/release/freetime \
  --floor "$dir/floor" --open-read "$dir/open-read" --python "$FREETIME_PYTHON" \
  --prepass .build-install/release/freetime-prepass "$@"
