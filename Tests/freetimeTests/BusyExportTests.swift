import Foundation
import Testing

/// `freetime busy`: times only, and reading it back gives exactly the same slots.
@Suite struct BusyExportTests {
  static let week = ["--from", "2026-11-23", "--to", "2026-11-30", "--tz", "Europe/Prague"]

  @Test(arguments: ["alice", "bob", "carol", "dave"])
  func roundTrip(person: String) throws {
    let source = "\(person)=Fixtures/team/\(person).ics"
    let export = try Run.freetime(["busy", source] + BusyExportTests.week)
    #expect(export.status == 0, "\(export.stderr)")
    #expect(!export.stdout.contains("SUMMARY") && !export.stdout.contains("ATTENDEE"))
    #expect(!export.stdout.contains("LOCATION") && !export.stdout.contains("VEVENT"))
    let exported = Temp.file(export.stdout)
    for options in [
      ["--min", "1s"], ["--tentative", "free", "--min", "1s"],
      ["--min", "30m", "--hours", "09:00-17:00"],
    ] {
      let original = try Run.freetime(
        [source] + BusyExportTests.week + options + ["--format", "csv"])
      let back = try Run.freetime(
        ["\(person)=\(exported)"] + BusyExportTests.week + options + ["--format", "csv"])
      #expect(back.stdout == original.stdout, "\(person) \(options)")
      #expect(back.status == original.status)
    }
  }

  @Test func onlyTimesAndTypes() throws {
    let export = try Run.freetime(["busy", "Fixtures/team/bob.ics"] + BusyExportTests.week)
    let check = try Run.python(
      """
      import sys, icalendar
      cal = icalendar.Calendar.from_ical(sys.stdin.read())
      (fb,) = cal.walk("VFREEBUSY")
      assert sorted(fb.keys()) == ["DTEND", "DTSTAMP", "DTSTART", "FREEBUSY", "UID"], sorted(fb.keys())
      print(sorted({p.params["FBTYPE"] for p in fb["FREEBUSY"]}))
      """, stdin: export.stdout)
    #expect(check.stdout == "['BUSY', 'BUSY-TENTATIVE']\n", "\(check.stderr)")
  }
}
