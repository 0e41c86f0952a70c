import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

@Suite struct EventTests {
  @Test func dtendDurationAndBareStart() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:a
      DTSTART:20261124T090000Z
      DTEND:20261124T100000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:b
      DTSTART:20261124T120000Z
      DURATION:PT45M
      END:VEVENT
      BEGIN:VEVENT
      UID:c
      DTSTART:20261124T150000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      DTSTART;VALUE=DATE:20261126
      END:VEVENT
      """, from: "2026-11-24", to: "2026-11-28")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z"),
        Read.span("2026-11-24T12:00Z", "2026-11-24T12:45Z"),
        Read.span("2026-11-26", "2026-11-27"),
      ])
    #expect(p.diagnostics.isEmpty)
  }

  @Test func transparentCancelledAndTentative() throws {
    let body = """
      BEGIN:VEVENT
      UID:t
      DTSTART:20261124T090000Z
      DTEND:20261124T100000Z
      TRANSP:TRANSPARENT
      END:VEVENT
      BEGIN:VEVENT
      UID:c
      DTSTART:20261124T110000Z
      DTEND:20261124T120000Z
      STATUS:CANCELLED
      END:VEVENT
      BEGIN:VEVENT
      UID:m
      DTSTART:20261124T130000Z
      DTEND:20261124T140000Z
      STATUS:TENTATIVE
      END:VEVENT
      """
    let busy = try Read.person(body, from: "2026-11-24", to: "2026-11-25")
    #expect(Read.busy(busy) == [Read.span("2026-11-24T13:00Z", "2026-11-24T14:00Z")])
    let free = try Read.person(body, from: "2026-11-24", to: "2026-11-25", tentative: .free)
    #expect(Read.busy(free).isEmpty)
  }

  @Test func allDayFree() throws {
    let body = """
      BEGIN:VEVENT
      UID:d
      DTSTART;VALUE=DATE:20261124
      DTEND;VALUE=DATE:20261126
      END:VEVENT
      """
    let busy = try Read.person(body, from: "2026-11-23", to: "2026-11-30", zone: "Europe/Prague")
    let prague = Zone.named("Europe/Prague")!
    #expect(Read.busy(busy) == [Read.span("2026-11-24", "2026-11-26", zone: prague)])
    let free = try Read.person(
      body, from: "2026-11-23", to: "2026-11-30", zone: "Europe/Prague", allDay: .free)
    #expect(free.busy.isEmpty)
  }

  @Test func floatingTimesUseXWRTimezoneElseDefault() throws {
    let body = """
      BEGIN:VEVENT
      UID:f
      DTSTART:20261124T090000
      DTEND:20261124T100000
      END:VEVENT
      """
    let ny = try Read.person(
      body, header: "X-WR-TIMEZONE:America/New_York\r\n", from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(ny) == [Read.span("2026-11-24T14:00Z", "2026-11-24T15:00Z")])
    let fallback = try Read.person(body, from: "2026-11-23", to: "2026-11-30", zone: "Asia/Tokyo")
    #expect(Read.busy(fallback) == [Read.span("2026-11-24T00:00Z", "2026-11-24T01:00Z")])
  }

  @Test func unknownTZIDWarnsAndUsesHomeZone() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:u
      DTSTART;TZID=Mars/Olympus:20261124T090000
      DTEND;TZID=Mars/Olympus:20261124T100000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30", zone: "Europe/Prague")
    #expect(Read.busy(p) == [Read.span("2026-11-24T08:00Z", "2026-11-24T09:00Z")])
    #expect(p.diagnostics.count == 2)
    #expect(p.diagnostics[0].description.contains("unknown time zone 'Mars/Olympus'"))
    #expect(p.diagnostics[0].line == 6)
  }

  @Test func systemZoneWithoutVTIMEZONE() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:ny
      DTSTART;TZID=America/New_York:20261124T090000
      DTEND;TZID=America/New_York:20261124T093000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T14:00Z", "2026-11-24T14:30Z")])
    #expect(p.diagnostics.isEmpty)
  }

  static let customZone = """
    BEGIN:VTIMEZONE
    TZID:Custom Zone
    BEGIN:STANDARD
    DTSTART:19701025T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    END:STANDARD
    BEGIN:DAYLIGHT
    DTSTART:19700329T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    END:DAYLIGHT
    END:VTIMEZONE
    """

  @Test func fileVTIMEZONEEvenAfterTheEvent() throws {
    let event = """
      BEGIN:VEVENT
      UID:z
      DTSTART;TZID=Custom Zone:20261124T090000
      DTEND;TZID=Custom Zone:20261124T100000
      END:VEVENT
      """
    for body in [EventTests.customZone + "\n" + event, event + "\n" + EventTests.customZone] {
      let p = try Read.person(body, from: "2026-11-23", to: "2026-11-30")
      #expect(Read.busy(p) == [Read.span("2026-11-24T08:00Z", "2026-11-24T09:00Z")])
      #expect(p.diagnostics.isEmpty)
    }
  }

  /// RFC 5545 §3.3.5: in a fold the first occurrence, in a gap the offset from before it.
  @Test func foldAndGapWithFileZoneAndSystemZone() throws {
    for (zoneDef, tzid) in [(EventTests.customZone, "Custom Zone"), ("", "Europe/Prague")] {
      let p = try Read.person(
        zoneDef + """

