import Foundation
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeICS

/// Simple DAILY and WEEKLY rules are expanded by freetime itself (`RecurrenceRule.simpleShape`), for
/// speed. On random rules, windows, zones and COUNT/UNTIL limits, the instances must be exactly
/// those libical's iterator gives, with and without the fast-forward to the window.
@Suite struct OwnExpansionTests {
  /// The shared SplitMix64 generator (Tests/TestSupport).
  typealias Random = SplitMix64

  static func rule(_ r: inout Random) -> String {
    let daily = r.chance(0.5)
    var parts = [daily ? "FREQ=DAILY" : "FREQ=WEEKLY"]
    if r.chance(0.5) { parts.append("INTERVAL=\(r.int(2...5))") }
    let days = r.subset(["MO", "TU", "WE", "TH", "FR", "SA", "SU"], atMost: 4)
    if !days.isEmpty && r.chance(0.7) { parts.append("BYDAY=" + days.joined(separator: ",")) }
    if daily && r.chance(0.2) {
      parts.append(
        "BYMONTHDAY=" + r.subset(Array(1...31).map(String.init), atMost: 5).joined(separator: ","))
    }
    if r.chance(0.2) {
      let months = r.subset(Array(1...12).map(String.init), atMost: 5)
      if !months.isEmpty { parts.append("BYMONTH=" + months.joined(separator: ",")) }
    }
    if r.chance(0.2) {
      // Sorted: libical takes BY* lists in the order written (see unsortedListsAndCount).
      let hours = Set([r.int(0...23), r.int(0...23)]).sorted().map(String.init)
      parts.append("BYHOUR=" + hours.joined(separator: ","))
    }
    if r.chance(0.1) { parts.append("BYMINUTE=\(r.int(0...59))") }
    if r.chance(0.3) { parts.append("WKST=" + ["MO", "SU", "TH", "SA"][r.int(0...3)]) }
    switch r.int(0...2) {
    case 0: parts.append("COUNT=\(r.int(1...80))")
    case 1:
      parts.append(
        String(
          format: "UNTIL=20%02d%02d%02dT%02d0000Z", r.int(19...28), r.int(1...12), r.int(1...28),
          r.int(0...23)))
    default: break
    }
    return parts.joined(separator: ";")
  }

  @Test func ownExpansionMatchesLibical() throws {
    var r = Random(seed: 20_261_122)
    var checked = 0
    for _ in 0..<1200 {
      let rule = Self.rule(&r)
      let (year, month, day) = (2000 + r.int(18...27), r.int(1...12), r.int(1...28))
      let date = String(format: "%04d%02d%02d", year, month, day)
      let allDay = r.chance(0.15)
      let start: String
      let end: String
      let time = String(format: "T%02d%02d00", r.int(0...23), [0, 15, 30, 45][r.int(0...3)])
      switch (allDay, r.int(0...2)) {
      case (true, _):
        start = "DTSTART;VALUE=DATE:\(date)"
        end = "DURATION:P1D"
      case (false, 0):
        start = "DTSTART;TZID=Europe/Prague:\(date)\(time)"
        end = "DURATION:PT45M"
      case (false, 1):
        start = "DTSTART:\(date)\(time)Z"
        end = "DURATION:PT1H"
      default:
        start = "DTSTART:\(date)\(time)"
        end = "DURATION:PT30M"
      }
      let body = Read.calendar(
        """
        BEGIN:VEVENT
        UID:own
        \(start)
        \(end)
        RRULE:\(rule)
        END:VEVENT
        """)
      let path = Read.write(body)
      let zone = Zone.named("America/New_York")!
      // Mostly near DTSTART (where COUNT and UNTIL series live), sometimes anywhere.
      let from =
        r.chance(0.75)
        ? CivilTime.seconds(year, month, day) + Int64(r.int(-30...400)) * 86400
        : Int64(r.int(0...(365 * 11))) * 86400 + 1_514_764_800  // 2018 onwards
      let window = Interval(from, from + Int64(r.int(1...120)) * 86400)
      var options = ReadOptions(window: window, defaultZone: zone, maxInstances: 1_000_000)
      let source = CalendarSource(kind: .file(path), name: "p", argument: path)
      let own = try CalendarReader.read(source, options: options).busy.sorted()
      options.ownExpansion = false
      let libical = try CalendarReader.read(source, options: options).busy.sorted()
      options.fastForward = false
      let stepped = try CalendarReader.read(source, options: options).busy.sorted()
      // libical 3.0.16 misplaces WEEKLY series with INTERVAL > 1 that have a single BYDAY or a
      // WKST other than MO and SU (OwnExpansionBeatsLibicalTests has the RFC's answers).
      let parts = rule.split(separator: ";")
      let singleDay = parts.contains { $0.hasPrefix("BYDAY=") && !$0.contains(",") }
      let oddWeekStart = parts.contains {
        $0.hasPrefix("WKST=") && $0 != "WKST=MO" && $0 != "WKST=SU"
      }
      let knownWrong =
        rule.hasPrefix("FREQ=WEEKLY") && rule.contains("INTERVAL=") && (singleDay || oddWeekStart)
      if !knownWrong {
        #expect(own == libical, "\(rule) \(start) window from \(from)")
      }
      #expect(libical == stepped, "\(rule) \(start) window from \(from)")
      if !own.isEmpty { checked += 1 }
    }
    // Most cases must have had instances in the window, or the comparison says little.
    #expect(checked > 600)
  }

