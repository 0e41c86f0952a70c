#!/usr/bin/env python3
"""A deterministic generator of realistic calendars, for differential tests and benchmarks.

    generate.py OUTDIR --seed N [--people 4] [--events 60] [--start 2026-11-02] [--weeks 6]
                [--open-series 0.4] [--lean] [--mix default|dense|export|inferred]

writes OUTDIR/person0.ics … with the mix real calendars have: single events in several zones
(with and without VTIMEZONE blocks), UTC and floating times (with X-WR-TIMEZONE), all-day and
multi-day events, daily and weekly series with COUNT/UNTIL, EXDATEs, moved, shortened and
cancelled instances (RECURRENCE-ID), transparent, cancelled and tentative events, VALARMs,
long folded DESCRIPTION and ATTENDEE lines, CRLF line ends. The same seed gives the same bytes.
Wall-clock times avoid 00:00-04:00 so no instance falls in a DST gap or fold, where the RFC and
some libraries disagree.

`--mix dense` is the benchmark's dense mix (Benchmarks/README.md): lean events, about 13% of
them recurring, all in five zones that have their VTIMEZONE in the file; the default mix (what
the differential tests use) is unchanged by it. `--mix inferred` is the dense mix without
X-WR-TIMEZONE (each person's home zone is inferred from their events, so all-day and floating
events wait for it), its series in their zone's TZID, its descriptions in several scripts.

`--mix export` (`ExportPerson`) has the dense mix's shares, written as producers export them:
even persons as Google Calendar (X-WR-CALNAME the owner's address, X-WR-TIMEZONE, single events
in UTC, series in UTC on the X-WR-TIMEZONE wall clock or with a TZID, long ATTENDEE lists with
the owner's replies, Meet descriptions, VALARMs), odd persons as Outlook 16 or Exchange (Windows
zone names with Outlook's VTIMEZONEs from 1601, no X-WR-TIMEZONE, X-OWNER in Outlook 16's,
X-MICROSOFT-CDO-BUSYSTATUS with the TRANSP Outlook writes, MONTHLY rules with BYDAY=2TU,
BYSETPOS, BYMONTHDAY, EXDATE lists, RECURRENCE-ID overrides). About 1.6 KB a VEVENT. Its
series' EXDATEs and overrides name instances computed with dateutil (a dependency of icalendar).
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
# Words of the inferred mix's descriptions: text in several scripts, as real calendars hold.
UTF8_WORDS = ("Besprechung Überprüfung réunion déjeuner 会議 打ち合わせ встреча обзор 회의 "
              "planificación Ærø Łódź συνάντηση פגישה").split()
WORDS = ("planning review sync standup retro lunch interview budget roadmap design customer "
         "demo offsite training onboarding hiring quarterly weekly release incident").split()


def vtimezone(name, rules=None):
    """A VTIMEZONE as Google writes one (TZOFFSETFROM before DTSTART), from `rules` (by default the
    zones of the default and dense mixes)."""
    std, dst, sn, dn, dst_start, dst_day, dst_month, std_start, std_day, std_month = \
        (rules or {**VTIMEZONES, **DENSE_VTIMEZONES})[name]
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
        # The inferred mix is the dense one without X-WR-TIMEZONE: the home zone is inferred.
        self.dense = mix in ("dense", "inferred")
        self.zones = list(VTIMEZONES) + (list(DENSE_VTIMEZONES) if self.dense else PLAIN_ZONES)
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
        words = " ".join(r.choice(UTF8_WORDS if self.mix == "inferred" else WORDS)
                         for _ in range(r.randrange(5, 20 if self.lean else 40)))
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
        if self.mix == "inferred" and style == "utc":
            style = self.home  # no X-WR-TIMEZONE whose wall clock a UTC series would follow
        first = self.when() - dt.timedelta(days=r.randrange(0, 60))
        if self.dense and style == "utc":
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
                 "CALSCALE:GREGORIAN", f"X-WR-CALNAME:Person {self.index}"]
        if self.mix != "inferred":
            lines.append(f"X-WR-TIMEZONE:{self.home}")
        for name in self.zones if self.dense else VTIMEZONES:
            lines += vtimezone(name)
        single, all_day = (0.77, 0.87) if self.dense else (0.6, 0.75)
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


# --mix export: calendars shaped like real producers' exports (Benchmarks/README.md). Person 0,
# 2, ... is a Google Calendar export, person 1, 3, ... an Outlook/Exchange one.
GOOGLE_ZONES = ["Europe/Berlin", "America/New_York", "Europe/London", "America/Los_Angeles",
                "Asia/Tokyo", "Europe/Prague", "Australia/Sydney", "Asia/Kolkata"]
# Google's VTIMEZONEs (X-LIC-LOCATION, 1970 rules) for zones without one in VTIMEZONES.
FIXED_ZONES = {"Asia/Tokyo": ("+0900", "JST"), "Asia/Kolkata": ("+0530", "IST")}
GOOGLE_DST = {
    **VTIMEZONES, **DENSE_VTIMEZONES,
    "Europe/Berlin": VTIMEZONES["Europe/Prague"],
}
# Windows zone names as Outlook writes them: (IANA zone, standard offset, daylight offset,
# daylight start (hour, BYDAY, BYMONTH), standard start (hour, BYDAY, BYMONTH)); no DST: None.
WINDOWS_ZONES = {
    "W. Europe Standard Time": ("Europe/Berlin", "+0100", "+0200", (2, "-1SU", 3), (3, "-1SU", 10)),
    "Eastern Standard Time": ("America/New_York", "-0500", "-0400", (2, "2SU", 3), (2, "1SU", 11)),
    "Pacific Standard Time": ("America/Los_Angeles", "-0800", "-0700", (2, "2SU", 3), (2, "1SU", 11)),
    "GMT Standard Time": ("Europe/London", "+0000", "+0100", (1, "-1SU", 3), (2, "-1SU", 10)),
    "Tokyo Standard Time": ("Asia/Tokyo", "+0900", "+0900", None, None),
}
FIRST = ("Anna Erik Jana Tomas Maria Lukas Sofia Jonas Petra Karel Olivia Noah Emma Liam Mia "
         "Ben Lea Paul Nina Felix Clara Jakub Eva Marek Ines Hugo Alma Otto Vera").split()
LAST = ("Novak Svoboda Schmidt Miller Tanaka Dvorak Weber Brown Sato Kral Fischer Jones Ito Bauer "
        "Horak Wagner Taylor Suzuki Becker Clark").split()
MEET_LINE = "-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-"
TEAMS_LINE = "_" * 80


def escape_text(text):
    """A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newline escaped."""
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


class ExportPerson:
    """One person of the export mix: the dense mix's year of meetings (13% of events recurring:
    DAILY, WEEKLY, MONTHLY; overrides, EXDATEs), written as Google Calendar or Outlook/Exchange
    export them (property order, parameters, vendor properties, text). The owner's replies
    (Google: X-WR-CALNAME is the owner's address; Outlook 16: X-OWNER) and Outlook's show-as
    decide what blocks, as freetime and reference.py read them (docs/GUIDE.md, What is busy)."""

    def __init__(self, rng, index, start, weeks, events, open_series):
        self.rng, self.index, self.start, self.weeks, self.events = rng, index, start, weeks, events
        self.open_series = open_series
        self.google = index % 2 == 0
        first, last = rng.choice(FIRST), rng.choice(LAST)
        self.name = f"{first} {last}"
        if self.google:
            self.email = f"{first}.{last}.{index}@gmail.example".lower()
            self.home = rng.choice(GOOGLE_ZONES)
            self.zones = [self.home]  # zones with a VTIMEZONE, in order of first use
        else:
            self.email = f"{first}.{last}.{index}@contoso.example".lower()
            self.windows = rng.choice(list(WINDOWS_ZONES))
            self.home = WINDOWS_ZONES[self.windows][0]
            self.zones = [self.windows]
            # Outlook 16 on the desktop (properties in alphabetical order, X-OWNER, quoted TZIDs
            # in some files) or Exchange's published calendar (its own order, INTERVAL=1).
            self.exchange = rng.random() < 0.5
            self.quoted = not self.exchange and rng.random() < 0.5
        self.uid = 0
        self.people = [(f"{f} {l}", f"{f}.{l}@{d}".lower()) for f, l, d in
                       ((rng.choice(FIRST), rng.choice(LAST), rng.choice(["example.com", "example.org", "contoso.example"]))
                        for _ in range(40))]

    # -- values --------------------------------------------------------------------------------

    def next_uid(self):
        self.uid += 1
        r = self.rng
        if self.google:
            chars = "abcdefghijklmnopqrstuv0123456789"
            return "".join(r.choice(chars) for _ in range(26)) + f"{self.uid:05d}@google.com"
        return ("040000008200E00074C5B7101A82E00800000000" + "".join(r.choice("0123456789ABCDEF") for _ in range(16))
                + "0000000000000000100000000" + f"{self.uid:08X}" + "".join(r.choice("0123456789ABCDEF") for _ in range(24)))

    def stamp(self, days_before):
        return fmt(dt.datetime(2026, 11, 1, 12, 0) - dt.timedelta(days=days_before, minutes=self.rng.randrange(1440))) + "Z"

    def zone_name(self, zone):
        """How an event names `zone` (a Windows name or an IANA one)."""
        if zone not in self.zones:
            self.zones.append(zone)
        return f'"{zone}"' if self.google is False and self.quoted else zone

    def iana(self, zone):
        return zone if self.google else WINDOWS_ZONES[zone][0]

    def utc(self, wall, zone):
        """The UTC time of a wall-clock time in `zone`."""
        return wall.replace(tzinfo=ZoneInfo(self.iana(zone))).astimezone(dt.timezone.utc).replace(tzinfo=None)

    def prop(self, name, wall, zone, utc=False):
        """A DATE-TIME property: in UTC (`...Z`) or with the zone's TZID."""
        if utc:
            return f"{name}:{fmt(self.utc(wall, zone))}Z"
        return f"{name};TZID={self.zone_name(zone)}:{fmt(wall)}"

    def event_zone(self):
        """Mostly the person's own zone; sometimes an organizer's elsewhere."""
        if self.rng.random() < 0.85:
            return self.zones[0]
        return self.rng.choice(GOOGLE_ZONES if self.google else list(WINDOWS_ZONES))

    def wall_time(self, day=None):
        r = self.rng
        day = day or self.start + dt.timedelta(days=r.randrange(self.weeks * 7))
        return dt.datetime(day.year, day.month, day.day, r.randrange(7, 19), r.choice([0, 0, 15, 30, 30, 45]))

    def length(self):
        return dt.timedelta(minutes=self.rng.choice([15, 25, 30, 30, 45, 50, 60, 60, 60, 90, 120]))

    # -- text ----------------------------------------------------------------------------------

    def title(self):
        r = self.rng
        words = [r.choice(WORDS) for _ in range(r.randrange(2, 6))]
        return " ".join(words).capitalize() + r.choice(["", "", " - Q3", " (weekly)", ": follow-up", " / " + r.choice(LAST)])

    def description(self, meeting):
        r = self.rng
        body = []
        for _ in range(r.randrange(1, 4 if self.google else 3)):
            body.append(" ".join(r.choice(WORDS) for _ in range(r.randrange(8, 30 if self.google else 20))).capitalize() + ".")
        if r.random() < 0.4:
            body.append("Agenda:\n" + "\n".join(f"{k + 1}. {r.choice(WORDS).capitalize()} {r.choice(WORDS)}" for k in range(r.randrange(2, 6))))
        text = "\n\n".join(body)
        if meeting and self.google:
            code = "-".join("".join(r.choice("abcdefghijkmnopqrstuvwxyz") for _ in range(n)) for n in (3, 4, 3))
            text += (f"\n\n{MEET_LINE}\nJoin with Google Meet: https://meet.google.com/{code}\n"
                     f"Or dial: (US) +1 {r.randrange(200, 999)}-{r.randrange(200, 999)}-{r.randrange(1000, 9999)} PIN: {r.randrange(10**8, 10**9)}#\n"
                     "More phone numbers: https://tel.meet/" + code + "?pin=" + str(r.randrange(10**12, 10**13)) + "\n\n"
                     "Learn more about Meet at: https://support.google.com/a/users/answer/9282720\n\n"
                     f"Please do not edit this section.\n{MEET_LINE}")
        elif meeting:
            text += (f"\n\n{TEAMS_LINE}\nMicrosoft Teams meeting\nJoin on your computer, mobile app or room device\n"
                     f"Click here to join the meeting<https://teams.microsoft.com/l/meetup-join/19%3ameeting_{r.randrange(10**15, 10**16)}%40thread.v2/0>\n"
                     f"Meeting ID: {r.randrange(100, 999)} {r.randrange(100, 999)} {r.randrange(100, 999)} {r.randrange(100, 999)}\n"
                     f"Passcode: {''.join(r.choice('abcdefghjkmnpqrstuvwxyz23456789') for _ in range(6))}\n"
                     f"Learn More<https://aka.ms/JoinTeamsMeeting> | Meeting options<https://teams.microsoft.com/meetingOptions/>\n{TEAMS_LINE}")
        return escape_text(text)

    def location(self):
        r = self.rng
        return escape_text(r.choice(["", "", "Google Meet", "Microsoft Teams Meeting",
                                     f"Room {r.randrange(100, 600)}, Building {r.choice('ABCD')}",
                                     f"{r.choice(LAST)}strasse {r.randrange(1, 99)}, Berlin", "Main office"]))

    def guests(self):
        """Other people invited: none (a personal event) or a few to a dozen."""
        r = self.rng
        if r.random() < 0.25:
            return []
        return r.sample(self.people, r.randrange(1, 12 if self.google else 8))

    def reply(self, organized):
        """The owner's PARTSTAT: their own meetings are accepted; invitations mostly."""
        if organized:
            return "ACCEPTED"
        k = self.rng.random()
        return "ACCEPTED" if k < 0.72 else "NEEDS-ACTION" if k < 0.82 else "TENTATIVE" if k < 0.92 else "DECLINED"

    def alarm(self):
        r = self.rng
        if r.random() < (0.5 if self.google else 0.6):
            minutes = r.choice([5, 10, 15, 15, 30])
            if self.google:
                return ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder",
                        f"TRIGGER:-P0DT0H{minutes}M0S", "END:VALARM"]
            return ["BEGIN:VALARM", f"TRIGGER:-PT{minutes}M", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "END:VALARM"]
        return []

    # -- events --------------------------------------------------------------------------------

    def invitation(self, all_day=False):
        """Who else is invited (none: a personal event), and whether the owner organized it."""
        guests = [] if all_day else self.guests()
        return guests, not guests or self.rng.random() < 0.4

    def google_event(self, times, uid, rid=None, rule=(), cancelled=False, all_day=False, sequence=None,
                     invitation=None):
        """A Google VEVENT: `times` are its DTSTART/DTEND (and EXDATE) lines; an override has its
        series' `invitation`."""
        r = self.rng
        guests, organized = invitation or self.invitation(all_day)
        lines = ["BEGIN:VEVENT"] + times[:2] + list(rule) + times[2:] + ["DTSTAMP:20261101T120000Z"]
        if not all_day:
            organizer = (self.name, self.email) if organized else guests[0]
            lines.append(f"ORGANIZER;CN={organizer[1] if r.random() < 0.3 else organizer[0]}:mailto:{organizer[1]}")
        lines.append(f"UID:{uid}")
        if rid:
            lines.append(rid)
        if guests:
            attendees = [(self.name, self.email)] + (guests if organized else guests[1:])
            if not organized:
                attendees.insert(r.randrange(len(attendees) + 1), guests[0])
            r.shuffle(attendees)
            for cn, address in attendees:
                if address == self.email:
                    partstat = self.reply(organized)
                else:
                    partstat = r.choice(["ACCEPTED", "ACCEPTED", "ACCEPTED", "NEEDS-ACTION", "DECLINED", "TENTATIVE"])
                role = "OPT-PARTICIPANT" if r.random() < 0.1 else "REQ-PARTICIPANT"
                rsvp = ";RSVP=TRUE" if partstat == "NEEDS-ACTION" else ""
                cn = address if r.random() < 0.3 else cn
                lines.append(f"ATTENDEE;CUTYPE=INDIVIDUAL;ROLE={role};PARTSTAT={partstat}{rsvp};CN={cn};X-NUM-GUESTS=0:mailto:{address}")
        lines.append(f"CREATED:{self.stamp(r.randrange(30, 400))}")
        lines.append("DESCRIPTION:" + (self.description(bool(guests)) if r.random() < 0.8 else ""))
        lines.append(f"LAST-MODIFIED:{self.stamp(r.randrange(0, 30))}")
        lines.append("LOCATION:" + self.location())
        lines.append(f"SEQUENCE:{sequence if sequence is not None else r.choice([0, 0, 0, 1, 2])}")
        lines.append("STATUS:" + ("CANCELLED" if cancelled else "CONFIRMED"))
        lines.append("SUMMARY:" + escape_text(self.title()))
        transparent = all_day and r.random() < 0.8 or not all_day and r.random() < 0.06
        lines.append("TRANSP:" + ("TRANSPARENT" if transparent else "OPAQUE"))
        return lines + ([] if all_day else self.alarm()) + ["END:VEVENT"]

    def outlook_event(self, times, uid, rid=None, rule=(), cancelled=False, all_day=False, sequence=0, insttype=0,
                      invitation=None):
        """An Outlook VEVENT: Outlook 16's alphabetical order or Exchange's own."""
        r = self.rng
        guests, organized = invitation or self.invitation(all_day)
        k = r.random()
        show = "BUSY" if k < 0.78 else "TENTATIVE" if k < 0.86 else "FREE" if k < 0.94 else "OOF"
        if all_day:
            show = r.choice(["FREE", "FREE", "OOF", "BUSY"])
        transp = "TRANSPARENT" if show == "FREE" else "OPAQUE"
        props = {}
        attendees = []
        if guests:
            invited = guests + ([] if organized else [(self.name, self.email)])
            for cn, address in invited:
                if self.exchange:
                    role = "OPT-PARTICIPANT" if r.random() < 0.1 else "REQ-PARTICIPANT"
                    attendees.append(f"ATTENDEE;ROLE={role};PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN={cn}:mailto:{address}")
                elif address == self.email:
                    # The owner's reply, as show-as also says it.
                    partstat = {"TENTATIVE": "TENTATIVE", "FREE": "ACCEPTED"}.get(show, "ACCEPTED")
                    attendees.append(f'ATTENDEE;CN="{cn}";PARTSTAT={partstat}:mailto:{address}')
                else:
                    attendees.append(f'ATTENDEE;CN="{cn}";RSVP=TRUE:mailto:{address}')
        organizer = (self.name, self.email) if organized else guests[0]
        props["ORGANIZER"] = f'ORGANIZER;CN="{organizer[0]}":mailto:{organizer[1]}' if guests else None
        props["CLASS"] = "CLASS:" + ("PRIVATE" if r.random() < 0.05 else "PUBLIC")
        props["CREATED"] = f"CREATED:{self.stamp(r.randrange(30, 400))}"
        description = self.description(bool(guests)) if r.random() < 0.75 else ""
        props["DESCRIPTION"] = "DESCRIPTION:" + (description or "\\n")
        props["DTSTAMP"] = "DTSTAMP:20261101T120000Z"
        props["LAST-MODIFIED"] = f"LAST-MODIFIED:{self.stamp(r.randrange(0, 30))}"
        props["LOCATION"] = "LOCATION:" + self.location()
        props["PRIORITY"] = "PRIORITY:" + ("1" if r.random() < 0.05 else "5")
        props["SEQUENCE"] = f"SEQUENCE:{sequence}"
        props["SUMMARY"] = "SUMMARY;LANGUAGE=en-US:" + escape_text(self.title())
        props["TRANSP"] = f"TRANSP:{transp}"
        props["STATUS"] = "STATUS:" + ("CANCELLED" if cancelled else "CONFIRMED")
        x = [f"X-MICROSOFT-CDO-APPT-SEQUENCE:{sequence}"]
        if not organized:
            x.append(f"X-MICROSOFT-CDO-OWNERAPPTID:{r.randrange(-2**31, 2**31)}")
        x += [f"X-MICROSOFT-CDO-BUSYSTATUS:{show}",
              f"X-MICROSOFT-CDO-INTENDEDSTATUS:{'BUSY' if show == 'FREE' and r.random() < 0.3 else show}"]
        if all_day:
            x.append("X-MICROSOFT-CDO-ALLDAYEVENT:TRUE")
        x += [f"X-MICROSOFT-CDO-IMPORTANCE:{'2' if r.random() < 0.05 else '1'}", f"X-MICROSOFT-CDO-INSTTYPE:{insttype}",
              "X-MICROSOFT-DONOTFORWARDMEETING:FALSE", "X-MICROSOFT-DISALLOW-COUNTER:FALSE"]
        if not self.exchange:
            x += ["X-MS-OLK-AUTOFILLLOCATION:FALSE", f"X-MS-OLK-CONFTYPE:{'1' if guests else '0'}"]
        if self.exchange:
            lines = ["BEGIN:VEVENT"] + attendees + ([props["ORGANIZER"]] if guests else []) + \
                [props["DESCRIPTION"]] + list(rule) + [f"UID:{uid}"] + ([rid] if rid else []) + [props["SUMMARY"]] + \
                times[:2] + [props["CLASS"], props["PRIORITY"], props["DTSTAMP"], props["TRANSP"], props["STATUS"],
                             props["SEQUENCE"], props["LOCATION"]] + times[2:] + x
        else:
            # Alphabetical by property name, as Outlook 16 writes them.
            named = [(line.split(":")[0].split(";")[0], line) for line in
                     attendees + times + list(rule) + ([rid] if rid else []) + [v for v in props.values() if v]]
            named += [("UID", f"UID:{uid}")]
            lines = ["BEGIN:VEVENT"] + [line for _, line in sorted(named, key=lambda p: p[0])] + x
        return lines + ([] if all_day else self.alarm()) + ["END:VEVENT"]

    def event(self, *args, **kwargs):
        return (self.google_event if self.google else self.outlook_event)(*args, **kwargs)

    def single(self):
        r = self.rng
        zone = self.event_zone()
        start = self.wall_time()
        end = start + self.length()
        utc = self.google or r.random() < 0.05  # Google writes single events in UTC, Outlook a few
        return self.event([self.prop("DTSTART", start, zone, utc), self.prop("DTEND", end, zone, utc)],
                          self.next_uid(), cancelled=r.random() < 0.03)

    def all_day(self):
        r = self.rng
        day = self.start + dt.timedelta(days=r.randrange(self.weeks * 7))
        days = r.choice([1, 1, 1, 1, 2, 3, 5])
        return self.event([f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"DTEND;VALUE=DATE:{day + dt.timedelta(days=days):%Y%m%d}"],
                          self.next_uid(), all_day=True)

    def rule(self, first):
        """A rule that `first` (a wall-clock date) is an instance of, and that date moved onto
        the rule: (rule text without COUNT/UNTIL, first)."""
        r = self.rng
        k = r.random()
        if k < 0.55:
            if r.random() < 0.2:
                days = ["MO", "TU", "WE", "TH", "FR"]  # Outlook's "every weekday"
            else:
                chosen = r.sample(["MO", "TU", "WE", "TH", "FR"], r.randrange(1, 4))
                days = [d for d in ["MO", "TU", "WE", "TH", "FR"] if d in chosen]
            while first.strftime("%a").upper()[:2] not in days:
                first += dt.timedelta(days=1)
            interval = r.choice([1, 1, 1, 2]) if len(days) < 5 else 1
            return ("WEEKLY", interval, f"BYDAY={','.join(days)}"), first
        if k < 0.75:
            return ("DAILY", r.choice([1, 1, 2]), ""), first
        form = r.choice(["nth", "monthday", "last"])
        weekday = r.randrange(5)
        code = ["MO", "TU", "WE", "TH", "FR"][weekday]
        month = first.replace(day=1)
        if form == "monthday":
            day = r.choice([1, 5, 10, 15, 20, 28])
            first = first.replace(day=day)
            return ("MONTHLY", 1, f"BYMONTHDAY={day}"), first
        days = [month + dt.timedelta(days=d) for d in range(31)]
        days = [d for d in days if d.month == month.month and d.weekday() == weekday]
        if form == "nth":
            n = r.randrange(1, 5)
            first = days[n - 1]
            byday = [f"BYDAY={n}{code}"] * 3 + [f"BYDAY={code};BYSETPOS={n}"]
        else:
            first = days[-1]
            byday = [f"BYDAY=-1{code}"] * 3 + [f"BYDAY={code};BYSETPOS=-1"]
        return ("MONTHLY", 1, r.choice(byday) if not self.google else byday[0]), first

    def series(self):
        from dateutil.rrule import rrulestr

        r = self.rng
        uid = self.next_uid()
        # Google writes a series in UTC (recurring on X-WR-TIMEZONE's wall clock) or with a TZID.
        utc = self.google and r.random() < 0.5
        zone = self.zones[0] if utc else self.event_zone()
        wall0 = self.wall_time(self.start + dt.timedelta(days=r.randrange(-60, self.weeks * 7 - 14)))
        (freq, interval, by), first = self.rule(wall0)
        length = self.length()
        parts = [f"FREQ={freq}"]
        instances = list(rrulestr(f"RRULE:FREQ={freq};INTERVAL={interval}" + (f";{by}" if by else ""),
                                  dtstart=first, cache=False).xafter(first, count=400, inc=True))
        # EXDATEs, overrides and UNTIL fall on instances the rule really has, within the year.
        horizon = dt.datetime.combine(self.start, dt.time()) + dt.timedelta(days=self.weeks * 7 + 30)
        within = [i for i in instances if i < horizon] or instances[:1]
        end = r.random()
        bounded = 1 - self.open_series
        tail = []
        if end < bounded / 2:
            count = r.randrange(3, 40)
            tail.append(f"COUNT={count}")
            instances = instances[:count]
        elif end < bounded:
            last = within[min(len(within) - 1, r.randrange(2, 60))]
            if self.google:
                until = self.utc(last, zone).replace(hour=23, minute=59, second=59)
                until_text = fmt(until) + "Z"
            else:
                until = self.utc(last, zone)  # Outlook: the last instance's start, in UTC
                until_text = fmt(until) + "Z"
            tail.append(f"UNTIL={until_text}")
            instances = [i for i in instances if self.utc(i, zone) <= until]
        if self.google:
            parts += tail + ([f"INTERVAL={interval}"] if interval > 1 else []) + ([by] if by else [])
        else:
            parts += tail + [f"INTERVAL={interval}"] * (self.exchange or interval > 1) + ([by] if by else []) + ["WKST=SU"] * (freq != "DAILY")
        rule = "RRULE:" + ";".join(parts)
        times = [self.prop("DTSTART", first, zone, utc), self.prop("DTEND", first + length, zone, utc)]
        later = [i for i in instances[1:] if i < horizon]
        r.shuffle(later)
        exdates = sorted(later[:r.choice([0, 0, 1, 1, 2, 3])])
        overridden = later[4:4 + r.choice([0, 1, 1, 2, 3])]
        if exdates:
            if self.google or r.random() < 0.5:
                times += [self.prop("EXDATE", x, zone, utc) for x in exdates]
            else:  # Outlook writes them as one list
                times.append(self.prop("EXDATE", exdates[0], zone, utc) + "".join("," + fmt(x) for x in exdates[1:]))
        sequence = r.choice([0, 0, 1, 2])
        invitation = self.invitation()
        if self.google:
            out = self.google_event(times, uid, rule=[rule], sequence=sequence, invitation=invitation)
        else:
            out = self.outlook_event(times, uid, rule=[rule], sequence=sequence, insttype=1, invitation=invitation)
        for rid in overridden:
            kind = r.random()
            cancelled = kind < 0.2
            start, new_len = rid, length
            if cancelled:
                pass
            elif kind < 0.7:
                start = rid + dt.timedelta(hours=r.choice([-2, -1, 1, 2, 24, 48, 168]), minutes=r.choice([0, 0, 30]))
            else:
                new_len = length / 2
            rid_line = self.prop("RECURRENCE-ID", rid, zone, utc)
            o_times = [self.prop("DTSTART", start, zone, utc), self.prop("DTEND", start + new_len, zone, utc)]
            if self.google:
                out += self.google_event(o_times, uid, rid=rid_line, cancelled=cancelled,
                                         sequence=sequence + r.randrange(0, 2), invitation=invitation)
            else:
                out += self.outlook_event(o_times, uid, rid=rid_line, cancelled=cancelled, sequence=sequence,
                                          insttype=3, invitation=invitation)
        return out

    # -- the calendar --------------------------------------------------------------------------

    def google_vtimezone(self, name):
        if name in FIXED_ZONES:
            offset, abbr = FIXED_ZONES[name]
            return ["BEGIN:VTIMEZONE", f"TZID:{name}", f"X-LIC-LOCATION:{name}", "BEGIN:STANDARD",
                    f"TZOFFSETFROM:{offset}", f"TZOFFSETTO:{offset}", f"TZNAME:{abbr}",
                    "DTSTART:19700101T000000", "END:STANDARD", "END:VTIMEZONE"]
        return vtimezone(name, GOOGLE_DST)

    def outlook_vtimezone(self, name):
        _, std, dst, daylight, standard = WINDOWS_ZONES[name]
        lines = ["BEGIN:VTIMEZONE", f"TZID:{name}"]
        if daylight is None:
            return lines + ["BEGIN:STANDARD", "DTSTART:16010101T000000", f"TZOFFSETFROM:{std}",
                            f"TZOFFSETTO:{std}", "END:STANDARD", "END:VTIMEZONE"]
        for kind, (hour, byday, month), frm, to in (("STANDARD", standard, dst, std), ("DAYLIGHT", daylight, std, dst)):
            if self.exchange:  # Exchange: 1 January 1601, INTERVAL=1
                start, rule = f"16010101T{hour:02d}0000", f"FREQ=YEARLY;INTERVAL=1;BYDAY={byday};BYMONTH={month}"
            else:  # Outlook 16: the rule's first day in 1601
                first = dt.date(1601, month, 1)
                n = int(byday[:-2])
                days = [first + dt.timedelta(days=d) for d in range(31)]
                days = [d for d in days if d.month == month and d.weekday() == 6]
                start, rule = f"{days[n - 1 if n > 0 else n]:%Y%m%d}T{hour:02d}0000", f"FREQ=YEARLY;BYDAY={byday};BYMONTH={month}"
            lines += [f"BEGIN:{kind}", f"DTSTART:{start}", f"TZOFFSETFROM:{frm}", f"TZOFFSETTO:{to}",
                      f"RRULE:{rule}", f"END:{kind}"]
        return lines + ["END:VTIMEZONE"]

    def calendar(self):
        r = self.rng
        body = []
        n = 0
        while n < self.events:
            k = r.random()
            if k < 0.77:
                body += self.single()
            elif k < 0.87:
                body += self.all_day()
            else:
                body += self.series()
            n += 1
        if self.google:
            head = ["BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0",
                    "CALSCALE:GREGORIAN", "METHOD:PUBLISH", f"X-WR-CALNAME:{self.email}",
                    f"X-WR-TIMEZONE:{self.home}"]
            for zone in self.zones:
                head += self.google_vtimezone(zone)
        else:
            if self.exchange:
                head = ["BEGIN:VCALENDAR", "METHOD:PUBLISH", "PRODID:Microsoft Exchange Server 2010",
                        "VERSION:2.0", "X-WR-CALNAME:Calendar"]
            else:
                head = ["BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
                        "VERSION:2.0", "METHOD:PUBLISH", f'X-OWNER;CN="{self.name}":mailto:{self.email}',
                        "X-WR-CALNAME:Calendar", "X-MS-OLK-FORCEINSPECTOROPEN:TRUE"]
            for zone in self.zones:
                head += self.outlook_vtimezone(zone)
        lines = head + body + ["END:VCALENDAR"]
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
    ap.add_argument("--mix", choices=["default", "dense", "export", "inferred"], default="default",
                    help="dense: ~13%% recurring, five zones with VTIMEZONEs (implies --lean); "
                         "inferred: the dense mix without X-WR-TIMEZONE, descriptions in several "
                         "scripts (implies --lean); "
                         "export: the same share of series, written as Google (even persons) "
                         "and Outlook (odd persons) export them")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.outdir, exist_ok=True)
    start = dt.date.fromisoformat(args.start)
    for i in range(args.people):
        if args.mix == "export":
            person = ExportPerson(rng, i, start, args.weeks, args.events, args.open_series)
        else:
            person = Person(rng, i, start, args.weeks, args.events, args.open_series,
                            args.lean or args.mix in ("dense", "inferred"), args.mix)
        with open(os.path.join(args.outdir, f"person{i}.ics"), "wb") as f:
            f.write(person.calendar())


if __name__ == "__main__":
    main()
