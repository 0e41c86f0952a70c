#!/usr/bin/env python3
"""Driver of Benchmarks/run.sh: generates the calendars, runs everything, prints the ratios."""
import argparse
import shutil
import json
import os
import re
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATE = os.path.join(ROOT, "Tests", "reference", "generate.py")
REFERENCE = os.path.join(ROOT, "Tests", "reference", "reference.py")
# VEVENTs per generated event in each mix, counted on generated calendars (series bring their
# overrides; the lean mix has the most series).
VEVENTS_PER_EVENT = {"lean": 1.24, "dense": 1.13, "export": 1.16, "inferred": 1.13}
# lean: long skipped lines, series nearly all bounded; dense: a year of meetings, ~13% of them
# recurring (a fifth of those open-ended), five zones with VTIMEZONEs; export: the dense mix's
# events as Google and Outlook export them; inferred: the dense mix without X-WR-TIMEZONE
# (Benchmarks/README.md).
SHAPES = {
    "lean": ["--open-series", "0.01", "--lean"],
    "dense": ["--open-series", "0.2", "--mix", "dense"],
    "export": ["--open-series", "0.2", "--mix", "export"],
    "inferred": ["--open-series", "0.2", "--mix", "inferred"],
}


def generate(python, out, vevents, people, weeks, seed, mix="lean"):
    """`people` calendars of about `vevents` VEVENTs each, cached in `out`: its `done` marker
    holds the generator's arguments, so a cache made with others is made again."""
    marker = os.path.join(out, "done")
    events = int(vevents / VEVENTS_PER_EVENT[mix])
    argv = [out, "--seed", str(seed), "--people", str(people), "--events", str(events),
            "--weeks", str(weeks)] + SHAPES[mix]
    if os.path.exists(marker) and open(marker).read() == " ".join(argv):
        return
    if os.path.exists(out):
        for name in os.listdir(out):
            if name.endswith(".ics") or name == "done":
                os.remove(os.path.join(out, name))
    os.makedirs(out, exist_ok=True)
    print(f"generating {people} x ~{vevents} VEVENTs ({mix}) in {out} ...", file=sys.stderr, flush=True)
    subprocess.run([python, GENERATE] + argv, check=True)
    with open(marker, "w") as f:
        f.write(" ".join(argv))


def split_vdir(source, out):
    """The calendar `source` as a vdir in `out`, as vdirsyncer and khal store a CalDAV
    collection: one file per UID (a series with its overrides), each a VCALENDAR with the
    calendar's VERSION and PRODID and the VTIMEZONEs its events name. Cached: `out`'s `done`
    marker holds the source's size and time."""
    marker = os.path.join(out, "done")
    stamp = f"{os.path.getsize(source)} {os.path.getmtime(source)}"
    if os.path.exists(marker) and open(marker).read() == stamp:
        return out
    if os.path.exists(out):
        for name in os.listdir(out):
            os.remove(os.path.join(out, name))
    os.makedirs(out, exist_ok=True)
    header, zones, by_uid = [], {}, {}
    component, depth = None, 0
    with open(source, "rb") as f:
        lines = f.read().split(b"\r\n")
    for line in lines:
        if not line or line in (b"BEGIN:VCALENDAR", b"END:VCALENDAR"):
            continue
        if depth == 0 and not line.startswith(b"BEGIN:"):
            if not line.startswith(b"X-WR-"):
                header.append(line)
            continue
        if depth == 0:
            component = []
        component.append(line)
        depth += line.startswith(b"BEGIN:") - line.startswith(b"END:")
        if depth == 0:
            if component[0] == b"BEGIN:VTIMEZONE":
                tzid = next(l[5:] for l in component if l.startswith(b"TZID:"))
                zones[tzid] = component
            else:
                uid = next((l[4:] for l in component if l.startswith(b"UID:")), b"%d" % len(by_uid))
                by_uid.setdefault(uid, []).extend(component)
    for uid, body in by_uid.items():
        named = sorted({p.split(b":")[0] for l in body for p in l.split(b";TZID=")[1:]})
        text = [b"BEGIN:VCALENDAR"] + header + [l for z in named if z in zones for l in zones[z]]
        with open(os.path.join(out, uid.decode().replace("/", "_") + ".ics"), "wb") as f:
            f.write(b"\r\n".join(text + body + [b"END:VCALENDAR"]) + b"\r\n")
    with open(marker, "w") as f:
        f.write(stamp)
    return out