  /// A random SECONDLY, MINUTELY or HOURLY rule from wall-clock `start`: time lists, date
  /// limits of every kind the RFC allows for them (mostly admitting DTSTART's day among others,
  /// so that a few days hold instances), INTERVALs that do and do not divide a minute, an hour
  /// or a day, and COUNT (UNTIL is the walk's, `RuleWalk`).
  static func subDailyRule(_ r: inout Random, start: Int64) -> String {
    let frequency = ["SECONDLY", "MINUTELY", "HOURLY"][r.int(0...2)]
    var parts = ["FREQ=\(frequency)"]
    if r.chance(0.6) {
      parts.append("INTERVAL=\([2, 3, 5, 7, 13, 15, 45, 90, 100, 7200][r.int(0...9)])")
    }
    func list(_ name: String, _ values: [Int], atMost: Int, with own: Int? = nil) {
      var chosen = Set(r.subset(values, atMost: atMost))
      if let own, r.chance(0.8) { chosen.insert(own) }
      if !chosen.isEmpty {
        parts.append("\(name)=" + chosen.sorted().map(String.init).joined(separator: ","))
      }
    }
    // SECONDLY and MINUTELY rules name their times, or a few days hold too many instances.
    let tight = frequency != "HOURLY"
    if tight || r.chance(0.4) { list("BYHOUR", Array(0...23), atMost: tight ? 3 : 6) }
    if tight || r.chance(0.5) { list("BYMINUTE", Array(0...59), atMost: tight ? 4 : 6) }
    if r.chance(frequency == "SECONDLY" ? 0.9 : 0.5) { list("BYSECOND", Array(0...59), atMost: 4) }
    let f = CivilTime.fields(start)
    let day = CivilTime.floorDiv(start, 86400)
    let yearDay = Int(day - CivilTime.days(year: f.year, month: 1, day: 1)) + 1
    let length = CivilTime.monthLength(year: f.year, month: f.month)
    if r.chance(0.3) {
      let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
      var days = Set(r.subset(names, atMost: 3))
      if r.chance(0.8) { days.insert(names[f.weekday]) }
      // Now and then a numbered weekday, which RFC 5545 §3.3.10 allows only in MONTHLY and
      // YEARLY rules: dateutil reads it as the weekday alone, and so does freetime.
      let written = days.sorted().map {
        r.chance(0.15) ? "\([-1, 1, 2, -2][r.int(0...3)])\($0)" : $0
      }
      if !written.isEmpty { parts.append("BYDAY=" + written.joined(separator: ",")) }
    }
    if r.chance(0.2) { list("BYMONTH", Array(1...12), atMost: 3, with: f.month) }
    if r.chance(0.2) {
      let own = r.chance(0.5) ? f.day + r.int(0...2) : f.day - length - 1 + r.int(0...2)
      list("BYMONTHDAY", Array(1...31) + Array(-31...(-1)), atMost: 4, with: own)
    }
    if r.chance(0.2) {
      let own = r.chance(0.5) ? yearDay + r.int(0...2) : yearDay - 366 + r.int(0...2)
      list("BYYEARDAY", Array(1...366) + Array(-366...(-1)), atMost: 20, with: own)
    }
    if r.chance(0.3) { parts.append("COUNT=\(r.int(1...60))") }
    return parts.joined(separator: ";")
  }

