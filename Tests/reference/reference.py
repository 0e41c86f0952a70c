#!/usr/bin/env python3
"""An independent implementation of freetime's answer, for differential tests.

Built on Python's icalendar and recurring-ical-events (not libical) and zoneinfo, it computes
the same JSON as `freetime --format json` for the options it supports:

    reference.py CAL... --from WHEN --to WHEN --tz ZONE [--min DURATION]
                 [--tentative busy|free] [--all-day busy|free]

CAL is a file, a directory of .ics files (one person) or NAME=PATH. WHEN is YYYY-MM-DD
(midnight in --tz), YYYY-MM-DDTHH:MM[:SS] (wall time in --tz) or that with Z / +HH:MM.
Semantics follow freetime's docs/ARCHITECTURE.md. Known differences from RFC 5545 that come from
the libraries, not from this script: zoneinfo resolves a wall time in a DST gap with the offset
*before* the gap and a fold with fold=0 (the first occurrence), which is what RFC 5545 §3.3.5
asks; recurring-ical-events matches RECURRENCE-ID overrides by their local time.
Like freetime (docs/GUIDE.md, What is busy), it reads the calendar owner's reply and Outlook's "Show
as" (`blocks`): the owner is X-WR-CALNAME when it is an address (Google), else X-OWNER
(Outlook), else the calendar's name when it is an address; where the owner is an ATTENDEE,
their PARTSTAT DECLINED or DELEGATED blocks nothing, TENTATIVE and NEEDS-ACTION are tentative.
X-MICROSOFT-CDO-BUSYSTATUS (else X-MICROSOFT-CDO-INTENDEDSTATUS) wins over TRANSP: FREE and
WORKINGELSEWHERE block nothing, TENTATIVE is tentative, BUSY and OOF block. The home zone of
floating times and DATE values follows freetime's rule (`person_home`): the first
X-WR-TIMEZONE, else the zone most timed DTSTARTs name by TZID, else --tz.
"""
import argparse
import datetime as dt
import json
import os
import re
import sys
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

UTC = dt.timezone.utc


def parse_duration(text):
    text = text.strip()
    m = re.fullmatch(r"P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?", text.upper())
    if m and text.upper() not in ("P", "PT"):
        w, d, h, mi, s = (int(x or 0) for x in m.groups())
        return ((w * 7 + d) * 24 + h) * 3600 + mi * 60 + s
    total, found = 0, False
    for n, unit in re.findall(r"(\d+)([wdhms])", text.lower()):
        total += int(n) * {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}[unit]
        found = True
    if not found or re.sub(r"\d+[wdhms]", "", text.lower()):
        raise SystemExit(f"bad duration {text}")
    return total


def localize(naive, zone):
    """A wall-clock time in a zone: first occurrence in a fold, offset before a gap."""
    aware = naive.replace(tzinfo=zone, fold=0)
    back = aware.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    if back != naive:  # in a gap: zoneinfo used the offset after the gap with fold=0? use before
        before = (naive - dt.timedelta(days=1)).replace(tzinfo=zone).utcoffset()
        return (naive - before).replace(tzinfo=UTC)
    return aware.astimezone(UTC)


def parse_when(text, zone):
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return localize(dt.datetime.fromisoformat(text), zone)
    if text.endswith("Z"):
        return dt.datetime.fromisoformat(text[:-1]).replace(tzinfo=UTC)
    value = dt.datetime.fromisoformat(text)
    if value.tzinfo:
        return value.astimezone(UTC)
    return localize(value, zone)


def to_utc(value, home):
    """An instant from a date, a floating or an aware datetime."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            return localize(value, home)
        return value.astimezone(UTC)
    return localize(dt.datetime(value.year, value.month, value.day), home)


def home_zone(cal, default):
    name = cal.get("X-WR-TIMEZONE")
    if name:
        try:
            return ZoneInfo(str(name).strip())
        except Exception:
            pass
    return default


def named_zone(tzid, tzinfo):
    """The zone a TZID names, as freetime counts it for the home zone: the zone of that name
    (IANA, Windows, prefixed IANA), else the file's own VTIMEZONE (counted as itself)."""
    from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON

    names = [tzid, WINDOWS_TO_OLSON.get(tzid)]
    if tzid.startswith("/"):
        parts = [p for p in tzid.split("/") if p]
        names += ["/".join(parts[-3:]), "/".join(parts[-2:])]
    for name in names:
        try:
            if name:
                return name, ZoneInfo(name)
        except Exception:
            continue
    return (tzid, tzinfo) if tzinfo is not None else None


