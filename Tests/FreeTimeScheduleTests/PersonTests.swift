import Foundation
import FreeTimeCore
import FreeTimeICS
import FreeTimePeople
import TestSupport
import Testing

@testable import FreeTimeSchedule

/// The scheduling library resolves each person once (docs/ARCHITECTURE.md, The scheduling
/// library): these call it directly, without the command.
@Suite struct PersonTests {
  static let utc = Zone.named("UTC")!
  static let berlin = Zone.named("Europe/Berlin")!
  /// Monday 2026-11-23 00:00 UTC to Saturday 2026-11-28 00:00 UTC.
  static let window = Interval(
    CivilTime.days(year: 2026, month: 11, day: 23) * 86_400,
    CivilTime.days(year: 2026, month: 11, day: 28) * 86_400)

  static func at(_ day: Int, _ hour: Int, _ minute: Int = 0, zone: Zone = utc) -> Instant {
    let civil =
      CivilTime.days(year: 2026, month: 11, day: day) * 86_400
      + Int64(hour * 3600 + minute * 60)
    return LocalTimeResolver.instant(civil: civil, in: zone)
  }

  static func calendar(_ body: String, header: String = "") -> String {
    ("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\n\(header)\(body)END:VCALENDAR\n")
      .replacingOccurrences(of: "\n", with: "\r\n")
  }

  /// Outlook's working hours, 07:00–15:00 Monday to Thursday in Berlin, and one meeting.
  static let outlook = calendar(
    """
    BEGIN:VEVENT
    UID:m
    DTSTAMP:20261101T000000Z
    DTSTART;TZID=Europe/Berlin:20261124T090000
    DTEND;TZID=Europe/Berlin:20261124T100000
    END:VEVENT

    """,
    header: """
      X-MS-OLK-WKHRDAYS:MO,TU,WE,TH
      X-MS-OLK-WKHRSTART;TZID="W. Europe Standard Time":070000
      X-MS-OLK-WKHREND;TZID="W. Europe Standard Time":150000

      """)

  /// RFC 7953 availability: Monday to Thursday 10:00–16:00 in Chicago.
  static let availability = calendar(
    """
    BEGIN:VAVAILABILITY
    UID:a
    DTSTAMP:20261101T000000Z
    BEGIN:AVAILABLE
    UID:a1
    DTSTAMP:20261101T000000Z
    DTSTART;TZID=America/Chicago:20261102T100000
    DTEND;TZID=America/Chicago:20261102T160000
    RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH
    END:AVAILABLE
    END:VAVAILABILITY

    """)

  static func request(
    _ arguments: [(name: String, text: String)], people: String? = nil,
    configure: (inout SchedulingRequest) throws -> Void = { _ in }
  ) throws -> [Person] {
    var sources: [CalendarSource] = []
    for (name, text) in arguments {
      let path = TemporaryFiles.file(text)
      sources.append(try CalendarArgument.source("\(name)=\(path)"))
    }
    let options = ReadOptions(window: window, defaultZone: utc)
    var request = SchedulingRequest(
      zone: utc, window: window, sources: sources, readOptions: options, stamp: window.start)
    try configure(&request)
    if let people {
      request.people = PeopleDirectory(
        file: try PeopleFile(text: people, path: "people.toml", home: nil))
      request.applyPeopleFile()
    }
    return try request.read()
  }

  /// Outlook's working hours limit the person without any --hours, in their own zone, and are
  /// their comfort hours; `ignoreOwnHours` (--no-own-hours) leaves every hour open.
  @Test func outlookHoursAlwaysLimit() throws {
    let person = try #require(try Self.request([("hana", Self.outlook)]).first)
    #expect(person.hoursFrom == .outlook)
    #expect(person.hoursZone.name == "Europe/Berlin")
    #expect(person.homeZone.name == "Europe/Berlin")
    #expect(person.homeZoneFrom == .workingHours)
    let open = FreeSlots.free(busy: person.offHours, in: Self.window)
    #expect(
      open.first == Interval(Self.at(23, 7, zone: Self.berlin), Self.at(23, 15, zone: Self.berlin)))
    #expect(open.count == 4)  // Monday to Thursday
    #expect(person.comfort.filter { $0.overlaps(Self.window) } == open)

