import Foundation
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeICS

/// System zones come from the tz database's TZif files (`OffsetTable`): checked against Python's
/// zoneinfo, another reader of the same files (RFC 8536), for every zone.
@Suite struct ZoneTests {
  @Test func offsetTablesAgreeWithPythonsZoneinfoForEveryZone() throws {
    var state: UInt64 = 42
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    let from: Instant = -2_208_988_800  // 1900
    let to: Instant = 7_258_118_400  // 2200
    let names = TZDatabase.names
    #expect(Zone.knownNames.count > 400 && names.count > Zone.knownNames.count)
    #expect(Zone.knownNames.contains("Asia/Kolkata") && !Zone.knownNames.contains("Asia/Calcutta"))
    #expect(names.contains("Asia/Calcutta"))
    var asked: [(name: String, instants: [Instant], table: OffsetTable)] = []
    for name in names {
      let table = try #require(OffsetTable.shared(name), "\(name)")
      // Random instants, and both sides of every change the table holds in 1900–2200.
      var instants = (0..<150).map { _ in from + Int64(next() % UInt64(to - from)) }
      for change in table.changeInstants where change > from && change < to {
        instants += [change - 1, change, change + 1]
      }
      // After the list, the footer's rule answers.
      instants += (0..<20).map { _ in OffsetTable.to + Int64(next() % 3_000_000_000) }
      asked.append((name, instants, table))
    }
    let script = """
      import sys, zoneinfo, datetime
      zoneinfo.reset_tzpath([sys.argv[1]])
      out = []
      for line in sys.stdin:
          name, *ts = line.split()
          z = zoneinfo.ZoneInfo(name)
          out.append(' '.join(str(int(datetime.datetime.fromtimestamp(int(t), z).utcoffset().total_seconds())) for t in ts))
      print('\\n'.join(out))
      """
    let input = asked.map { ([$0.name] + $0.instants.map(String.init)).joined(separator: " ") }
      .joined(separator: "\n")
    let answers = try Subprocess.run(
      Python.path, ["-c", script, TZDatabase.directory], stdin: input + "\n")
    #expect(answers.status == 0, "\(answers.stderr)")
    let lines = answers.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    var compared = 0
    for (k, zone) in asked.enumerated() where k < lines.count {
      let expected = lines[k].split(separator: " ").map { Int($0)! }
      #expect(expected.count == zone.instants.count, "\(zone.name)")
      var answer: [Instant: Int] = [:]
      for (instant, offset) in zip(zone.instants, expected) { answer[instant] = offset }
      for (instant, offset) in zip(zone.instants, expected) {
        #expect(zone.table.offset(at: instant) == offset, "\(zone.name) at \(instant)")
        // The span around it has that offset, at its ends too (where Python was asked).
        let span = zone.table.span(at: instant)
        #expect(span.offset == offset && span.from <= instant && instant < span.to)
        for edge in [span.from, span.to - 1] {
          if let there = answer[edge] {
            #expect(there == offset, "\(zone.name): span \(span.from)..<\(span.to)")
          }
        }
        compared += 1
      }
    }
    #expect(lines.count >= asked.count)
    #expect(compared > 100_000)
  }

