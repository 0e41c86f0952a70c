#!/usr/bin/env python3
"""A deterministic generator of realistic calendars, for differential tests and benchmarks.

    generate.py OUTDIR --seed N [--people 4] [--events 60] [--start 2026-11-02] [--weeks 6]
                [--open-series 0.4] [--lean] [--mix default|dense]

writes OUTDIR/person0.ics … with the mix real calendars have: single events in several zones
(with and without VTIMEZONE blocks), UTC and floating times (with X-WR-TIMEZONE), all-day and
multi-day events, daily and weekly series with COUNT/UNTIL, EXDATEs, moved, shortened and
cancelled instances (RECURRENCE-ID), transparent, cancelled and tentative events, VALARMs,
long folded DESCRIPTION and ATTENDEE lines, CRLF line ends. The same seed gives the same bytes.
Wall-clock times avoid 00:00-04:00 so no instance falls in a DST gap or fold, where the RFC and
some libraries disagree.

`--mix dense` is the benchmark's dense mix (Benchmarks/README.md): lean events, about 13% of
them recurring, all in five zones that have their VTIMEZONE in the file; the default mix (what
the differential tests use) is unchanged by it.
"""
import argparse
import datetime as dt
import os
import random
from zoneinfo import ZoneInfo

VTIMEZONES = {
    "Europe/Prague": ("+0100", "+0200", "CET", "CEST", "19700329T020000", "-1SU", 3, "19701025T030000", "-1SU", 10),
    "America/New_York": ("-0500", "-0400", "EST", "EDT", "19700308T020000", "2SU", 3, "19701101T020000", "1SU", 11),
    "Europe/London": ("+0000", "+0100", "GMT", "BST", "19700329T010000", "-1SU", 3, "19701025T020000", "-1SU", 10),
}
# Two more zones written with their VTIMEZONE in the dense mix only.
DENSE_VTIMEZONES = {
    "America/Los_Angeles": ("-0800", "-0700", "PST", "PDT", "19700308T020000", "2SU", 3, "19701101T020000", "1SU", 11),
    "Australia/Sydney": ("+1000", "+1100", "AEST", "AEDT", "19701004T020000", "1SU", 10, "19700405T030000", "1SU", 4),
}
PLAIN_ZONES = ["Asia/Tokyo", "Asia/Kolkata", "America/Los_Angeles", "Australia/Sydney", "Europe/Berlin"]
WORDS = ("planning review sync standup retro lunch interview budget roadmap design customer "
         "demo offsite training onboarding hiring quarterly weekly release incident").split()


def vtimezone(name):
    std, dst, sn, dn, dst_start, dst_day, dst_month, std_start, std_day, std_month = \
        {**VTIMEZONES, **DENSE_VTIMEZONES}[name]
    return [
        "BEGIN:VTIMEZONE", f"TZID:{name}", f"X-LIC-LOCATION:{name}",
        "BEGIN:DAYLIGHT", f"TZOFFSETFROM:{std}", f"TZOFFSETTO:{dst}", f"TZNAME:{dn}",
        f"DTSTART:{dst_start}", f"RRULE:FREQ=YEARLY;BYMONTH={dst_month};BYDAY={dst_day}", "END:DAYLIGHT",
        "BEGIN:STANDARD", f"TZOFFSETFROM:{dst}", f"TZOFFSETTO:{std}", f"TZNAME:{sn}",
        f"DTSTART:{std_start}", f"RRULE:FREQ=YEARLY;BYMONTH={std_month};BYDAY={std_day}", "END:STANDARD",
        "END:VTIMEZONE",
    ]


def fold(line):
    out, b = [], line.encode()
    while len(b) > 75:
        cut = 75
        while cut > 0 and (b[cut] & 0xC0) == 0x80:  # never split a UTF-8 sequence
            cut -= 1
        out.append(b[:cut])
        b = b" " + b[cut:]
    out.append(b)
    return out


def fmt(t):
    return t.strftime("%Y%m%dT%H%M%S")


