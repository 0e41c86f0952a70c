#!/usr/bin/env python3
"""A brute-force minute model of freetime's scheduling options, for differential tests.

    model.py CAL... --from WHEN --to WHEN --tz ZONE [--min D]
             [--hours [NAME=]HH:MM-HH:MM[,...]]... [--days [NAME=]mon-fri]... [--zone NAME=ZONE]...
             [--buffer D] [--align D] [--quorum K]
             [--optional CAL]... [--room CAL]... [--tentative busy|free]

Busy time comes from reference.py (icalendar + recurring-ical-events). Everything after that is
done minute by minute, with no cleverness: a person is free in a minute when no padded busy
interval and (for people, not rooms) no time outside their working hours in their home zone
(freetime's home zone rule) touches it. A span whose end is before its start runs into the next
day; `--hours NAME=` and `--days NAME=` win over the general ones for that person. Prints {"slots": [...]} with start, end, free, rooms as
freetime's JSON does, sorted by (start, end, free, rooms). All times must be whole minutes.

    model.py ... --suggest D [--step D] [--count N] [--per-day N]
             [--repeat daily|weekly|2w|4w|monthly [--occurrences N | --until WHEN] [--rotate 2|3]]

ranks meetings as `freetime suggest --format json` does (issue 28 for cost, --repeat, --rotate,
--per-day). The cost of a minute for a required person: 0 in their comfort hours (the hours that
limit the slots when any do, else 09:00-17:00 on their working days, in their home zone), else 1
plus the whole hours between it and their nearest comfort minute within 8 days on their wall
clock (after a stretch ending at E: wall(m) - wall(E); before one starting at S:
wall(S) - wall(m + 1 min)), 1 with none. --repeat: every start on the step grid in period 0 of
the window (--tz wall clock from --from: 1, 2 or 4 weeks, a month, or a weekday) is a candidate
with its occurrences (COUNT --occurrences, default 8, or those starting <= --until) at the same
--tz wall-clock time; the window grows to cover them all; candidates are ranked by missing
(person, occurrence) pairs, optional people not free, occurrences without a free room, the sum
of costs, the largest total of one person, the start. --rotate K: K candidates, one per period
0..K-1, occurrence i belonging to candidate i mod K (its own series every K periods), ranked by
missing pairs, the largest total of one person, the sum of costs, the starts. The choice is
greedy: no two suggestions whose first occurrences overlap, at most --per-day whose first
occurrence starts on one --tz day, until --count.
"""
import argparse
import calendar
import datetime as dt
import itertools
import json
import os
import sys
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def parse_days(text):
    out = set()
    for item in text.lower().split(","):
        ends = [p[:3] for p in item.split("-")]
        a, b = DAYS.index(ends[0]), DAYS.index(ends[-1])
        d = a
        out.add(d)
        while d != b:
            d = (d + 1) % 7
            out.add(d)
    return out


def clock(text):
    h, m = text.strip().split(":")
    return int(h) * 60 + int(m)


def choices(entries, parse):
    """Repeated [NAME=]VALUE options: the general value and one per name, each adding up."""

    def add(old, value):
        return value if old is None else (old + value if isinstance(value, list) else old | value)

    general, named = None, {}
    for entry in entries:
        name, _, text = entry.rpartition("=")
        if name:
            named[name] = add(named.get(name), parse(text))
        else:
            general = add(general, parse(text))
    return general, named


def parse_spans(text):
    return [(clock(a), clock(b)) for a, b in (item.split("-") for item in text.split(","))]


EPOCH = dt.datetime(2000, 1, 1)  # a Saturday: weekday of wall minute w is (w // 1440 + 5) % 7
MINUTE = dt.timedelta(minutes=1)
EIGHT_DAYS = 8 * 24 * 60


def working(spans, days, local):
    """Whether a wall-clock reading is working time: a span of its own weekday, or the part
    after midnight of an overnight span of the day before."""
    return working_at(spans, days, local.weekday(), local.hour * 60 + local.minute)


def working_at(spans, days, wd, mm):
    yesterday = (wd - 1) % 7
    for a, b in spans:
        if b < a:
            if (wd in days and mm >= a) or (yesterday in days and mm < b):
                return True
        elif wd in days and a <= mm < b:
            return True
    return False


