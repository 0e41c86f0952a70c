import Foundation
import Testing

@Suite struct CheckTests {
  @Test func cleanCalendarsExitZeroWithNotesOnly() throws {
    let run = try Run.freetime(["check", "Fixtures/team/bob.ics", "Fixtures/team/dave.ics"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        Fixtures/team/bob.ics: note: home zone America/New_York, from X-WR-TIMEZONE; all-day events, floating times and working hours are read in it
        Fixtures/team/bob.ics:30: note: TZID 'America/New_York' has no VTIMEZONE in the file; the system zone is used
        Fixtures/team/bob.ics:54: note: floating time: read in the calendar's home zone America/New_York (UID F0B1C2D3-E4F5-4A6B-9C8D-7E6F5A4B3C55)
        Fixtures/team/dave.ics: note: no home zone (no X-WR-TIMEZONE, no timed event names a zone): read in --tz Europe/Prague; all-day events, floating times and working hours are read in it

        """)
    #expect(run.stderr == "freetime: 0 errors, 0 warnings, 4 notes in 2 calendars\n")
  }

  /// An AVAILABLE recurs without an end by nature: `check` notes such series in events only,
  /// and notes that the person's VAVAILABILITY limits them, at its line.
  @Test func availableComponentsGetNoEventNotes() throws {
    let run = try Run.freetime(["check", "Fixtures/availability/erin.ics"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        Fixtures/availability/erin.ics: note: home zone America/Montreal, from X-WR-TIMEZONE; all-day events, floating times and working hours are read in it
        Fixtures/availability/erin.ics:4: note: VAVAILABILITY (RFC 7953) read as the person's working hours at all times (no DTSTART or DTEND): available only in the times of its 1 AVAILABLE component; it limits their free time (--hours NAME=, --days NAME= and the people file override it, --no-own-hours ignores it)
        Fixtures/availability/erin.ics:16: note: TZID 'America/Montreal' has no VTIMEZONE in the file; the system zone is used

        """)
  }

  /// Each rule of what a producer's calendar means gets a note: coverage, home zone, show-as,
  /// whose replies are read. None of them is a fault: the exit status stays 0.
  @Test func producerRulesAreNoted() throws {
    let run = try Run.freetime(["check", "Fixtures/producers/outlook-show-as.ics"])
    #expect(run.status == 0, "\(run.stdout)")
    let notes = run.stdout.split(separator: "\n").map { $0.split(separator: ": note: ").last ?? "" }
    #expect(notes.count == 4, "\(run.stdout)")
    #expect(
      notes[0].hasPrefix(
        "the calendar speaks for only Mon 2026-11-23 01:00 – Mon 2026-11-30 01:00 Europe/Prague"))
    #expect(
      notes[1].hasPrefix(
        "home zone Europe/Berlin, the zone 4 of the 4 timed events of the person's own"))
    #expect(notes[2].hasPrefix("Outlook's show-as (X-MICROSOFT-CDO-BUSYSTATUS) is read"))
    #expect(
      notes[3].hasPrefix("invitations are read with the replies of gina@example.com (from X-OWNER)")
    )
  }

  @Test func warningsExitOneErrorsExitTwo() throws {
    let warned = try Run.freetime(["check", "Fixtures/corpus/recurring_events_moved.ics"])
    #expect(warned.status == 1)
    #expect(
      warned.stdout.contains(
        "recurring_events_moved.ics:75: warning: event has both DTEND and DURATION"))

    let broken = Temp.file("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n")
    let failed = try Run.freetime(["check", broken, "Fixtures/corpus/recurring_events_moved.ics"])
    #expect(failed.status == 2)
    #expect(
      failed.stdout.hasPrefix("\(broken): error: truncated: BEGIN:VEVENT of line 2 never ends\n"))
  }

  @Test func flagsWindowsZonesAndRepeatedUIDs() throws {
    let path = Temp.file(
      """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:same\r
      DTSTART;TZID=W. Europe Standard Time:20261124T090000\r
      DTEND;TZID=W. Europe Standard Time:20261124T100000\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:same\r
      DTSTART:20261125T090000Z\r
      END:VEVENT\r
      END:VCALENDAR\r

      """)
    let run = try Run.freetime(["check", path])
    // The two versions tie (no SEQUENCE, no DTSTAMP): both are kept, with a warning.
    #expect(run.status == 1)
    #expect(run.stdout.contains("both are kept (UID same)"))
    #expect(
      run.stdout.contains(
        "\(path):4: note: Windows zone name 'W. Europe Standard Time' without a VTIMEZONE; read as Europe/Berlin"
      ))
    #expect(
      run.stdout.contains(
        "\(path):7: note: another event has the same UID (the highest SEQUENCE wins) (UID same)"))
  }

  /// `check` takes --zone and --owner as the other commands do, and says they decided.
  @Test func zoneAndOwnerOptions() throws {
    let run = try Run.freetime([
      "check", "x=Fixtures/team/alice.ics", "--zone", "x=Asia/Tokyo", "--owner", "x=a@example.com",
    ])
    #expect(run.stdout.contains("home zone Asia/Tokyo, from --zone"), "\(run.stdout)")
    #expect(run.stdout.contains("replies of a@example.com (from --owner)"), "\(run.stdout)")
    let unknown = try Run.freetime(["check", "Fixtures/team/alice.ics", "--zone", "y=UTC"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("--zone names 'y'"), "\(unknown.stderr)")
  }
}