class Person:
    def __init__(self, rng, index, start, weeks, events, open_series=0.4, lean=False, mix="default"):
        self.rng, self.index, self.start, self.weeks, self.events = rng, index, start, weeks, events
        self.open_series, self.lean, self.mix = open_series, lean, mix
        self.zones = list(VTIMEZONES) + (list(DENSE_VTIMEZONES) if mix == "dense" else PLAIN_ZONES)
        self.home = rng.choice(self.zones)
        self.uid = 0

    def next_uid(self):
        self.uid += 1
        return f"{self.uid:05d}-p{self.index}@gen.example"

    def when(self):
        r = self.rng
        day = self.start + dt.timedelta(days=r.randrange(self.weeks * 7))
        return dt.datetime(day.year, day.month, day.day, r.randrange(5, 21), r.choice([0, 15, 30, 45]))

    def time_prop(self, name, t, style):
        if style == "utc":
            return f"{name}:{fmt(t)}Z"
        if style == "floating":
            return f"{name}:{fmt(t)}"
        return f"{name};TZID={style}:{fmt(t)}"

    def extras(self):
        r, lines = self.rng, []
        words = " ".join(r.choice(WORDS) for _ in range(r.randrange(5, 20 if self.lean else 40)))
        lines.append("SUMMARY:" + words.split(" ", 3)[-1][:60].capitalize())
        if r.random() < 0.7:
            lines.append("DESCRIPTION:" + (words + " ") * (1 if self.lean else r.randrange(1, 4)) + "Zoom: https://example.com/j/" + str(r.randrange(10**9)))
        for _ in range(r.randrange(0, 2 if self.lean else 4)):
            n = r.choice(WORDS)
            lines.append(f"ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN={n.capitalize()} Example:mailto:{n}@example.com")
        lines.append("DTSTAMP:20261101T120000Z")
        return lines

    def alarm(self):
        if self.rng.random() < 0.3:
            return ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM"]
        return []

    def style(self):
        r = self.rng.random()
        if r < 0.45:
            return self.home
        if r < 0.65:
            return "utc"
        if r < 0.75:
            return "floating"
        return self.rng.choice(self.zones)

    def single(self):
        r = self.rng
        uid, t = self.next_uid(), self.when()
        style = self.style()
        lines = ["BEGIN:VEVENT", f"UID:{uid}", self.time_prop("DTSTART", t, style)]
        length = dt.timedelta(minutes=r.choice([15, 30, 45, 60, 60, 90, 120, 240]))
        if r.random() < 0.2:
            lines.append(f"DURATION:PT{int(length.total_seconds() // 60)}M")
        else:
            lines.append(self.time_prop("DTEND", t + length, style))
        kind = r.random()
        if kind < 0.08:
            lines.append("TRANSP:TRANSPARENT")
        elif kind < 0.14:
            lines.append("STATUS:CANCELLED")
        elif kind < 0.24:
            lines.append("STATUS:TENTATIVE")
        return lines + self.extras() + self.alarm() + ["END:VEVENT"]

    def all_day(self):
        r = self.rng
        day = self.start + dt.timedelta(days=r.randrange(self.weeks * 7))
        days = r.choice([1, 1, 1, 2, 3])
        return ["BEGIN:VEVENT", f"UID:{self.next_uid()}", f"DTSTART;VALUE=DATE:{day:%Y%m%d}",
                f"DTEND;VALUE=DATE:{day + dt.timedelta(days=days):%Y%m%d}"] + \
            (["TRANSP:TRANSPARENT"] if r.random() < 0.2 else []) + self.extras() + ["END:VEVENT"]

    def series(self):
        r = self.rng
        uid = self.next_uid()
        style = r.choice([self.home, self.home, "utc"] + ([] if self.home in VTIMEZONES else []))
        first = self.when() - dt.timedelta(days=r.randrange(0, 60))
        if self.mix == "dense" and style == "utc":
            # when() is a wall-clock time: a UTC series recurs on the home zone's wall clock, so
            # its start is that wall time there, in UTC (never in a DST gap of the home zone).
            first = first.replace(tzinfo=ZoneInfo(self.home)).astimezone(dt.timezone.utc).replace(tzinfo=None)
        length = dt.timedelta(minutes=r.choice([15, 30, 60]))
        if r.random() < 0.5:
            days = sorted(r.sample(["MO", "TU", "WE", "TH", "FR"], r.randrange(1, 4)))
            rule = f"FREQ=WEEKLY;BYDAY={','.join(days)}"
            if r.random() < 0.3:
                rule += ";INTERVAL=2"
        else:
            rule = "FREQ=DAILY" + (";INTERVAL=2" if r.random() < 0.3 else "")
        end = r.random()
        count = until = None
        bounded = 1 - self.open_series
        if end < bounded / 2:
            count = r.randrange(5, 40)
            rule += f";COUNT={count}"
        elif end < bounded:
            until = (first + dt.timedelta(days=r.randrange(20, 90))).replace(hour=23, minute=0)
            rule += f";UNTIL={fmt(until)}Z"
        master = ["BEGIN:VEVENT", f"UID:{uid}", self.time_prop("DTSTART", first, style),
                  self.time_prop("DTEND", first + length, style), "RRULE:" + rule]
        # Instances to exclude or override: pick days on which the rule may fire. A UTC series in
        # a calendar with X-WR-TIMEZONE recurs on that zone's wall clock (Google's convention),
        # so its instances' UTC times follow the zone's DST changes.
        if style == "utc":
            zone = ZoneInfo(self.home)
            local = first.replace(tzinfo=dt.timezone.utc).astimezone(zone)

            def instance(k):
                wall = (local.replace(tzinfo=None) + dt.timedelta(days=k)).replace(tzinfo=zone)
                return wall.astimezone(dt.timezone.utc).replace(tzinfo=None)
        else:
            def instance(k):
                return first + dt.timedelta(days=k)
        candidates = [instance(k) for k in range(1, 90)]
        if style == "utc":
            def wall(t):  # the rule's BYDAY and INTERVAL apply to the zone's wall clock
                return t.replace(tzinfo=dt.timezone.utc).astimezone(ZoneInfo(self.home)).replace(tzinfo=None)
        else:
            def wall(t):
                return t
        byday = rule.split("BYDAY=")[1].split(";")[0].split(",") if "BYDAY=" in rule else []
        wanted = [c for c in candidates if "DAILY" in rule or wall(c).strftime("%a").upper()[:2] in byday]
        # Only instances the rule really has (COUNT, UNTIL, INTERVAL) get EXDATEs and overrides.
        step = 2 if "INTERVAL=2" in rule else 1
        day0 = wall(first).date()
        wanted = [c for c in wanted
                  if ("DAILY" in rule and (wall(c).date() - day0).days % step == 0)
                  or ("WEEKLY" in rule and ((wall(c).date() - day0).days + day0.weekday()) // 7 % step == 0)]
        if until is not None:
            wanted = [c for c in wanted if c < until - dt.timedelta(days=1)]  # zones aside
        if count is not None:
            wanted = wanted[:count - 1]
        r.shuffle(wanted)
        exdates = wanted[:r.randrange(0, 3)]
        for x in exdates:
            master.append(self.time_prop("EXDATE", x, style))
        out = master + self.extras() + ["END:VEVENT"]
        for rid in wanted[3:3 + r.randrange(0, 3)]:
            kind = r.random()
            o = ["BEGIN:VEVENT", f"UID:{uid}", self.time_prop("RECURRENCE-ID", rid, style)]
            if kind < 0.3:
                o += [self.time_prop("DTSTART", rid, style), self.time_prop("DTEND", rid + length, style), "STATUS:CANCELLED"]
            else:
                moved = rid + dt.timedelta(hours=r.choice([-3, -1, 1, 2, 4, 24, 48]))
                new_len = length if kind < 0.6 else length / 2
                o += [self.time_prop("DTSTART", moved, style), self.time_prop("DTEND", moved + new_len, style)]
            out += o + ["SEQUENCE:1"] + self.extras() + ["END:VEVENT"]
        return out

    def calendar(self):
        r = self.rng
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//freetime//generator {self.index}//EN",
                 "CALSCALE:GREGORIAN", f"X-WR-CALNAME:Person {self.index}", f"X-WR-TIMEZONE:{self.home}"]
        for name in self.zones if self.mix == "dense" else VTIMEZONES:
            lines += vtimezone(name)
        single, all_day = (0.77, 0.87) if self.mix == "dense" else (0.6, 0.75)
        n = 0
        while n < self.events:
            k = r.random()
            if k < single:
                block = self.single()
            elif k < all_day:
                block = self.all_day()
            else:
                block = self.series()
            lines += block
            n += 1
        if r.random() < 0.2:
            lines += ["BEGIN:VTODO", f"UID:{self.next_uid()}", "DTSTAMP:20261101T120000Z",
                      f"DUE:{fmt(self.when())}Z", "SUMMARY:A task", "END:VTODO"]
        lines.append("END:VCALENDAR")
        return b"\r\n".join(b for line in lines for b in fold(line)) + b"\r\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--people", type=int, default=4)
    ap.add_argument("--events", type=int, default=60)
    ap.add_argument("--start", default="2026-11-02")
    ap.add_argument("--weeks", type=int, default=6)
    ap.add_argument("--open-series", type=float, default=0.4,
                    help="share of series with neither COUNT nor UNTIL")
    ap.add_argument("--lean", action="store_true",
                    help="shorter DESCRIPTIONs and fewer ATTENDEEs (~350 bytes per event)")
    ap.add_argument("--mix", choices=["default", "dense"], default="default",
                    help="dense: ~13%% recurring, five zones with VTIMEZONEs (implies --lean)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.outdir, exist_ok=True)
    start = dt.date.fromisoformat(args.start)
    for i in range(args.people):
        person = Person(rng, i, start, args.weeks, args.events, args.open_series,
                        args.lean or args.mix == "dense", args.mix)
        with open(os.path.join(args.outdir, f"person{i}.ics"), "wb") as f:
            f.write(person.calendar())


if __name__ == "__main__":
    main()
