import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// More shapes of the classes of docs/BAD-INPUT.md that producers write: iTIP messages other
/// than invitations and cancellations, rules libical refuses or misreads, times in a VFREEBUSY
/// with a TZID, ends and starts that cannot be read.
@Suite struct ITIPMessageShapesTests {
  let request = """
    BEGIN:VCALENDAR
    METHOD:REQUEST
    BEGIN:VEVENT
    UID:m
    SEQUENCE:1
    DTSTAMP:20261110T000000Z
    DTSTART:20261124T100000Z
    DTEND:20261124T110000Z
    RRULE:FREQ=DAILY;COUNT=3
    END:VEVENT
    END:VCALENDAR
    """

  func directory(_ files: [String]) throws -> PersonCalendar {
    let name = "itip-\(UUID().uuidString)"
    let dir = Read.directory + "/" + name
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (index, text) in files.enumerated() {
      _ = Read.write(Read.calendar(text), name: "\(name)/\(index).ics")
    }
    return try Read.read(dir, kind: .directory(dir), from: "2026-11-23", to: "2026-11-30")
  }

  /// An attendee's REPLY (here a later one, without DTSTART, as RFC 5546 allows) is no newer
  /// version of the event, nor is a COUNTER's proposal: the invitation's time stays busy.
  @Test func aReplyIsNoVersionOfTheEvent() throws {
    for method in ["REPLY", "COUNTER", "DECLINECOUNTER", "REFRESH"] {
      let reply = """
        BEGIN:VCALENDAR
        METHOD:\(method)
        BEGIN:VEVENT
        UID:m
        SEQUENCE:1
        DTSTAMP:20261112T000000Z
        DTSTART:20261126T150000Z
        DTEND:20261126T160000Z
        ATTENDEE;PARTSTAT=DECLINED:mailto:someone@example.test
        END:VEVENT
        END:VCALENDAR
        """
      let p = try directory([request, reply])
      #expect(
        Read.busy(p) == [
          Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z"),
          Read.span("2026-11-25T10:00Z", "2026-11-25T11:00Z"),
          Read.span("2026-11-26T10:00Z", "2026-11-26T11:00Z"),
        ], "\(method)")
      #expect(p.coverage == nil, "\(method): the invitation covers all time")
    }
  }

  /// An answer that is the one version of its event there is says the event's time (a reply
  /// copies it; a counter's proposal blocks too, the cautious reading).
  @Test func anAnswerAloneIsTheEvent() throws {
    for method in ["REPLY", "COUNTER"] {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:m
        DTSTAMP:20261112T000000Z
        DTSTART:20261126T150000Z
        DTEND:20261126T160000Z
        END:VEVENT
        """, header: "METHOD:\(method)\r\n", from: "2026-11-23", to: "2026-11-30")
      #expect(Read.busy(p) == [Read.span("2026-11-26T15:00Z", "2026-11-26T16:00Z")])
      #expect(p.coverage == nil)
    }
  }

  /// A VFREEBUSY in a REPLY is a free/busy answer (RFC 5546 §3.3.3): read.
  @Test func aFreeBusyReplyIsRead() throws {
    let p = try Read.person(
      """
      BEGIN:VFREEBUSY
      UID:f
      DTSTAMP:20261112T000000Z
      DTSTART:20261123T000000Z
      DTEND:20261130T000000Z
      FREEBUSY:20261124T090000Z/PT1H
      END:VFREEBUSY
      """, header: "METHOD:REPLY\r\n", from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(p.coverage == [Read.span("2026-11-23T00:00Z", "2026-11-30T00:00Z")])
  }

  /// An ADD's event is an instance added to the series it names, not a version replacing it.
  @Test func anAddAddsAnInstance() throws {
    let add = """
      BEGIN:VCALENDAR
      METHOD:ADD
      BEGIN:VEVENT
      UID:m
      SEQUENCE:2
      DTSTAMP:20261112T000000Z
      DTSTART:20261128T150000Z
      DTEND:20261128T160000Z
      END:VEVENT
      END:VCALENDAR
      """
    let p = try directory([request, add])
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z"),
        Read.span("2026-11-25T10:00Z", "2026-11-25T11:00Z"),
        Read.span("2026-11-26T10:00Z", "2026-11-26T11:00Z"),
        Read.span("2026-11-28T15:00Z", "2026-11-28T16:00Z"),
      ])
  }

  /// A CANCEL of one instance older than the series' latest version (by SEQUENCE) is outdated:
  /// the instance stays busy. One as new cancels it.
  @Test func anOutdatedInstanceCancel() throws {
    func cancel(sequence: Int) -> String {
      """
      BEGIN:VCALENDAR
      METHOD:CANCEL
      BEGIN:VEVENT
      UID:m
      SEQUENCE:\(sequence)
      DTSTAMP:20261111T000000Z
      RECURRENCE-ID:20261125T100000Z
      END:VEVENT
      END:VCALENDAR
      """
    }
    let outdated = try directory([request, cancel(sequence: 0)])
    #expect(Read.busy(outdated).count == 3)
    let current = try directory([request, cancel(sequence: 1)])
    #expect(
      Read.busy(current) == [
        Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z"),
        Read.span("2026-11-26T10:00Z", "2026-11-26T11:00Z"),
      ])
  }

  /// A cancelled event's end that cannot be read costs nothing: no warning.
  @Test func aCancelledEventsEndDoesNotMatter() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:c
      STATUS:CANCELLED
      DTSTART:20261124T100000Z
      DTEND:None
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(p.busy.isEmpty && p.unknown.isEmpty)
    #expect(p.diagnostics.isEmpty)
  }
}

/// Rules libical refuses or misreads, read as their producers meant them
/// (`RecurrenceRule.asMeant`).
@Suite struct RuleShapesTests {
  func busy(_ rule: String) throws -> [Interval] {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART:20261123T100000Z
      DTEND:20261123T110000Z
      RRULE:\(rule)
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    return Read.busy(p)
  }

  /// libical reads `BYHOUR=10,` as hours 10 and 0; the empty element is nothing.
  @Test func anEmptyListElementIsNothing() throws {
    #expect(try busy("FREQ=DAILY;BYHOUR=10,;COUNT=2").count == 2)
    #expect(
      try busy("FREQ=DAILY;BYHOUR=10,;COUNT=2") == [
        Read.span("2026-11-23T10:00Z", "2026-11-23T11:00Z"),
        Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z"),
      ])
    // libical refuses `MO,,WE`: only DTSTART would be left.
    #expect(try busy("FREQ=WEEKLY;BYDAY=MO,,WE").count == 2)
  }

  /// COUNT beside UNTIL: the instances of both readings; a part written twice: of each value.
  @Test func twoReadingsOfOneRule() throws {
    #expect(try busy("FREQ=DAILY;COUNT=2;UNTIL=20261125T235959Z").count == 3)
    #expect(try busy("FREQ=DAILY;COUNT=2;COUNT=4").count == 4)
    #expect(try busy("FREQ=DAILY;INTERVAL=2;INTERVAL=3;COUNT=3").count == 5)
  }

  /// A WKST that is no weekday, and a part without a value, are left out (with a warning).
  @Test func partsLeftOut() throws {
    #expect(try busy("FREQ=DAILY;WKST=XX;COUNT=3").count == 3)
    #expect(try busy("FREQ=DAILY;INTERVAL=;COUNT=3").count == 3)
    #expect(try busy("FREQ=DAILY;BYHOUR=;COUNT=3").count == 3)
  }

  /// RFC 7529's SKIP=FORWARD moves the 31st of a short month to the 1st of the next; libical
  /// follows it, and its instances are kept.
  @Test func skipForwardInstancesAreKept() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:s
      DTSTART:20270131T090000Z
      DTEND:20270131T100000Z
      RRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD;COUNT=4
      END:VEVENT
      """, from: "2027-01-01", to: "2027-06-01")
    #expect(
      Read.busy(p).map(\.start) == [
        Read.instant("2027-01-31T09:00Z"), Read.instant("2027-03-01T09:00Z"),
        Read.instant("2027-03-31T09:00Z"), Read.instant("2027-05-01T09:00Z"),
      ])
    #expect(p.diagnostics.isEmpty)
  }
}

