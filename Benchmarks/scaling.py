#!/usr/bin/env python3
"""How freetime's time and peak memory grow with the calendar: Benchmarks/run.sh --scaling.

    scaling.py --freetime PATH [--commit C] [--dir .build-bench/scaling] [--python PY]
               [--repeat 3] [--out Benchmarks] [--quick] [--replot]

Three axes, each on generated calendars (Tests/reference/generate.py, cached in --dir):

* VEVENTs: one calendar of the dense mix (`--mix dense --open-series 0.2`, a year of meetings,
  `--weeks 52`) at 10k, 30k, 100k, 300k and 1M VEVENTs, the window over that year. The dense mix
  is the worst case: its series recur inside the window, so the busy intervals kept grow with
  the VEVENTs (about five per VEVENT) and the cost with both. Each calendar is run a second
  time with an empty window (the year before it), which keeps nothing: reading alone.
* Instances in the window: the lean ten-year calendar of 1M VEVENTs (`--lean --open-series 0.01
  --weeks 520`, seed 6: the calendar of bench.py's peak-RSS row), with windows of 0 (a year
  before its first event), 1, 2, 5 and 10 years. The VEVENTs read stay the same; the busy
  intervals kept go from none to about 7.4M.

* People: N people's week (dense mix, about 100 events each, `--weeks 1`) for N = 10, 100,
  1,000 and 10,000, read from their calendars and from their `freetime busy` exports (the
  recipe for many people in docs/GUIDE.md), the plain intersection and `--quorum` of 90% and
  25% of them (25%: thousands of slots, each listing thousands of people: the output's cost). Both
  inputs give the same slots (the table says so).

Each run is timed as bench.py times it (a fresh small process forks and execs freetime and
reads wait4's ru_maxrss, so the peak RSS is freetime's own; here also the CPU time): the best
of --repeat for time, the largest peak RSS, in --repeat rounds that each run every
configuration once. The binary is copied into --dir first, so a rebuild during the run does not
mix two builds. Writes scaling.md (the tables) and scaling.svg (four panels) into --out, and the
raw numbers to --dir/{full,quick}/results.json; --replot redraws from those without running
anything. No dependencies beyond Python's standard library: the SVG is written by hand.
"""
import argparse
import datetime as dt
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import GENERATE, MEASURE, ROOT, vevents  # noqa: E402

# VEVENTs per generated event, counted on generated calendars: series bring their overrides.
PER_EVENT = {"dense": 1.13, "lean": 1.24}
MIB = 2 ** 20
COMMON = ["--tz", "Europe/Prague", "--min", "30m", "--all-day", "free", "--format", "json"]
# The year before every generated calendar's first event (it starts 2026-11-02, series up to 60
# days earlier): nothing is kept, so a run costs what reading the calendar costs.
EMPTY = ["--from", "2025-09-01", "--to", "2026-09-01"]


GENERATING = [0.0]  # seconds spent generating calendars in this run


def generate(python, out, vevents_wanted, weeks, seed, mix):
    path = os.path.join(out, "person0.ics")
    if os.path.exists(os.path.join(out, "done")):
        return path
    start = time.perf_counter()
    os.makedirs(out, exist_ok=True)
    events = int(vevents_wanted / PER_EVENT[mix])  # as bench.py counts
    shape = ["--open-series", "0.01", "--lean"] if mix == "lean" else \
        ["--open-series", "0.2", "--mix", "dense"]
    print(f"generating ~{vevents_wanted} VEVENTs ({mix}) in {out} ...", file=sys.stderr, flush=True)
    subprocess.run([python, GENERATE, out, "--seed", str(seed), "--people", "1",
                    "--events", str(events), "--weeks", str(weeks)] + shape, check=True)
    open(os.path.join(out, "done"), "w").close()
    GENERATING[0] += time.perf_counter() - start
    return path


# The people axis: each person a week of the dense mix (about 100 events, seed 27), the window
# that week.
PEOPLE = (10, 100, 1_000, 10_000)
PEOPLE_QUICK = (3, 10, 30, 100)
PEOPLE_EVENTS = 100
WEEK = ["--from", "2026-11-02", "--to", "2026-11-09", "--tz", "Europe/Prague"]
# The plain intersection, and --quorum of these shares of the people (rounded up).
QUORUMS = (0.9, 0.25)


def generate_people(python, out, people):
    """`people` calendars of a week (dense mix), cached in `out`: person0.ics ..."""
    paths = [os.path.join(out, f"person{i}.ics") for i in range(people)]
    if os.path.exists(os.path.join(out, "done")):
        return paths
    start = time.perf_counter()
    os.makedirs(out, exist_ok=True)
    print(f"generating {people} people's week ({PEOPLE_EVENTS} events each) in {out} ...",
          file=sys.stderr, flush=True)
    subprocess.run([python, GENERATE, out, "--seed", "27", "--people", str(people), "--events",
                    str(PEOPLE_EVENTS), "--weeks", "1", "--open-series", "0.2", "--mix", "dense"],
                   check=True)
    open(os.path.join(out, "done"), "w").close()
    GENERATING[0] += time.perf_counter() - start
    return paths


def export_busy(ft, calendars, out):
    """Each calendar's `freetime busy` export for the week, in `out` under the same file name
    (docs/GUIDE.md's recipe for many people, one process per calendar, one per core); cached."""
    paths = [os.path.join(out, os.path.basename(c)) for c in calendars]
    if os.path.exists(os.path.join(out, "done")):
        return paths
    start = time.perf_counter()
    os.makedirs(out, exist_ok=True)
    print(f"writing {len(calendars)} busy exports in {out} ...", file=sys.stderr, flush=True)
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for done in pool.map(lambda cp: subprocess.run(
                [ft, "busy", cp[0]] + WEEK + ["-o", cp[1]], capture_output=True),
                zip(calendars, paths)):
            if done.returncode != 0:
                sys.exit(f"freetime busy failed: {done.stderr.decode()}")
    open(os.path.join(out, "done"), "w").close()
    GENERATING[0] += time.perf_counter() - start
    return paths


