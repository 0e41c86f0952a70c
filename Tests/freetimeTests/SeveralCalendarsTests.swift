import Foundation
import Testing

/// A person with several calendars (docs/GUIDE.md, Usage): the same NAME= on several arguments, a
/// directory tree, a file descriptor from the shell.
@Suite struct SeveralCalendarsTests {
  let window = ["--from", "2026-11-23", "--to", "2026-11-25", "--tz", "UTC", "--format", "json"]

  func event(_ uid: String, _ start: String, _ extra: String = "") -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    BEGIN:VEVENT\r
    UID:\(uid)\r
    DTSTAMP:20261101T000000Z\r
    DTSTART:\(start)\r
    DURATION:PT1H\r
    \(extra)END:VEVENT\r
    END:VCALENDAR\r

    """
  }

  /// (name, sources, busyIntervals) of each calendar, and the slots' starts.
  func read(_ arguments: [String]) throws -> (calendars: [String], slots: [String]) {
    let run = try Run.freetime(arguments + window)
    #expect(run.status == 0, "\(run.stderr)")
    let check = try Run.python(
      """
      import json, sys
      d = json.load(sys.stdin)
      for c in d["calendars"]:
          print("C", c["name"], "|".join(c["sources"]), c["busyIntervals"])
      for s in d["slots"]:
          print("S", s["start"][:16], s["end"][:16])
      """, stdin: run.stdout)
    let lines = check.stdout.split(separator: "\n").map(String.init)
    return (
      lines.filter { $0.hasPrefix("C ") }.map { String($0.dropFirst(2)) },
      lines.filter { $0.hasPrefix("S ") }.map { String($0.dropFirst(2)) }
    )
  }

  /// Two arguments with the same NAME= are one person: an override in one file moves an
  /// instance of a series in the other.
  @Test func sameNameIsOnePerson() throws {
    let series = Temp.file(
      event("standup", "20261123T090000Z", "RRULE:FREQ=DAILY;COUNT=2\r\n"), name: "work.ics")
    let moved = Temp.file(
      event("standup", "20261124T150000Z", "RECURRENCE-ID:20261124T090000Z\r\n"),
      name: "moved.ics")
    let result = try read(["nina=" + series, "nina=" + moved])
    #expect(result.calendars == ["nina nina=\(series)|nina=\(moved) 2"])
    #expect(
      result.slots == [
        "2026-11-23T00:00 2026-11-23T09:00", "2026-11-23T10:00 2026-11-24T15:00",
        "2026-11-24T16:00 2026-11-25T00:00",
      ])
    // --explain names the file each event comes from.
    let explained = try Run.freetime(["nina=" + series, "nina=" + moved, "--explain"] + window)
    #expect(explained.stdout.contains(#""file": "\#(moved)", "line": 3"#), "\(explained.stdout)")
    #expect(explained.stdout.contains(#""file": "\#(series)""#))
  }

  /// A directory is read recursively (vdirsyncer keeps one sub-directory per calendar); hidden
  /// directories are skipped.
  @Test func directoryTreeIsOnePerson() throws {
    let root = Temp.directory + "/tree-\(UUID().uuidString)"
    for (dir, uid, start) in [
      ("work", "w1", "20261123T090000Z"), ("home", "h1", "20261123T180000Z"),
      (".status", "s1", "20261124T090000Z"),
    ] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + dir, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: root + "/\(dir)/\(uid).ics", contents: Data(event(uid, start).utf8))
    }
    let result = try read(["olga=" + root])
    #expect(result.calendars == ["olga olga=\(root) 2"])
    let empty = root + "/empty"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let run = try Run.freetime([empty] + window)
    #expect(run.status == 2)
    #expect(run.stderr.contains("the directory has no .ics files"))
  }

  /// The shell's `<(...)` is a file descriptor: `fd63`, unless NAME= says better.
  @Test func fileDescriptorsAreNamedByNumber() throws {
    let calendar = Temp.file(event("x", "20261123T090000Z"), name: "fd.ics")
    let script = """
      "$1" <(cat "$2") nina=<(cat "$2") \(window.joined(separator: " "))
      """
    let run = try Run.command(
      "/bin/bash", ["-c", script, "bash", Run.binary.path, calendar])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.range(of: #""name": "fd\d+""#, options: .regularExpression) != nil)
    #expect(run.stdout.contains(#""name": "nina""#))
  }

  /// Names that only happen to be equal, or one name in two roles, are refused.
  @Test func clashingNamesAreRefused() throws {
    let a = Temp.file(event("a", "20261123T090000Z"), name: "alex.ics")
    try FileManager.default.createDirectory(
      atPath: Temp.directory + "/other", withIntermediateDirectories: true)
    let b = Temp.file(event("b", "20261123T100000Z"), name: "other/alex.ics")
    let twice = try Run.freetime([a, b] + window)
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("give both the same NAME= to read them as one person"))
    let roles = try Run.freetime(["x=" + a, "--optional", "x=" + b] + window)
    #expect(roles.status == 2)
    #expect(roles.stderr.contains("'x' is given as required and as optional"))
  }
}
