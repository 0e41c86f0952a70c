import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// Every value is read as its producer meant it, or its time is unknown, never dropped in
/// silence (docs/BAD-INPUT.md). Calendars written the way the producers named there write them.

/// The time each instance of an event whose end cannot be read may cover: unknown, from its
/// start to the end of its day on its own clock.
@Suite struct UnknownEndTests {
  /// Evolution's series of three 90-minute meetings with a five-digit DTEND time.
  @Test func eachInstanceIsUnknownToTheEndOfItsDay() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:evo
      DTSTART;TZID=Europe/Berlin:20261124T170000
      DTEND;TZID=Europe/Berlin:20261124T18300
      RRULE:FREQ=DAILY;COUNT=3
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(p.busy.isEmpty)
    #expect(
      p.unknown.sorted() == [
        Read.span("2026-11-24T16:00Z", "2026-11-24T23:00Z"),
        Read.span("2026-11-25T16:00Z", "2026-11-25T23:00Z"),
        Read.span("2026-11-26T16:00Z", "2026-11-26T23:00Z"),
      ])
    let window = Read.span("2026-11-23", "2026-11-30")
    #expect(p.unknownTime(in: window) == p.unknown.sorted())
    #expect(p.diagnostics.count == 1)
    #expect(p.diagnostics.first?.line == 7)
    #expect(p.diagnostics.first?.severity == .error)
    #expect(p.diagnostics.first?.message.hasPrefix("DTEND '20261124T18300' cannot be read") == true)
  }

  /// The end of the day on the event's clock, also on a day of 23 hours.
  @Test func theDayEndsOnTheEventsOwnClock() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:dst
      DTSTART;TZID=America/New_York:20270314T010000
      DTEND:None
      END:VEVENT
      """, from: "2027-03-13", to: "2027-03-16")
    // 01:00 EST is 06:00Z; midnight of 15 March in New York (EDT) is 04:00Z.
    #expect(p.unknown == [Read.span("2027-03-14T06:00Z", "2027-03-15T04:00Z")])
  }

  /// Every way an end cannot be read: DTEND not a date-time, empty, garbage after a TZID, an
  /// empty or unreadable DURATION, a DATE with dashes.
  @Test(arguments: [
    "DTEND:None", "DTEND:", "DURATION:", "DURATION:PT1Q", "DTEND;TZID=Europe/Prague:garbage",
    "DTEND:2026-11-24T12:00:00Z", "DTEND:20261124T1200Z",
  ])
  func unreadableEnds(line: String) throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:u
      DTSTART:20261124T100000Z
      \(line)
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(p.busy.isEmpty)
    #expect(p.unknown == [Read.span("2026-11-24T10:00Z", "2026-11-25T00:00Z")])
    #expect(p.diagnostics.map(\.severity) == [.error])
  }

  /// A readable DURATION beside an unreadable DTEND gives the end.
  @Test func aReadableEndBesideAnUnreadableOne() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:u
      DTSTART:20261124T100000Z
      DTEND:20261124T11000
      DURATION:PT2H
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T10:00Z", "2026-11-24T12:00Z")])
    #expect(p.unknown.isEmpty)
    #expect(p.diagnostics.map(\.severity) == [.warning])
  }

  /// An override with an unreadable end replaces its instance with unknown time, and a
  /// transparent or cancelled event with one blocks nothing, known or not.
  @Test func overridesAndEventsThatBlockNothing() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:s
      DTSTART:20261124T090000Z
      DTEND:20261124T100000Z
      RRULE:FREQ=DAILY;COUNT=2
      END:VEVENT
      BEGIN:VEVENT
      UID:s
      RECURRENCE-ID:20261125T090000Z
      DTSTART:20261125T150000Z
      DTEND:soon
      END:VEVENT
      BEGIN:VEVENT
      UID:t
      DTSTART:20261126T090000Z
      DTEND:soon
      TRANSP:TRANSPARENT
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(p.unknown == [Read.span("2026-11-25T15:00Z", "2026-11-26T00:00Z")])
  }

  /// Values a producer writes whose meaning is plain are read as meant: Synology's
  /// `DURATION:PT1W` on a DATE, a DATE DTEND equal to DTSTART, an RDATE period of DATEs.
  @Test func plainMeanings() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:syn
      DTSTART:20261101
      DURATION:PT1W
      END:VEVENT
      BEGIN:VEVENT
      UID:same
      DTSTART;VALUE=DATE:20261124
      DTEND;VALUE=DATE:20261124
      END:VEVENT
      BEGIN:VEVENT
      UID:per
      DTSTART:20261126T100000Z
      DTEND:20261126T110000Z
      RDATE;VALUE=PERIOD:20261128/20261129
      END:VEVENT
      """, from: "2026-11-01", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-01", "2026-11-08"),
        Read.span("2026-11-24", "2026-11-25"),
        Read.span("2026-11-26T10:00Z", "2026-11-26T11:00Z"),
        Read.span("2026-11-28", "2026-11-29"),
      ])
    #expect(p.diagnostics.isEmpty)
  }

  /// Values in lower case are RFC 5545 (RFC 5234 reads the grammar's letters in any case):
  /// read in upper case, where libical refuses them.
  @Test func lowerCaseValues() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:l
      DTSTART:20261124t100000z
      DTEND:20261124t120000z
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      DTSTART:20261125T100000Z
      DURATION:pt30m
      RRULE:FREQ=DAILY;UNTIL=20261126t100000z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T10:00Z", "2026-11-24T12:00Z"),
        Read.span("2026-11-25T10:00Z", "2026-11-25T10:30Z"),
        Read.span("2026-11-26T10:00Z", "2026-11-26T10:30Z"),
      ])
    #expect(p.diagnostics.isEmpty)
  }

  /// A DTEND after libical's year 3000 ends after any window ("never").
  @Test func anEndInTheYear9999() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:never
      DTSTART:20260101T000000Z
      DTEND:99991231T235959Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    let busy = Read.busy(p)
    #expect(busy.count == 1)
    #expect(busy.first?.start == Read.instant("2026-01-01"))
    #expect((busy.first?.end ?? 0) > Read.instant("2100-01-01"))
  }
}