/// Times read without libical (VFREEBUSY, X-CALSTART) with a TZID; ends and starts that cannot
/// be read.
@Suite struct OddTimeShapesTests {
  /// RFC 5545 wants VFREEBUSY times in UTC; one written with a TZID is read in that zone.
  @Test func aTZIDInAFreeBusy() throws {
    let p = try Read.person(
      """
      BEGIN:VFREEBUSY
      UID:f
      DTSTART;TZID=America/New_York:20261123T000000
      DTEND;TZID=America/New_York:20261130T000000
      FREEBUSY;TZID=America/New_York:20261124T090000/20261124T100000
      END:VFREEBUSY
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T14:00Z", "2026-11-24T15:00Z")])
    #expect(p.coverage == [Read.span("2026-11-23T05:00Z", "2026-11-30T05:00Z")])
  }

  @Test func aTZIDOnXCalStart() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:e
      DTSTART:20261124T100000Z
      DTEND:20261124T110000Z
      END:VEVENT
      """,
      header:
        "X-CALSTART;TZID=Asia/Tokyo:20261124T000000\r\nX-CALEND;TZID=Asia/Tokyo:20261126T000000\r\n",
      from: "2026-11-23", to: "2026-11-30")
    #expect(p.coverage == [Read.span("2026-11-23T15:00Z", "2026-11-25T15:00Z")])
  }