def person_home(files, default):
    """The person's home zone (docs/GUIDE.md, What is busy: the home zone): the first valid
    X-WR-TIMEZONE, else the zone most timed DTSTARTs name by TZID (ties: the first seen), else
    --tz."""
    votes = {}
    for path in files:
        for cal in icalendar.Calendar.from_ical(open(path, "rb").read(), multiple=True):
            zone = home_zone(cal, None)
            if zone is not None:
                return zone
            for ev in cal.walk("VEVENT"):
                prop = ev.get("DTSTART")
                tzid = prop.params.get("TZID") if prop is not None else None
                value = prop.dt if prop is not None else None
                if not tzid or not isinstance(value, dt.datetime) or value.tzinfo is UTC:
                    continue
                named = named_zone(str(tzid), value.tzinfo)
                if named is None:
                    continue
                key = str(named[1])
                count, first, zone = votes.get(key, (0, len(votes), named[1]))
                votes[key] = (count + 1, first, zone)
    if not votes:
        return default
    return min(votes.values(), key=lambda v: (-v[0], v[1]))[2]


SHOW_AS = ("FREE", "TENTATIVE", "BUSY", "OOF", "WORKINGELSEWHERE")
REPLIES = ("ACCEPTED", "TENTATIVE", "NEEDS-ACTION", "DECLINED", "DELEGATED")


def owner_address(text):
    """An owner's address as freetime compares it: lower case, without mailto:; None when the
    text is not an address."""
    text = str(text).strip().lower()
    if text.startswith("mailto:"):
        text = text[7:]
    return text if len(text) >= 3 and "@" in text and " " not in text else None


def calendar_owner(cal, name):
    """X-WR-CALNAME when it is an address, else X-OWNER, else the person's name."""
    for key in ("X-WR-CALNAME", "X-OWNER"):
        value = cal.get(key)
        if value is not None and owner_address(value):
            return owner_address(value)
    return owner_address(name)


def one(ev, key):
    """The first value of a property (icalendar gives a list when it is repeated)."""
    value = ev.get(key)
    return value[0] if isinstance(value, list) else value


def blocks(ev, owner, args):
    """Whether an event blocks time (freetime's EventInterpreter.blocking)."""
    status = str(one(ev, "STATUS") or "").strip().upper()
    transp = str(one(ev, "TRANSP") or "OPAQUE").strip().upper()
    show = None
    for key in ("X-MICROSOFT-CDO-BUSYSTATUS", "X-MICROSOFT-CDO-INTENDEDSTATUS"):
        value = str(one(ev, key) or "").strip().upper()
        if value in SHOW_AS:
            show = value
            break
    reply = None
    if owner:
        attendees = ev.get("ATTENDEE") or []
        for attendee in attendees if isinstance(attendees, list) else [attendees]:
            if owner_address(attendee) == owner:
                partstat = str(attendee.params.get("PARTSTAT", "")).strip('"').upper()
                reply = partstat if partstat in REPLIES else "ACCEPTED"
                break
    if status == "CANCELLED" or reply in ("DECLINED", "DELEGATED"):
        return False
    if (show in ("FREE", "WORKINGELSEWHERE")) if show else transp == "TRANSPARENT":
        return False
    tentative = status == "TENTATIVE" or show == "TENTATIVE" or reply in ("TENTATIVE", "NEEDS-ACTION")
    return not (tentative and args.tentative == "free")


def busy_of_file(path, start, end, args, person_zone, forced=False, name=""):
    """Busy intervals of one file; floating times and dates in each VCALENDAR's X-WR-TIMEZONE,
    else the person's zone (always the person's when `forced`: freetime's --zone). `name` is the
    person's, their owner address when it is one (`calendar_owner`)."""
    data = open(path, "rb").read()
    calendars = icalendar.Calendar.from_ical(data, multiple=True)
    busy = []
    margin = dt.timedelta(days=2)
    for cal in calendars:
        if forced and "X-WR-TIMEZONE" in cal:
            del cal["X-WR-TIMEZONE"]  # --zone replaces it, also for the UTC-series convention
        home = person_zone if forced else home_zone(cal, person_zone)
        owner = calendar_owner(cal, name)
        for fb in cal.walk("VFREEBUSY"):
            periods = fb.get("FREEBUSY") or []
            if not isinstance(periods, list):
                periods = [periods]
            for p in periods:
                fbtype = str(p.params.get("FBTYPE", "BUSY")).upper()
                if fbtype == "FREE" or (fbtype == "BUSY-TENTATIVE" and args.tentative == "free"):
                    continue
                s, e = p.dt
                s = to_utc(s, home)
                e = s + e if isinstance(e, dt.timedelta) else to_utc(e, home)
                busy.append((s, e))
        query = recurring_ical_events.of(cal, components=["VEVENT"])
        lo = (start - margin).astimezone(home).replace(tzinfo=None)
        hi = (end + margin).astimezone(home).replace(tzinfo=None)
        for ev in query.between(lo - dt.timedelta(days=400), hi):
            if not blocks(ev, owner, args):
                continue
            s_val = ev["DTSTART"].dt
            if not isinstance(s_val, dt.datetime) and args.all_day == "free":
                continue
            s = to_utc(s_val, home)
            ends = []
            if "DTEND" in ev:
                e_val = ev["DTEND"].dt
                if not isinstance(s_val, dt.datetime) and isinstance(e_val, dt.datetime):
                    # DATE start, DATE-TIME end: all day through the end's day.
                    local = e_val.astimezone(home).replace(tzinfo=None) if e_val.tzinfo else e_val
                    day = local.date() + (dt.timedelta(days=1) if local.time() != dt.time(0) else dt.timedelta())
                    ends.append(to_utc(max(day, s_val + dt.timedelta(days=1)), home))
                else:
                    ends.append(to_utc(e_val, home))
            if "DURATION" in ev:
                ends.append(s + ev["DURATION"].dt)
            if not ends:
                ends.append(s if isinstance(s_val, dt.datetime) else to_utc(s_val + dt.timedelta(days=1), home))
            if min(ends) < s:
                continue  # DTEND before DTSTART or a negative DURATION: skipped
            busy.append((s, max(ends)))
    return busy