          BEGIN:VEVENT
          UID:fold
          DTSTART;TZID=\(tzid):20261025T023000
          DURATION:PT10M
          END:VEVENT
          BEGIN:VEVENT
          UID:gap
          DTSTART;TZID=\(tzid):20260329T023000
          DURATION:PT10M
          END:VEVENT
          """, from: "2026-03-01", to: "2026-11-30")
      // Fold: 02:30 CEST (first) = 00:30Z. Gap: 02:30 read with +01:00 = 01:30Z.
      #expect(
        Read.busy(p) == [
          Read.span("2026-03-29T01:30Z", "2026-03-29T01:40Z"),
          Read.span("2026-10-25T00:30Z", "2026-10-25T00:40Z"),
        ], "\(tzid)")
    }
  }
}

@Suite struct RecurrenceTests {
  static let series = """
    BEGIN:VEVENT
    UID:standup
    DTSTART;TZID=Europe/Prague:20260105T093000
    DTEND;TZID=Europe/Prague:20260105T094500
    RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR
    EXDATE;TZID=Europe/Prague:20261127T093000
    END:VEVENT
    BEGIN:VEVENT
    UID:standup
    RECURRENCE-ID;TZID=Europe/Prague:20261123T093000
    DTSTART;TZID=Europe/Prague:20261123T140000
    DTEND;TZID=Europe/Prague:20261123T141000
    END:VEVENT
    BEGIN:VEVENT
    UID:standup
    RECURRENCE-ID;TZID=Europe/Prague:20261125T093000
    DTSTART;TZID=Europe/Prague:20261125T093000
    DTEND;TZID=Europe/Prague:20261125T094500
    STATUS:CANCELLED
    END:VEVENT
    """

  @Test func overridesMoveCancelAndExdate() throws {
    let p = try Read.person(
      RecurrenceTests.series, from: "2026-11-23", to: "2026-12-01", zone: "Europe/Prague")
    let prague = Zone.named("Europe/Prague")!
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T14:00", "2026-11-23T14:10", zone: prague),  // moved
        // Wed cancelled, Fri excluded
        Read.span("2026-11-30T09:30", "2026-11-30T09:45", zone: prague),
      ])
  }

  @Test func overrideMovesAnInstanceIntoTheWindow() throws {
    // The Friday before the window moved into it; the Monday in the window moved out.
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:s
      DTSTART:20261106T090000Z
      DTEND:20261106T100000Z
      RRULE:FREQ=WEEKLY;COUNT=10
      END:VEVENT
      BEGIN:VEVENT
      UID:s
      RECURRENCE-ID:20261120T090000Z
      DTSTART:20261124T160000Z
      DTEND:20261124T170000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:s
      RECURRENCE-ID:20261127T090000Z
      DTSTART:20261210T090000Z
      DTEND:20261210T100000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T16:00Z", "2026-11-24T17:00Z")])
  }

  @Test func rdateDateTimeAndPeriodAndCount() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART:20261123T080000Z
      DURATION:PT30M
      RRULE:FREQ=DAILY;COUNT=2
      RDATE:20261125T100000Z
      RDATE;VALUE=PERIOD:20261126T170000Z/20261126T180000Z,20261127T190000Z/PT15M
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T08:00Z", "2026-11-23T08:30Z"),
        Read.span("2026-11-24T08:00Z", "2026-11-24T08:30Z"),
        Read.span("2026-11-25T10:00Z", "2026-11-25T10:30Z"),
        Read.span("2026-11-26T17:00Z", "2026-11-26T18:00Z"),
        Read.span("2026-11-27T19:00Z", "2026-11-27T19:15Z"),
      ])
  }

  @Test func untilInUTCWithZonedStartAndLongRunningSeries() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:u
      DTSTART;TZID=America/New_York:20200106T090000
      DTEND;TZID=America/New_York:20200106T100000
      RRULE:FREQ=DAILY;UNTIL=20261125T140000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T14:00Z", "2026-11-23T15:00Z"),
        Read.span("2026-11-24T14:00Z", "2026-11-24T15:00Z"),
        Read.span("2026-11-25T14:00Z", "2026-11-25T15:00Z"),
      ])
  }

  @Test func dtstartIsAlwaysAnInstance() throws {
    // DTSTART on a Tuesday, rule says Mondays: both the Tuesday and the Mondays are busy.
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:d
      DTSTART:20261124T090000Z
      DTEND:20261124T100000Z
      RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2
      END:VEVENT
      """, from: "2026-11-23", to: "2026-12-10")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z"),
        Read.span("2026-11-30T09:00Z", "2026-11-30T10:00Z"),
        Read.span("2026-12-07T09:00Z", "2026-12-07T10:00Z"),
      ])
  }

  @Test func eventBeforeTheWindowLastingIntoItCounts() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:long
      DTSTART:20261120T000000Z
      DTEND:20261124T120000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:weekly-long
      DTSTART:20250101T000000Z
      DURATION:P3D
      RRULE:FREQ=WEEKLY
      END:VEVENT
      """, from: "2026-11-23T06:00Z", to: "2026-11-23T08:00Z")
    #expect(Read.busy(p) == [Read.span("2026-11-20T00:00Z", "2026-11-24T12:00Z")])
  }

  @Test func recurrenceBombIsAnErrorNamingTheLine() throws {
    let path = Read.write(
      Read.calendar(
        """
        BEGIN:VEVENT
        UID:bomb
        DTSTART:20261123T000000Z
        DURATION:PT1S
        RRULE:FREQ=SECONDLY
        END:VEVENT
        """))
    let error = #expect(throws: ReadError.self) {
      try Read.read(path, from: "2026-11-23", to: "2026-11-30", maxInstances: 1000)
    }
    #expect(error?.line == 8)
    #expect(error?.description.contains("more than 1000 instances") == true)
    #expect(error?.description.contains("UID bomb") == true)
    // A narrow enough window reads it.
    let p = try Read.read(
      path, from: "2026-11-23T00:00Z", to: "2026-11-23T00:01Z", maxInstances: 1000)
    #expect(Read.busy(p) == [Read.span("2026-11-23T00:00Z", "2026-11-23T00:01Z")])
  }
}

@Suite struct FreeBusyAndStructureTests {
  @Test func freeBusyTypes() throws {
    let body = """
      BEGIN:VFREEBUSY
      UID:fb
      DTSTART:20261123T000000Z
      DTEND:20261130T000000Z
      FREEBUSY:20261124T080000Z/20261124T083000Z
      FREEBUSY;FBTYPE=BUSY:20261124T090000Z/20261124T100000Z,20261124T150000Z/PT1H
      FREEBUSY;FBTYPE=FREE:20261124T110000Z/PT1H
      FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261124T120000Z/PT1H
      FREEBUSY;FBTYPE=BUSY-UNAVAILABLE:20261124T130000Z/PT1H
      END:VFREEBUSY
      """
    let p = try Read.person(body, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T08:00Z", "2026-11-24T08:30Z"),
        Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z"),
        Read.span("2026-11-24T12:00Z", "2026-11-24T14:00Z"),
        Read.span("2026-11-24T15:00Z", "2026-11-24T16:00Z"),
      ])
    let free = try Read.person(body, from: "2026-11-23", to: "2026-11-30", tentative: .free)
    #expect(!Read.busy(free).contains(Read.span("2026-11-24T12:00Z", "2026-11-24T14:00Z")))
  }

  @Test func severalCalendarsInOneFileAndTodosNeverBlock() throws {
    let text = Read.calendar(
      """
      BEGIN:VCALENDAR
      VERSION:2.0
      BEGIN:VTODO
      UID:todo
      DTSTART:20261124T090000Z
      DUE:20261124T100000Z
      END:VTODO
      BEGIN:VEVENT
      UID:one
      DTSTART:20261124T090000Z
      DTEND:20261124T100000Z
      BEGIN:VALARM
      ACTION:DISPLAY
      TRIGGER:-PT15M
      END:VALARM
      END:VEVENT
      END:VCALENDAR
      BEGIN:VCALENDAR
      VERSION:2.0
      BEGIN:VEVENT
      UID:two
      DTSTART:20261125T090000Z
      DTEND:20261125T100000Z
      END:VEVENT
      END:VCALENDAR
      """)
    let p = try Read.read(Read.write(text), from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T10:00Z"),
      ])
  }

  @Test func foldedLinesAndLineNumbers() throws {
    let p = try Read.person(
      "BEGIN:VEVENT\nUID:fo\n ld\nDTSTART:2026112\n 4T090000Z\nDTEND:20261124T100000Z\nDESCRIPTION:long\n  text\nEND:VEVENT\nBEGIN:VEVENT\nUID:bad\nDTSTART:notadate\nEND:VEVENT",
      from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(p.diagnostics.count == 1)
    #expect(p.diagnostics[0].line == 15)
    #expect(p.diagnostics[0].uid == "bad")
  }

  @Test func vdirDirectoryIsOnePersonWithOverridesAcrossFiles() throws {
    let dir = Read.directory + "/vdir-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    _ = Read.write(
      Read.calendar(
        """
        BEGIN:VEVENT
        UID:w
        DTSTART:20261123T090000Z
        DTEND:20261123T100000Z
        RRULE:FREQ=DAILY;COUNT=3
        END:VEVENT
        """), name: "vdir-\(dir.split(separator: "-").last!)/a.ics")
    _ = Read.write(
      Read.calendar(
        """
        BEGIN:VEVENT
        UID:w
        RECURRENCE-ID:20261124T090000Z
        DTSTART:20261124T120000Z
        DTEND:20261124T130000Z
        END:VEVENT
        """), name: "vdir-\(dir.split(separator: "-").last!)/b.ics")
    let p = try Read.read(dir, kind: .directory(dir), from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z"),
        Read.span("2026-11-24T12:00Z", "2026-11-24T13:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T10:00Z"),
      ])
  }

  @Test(arguments: [
    ("", "empty file"),
    ("hello world\n", "not iCalendar"),
    ("<html><body>404</body></html>\n", "not iCalendar"),
    (
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20261124T090000Z\r\n",
      "truncated"
    ),
    ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "does not close"),
    ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-A:\u{0}\r\nEND:VCALENDAR\r\n", "NUL byte"),
    ("\r\n\r\n", "not iCalendar"),
    ("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Bob\r\nEND:VCARD\r\n", "found BEGIN:VCARD"),
    ("BEGIN:VALARM\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\n", "not iCalendar"),
  ])
  func unreadableCalendarsAreErrors(text: String, message: String) throws {
    let path = Read.write(text)
    let error = #expect(throws: ReadError.self) {
      try Read.read(path, from: "2026-11-23", to: "2026-11-30")
    }
    #expect(error?.description.contains(path) == true)
    #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
  }

  @Test func missingFileIsAnError() throws {
    let error = #expect(throws: ReadError.self) {
      try Read.read("/nonexistent/x.ics", from: "2026-11-23", to: "2026-11-30")
    }
    #expect(error?.description == "/nonexistent/x.ics: no such file")
  }
}

@Suite struct LenientStructureTests {
  @Test func bareEventIsReadWithAWarning() throws {
    let path = Read.write(
      "BEGIN:VEVENT\r\nUID:bare\r\nDTSTART:20261124T090000Z\r\nDTEND:20261124T100000Z\r\nEND:VEVENT\r\n"
    )
    let p = try Read.read(path, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(
      p.diagnostics.map(\.message) == ["BEGIN:VEVENT outside a VCALENDAR; read as if inside one"])
  }

  @Test func textAfterTheCalendarIsIgnoredWithAWarning() throws {
    let text =
      Read.calendar(
        "BEGIN:VEVENT\nUID:x\nDTSTART:20261124T090000Z\nDTEND:20261124T100000Z\nEND:VEVENT")
      + "X-COMMENT:cached\r\n"
    let p = try Read.read(Read.write(text), from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(p.diagnostics.map(\.line) == [10])
  }
}

/// Skipping a long-running series ahead to the window must give the same instances as stepping
/// through it from DTSTART.
@Suite struct FastForwardTests {
  @Test(arguments: [
    "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=MO,WE,FR",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH",
    "FREQ=MONTHLY;BYMONTHDAY=24", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYDAY=4TU",
    "FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=25,26", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
    "FREQ=YEARLY", "FREQ=HOURLY;INTERVAL=7", "FREQ=WEEKLY;UNTIL=20261126T000000Z",
    "FREQ=MINUTELY;INTERVAL=997", "FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR",
    "FREQ=MONTHLY;INTERVAL=2", "FREQ=MONTHLY;INTERVAL=5", "FREQ=YEARLY;INTERVAL=2",
    "FREQ=YEARLY;INTERVAL=3;BYMONTH=1,6,11", "FREQ=DAILY;INTERVAL=10;BYHOUR=9,15",
    "FREQ=WEEKLY;INTERVAL=3", "FREQ=MONTHLY;INTERVAL=3;BYDAY=2WE",
    "FREQ=HOURLY;INTERVAL=5;BYDAY=MO",
    "FREQ=MINUTELY;INTERVAL=30;BYHOUR=9,10", "FREQ=SECONDLY;INTERVAL=86401", "FREQ=HOURLY",
    "FREQ=HOURLY;BYHOUR=9,17",
  ])
  func sameInstances(rule: String) throws {
    for (from, to) in [
      ("2026-11-20", "2026-12-05"), ("2025-01-01", "2025-03-01"), ("2028-06-10", "2028-08-01"),
    ] {
      try same(rule: rule, from: from, to: to)
    }
  }

  func same(rule: String, from: String, to: String) throws {
    let body = Read.calendar(
      """
      BEGIN:VEVENT
      UID:ff
      DTSTART;TZID=Europe/Prague:20190124T093000
      DTEND;TZID=Europe/Prague:20190124T103000
      RRULE:\(rule)
      END:VEVENT
      """)
    let path = Read.write(body)
    let zone = Zone.named("Europe/Prague")!
    var options = ReadOptions(
      window: Read.span(from, to, zone: zone), defaultZone: zone,
      maxInstances: 10_000_000)
    let source = CalendarSource(kind: .file(path), name: "p", argument: path)
    let fast = try CalendarReader.read(source, options: options)
    options.fastForward = false
    let slow = try CalendarReader.read(source, options: options)
    #expect(Read.busy(fast) == Read.busy(slow), "\(rule) \(from)")
  }
}

@Suite struct VersionTests {
  @Test func theHighestSequenceOfAMasterWins() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:s
      SEQUENCE:2
      DTSTART:20261123T090000Z
      DTEND:20261123T100000Z
      RRULE:FREQ=DAILY;COUNT=3
      EXDATE:20261124T090000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:s
      SEQUENCE:1
      DTSTART:20261123T090000Z
      DTEND:20261123T100000Z
      RRULE:FREQ=DAILY;COUNT=3
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T10:00Z"),
      ])
  }

  @Test func aNewerMasterThatExcludesAnOverriddenInstanceDeletesTheOverride() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:d
      SEQUENCE:1
      RECURRENCE-ID:20261124T090000Z
      DTSTART:20261124T150000Z
      DTEND:20261124T160000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      SEQUENCE:2
      DTSTART:20261123T090000Z
      DTEND:20261123T100000Z
      RRULE:FREQ=DAILY;COUNT=2
      EXDATE:20261124T090000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z")])
  }

  /// Exporters often ship a VTIMEZONE with only recent rules; before its first observance the
  /// system zone of the same name answers (here CET, +01:00, in December 2016).
  @Test func timesBeforeAVTIMEZONEsFirstObservanceUseTheSystemZone() throws {
    let p = try Read.person(
      """
      BEGIN:VTIMEZONE
      TZID:Europe/Berlin
      BEGIN:STANDARD
      DTSTART:20181028T030000
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0100
      RDATE:20191027T030000
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:20190331T020000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      RDATE:20200329T020000
      END:DAYLIGHT
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:old
      DTSTART;TZID=Europe/Berlin:20161203T140000
      DTEND;TZID=Europe/Berlin:20161203T190000
      END:VEVENT
      BEGIN:VEVENT
      UID:covered
      DTSTART;TZID=Europe/Berlin:20190704T140000
      DTEND;TZID=Europe/Berlin:20190704T150000
      END:VEVENT
      """, from: "2016-01-01", to: "2020-01-01")
    #expect(
      Read.busy(p) == [
        Read.span("2016-12-03T13:00Z", "2016-12-03T18:00Z"),
        Read.span("2019-07-04T12:00Z", "2019-07-04T13:00Z"),
      ])
  }
}

@Suite struct RangeAndWindowsZoneTests {
  /// RANGE=THISANDFUTURE moves this and every later instance by the override's shift and gives
  /// them its length; a single override still wins for its own instance.
  @Test func thisAndFutureShiftsTheRestOfTheSeries() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART:20261123T120000Z
      DTEND:20261123T130000Z
      RRULE:FREQ=DAILY;COUNT=6
      END:VEVENT
      BEGIN:VEVENT
      UID:r
      RECURRENCE-ID;RANGE=THISANDFUTURE:20261125T120000Z
      DTSTART:20261125T090000Z
      DTEND:20261125T093000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:r
      RECURRENCE-ID:20261127T120000Z
      DTSTART:20261127T170000Z
      DTEND:20261127T180000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-12-01")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T12:00Z", "2026-11-23T13:00Z"),
        Read.span("2026-11-24T12:00Z", "2026-11-24T13:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T09:30Z"),
        Read.span("2026-11-26T09:00Z", "2026-11-26T09:30Z"),
        Read.span("2026-11-27T17:00Z", "2026-11-27T18:00Z"),
        Read.span("2026-11-28T09:00Z", "2026-11-28T09:30Z"),
      ])
  }

  @Test func windowsZoneNamesWithoutAVTIMEZONE() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:w
      DTSTART;TZID=Pacific Standard Time:20261124T090000
      DTEND;TZID=Pacific Standard Time:20261124T100000
      END:VEVENT
      BEGIN:VEVENT
      UID:w2
      DTSTART;TZID="W. Europe Standard Time":20260710T090000
      DTEND;TZID="W. Europe Standard Time":20260710T100000
      END:VEVENT
      """, from: "2026-07-01", to: "2026-12-01")
    #expect(
      Read.busy(p) == [
        Read.span("2026-07-10T07:00Z", "2026-07-10T08:00Z"),
        Read.span("2026-11-24T17:00Z", "2026-11-24T18:00Z"),
      ])
    #expect(p.diagnostics.isEmpty)
  }
}