  /// A FREEBUSY period whose start can be read and whose end cannot: the time from its start to
  /// the end of that day is unknown (a FREE one says nothing either way).
  @Test func aFreeBusyPeriodWithoutAnEnd() throws {
    let p = try Read.person(
      """
      BEGIN:VFREEBUSY
      UID:f
      DTSTART:20261123T000000Z
      DTEND:20261130T000000Z
      FREEBUSY:20261124T090000Z/garbage
      FREEBUSY;FBTYPE=FREE:20261125T090000Z/garbage
      END:VFREEBUSY
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(p.busy.isEmpty)
    #expect(p.unknown == [Read.span("2026-11-24T09:00Z", "2026-11-25T00:00Z")])
    #expect(p.diagnostics.filter { $0.severity == .error }.count == 2)
  }

  /// X-CALSTART read, X-CALEND not: the VFREEBUSY's range counts only from X-CALSTART.
  @Test func oneReadableBoundClipsTheFreeBusyRange() throws {
    let p = try Read.person(
      """
      BEGIN:VFREEBUSY
      UID:f
      DTSTART:20261120T000000Z
      DTEND:20261130T000000Z
      FREEBUSY:20261124T090000Z/PT1H
      END:VFREEBUSY
      """, header: "X-CALSTART:20261125T000000Z\r\nX-CALEND:someday\r\n",
      from: "2026-11-23", to: "2026-11-30")
    #expect(p.coverage == [Read.span("2026-11-25T00:00Z", "2026-11-30T00:00Z")])
  }

  /// A VCALENDAR none of whose components can be read speaks for no time: beside one whose
  /// export range is a day, the rest of the person's time is unknown, not free.
  @Test func aVCalendarOfNothingReadableCoversNothing() throws {
    let text = """
      BEGIN:VCALENDAR
      X-CALSTART:20261124T000000Z
      X-CALEND:20261125T000000Z
      BEGIN:VEVENT
      UID:g
      DTSTART:20261124T100000Z
      DTEND:20261124T110000Z
      END:VEVENT
      END:VCALENDAR
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      UID:b
      DTSTART:%(now)s
      END:VEVENT
      END:VCALENDAR
      """
    let p = try Read.read(
      Read.write(Read.calendar(text)), from: "2026-11-23", to: "2026-11-30")
    #expect(p.coverage == [Read.span("2026-11-24T00:00Z", "2026-11-25T00:00Z")])
  }

  /// DTSTART cannot be read, DTEND can: the time from the start of DTEND's day to DTEND is
  /// unknown; the event still counts as one that could not be read.
  @Test func anEndWithoutAStart() throws {
    let body = """
      BEGIN:VEVENT
      UID:s
      DTSTART:2026112T090000
      DTEND;TZID=Europe/Berlin:20261124T100000
      END:VEVENT
      BEGIN:VEVENT
      UID:g
      DTSTART:20261125T090000Z
      DTEND:20261125T100000Z
      END:VEVENT
      """
    let p = try Read.person(body, from: "2026-11-23", to: "2026-11-30")
    #expect(p.unknown == [Read.span("2026-11-23T23:00Z", "2026-11-24T09:00Z")])
    #expect(p.diagnostics.contains { $0.severity == .error && $0.line == 6 })
    #expect(throws: ReadError.self) {
      try Read.person(
        "BEGIN:VEVENT\nUID:s\nDTSTART:x\nDTEND:20261124T100000Z\nEND:VEVENT",
        from: "2026-11-23", to: "2026-11-30")
    }
  }

  /// An all-day event's DURATION of no time (`P0D`) is its day, as a DATE DTEND equal to
  /// DTSTART is; one of whole days in seconds (Google's `PT86400S`) is days on the calendar;
  /// other times of day are read as written.
  @Test func anAllDayEventsDuration() throws {
    for (duration, hours) in [
      ("PT1H", 1), ("P0D", 24), ("PT0S", 24), ("PT86400S", 24), ("P2D", 48), ("P1DT12H", 36),
    ] {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:d
        DTSTART;VALUE=DATE:20261124
        DURATION:\(duration)
        END:VEVENT
        """, from: "2026-11-23", to: "2026-11-30")
      let start = Read.instant("2026-11-24T00:00Z")
      #expect(Read.busy(p) == [Interval(start, start + Int64(hours) * 3600)], "\(duration)")
    }
  }

  /// Exchange's `tzone://Microsoft/Utc`, in quotes or not; a TZID in RFC 6868's quotes; Zimbra's
  /// spelling of Windows' display names.
  @Test func zoneNamesOfOtherProducers() throws {
    for (tzid, utcHour) in [
      ("tzone://Microsoft/Utc", "09"), ("\"tzone://Microsoft/Utc\"", "09"),
      ("^'America/New_York^'", "14"),
      ("\"(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna\"", "08"),
      ("\"(GMT) Greenwich Mean Time - Dublin / Edinburgh / Lisbon / London\"", "09"),
    ] {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:z
        DTSTART;TZID=\(tzid):20261124T090000
        DTEND;TZID=\(tzid):20261124T100000
        END:VEVENT
        """, from: "2026-11-23", to: "2026-11-30")
      #expect(
        Read.busy(p).map(\.start) == [Read.instant("2026-11-24T\(utcHour):00Z")], "\(tzid)")
      #expect(!p.diagnostics.contains { $0.severity != .note }, "\(tzid): \(p.diagnostics)")
    }
  }

  /// A VTIMEZONE that lists changes without an RRULE (khal writes only those around its events)
  /// says nothing after the last: later times are read in the system zone of that name. One
  /// observance alone is a fixed offset, the file's.
  @Test func aVTimezoneThatStops() throws {
    let zone = """
      BEGIN:VTIMEZONE
      TZID:Europe/Berlin
      BEGIN:STANDARD
      DTSTART:20141026T020000
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0100
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:20140330T030000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      END:DAYLIGHT
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:k
      DTSTART;TZID=Europe/Berlin:20140409T093000
      DTEND;TZID=Europe/Berlin:20140409T103000
      """
    let p = try Read.person(
      zone + "\nRRULE:FREQ=WEEKLY\nEND:VEVENT", from: "2026-06-01", to: "2026-06-08")
    #expect(Read.busy(p) == [Read.span("2026-06-03T07:30Z", "2026-06-03T08:30Z")])
    let inside = try Read.person(zone + "\nEND:VEVENT", from: "2014-04-01", to: "2014-05-01")
    #expect(Read.busy(inside) == [Read.span("2014-04-09T07:30Z", "2014-04-09T08:30Z")])
  }

  /// An override with an RRULE of its own and no master (Connect Daily writes every series so,
  /// with `RECURRENCE-ID:19700101T070000Z`) is read as its series; beside a master it is an
  /// override as any other.
  @Test func anOverrideWithARuleAndNoMaster() throws {
    let orphan = """
      BEGIN:VEVENT
      UID:o
      RECURRENCE-ID:19700101T070000Z
      DTSTART:20261123T100000Z
      DURATION:PT1H
      RRULE:FREQ=DAILY;COUNT=3
      RDATE:20261128T100000Z
      END:VEVENT
      """
    let alone = try Read.person(orphan, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(alone).map(\.start)
        == ["23", "24", "25", "28"].map {
          Read.instant("2026-11-\($0)T10:00Z")
        })
    let withMaster = try Read.person(
      orphan
        + "\nBEGIN:VEVENT\nUID:o\nDTSTART:20261126T150000Z\nDTEND:20261126T160000Z\nEND:VEVENT",
      from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(withMaster).map(\.start) == [
        Read.instant("2026-11-23T10:00Z"), Read.instant("2026-11-26T15:00Z"),
      ])
    let transparent = try Read.person(
      orphan.replacingOccurrences(of: "DURATION", with: "TRANSP:TRANSPARENT\nDURATION"),
      from: "2026-11-23", to: "2026-11-30")
    #expect(transparent.busy.isEmpty)
  }

  /// A DATE with a TZID (Connect Daily, ownCloud, SabreDAV) is that zone's day, and so are the
  /// other DATEs of its event.
  @Test func aDateWithAZone() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:d
      DTSTART;TZID=America/Denver;VALUE=DATE:20261123
      DTEND;TZID=America/Denver;VALUE=DATE:20261124
      RRULE:FREQ=DAILY;COUNT=3
      EXDATE;VALUE=DATE:20261124
      END:VEVENT
      """, from: "2026-11-20", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T07:00Z", "2026-11-24T07:00Z"),
        Read.span("2026-11-25T07:00Z", "2026-11-26T07:00Z"),
      ])
  }

  /// RDATE and EXDATE lists with an empty element, and an RDATE period without VALUE=PERIOD.
  @Test func recurrenceDateLists() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART:20261123T100000Z
      DTEND:20261123T110000Z
      RDATE:20261124T100000Z,
      EXDATE:20261123T100000Z,
      RDATE:20261125T100000Z/PT2H
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z"),
        Read.span("2026-11-25T10:00Z", "2026-11-25T12:00Z"),
      ])
    #expect(p.diagnostics.isEmpty, "\(p.diagnostics)")
  }

  /// A file of a directory that does not end in `.ics` but is a calendar (KOrganizer names its
  /// files by UID) is read; other files are not.
  @Test func calendarsWithoutTheirExtension() throws {
    let name = "vdir-\(UUID().uuidString)"
    let dir = Read.directory + "/" + name
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    _ = Read.write(
      "\u{FEFF}"
        + Read.calendar(
          "BEGIN:VEVENT\nUID:g\nDTSTART:20261124T100000Z\nDTEND:20261124T110000Z\nEND:VEVENT"),
      name: "\(name)/libkcal-1234567")
    _ = Read.write("#ff0000\n", name: "\(name)/color")
    let p = try Read.read(dir, kind: .directory(dir), from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z")])
  }
}