def calendar_files(path):
    """A calendar's files: the file, or those of a vdir."""
    if not os.path.isdir(path):
        return [path]
    return [os.path.join(path, n) for n in sorted(os.listdir(path)) if n.endswith(".ics")]


# Runs a command and reports its wall time, exit status, peak RSS and CPU time (user + system)
# from wait4. A child's ru_maxrss starts from its parent's high-water mark at fork (Linux keeps it
# across exec), so the command is started from this small, fresh process, not from the benchmark
# (which reads big files and would lend the command its own peak). scaling.py uses it too.
MEASURE = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execv(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)  # not run: never 1, which is an answer ("no common slot")
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(f"{time.perf_counter() - start} {os.waitstatus_to_exitcode(status)} {usage.ru_maxrss} "
            f"{usage.ru_utime + usage.ru_stime}")
"""


def run(argv, stdout=None):
    """Wall time and peak RSS (KiB) of one process, from wait4."""
    with open(os.devnull, "w") as null, tempfile.NamedTemporaryFile("r") as report:
        subprocess.run([sys.executable, "-c", MEASURE, report.name] + argv,
                       stdout=stdout or null, stderr=null, check=True)
        wall, code, rss, _ = report.read().split()
    wall, code, rss = float(wall), int(code), int(rss)
    if code not in (0, 1):  # 1: no common slot, a fine answer
        sys.exit(f"failed ({code}): {' '.join(argv)}")
    return wall, rss


def best(argv, repeat, stdout_path=None):
    results = []
    for _ in range(repeat):
        if stdout_path:
            with open(stdout_path, "w") as f:
                results.append(run(argv, stdout=f))
        else:
            results.append(run(argv))
    return min(r[0] for r in results), max(r[1] for r in results)


def paired(a, b, pairs):
    """The median of the ratios of `a`'s wall time to `b`'s, run in turn (a b a b ...): a ratio
    of two runs next to each other, as the issues measure, where `best` takes each command's
    luckiest run of its own."""
    ratios = sorted(run(a)[0] / run(b)[0] for _ in range(pairs))
    return ratios[len(ratios) // 2] if pairs % 2 else sum(ratios[pairs // 2 - 1:pairs // 2 + 1]) / 2


def instructions(argv):
    """User-space instructions of one run, counted by valgrind's callgrind (not timed, so not
    noisy; the kernel's part, opening and reading files, is not counted); None without valgrind.
    Under valgrind a run is 50x slower: freetime's per-file CPU budget is lifted for it."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        return None
    done = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv
                          + ["--cpu-budget", "100000"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode not in (0, 1) or not found:
        sys.exit(f"callgrind failed ({done.returncode}): {' '.join(argv)}")
    return int(found.group(1))


def vevents(paths):
    n = 0
    for p in (f for path in paths for f in calendar_files(path)):
        with open(p, "rb") as f:
            for line in f:
                n += line.startswith(b"BEGIN:VEVENT")
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--freetime", required=True)
    ap.add_argument("--floor", required=True)
    ap.add_argument("--open-read", help="the kernel's part of a vdir (floor/open-read.c)")
    ap.add_argument("--python", required=True)
    ap.add_argument("--prepass", help="freetime-prepass: the reader's pre-pass alone")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    # A run on a 1k- or 10k-event calendar takes milliseconds, where the machine's noise is
    # largest: more runs find its undisturbed time. The peer takes seconds a run.
    ap.add_argument("--repeat-small", type=int, default=10)
    ap.add_argument("--peer-repeat", type=int, default=3)
    args = ap.parse_args()
    scale = 10 if args.quick else 1
    d = os.path.join(args.dir, "quick" if args.quick else "full")
    ft, py = args.freetime, args.python
    window = ["--from", "2026-11-02", "--to", "2027-11-01", "--tz", "Europe/Prague"]
    # All-day events are free here: at these densities they would cover every day.
    common = window + ["--min", "30m", "--all-day", "free", "--format", "json"]

    big = os.path.join(d, "100k")
    huge = os.path.join(d, "1M")
    generate(py, big, 100_000 // scale, 2, 520, 5)
    generate(py, huge, 1_000_000 // scale, 1, 520, 6)
    two = [os.path.join(big, f"person{i}.ics") for i in range(2)]
    one = [os.path.join(huge, "person0.ics")]
    rows = []

    def report(name, value):
        rows.append((name, value))
        print(f"{name:<62} {value}", flush=True)

    def end_to_end(mix, files, out):
        """Two calendars on two cores against the floor reading both, and each one alone."""
        n = vevents(files)
        size = sum(os.path.getsize(f) for p in files for f in calendar_files(p))
        floor_t, floor_rss = best([args.floor] + files, args.repeat)
        ours_t, ours_rss = best([ft] + files + common, args.repeat, os.path.join(d, out))
        solo = [best([ft, p] + common, args.repeat)[0] for p in files]
        # Alone, a calendar is read with the idle core's help (a big file is scanned on it); read
        # one after the other on one core each, against the two read at once on two cores.
        taskset = shutil.which("taskset")
        first = min(os.sched_getaffinity(0))  # the first core this process may run on
        pin = [taskset, "-c", str(first)] if taskset else []
        one_core = [best(pin + [ft, p] + common, args.repeat)[0] for p in files] if pin else solo
        report(f"input ({mix} mix): 2 calendars, {n} VEVENTs, {size / 1e6:.0f} MB", "")
        report(f"floor (libical bare streaming parse), {mix}: events/s",
               f"{n / floor_t:,.0f}  ({floor_rss / 1024:.0f} MiB)")
        report(f"freetime, 2 calendars, year window, JSON, {mix}: events/s",
               f"{n / ours_t:,.0f}  ({ours_rss / 1024:.0f} MiB)")
        report(f"RATIO freetime / floor, {mix} (events/s; target >= 3)", f"{floor_t / ours_t:.2f}")
        with open(os.path.join(d, out)) as f:
            kept = sum(c["busyIntervals"] for c in json.load(f)["calendars"])
        report(f"freetime peak RSS (MiB) / budget 64 MiB + 24 B per interval, {mix}",
               f"{ours_rss / 1024:.0f} / {(64 * 2**20 + 24 * kept) / 2**20:.0f}")
        if args.prepass and not os.path.isdir(files[0]):
            # The limit: what scanning, unfolding and classifying the lines costs, no values read
            # (one thread, the first calendar), next to freetime's whole run on the same bytes.
            one_size = os.path.getsize(files[0])
            pre_t, _ = best([args.prepass, files[0]], args.repeat)
            report(f"pre-pass alone (scan, unfold, classify), {mix}: MB/s, one thread",
                   f"{one_size / pre_t / 1e6:,.0f}")
            report(f"freetime, one calendar alone, {mix}: MB/s (fraction of the pre-pass)",
                   f"{one_size / solo[0] / 1e6:,.0f}  ({pre_t / solo[0]:.2f})")
            report(f"freetime, 2 calendars on 2 cores, {mix}: MB/s (fraction of the pre-pass)",
                   f"{size / ours_t / 1e6:,.0f}  ({(size / ours_t) / (one_size / pre_t):.2f})")
        report(f"RATIO one calendar alone / floor on it, {mix} (target >= 2)",
               f"{best([args.floor, files[0]], args.repeat)[0] / solo[0]:.2f}")
        report(f"RATIO two calendars in parallel / one after the other on one core, {mix} (<= 0.6)",
               f"{ours_t / sum(one_core):.2f}")

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}")
    # 1. End to end against the floor, on each mix: lean (a year's window over ten years), dense
    #    (one year of meetings, the window over that year) and export (the dense mix's events
    #    as Google and Outlook write them: long DESCRIPTIONs and ATTENDEE lists, Windows zones).
    end_to_end("lean", two, "ours.json")
    dense = os.path.join(d, "100k-dense")
    generate(py, dense, 100_000 // scale, 2, 52, 15, mix="dense")
    end_to_end("dense", [os.path.join(dense, f"person{i}.ics") for i in range(2)], "dense.json")
    export = os.path.join(d, "100k-export")
    generate(py, export, 100_000 // scale, 2, 52, 25, mix="export")
    end_to_end("export", [os.path.join(export, f"person{i}.ics") for i in range(2)], "export.json")
    inferred = os.path.join(d, "100k-inferred")
    generate(py, inferred, 100_000 // scale, 2, 52, 35, mix="inferred")
    end_to_end("inferred", [os.path.join(inferred, f"person{i}.ics") for i in range(2)],
               "inferred.json")

    # 1b. A vdir: calendars of the inferred mix of 10k VEVENTs (as the issue's, and a CalDAV
    #     collection's size) stored one file per UID, against the same events in one file. The
    #     floor reads every file of both directories in one process.
    small = os.path.join(d, "10k-inferred")
    generate(py, small, 10_000 // scale, 2, 52, 45, mix="inferred")
    singles = [os.path.join(small, f"person{i}.ics") for i in range(2)]
    # (Named as the files are, so the slots name the same people.)
    vdirs = [split_vdir(p, os.path.join(small, "vdir", f"person{i}")) for i, p in enumerate(singles)]
    end_to_end("vdir", vdirs, "vdir.json")
    one_t, _ = best([ft] + singles + common, args.repeat_small, os.path.join(d, "vdir-one.json"))
    vdir_t, _ = best([ft] + vdirs + common, args.repeat_small, os.path.join(d, "vdir.json"))
    with open(os.path.join(d, "vdir-one.json")) as a, open(os.path.join(d, "vdir.json")) as b:
        same = json.load(a)["slots"] == json.load(b)["slots"]
    files = sum(len(calendar_files(v)) for v in vdirs)
    # Two people's vdirs on two cores: no target, as the kernel's part of opening and reading
    # their files, with the two files' own work, is more than two cores give in 1.5x the time
    # (docs/PERFORMANCE.md); the target is one person's vdir, below.
    report(f"RATIO vdir ({files} files) / the same events in one file each, wall "
           f"(same slots: {same})", f"{vdir_t / one_t:.2f}")
    report("RATIO the same, median of paired runs in turn",
           f"{paired([ft] + vdirs + common, [ft] + singles + common, 2 * args.repeat_small):.2f}")
    # One person's vdir against the same events in one file, each alone: both with the idle
    # core's help (the vdir's files read ahead on it, the file scanned on it).
    one_alone, _ = best([ft, singles[0]] + common, args.repeat_small)
    vdir_alone, _ = best([ft, vdirs[0]] + common, args.repeat_small)
    report(f"RATIO one vdir alone ({len(calendar_files(vdirs[0]))} files) / its events in one "
           "file alone, wall (target <= 1.5)", f"{vdir_alone / one_alone:.2f}")
    report("RATIO the same, median of paired runs in turn",
           f"{paired([ft, vdirs[0]] + common, [ft, singles[0]] + common, 2 * args.repeat_small):.2f}")
    # The same in instructions (callgrind, user space): what each file costs the reader beyond
    # its bytes, apart from the kernel's part and the machine's noise.
    one_i, vdir_i = instructions([ft, singles[0]] + common), instructions([ft, vdirs[0]] + common)
    if one_i and vdir_i:
        report(f"RATIO one vdir alone / its events in one file alone, instructions (callgrind: "
               f"{vdir_i / 1e6:.0f}M / {one_i / 1e6:.0f}M; target <= 1.5)", f"{vdir_i / one_i:.2f}")
    else:
        report("RATIO one vdir alone / its events in one file alone, instructions",
               "skipped (no valgrind)")
    # The same at ten times the size: one person's inferred calendar of 100k VEVENTs (the
    # inferred mix's first) split one file per UID, against that file, each alone. Per file the
    # work is the same; the listing (its `getdents64`) and the memory grow with the files.
    big_vdir = split_vdir(os.path.join(inferred, "person0.ics"),
                          os.path.join(inferred, "vdir", "person0"))
    big_one = [ft, os.path.join(inferred, "person0.ics")] + common
    best(big_one, 1, os.path.join(d, "big-one.json"))
    best([ft, big_vdir] + common, 1, os.path.join(d, "big-vdir.json"))
    with open(os.path.join(d, "big-one.json")) as a, open(os.path.join(d, "big-vdir.json")) as b:
        same = json.load(a)["slots"] == json.load(b)["slots"]
    report(f"RATIO one vdir alone of {len(calendar_files(big_vdir))} files / its events in one "
           f"file alone, median of paired runs in turn (same slots: {same})",
           f"{paired([ft, big_vdir] + common, big_one, args.repeat_small):.2f}")
    if args.open_read:
        # What the kernel alone charges for opening and reading every file (each directory on
        # a thread): no reader that opens each file can be faster than the one-file run plus it.
        kernel_t, _ = best([args.open_read] + vdirs, args.repeat_small)
        report("RATIO opening and reading the vdir's files alone, nothing parsed (two threads) / "
               "the same events in one file each, wall", f"{kernel_t / one_t:.2f}")

    # 2. Peak RSS on a 1M-VEVENT calendar, window over all of it (every interval kept).
    n1 = vevents(one)
    everything = ["--from", "2026-01-01", "--to", "2037-01-01", "--tz", "Europe/Prague",
                  "--min", "30m", "--all-day", "free", "--format", "json"]
    out = os.path.join(d, "huge.json")
    t, rss = best([ft] + one + everything, 1, out)
    with open(out) as f:
        kept = sum(c["busyIntervals"] for c in json.load(f)["calendars"])
    budget = 64 * 1024 * 1024 + 24 * kept
    report(f"input: 1 calendar, {n1} VEVENTs, {os.path.getsize(one[0]) / 1e6:.0f} MB, {kept} busy intervals kept", "")
    report("freetime peak RSS (MiB) / budget 64 MiB + 24 B per interval", f"{rss / 1024:.0f} / {budget / 2**20:.0f}")
    floor1, _ = best([args.floor] + one, 1)
    report("RATIO freetime / floor on it (events/s, 10-year window)", f"{floor1 / t:.2f}")

    # 3. The Python peer computing the same free slots, on every mix: two calendars of about 1k
    #    and 10k VEVENTs each (--quick: 1k only), a year of events and the window over it. The
    #    vdir mix is the inferred mix's calendars split one file per UID (the peer reads a
    #    directory's .ics files as freetime does).
    for mix, seed in (("lean", 7), ("dense", 17), ("export", 27), ("inferred", 37), ("vdir", 47)):
        for events in (1000, 10_000):
            if args.quick and events > 1000:
                continue
            peer = os.path.join(d, f"peer-{mix}-{events}")
            generate(py, peer, events, 2, 52, seed, mix="inferred" if mix == "vdir" else mix)
            cals = [os.path.join(peer, f"person{i}.ics") for i in range(2)]
            if mix == "vdir":
                cals = [split_vdir(c, os.path.join(peer, "vdir", f"person{i}"))
                        for i, c in enumerate(cals)]
            args_ = cals + window + ["--min", "30m"]
            ours_json = os.path.join(d, f"peer-{mix}-{events}-ours.json")
            theirs_json = os.path.join(d, f"peer-{mix}-{events}-theirs.json")
            t_ours, _ = best([ft] + args_ + ["--format", "json"], args.repeat_small, ours_json)
            t_theirs, _ = best([py, REFERENCE] + args_, args.peer_repeat, theirs_json)
            with open(ours_json) as a, open(theirs_json) as b:
                same = json.load(a)["slots"] == json.load(b)["slots"]
            # At 10k, 300x is the target for one file a person; two people's vdirs take about
            # twice their files' time on two cores (the vdir rows above: the kernel's part of
            # opening their files), and no target is claimed for them there.
            target = ("" if mix == "vdir" else "; target >= 300") if events >= 10_000 \
                else "; target >= 100"
            report(f"RATIO Python peer / freetime, {mix}, 2 x {vevents(cals) // 2} VEVENTs "
                   f"(same slots: {same}{target})", f"{t_theirs / t_ours:.0f}")

    # 4. Starting: `freetime --version` (the process, the Swift runtime and argument-parser
    #    start; nothing is read), the best of 30 runs, less the best of 30 of `true` measured
    #    the same way (forking and waiting for the measuring process, about 2 ms here).
    start_t, _ = best([ft, "--version"], 3 * args.repeat_small)
    true_t, _ = best([shutil.which("true") or "/bin/true"], 3 * args.repeat_small)
    report(f"freetime --version, wall ms (best run, less `true`'s {true_t * 1000:.1f} ms; "
           "target <= 5)", f"{(start_t - true_t) * 1000:.1f}")
    report("the binary `make install` installs, MB (target <= 40)",
           f"{os.path.getsize(ft) / 1e6:.1f}")


if __name__ == "__main__":
    main()
