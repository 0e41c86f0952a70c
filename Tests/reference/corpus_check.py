#!/usr/bin/env python3
"""Runs freetime and the reference implementation on every calendar under a folder.

    corpus_check.py FREETIME CORPUS_DIR [--tz ZONE]

For each .ics file: a window of 60 days from the day before its first VEVENT's DTSTART (or
2026-11-01), --min 1s. Prints one line per file, `STATUS<TAB>relative path`, where STATUS is
same, different, freetime-refuses, reference-refuses or both-refuse, then a summary line.
freetime runs with --no-own-hours: the reference reads events only, and a calendar's
VAVAILABILITY or Outlook working hours would limit freetime's person (docs/GUIDE.md, Usage:
--hours).
The reference runs in this process (one Python start for all files).
"""
import contextlib
import datetime as dt
import io
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402


def window(path):
    text = open(path, "rb").read().decode("utf-8", "replace")
    events = "".join(re.findall(r"BEGIN:VEVENT.*?END:VEVENT", text, re.S))
    starts = re.findall(r"DTSTART[^:\n]*:(\d{8})", events)
    day = dt.date(2026, 11, 1)
    if starts:
        first = min(starts)
        try:
            day = dt.date(int(first[:4]), int(first[4:6]), int(first[6:8]))
        except ValueError:
            pass
    start = day - dt.timedelta(days=1)
    return start.isoformat(), (start + dt.timedelta(days=60)).isoformat()


def run_reference(args):
    # icalendar keeps the VTIMEZONEs it has seen in a process-wide cache: start each file
    # afresh, as a separate run of reference.py would.
    import icalendar.timezone
    icalendar.timezone.tzp.use_default()
    out = io.StringIO()
    saved = sys.argv
    sys.argv = ["reference.py"] + args
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = reference.main()
    except BaseException:  # the libraries raise many kinds of errors on broken input
        return None
    finally:
        sys.argv = saved
    return json.loads(out.getvalue())["slots"] if code in (0, 1) else None


def main():
    freetime, root = sys.argv[1], sys.argv[2]
    tz = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--tz" else "Europe/Berlin"
    counts = {}
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith(".ics"):
                continue
            path = os.path.join(folder, name)
            start, end = window(path)
            args = [path, "--from", start, "--to", end, "--tz", tz, "--min", "1s"]
            theirs = run_reference(args)
            ours_run = subprocess.run([freetime] + args + ["--no-own-hours", "--format", "json"],
                                      capture_output=True, text=True, timeout=60)
            ours = json.loads(ours_run.stdout)["slots"] if ours_run.returncode in (0, 1) else None
            if ours is None and theirs is None:
                status = "both-refuse"
            elif ours is None:
                status = "freetime-refuses"
            elif theirs is None:
                status = "reference-refuses"
            else:
                status = "same" if ours == theirs else "different"
            counts[status] = counts.get(status, 0) + 1
            print(f"{status}\t{os.path.relpath(path, root)}")
    print("summary\t" + json.dumps(counts, sort_keys=True))


if __name__ == "__main__":
    main()
