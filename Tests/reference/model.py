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
"""
import argparse
import datetime as dt
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


def working(spans, days, local):
    """Whether a wall-clock reading is working time: a span of its own weekday, or the part
    after midnight of an overnight span of the day before."""
    mm = local.hour * 60 + local.minute
    wd, yesterday = local.weekday(), (local.weekday() - 1) % 7
    for a, b in spans:
        if b < a:
            if (wd in days and mm >= a) or (yesterday in days and mm < b):
                return True
        elif wd in days and a <= mm < b:
            return True
    return False


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
    ap.add_argument("--tentative", default="busy")
    ap.add_argument("--all-day", dest="all_day", default="busy")
    args = ap.parse_args()
    zone = ZoneInfo(args.tz)
    start, end = reference.parse_when(args.start, zone), reference.parse_when(args.end, zone)
    minutes = int((end - start).total_seconds() // 60)
    buffer = dt.timedelta(seconds=reference.parse_duration(args.buffer))
    minimum = reference.parse_duration(args.min)
    spans, named_spans = choices(args.hours, parse_spans)
    days, named_days = choices(args.days, parse_days)

    people = []  # (name, role, free bits)
    comfort = {}  # name -> comfort bits (required people)
    for role, items in (("required", args.calendars), ("optional", args.optional), ("room", args.room)):
        for arg in items:
            name, path = None, arg
            if not os.path.exists(arg) and "=" in arg:
                name, path = arg.split("=", 1)
            base = os.path.basename(path)
            name = name or (base[:-4] if base.lower().endswith(".ics") else base)
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
            if role != "room" and (args.hours or args.days):
                for m in range(minutes):
                    local = (start + dt.timedelta(minutes=m)).astimezone(home)
                    if not working(mine or [(0, 24 * 60)], set(range(7)) if my_days is None else my_days, local):
                        free[m] = False
            if role == "required":
                # Comfort: the hours that limit the slots when any do, else 09:00-17:00 on the
                # working days (else Monday to Friday), in the home zone.
                whole = mine is None or (all(d in (my_days or set(range(7))) for d in range(7)) and (0, 24 * 60) in mine)
                if (args.hours or args.days) and not whole:
                    c_spans, c_days = mine, set(range(7)) if my_days is None else my_days
                else:
                    c_spans, c_days = [(9 * 60, 17 * 60)], {0, 1, 2, 3, 4} if my_days is None else my_days
                comfort[name] = [working(c_spans, c_days, (start + dt.timedelta(minutes=m)).astimezone(home)) for m in range(minutes)]
            people.append((name, role, free))

    required = [p for p in people if p[1] == "required"]
    optional = [p for p in people if p[1] == "optional"]
    rooms = [p for p in people if p[1] == "room"]

    if args.suggest:
        suggest(args, start, zone, minutes, required, optional, rooms, comfort)
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


def suggest(args, start, zone, minutes, required, optional, rooms, comfort):
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
        att = [(p[0], sum(1 for x in range(m, m + d) if not comfort[p[0]][x])) for p in required if all(p[2][m:m + d])]
        if len(att) < need or (required and not att):
            continue
        missing = [p[0] for p in required if not all(p[2][m:m + d])]
        opt = [o[0] for o in optional if all(o[2][m:m + d])]
        key = (len(missing), len(optional) - len(opt), sum(a[1] for a in att), max([a[1] for a in att] or [0]), m)
        cands.append((key, m, att, missing, opt, free_rooms))
    cands.sort()
    chosen = []
    for key, m, att, missing, opt, free_rooms in cands:
        if len(chosen) == args.count:
            break
        if any(c[1] < m + d and m < c[1] + d for c in chosen):
            continue
        chosen.append((key, m, att, missing, opt, free_rooms))
    out = [{"start": reference.rfc3339(start + dt.timedelta(minutes=m), zone),
            "end": reference.rfc3339(start + dt.timedelta(minutes=m + d), zone),
            "attendees": [{"name": n, "outsideMinutes": o} for n, o in att],
            "missing": missing, "optional": opt, "rooms": free_rooms}
           for _, m, att, missing, opt, free_rooms in chosen]
    json.dump({"suggestions": out}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