/// RFC 7953 availability: an AVAILABLE is time the person is available, which no rule of what an
/// event blocks touches; BUSYTYPE says what the rest is.
@Suite struct AvailabilityShapesTests {
  func read(
    _ available: String, busyType: String = "", allDay: BusyOrFree = .busy,
    tentative: BusyOrFree = .busy
  ) throws -> PersonCalendar {
    try Read.person(
      """
      BEGIN:VAVAILABILITY
      UID:a
      DTSTAMP:20261101T000000Z
      DTSTART:20261123T000000Z
      DTEND:20261130T000000Z
      \(busyType)BEGIN:AVAILABLE
      UID:a1
      DTSTAMP:20261101T000000Z
      \(available)
      END:AVAILABLE
      END:VAVAILABILITY
      """, from: "2026-11-23", to: "2026-11-30", tentative: tentative, allDay: allDay)
  }

  @Test func anAvailableIsNoEvent() throws {
    let timed = "DTSTART:20261124T090000Z\nDTEND:20261124T170000Z"
    let expected = [
      Read.span("2026-11-23T00:00Z", "2026-11-24T09:00Z"),
      Read.span("2026-11-24T17:00Z", "2026-11-30T00:00Z"),
    ]
    for extra in ["", "\nTRANSP:TRANSPARENT", "\nSTATUS:CANCELLED", "\nSTATUS:TENTATIVE"] {
      let p = try read(timed + extra, tentative: .free)
      #expect(p.unavailable == expected, "\(extra)")
    }
    let allDay = try read("DTSTART;VALUE=DATE:20261124\nDTEND;VALUE=DATE:20261125", allDay: .free)
    #expect(
      allDay.unavailable == [
        Read.span("2026-11-23T00:00Z", "2026-11-24T00:00Z"),
        Read.span("2026-11-25T00:00Z", "2026-11-30T00:00Z"),
      ])
  }

  @Test func busyTentativeFollowsTentative() throws {
    let timed = "DTSTART:20261124T090000Z\nDTEND:20261124T170000Z"
    let tentative = try read(timed, busyType: "BUSYTYPE:BUSY-TENTATIVE\n", tentative: .free)
    #expect(tentative.hasAvailability && tentative.unavailable.isEmpty)
    let busy = try read(timed, busyType: "BUSYTYPE:BUSY-TENTATIVE\n")
    #expect(busy.unavailable.count == 2)
  }
}

/// An event the calendar's owner organises is their own, whatever their ATTENDEE line says
/// (khal imports freetime's invitation with the organizer as a NEEDS-ACTION attendee).
@Suite struct OrganizerShapesTests {
  @Test func theOrganizersOwnMeetingBlocks() throws {
    for (organizer, busy) in [("sam@example.com", 1), ("lo@example.com", 0)] {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:m
        DTSTAMP:20261101T000000Z
        DTSTART:20261124T100000Z
        DTEND:20261124T110000Z
        ORGANIZER:mailto:\(organizer)
        ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:sam@example.com
        END:VEVENT
        """, header: "X-WR-CALNAME:sam@example.com\r\n", from: "2026-11-23", to: "2026-11-30",
        tentative: .free)
      #expect(p.busy.count == busy, "\(organizer)")
    }
  }
}