  /// Offsets the footer's rule gives after the transitions a file lists, and the names that
  /// are not files: offsets from GMT or UTC, ICU's IDs, Windows names.
  @Test func footerRulesAndOtherNames() throws {
    let prague = try #require(Zone.named("Europe/Prague"))
    #expect(prague.utcOffset(at: CivilTime.seconds(2150, 7, 1)) == 7200)
    #expect(prague.utcOffset(at: CivilTime.seconds(2150, 1, 1)) == 3600)
    #expect(prague.utcOffset(at: CivilTime.seconds(2060, 3, 26, 0, 59)) == 3600)
    #expect(prague.utcOffset(at: CivilTime.seconds(2060, 3, 28, 1)) == 7200)
    let sydney = try #require(Zone.named("Australia/Sydney"))
    #expect(sydney.utcOffset(at: CivilTime.seconds(2090, 1, 1)) == 39600)
    #expect(sydney.utcOffset(at: CivilTime.seconds(2090, 7, 1)) == 36000)
    #expect(Zone.gmtOffset("GMT+1") == 3600)
    #expect(Zone.gmtOffset("UTC-05:30") == -19800)
    #expect(Zone.gmtOffset("GMT+0100") == 3600)
    #expect(Zone.gmtOffset("UTC+5.30") == 19800)
    #expect(Zone.gmtOffset("GMT+19") == nil)
    #expect(Zone.gmtOffset("GMT+18:30") == nil)
    #expect(Zone.gmtOffset("GMT+1:5") == nil)
    #expect(Zone.gmtOffset("GMTX") == nil)
    #expect(Zone.named("GMT-0800")?.utcOffset(at: 0) == -28800)
    #expect(Zone.named("PST")?.utcOffset(at: CivilTime.seconds(2026, 1, 1)) == -28800)
    #expect(Zone.named("IST")?.utcOffset(at: CivilTime.seconds(2026, 1, 1)) == 19800)
    #expect(Zone.named("Europe/Nowhere") == nil)
    #expect(Zone.named("posix/Europe/Prague") == nil)
    #expect(Zone.named("../zoneinfo/Europe/Prague") == nil)
    #expect(Zone.windows("W. Europe Standard Time")?.name == "Europe/Berlin")
    #expect(Zone.windows("Eastern Standard Time")?.name == "America/New_York")
    #expect(Zone.windows("Europe/Prague") == nil)
    #expect(Zone.lookUp("europe/prague")?.name == "Europe/Prague")
  }

  /// ICU's copy of the tz database (used where the system has none, `OffsetTable.icu`) gives the
  /// changes the system's files give, for zones whose rules neither changed lately.
  @Test(arguments: ["Europe/Prague", "America/New_York", "Australia/Sydney", "Asia/Kolkata"])
  func icuZonesAgreeWithTheSystemsFiles(name: String) throws {
    let from = CivilTime.seconds(1990, 1, 1)
    let to = CivilTime.seconds(2040, 1, 1)
    let (starts, offsets) = try #require(ICUZones.transitions(name, from: from, to: to))
    let table = try #require(OffsetTable.shared(name))
    #expect(starts.count > (name == "Asia/Kolkata" ? 0 : 90))
    #expect(Array(starts.dropFirst()) == table.changeInstants.filter { $0 > from && $0 < to })
    for (start, offset) in zip(starts, offsets) {
      #expect(table.offset(at: start) == offset, "\(name) at \(start)")
    }
    #expect(ICUZones.transitions("Europe/Nowhere", from: from, to: to) == nil)
  }

