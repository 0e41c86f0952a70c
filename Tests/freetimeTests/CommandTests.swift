import Foundation
import Testing

let busyCalendar = """
  BEGIN:VCALENDAR\r
  VERSION:2.0\r
  PRODID:-//test//EN\r
  BEGIN:VEVENT\r
  UID:one@test\r
  DTSTART:20261124T090000Z\r
  DTEND:20261124T100000Z\r
  SUMMARY:Planning\r
  END:VEVENT\r
  END:VCALENDAR\r

  """

let window = ["--from", "2026-11-24T08:00Z", "--to", "2026-11-24T12:00Z", "--tz", "UTC"]

@Suite struct ExitStatusTests {
  @Test func slotFoundIsZeroNoneIsOne() throws {
    let path = Temp.file(busyCalendar)
    let found = try Run.freetime([path] + window + ["--min", "1h"])
    #expect(found.status == 0)
    #expect(found.stderr.isEmpty)
    let none = try Run.freetime([path] + window + ["--min", "3h"])
    #expect(none.status == 1)
    #expect(none.stdout.contains("No common free time"))
  }

  @Test func quietPrintsNothing() throws {
    let path = Temp.file(busyCalendar)
    let run = try Run.freetime([path, "-q"] + window)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty && run.stderr.isEmpty)
  }

  @Test(arguments: [
    (["--min", "soon"], "--min"),
    (["--format", "xml"], "--format"),
    (["--from", "2026-02-30"], "--from"),
    (["--from", "2026-11-24", "--to", "2026-11-23"], "empty"),
    (["--tz", "Mars/Olympus"], "--tz"),
    (["--limit", "0"], "--limit"),
    (["--bogus"], "--bogus"),
  ])
  func usageErrorsExitTwo(arguments: [String], mentions: String) throws {
    let path = Temp.file(busyCalendar)
    let run = try Run.freetime([path] + arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains(mentions), "\(run.stderr)")
  }

  @Test func noCalendarIsAUsageError() throws {
    let run = try Run.freetime(["--tz", "UTC"])
    #expect(run.status == 2)
  }

  @Test(arguments: [
    ("missing", "no such file"),
    ("", "empty file"),
    ("Dear Bob, see you at ten.\n", "not iCalendar"),
    ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20261124T090000Z\r\n", "truncated"),
  ])
  func unreadableCalendarExitsTwoNamingTheFile(content: String, message: String) throws {
    let good = Temp.file(busyCalendar)
    let path =
      content == "missing" ? Temp.directory + "/does-not-exist.ics" : Temp.file(content)
    let run = try Run.freetime([good, path] + window)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty, "never 'free all the time'")
    #expect(run.stderr.hasPrefix("freetime: error: \(path)"), "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func strictTurnsWarningsIntoErrors() throws {
    let path = Temp.file(
      busyCalendar.replacingOccurrences(
        of: "DTSTART:20261124T090000Z", with: "DTSTART;TZID=Nowhere/City:20261124T090000"))
    let lax = try Run.freetime([path] + window)
    #expect(lax.status == 0)
    #expect(lax.stderr.contains("freetime: warning: \(path):6: unknown time zone 'Nowhere/City'"))
    let strict = try Run.freetime([path, "--strict"] + window)
    #expect(strict.status == 2)
    #expect(strict.stdout.isEmpty)
  }
}