/// One reader for every DATE, DATE-TIME, PERIOD and DURATION value (`ValueSyntax.verdict`).
@Suite struct ValueVerdictTests {
  @Test func timeForms() {
    for good in ["20261124", "20261124T100000", "20261124T100000Z"] {
      #expect(ValueSyntax.verdict(Array(good.utf8), of: .dtstart) == .valid, "\(good)")
    }
    for bad in [
      "2024092T090000Z", "2024-09-03", "20131009T170000T", "20031114T18300", "None", "",
      "20240902T0900", "20240902T090000ZZ", "+20240902T090000Z", "202409", "20240902 090000",
    ] {
      #expect(ValueSyntax.verdict(Array(bad.utf8), of: .dtend) == .unreadable, "\(bad)")
    }
  }

  @Test func durations() {
    for good in ["P1W", "PT1H30M", "P1DT2H", "-PT15M", "+P2D", "PT90S", "P99999999999W"] {
      #expect(ValueSyntax.verdict(Array(good.utf8), of: .duration) == .valid, "\(good)")
    }
    let repaired: [(String, String)] = [
      ("PT1W", "P1W"), ("PT2D", "P2D"), ("P1H", "PT1H"), ("P1DT", "P1D"), ("-PT1W", "-P1W"),
      ("P1D2H", "P1DT2H"),
    ]
    for (written, read) in repaired {
      #expect(ValueSyntax.repairedDuration(Array(written.utf8)) == Array(read.utf8), "\(written)")
      guard case .repaired(let value, _) = ValueSyntax.verdict(Array(written.utf8), of: .duration)
      else {
        Issue.record("\(written) is not repaired")
        continue
      }
      #expect(value == Array(read.utf8))
    }
    for bad in ["P5M", "PT", "P", "1H", "PT1Q", "P1W2D", "PTH", "", "PT1H1H"] {
      #expect(ValueSyntax.verdict(Array(bad.utf8), of: .duration) == .unreadable, "\(bad)")
    }
  }

  @Test func periods() {
    for good in [
      "20261124T100000Z/20261124T110000Z", "20261124T100000Z/PT1H", "20261124T100000/-PT1H",
    ] {
      #expect(ValueSyntax.verdict(Array(good.utf8), of: .rdate) == .valid, "\(good)")
    }
    #expect(
      ValueSyntax.repairedPeriod(Array("19970101/19970102".utf8))
        == Array("19970101T000000/19970102T000000".utf8))
    #expect(
      ValueSyntax.repairedPeriod(Array("19970101/P1D".utf8)) == Array("19970101T000000/P1D".utf8))
    for bad in ["20261124T100000Z/soon", "2026112T100000Z/PT1H", "20261124T100000Z/", "/PT1H"] {
      #expect(ValueSyntax.verdict(Array(bad.utf8), of: .rdate) == .unreadable, "\(bad)")
    }
  }
}

