import Foundation
import TestSupport
import Testing

/// The limits a hostile calendar meets, and what reaches the terminal and the output file.
@Suite struct LimitTests {
  /// A calendar with an intact event, then `middle`, then another intact event.
  func calendar(_ middle: String) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VEVENT\r
    UID:before@test\r
    DTSTART:20261124T090000Z\r
    DTEND:20261124T100000Z\r
    END:VEVENT\r
    \(middle)BEGIN:VEVENT\r
    UID:after@test\r
    DTSTART:20261124T110000Z\r
    DTEND:20261124T113000Z\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
  }

  @Test func aTooLongLineIsAnErrorNamingItsLine() throws {
    let long = "DESCRIPTION:" + String(repeating: "x", count: 300) + "\r\n"
    let path = Temp.file(calendar("BEGIN:VEVENT\r\nUID:long@test\r\n\(long)END:VEVENT\r\n"))
    let refused = try Run.freetime([path, "--max-line-bytes", "200"] + window)
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("\(path):11: a content line longer than 200 bytes"))
    #expect(refused.stdout.isEmpty)
    // Folded into many physical lines, it is still one content line.
    let folded =
      "DESCRIPTION:"
      + Array(repeating: String(repeating: "y", count: 60), count: 10)
      .joined(separator: "\r\n ") + "\r\n"
    let foldedPath = Temp.file(
      calendar("BEGIN:VEVENT\r\nUID:long@test\r\n\(folded)END:VEVENT\r\n"))
    let foldedRun = try Run.freetime([foldedPath, "--max-line-bytes", "200"] + window)
    #expect(foldedRun.status == 2)
    #expect(foldedRun.stderr.contains("\(foldedPath):11: a content line longer than 200 bytes"))
    // The default takes it.
    #expect(try Run.freetime([path] + window).status == 0)
  }

  @Test func deepNestingIsAnError() throws {
    let begins = (0..<20).map { "BEGIN:X-C\($0)\r\n" }.joined()
    let ends = (0..<20).reversed().map { "END:X-C\($0)\r\n" }.joined()
    let path = Temp.file(calendar(begins + ends))
    let run = try Run.freetime([path] + window)
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(path):24: components nested more than 16 deep"))
  }

  @Test func tooManyParametersSkipOneEventWithAWarning() throws {
    let params = (0..<70).map { ";X-P\($0)=v" }.joined()
    let path = Temp.file(
      calendar(
        "BEGIN:VEVENT\r\nUID:params@test\r\nDTSTART\(params):20261124T100000Z\r\nDTEND:20261124T110000Z\r\nEND:VEVENT\r\n"
      ))
    let run = try Run.freetime([path, "--format", "json"] + window)
    #expect(run.status == 0)
    #expect(run.stderr.contains("\(path):11: event skipped: more than 64 parameters on DTSTART"))
    // The intact events block; the skipped one does not.
    let slots = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let starts = (slots["slots"] as! [[String: Any]]).map { $0["start"] as! String }
    #expect(
      starts == [
        "2026-11-24T08:00:00+00:00", "2026-11-24T10:00:00+00:00", "2026-11-24T11:30:00+00:00",
      ])
  }

  @Test func tooManyInstancesInOneFileIsAnError() throws {
    let series =
      "BEGIN:VEVENT\r\nUID:daily@test\r\nDTSTART:20261101T070000Z\r\nDTEND:20261101T071000Z\r\nRRULE:FREQ=DAILY;COUNT=50\r\nEND:VEVENT\r\n"
    let path = Temp.file(calendar(series))
    let all = ["--from", "2026-11-01", "--to", "2027-01-01", "--tz", "UTC"]
    let run = try Run.freetime([path, "--max-file-instances", "20"] + all)
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(path):9: more than 20 instances in this file"))
    #expect(try Run.freetime([path, "--max-file-instances", "100"] + all).status == 0)
  }

  /// The watchdog: a file that costs more CPU time than its budget stops the run, naming the
  /// file and the line of the component being read. A budget far below what reading takes makes
  /// this deterministic without a pathological calendar.
  @Test func cpuBudgetStopsTheRunNamingFileAndLine() throws {
    var events = ""
    for i in 0..<3000 {
      events +=
        "BEGIN:VEVENT\r\nUID:w\(i)@test\r\nDTSTART;TZID=Europe/Prague:20261124T090000\r\nDTEND;TZID=Europe/Prague:20261124T091500\r\nRRULE:FREQ=MONTHLY;BYDAY=1MO,-1FR;BYSETPOS=1,-1;COUNT=40\r\nEXDATE;TZID=Europe/Prague:20261207T090000\r\nEND:VEVENT\r\n"
    }
    let path = Temp.file(calendar(String(repeating: events, count: 20)))
    let run = try Run.freetime([path, "--cpu-budget", "0.001"] + window)
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("freetime: error: \(path):"))
    #expect(run.stderr.contains("of CPU time"))
    #expect(run.stderr.contains("--cpu-budget raises the limit"))
    #expect(run.stdout.isEmpty)

    // In a directory the thread's watch goes from file to file: the file over its budget is
    // named, not the one read before it.
    let dir = Temp.directory + "/watch-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let small = calendar(
      "BEGIN:VEVENT\r\nUID:s@test\r\nDTSTART:20261124T100000Z\r\nDURATION:PT30M\r\nEND:VEVENT\r\n")
    try small.write(toFile: dir + "/a.ics", atomically: false, encoding: .utf8)
    try String(contentsOfFile: path, encoding: .utf8).write(
      toFile: dir + "/b.ics", atomically: false, encoding: .utf8)
    let inDirectory = try Run.freetime([dir, "--cpu-budget", "0.001"] + window)
    #expect(inDirectory.status == 2)
    #expect(inDirectory.stderr.hasPrefix("freetime: error: \(dir)/b.ics:"))
  }

  /// A rule naming no real date would send libical searching second by second until 2582; it
  /// keeps only DTSTART, with a warning, and the events around it are intact.
  @Test func ruleWithNoRealDateKeepsOnlyDTSTART() throws {
    let path = Temp.file(
      calendar(
        "BEGIN:VEVENT\r\nUID:feb31@test\r\nDTSTART:20261124T100000Z\r\nDURATION:PT30M\r\nRRULE:FREQ=SECONDLY;BYMONTH=2,4;BYMONTHDAY=31,-31\r\nEND:VEVENT\r\n"
      ))
    let run = try Run.freetime([path, "--format", "json"] + window)
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "\(path):13: RRULE names no date or time that exists; only DTSTART is used"))
    let slots = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let starts = (slots["slots"] as! [[String: Any]]).map { $0["start"] as! String }
    #expect(
      starts == [
        "2026-11-24T08:00:00+00:00", "2026-11-24T10:30:00+00:00", "2026-11-24T11:30:00+00:00",
      ])
  }

  @Test func limitOptionsAreValidated() throws {
    let path = Temp.file(calendar(""))
    for bad in [
      ["--max-line-bytes", "10"], ["--max-file-instances", "0"], ["--cpu-budget", "0"],
    ] {
      let run = try Run.freetime([path] + bad + window)
      #expect(run.status == 2, "\(bad)")
      #expect(run.stderr.contains(bad[0]), "\(bad)")
    }
  }
}

