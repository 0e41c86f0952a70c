import Foundation
import Testing

/// Time a calendar does not speak for is unknown, and unknown is not free (`--unknown`).
@Suite struct CoverageTests {
  /// The free slots of a run, as "start end" pairs in UTC.
  func slots(_ arguments: [String]) throws -> [String] {
    let run = try Run.freetime(arguments + ["--tz", "UTC", "--format", "csv"])
    return run.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").prefix(2).joined(separator: " ")
    }
  }

  /// The first VCALENDAR of dave.ics alone: a VFREEBUSY for Nov 23-30.
  var freeBusyOnly: String {
    let text = try! String(
      contentsOfFile: Run.fixtures.appendingPathComponent("team/dave.ics").path, encoding: .utf8)
    let first = text.components(separatedBy: "END:VCALENDAR")[0] + "END:VCALENDAR\r\n"
    return Temp.file(first, name: "dave-freebusy.ics")
  }

  @Test func aVFreeBusySpeaksOnlyForItsRange() throws {
    let window = ["--from", "2026-12-01", "--to", "+1d"]
    #expect(try slots([freeBusyOnly] + window).isEmpty)
    #expect(
      try slots([freeBusyOnly] + window + ["--unknown", "free"]) == [
        "2026-12-01T00:00:00+00:00 2026-12-02T00:00:00+00:00"
      ])
    let run = try Run.freetime([freeBusyOnly, "--format", "json"] + window)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "speaks for only Mon 2026-11-23 01:00 – Mon 2026-11-30 01:00 Europe/Prague"))
    #expect(
      run.stdout.contains(
        #""coverage": {"start": "2026-11-23T01:00:00+01:00", "end": "2026-11-30T01:00:00+01:00"}"#))
  }

  /// dave.ics as a whole has a VEVENT in its second VCALENDAR: it covers all time.
  @Test func aCalendarWithEventsCoversAllTime() throws {
    #expect(
      try slots(["Fixtures/team/dave.ics", "--from", "2026-12-01", "--to", "+1d"]).count == 1)
  }

  /// Outlook's export range (X-CALSTART/X-CALEND) bounds what its calendar says.
  @Test func outlookExportRange() throws {
    let free = try slots(
      ["Fixtures/producers/outlook-show-as.ics", "--from", "2026-11-29", "--to", "2026-12-02"])
    #expect(free == ["2026-11-29T00:00:00+00:00 2026-11-30T00:00:00+00:00"])
  }

  /// `freetime busy` over a week, read back over two: no free time outside the week.
  @Test func busyExportsReadBackWiderHaveNoFreeTimeOutside() throws {
    for person in ["alice", "bob", "carol", "dave"] {
      let exported = try Run.freetime(
        [
          "busy", "Fixtures/team/\(person).ics", "--from", "2026-11-23", "--to", "+7d", "--tz",
          "UTC",
        ])
      let path = Temp.file(exported.stdout, name: "\(person)-busy-week.ics")
      for slot in try slots([path, "--from", "2026-11-16", "--to", "2026-12-07"]) {
        let parts = slot.split(separator: " ")
        #expect(
          parts[0] >= "2026-11-23" && parts[1] <= "2026-11-30T00:00:00+00:00", "\(person) \(slot)")
      }
    }
  }
}