  /// Sub-daily rules are expanded by freetime: libical 3.0.16's iterator steps through every
  /// period, matching or not (a year of seconds per year of window), and walks a BY list that
  /// DTSTART does not match from its second value, so it misses instances on the first day
  /// (docs/LIBICAL.md). The oracle is python-dateutil's rrule (RFC 5545): on random rules and
  /// starts, the wall-clock instances after DTSTART up to a limit a few days on are the same,
  /// and so are those from a later day on (the fast-forward to a window).
  @Test func subDailyExpansionMatchesDateutil() throws {
    var r = Random(seed: 20_261_124)
    var cases: [(text: String, rule: RecurrenceRule, start: Int64, limit: Int64)] = []
    for _ in 0..<700 {
      let start =
        CivilTime.seconds(2000 + r.int(20...27), r.int(1...12), r.int(1...28))
        + Int64(r.int(0...86399))
      let text = Self.subDailyRule(&r, start: start)
      let limit = start + Int64(r.int(0...3)) * 86400 + Int64(r.int(0...86399))
      let rule = try #require(LibicalRecurrence.rule(text: Array(text.utf8)), "\(text)")
      cases.append((text, rule, start, limit))
    }
    func stamp(_ civil: Int64) -> String {
      let f = CivilTime.fields(civil)
      return String(
        format: "%04d%02d%02dT%02d%02d%02d", f.year, f.month, f.day, f.hour, f.minute, f.second)
    }
    let script = """
      import calendar, signal, sys
      from datetime import datetime
      from dateutil.rrule import rrulestr
      class Slow(Exception): pass
      def alarm(*_): raise Slow()
      signal.signal(signal.SIGALRM, alarm)
      signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM])  # a test runner may block it
      for line in sys.stdin:
          rule, start, limit = line.rstrip("\\n").split("\\t")
          s = datetime.strptime(start, "%Y%m%dT%H%M%S")
          l = datetime.strptime(limit, "%Y%m%dT%H%M%S")
          signal.alarm(1)
          try:
              out = []
              for d in rrulestr(rule, dtstart=s):
                  if d > l: break
                  if d > s: out.append(calendar.timegm(d.timetuple()))
              print(" ".join(map(str, out)) or "-")
          except Slow:
              print("slow")
          except ValueError:  # an INTERVAL that never meets the BY lists: no instance
              print("-")
          signal.alarm(0)
      """
    let input = cases.map { "\($0.text)\t\(stamp($0.start))\t\(stamp($0.limit))\n" }.joined()
    let answers = try Python.run(script, input: input).split(separator: "\n")
    try #require(answers.count == cases.count)
    // dateutil searches without end for a rule whose next instance is years away; a few such
    // cases are left out, never most.
    #expect(answers.filter { $0 == "slow" }.count < 35)
    var checked = 0
    for (c, answer) in zip(cases, answers) where answer != "slow" {
      let expected = answer == "-" ? [] : answer.split(separator: " ").map { Int64($0)! }
      let own = c.rule.ownInstances(start: c.start, isDate: false, limit: c.limit, cap: 1_000_000)
      #expect(own == expected, "\(c.text) from \(stamp(c.start)) to \(stamp(c.limit))")
      if c.rule.count == 0 {
        let from = c.start + Int64(r.int(0...3)) * 86400 + Int64(r.int(0...86399))
        let day = CivilTime.floorDiv(from, 86400) * 86400
        let skipped = c.rule.ownInstances(
          start: c.start, isDate: false, limit: c.limit, cap: 1_000_000, from: from)
        #expect(skipped == expected.filter { $0 >= day }, "\(c.text) from day \(stamp(day))")
      }
      if expected.count > 1 { checked += 1 }
    }
    #expect(checked > 300)
  }