    let ignoring = try #require(
      try Self.request([("hana", Self.outlook)]) { $0.ignoreOwnHours = true }.first)
    #expect(ignoring.hoursFrom == .none)
    #expect(ignoring.offHours.isEmpty)
    // Comfort hours fall back to 09:00–17:00 on weekdays in the home zone, also a week before
    // and after the window (a cost looks for the nearest comfort minute).
    #expect(
      ignoring.comfort.first { $0.overlaps(Self.window) }
        == Interval(Self.at(23, 9, zone: Self.berlin), Self.at(23, 17, zone: Self.berlin)))
    #expect(ignoring.comfort.first!.end <= Self.window.start - 86400)
    #expect(ignoring.comfort.last!.start >= Self.window.end + 86400)
  }

  /// The command line beats the people file, which beats the person's own hours; a source
  /// that gives only hours keeps the days of the next one, and the other way round.
  @Test func hoursPrecedence() throws {
    let file = """
      [people.hana]
      calendars = "h.ics"
      hours = "10:00-12:00"
      """
    let fromFile = try #require(try Self.request([("hana", Self.outlook)], people: file).first)
    #expect(fromFile.hoursFrom == .peopleFile)
    // The people file's hours are in the home zone (Berlin, from Outlook's hours).
    let open = FreeSlots.free(busy: fromFile.offHours, in: Self.window)
    #expect(
      open.first == Interval(Self.at(23, 10, zone: Self.berlin), Self.at(23, 12, zone: Self.berlin))
    )
    #expect(open.count == 4)  // the file gives no days: Outlook's, Monday to Thursday

    let fromOption = try #require(
      try Self.request([("hana", Self.outlook)], people: file) { request in
        request.personHours["hana"] = HoursChoice(days: [1])
      }.first)
    #expect(fromOption.hoursFrom == .option)
    let monday = FreeSlots.free(busy: fromOption.offHours, in: Self.window)
    #expect(
      monday == [Interval(Self.at(23, 10, zone: Self.berlin), Self.at(23, 12, zone: Self.berlin))])
  }

  /// A VAVAILABILITY limits the person to its available time with no --hours, and is their
  /// comfort time; the people file's hours beat it.
  @Test func availabilityAlwaysLimits() throws {
    let chicago = Zone.named("America/Chicago")!
    let person = try #require(try Self.request([("erin", Self.availability)]).first)
    #expect(person.hoursFrom == .availability)
    #expect(person.homeZone.name == "America/Chicago")
    let open = FreeSlots.free(busy: person.offHours, in: Self.window)
    #expect(open.count == 4)
    #expect(open.first == Interval(Self.at(23, 10, zone: chicago), Self.at(23, 16, zone: chicago)))
    #expect(person.comfort.filter { $0.overlaps(Self.window) } == open)

    let overridden = try #require(
      try Self.request(
        [("erin", Self.availability)],
        people: "[people.erin]\ncalendars = \"e.ics\"\nhours = \"08:00-09:00\"\n"
      ).first)
    #expect(overridden.hoursFrom == .peopleFile)
    #expect(
      FreeSlots.free(busy: overridden.offHours, in: Self.window).first
        == Interval(Self.at(23, 8, zone: chicago), Self.at(23, 9, zone: chicago)))
  }

  /// The home zone: --zone, then the people file, then X-WR-TIMEZONE; `--tz` when nothing
  /// names one.
  @Test func homeZonePrecedence() throws {
    let named = Self.calendar("", header: "X-WR-TIMEZONE:Asia/Tokyo\n")
    let fromCalendar = try #require(try Self.request([("kim", named)]).first)
    #expect(fromCalendar.homeZone.name == "Asia/Tokyo")
    #expect(fromCalendar.homeZoneFrom == .xWRTimezone)

    let fromFile = try #require(
      try Self.request(
        [("kim", named)], people: "[people.kim]\ncalendars = \"k.ics\"\nzone = \"Europe/Prague\"\n"
      ).first)
    #expect(fromFile.homeZone.name == "Europe/Prague")
    #expect(fromFile.homeZoneFrom == .peopleFile)

    let fromOption = try #require(
      try Self.request(
        [("kim", named)], people: "[people.kim]\ncalendars = \"k.ics\"\nzone = \"Europe/Prague\"\n"
      ) {
        $0.readOptions.homeZones["kim"] = Zone.named("America/Denver")
      }.first)
    #expect(fromOption.homeZone.name == "America/Denver")
    #expect(fromOption.homeZoneFrom == .option)

    let none = try #require(try Self.request([("kim", Self.calendar(""))]).first)
    #expect(none.homeZone.name == "UTC")
    #expect(none.homeZoneFrom == .tz)
    #expect(!none.hasOwnZone)
  }

  /// The address: --owner (or the people file's email) beats the name, which beats the
  /// calendar's own owner.
  @Test func addressPrecedence() throws {
    let owned = Self.calendar("", header: "X-OWNER;CN=Hana:mailto:hana@example.com\n")
    let own = try #require(try Self.request([("hana", owned)]).first)
    #expect(own.address == "hana@example.com")
    #expect(own.addressFrom == .calendar)

    let byName = try #require(try Self.request([("h@example.org", owned)]).first)
    #expect(byName.address == "h@example.org")
    #expect(byName.addressFrom == .name)

    let fromFile = try #require(
      try Self.request(
        [("hana", owned)],
        people: "[people.hana]\ncalendars = \"h.ics\"\nemail = \"hn@example.net\"\n"
      )
      .first)
    #expect(fromFile.address == "hn@example.net")
    #expect(fromFile.addressFrom == .option)
  }

  /// With `--unknown busy` the time the calendar does not cover is unknown time; with
  /// `--unknown free` there is none.
  @Test func uncoveredTimeIsUnknown() throws {
    let ranged = Self.calendar(
      "", header: "X-CALSTART:20261124T000000Z\nX-CALEND:20261126T000000Z\n")
    let busy = try #require(try Self.request([("a", ranged)]).first)
    #expect(
      busy.uncoveredTime == [
        Interval(Self.window.start, Self.at(24, 0)), Interval(Self.at(26, 0), Self.window.end),
      ])
    #expect(busy.unknownTime == busy.uncoveredTime)
    let free = try #require(
      try Self.request([("a", ranged)]) { $0.unknownIsBusy = false }.first)
    #expect(free.unknownTime.isEmpty)
  }

  /// A word that is both a path and a person in the people file is refused, naming both
  /// (`Fixtures` is a directory where the tests run).
  @Test func pathAndNameIsAnError() throws {
    let path = TemporaryFiles.file(Self.calendar(""))
    let file = try PeopleFile(
      text: "[people.Fixtures]\ncalendars = \"\(path)\"\n", path: "people.toml", home: nil)
    let people = PeopleDirectory(file: file)
    #expect(throws: ScheduleError.self) { try people.sources("Fixtures", role: .required) }
    do {
      _ = try people.sources("Fixtures", role: .required)
    } catch {
      #expect(error.description.contains("./Fixtures"))
      #expect(error.description.contains("person of people.toml"))
    }
    #expect(try people.sources("./Fixtures", role: .required).map(\.argument) == ["./Fixtures"])
  }
}