  /// A file's VTIMEZONE answers from libical's own list of its changes (`LibicalZone`): the
  /// same offset as libical's `icaltimezone_get_utc_offset_of_utc_time` at every instant, on
  /// every VTIMEZONE in Fixtures/ (those libical would spin on aside).
  @Test func fileZonesAnswerAsLibicalDoes() throws {
    var state: UInt64 = 7
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    let root = Paths.fixtures.path
    let paths = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".ics") }.sorted()
    var zones = 0
    var tabled = 0
    var own = 0
    var compared = 0
    for relative in paths {
      guard let data = FileManager.default.contents(atPath: root + "/" + relative),
        data.count < 2_000_000
      else { continue }
      var scanner = LineScanner(bytes: Array(data))
      var block: [ContentLine]? = nil
      while let line = try? scanner.next() {
        if line.name == "BEGIN" && line.keyword == "VTIMEZONE" { block = [] }
        block?.append(line)
        guard line.name == "END" && line.keyword == "VTIMEZONE", let lines = block else { continue }
        block = nil
        // Rules other than FREQ=YEARLY make libical spin; freetime never builds such a zone.
        let spins = lines.contains {
          $0.name == "RRULE" && !$0.value.uppercased().contains("FREQ=YEARLY")
        }
        guard !spins, let zone = LibicalZone(lines) else { continue }
        Self.expandFar(zone)
        zones += 1
        let changes = zone.changeInstants
        if !changes.isEmpty { tabled += 1 }
        if zone.changesAreOwn { own += 1 }
        var instants = (0..<100).map { _ in -2_208_988_800 + Int64(next() % 6_500_000_000) }
        for change in changes { instants += [change - 1, change, change + 1] }
        for instant in instants {
          #expect(
            zone.utcOffset(at: instant) == zone.askLibical(at: instant),
            "\(relative) at \(instant)")
          let span = zone.utcOffsetSpan(at: instant)
          #expect(span.from <= instant && instant < span.to)
          for edge in [span.from, span.to - 1] {
            #expect(zone.askLibical(at: edge) == span.offset, "\(relative): span of \(instant)")
          }
          compared += 1
        }
      }
    }
    #expect(zones > 50)
    #expect(tabled > 50)
    #expect(own > 40)
    #expect(compared > 10_000)
  }

  /// Random VTIMEZONEs of the shapes `ObservanceChanges` reads (and some it leaves to libical):
  /// DTSTART in 1601, 1970 or near now, numbered and last weekdays, BYMONTHDAY weeks, UNTIL in
  /// UTC and local time, RDATEs, a missing TZOFFSETFROM, one observance or several; every
  /// answer equal to libical's.
  @Test func randomZonesAnswerAsLibicalDoes() throws {
    var state: UInt64 = 11
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    func offset(_ seconds: Int) -> String {
      let a = abs(seconds)
      let text = (seconds < 0 ? "-" : "+") + String(format: "%02d%02d", a / 3600, a % 3600 / 60)
      return a % 60 == 0 ? text : text + String(format: "%02d", a % 60)
    }
    let days = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    var own = 0
    for n in 0..<300 {
      let standard = (next(28) - 12) * 3600 + [0, 0, 0, 1800, 2700, 17][next(6)]
      let saving = [3600, 3600, 1800, 7200, -3600][next(5)]
      var lines = ["BEGIN:VTIMEZONE", "TZID:Random/\(n)"]
      for (kind, to, from) in [
        ("DAYLIGHT", standard + saving, standard), ("STANDARD", standard, standard + saving),
      ].prefix(next(6) == 0 ? 1 : 2) {
        let year = [1601, 1970, 1970, 2007, 2024, 2026][next(6)]
        let month = 1 + next(12)
        lines += ["BEGIN:\(kind)"]
        var body = [
          "TZOFFSETTO:\(offset(to))",
          String(
            format: "DTSTART:%04d%02d%02dT%02d%02d00", year, month, 1 + next(28), next(4),
            [0, 30][next(2)]),
        ]
        if next(8) != 0 { body.append("TZOFFSETFROM:\(offset(from))") }
        switch next(6) {
        case 0: break  // DTSTART alone
        case 1:
          body.append(
            String(format: "RDATE:%04d%02d%02dT020000", 2026 + next(3), 1 + next(12), 1 + next(28)))
          if next(2) == 0 {
            body.append(
              String(
                format: "RDATE:%04d%02d%02dT010000Z", 2026 + next(3), 1 + next(12), 1 + next(28)))
          }
        default:
          var rule = "RRULE:FREQ=YEARLY;BYMONTH=\(month);"
          let day = days[next(7)]
          switch next(4) {
          case 0: rule += "BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=\(day)"
          case 1: rule += "BYDAY=-1\(day)"
          case 2: rule += "BYDAY=\(1 + next(5))\(day)"
          default: rule += "BYDAY=\([-2, -5, 4][next(3)])\(day)"
          }
          switch next(5) {
          case 0:
            rule += String(
              format: ";UNTIL=%04d%02d%02dT%02d0000Z", 2020 + next(10), month, 1 + next(28),
              next(24))
          case 1:
            rule += String(
              format: ";UNTIL=%04d%02d%02dT020000", 2020 + next(10), month, 1 + next(28))
          case 2: rule += ";INTERVAL=1"
          default: break
          }
          body.append(rule)
        }
        lines += (next(2) == 0 ? body : body.reversed()) + ["END:\(kind)"]
      }
      lines.append("END:VTIMEZONE")
      let content = lines.enumerated().map { ContentLine(bytes: Array($1.utf8), number: $0 + 1) }
      let zone = try #require(LibicalZone(content), "\(lines)")
      if zone.changesAreOwn { own += 1 }
      Self.expandFar(zone)
      var instants = (0..<60).map { _ in Instant(-11_000_000_000 + next(16_000_000_000)) }
      for change in zone.changeInstants { instants += [change - 1, change, change + 1] }
      for instant in instants {
        #expect(
          zone.utcOffset(at: instant) == zone.askLibical(at: instant),
          "\(lines.joined(separator: "\n")) at \(instant)")
      }
    }
    #expect(own > 250)
  }

  /// Makes libical expand the zone's changes far ahead before it is compared with the table.
  /// libical expands them up to a year (five after the one asked about), keeps a change by the
  /// year of its wall clock and looks one up by the year of its UTC time, so a change early on
  /// 1 January of the year after the last one expanded is missing from its answers until a later
  /// year is asked about: its answers at the end of a year depend on what it was asked before
  /// (docs/LIBICAL.md). The table holds every change up to its end.
  static func expandFar(_ zone: LibicalZone) {
    _ = zone.askLibical(at: 4_200_000_000)  // 2103
  }

  /// Observances a review found `ObservanceChanges` read unlike libical (it now leaves them to
  /// libical): SKIP=, a local UNTIL that is no real time, `BEGIN: DAYLIGHT` (libical matches the
  /// name from the value's first byte), rules starting before 1583 (ICU's Julian calendar), and
  /// changes next to 29 February 1700 (libical's leap years are Julian up to 1752). Each with a
  /// STANDARD beside it, so the offsets differ when the lists do.
  @Test(arguments: [
    (
      "BEGIN:DAYLIGHT", "20200401T020000",
      "FREQ=YEARLY;BYMONTH=4;BYDAY=SU;BYMONTHDAY=25,26,27,28,29,30,31;SKIP=FORWARD"
    ),
    (
      "BEGIN:DAYLIGHT", "20200401T020000",
      "FREQ=YEARLY;BYMONTH=4;BYDAY=SU;BYMONTHDAY=-31,-30,-29,-28,-27,-26,-25;SKIP=BACKWARD"
    ),
    ("BEGIN:DAYLIGHT", "20200301T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=1SU;UNTIL=20260301T015960"),
    ("BEGIN:DAYLIGHT", "20200302T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=1MO;UNTIL=20270230T120000"),
    ("BEGIN: DAYLIGHT", "19700329T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
    ("BEGIN:\tDAYLIGHT", "19700329T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
    ("BEGIN:DAYLIGHT", "16010305T003000", "FREQ=YEARLY;BYMONTH=3;BYDAY=1MO"),
    ("BEGIN:DAYLIGHT", "17000301T003000", ""),
    ("BEGIN:DAYLIGHT", "15000329T020000", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
  ])
  func shapesLeftToLibical(begin: String, start: String, rule: String) throws {
    var lines = [
      "BEGIN:VTIMEZONE", "TZID:T", begin, "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
      "DTSTART:\(start)",
    ]
    if !rule.isEmpty { lines.append("RRULE:\(rule)") }
    lines += [
      "END:DAYLIGHT", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
      "DTSTART:15001025T030000", "END:STANDARD", "END:VTIMEZONE",
    ]
    let content = lines.enumerated().map { ContentLine(bytes: Array($1.utf8), number: $0 + 1) }
    let zone = try #require(LibicalZone(content))
    Self.expandFar(zone)
    var instants: [Instant] = []
    for year in [1500, 1582, 1601, 1699, 1700, 1701, 2020, 2026, 2027, 2040] {
      for month in 1...12 {
        for day in [1, 2, 8, 15, 22, 25, 26, 27, 28, 29, 30, 31] where day <= 28 || month != 2 {
          let t = CivilTime.seconds(year, month, day)
          instants += [t - 3600, t - 1, t, t + 1800, t + 3600, t + 7200]
        }
      }
    }
    for change in zone.changeInstants { instants += [change - 1, change, change + 1] }
    for instant in instants {
      #expect(zone.utcOffset(at: instant) == zone.askLibical(at: instant), "\(lines) at \(instant)")
    }
  }

  /// The file's VTIMEZONE is the zone used, not the system zone of the same name, whatever the
  /// order of its observance's properties (TZOFFSETFROM before DTSTART, as Google writes them)
  /// and without TZOFFSETFROM (read as TZOFFSETTO, as libical reads it).
  @Test(arguments: [
    ["TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "DTSTART:19700101T000000"],
    ["TZOFFSETTO:+0300", "DTSTART:19700101T000000"],
  ])
  func fileZoneWinsOverTheSystemZone(observance: [String]) throws {
    let lines =
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTIMEZONE", "TZID:America/New_York",
        "BEGIN:STANDARD",
      ] + observance + [
        "END:STANDARD", "END:VTIMEZONE", "BEGIN:VEVENT", "UID:a", "DTSTAMP:20260101T000000Z",
        "DTSTART;TZID=America/New_York:20261201T100000",
        "DTEND;TZID=America/New_York:20261201T110000", "END:VEVENT", "END:VCALENDAR", "",
      ]
    let path = NSTemporaryDirectory() + "zone-file-wins-\(getpid())-\(observance.count).ics"
    try lines.joined(separator: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let options = ReadOptions(
      window: Interval(1_795_392_000, 1_798_761_600), defaultZone: Zone.utc, tentative: .busy,
      allDay: .busy, maxInstances: 1000)
    let person = try CalendarReader.read(
      CalendarSource(kind: .file(path), name: "p", argument: path), options: options)
    // 10:00 at +03:00 is 07:00 UTC (New York's own rules would say 15:00).
    #expect(person.busy == [Interval(1_796_108_400, 1_796_112_000)])
  }

  /// Outlook starts both observances on 1 January 1601, here at one instant with different
  /// offsets (which libical's sort orders as qsort leaves them): the list starts after that
  /// instant and is still made without libical's iterator; libical answers before it.
  @Test func outlookObservancesStartingAtOneInstant() throws {
    let lines = [
      "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "BEGIN:STANDARD",
      "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
      "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT",
      "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
      "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
    ]
    let content = lines.enumerated().map { ContentLine(bytes: Array($1.utf8), number: $0 + 1) }
    let zone = try #require(LibicalZone(content))
    #expect(zone.changesAreOwn)
    let tie = CivilTime.seconds(1601, 1, 1, 1)
    #expect(zone.changeInstants.first.map { $0 > tie } == true)
    Self.expandFar(zone)
    var instants: [Instant] = [tie - 1, tie, tie + 1, tie + 86400 * 40]
    for change in zone.changeInstants { instants += [change - 1, change, change + 1] }
    for instant in instants {
      #expect(zone.utcOffset(at: instant) == zone.askLibical(at: instant), "at \(instant)")
    }
  }

  /// A calendar's own zones by TZID, the last of a TZID winning, whether it defines a few (a
  /// list) or many (a hash): before and after the table changes from one to the other.
  @Test func aCalendarsOwnZonesByTZID() {
    let table = ZoneTable()
    var expected: [String: Int] = [:]
    for i in 0..<40 {
      let tzid = "Own/\(i % 25)"
      table.define(Zone.fixed(offset: i * 60), tzid: tzid)
      expected[tzid] = i * 60
      for (name, offset) in expected {
        #expect(table.zone(for: name)?.utcOffset(at: 0) == offset, "\(name) after \(i)")
        #expect(table.source(of: name) == .file)
      }
    }
    #expect(table.zone(for: "Own/99") == nil)
    #expect(table.zone(for: "Europe/Prague")?.name == "Europe/Prague")
  }
}