  /// A numbered weekday in a sub-daily rule (RFC 5545 §3.3.10 allows numbers only in MONTHLY
  /// and YEARLY rules) is the weekday alone, as python-dateutil reads it, with a warning: libical
  /// stepped through every period of the window and matched none (only DTSTART was busy), for
  /// minutes under `FREQ=SECONDLY` (Fixtures/fuzz/subdaily-numbered-weekday.ics).
  @Test func numberedWeekdayInASubDailyRuleIsTheWeekday() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:numbered
      DTSTART:20261101T090000Z
      DURATION:PT10M
      RRULE:FREQ=MINUTELY;INTERVAL=30;BYDAY=-1SU,2MO;BYHOUR=9
      END:VEVENT
      """, from: "2026-11-01", to: "2026-12-01")
    // Every Sunday and Monday of November at 09:00 and 09:30.
    let days = [1, 2, 8, 9, 15, 16, 22, 23, 29, 30]
    let starts = days.flatMap { day in
      [0, 1800].map { Read.instant(String(format: "2026-11-%02d", day)) + 9 * 3600 + Int64($0) }
    }
    #expect(p.busy.sorted().map(\.start) == starts)
    #expect(p.diagnostics.contains { $0.description.contains("BYDAY numbers a weekday") })
  }

  /// A sub-daily rule on an all-day DTSTART: the days its periods fall on, from DTSTART's
  /// midnight, BYHOUR ignored (RFC 5545 §3.3.10), COUNT counting periods. Days after Tuesday
  /// 24 November 2026.
  @Test(arguments: [
    ("FREQ=HOURLY;COUNT=5", [0]),
    ("FREQ=HOURLY;INTERVAL=30;COUNT=4", [0, 1, 2, 3]),
    ("FREQ=MINUTELY;INTERVAL=1500;COUNT=3", [0, 1, 2]),
    ("FREQ=HOURLY;INTERVAL=49", [0, 2, 4, 6, 8]),
    ("FREQ=SECONDLY;BYHOUR=9;UNTIL=20261127", [0, 1, 2, 3]),
    ("FREQ=HOURLY;BYDAY=MO,WE", [0, 1, 6, 8]),
    ("FREQ=SECONDLY;BYYEARDAY=-300;BYMONTH=12;COUNT=5", [0]),
  ])
  func subDailyRuleOnADate(rule: String, days: [Int64]) throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:dates
      DTSTART;VALUE=DATE:20261124
      RRULE:\(rule)
      END:VEVENT
      """, from: "2026-11-20", to: "2026-12-04")
    let first = Read.instant("2026-11-24")
    #expect(p.busy.sorted().map { ($0.start - first) / 86400 } == days, "\(rule)")
  }

  /// A DTSTART that the rule produces is its first instance, and COUNT=1 ends the series there
  /// (own expansion gave one more before 2026-11-24; libical's iterator never did).
  @Test(arguments: ["FREQ=DAILY", "FREQ=WEEKLY", "FREQ=HOURLY", "FREQ=MINUTELY;BYSECOND=0"])
  func countOfOneIsDTSTARTAlone(rule: String) throws {
    for count in 1...3 {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:once
        DTSTART:20261124T090000Z
        DURATION:PT1S
        RRULE:\(rule);COUNT=\(count)
        END:VEVENT
        """, from: "2026-11-20", to: "2026-12-31")
      #expect(Read.busy(p).count == count, "\(rule);COUNT=\(count)")
      #expect(Read.busy(p).first?.start == Read.instant("2026-11-24T09:00Z"))
    }
  }

  /// Own expansion stops generating near UNTIL, on the series' wall clock: in a zone a file
  /// defines with an offset beyond a day (libical accepts TZOFFSETTO up to +9959), the last
  /// instance before a UTC or a zoned UNTIL must still be there, as libical's iterator has it
  /// (BYSETPOS=1 sends the same daily rule to libical).
  @Test func untilInZonesFarAheadOfUTC() throws {
    for offset in ["+2500", "+9959", "-2500"] {
      for until in ["UNTIL=20260110T000000Z", "UNTIL=20260111T003000"] {
        func busy(_ rule: String) throws -> [Interval] {
          try Read.busy(
            Read.person(
              """
              BEGIN:VTIMEZONE
              TZID:Far
              BEGIN:STANDARD
              DTSTART:19700101T000000
              TZOFFSETFROM:\(offset)
              TZOFFSETTO:\(offset)
              END:STANDARD
              END:VTIMEZONE
              BEGIN:VEVENT
              UID:far
              DTSTART;TZID=Far:20260105T003000
              DTEND;TZID=Far:20260105T013000
              RRULE:\(rule)
              END:VEVENT
              """, from: "2025-12-20", to: "2026-01-25"))
        }
        let own = try busy("FREQ=DAILY;\(until)")
        let libical = try busy("FREQ=DAILY;BYSETPOS=1;\(until)")
        #expect(own == libical, "\(offset) \(until)")
        #expect(own.count >= 4, "\(offset) \(until)")
      }
    }
  }
}

/// Where freetime's own expansion and libical 3.0.16 disagree, freetime follows RFC 5545.
@Suite struct OwnExpansionBeatsLibicalTests {
  /// Days after 1997-08-01 (UTC) on which instances start.
  func days(_ rule: String, start: String = "19970807T090000Z") throws -> [Int64] {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:x
      DTSTART:\(start)
      DURATION:PT1H
      RRULE:\(rule)
      END:VEVENT
      """, from: "1997-08-01", to: "1997-10-01")
    return Read.busy(p).map { ($0.start - Read.instant("1997-08-01")) / 86400 }
  }

  /// RFC 5545 §3.3.10: the week of DTSTART (by WKST, default Monday) is the first period; the
  /// rule's weekday in that week counts when it is not before DTSTART. libical 3.0.16 skips it
  /// for a single BYDAY with INTERVAL > 1 (Thursday 7 August 1997 is day 6 here).
  @Test func singleWeekdayWithInterval() throws {
    #expect(try days("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;COUNT=3") == [6, 9, 23, 37])
    #expect(try days("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;COUNT=3;WKST=TH") == [6, 9, 23, 37])
    #expect(try days("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;COUNT=3;WKST=SA") == [6, 7, 21, 35])
    // With WKST=SU, Sunday 10 August begins the next week, which INTERVAL=2 skips.
    #expect(try days("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;COUNT=3;WKST=SU") == [6, 16, 30, 44])
  }

  /// With WKST=SA, the week of Friday 8 January 2021 began on Saturday 2 January; every fifth
  /// week from it. libical 3.0.16 places the weeks elsewhere for WKST other than MO and SU
  /// (python-dateutil agrees with these days).
  @Test func weekStartOtherThanMondayOrSunday() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:x
      DTSTART:20210108T210000Z
      DURATION:PT30M
      RRULE:FREQ=WEEKLY;INTERVAL=5;BYDAY=MO,TH,SU;WKST=SA
      END:VEVENT
      """, from: "2021-01-09", to: "2021-04-20")
    let days = Read.busy(p).map { CivilTime.fields($0.start).day }
    #expect(days == [7, 8, 11, 14, 15, 18, 18, 19])  // February, March, April
  }

  /// COUNT counts instances in time order, whatever order BYHOUR lists them in (libical 3.0.16
  /// counts them in the order written, so the last one differs).
  @Test func unsortedListsAndCount() throws {
    let hours = try Read.busy(
      Read.person(
        """
        BEGIN:VEVENT
        UID:x
        DTSTART:19970807T030000Z
        DURATION:PT1H
        RRULE:FREQ=DAILY;BYHOUR=14,3;COUNT=4
        END:VEVENT
        """, from: "1997-08-01", to: "1997-10-01")
    ).map { ($0.start - Read.instant("1997-08-07")) / 3600 }
    #expect(hours == [3, 14, 27, 38])
  }
}