@Suite struct OutputSafetyTests {
  /// Escape sequences in SUMMARY, UID, TZID and X-WR-CALNAME never reach stdout or stderr raw.
  @Test(arguments: ["table", "timeline", "json", "ndjson", "csv", "ics", "freebusy"])
  func noControlBytesInAnyFormat(format: String) throws {
    let esc = "\u{1b}[31m\u{07}\u{9b}2J"
    let text = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      X-WR-CALNAME:evil\(esc)\r
      BEGIN:VEVENT\r
      UID:u\(esc)@test\r
      DTSTART;TZID=Bad\(esc)Zone:20261124T090000\r
      DTEND:20261124T100000Z\r
      SUMMARY:meet\(esc)ing\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:broken\(esc)@test\r
      DTSTART:2026-bad\(esc)\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let path = Temp.file(text)
    let run = try Run.freetime([path, "--format", format, "--explain"] + window)
    #expect(run.status == 0 || run.status == 1)
    #expect(!run.stderr.isEmpty)  // the unknown zone and the broken event are reported
    for (name, out) in [("stdout", run.stdout), ("stderr", run.stderr)] {
      let scalars = Array(out.unicodeScalars)
      for (i, s) in scalars.enumerated() {
        let v = s.value
        let crlf = v == 0x0D && i + 1 < scalars.count && scalars[i + 1] == "\n"
        #expect(
          !((v < 0x20 && v != 0x0A && v != 0x09 && !crlf) || (0x7F...0x9F).contains(v)),
          "\(format) \(name) has U+\(String(v, radix: 16))")
      }
    }
  }

  /// A control byte in a calendar's file name does not reach the terminal either.
  @Test func controlBytesInFileNames() throws {
    let path = Temp.file("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n", name: "bad\u{1b}]0;title\u{07}.ics")
    let run = try Run.freetime([path] + window)
    #expect(run.status == 2)
    #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(run.stderr.contains("bad]0;title.ics"))
  }

  /// JSON leaves control characters out instead of escaping them: `jq -r` would print an
  /// escaped ESC raw.
  @Test func jsonHasNoEscapedControlCharacters() throws {
    let text = try String(
      contentsOf: Run.fixtures.appendingPathComponent("team/alice.ics"), encoding: .utf8)
    let path = Temp.file(text, name: "evil\u{1b}[31m\u{9b}name.ics")
    let run = try Run.freetime([path, "--format", "json"] + window)
    #expect(run.status == 0)
    #expect(!run.stdout.contains("\\u001b") && !run.stdout.contains("\u{1b}"))
    #expect(run.stdout.contains("\"name\": \"evil[31mname\""))
  }

  /// `freetime ... | head -1`: the pipe closes early, and freetime ends without a word.
  @Test func closedPipeEndsQuietly() throws {
    var events = ""
    for day in 1...28 {
      let d = String(format: "%02d", day)
      events +=
        "BEGIN:VEVENT\r\nUID:\(day)@t\r\nDTSTART:202611\(d)T090000Z\r\nDTEND:202611\(d)T091000Z\r\nRRULE:FREQ=MONTHLY;COUNT=600\r\nEND:VEVENT\r\n"
    }
    let path = Temp.file("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(events)END:VCALENDAR\r\n")
    for format in ["table", "json", "csv"] {
      let run = try Run.command(
        "/bin/sh",
        [
          "-c",
          "'\(Run.binary.path)' '\(path)' --from 2026-11-01 --to 2070-01-01 --tz UTC --format \(format) | head -c 100 >/dev/null",
        ])
      #expect(run.status == 0)
      #expect(run.stderr.isEmpty, "\(format): \(run.stderr)")
    }
  }

  /// Interrupted while writing `-o FILE`: the old file stays and no temporary file is left.
  @Test func interruptedOutputLeavesTheOldFile() throws {
    let dir = Temp.directory + "/interrupt-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let target = dir + "/slots.json"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
    let process = Process()
    process.executableURL = Run.binary
    process.arguments =
      [Run.fixtures.path + "/team/alice.ics", "-o", target, "--format", "json"] + window
    var env = ProcessInfo.processInfo.environment
    env["FREETIME_TEST_PAUSE_BEFORE_RENAME"] = "5"
    process.environment = env
    try process.run()
    // Wait until the temporary file exists, then interrupt.
    let sawTemporary = try Waiting.until(tries: 200, every: 0.025) {
      try FileManager.default.contentsOfDirectory(atPath: dir).contains {
        $0.hasPrefix(".slots.json.freetime-")
      }
    }
    #expect(sawTemporary)
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["slots.json"])
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
  }
}