@Suite struct ValueRuleTests {
  @Test func endAndDurationBlockUntilTheLaterEnd() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:both
      DTSTART:20261124T090000Z
      DTEND:20261124T100000Z
      DURATION:PT2H
      END:VEVENT
      BEGIN:VEVENT
      UID:both2
      DTSTART:20261125T090000Z
      DTEND:20261125T120000Z
      DURATION:PT1H
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T09:00Z", "2026-11-24T11:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T12:00Z"),
      ])
    #expect(p.diagnostics.count == 2)
  }

  @Test func backwardsSpansAreSkippedWithAWarning() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:back
      DTSTART:20261124T100000Z
      DTEND:20261124T090000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:neg
      DTSTART:20261124T100000Z
      DURATION:-PT1H
      END:VEVENT
      BEGIN:VEVENT
      UID:intact
      DTSTART:20261125T100000Z
      DURATION:PT1H
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-25T10:00Z", "2026-11-25T11:00Z")])
    #expect(p.diagnostics.map(\.line) == [7, 12])
    #expect(p.diagnostics.allSatisfy { $0.message.hasPrefix("event skipped") })
  }

  @Test func dateStartWithDateTimeEndIsAllDay() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:mixed
      DTSTART;VALUE=DATE:20261124
      DTEND:20261125T120000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24", "2026-11-26")])
    #expect(p.diagnostics.count == 1)
  }
}