@Suite struct InputTests {
  @Test func standardInputAndNames() throws {
    let run = try Run.freetime(["bob=-", "--format", "json"] + window, stdin: busyCalendar)
    #expect(run.status == 0)
    #expect(run.stdout.contains("\"name\": \"bob\", \"person\": \"bob\", \"source\": \"bob=-\""))
    let plain = try Run.freetime(["-", "--format", "csv"] + window, stdin: busyCalendar)
    #expect(
      plain.stdout == """
        start,end,minutes,free
        2026-11-24T08:00:00+00:00,2026-11-24T09:00:00+00:00,60,stdin
        2026-11-24T10:00:00+00:00,2026-11-24T12:00:00+00:00,120,stdin

        """)
  }

  @Test func duplicateNamesAreRefused() throws {
    let a = Temp.file(busyCalendar, name: "same.ics")
    let run = try Run.freetime([a, "x=\(a)", "same=\(a)"] + window)
    #expect(run.status == 2)
    #expect(run.stderr.contains("named 'same'"))
  }

  @Test func outputFileIsWrittenWhole() throws {
    let path = Temp.file(busyCalendar)
    let target = Temp.directory + "/out-\(UUID().uuidString).json"
    let run = try Run.freetime([path, "-o", target, "--format", "json"] + window)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    let written = try String(contentsOfFile: target, encoding: .utf8)
    #expect(written.hasPrefix("{") && written.hasSuffix("}\n"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: Temp.directory)
      .filter { $0.contains(".freetime-") }
    #expect(leftovers.isEmpty)
  }

  /// `-o` into a directory read as a calendar warns when that directory's reading would take
  /// the output (a .ics name, or iCalendar), also below it; not for a hidden file, another
  /// format under another name, or a file elsewhere. The output is written either way.
  @Test func anOutputADirectoryWouldReadBackIsWarnedOf() throws {
    let dir = Temp.directory + "/vdir-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: dir + "/sub", withIntermediateDirectories: true)
    try busyCalendar.write(toFile: dir + "/a.ics", atomically: true, encoding: .utf8)
    let warning = "is in \(dir), which is read as"
    for (command, target, warns) in [
      (["busy", dir], dir + "/busy.ics", true),
      (["busy", dir], dir + "/sub/busy.txt", true),
      (["busy", dir], dir + "/.busy.ics", false),
      ([dir, "--format", "ics"], dir + "/sub/slots.ics", true),
      ([dir, "--format", "json"], dir + "/slots.json", false),
      ([dir, "--format", "json"], Temp.directory + "/slots-\(UUID().uuidString).ics", false),
    ] {
      let run = try Run.freetime(command + ["-o", target] + window)
      #expect(run.status == 0, "\(command) \(target) \(run.stderr)")
      #expect(run.stderr.contains(warning) == warns, "\(command) \(target) \(run.stderr)")
      #expect(FileManager.default.fileExists(atPath: target), "\(target)")
    }
  }

  /// A vdir read under a low limit of open files (`ulimit -n 10`): the thread that reads its
  /// files ahead holds one open at a time, as the reading thread does, so neither runs out. (It
  /// held a chunk's sixteen at once, and the reading thread's own open then failed.) The files
  /// are large enough, 600 of 8 KB, that the thread ahead is still reading when the reading
  /// thread opens the files it left (before, three runs failed nearly always).
  @Test func aVdirIsReadUnderALowLimitOfOpenFiles() throws {
    let dir = Temp.directory + "/vdir-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let padding = String(
      repeating: "X-PADDING:" + String(repeating: "x", count: 70) + "\r\n", count: 100)
    for i in 0..<600 {
      let text = busyCalendar.replacingOccurrences(
        of: "UID:one@test\r\n", with: "UID:\(i)@test\r\n" + padding)
      try text.write(toFile: dir + "/\(i).ics", atomically: true, encoding: .utf8)
    }
    for _ in 0..<3 {
      let run = try Run.command(
        "/bin/bash", ["-c", "ulimit -n 10 && exec \"$0\" \"$@\"", Run.binary.path, dir] + window)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("open files"), "\(run.stderr)")
      #expect(run.stdout.contains("10:00"), "\(run.stdout)")
    }
  }

  @Test func failedReadLeavesAnExistingOutputAlone() throws {
    let target = Temp.file("previous result\n", name: "keep-\(UUID().uuidString).txt")
    let run = try Run.freetime([Temp.directory + "/missing.ics", "-o", target] + window)
    #expect(run.status == 2)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "previous result\n")
  }
}
