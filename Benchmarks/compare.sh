#!/usr/bin/env bash
# A first, rough comparison: freetime against the Python peer (icalendar + recurring-ical-events,
# Tests/reference/reference.py) on generated teams, as ratios from one run. The full benchmark
# (libical's bare parse as the floor, 100k/1M events, peak RSS, ordo-one/benchmark for the core)
# is the job of the "Big calendars" issue.
#
#   Benchmarks/compare.sh [EVENTS_PER_PERSON]   (default 2000; 4 people)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup
events=${1:-2000}
python=${FREETIME_PYTHON:-python3}
swift build -c release --product freetime >&2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$python" Tests/reference/generate.py "$dir" --seed 1 --people 4 --events "$events" --weeks 52
args=("$dir"/person*.ics --from 2026-11-16 --to 2026-12-07 --tz Europe/Prague --min 15m)
bytes=$(cat "$dir"/person*.ics | wc -c)

now() { date +%s.%N; }
# Exit status 1 (no common slot) is a fine answer here.
t0=$(now); .build/release/freetime "${args[@]}" --format json > "$dir/ours.json" || [ $? -eq 1 ]; t1=$(now)
"$python" Tests/reference/reference.py "${args[@]}" > "$dir/theirs.json" || [ $? -eq 1 ]; t2=$(now)
"$python" - "$dir/ours.json" "$dir/theirs.json" "$t0" "$t1" "$t2" "$bytes" "$events" <<'PY'
import json, sys
ours, theirs = (json.load(open(p)) for p in sys.argv[1:3])
t0, t1, t2 = map(float, sys.argv[3:6])
size, events = int(sys.argv[6]), int(sys.argv[7])
same = ours["slots"] == theirs["slots"]
print(f"4 calendars x {events} events, {size / 1e6:.1f} MB: freetime {t1 - t0:.2f} s, "
      f"Python peer {t2 - t1:.2f} s, ratio {(t2 - t1) / (t1 - t0):.1f}x; same slots: {same}")
PY
