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

  /// Every example calendar of the team, the producers' shapes and availability, and the bad
  /// inputs about coverage, free/busy, values and iTIP, exported and read back under the same
  /// window, gives the same slots, suggestions and home zone with and without --hours,
  /// --tentative, --unknown and --no-own-hours: the export keeps the person's hours, zone and
  /// unknown time.
  @Test func everyExampleRoundTrips() throws {
    var files: [(path: String, all: Bool)] = []
    for folder in ["team", "producers", "availability", "bad"] {
      let dir = Run.fixtures.appendingPathComponent(folder).path
      for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
      where name.hasSuffix(".ics") {
        let good = folder != "bad"
        if good
          || ["coverage-", "freebusy-", "values-", "structure-itip"].contains(where: name.hasPrefix)
        {
          files.append(("Fixtures/\(folder)/\(name)", good))
        }
      }
    }
    let window = ["--from", "2026-11-23", "--to", "2026-11-30", "--tz", "Europe/Prague"]
    /// The slots and the home zone of a JSON answer; the suggestions' starts, outside minutes
    /// and zones of a suggest answer.
    func summary(_ output: String) throws -> String {
      if output.isEmpty { return "nothing" }
      let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
      if let slots = object?["slots"] as? [[String: Any]],
        let calendars = object?["calendars"] as? [[String: Any]]
      {
        return "\(slots.map { "\($0["start"]!)/\($0["end"]!)" }) \(calendars[0]["homeZone"]!)"
      }
      let suggestions = object?["suggestions"] as? [[String: Any]] ?? []
      var lines: [String] = []
      for suggestion in suggestions {
        let attendees = suggestion["attendees"] as? [[String: Any]] ?? []
        let each = attendees.map { "\($0["zone"]!) \($0["outsideMinutes"]!)" }
        lines.append("\(suggestion["start"]!) " + each.joined(separator: ","))
      }
      return lines.joined(separator: "; ")
    }
    var compared = 0
    for (file, all) in files {
      let source = "p=\(file)"
      let export = try Run.freetime(["busy", source] + window)
      guard export.status == 0 || export.status == 1 else { continue }
      let exported = "p=" + Temp.file(export.stdout)
      let options: [[String]] =
        all
        ? [
          [], ["--hours", "06:00-20:00"], ["--tentative", "free"], ["--unknown", "free"],
          ["--no-own-hours"], ["--days", "mon-fri", "--min", "30m"],
        ] : [[], ["--hours", "06:00-20:00", "--tentative", "free", "--unknown", "free"]]
      for option in options {
        let json = ["--format", "json"]
        let original = try summary(Run.freetime([source] + window + option + json).stdout)
        let back = try summary(Run.freetime([exported] + window + option + json).stdout)
        #expect(original == back, "\(file) \(option)")
        let suggest = ["suggest", "--duration", "45m", "--count", "5", "--format", "json"]
        let suggested = try summary(Run.freetime(suggest + [source] + window + option).stdout)
        let suggestedBack = try summary(Run.freetime(suggest + [exported] + window + option).stdout)
        #expect(suggested == suggestedBack, "suggest \(file) \(option)")
        compared += 1
      }
    }
    #expect(compared > 100)
  }
}
