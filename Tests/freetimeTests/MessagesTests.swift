import Foundation
import Testing

/// Messages, case, spelling and output as a person meets them (issue: every message read
/// through once more). One test per class.
@Suite struct MessagesTests {
  let alice = "Fixtures/team/alice.ics"
  let day = ["--from", "2026-11-23", "--to", "+1d", "--tz", "UTC"]

  /// Errors point at the help of the subcommand in use, and say what is wrong.
  @Test func errorsPointTheRightWay() throws {
    let busy = try Run.freetime(["busy", alice, "--tz", "Mars/Olympus"])
    #expect(busy.stderr.hasSuffix("(freetime busy --help shows the options.)\n"), "\(busy.stderr)")
    let slots = try Run.freetime([alice, "--format", "xml"])
    #expect(slots.stderr.contains("(freetime slots --help shows the options.)"))
    let color = try Run.freetime([alice, "--color=yes"])
    #expect(color.stderr.contains("Use one of: auto, always, never; did you mean always?"))
    #expect(!color.stderr.contains("WHEN"))
    let limit = try Run.freetime([alice, "--limit", "-1"] + day)
    #expect(limit.stderr.contains("--limit must be at least 1."), "\(limit.stderr)")
    let to = try Run.freetime([alice, "--to", "-1d", "--from", "2026-11-23"])
    #expect(to.stderr.contains("--to '-1d' is not a WHEN"), "\(to.stderr)")
    let buffer = try Run.freetime([alice, "--buffer", "-5m"] + day)
    #expect(buffer.stderr.contains("it must not be negative"), "\(buffer.stderr)")
    let typo = try Run.freetime(["bussy", alice])
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("did you mean freetime busy?"))
    let url = try Run.freetime(["https://example.com/team.ics"] + day)
    #expect(url.status == 2)
    #expect(url.stderr.contains("freetime reads calendar files, not URLs"))
    #expect(url.stderr.contains("curl -fsSL -o calendar.ics"))
    let none = try Run.freetime([], stdin: "BEGIN:VCALENDAR\r\n")
    #expect(none.stderr.contains("or - for standard input"))
    #expect(none.stderr.contains("standard input is read only when - is given"))
    let zero = try Run.freetime([alice, "--min", "0", "-q"] + day)
    #expect(zero.status == 0, "\(zero.stderr)")
  }

  /// Fixed values in any case; zones by any name people write, with suggestions.
  @Test func caseAndSpelling() throws {
    let upper = try Run.freetime([alice, "--format", "JSON", "--tentative", "Free"] + day)
    #expect(upper.status == 0, "\(upper.stderr)")
    #expect(upper.stdout.hasPrefix("{"))
    let berlin = try Run.freetime([alice, "--tz", "Berlin"])
    #expect(berlin.stderr.contains("did you mean Europe/Berlin?"), "\(berlin.stderr)")
    let windows = try Run.freetime(
      [
        alice, "--tz", "W. Europe Standard Time", "--zone", "alice=Tokyo Standard Time",
        "--format", "json", "--from", "2026-11-23", "--to", "+1d",
      ])
    #expect(windows.stdout.contains(#""timeZone": "Europe/Berlin""#), "\(windows.stderr)")
    #expect(windows.stdout.contains(#""homeZone": "Asia/Tokyo""#))
    let lower = Temp.file(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:America/new_york\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=europe/berlin:20261123T100000\r\nDURATION:PT1H\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
      name: "lower.ics")
    let read = try Run.freetime([lower, "--format", "json"] + day)
    #expect(read.stdout.contains(#""end": "2026-11-23T09:00:00+00:00""#), "\(read.stdout)")
    #expect(read.stdout.contains(#""homeZone": "America/New_York""#))
    #expect(read.stderr.isEmpty, "\(read.stderr)")
    let badTZ = try Run.freetime(
      [alice, "-q", "--from", "2026-11-23"], environment: ["TZ": "Foo/Bar"])
    #expect(badTZ.stderr.contains("TZ 'Foo/Bar' is not a known time zone"))
  }

  /// `-o -` is standard output; a write error on standard output is an error (exit 2) in every
  /// command, a closed pipe ends quietly.
  @Test func standardOutput() throws {
    let dash = try Run.freetime([alice, "-o", "-"] + day)
    #expect(dash.stdout.hasPrefix("Free for alice"))
    #expect(
      !FileManager.default.fileExists(atPath: Run.packageRoot.appendingPathComponent("-").path))
    for command in [[], ["busy"], ["check"]] {
      let run = try Run.command(
        "/bin/bash", ["-c", "\"$0\" \"$@\" > /dev/full", Run.binary.path] + command + [alice])
      #expect(run.status == 2, "\(command)")
      #expect(run.stderr.contains("standard output: No space left on device"), "\(run.stderr)")
    }
    let pipe = try Run.command(
      "/bin/bash",
      [
        "-c", "\"$0\" \"$@\" | head -c 10 > /dev/null; echo ${PIPESTATUS[0]}", Run.binary.path,
        alice, "--from", "2026-01-01", "--to", "+300d", "--format", "ndjson",
      ])
    #expect(pipe.stdout == "0\n" || pipe.stdout == "141\n", "\(pipe.stdout)")
    #expect(pipe.stderr.isEmpty, "\(pipe.stderr)")
  }

  /// The window's defaults and the dates people type.
  @Test func defaultsAndDates() throws {
    let json = try Run.freetime([alice, "--format", "json", "--tz", "UTC"])
    let start =
      json.stdout.split(separator: "\"start\": \"").dropFirst().first.map { String($0.prefix(19)) }
      ?? ""
    // The next quarter hour, no seconds.
    #expect(
      start.hasSuffix(":00")
        && ["00", "15", "30", "45"].contains(String(start.dropLast(3).suffix(2))), "\(start)")
    let gap = try Run.freetime(
      [alice, "--from", "2026-03-29T02:30", "--to", "+1h", "--tz", "Europe/Prague", "-q"])
    #expect(gap.stderr.contains("--from 2026-03-29T02:30 does not exist in Europe/Prague"))
    let weekday = try Run.freetime(
      [alice, "--from", "next friday", "--to", "+1mo", "--tz", "UTC", "--format", "json"])
    #expect(weekday.status == 0 || weekday.status == 1, "\(weekday.stderr)")
    let check = try Run.python(
      """
      import json, sys, datetime as dt
      w = json.load(sys.stdin)["window"]
      s = dt.datetime.fromisoformat(w["start"]); e = dt.datetime.fromisoformat(w["end"])
      today = dt.datetime.now(dt.timezone.utc).date()
      assert s.weekday() == 4 and 1 <= (s.date() - today).days <= 7, s
      assert (e.month - s.month) % 12 == 1 and e.day == s.day or e.day < s.day, e
      print("ok")
      """, stdin: weekday.stdout)
    #expect(check.stdout == "ok\n", "\(check.stderr)")
  }

  /// check notes a timed event that blocks nothing and text that is not UTF-8.
  @Test func quietLossesAreNoted() throws {
    let path = Temp.file(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261123T100000Z\r\nSUMMARY:Caf\u{FFFD}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
      name: "only-start.ics")
    var bytes = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
    if let at = bytes.firstIndex(of: 0xEF) { bytes.replaceSubrange(at..<(at + 3), with: [0xE9]) }
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let run = try Run.freetime(["check", path])
    #expect(
      run.stdout.contains(":6: note: a date-time DTSTART without DTEND or DURATION blocks no time"))
    #expect(run.stdout.contains(":7: note: text that is not UTF-8"), "\(run.stdout)")
  }
}