@Suite struct ImpossibleValueTests {
  @Test func impossibleDatesAreRefusedNotRolledOver() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:feb30
      DTSTART:20260230T090000Z
      DTEND:20260230T100000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:late
      DTSTART:20260302T236000Z
      DURATION:PT1H
      END:VEVENT
      BEGIN:VEVENT
      UID:ok
      DTSTART:20260302T090000Z
      DURATION:PT1H
      RRULE:FREQ=DAILY;COUNT=3
      EXDATE:20260303T090000Z,20260231T090000Z
      END:VEVENT
      BEGIN:VFREEBUSY
      FREEBUSY:20260305T090000Z/PT1H
      FREEBUSY:20260332T090000Z/PT1H
      END:VFREEBUSY
      """, from: "2026-02-01", to: "2026-04-01")
    #expect(
      Read.busy(p) == [
        Read.span("2026-03-02T09:00Z", "2026-03-02T10:00Z"),
        // 2026-03-03 is excluded: only the impossible value of the EXDATE list was refused.
        Read.span("2026-03-04T09:00Z", "2026-03-04T10:00Z"),
        Read.span("2026-03-05T09:00Z", "2026-03-05T10:00Z"),
      ])
    #expect(p.diagnostics.map(\.line) == [6, 11, 19, 23])
    #expect(
      p.diagnostics[0].description.contains("impossible date or time '20260230T090000Z' in DTSTART")
    )
    #expect(p.diagnostics[0].uid == "feb30")
  }
}

/// Rule shapes libical 3.0.16 gets wrong (docs/LIBICAL.md), expanded or checked by freetime.
@Suite struct LibicalGuardTests {
  func busy(_ rule: String, start: String = "20260105T090000Z", from: String, to: String) throws
    -> [Interval]
  {
    try Read.busy(
      Read.person(
        """
        BEGIN:VEVENT
        UID:g
        DTSTART:\(start)
        DURATION:PT30M
        RRULE:\(rule)
        END:VEVENT
        """, from: from, to: to))
  }

  @Test func negativeMonthDayUnderDaily() throws {
    #expect(
      try busy("FREQ=DAILY;BYMONTHDAY=-1", from: "2026-01-01", to: "2026-04-01") == [
        Read.span("2026-01-05T09:00Z", "2026-01-05T09:30Z"),
        Read.span("2026-01-31T09:00Z", "2026-01-31T09:30Z"),
        Read.span("2026-02-28T09:00Z", "2026-02-28T09:30Z"),
        Read.span("2026-03-31T09:00Z", "2026-03-31T09:30Z"),
      ])
  }

  @Test func weekNumbersWithWeekStartAndFromTheEnd() throws {
    // The last ISO week of 2026 starts Monday 28 December; of 2027, Monday 27 December.
    #expect(
      try busy("FREQ=YEARLY;BYWEEKNO=-1;WKST=MO", from: "2026-06-01", to: "2028-01-01") == [
        Read.span("2026-12-28T09:00Z", "2026-12-28T09:30Z"),
        Read.span("2027-12-27T09:00Z", "2027-12-27T09:30Z"),
      ])
    // With weeks starting on Sunday, week 1 of 2027 is Sunday 3 – Saturday 9 January.
    #expect(
      try busy("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO,SA;WKST=SU", from: "2026-06-01", to: "2027-06-01")
        == [
          Read.span("2027-01-04T09:00Z", "2027-01-04T09:30Z"),
          Read.span("2027-01-09T09:00Z", "2027-01-09T09:30Z"),
        ])
  }

  @Test func inventedInstancesAreDropped() throws {
    // Counted from second 0 in steps of 2, no instance has second 1: only DTSTART is busy, and
    // freetime says so before asking libical's iterator (which would invent instances).
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:sec
      DTSTART:20260105T090000Z
      DURATION:PT1S
      RRULE:FREQ=SECONDLY;INTERVAL=2;BYSECOND=1;COUNT=5
      END:VEVENT
      """, from: "2026-01-05T09:00Z", to: "2026-01-05T09:02Z")
    #expect(Read.busy(p) == [Read.span("2026-01-05T09:00:00Z", "2026-01-05T09:00:01Z")])
    #expect(
      p.diagnostics.map(\.message) == [
        "RRULE's INTERVAL never reaches a time its BYSECOND, BYMINUTE or BYHOUR names from DTSTART; only DTSTART is used"
      ])
  }

  /// Without COUNT, over a week, the same rule keeps DTSTART at once: no instance cap is hit.
  /// Steps that do reach the named time are expanded as before.
  @Test func stepsThatNeverMeetTheirTimesKeepOnlyDTSTART() throws {
    for (rule, start) in [
      ("FREQ=SECONDLY;INTERVAL=2;BYSECOND=1", "20260105T090000Z"),
      ("FREQ=MINUTELY;INTERVAL=15;BYMINUTE=7", "20260105T090000Z"),
      ("FREQ=HOURLY;INTERVAL=6;BYHOUR=10", "20260105T090000Z"),
    ] {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:sec
        DTSTART:\(start)
        DURATION:PT1S
        RRULE:\(rule)
        END:VEVENT
        """, from: "2026-01-05", to: "2026-01-12", maxInstances: 1000)
      #expect(
        Read.busy(p) == [Read.span("2026-01-05T09:00:00Z", "2026-01-05T09:00:01Z")], "\(rule)")
    }
    let met = try Read.person(
      """
      BEGIN:VEVENT
      UID:sec
      DTSTART:20260105T090000Z
      DURATION:PT1S
      RRULE:FREQ=HOURLY;INTERVAL=6;BYHOUR=15;COUNT=3
      END:VEVENT
      """, from: "2026-01-05", to: "2026-01-12")
    #expect(Read.busy(met).count == 4)  // DTSTART and three at 15:00 (COUNT counts those)
  }

  /// One bad value of an EXDATE or RDATE list costs only itself.
  @Test func listsAreReadValueByValue() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:l
      DTSTART:20261123T090000Z
      DTEND:20261123T100000Z
      RRULE:FREQ=DAILY;COUNT=5
      EXDATE:20261124T090000Z,garbage,20261125T090000Z,20261330T090000Z
      RDATE;VALUE=PERIOD:nonsense/PT1H,20261128T120000Z/PT1H
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z"),
        Read.span("2026-11-26T09:00Z", "2026-11-26T10:00Z"),
        Read.span("2026-11-27T09:00Z", "2026-11-27T10:00Z"),
        Read.span("2026-11-28T12:00Z", "2026-11-28T13:00Z"),
      ])
    #expect(p.diagnostics.count == 3)
  }
}

@Suite struct StrayOverrideTests {
  @Test func anOverrideOfNoInstanceBlocksWithAWarning() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:w
      DTSTART:20261123T090000Z
      DTEND:20261123T100000Z
      RRULE:FREQ=WEEKLY;BYDAY=MO
      END:VEVENT
      BEGIN:VEVENT
      UID:w
      RECURRENCE-ID:20261125T090000Z
      DTSTART:20261125T150000Z
      DTEND:20261125T160000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z"),
        Read.span("2026-11-25T15:00Z", "2026-11-25T16:00Z"),
      ])
    #expect(p.diagnostics.map(\.line) == [12])
    #expect(p.diagnostics[0].message.hasPrefix("RECURRENCE-ID matches no instance"))
  }

  @Test func dtstartStaysWhenLibicalReturnsNothing() throws {
    // UNTIL before DTSTART, and a rule libical rejects: DTSTART is still busy.
    for rule in ["FREQ=DAILY;UNTIL=20261101T000000Z", "FREQ=DAILY;BYMONTH=13"] {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:u
        DTSTART:20261124T090000Z
        DTEND:20261124T100000Z
        RRULE:\(rule)
        END:VEVENT
        """, from: "2026-11-23", to: "2026-11-30")
      #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")], "\(rule)")
    }
  }

  @Test func exdateInAnotherZoneIsComparedAsAnInstant() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:x
      DTSTART;TZID=Europe/Prague:20261123T100000
      DTEND;TZID=Europe/Prague:20261123T110000
      RRULE:FREQ=DAILY;COUNT=3
      EXDATE;TZID=America/New_York:20261124T040000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T10:00Z"),
      ])
  }

  /// Observance rules libical 3.0.16 spins on or expands for seconds (docs/LIBICAL.md, Time
  /// zones): the zone is ignored with a warning at the rule, and Europe/Prague is the
  /// system's. A rule with a few onsets a year (a second Sunday written as BYMONTHDAY=8…14) is
  /// still the file's zone (+0300 here).
  @Test(arguments: [
    ("FREQ=SECONDLY;BYMONTH=10", true),
    ("FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU", true),
    ("FREQ=YEARLY;BYMONTH=10;BYDAY=SU;BYHOUR=0,1,2,3,4,5,6,7;BYMINUTE=0,30", true),
    ("FREQ=YEARLY;BYYEARDAY=" + (1...40).map(String.init).joined(separator: ","), true),
    ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1", true),
    ("FREQ=YEARLY;BYMONTH=10;BYDAY=SU;BYMONTHDAY=8,9,10,11,12,13,14", false),
  ])
  func vtimezoneRulesLibicalSpinsOnAreRefusedWithAWarning(rule: String, refused: Bool) throws {
    let p = try Read.person(
      """
      BEGIN:VTIMEZONE
      TZID:Europe/Prague
      BEGIN:STANDARD
      DTSTART:00011025T030000
      RRULE:\(rule)
      TZOFFSETFROM:+0300
      TZOFFSETTO:+0300
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:z
      DTSTART;TZID=Europe/Prague:20261124T090000
      DTEND;TZID=Europe/Prague:20261124T100000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    let (start, end) = refused ? ("08", "09") : ("06", "07")
    #expect(Read.busy(p) == [Read.span("2026-11-24T\(start):00Z", "2026-11-24T\(end):00Z")])
    #expect(p.diagnostics.map(\.line) == (refused ? [8] : []), "\(p.diagnostics)")
  }

  /// An event without DTSTART is skipped with a warning (it counts neither as read nor as
  /// unreadable); the time up to its DTEND on that day is unknown.
  @Test func missingDtstartSkipsTheEventWithAWarning() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:nostart
      DTEND:20261124T100000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(p.busy.isEmpty)
    #expect(p.unknown == [Read.span("2026-11-24T00:00Z", "2026-11-24T10:00Z")])
    #expect(p.diagnostics.first?.message == "event skipped: it has no DTSTART")
  }
}

@Suite struct MixedValueTests {
  @Test func versionsTieBreakOnDtstampAndTiesAreAllKept() throws {
    let body = """
      BEGIN:VEVENT
      UID:v
      DTSTAMP:20261101T000000Z
      DTSTART:20261124T090000Z
      DTEND:20261124T100000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:v
      DTSTAMP:@STAMP@
      DTSTART:20261125T090000Z
      DTEND:20261125T100000Z
      END:VEVENT
      """
    let later = try Read.person(
      body.replacingOccurrences(of: "@STAMP@", with: "20261102T000000Z"), from: "2026-11-23",
      to: "2026-11-30")
    #expect(Read.busy(later) == [Read.span("2026-11-25T09:00Z", "2026-11-25T10:00Z")])
    let tie = try Read.person(
      body.replacingOccurrences(of: "@STAMP@", with: "20261101T000000Z"), from: "2026-11-23",
      to: "2026-11-30")
    // A tie keeps both versions: neither is known to replace the other.
    #expect(
      Read.busy(tie) == [
        Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T10:00Z"),
      ])
    #expect(tie.diagnostics.map(\.message).contains { $0.contains("both are kept") })
  }

  /// A floating DTSTART beside UTC times is read in UTC, as they are (a floating time beside a
  /// zoned one is read in that zone): `freetime check` notes it.
  @Test func aFloatingSeriesWithUtcExdatesIsReadInUtc() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:f
      DTSTART:20261123T090000
      DTEND:20261123T100000
      RRULE:FREQ=DAILY;COUNT=3
      EXDATE:20261124T090000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30", zone: "Europe/Prague")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z"),
        Read.span("2026-11-25T09:00Z", "2026-11-25T10:00Z"),
      ])
    #expect(p.diagnostics.isEmpty)
  }

  @Test func dateRdateOfAZonedSeriesIsMidnightOnTheSeriesClock() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART;TZID=America/New_York:20261123T180000
      DURATION:PT1H
      RDATE;TZID=America/New_York;VALUE=PERIOD:20261125/20261126
      RDATE;VALUE=DATE:20261127
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30", zone: "Europe/Prague")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T23:00Z", "2026-11-24T00:00Z"),
        Read.span("2026-11-25T05:00Z", "2026-11-26T05:00Z"),
        Read.span("2026-11-27T05:00Z", "2026-11-27T06:00Z"),
      ])
  }
}

@Suite struct EncodingTests {
  /// A UTF-8 byte-order mark, LF-only line ends, and a fold that splits a UTF-8 sequence.
  @Test func bomLfAndFoldsInsideUtf8() throws {
    var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
    bytes += Array("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:caf".utf8)
    bytes += [0xC3, 0x0A, 0x20, 0xA9]  // "é" folded between its two bytes
    bytes += Array(
      "\nDTSTART:20261124T090000Z\nDTEND:20261124T100000Z\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
    let path = Read.directory + "/bom-\(UInt32.random(in: 0...UInt32.max)).ics"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let p = try Read.read(path, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(p.diagnostics.isEmpty)
  }
}

@Suite struct AllDayOverrideTests {
  /// An all-day override whose RECURRENCE-ID is midnight UTC moves the instance of that date
  /// (also when the home zone is east of UTC).
  @Test func dateTimeRecurrenceIdOfAnAllDaySeries() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:d
      DTSTART;VALUE=DATE:20261123
      DTEND;VALUE=DATE:20261124
      RRULE:FREQ=DAILY;COUNT=3
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      RECURRENCE-ID:20261124T000000Z
      DTSTART;VALUE=DATE:20261127
      DTEND;VALUE=DATE:20261128
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30", zone: "Asia/Tokyo")
    let tokyo = Zone.named("Asia/Tokyo")!
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23", "2026-11-24", zone: tokyo),
        Read.span("2026-11-25", "2026-11-26", zone: tokyo),
        Read.span("2026-11-27", "2026-11-28", zone: tokyo),
      ])
    #expect(p.diagnostics.isEmpty)
  }
}