def free_slots(busy, start, end):
    free, cursor = [], start
    for s, e in sorted(b for b in busy if b[0] < b[1]):
        if e <= cursor:
            continue
        if s > cursor:
            free.append((cursor, min(s, end)))
        cursor = max(cursor, e)
        if cursor >= end:
            break
    if cursor < end:
        free.append((cursor, end))
    return [(s, e) for s, e in free if s < e]


def intersect(a, b):
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        s, e = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if s < e:
            out.append((s, e))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def rfc3339(t, zone):
    local = t.astimezone(zone)
    off = int(local.utcoffset().total_seconds())
    sign = "-" if off < 0 else "+"
    off = abs(off)
    return local.strftime("%Y-%m-%dT%H:%M:%S") + f"{sign}{off // 3600:02d}:{off // 60 % 60:02d}"


def iso_duration(seconds):
    if seconds == 0:
        return "PT0S"
    h, m, s = seconds // 3600, seconds // 60 % 60, seconds % 60
    return "PT" + (f"{h}H" if h else "") + (f"{m}M" if m else "") + (f"{s}S" if s else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("calendars", nargs="+")
    ap.add_argument("--from", dest="start", required=True)
    ap.add_argument("--to", dest="end", required=True)
    ap.add_argument("--tz", required=True)
    ap.add_argument("--min", default="0s")
    ap.add_argument("--tentative", default="busy")
    ap.add_argument("--all-day", dest="all_day", default="busy")
    args = ap.parse_args()
    zone = ZoneInfo(args.tz)
    start, end = parse_when(args.start, zone), parse_when(args.end, zone)
    minimum = parse_duration(args.min)
    people = []
    for arg in args.calendars:
        name, path = None, arg
        if not os.path.exists(arg) and "=" in arg:
            name, path = arg.split("=", 1)
        files = [path]
        if os.path.isdir(path):
            files = sorted(os.path.join(path, f) for f in os.listdir(path) if f.lower().endswith(".ics"))
        base = os.path.basename(path.rstrip("/"))
        name = name or (base[:-4] if base.lower().endswith(".ics") else base)
        busy = []
        home = person_home(files, zone)
        for f in files:
            busy += busy_of_file(f, start, end, args, home, name=name)
        busy = [(s, e) for s, e in busy if s < e and s < end and e > start]
        people.append((name, arg, busy))
    common = [(start, end)]
    for _, _, busy in people:
        common = intersect(common, free_slots(busy, start, end))
    slots = [(s, e) for s, e in common if (e - s).total_seconds() >= max(minimum, 1)]
    doc = {
        "window": {"start": rfc3339(start, zone), "end": rfc3339(end, zone)},
        "timeZone": args.tz,
        "minimum": iso_duration(minimum),
        "calendars": [
            {"name": n, "source": a, "role": "required", "busyIntervals": len(b), "warnings": 0}
            for n, a, b in people
        ],
        "slots": [
            {"start": rfc3339(s, zone), "end": rfc3339(e, zone),
             "minutes": int((e - s).total_seconds()) // 60, "free": [p[0] for p in people]}
            for s, e in slots
        ],
    }
    json.dump(doc, sys.stdout, indent=2)
    print()
    return 0 if slots else 1


if __name__ == "__main__":
    sys.exit(main())