def run(argv, stdout_path):
    """(wall s, peak RSS bytes, CPU s) of one process, measured as bench.py measures (MEASURE)."""
    with open(stdout_path, "w") as out, tempfile.NamedTemporaryFile("r") as report:
        subprocess.run([sys.executable, "-c", MEASURE, report.name] + argv,
                       stdout=out, stderr=subprocess.DEVNULL, check=True)
        wall, code, rss, cpu = report.read().split()
    if int(code) not in (0, 1):  # 1: no common slot, a fine answer
        sys.exit(f"failed ({code}): {' '.join(argv)}")
    return float(wall), int(rss) * 1024, float(cpu)


def label(n):
    for unit, div in (("M", 1e6), ("k", 1e3)):
        if n >= div:
            v = n / div
            return f"{v:.0f}{unit}" if v >= 10 or v == int(v) else f"{v:.1f}{unit}"
    return str(n)


def years_later(day, years):
    return day.replace(year=day.year + years)


def run_all(args, d):
    began = time.perf_counter()
    python = args.python
    ft = os.path.join(d, "freetime")
    shutil.copy2(args.freetime, ft)
    version = subprocess.run([ft, "--version"], capture_output=True, text=True).stdout.strip()
    scale = 100 if args.quick else 1
    results = {"binary": os.path.abspath(args.freetime), "version": version,
               "built": dt.datetime.fromtimestamp(os.path.getmtime(args.freetime), dt.timezone.utc)
               .strftime("%Y-%m-%d %H:%M UTC"),
               "commit": args.commit or subprocess.run(
                   ["git", "-C", ROOT, "log", "-1", "--format=%h"], capture_output=True,
                   text=True).stdout.strip() + " (HEAD when measured)",
               "date": dt.date.today().isoformat(), "cores": os.cpu_count(),
               "repeat": args.repeat, "sizes": [], "windows": []}

    # The calendars first, then every run: `repeat` rounds, each running every configuration
    # once, so that a spell of load from elsewhere on the machine spoils one run of several
    # configurations rather than all runs of one.
    jobs = []  # (row, key, argv, output)
    # 1. VEVENTs: the dense mix, one calendar, a year's window; and the same calendar with the
    #    empty window (the year before it), which keeps nothing: what reading alone costs.
    year = ["--from", "2026-11-02", "--to", "2027-11-01"]
    for n in (10_000, 30_000, 100_000, 300_000, 1_000_000):
        n //= scale
        name = f"dense-{label(n)}"
        path = generate(python, os.path.join(d, name), n, 52, 20, "dense")
        row = {"vevents": vevents([path]), "bytes": os.path.getsize(path)}
        results["sizes"].append(row)
        jobs.append((row, "", [ft, path] + year + COMMON, os.path.join(d, f"{name}.json")))
        jobs.append((row, "empty_", [ft, path] + EMPTY + COMMON,
                     os.path.join(d, f"{name}-empty.json")))

    # 2. Instances in the window: the lean ten-year calendar, windows from none to all of it.
    n = 1_000_000 // scale
    path = generate(python, os.path.join(d, f"lean-{label(n)}"), n, 520, 6, "lean")
    count, size = vevents([path]), os.path.getsize(path)
    start = dt.date(2026, 11, 2)
    for years in (0, 1, 2, 5, 10):
        frm, to = (EMPTY[1], EMPTY[3]) if years == 0 else \
            (start.isoformat(), years_later(start, years).isoformat())
        row = {"years": years, "window": f"{frm} – {to}", "vevents": count, "bytes": size}
        results["windows"].append(row)
        jobs.append((row, "", [ft, path, "--from", frm, "--to", to] + COMMON,
                     os.path.join(d, f"lean-{years}y.json")))

    # 3. People: N people's week read from their calendars (.ics) and from their busy exports
    #    (VFREEBUSY), the plain intersection and --quorum of 90% and 50% of them.
    results["people"] = []
    for n in PEOPLE_QUICK if args.quick else PEOPLE:
        calendars = generate_people(python, os.path.join(d, f"people-{n}", "calendars"), n)
        exports = export_busy(ft, calendars, os.path.join(d, f"people-{n}", "busy"))
        for kind, paths in (("ics", calendars), ("busy", exports)):
            row = {"people": n, "input": kind, "bytes": sum(os.path.getsize(p) for p in paths)}
            if kind == "ics":
                row["vevents"] = vevents(calendars)
            results["people"].append(row)
            base = [ft] + paths + WEEK + ["--format", "json"]
            jobs.append((row, "plain_", base, os.path.join(d, f"people-{n}-{kind}.json")))
            for share in QUORUMS:
                k = math.ceil(share * n)
                row[f"k{share:g}"] = k
                jobs.append((row, f"q{share:g}_", base + ["--quorum", str(k)],
                             os.path.join(d, f"people-{n}-{kind}-q{share:g}.json")))

    measured = time.perf_counter()
    results["start"] = min(run([ft, "--version"], os.devnull)[0] for _ in range(10))
    samples = [[] for _ in jobs]
    for i in range(args.repeat):
        print(f"round {i + 1} of {args.repeat}: {len(jobs)} runs", file=sys.stderr, flush=True)
        for job, got in zip(jobs, samples):
            got.append(run(job[2], job[3]))
    for (row, key, argv, output), got in zip(jobs, samples):
        with open(output) as f:
            answer = json.load(f)
        row[key + "intervals"] = sum(c["busyIntervals"] for c in answer["calendars"])
        row[key + "slots"] = len(answer["slots"])
        row[key + "names"] = sum(len(slot["free"]) for slot in answer["slots"])
        row[key + "output"] = os.path.getsize(output)
        row[key + "answer"] = hashlib.sha256(
            json.dumps(answer["slots"], sort_keys=True).encode()).hexdigest()
        row[key + "time"] = min(g[0] for g in got)
        row[key + "rss"] = max(g[1] for g in got)
        row[key + "cpu"] = min(g[2] for g in got)
        row[key + "times"] = [g[0] for g in got]
    for r in results["sizes"]:
        print(f"dense {r['vevents']:>9} VEVENTs {r['intervals']:>9} intervals {r['time']:8.3f} s "
              f"{r['rss'] / MIB:7.1f} MiB; nothing kept {r['empty_time']:8.3f} s "
              f"{r['empty_rss'] / MIB:7.1f} MiB")
    for r in results["windows"]:
        print(f"lean {r['vevents']} VEVENTs, {r['years']:>2}-year window {r['intervals']:>9} "
              f"intervals {r['time']:8.3f} s {r['rss'] / MIB:7.1f} MiB")
    for r in results["people"]:
        print(f"{r['people']:>6} people ({r['input']:>4}): plain {r['plain_time']:7.3f} s "
              f"{r['plain_rss'] / MIB:6.1f} MiB; " + "; ".join(
                  f"quorum {r[f'k{q:g}']} {r[f'q{q:g}_time']:7.3f} s {r[f'q{q:g}_rss'] / MIB:6.1f} MiB "
                  f"({r[f'q{q:g}_slots']} slots)" for q in QUORUMS))
    results["measuring"] = time.perf_counter() - measured
    results["seconds"] = time.perf_counter() - began
    results["generating"] = GENERATING[0]
    with open(os.path.join(d, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    return results


# ---- fits -------------------------------------------------------------------------------------

def linfit(xs, ys):
    """Least squares y = a + b x."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    return my - b * mx, b


def exponent(xs, ys):
    """The k of y ~ x^k, from a least-squares line through the logs."""
    return linfit([math.log(x) for x in xs], [math.log(y) for y in ys])[1]


def model(rows):
    """Least squares rss = c + a VEVENTs + b intervals over every run: (c, a, b)."""
    X = [(1.0, r[0], r[1]) for r in rows]
    y = [r[2] for r in rows]
    A = [[sum(x[i] * x[j] for x in X) for j in range(3)] for i in range(3)]
    v = [sum(x[i] * t for x, t in zip(X, y)) for i in range(3)]
    for i in range(3):  # Gauss-Jordan with partial pivoting, on the 3 x 3 normal equations
        p = max(range(i, 3), key=lambda k: abs(A[k][i]))
        A[i], A[p], v[i], v[p] = A[p], A[i], v[p], v[i]
        for k in range(3):
            if k != i:
                f = A[k][i] / A[i][i]
                A[k] = [a - f * b for a, b in zip(A[k], A[i])]
                v[k] -= f * v[i]
    return tuple(v[i] / A[i][i] for i in range(3))


def rss_runs(res):
    """(VEVENTs, busy intervals kept, peak RSS) of every run."""
    out = [(r["vevents"], r["intervals"], r["rss"]) for r in res["sizes"]]
    out += [(r["vevents"], 0, r["empty_rss"]) for r in res["sizes"]]
    return out + [(r["vevents"], r["intervals"], r["rss"]) for r in res["windows"]]


def budget(intervals):
    return 64 * MIB + 24 * intervals


# ---- the table ----------------------------------------------------------------------------------

def table(res):
    s, w = res["sizes"], res["windows"]
    ref = min(s, key=lambda r: abs(math.log(r["vevents"] / 1e5)))
    boot = res["start"]

    def per(r, t):  # µs per VEVENT beyond starting the process
        return (t - boot) / r["vevents"] * 1e6

    lines = [
        "# Scaling: time and peak memory against VEVENTs, instances in the window and people",
        "",
        f"`Benchmarks/scaling.py` (`Benchmarks/run.sh --scaling`), run of {res['date']} on "
        f"{res['cores']} cores (shared and noisy: runs differ by 10–20%), freetime {res['version']} "
        f"(release, static; built {res['built']} from {res['commit']}). Each time is the best "
        f"of {res['repeat']} runs, in {res['repeat']} rounds that each run every configuration "
        "once (a spell of load from elsewhere spoils one run of several, not all of one); each "
        "peak RSS is the largest (`wait4`, freetime's own); CPU time is user + system. Starting "
        f"the process (`freetime --version`, best of 10) takes {boot * 1e3:.1f} ms. "
        f"The run took {res['seconds']:.0f} s: {res['measuring']:.0f} s measuring, "
        f"{res['generating']:.0f} s generating calendars (cached after the first run). "
        "Plot: [scaling.svg](scaling.svg).",
        "",
        "## Against VEVENTs: the dense mix, one calendar, the window over its year",
        "",
        "`generate.py --mix dense --open-series 0.2 --weeks 52 --seed 20 --people 1`; "
        "`freetime FILE --from 2026-11-02 --to 2027-11-01 --tz Europe/Prague --min 30m "
        "--all-day free --format json`. Busy intervals kept are the instances in the window "
        "(JSON `calendars[].busyIntervals`). *Nothing kept*: the same file with the window "
        f"{EMPTY[1]} – {EMPTY[3]}, before its first event, so reading it is all there is to do. "
        "Budget: 64 MiB + 24 B per busy interval kept.",
        "",
        f"| VEVENTs | busy intervals kept | file MB | time s (CPU s) | VEVENTs/s | µs per VEVENT "
        f"beyond start (vs {label(ref['vevents'])}) | time s (CPU s), nothing kept | peak RSS MiB "
        "| peak RSS MiB, nothing kept | budget MiB |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in s:
        over = " (over)" if r["rss"] > budget(r["intervals"]) else ""
        lines.append(
            f"| {r['vevents']:,} | {r['intervals']:,} | {r['bytes'] / 1e6:.1f} | {r['time']:.3f} "
            f"({r['cpu']:.3f}) | {r['vevents'] / r['time']:,.0f} | {per(r, r['time']):.2f} "
            f"({per(r, r['time']) / per(ref, ref['time']):.2f}) | {r['empty_time']:.3f} "
            f"({r['empty_cpu']:.3f}) "
            f"| {r['rss'] / MIB:.0f}{over} | {r['empty_rss'] / MIB:.0f} "
            f"| {budget(r['intervals']) / MIB:.0f} |")
    a, b = linfit([r["vevents"] for r in s], [r["time"] for r in s])
    ea, eb = linfit([r["vevents"] for r in s], [r["empty_time"] for r in s])
    k = exponent([r["vevents"] for r in s], [r["time"] for r in s])
    pa = math.exp(linfit([math.log(r["vevents"]) for r in s],
                         [math.log(r["time"]) for r in s])[0])
    ratios = ", ".join(f"{per(r, r['time']) / per(ref, ref['time']):.2f}" for r in s)
    cpu_ratios = ", ".join(f"{per(r, r['cpu']) / per(ref, ref['cpu']):.2f}" for r in s)
    lines += [
        "",
        f"Fitted (least squares): time = {a * 1e3:.0f} ms + {b * 1e6:.2f} µs per VEVENT "
        f"(with nothing kept {ea * 1e3:.0f} ms + {eb * 1e6:.2f} µs per VEVENT); through the "
        f"logs, time ∝ VEVENTs^{k:.2f}. Time per VEVENT beyond starting the process, as a ratio "
        f"to the {label(ref['vevents'])} one, from {label(s[0]['vevents'])} to "
        f"{label(s[-1]['vevents'])}: {ratios} (in CPU time: {cpu_ratios}).",
        "",
        f"## Against instances in the window: {label(w[0]['vevents'])} VEVENTs, the window varied",
        "",
        "The lean ten-year calendar (`generate.py --lean --open-series 0.01 --weeks 520 --seed 6 "
        "--people 1`, the one of bench.py's peak-RSS row): the same VEVENTs are read every time, "
        "only the window changes (the 0-year one is the year before the first event: nothing "
        "kept). Beyond the empty window: the time and memory each extra busy interval costs.",
        "",
        "| window | VEVENTs | busy intervals kept | time s (CPU s) | µs per interval beyond the "
        "empty window (CPU) | peak RSS MiB | B per interval beyond the empty window | budget MiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    empty = w[0]
    for r in w:
        extra = r["intervals"] - empty["intervals"]
        per_t = f"{(r['time'] - empty['time']) / extra * 1e6:.3f} " \
            f"({(r['cpu'] - empty['cpu']) / extra * 1e6:.3f})" if extra else "–"
        per_m = f"{(r['rss'] - empty['rss']) / extra:.1f}" if extra else "–"
        over = " (over)" if r["rss"] > budget(r["intervals"]) else ""
        lines.append(
            f"| {r['years']} y ({r['window']}) | {r['vevents']:,} | {r['intervals']:,} "
            f"| {r['time']:.3f} ({r['cpu']:.3f}) | {per_t} | {r['rss'] / MIB:.0f}{over} | {per_m} "
            f"| {budget(r['intervals']) / MIB:.0f} |")
    wa, wb = linfit([r["intervals"] for r in w], [r["time"] for r in w])
    ca, cb = linfit([r["intervals"] for r in w], [r["cpu"] for r in w])
    ma, mb = linfit([r["intervals"] for r in w], [r["rss"] for r in w])
    mc, mv, mi = model(rss_runs(res))
    runs = rss_runs(res)
    over = [r for r in runs if r[2] > budget(r[1])]
    dense_ratio = s[-1]["intervals"] / s[-1]["vevents"]
    slack = mv - (24 - mi) * dense_ratio  # bytes per VEVENT beyond what the budget allows
    crossover = (64 * MIB - mc) / slack if slack > 0 else float("inf")
    lines += [
        "",
        f"Fitted: time = {wa:.2f} s (reading {w[0]['vevents']:,} VEVENTs) + {wb * 1e6:.3f} µs per "
        f"busy interval kept (CPU time: {ca:.2f} s + {cb * 1e6:.3f} µs); peak RSS = {ma / MIB:.0f} "
        f"MiB + {mb:.1f} B per busy interval kept.",
        "",
        "## Peak memory",
        "",
        f"One least-squares fit over all {len(runs)} runs above (both mixes, with and without "
        f"intervals kept): peak RSS ≈ {mc / MIB:.0f} MiB + {mv:.0f} B per VEVENT + {mi:.1f} B per "
        "busy interval kept. The budget, 64 MiB + 24 B per busy interval kept, has no term for "
        + (f"VEVENTs: past its 64 MiB it needs {mv / (24 - mi):.1f} busy intervals kept per VEVENT "
           f"to cover the {mv:.0f} B of each. The dense mix keeps {dense_ratio:.1f} per VEVENT, "
           f"which stays within the budget up to about {crossover:,.0f} VEVENTs in one calendar. "
           if mi < 24 else "VEVENTs, and the fit's part per interval is above its 24 B. ")
        + ("Every run above is within it." if not over else "Over the budget:"),
        "",
    ] + [f"* {v:,} VEVENTs, {i:,} busy intervals kept: {m / MIB:.0f} MiB against "
         f"{budget(i) / MIB:.0f}" for v, i, m in over] + ([""] if over else [])
    people_fits = {}
    if res.get("people"):
        more, people_fits = people_table(res)
        lines += more
    return lines, dict(people=people_fits, a=a, b=b, k=k, pa=pa, ea=ea, eb=eb, wa=wa, wb=wb, ma=ma, mb=mb,
                       mc=mc, mv=mv, mi=mi)


def same_answers(res, failures=False):
    """Whether each busy-export run gave the slots of the same run on the calendars; with
    `failures`, the runs that did not, named."""
    out = []
    by = {(r["people"], r["input"]): r for r in res["people"]}
    for (n, kind), r in by.items():
        if kind != "busy" or (n, "ics") not in by:
            continue
        for key in ["plain"] + [f"q{q:g}" for q in QUORUMS]:
            same = r[key + "_answer"] == by[(n, "ics")][key + "_answer"]
            if not failures:
                out.append(same)
            elif not same:
                out.append(f"{n} people, {key}")
    return out


def people_table(res):
    """The people axis: a table per input and the fitted exponents, (lines, fits)."""
    rows, boot = res["people"], res["start"]
    qs = [f"{q:g}" for q in QUORUMS]
    lines = [
        "## Against people: each person's week, from their calendars and from their busy exports",
        "",
        f"`generate.py --mix dense --open-series 0.2 --weeks 1 --events {PEOPLE_EVENTS} --seed 27 "
        "--people N` (about 110 VEVENTs a person, 49 KB); their busy exports written once by "
        f"`freetime busy CAL {' '.join(WEEK)} -o busy/CAL` (docs/GUIDE.md's recipe for many "
        "people, about 4 KB each); then one run over all of them: `freetime FILES "
        f"{' '.join(WEEK)} --format json`, plain (everyone) and with `--quorum K` for "
        + " and ".join(f"{float(q):.0%}" for q in qs) + " of the people (rounded up). *Slots* "
        "counts the slots and, after a slash, the names they list (`free`): what a quorum run "
        "has to write. *vs plain*: the quorum run's time and peak RSS as a ratio to the plain "
        "run's. "
        + ("Every busy-export run gave the same slots as the same run on the calendars."
           if all(same_answers(res)) else "**Some busy-export runs gave other slots than the "
           "calendars:** " + ", ".join(same_answers(res, failures=True)) + "."),
        "",
        "| people | input | MB read | plain: time s (CPU s) | peak RSS MiB | ms per person beyond "
        "start | " + " | ".join(
            f"quorum {float(q):.0%}: time s (vs plain) | peak RSS MiB (vs plain) | slots / names"
            for q in qs) + " |",
        "|---:|---|---:|---:|---:|---:|" + "---:|---:|---:|" * len(qs),
    ]
    for r in rows:
        cells = [f"{r['people']:,}", "calendars (.ics)" if r["input"] == "ics" else "busy exports",
                 f"{r['bytes'] / 1e6:.1f}", f"{r['plain_time']:.3f} ({r['plain_cpu']:.3f})",
                 f"{r['plain_rss'] / MIB:.0f}",
                 f"{(r['plain_time'] - boot) / r['people'] * 1e3:.3f}"]
        for q in qs:
            cells += [f"{r[f'q{q}_time']:.3f} ({r[f'q{q}_time'] / r['plain_time']:.2f}x)",
                      f"{r[f'q{q}_rss'] / MIB:.0f} ({r[f'q{q}_rss'] / r['plain_rss']:.2f}x)",
                      f"{r[f'q{q}_slots']:,} / {r[f'q{q}_names']:,}"]
        lines.append("| " + " | ".join(cells) + " |")
    fits = {}
    for kind in ("ics", "busy"):
        sel = [r for r in rows if r["input"] == kind]
        if len(sel) < 2:
            continue
        ns = [r["people"] for r in sel]
        fits[kind] = {key: exponent(ns, [max(r[key + "_time"] - boot, 1e-4) for r in sel])
                      for key in ["plain"] + [f"q{q}" for q in qs]}
    lines += [
        "",
        "Fitted through the logs, time beyond starting the process ∝ people^k: " + "; ".join(
            f"{'calendars' if kind == 'ics' else 'busy exports'}: plain k = {f['plain']:.2f}, "
            + ", ".join(f"quorum {float(q):.0%} k = {f[f'q{q}']:.2f}" for q in qs)
            for kind, f in fits.items()) + f" (starting the process: {boot * 1e3:.1f} ms, most "
        "of the smallest runs).",
        "",
    ]
    return lines, fits


# ---- the plot -----------------------------------------------------------------------------------

def nice_ticks(lo, hi, n=5):
    span = hi - lo
    step = 10 ** math.floor(math.log10(span / n))
    for m in (1, 2, 2.5, 5, 10):
        if span / (step * m) <= n:
            step *= m
            break
    t, out = math.floor(lo / step) * step, []
    while t <= hi + step * 1e-9:
        if t >= lo - step * 1e-9:
            out.append(t)
        t += step
    return out


def log_ticks(lo, hi):
    """Major ticks at 1, 2, 5 x 10^k inside [lo, hi]; minor ones at the other integers."""
    major, minor = [], []
    for e in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 1):
        for m in range(1, 10):
            v = m * 10 ** e
            if lo <= v * (1 + 1e-9) and v <= hi * (1 + 1e-9):
                (major if m in (1, 2, 5) else minor).append(v)
    return major, minor


def fmt_num(v, unit=""):
    if v == 0:
        return "0"
    if abs(v) >= 1e6:
        s = f"{v / 1e6:g}M"
    elif abs(v) >= 1e3:
        s = f"{v / 1e3:g}k"
    else:
        s = f"{v:g}"
    return s + unit


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Panel:
    W, H = 560, 400
    L, R, T, B = 78, 20, 48, 58

    def __init__(self, ox, oy, title, xlabel, ylabel, xr, yr, xlog, ylog):
        self.ox, self.oy, self.title, self.xlabel, self.ylabel = ox, oy, title, xlabel, ylabel
        self.xr, self.yr, self.xlog, self.ylog = xr, yr, xlog, ylog
        self.out = []

    def _map(self, v, r, log, a, b):
        if log:
            v, r = math.log10(v), (math.log10(r[0]), math.log10(r[1]))
        return a + (v - r[0]) / (r[1] - r[0]) * (b - a)

    def x(self, v):
        return self._map(v, self.xr, self.xlog, self.ox + self.L, self.ox + self.W - self.R)

    def y(self, v):
        return self._map(v, self.yr, self.ylog, self.oy + self.H - self.B, self.oy + self.T)

    def frame(self, yfmt):
        o, x0, x1 = self.out, self.ox + self.L, self.ox + self.W - self.R
        y0, y1 = self.oy + self.H - self.B, self.oy + self.T
        o.append(f'<text x="{self.ox + self.W / 2}" y="{self.oy + 22}" class="title">{esc(self.title)}</text>')
        def ticks(log, span):
            return log_ticks(*span) if log else (nice_ticks(*span), [])

        xmaj, xmin = ticks(self.xlog, self.xr)
        ymaj, ymin = ticks(self.ylog, self.yr)
        # Each tick: grid line and mark (major, with its label) or a short mark (minor); x ticks
        # hang below the frame, y ticks stand left of it.
        for v, major in [(v, True) for v in xmaj] + [(v, False) for v in xmin]:
            X = self.x(v)
            if major:
                o.append(f'<line x1="{X:.1f}" y1="{y0}" x2="{X:.1f}" y2="{y1}" class="grid"/>')
                o.append(f'<text x="{X:.1f}" y="{y0 + 18}" class="tick" text-anchor="middle">{fmt_num(v)}</text>')
            o.append(f'<line x1="{X:.1f}" y1="{y0}" x2="{X:.1f}" y2="{y0 + (5 if major else 3)}" class="axis"/>')
        for v, major in [(v, True) for v in ymaj] + [(v, False) for v in ymin]:
            Y = self.y(v)
            if major:
                o.append(f'<line x1="{x0}" y1="{Y:.1f}" x2="{x1}" y2="{Y:.1f}" class="grid"/>')
                o.append(f'<text x="{x0 - 8}" y="{Y + 4:.1f}" class="tick" text-anchor="end">{yfmt(v)}</text>')
            o.append(f'<line x1="{x0 - (5 if major else 3)}" y1="{Y:.1f}" x2="{x0}" y2="{Y:.1f}" class="axis"/>')
        o.append(f'<rect x="{x0}" y="{y1}" width="{x1 - x0}" height="{y0 - y1}" class="frame"/>')
        o.append(f'<text x="{(x0 + x1) / 2}" y="{y0 + 40}" class="label" text-anchor="middle">{esc(self.xlabel)}</text>')
        o.append(f'<text transform="translate({self.ox + 18},{(y0 + y1) / 2}) rotate(-90)" '
                 f'class="label" text-anchor="middle">{esc(self.ylabel)}</text>')

    def line(self, pts, cls):
        d = " ".join(f"{'M' if i == 0 else 'L'}{self.x(a):.1f},{self.y(b):.1f}" for i, (a, b) in enumerate(pts))
        self.out.append(f'<path d="{d}" class="{cls}"/>')

    def curve(self, f, cls, steps=60):
        """f sampled along x (evenly on the axis's own scale), clipped to the panel's y range."""
        lo, hi = self.xr
        pts = []
        for i in range(steps + 1):
            t = i / steps
            v = 10 ** (math.log10(lo) + t * (math.log10(hi) - math.log10(lo))) if self.xlog else lo + t * (hi - lo)
            y = f(v)
            if self.yr[0] <= y <= self.yr[1]:
                pts.append((v, y))
        if len(pts) > 1:
            self.line(pts, cls)

    def points(self, pts, labels, cls="pt", place=None):
        """Dots with their labels: above and to the right of each dot ("ur"), or, for a rising
        line whose dots are close, below-right ("lr") and above-left ("ul") in turn."""
        for i, ((a, b), lab) in enumerate(zip(pts, labels)):
            X, Y = self.x(a), self.y(b)
            self.out.append(f'<circle cx="{X:.1f}" cy="{Y:.1f}" r="4" class="{cls}"/>')
            where = place[i % len(place)] if place else "ur"
            if X > self.ox + self.W - 130:  # no label past the frame's right or left side
                where = where[0] + "l"
            elif X < self.ox + self.L + 80:
                where = where[0] + "r"
            parts = lab.split("\n")
            anchor = "end" if where[1] == "l" else "start"
            dx = -7 if anchor == "end" else 7
            top = Y - 8 - 12 * (len(parts) - 1) if where[0] == "u" else Y + 16
            for k, part in enumerate(parts):
                if not part:
                    continue
                self.out.append(f'<text x="{X + dx:.1f}" y="{top + 12 * k:.1f}" class="pl" '
                                f'text-anchor="{anchor}">{esc(part)}</text>')

    def box(self, lines):
        """Lines of values in the frame's lower right corner."""
        x = self.ox + self.W - self.R - 10
        y = self.oy + self.H - self.B - 10 - 14 * (len(lines) - 1)
        for line in lines:
            self.out.append(f'<text x="{x}" y="{y}" class="box" text-anchor="end" '
                            f'xml:space="preserve">{esc(line)}</text>')
            y += 14

    def legend(self, items, corner="tl"):
        x0 = self.ox + self.L + 10 if corner[1] == "l" else self.ox + self.W - self.R - 250
        y = self.oy + self.T + 16 if corner[0] == "t" else self.oy + self.H - self.B - 10 - 15 * (len(items) - 1)
        for cls, text in items:
            if cls in ("pt", "pt0"):
                self.out.append(f'<circle cx="{x0 + 10}" cy="{y - 4}" r="4" class="{cls}"/>')
            else:
                self.out.append(f'<line x1="{x0}" y1="{y - 4}" x2="{x0 + 20}" y2="{y - 4}" class="{cls}"/>')
            self.out.append(f'<text x="{x0 + 26}" y="{y}" class="leg">{esc(text)}</text>')
            y += 15


def people_panels(res):
    """Time and peak RSS against people (log-log): calendars and busy exports, plain and with
    each quorum."""
    rows = res["people"]
    qs = [f"{q:g}" for q in QUORUMS]
    series = []  # (css class, point class, label, [(people, time, rss)])
    for kind, name in (("ics", "calendars (.ics)"), ("busy", "busy exports")):
        sel = [r for r in rows if r["input"] == kind]
        series.append((kind, "p" + kind, f"{name}, plain",
                       [(r["people"], r["plain_time"], r["plain_rss"]) for r in sel]))
        for i, q in enumerate(qs):
            series.append((f"{kind}q{i}", "p" + kind,
                           f"{name}, --quorum {float(q):.0%}",
                           [(r["people"], r[f"q{q}_time"], r[f"q{q}_rss"]) for r in sel]))
    ns = [r["people"] for r in rows]
    xr = (min(ns) / 1.6, max(ns) * 1.6)
    out = []
    for column, (index, title, ylabel, unit) in enumerate((
            (1, "Time against people (a week each)", "wall time, best of "
             f"{res['repeat']} (s, log)", 1),
            (2, "Peak RSS against people (a week each)", "peak RSS, wait4 (MiB, log)", MIB))):
        values = [pt[index] / unit for _, _, _, pts in series for pt in pts]
        p = Panel(column * Panel.W, 2 * Panel.H, title, "people (log)", ylabel, xr,
                  (min(values) / 1.6, max(values) * (4 if index == 1 else 5)), True, True)
        p.frame(lambda v: f"{v:g}")
        # Time: proportional to the people, through the plain run on the most calendars.
        ref = max((r for r in rows if r["input"] == "ics"), key=lambda r: r["people"])
        if index == 1:
            p.curve(lambda v: ref["plain_time"] * v / ref["people"], "prop")
        for cls, pcls, _, pts in series:
            p.line([(pt[0], pt[index] / unit) for pt in pts], cls)
            p.points([(pt[0], pt[index] / unit) for pt in pts], ["" for _ in pts], cls=pcls)
        p.legend([(cls, lab) for cls, _, lab, _ in series]
                 + ([("prop", f"proportional to people, through {label(ref['people'])} calendars")]
                    if index == 1 else []), "tl")
        out.append(p)
    return out


def plot(res, fits):
    s, w = res["sizes"], res["windows"]
    f = fits
    panels = []
    sx = [r["vevents"] for r in s]
    xr = (min(sx) / 1.6, max(sx) * 1.6)
    st = [r["time"] for r in s] + [r["empty_time"] for r in s]
    best_of = f"best of {res['repeat']}"
    p = Panel(0, 0, "Time against VEVENTs (dense mix, year window)", "VEVENTs in the calendar (log)",
              f"wall time, {best_of} (s, log)", xr, (min(st) / 2, max(st) * 2.2), True, True)
    p.frame(lambda v: f"{v:g}")
    ref = min(s, key=lambda r: abs(math.log(r["vevents"] / 1e5)))
    p.curve(lambda v: ref["time"] * v / ref["vevents"], "prop")
    p.curve(lambda v: f["pa"] * v ** f["k"], "fit")
    p.points([(r["vevents"], r["empty_time"]) for r in s], ["" for r in s], cls="pt0")
    p.points([(r["vevents"], r["time"]) for r in s],
             [f"{r['time']:.3g} s\n{r['time'] / r['vevents'] * 1e6:.2f} µs/VEVENT" for r in s], place=("ul",))
    p.legend([("fit", f"fit through the logs: time ∝ VEVENTs^{f['k']:.2f}"),
              ("prop", f"proportional through {label(ref['vevents'])}: "
                       f"{ref['time'] / ref['vevents'] * 1e6:.2f} µs per VEVENT"),
              ("pt0", f"nothing kept (empty window): {ref['empty_time'] / ref['vevents'] * 1e6:.2f} "
                      f"µs per VEVENT at {label(ref['vevents'])}")],
             "tl")
    panels.append(p)

    sm = [r["rss"] for r in s] + [r["empty_rss"] for r in s]
    bud = [budget(r["intervals"]) for r in s]
    p = Panel(Panel.W, 0, "Peak RSS against VEVENTs (dense mix, year window)",
              "VEVENTs in the calendar (log)", "peak RSS, wait4 (MiB, log)", xr,
              (min(sm) / 1.6 / MIB, max(max(sm), max(bud)) * 3.5 / MIB), True, True)
    p.frame(lambda v: f"{v:g}")
    p.line([(r["vevents"], b / MIB) for r, b in zip(s, bud)], "budget")
    per_v = s[-1]["intervals"] / s[-1]["vevents"]
    p.curve(lambda v: (f["mc"] + f["mv"] * v + f["mi"] * per_v * v) / MIB, "fit")
    p.curve(lambda v: (f["mc"] + f["mv"] * v) / MIB, "prop")
    p.points([(r["vevents"], r["empty_rss"] / MIB) for r in s], ["" for r in s], cls="pt0")
    p.points([(r["vevents"], r["rss"] / MIB) for r in s],
             [f"{r['rss'] / MIB:.0f} MiB\n{label(r['intervals'])} intervals" for r in s], place=("ul", "lr"))
    p.legend([("budget", "budget: 64 MiB + 24 B per busy interval kept"),
              ("fit", f"fit, all runs: {f['mc'] / MIB:.0f} MiB + {f['mv']:.0f} B/VEVENT + {f['mi']:.1f} B/interval"),
              ("pt0", "nothing kept (empty window); dotted: the fit's VEVENT part")], "tl")
    panels.append(p)

    wx = [r["intervals"] for r in w]
    wt = [r["time"] for r in w]
    xr2 = (0, max(wx) * 1.08)
    p = Panel(0, Panel.H, f"Time against instances ({label(w[0]['vevents'])} VEVENTs, lean, window varied)",
              "busy intervals kept in the window", f"wall time, {best_of} (s)", xr2,
              (0, max(wt) * 1.25), False, False)
    p.frame(lambda v: f"{v:g}")
    p.curve(lambda v: f["wa"] + f["wb"] * v, "fit")
    p.points([(r["intervals"], r["time"]) for r in w], [f"{r['years']} y" for r in w],
             place=("lr", "ul"))
    p.box([f"{r['years']:>2} y: {label(r['intervals']):>5} intervals, {r['time']:.2f} s" for r in w])
    p.legend([("fit", f"fit: {f['wa']:.2f} s + {f['wb'] * 1e6:.3f} µs per interval")], "tl")
    panels.append(p)

    wm = [r["rss"] / MIB for r in w]
    p = Panel(Panel.W, Panel.H, f"Peak RSS against instances ({label(w[0]['vevents'])} VEVENTs, lean)",
              "busy intervals kept in the window", "peak RSS, wait4 (MiB)", xr2,
              (0, max(max(wm), budget(max(wx)) / MIB) * 1.2), False, False)
    p.frame(lambda v: f"{v:g}")
    p.curve(lambda v: budget(v) / MIB, "budget")
    p.curve(lambda v: (f["ma"] + f["mb"] * v) / MIB, "fit")
    p.points([(r["intervals"], r["rss"] / MIB) for r in w], [f"{r['years']} y" for r in w],
             place=("lr", "ul"))
    p.box([f"{r['years']:>2} y: {label(r['intervals']):>5} intervals, {r['rss'] / MIB:.0f} MiB "
           f"(budget {budget(r['intervals']) / MIB:.0f})" for r in w])
    p.legend([("budget", "budget: 64 MiB + 24 B per busy interval kept"),
              ("fit", f"fit: {f['ma'] / MIB:.0f} MiB + {f['mb']:.1f} B per interval")], "tl")
    panels.append(p)

    if res.get("people"):
        panels += people_panels(res)
    rows_of_panels = 3 if res.get("people") else 2
    W, H = 2 * Panel.W, rows_of_panels * Panel.H + 24
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        'font-family="Helvetica, Arial, sans-serif">',
        "<style>"
        ".title{font-size:14px;font-weight:bold;text-anchor:middle}"
        ".label{font-size:12px}.tick{font-size:11px;fill:#333}"
        ".pl{font-size:10.5px;fill:#1f3b73}.leg{font-size:11px}"
        ".box{font-size:11px;fill:#1f3b73;white-space:pre;font-family:DejaVu Sans Mono,Menlo,Consolas,monospace}"
        ".grid{stroke:#e4e4e4;stroke-width:1}.axis{stroke:#333;stroke-width:1}"
        ".frame{fill:none;stroke:#333;stroke-width:1}"
        ".pt{fill:#1f77b4;stroke:#fff;stroke-width:1}"
        ".pt0{fill:#fff;stroke:#1f77b4;stroke-width:1.5}"
        ".fit{fill:none;stroke:#1f77b4;stroke-width:1.5}"
        ".prop{fill:none;stroke:#999;stroke-width:1;stroke-dasharray:2 3}"
        ".budget{fill:none;stroke:#d62728;stroke-width:1.5;stroke-dasharray:6 4}"
        ".ics{fill:none;stroke:#1f77b4;stroke-width:1.5}"
        ".icsq0{fill:none;stroke:#1f77b4;stroke-width:1.5;stroke-dasharray:6 3}"
        ".icsq1{fill:none;stroke:#1f77b4;stroke-width:1.5;stroke-dasharray:2 2}"
        ".busy{fill:none;stroke:#ff7f0e;stroke-width:1.5}"
        ".busyq0{fill:none;stroke:#ff7f0e;stroke-width:1.5;stroke-dasharray:6 3}"
        ".busyq1{fill:none;stroke:#ff7f0e;stroke-width:1.5;stroke-dasharray:2 2}"
        ".pics{fill:#1f77b4;stroke:#fff;stroke-width:1}"
        ".pbusy{fill:#ff7f0e;stroke:#fff;stroke-width:1}"
        "</style>",
        f'<rect width="{W}" height="{H}" fill="#fff"/>',
    ]
    for p in panels:
        out += p.out
    out.append(f'<text x="10" y="{H - 8}" class="tick">freetime {esc(res["version"])}, commit '
               f'{esc(res["commit"])}, {esc(res["date"])}, {res["cores"]} cores; '
               'Benchmarks/scaling.py (tables in scaling.md)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--freetime", required=True, help="the release binary to measure")
    ap.add_argument("--dir", default=os.path.join(ROOT, ".build-bench", "scaling"))
    ap.add_argument("--python", default=sys.executable, help="runs generate.py")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--commit", help="what the binary was built from, for the report "
                    "(default: the repository's HEAD when measured)")
    ap.add_argument("--out", help="where scaling.md and scaling.svg go (default: Benchmarks/, "
                    "or --dir with --quick)")
    ap.add_argument("--quick", action="store_true", help="100x smaller, a smoke test")
    ap.add_argument("--replot", action="store_true", help="redraw from --dir/results.json")
    args = ap.parse_args()
    d = os.path.join(args.dir, "quick" if args.quick else "full")
    out = args.out or (d if args.quick else os.path.join(ROOT, "Benchmarks"))
    os.makedirs(d, exist_ok=True)
    if args.replot:
        with open(os.path.join(d, "results.json")) as f:
            res = json.load(f)
    else:
        res = run_all(args, d)
    lines, fits = table(res)
    with open(os.path.join(out, "scaling.md"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(out, "scaling.svg"), "w") as f:
        f.write(plot(res, fits))
    print(f"wrote {os.path.join(out, 'scaling.md')} and scaling.svg", file=sys.stderr)


if __name__ == "__main__":
    main()