/// A floating time beside a zoned one (as Mozilla Lightning and Sunbird wrote them) is
/// read in that zone, whatever the home zone.
@Suite struct FloatingBesideZonedTests {
  @Test(arguments: ["UTC", "Asia/Tokyo", "Europe/Berlin"])
  func aFloatingEndIsReadInTheStartsZone(zone: String) throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:l
      DTSTART;TZID=America/New_York:20261123T090000
      DTEND:20261123T100000
      RRULE:FREQ=WEEKLY;COUNT=2
      EXDATE:20261130T090000
      END:VEVENT
      """, header: "X-WR-TIMEZONE:Europe/Berlin\r\n", from: "2026-11-23", to: "2026-12-07",
      zone: zone)
    #expect(Read.busy(p) == [Read.span("2026-11-23T14:00Z", "2026-11-23T15:00Z")])
    #expect(p.diagnostics.isEmpty)
  }

  /// DTSTART floating, DTEND zoned: DTEND's zone; so is a TZID freetime does not know beside
  /// them, with a warning.
  @Test func aFloatingStartTakesTheZoneOfTheEnd() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART:20261126T180000
      DTEND;TZID=Europe/Brussels:20261126T190000
      END:VEVENT
      BEGIN:VEVENT
      UID:m
      DTSTART;TZID=Mars/Olympus:20261127T180000
      DTEND;TZID=Europe/Brussels:20261127T190000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30", zone: "Asia/Tokyo")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-26T17:00Z", "2026-11-26T18:00Z"),
        Read.span("2026-11-27T17:00Z", "2026-11-27T18:00Z"),
      ])
    #expect(
      p.diagnostics.map(\.message) == [
        "unknown time zone 'Mars/Olympus'; read in Europe/Brussels, the zone of the event's other times"
      ])
  }

  /// A floating RECURRENCE-ID names the instance on its series' clock.
  @Test func aFloatingRecurrenceIDNamesTheZonedInstance() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:t
      DTSTART;TZID=Asia/Tokyo:20261123T180000
      DTEND;TZID=Asia/Tokyo:20261123T190000
      RRULE:FREQ=DAILY;COUNT=2
      END:VEVENT
      BEGIN:VEVENT
      UID:t
      RECURRENCE-ID:20261124T180000
      DTSTART;TZID=Asia/Tokyo:20261124T200000
      DTEND;TZID=Asia/Tokyo:20261124T210000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-23T09:00Z", "2026-11-23T10:00Z"),
        Read.span("2026-11-24T11:00Z", "2026-11-24T12:00Z"),
      ])
    #expect(p.diagnostics.isEmpty)
  }

  /// An all-day event and a wholly floating one still wait for the home zone.
  @Test func eventsWithNoZonedTimeAreTheHomeZones() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:f
      DTSTART:20261124T090000
      DTEND:20261124T100000
      END:VEVENT
      BEGIN:VEVENT
      UID:z
      DTSTART;TZID=Asia/Kolkata:20261125T090000
      DTEND;TZID=Asia/Kolkata:20261125T100000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T03:30Z", "2026-11-24T04:30Z"),
        Read.span("2026-11-25T03:30Z", "2026-11-25T04:30Z"),
      ])
  }
}

/// TZID is TEXT, and Outlook names its zones by Windows display names.
@Suite struct OutlookZoneNameTests {
  /// Outlook's custom zones (Exchange): the VTIMEZONE's TZID escapes its commas, the
  /// events' quoted parameter does not.
  @Test func anEscapedTZIDMatchesItsQuotedParameter() throws {
    let p = try Read.person(
      """
      BEGIN:VTIMEZONE
      TZID:(UTC+07:00) Bangkok\\, Hanoi\\, Jakarta
      BEGIN:STANDARD
      DTSTART:16010101T000000
      TZOFFSETFROM:+0700
      TZOFFSETTO:+0700
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:b
      DTSTART;TZID="(UTC+07:00) Bangkok, Hanoi, Jakarta":20261124T090000
      DTEND;TZID="(UTC+07:00) Bangkok, Hanoi, Jakarta":20261124T120000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T02:00Z", "2026-11-24T05:00Z")])
    #expect(p.diagnostics.isEmpty)
  }

  @Test(arguments: [
    ("(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"),
    ("(UTC-05:00) Eastern Time (US and Canada)", "America/New_York"),
    ("(GMT-05:00) Eastern Time (US & Canada)", "America/New_York"),
    ("(GMT-08:00) Pacific Time (US & Canada); Tijuana", "America/Los_Angeles"),
    ("(GMT+10:00) Canberra, Melbourne, Sydney", "Australia/Sydney"),
    ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
    ("(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London", "Europe/London"),
    ("(UTC) Dublin, Edinburgh, Lisbon, London", "Europe/London"),
    ("(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi", "Asia/Calcutta"),
    ("(UTC+03:00) Minsk", "Europe/Minsk"),
    ("(GMT-06:00) Guadalajara, Mexico City, Monterrey - Old", "America/Mexico_City"),
    ("(utc-05:00) eastern time (us & canada)", "America/New_York"),
    ("(Gmt-05:00) Eastern Time (US & Canada)", "America/New_York"),
    ("(UTC-0500) Eastern Time (US & Canada)", "America/New_York"),
    ("(UTC\u{2212}05:00) Eastern Time (US & Canada)", "America/New_York"),
  ])
  func displayNames(name: String, zone: String) throws {
    let found = try #require(WindowsDisplayName.zone(name), "\(name)")
    #expect(!found.offsetOnly)
    #expect(found.zone.name == zone || Zone.named(zone)?.name == found.zone.name, "\(name)")
  }

  /// A display name freetime does not know is read at its offset, never in the home zone.
  @Test func anUnknownDisplayNameIsItsOffset() throws {
    for (name, offset) in [
      ("(UTC+05:45) Somewhere New", 20700), ("(GMT -03:00)", -10800), ("(UTC-09.30) X", -34200),
      ("(GMT +01:00)", 3600), ("(UTC) Nowhere", 0),
    ] {
      let found = try #require(WindowsDisplayName.zone(name), "\(name)")
      #expect(found.offsetOnly, "\(name)")
      #expect(found.zone.utcOffset(at: 0) == offset, "\(name)")
      #expect(found.zone.utcOffset(at: 1_800_000_000) == offset, "\(name)")
    }
    for notOne in ["Eastern Standard Time", "(UTC+25:00) X", "(CET) Berlin", "UTC", "(UTC+1:2) X"] {
      #expect(WindowsDisplayName.zone(notOne) == nil, "\(notOne)")
    }
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:o
      DTSTART;TZID="(UTC+05:45) Somewhere New":20261124T090000
      DTEND;TZID="(UTC+05:45) Somewhere New":20261124T100000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30", zone: "America/New_York")
    #expect(Read.busy(p) == [Read.span("2026-11-24T03:15Z", "2026-11-24T04:15Z")])
    #expect(p.diagnostics.count == 2)
    #expect(p.homeZone == nil)
  }

  /// A Windows zone ID in lower case, and a VTIMEZONE whose TZID value is in quotes.
  @Test func otherSpellings() throws {
    #expect(Zone.lookUp("eastern standard time")?.name == "America/New_York")
    let p = try Read.person(
      """
      BEGIN:VTIMEZONE
      TZID:"India Custom"
      BEGIN:STANDARD
      DTSTART:16010101T000000
      TZOFFSETFROM:+0530
      TZOFFSETTO:+0530
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:i
      DTSTART;TZID="India Custom":20261124T090000
      DTEND;TZID="India Custom":20261124T100000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T03:30Z", "2026-11-24T04:30Z")])
    #expect(p.diagnostics.isEmpty)
  }

  /// An observance's rule with a part freetime does not know keeps the zone's changes.
  @Test func aZoneRuleWithAnUnknownPart() throws {
    let p = try Read.person(
      """
      BEGIN:VTIMEZONE
      TZID:Customized Time Zone
      BEGIN:STANDARD
      DTSTART:16010101T030000
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0100
      RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10;X-MS-FOO=1
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:16010101T020000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
      END:DAYLIGHT
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:c
      DTSTART;TZID=Customized Time Zone:20261124T100000
      DTEND;TZID=Customized Time Zone:20261124T110000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(p.diagnostics.map(\.line) == [10])
  }

  /// An observance whose onset is no DATE-TIME is refused like any other value: the zone is
  /// ignored and its TZID looked up by name.
  @Test func aZoneWithAnUnreadableOnset() throws {
    let p = try Read.person(
      """
      BEGIN:VTIMEZONE
      TZID:Europe/Berlin
      BEGIN:STANDARD
      DTSTART:1970-10-25T03:00:00
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0500
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:b
      DTSTART;TZID=Europe/Berlin:20261124T100000
      DTEND;TZID=Europe/Berlin:20261124T110000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T09:00Z", "2026-11-24T10:00Z")])
    #expect(p.diagnostics.map(\.line) == [7])
  }

  /// Every Windows zone ID of the table names a zone, through CLDR or the retired IDs.
  @Test func everyIDOfTheTableIsAZone() {
    var ids = Set<String>()
    for line in WindowsDisplayNames.table.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      #expect(fields.count == 2, "\(line)")
      if fields.count == 2 { ids.insert(String(fields[1])) }
    }
    #expect(ids.count > 130)
    for id in ids {
      #expect(
        Zone.windows(id) != nil || WindowsDisplayName.retiredIDs[id].flatMap(Zone.named) != nil,
        "\(id)")
    }
  }
}

/// What a calendar speaks for when its range cannot be read: the periods it lists.
@Suite struct UnreadableRangeTests {
  func freeBusy(_ range: String) throws -> PersonCalendar {
    try Read.person(
      """
      BEGIN:VFREEBUSY
      UID:fb
      \(range)
      FREEBUSY:20261124T100000Z/20261124T110000Z
      FREEBUSY;FBTYPE=FREE:20261126T080000Z/20261126T120000Z
      FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261127T080000Z/PT1H
      END:VFREEBUSY
      """, from: "2026-11-23", to: "2026-11-30", tentative: .free)
  }

  @Test(arguments: [
    "DTSTART:2006717T080000Z\r\nDTEND:20261201T000000Z", "DTSTART:20261101T000000Z",
    "DTEND:20261201T000000Z", "DTSTART:20261201T000000Z\r\nDTEND:20261101T000000Z",
    "DTSTART:20261101\r\nDTEND:20261201",
  ])
  func aVFreeBusySpeaksOnlyForItsPeriods(range: String) throws {
    let p = try freeBusy(range)
    #expect(
      p.coverage == [
        Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z"),
        Read.span("2026-11-26T08:00Z", "2026-11-26T12:00Z"),
        Read.span("2026-11-27T08:00Z", "2026-11-27T09:00Z"),
      ])
    #expect(p.diagnostics.contains { $0.severity == .error && $0.line == 6 })
  }

  /// Without DTSTART and DTEND a VFREEBUSY covers all time, as before.
  @Test func noRangeAtAll() throws {
    #expect(try freeBusy("SUMMARY:no range").coverage == nil)
  }

  /// X-CALSTART alone covers the time from it, X-CALEND alone the time before it, an
  /// unreadable one nothing beyond the events.
  @Test func outlooksExportRange() throws {
    let event = "BEGIN:VEVENT\nUID:e\nDTSTART:20261124T100000Z\nDTEND:20261124T110000Z\nEND:VEVENT"
    let all = PersonCalendar.allTime
    let start = try Read.person(
      event, header: "X-CALSTART:20261125T000000Z\r\n", from: "2026-11-23", to: "2026-11-30")
    #expect(start.coverage == [Interval(Read.instant("2026-11-25"), all.end)])
    let end = try Read.person(
      event, header: "X-CALEND:20261125T000000Z\r\n", from: "2026-11-23", to: "2026-11-30")
    #expect(end.coverage == [Interval(all.start, Read.instant("2026-11-25"))])
    let garbage = try Read.person(
      event, header: "X-CALSTART:20261101\r\nX-CALEND:20261201T000000Z\r\n", from: "2026-11-23",
      to: "2026-11-30")
    #expect(garbage.coverage == [])
    #expect(garbage.diagnostics.first?.severity == .error)
    let backwards = try Read.person(
      event, header: "X-CALSTART:20261201T000000Z\r\nX-CALEND:20261101T000000Z\r\n",
      from: "2026-11-23", to: "2026-11-30")
    #expect(backwards.coverage == [])
  }
}

/// A calendar with components that hold time, none of which can be read, is an error.
@Suite struct NothingReadableTests {
  @Test func templatesAreAnErrorNamingTheFirstReason() throws {
    #expect {
      try Read.person(
        """
        BEGIN:VEVENT
        UID:t1
        DTSTART:%(now)s0324T180009Z
        DURATION:PT1H
        END:VEVENT
        BEGIN:VEVENT
        UID:t2
        DTSTART:20261124T100000Z
        DTEND:20261124T090000Z
        END:VEVENT
        """, from: "2026-11-23", to: "2026-11-30")
    } throws: { error in
      let e = error as? ReadError
      return e?.line == 6
        && e?.message.hasPrefix("none of the 2 components of this calendar that hold time") == true
        && e?.message.contains("DTSTART '%(now)s0324T180009Z' cannot be read (UID t1)") == true
    }
  }

  /// Events without DTSTART say no time (an iTIP REPLY need not): not an error; nor are VTODOs.
  @Test func componentsThatSayNoTimeDoNotCount() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:reply
      ATTENDEE;PARTSTAT=ACCEPTED:mailto:b@example.com
      END:VEVENT
      BEGIN:VTODO
      UID:todo
      DUE:garbage
      END:VTODO
      """, header: "METHOD:REPLY\r\n", from: "2026-11-23", to: "2026-11-30")
    #expect(p.busy.isEmpty)
  }

  /// One calendar among a person's arguments with nothing readable is an error; a vdir is one
  /// calendar, and one unreadable file in it a warning.
  @Test func aVdirIsOneCalendar() throws {
    let name = "vdir-\(UUID().uuidString)"
    let dir = Read.directory + "/" + name
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let bad = Read.calendar("BEGIN:VEVENT\nUID:b\nDTSTART:tomorrow\nEND:VEVENT")
    let good = Read.calendar(
      "BEGIN:VEVENT\nUID:g\nDTSTART:20261124T100000Z\nDTEND:20261124T110000Z\nEND:VEVENT")
    _ = Read.write(bad, name: "\(name)/a.ics")
    #expect(throws: ReadError.self) {
      try Read.read(dir, kind: .directory(dir), from: "2026-11-23", to: "2026-11-30")
    }
    _ = Read.write(good, name: "\(name)/b.ics")
    let read = try Read.read(dir, kind: .directory(dir), from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(read) == [Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z")])
    #expect(read.diagnostics.count == 1)
  }
}

/// RFC 5546 messages kept as files: a CANCEL cancels what it names.
@Suite struct CancelMessageTests {
  func read(_ body: String) throws -> PersonCalendar {
    try Read.person(body, from: "2026-11-23", to: "2026-11-30")
  }

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
    BEGIN:VEVENT
    UID:m
    SEQUENCE:1
    DTSTAMP:20261110T000000Z
    RECURRENCE-ID:20261125T100000Z
    DTSTART:20261125T150000Z
    DTEND:20261125T160000Z
    END:VEVENT
    END:VCALENDAR
    """

  /// As Evolution writes a CANCEL: METHOD:CANCEL without STATUS, the same SEQUENCE, an older
  /// DTSTAMP even; as Nextcloud does: no DTSTART at all. Either cancels the series and its moved
  /// instance.
  @Test(arguments: [
    "DTSTAMP:20261101T000000Z\nDTSTART:20261124T100000Z\nDTEND:20261124T110000Z",
    "DTSTAMP:20261111T000000Z\nSTATUS:CANCELLED",
  ])
  func aCancelCancelsTheSeries(lines: String) throws {
    let cancel =
      "BEGIN:VCALENDAR\nMETHOD:CANCEL\nBEGIN:VEVENT\nUID:m\nSEQUENCE:1\n\(lines)\nEND:VEVENT\nEND:VCALENDAR"
    let p = try read(request + "\n" + cancel)
    #expect(p.busy.isEmpty)
    #expect(p.diagnostics.isEmpty)
  }

  /// A newer request after the cancel stands; a cancel of one instance cancels only it.
  @Test func sequencesAndInstances() throws {
    let older =
      "BEGIN:VCALENDAR\nMETHOD:CANCEL\nBEGIN:VEVENT\nUID:m\nSEQUENCE:0\nDTSTAMP:20261120T000000Z\nEND:VEVENT\nEND:VCALENDAR"
    #expect(Read.busy(try read(request + "\n" + older)).count == 3)
    let one =
      "BEGIN:VCALENDAR\nMETHOD:CANCEL\nBEGIN:VEVENT\nUID:m\nSEQUENCE:1\nDTSTAMP:20261120T000000Z\nRECURRENCE-ID:20261126T100000Z\nEND:VEVENT\nEND:VCALENDAR"
    #expect(
      Read.busy(try read(request + "\n" + one)) == [
        Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z"),
        Read.span("2026-11-25T15:00Z", "2026-11-25T16:00Z"),
      ])
    // A moved instance sent after the cancel of the series, with a higher SEQUENCE, stands.
    let cancel =
      "BEGIN:VCALENDAR\nMETHOD:CANCEL\nBEGIN:VEVENT\nUID:m\nSEQUENCE:1\nDTSTAMP:20261120T000000Z\nEND:VEVENT\nEND:VCALENDAR"
    let moved =
      "BEGIN:VCALENDAR\nMETHOD:REQUEST\nBEGIN:VEVENT\nUID:m\nSEQUENCE:2\nDTSTAMP:20261121T000000Z\nRECURRENCE-ID:20261126T100000Z\nDTSTART:20261127T100000Z\nDTEND:20261127T110000Z\nEND:VEVENT\nEND:VCALENDAR"
    #expect(
      Read.busy(try read(request + "\n" + cancel + "\n" + moved)) == [
        Read.span("2026-11-27T10:00Z", "2026-11-27T11:00Z")
      ])
  }

  /// A vdir holding an invitation and its cancellation, each its own file.
  @Test func aVdirWithAnInvitationAndItsCancellation() throws {
    let name = "itip-\(UUID().uuidString)"
    let dir = Read.directory + "/" + name
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    _ = Read.write(Read.calendar(request), name: "\(name)/request.ics")
    let cancel =
      "BEGIN:VCALENDAR\nMETHOD:CANCEL\nBEGIN:VEVENT\nUID:m\nSEQUENCE:1\nDTSTAMP:20261111T000000Z\nEND:VEVENT\nEND:VCALENDAR"
    _ = Read.write(Read.calendar(cancel), name: "\(name)/cancel.ics")
    let p = try Read.read(dir, kind: .directory(dir), from: "2026-11-23", to: "2026-11-30")
    #expect(p.busy.isEmpty)
  }
}

/// An RRULE part freetime does not know is dropped, never the whole rule.
@Suite struct UnknownRulePartTests {
  @Test(arguments: [
    ("FREQ=DAILY;COUNT=3;X-NAME=1", 3), ("FREQ=DAILY;X-NAME=1;COUNT=3", 3),
    ("FREQ=DAILY;AnythingRandom;COUNT=3", 3), ("FREQ=DAILY;;COUNT=3", 3),
    ("FREQ=DAILY;CUONT=3", 7), ("FREQ=DAILY\\;COUNT=3", 3),
  ])
  func theRuleIsReadWithoutIt(rule: String, instances: Int) throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:r
      DTSTART:20261123T100000Z
      DTEND:20261123T110000Z
      RRULE:\(rule)
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p).count == instances)
    // An empty part and a rule escaped as TEXT are read as meant, without a warning.
    let unknown = rule.contains(";;") || rule.contains("\\") ? 0 : 1
    #expect(p.diagnostics.count == unknown, "\(p.diagnostics)")
    #expect(p.diagnostics.allSatisfy { $0.line == 8 && $0.message.hasPrefix("RRULE part") })
  }

  /// A rule in quotes is read without them; an UNTIL that is no DATE or DATE-TIME is left out
  /// (the series does not end: more instances, never fewer).
  @Test func quotesAndUnreadableUntil() throws {
    for (rule, busy) in [("\"FREQ=DAILY;COUNT=3\"", 3), ("FREQ=DAILY;UNTIL=2026-11-25", 7)] {
      let p = try Read.person(
        """
        BEGIN:VEVENT
        UID:q
        DTSTART:20261123T100000Z
        DTEND:20261123T110000Z
        RRULE:\(rule)
        END:VEVENT
        """, from: "2026-11-23", to: "2026-11-30")
      #expect(Read.busy(p).count == busy, "\(rule)")
    }
  }

  @Test func asMeant() {
    func read(_ text: String) -> String? {
      RecurrenceRule.asMeant(Array(text.utf8), of: "RRULE").map {
        $0.texts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " | ") + " "
          + $0.warnings.map {
            $0.components(separatedBy: " '").dropFirst().first?.split(separator: "'").first ?? ""
          }.joined(separator: ",")
      }
    }
    #expect(read("FREQ=DAILY;COUNT=3") == nil)
    #expect(
      read(
        "FREQ=YEARLY;bymonthday=1;BYYEARDAY=1;BYMONTH=1;BYSETPOS=1;WKST=MO;BYWEEKNO=1;BYSECOND=0;BYMINUTE=0;BYHOUR=0;BYDAY=MO;INTERVAL=1;UNTIL=20270101T000000Z;RSCALE=GREGORIAN;SKIP=OMIT"
      ) == nil)
    #expect(read("FREQ=YEARLY;BYMONTHDAYS=1") == "FREQ=YEARLY BYMONTHDAYS=1")
    #expect(read("FREQ=DAILY;COUNT=3;") == nil)
    #expect(read("freq=daily;x-a=1") == "freq=daily x-a=1")
    #expect(read("FREQ=DAILY;;BYDAY=MO") == "FREQ=DAILY;BYDAY=MO ")
    #expect(
      read("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD;X=1")
        == "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD X=1")
    #expect(read("X-ONLY=1") == nil)
    // Empty values and list elements, which libical reads as hour 0 or refuses.
    #expect(read("FREQ=DAILY;BYHOUR=") == "FREQ=DAILY BYHOUR=")
    #expect(read("FREQ=DAILY;BYHOUR=10,") == "FREQ=DAILY;BYHOUR=10 ")
    #expect(read("FREQ=DAILY;BYHOUR=,,10") == "FREQ=DAILY;BYHOUR=10 ")
    #expect(read("FREQ=WEEKLY;BYDAY=MO,,WE,") == "FREQ=WEEKLY;BYDAY=MO,WE ")
    #expect(read("FREQ=DAILY;INTERVAL=;COUNT=2") == "FREQ=DAILY;COUNT=2 INTERVAL=")
    #expect(read("FREQ=WEEKLY;WKST=XX") == "FREQ=WEEKLY XX")
    #expect(read("FREQ=WEEKLY;WKST=") == "FREQ=WEEKLY WKST=")
    // Written twice: alike once, different once with each; COUNT beside UNTIL once with each.
    #expect(read("FREQ=DAILY;COUNT=3;COUNT=3") == "FREQ=DAILY;COUNT=3 ")
    #expect(read("FREQ=DAILY;COUNT=3;COUNT=5") == "FREQ=DAILY;COUNT=3 | FREQ=DAILY;COUNT=5 5")
    #expect(
      read("FREQ=DAILY;COUNT=3;UNTIL=20261201T000000Z")
        == "FREQ=DAILY;UNTIL=20261201T000000Z | FREQ=DAILY;COUNT=3 ")
    #expect(
      read("FREQ=DAILY;INTERVAL=2;INTERVAL=3;BYHOUR=1;BYHOUR=2")
        == "FREQ=DAILY;INTERVAL=2;BYHOUR=1 | FREQ=DAILY;INTERVAL=3;BYHOUR=1 | FREQ=DAILY;INTERVAL=2;BYHOUR=2 | FREQ=DAILY;INTERVAL=3;BYHOUR=2 3,2"
    )
    let many = "FREQ=DAILY;" + (1...9).map { "BYHOUR=\($0)" }.joined(separator: ";")
    #expect(read(many) == "FREQ=DAILY;BYHOUR=1 2")
  }
}

/// Smaller shapes of the same classes.
@Suite struct MoreUnknownShapesTests {
  /// A VEVENT inside a component freetime does not read is never dropped in silence: alone, it
  /// makes the calendar one with nothing readable.
  @Test func anEventInsideAnUnknownComponent() throws {
    #expect(throws: ReadError.self) {
      try Read.person(
        """
        BEGIN:X-WRAPPER
        BEGIN:VEVENT
        UID:w
        DTSTART:20261124T100000Z
        DTEND:20261124T110000Z
        END:VEVENT
        END:X-WRAPPER
        """, from: "2026-11-23", to: "2026-11-30")
    }
  }

  /// RANGE=THISANDFUTURE gives later instances the override's status: a master whose end
  /// cannot be read, moved on with a readable length, is busy from then on, not unknown.
  @Test func aRangeOverrideGivesItsStatus() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:t
      DTSTART:20261123T100000Z
      DTEND:None
      RRULE:FREQ=DAILY;COUNT=4
      END:VEVENT
      BEGIN:VEVENT
      UID:t
      RECURRENCE-ID;RANGE=THISANDFUTURE:20261125T100000Z
      DTSTART:20261125T120000Z
      DURATION:PT30M
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-25T12:00Z", "2026-11-25T12:30Z"),
        Read.span("2026-11-26T12:00Z", "2026-11-26T12:30Z"),
      ])
    #expect(p.unknown.count == 2)
  }

  /// FREEBUSY periods whose duration a producer wrote as Synology does are read as meant; a
  /// second X-CALSTART is ignored with a warning.
  @Test func periodsAndRanges() throws {
    let p = try Read.person(
      """
      BEGIN:VFREEBUSY
      UID:f
      DTSTART:20261101T000000Z
      DTEND:20261201T000000Z
      FREEBUSY:20261124T100000Z/PT1D,20261126T100000Z/pt2h
      END:VFREEBUSY
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-24T10:00Z", "2026-11-25T10:00Z"),
        Read.span("2026-11-26T10:00Z", "2026-11-26T12:00Z"),
      ])
    #expect(p.diagnostics.isEmpty)
    let twice = try Read.person(
      "BEGIN:VEVENT\nUID:e\nDTSTART:20261124T100000Z\nDTEND:20261124T110000Z\nEND:VEVENT",
      header: "X-CALSTART:20261101T000000Z\r\nX-CALSTART:20261125T000000Z\r\n",
      from: "2026-11-23", to: "2026-11-30")
    #expect(twice.coverage?.first?.start == Read.instant("2026-11-01"))
    #expect(twice.diagnostics.first?.message == "a second X-CALSTART is ignored; the first counts")
  }

  /// An event that is skipped loses its time: an error in `freetime check`, like a value that
  /// cannot be read.
  @Test func skippedEventsAreErrors() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:b
      DTSTART:20261124T100000Z
      DTEND:20261124T090000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:g
      DTSTART:20261125T100000Z
      DURATION:-P0D
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(p.diagnostics.map(\.severity) == [.error])
  }

  /// A VFREEBUSY whose range cannot be read and that lists nothing speaks for nothing, also
  /// beside a readable one: never "all time".
  @Test func anUnreadableRangeBesideAReadableOne() throws {
    let p = try Read.person(
      """
      BEGIN:VCALENDAR
      BEGIN:VFREEBUSY
      UID:a
      DTSTART:20261123T000000Z
      DTEND:20261125T000000Z
      FREEBUSY:20261124T100000Z/PT1H
      END:VFREEBUSY
      END:VCALENDAR
      BEGIN:VCALENDAR
      BEGIN:VFREEBUSY
      UID:b
      DTSTART:2026-11-25
      END:VFREEBUSY
      END:VCALENDAR
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(p.coverage == [Read.span("2026-11-23", "2026-11-25")])
  }

  /// The rest of the day of a UTC time is the later end of its day in UTC and at home; an
  /// all-day event whose end cannot be read is its first day, known; 24:00 is the next midnight;
  /// an impossible DTEND is an end that cannot be read.
  @Test func daysAndImpossibleEnds() throws {
    let p = try Read.person(
      """
      BEGIN:VEVENT
      UID:u
      DTSTART:20261124T230000Z
      DTEND:None
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      DTSTART;VALUE=DATE:20261126
      DTEND;VALUE=DATE:2026-11-28
      END:VEVENT
      BEGIN:VEVENT
      UID:m
      DTSTART:20261128T200000Z
      DTEND:20261128T240000Z
      END:VEVENT
      BEGIN:VEVENT
      UID:f
      DTSTART:20261129T100000Z
      DTEND:20260230T100000Z
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30", zone: "America/Los_Angeles")
    #expect(
      p.unknown.sorted() == [
        Read.span("2026-11-24T23:00Z", "2026-11-25T08:00Z"),
        Read.span("2026-11-29T10:00Z", "2026-11-30T08:00Z"),
      ])
    #expect(
      Read.busy(p) == [
        Read.span("2026-11-26T08:00Z", "2026-11-27T08:00Z"),
        Read.span("2026-11-28T20:00Z", "2026-11-29T00:00Z"),
      ])
  }

  /// An iTIP message's event needs no DTSTART (RFC 5546 leaves it out of a CANCEL): no
  /// warning; elsewhere the event is skipped, an error.
  @Test func eventsWithoutStart() throws {
    let body =
      "BEGIN:VEVENT\nUID:r\nDTSTAMP:20261101T000000Z\nEND:VEVENT\nBEGIN:VEVENT\nUID:g\nDTSTART:20261124T100000Z\nDTEND:20261124T110000Z\nEND:VEVENT"
    let request = try Read.person(
      body, header: "METHOD:REQUEST\r\n", from: "2026-11-23", to: "2026-11-30")
    #expect(request.diagnostics.isEmpty)
    #expect(Read.busy(request) == [Read.span("2026-11-24T10:00Z", "2026-11-24T11:00Z")])
    let plain = try Read.person(body, from: "2026-11-23", to: "2026-11-30")
    #expect(plain.diagnostics.map(\.severity) == [.error])
  }

  /// A VTIMEZONE observance whose UNTIL cannot be read is not left to run on: the zone is
  /// ignored and its TZID looked up by name.
  @Test func aZoneRuleWithAnUnreadableUntil() throws {
    let p = try Read.person(
      """
      BEGIN:VTIMEZONE
      TZID:America/New_York
      BEGIN:STANDARD
      DTSTART:19701101T020000
      TZOFFSETFROM:-0400
      TZOFFSETTO:-0600
      RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11;UNTIL=someday
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:n
      DTSTART;TZID=America/New_York:20261124T100000
      DTEND;TZID=America/New_York:20261124T110000
      END:VEVENT
      """, from: "2026-11-23", to: "2026-11-30")
    #expect(Read.busy(p) == [Read.span("2026-11-24T15:00Z", "2026-11-24T16:00Z")])
    #expect(p.diagnostics.map(\.line) == [10])
  }
}
