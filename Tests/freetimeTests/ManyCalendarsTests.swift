import Foundation
import Testing

/// A long list of calendars (docs/PERFORMANCE.md): from 32 on they reach argument-parser packed
/// into one argument and are unpacked in order; options among them keep their values.
@Suite struct ManyCalendarsTests {
  let team = ["alice", "bob", "carol", "dave"]

  /// `count` people, each one of the team's calendars under a name of its own: p0=alice.ics,
  /// p1=bob.ics, ...
  func people(_ count: Int) -> [String] {
    (0..<count).map { "p\($0)=Fixtures/team/\(team[$0 % team.count]).ics" }
  }

  /// (calendar names in order, slots as "start end free-count") of a JSON run.
  func parse(_ json: String) throws -> (names: [String], slots: [String]) {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let names = (object["calendars"] as! [[String: Any]]).map { $0["name"] as! String }
    let slots = (object["slots"] as! [[String: Any]]).map {
      "\($0["start"] as! String) \($0["end"] as! String) \(($0["free"] as! [Any]).count)"
    }
    return (names, slots)
  }

  /// Forty calendars with options before, among and after them (one with its value after it,
  /// -o with its own, a flag, a value that looks like a calendar): the calendars in the order
  /// given, the slots of the team's four, every option applied.
  @Test func optionsAmongManyCalendars() throws {
    let output = Temp.directory + "/many-\(UUID().uuidString).json"
    let all = people(40)
    let arguments =
      ["--tz", "UTC"] + all[0..<10] + ["--from", "2026-11-23", "-o", output] + all[10..<25]
      + ["--to", "2026-11-25", "--strict"] + all[25...] + ["--format", "json", "--quorum", "40"]
    let run = try Run.freetime(arguments)
    #expect(run.status == 0, "\(run.stderr)")
    let many = try parse(String(contentsOfFile: output, encoding: .utf8))
    #expect(many.names == (0..<40).map { "p\($0)" })

    let four = try Run.freetime(
      team.map { "Fixtures/team/\($0).ics" }
        + ["--from", "2026-11-23", "--to", "2026-11-25", "--tz", "UTC", "--format", "json"])
    #expect(four.status == 0, "\(four.stderr)")
    let expected = try parse(four.stdout).slots.map {
      $0.replacingOccurrences(of: " 4", with: " 40")
    }
    #expect(!expected.isEmpty)
    #expect(many.slots == expected)
  }

  /// An error about one of many calendars names it as it was given.
  @Test func errorNamesTheCalendar() throws {
    let run = try Run.freetime(
      people(40) + ["Fixtures/team/nobody.ics", "--from", "2026-11-23", "--tz", "UTC"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("Fixtures/team/nobody.ics"), "\(run.stderr)")
    #expect(!run.stderr.contains("\u{0}"))
    // A command that takes no calendar quotes them one by one.
    let listing = try Run.freetime(["people"] + people(40))
    #expect(listing.status == 2)
    #expect(listing.stderr.contains("'p1=Fixtures/team/bob.ics', 'p2=Fixtures/team/carol.ics'"))
    #expect(!listing.stderr.contains("\u{0}"))
  }

  /// `busy` and `check` take a long list too.
  @Test func otherCommandsUnpack() throws {
    let check = try Run.freetime(["check"] + people(33) + ["--tz", "UTC"])
    #expect(check.status == 0, "\(check.stderr)")
    for i in [0, 1, 31, 32] { #expect(check.stdout.contains("p\(i)"), "p\(i)") }
  }
}