def week_table(spans, days):
    """working_at for every minute of the week, indexed by weekday * 1440 + minute of day."""
    return [working_at(spans, days, wd, mm) for wd in range(7) for mm in range(24 * 60)]


WALLS = {}


def walls(zone, base, n):
    """The wall clock of each minute base + i (i < n) in a zone, as whole minutes since
    2000-01-01 00:00 (naive: a DST change adds or removes nothing)."""
    key = (id(zone), base, n)
    if key not in WALLS:
        utc0 = (base.astimezone(dt.timezone.utc).replace(tzinfo=None) - EPOCH) // MINUTE

        def offset(i):
            return (base + i * MINUTE).astimezone(zone).utcoffset() // MINUTE

        # The offset minute by minute, read every quarter of an hour and, where two readings
        # differ, at each minute between them (no zone changes twice within 15 minutes).
        offsets = []
        before = offset(0)
        for q in range(0, n, 15):
            after = offset(min(q + 15, n - 1))
            if after == before:
                offsets += [before] * min(15, n - q)
            else:
                offsets += [offset(i) for i in range(q, min(q + 15, n))]
            before = after
        WALLS[key] = [utc0 + i + offsets[i] for i in range(n)]
    return WALLS[key]


def at_week(table, w):
    return table[((w // 1440 + 5) % 7) * 1440 + w % 1440]


def minute_costs(comfort, wall, lo, hi):
    """Issue 28: the cost of each minute i in [lo, hi) (indices into comfort and wall, which
    reach at least 8 days and a minute beyond both ends): 0 in comfort, else 1 + whole hours of
    the wall-clock gap to the nearest comfort minute within 8 days (after a stretch ending at E:
    wall(m) - wall(E); before one starting at S: wall(S) - wall(m + 1 min)), 1 with none."""
    n = len(comfort)
    prev = [None] * n  # the last comfort minute before i
    last = None
    for i in range(n):
        prev[i] = last
        if comfort[i]:
            last = i
    nxt = [None] * n  # the first comfort minute after i
    last = None
    for i in range(n - 1, -1, -1):
        nxt[i] = last
        if comfort[i]:
            last = i
    out = []
    for i in range(lo, hi):
        if comfort[i]:
            out.append(0)
            continue
        gaps = []
        if prev[i] is not None and i - prev[i] <= EIGHT_DAYS:
            gaps.append(wall[i] - wall[prev[i] + 1])
        if nxt[i] is not None and nxt[i] - i <= EIGHT_DAYS:
            gaps.append(wall[nxt[i]] - wall[i + 1])
        out.append(1 + max(0, min(gaps)) // 60 if gaps else 1)
    return out


def add_months(naive, k, day):
    """The same wall time k months later on `day`, clamped to the month's length."""
    y, m = divmod(naive.month - 1 + k, 12)
    y, m = naive.year + y, m + 1
    last = calendar.monthrange(y, m)[1]
    return naive.replace(year=y, month=m, day=min(day, last))


def nth_weekday(year, month, wd, n):
    """The date of the n-th weekday wd (0 = Monday) of a month, None when it has none."""
    first = dt.date(year, month, 1)
    day = 1 + (wd - first.weekday()) % 7 + 7 * (n - 1)
    return dt.date(year, month, day) if day <= calendar.monthrange(year, month)[1] else None


def next_weekday(date):
    date += dt.timedelta(days=1)
    while date.weekday() >= 5:
        date += dt.timedelta(days=1)
    return date


def period_bounds(kind, first, j):
    """Period j of the window as wall-clock readings of --tz [a, b); `first` is --from's."""
    if kind in WEEKS:
        w = 7 * WEEKS[kind]
        return first + dt.timedelta(days=w * j), first + dt.timedelta(days=w * (j + 1))
    if kind == "monthly":
        return add_months(first, j, first.day), add_months(first, j + 1, first.day)
    # daily: the j-th weekday from --from; from --from's time on a weekday, else midnight.
    if first.weekday() < 5:
        date, a = first.date(), first
    else:
        date = next_weekday(first.date())
        a = dt.datetime.combine(date, dt.time())
    for _ in range(j):
        date = next_weekday(date)
        a = dt.datetime.combine(date, dt.time())
    return a, dt.datetime.combine(date + dt.timedelta(days=1), dt.time())


WEEKS = {"weekly": 1, "2w": 2, "4w": 4}


def series(kind, local, every, count, until, zone):
    """The instants of a series starting at the wall-clock reading `local` of --tz (its first),
    every `every` periods (weekly/2w/4w: 7/14/28 days; daily: each next weekday; monthly: the
    same n-th weekday of the month, months without one skipped), COUNT `count` or each start
    <= `until`."""

    def readings():
        if kind in WEEKS:
            for k in itertools.count():
                yield local + dt.timedelta(days=7 * WEEKS[kind] * every * k)
        elif kind == "daily":
            date = local.date()
            while True:
                yield dt.datetime.combine(date, local.time())
                date = next_weekday(date)
        else:
            n = (local.day - 1) // 7 + 1
            for k in itertools.count():
                y, m = divmod(local.month - 1 + every * k, 12)
                date = nth_weekday(local.year + y, m + 1, local.weekday(), n)
                if date is not None:
                    yield dt.datetime.combine(date, local.time())

    out = []
    for wall in readings():
        t = reference.localize(wall, zone)
        if until is not None and t > until:
            break
        out.append(t)
        if count is not None and len(out) == count:
            break
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("calendars", nargs="+")
    ap.add_argument("--from", dest="start", required=True)
    ap.add_argument("--to", dest="end", required=True)
    ap.add_argument("--tz", required=True)
    ap.add_argument("--min", default="0s")
    ap.add_argument("--hours", action="append", default=[])
    ap.add_argument("--days", action="append", default=[])
    ap.add_argument("--zone", action="append", default=[])
    ap.add_argument("--buffer", default="0s")
    ap.add_argument("--align")
    ap.add_argument("--quorum", type=int)
    ap.add_argument("--optional", action="append", default=[])
    ap.add_argument("--room", action="append", default=[])
    ap.add_argument("--suggest", metavar="DURATION", help="rank meetings as freetime suggest")
    ap.add_argument("--step", default="15m")
    ap.add_argument("--count", type=int, default=3)
    ap.add_argument("--per-day", dest="per_day", type=int)
    ap.add_argument("--repeat", choices=["daily", "weekly", "2w", "4w", "monthly"])
    ap.add_argument("--occurrences", type=int)
    ap.add_argument("--until")
    ap.add_argument("--rotate", type=int, choices=[2, 3])
    ap.add_argument("--tentative", default="busy")
    ap.add_argument("--all-day", dest="all_day", default="busy")
    args = ap.parse_args()
    zone = ZoneInfo(args.tz)
    start, end = reference.parse_when(args.start, zone), reference.parse_when(args.end, zone)
    if (args.repeat or args.rotate or args.occurrences or args.until or args.per_day) and not args.suggest:
        raise SystemExit("--repeat, --rotate, --occurrences, --until and --per-day go with --suggest")
    if (args.rotate or args.occurrences or args.until) and not args.repeat:
        raise SystemExit("--rotate, --occurrences and --until go with --repeat")
    if args.occurrences is not None and args.until:
        raise SystemExit("--occurrences or --until, not both")
    if args.rotate and args.repeat == "daily":
        raise SystemExit("--rotate goes with weekly, 2w, 4w or monthly")
    d = reference.parse_duration(args.suggest) // 60 if args.suggest else 0

    plan = None
    if args.repeat:
        plan = repeat_plan(args, start, zone, d)
        last = max((t for ser in plan["series"].values() for _, t in ser), default=end)
        end = max(end, last + dt.timedelta(minutes=d))
    minutes = int((end - start).total_seconds() // 60)
    buffer = dt.timedelta(seconds=reference.parse_duration(args.buffer))
    minimum = reference.parse_duration(args.min)
    spans, named_spans = choices(args.hours, parse_spans)
    days, named_days = choices(args.days, parse_days)
    # Wall clocks reach 8 days and a minute beyond the window for the cost of a minute.
    pad = EIGHT_DAYS + 1 if args.suggest else 0
    base, total = start - pad * MINUTE, minutes + 2 * pad

    people = []  # (name, role, free bits)
    comfort = {}  # name -> comfort bits (required people)
    costs = {}  # name -> cost of each minute of the window (required people, suggest)
    for role, items in (("required", args.calendars), ("optional", args.optional), ("room", args.room)):
        for arg in items:
            name, path = None, arg
            if not os.path.exists(arg) and "=" in arg:
                name, path = arg.split("=", 1)
            base_name = os.path.basename(path)
            name = name or (base_name[:-4] if base_name.lower().endswith(".ics") else base_name)
            zones = dict(z.split("=", 1) for z in args.zone)
            home = ZoneInfo(zones[name]) if name in zones else reference.person_home([path], zone)
            busy = reference.busy_of_file(path, start, end, args, home, forced=name in zones, name=name)
            free = [True] * minutes
            for s, e in busy:
                if s >= e:
                    continue
                s, e = s - buffer, e + buffer
                a = max(0, int((s - start).total_seconds() // 60))
                b = min(minutes, -int(-(e - start).total_seconds() // 60))
                for m in range(a, b):
                    free[m] = False
            mine = named_spans.get(name, spans)
            my_days = named_days.get(name, days)
            wall = walls(home, base, total) if role != "room" else None
            if role != "room" and (args.hours or args.days):
                table = week_table(mine or [(0, 24 * 60)], set(range(7)) if my_days is None else my_days)
                for m in range(minutes):
                    if not at_week(table, wall[pad + m]):
                        free[m] = False
            if role == "required":
                # Comfort: the hours that limit the slots when any do, else 09:00-17:00 on the
                # working days (else Monday to Friday), in the home zone.
                whole = mine is None or (all(d in (my_days or set(range(7))) for d in range(7)) and (0, 24 * 60) in mine)
                if (args.hours or args.days) and not whole:
                    c_spans, c_days = mine, set(range(7)) if my_days is None else my_days
                else:
                    c_spans, c_days = [(9 * 60, 17 * 60)], {0, 1, 2, 3, 4} if my_days is None else my_days
                table = week_table(c_spans, c_days)
                bits = [at_week(table, w) for w in wall]
                comfort[name] = bits[pad:pad + minutes]
                if args.suggest:
                    costs[name] = minute_costs(bits, wall, pad, pad + minutes)
            people.append((name, role, free))

    required = [p for p in people if p[1] == "required"]
    optional = [p for p in people if p[1] == "optional"]
    rooms = [p for p in people if p[1] == "room"]

    if args.repeat:
        suggest_repeat(args, start, zone, d, plan, required, optional, rooms, costs)
        return
    if args.suggest:
        suggest(args, start, zone, minutes, required, optional, rooms, comfort, costs)
        return

    def runs(bits):
        out, open_ = [], None
        for m, bit in enumerate(bits + [False]):
            if bit and open_ is None:
                open_ = m
            if not bit and open_ is not None:
                out.append((open_, m))
                open_ = None
        return out

    candidates = {}  # (s, e, group) -> rooms
    if args.quorum is not None and args.quorum < len(required):
        n = len(required)
        for room in rooms or [None]:
            # With rooms: everyone's free time within the room's.
            free = [[f and (room is None or room[2][m]) for m, f in enumerate(p[2])] for p in required]
            for mask in range(1, 1 << n):
                group = [i for i in range(n) if mask >> i & 1]
                if len(group) < args.quorum:
                    continue
                bits = [all(free[i][m] for i in group) for m in range(minutes)]
                for s, e in runs(bits):
                    if any(i not in group and all(free[i][s:e]) for i in range(n)):
                        continue
                    candidates[(s, e, tuple(group))] = [r[0] for r in rooms if all(r[2][s:e])]
    else:
        common = [all(p[2][m] for p in required) for m in range(minutes)]
        group = tuple(range(len(required)))
        if rooms:
            for room in rooms:
                for s, e in runs([c and r for c, r in zip(common, room[2])]):
                    candidates[(s, e, group)] = [r[0] for r in rooms if all(r[2][s:e])]
        else:
            for s, e in runs(common):
                candidates[(s, e, group)] = []

    grid = reference.parse_duration(args.align) // 60 if args.align else None
    slots = {}
    for (s, e, group), room_names in candidates.items():
        if grid:
            ls = (start + dt.timedelta(minutes=s)).astimezone(zone)
            le = (start + dt.timedelta(minutes=e)).astimezone(zone)
            up = -(-(ls.hour * 60 + ls.minute) // grid) * grid - (ls.hour * 60 + ls.minute)
            down = (le.hour * 60 + le.minute) - (le.hour * 60 + le.minute) // grid * grid
            s, e = s + up, e - down
        if e - s < max(minimum / 60, 1 / 60) or e <= s:
            continue
        if (e - s) * 60 < max(minimum, 1):
            continue
        free = [required[i][0] for i in group] + [o[0] for o in optional if all(o[2][s:e])]
        key = (s, e, tuple(free))
        merged = slots.setdefault(key, [])
        for r in room_names:
            if r not in merged:
                merged.append(r)
    out = []
    for (s, e, free), room_names in slots.items():
        slot = {"start": reference.rfc3339(start + dt.timedelta(minutes=s), zone),
                "end": reference.rfc3339(start + dt.timedelta(minutes=e), zone),
                "free": list(free)}
        if rooms:
            slot["rooms"] = room_names
        out.append(slot)
    out.sort(key=lambda x: (x["start"], x["end"], x["free"], x.get("rooms", [])))
    json.dump({"slots": out}, sys.stdout)
    print()


def greedy(args, ranked, d, zone):
    """Take candidates in order unless their first occurrence (an instant) overlaps one taken,
    or --per-day would be exceeded on its --tz day, until --count."""
    chosen, per_day = [], {}
    for key, first, item in ranked:
        if len(chosen) == args.count:
            break
        if any(c < first + d * MINUTE and first < c + d * MINUTE for c, _ in chosen):
            continue
        day = first.astimezone(zone).date()
        if args.per_day is not None and per_day.get(day, 0) >= args.per_day:
            continue
        per_day[day] = per_day.get(day, 0) + 1
        chosen.append((first, item))
    return [item for _, item in chosen]


def suggest(args, start, zone, minutes, required, optional, rooms, comfort, costs):
    """freetime suggest, minute by minute: every start on the --tz step grid, its keys, the
    greedy choice."""
    d = reference.parse_duration(args.suggest) // 60
    step = reference.parse_duration(args.step) // 60
    need = args.quorum if args.quorum is not None else len(required)
    cands = []
    for m in range(0, minutes - d + 1):
        local = (start + dt.timedelta(minutes=m)).astimezone(zone)
        if (local.hour * 60 + local.minute) % step:
            continue
        free_rooms = [r[0] for r in rooms if all(r[2][m:m + d])]
        if rooms and not free_rooms:
            continue
        att = [(p[0], sum(1 for x in range(m, m + d) if not comfort[p[0]][x]), sum(costs[p[0]][m:m + d]))
               for p in required if all(p[2][m:m + d])]
        if len(att) < need or (required and not att):
            continue
        missing = [p[0] for p in required if not all(p[2][m:m + d])]
        opt = [o[0] for o in optional if all(o[2][m:m + d])]
        key = (len(missing), len(optional) - len(opt), sum(a[2] for a in att), max([a[2] for a in att] or [0]), m)
        cands.append((key, start + m * MINUTE, (m, att, missing, opt, free_rooms)))
    cands.sort(key=lambda c: c[0])
    chosen = greedy(args, cands, d, zone)
    out = [{"start": reference.rfc3339(start + dt.timedelta(minutes=m), zone),
            "end": reference.rfc3339(start + dt.timedelta(minutes=m + d), zone),
            "attendees": [{"name": n, "outsideMinutes": o, "cost": c} for n, o, c in att],
            "missing": missing, "optional": opt, "rooms": free_rooms}
           for m, att, missing, opt, free_rooms in chosen]
    json.dump({"suggestions": out}, sys.stdout)
    print()


def repeat_plan(args, start, zone, d):
    """The candidates of --repeat: grid starts of periods 0..K-1 (K = --rotate, else 1) and the
    occurrences of each, as {(j, instant): [(i, instant)]} (i = the index among all N
    occurrences of a suggestion)."""
    step = reference.parse_duration(args.step) // 60
    k = args.rotate or 1
    n = args.occurrences if args.occurrences is not None else (None if args.until else 8)
    if n is not None and n < k:
        raise SystemExit("--occurrences must be at least --rotate")
    until = reference.parse_when(args.until, zone) if args.until else None
    first = start.astimezone(zone).replace(tzinfo=None)
    plan = {"grid": [], "series": {}}
    for j in range(k):
        a, b = period_bounds(args.repeat, first, j)
        a, b = reference.localize(a, zone), reference.localize(b, zone)
        starts = []
        t = a
        while t < b:
            local = t.astimezone(zone)
            if (local.hour * 60 + local.minute) % step == 0:
                starts.append(t)
            t += MINUTE
        plan["grid"].append(starts)
        own = None if n is None else len(range(j, n, k))
        for s in starts:
            times = series(args.repeat, s.astimezone(zone).replace(tzinfo=None), k, own, until, zone)
            plan["series"][(j, s)] = [(j + m * k, t) for m, t in enumerate(times)]
    return plan


def suggest_repeat(args, start, zone, d, plan, required, optional, rooms, costs):
    """--repeat (and --rotate): every series evaluated occurrence by occurrence, ranked, chosen
    greedily."""
    names = [p[0] for p in required]

    def stats(occ):
        """A series' sums: missing pairs, optional-not-free pairs, occurrences without a room,
        cost sum, each person's cost and misses, the occurrences; None when the quorum fails."""
        st = {"missing": 0, "optional": 0, "noroom": 0, "cost": 0,
              "person": [0] * len(required), "missed": [0] * len(required), "occ": []}
        for i, t in occ:
            m = int((t - start).total_seconds()) // 60
            missing = []
            for x, p in enumerate(required):
                if all(p[2][m:m + d]):
                    c = sum(costs[p[0]][m:m + d])
                    st["person"][x] += c
                    st["cost"] += c
                else:
                    missing.append(p[0])
                    st["missed"][x] += 1
            if args.quorum is not None and len(required) - len(missing) < args.quorum:
                return None
            free_rooms = [r[0] for r in rooms if all(r[2][m:m + d])]
            st["missing"] += len(missing)
            st["optional"] += sum(1 for o in optional if not all(o[2][m:m + d]))
            st["noroom"] += 1 if rooms and not free_rooms else 0
            st["occ"].append((i, t, missing, free_rooms))
        return st

    table = {}
    for (j, s), occ in plan["series"].items():
        if not occ:
            continue  # starts after --until: no occurrence
        st = stats(occ)
        if st is not None:
            table[(j, s)] = st

    def emit(parts):
        """A suggestion's JSON from its series [(start, stats)], c_0 first."""
        occ = sorted((o for _, st in parts for o in st["occ"]), key=lambda o: o[0])
        person = [sum(st["person"][x] for _, st in parts) for x in range(len(names))]
        missed = [sum(st["missed"][x] for _, st in parts) for x in range(len(names))]
        s0 = parts[0][0]
        out = {"start": reference.rfc3339(s0, zone), "end": reference.rfc3339(s0 + d * MINUTE, zone),
               "occurrences": [{"start": reference.rfc3339(t, zone), "end": reference.rfc3339(t + d * MINUTE, zone),
                                "missing": miss, "rooms": fr} for _, t, miss, fr in occ],
               "attendees": [{"name": n, "cost": c, "missed": x} for n, c, x in zip(names, person, missed)]}
        if args.rotate:
            out["rotation"] = [{"start": reference.rfc3339(s, zone), "end": reference.rfc3339(s + d * MINUTE, zone)}
                               for s, _ in parts]
        return out

    ranked = []
    if not args.rotate:
        for (j, s), st in table.items():
            key = (st["missing"], st["optional"], st["noroom"], st["cost"], max(st["person"] or [0]), s)
            ranked.append((key, s, [(s, st)]))
    else:
        k = args.rotate
        pools = []
        for j in range(1, k):
            mine = [(s, table[(j, s)]) for s in plan["grid"][j] if (j, s) in table]
            # Total missing pairs is the first key and adds up series by series: a best
            # completion takes, in each later period, a series with the fewest.
            low = min((st["missing"] for _, st in mine), default=None)
            pools.append([(s, st) for s, st in mine if st["missing"] == low])
        for s0 in plan["grid"][0]:
            if (0, s0) not in table:
                continue
            st0 = table[(0, s0)]
            best = None
            for rest in itertools.product(*pools):
                parts = [(s0, st0)] + list(rest)
                person = [sum(st["person"][x] for _, st in parts) for x in range(len(names))]
                key = (sum(st["missing"] for _, st in parts), max(person or [0]),
                       sum(st["cost"] for _, st in parts), tuple(s for s, _ in parts))
                if best is None or key < best[0]:
                    best = (key, parts)
            if best is not None:
                ranked.append((best[0], s0, best[1]))
    ranked.sort(key=lambda r: r[0])
    chosen = greedy(args, ranked, d, zone)
    json.dump({"suggestions": [emit(parts) for parts in chosen]}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
