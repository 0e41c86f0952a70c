import Foundation
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeICS

/// A vdir (one file per UID, each with the VTIMEZONEs it names, as vdirsyncer and khal store a
/// CalDAV collection) reads as the same events in one file (docs/PERFORMANCE.md): the
/// VTIMEZONEs met again are not read again (`ComponentReader.knownTimeZone`), and what that
/// leaves out must not change an answer, a warning or a line number.
@Suite struct VdirTests {
  static let prague = """
    BEGIN:VTIMEZONE
    TZID:Europe/Prague
    BEGIN:DAYLIGHT
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    DTSTART:19700329T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    END:DAYLIGHT
    BEGIN:STANDARD
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    DTSTART:19701025T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    END:STANDARD
    END:VTIMEZONE
    """
  static let newYork = """
    BEGIN:VTIMEZONE
    TZID:America/New_York
    BEGIN:DAYLIGHT
    TZOFFSETFROM:-0500
    TZOFFSETTO:-0400
    DTSTART:19700308T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
    END:DAYLIGHT
    BEGIN:STANDARD
    TZOFFSETFROM:-0400
    TZOFFSETTO:-0500
    DTSTART:19701101T020000
    RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
    END:STANDARD
    END:VTIMEZONE
    """

  /// Events of one person by UID (each a master and its overrides), with the zones they name.
  static func events(seed: UInt64, count: Int) -> [(uid: String, zones: [String], text: String)] {
    var rng = SplitMix64(seed: seed)
    var out: [(String, [String], String)] = []
    for n in 0..<count {
      let uid = "e\(n)@test"
      let day = 1 + Int(rng.next() % 27)
      let hour = 7 + Int(rng.next() % 10)
      let dayText = "202612\(day < 10 ? "0" : "")\(day)"
      let start = "\(dayText)T\(hour < 10 ? "0" : "")\(hour)0000"
      let end = "\(dayText)T\(hour + 1 < 10 ? "0" : "")\(hour + 1)3000"
      switch rng.next() % 6 {
      case 0:  // all-day: waits for the home zone (no X-WR-TIMEZONE)
        out.append(
          (
            uid, [],
            "BEGIN:VEVENT\nUID:\(uid)\nDTSTART;VALUE=DATE:\(dayText)\nDTEND;VALUE=DATE:\(dayText.prefix(6))\(day + 1 < 10 ? "0" : "")\(day + 1)\nEND:VEVENT"
          ))
      case 1:  // floating
        out.append(
          (uid, [], "BEGIN:VEVENT\nUID:\(uid)\nDTSTART:\(start)\nDTEND:\(end)\nEND:VEVENT"))
      case 2:  // a weekly series in New York with a moved and a cancelled instance
        let moved =
          "BEGIN:VEVENT\nUID:\(uid)\nRECURRENCE-ID;TZID=America/New_York:\(start)\nDTSTART;TZID=America/New_York:\(dayText)T060000\nDTEND;TZID=America/New_York:\(dayText)T063000\nEND:VEVENT"
        out.append(
          (
            uid, ["America/New_York"],
            "BEGIN:VEVENT\nUID:\(uid)\nDTSTART;TZID=America/New_York:\(start)\nDTEND;TZID=America/New_York:\(end)\nRRULE:FREQ=WEEKLY;COUNT=4\nEND:VEVENT\n\(moved)"
          ))
      case 3:  // UTC
        out.append(
          (uid, [], "BEGIN:VEVENT\nUID:\(uid)\nDTSTART:\(start)Z\nDTEND:\(end)Z\nEND:VEVENT"))
      default:  // Prague, the zone most events name
        out.append(
          (
            uid, ["Europe/Prague"],
            "BEGIN:VEVENT\nUID:\(uid)\nDTSTART;TZID=Europe/Prague:\(start)\nDTEND;TZID=Europe/Prague:\(end)\nEND:VEVENT"
          ))
      }
    }
    return out
  }

  static func vtimezone(_ name: String) -> String {
    name == "Europe/Prague" ? prague : newYork
  }

  static func newDirectory() throws -> String {
    let dir = Read.directory + "/vdir-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test(arguments: [1, 2, 3] as [UInt64], [false, true])
  func aVdirReadsAsOneFile(seed: UInt64, readAhead: Bool) throws {
    let events = Self.events(seed: seed, count: 120)
    let one = Read.write(
      Read.calendar(
        ([Self.prague, Self.newYork] + events.map(\.text)).joined(separator: "\n")))
    let dir = try Self.newDirectory()
    for event in events {
      let text = Read.calendar(
        (event.zones.map(Self.vtimezone) + [event.text]).joined(separator: "\n"))
      _ = FileManager.default.createFile(
        atPath: dir + "/" + event.uid + ".ics", contents: Data(text.utf8))
    }
    let a = try Read.read(one, from: "2026-11-30", to: "2027-01-10")
    let b = try Read.read(
      dir, kind: .directory(dir), from: "2026-11-30", to: "2027-01-10", readAhead: readAhead)
    #expect(!a.busy.isEmpty)
    #expect(Read.busy(a) == Read.busy(b))
    #expect(a.homeZone != nil)
    #expect(b.homeZone?.name == a.homeZone?.name)
    #expect(b.homeZoneFrom == a.homeZoneFrom)
    #expect(a.diagnostics.map(\.message) == b.diagnostics.map(\.message))
  }

  /// Two files define a zone of the same TZID differently: each file's events are read in its
  /// own.
  @Test(arguments: [false, true])
  func theSameTZIDDefinedTwoWaysIsReadPerFile(readAhead: Bool) throws {
    let dir = try Self.newDirectory()
    for (name, offset) in [("a", "+0100"), ("b", "+0300"), ("c", "+0100")] {
      let text = Read.calendar(
        """
        BEGIN:VTIMEZONE
        TZID:Office
        BEGIN:STANDARD
        TZOFFSETFROM:\(offset)
        TZOFFSETTO:\(offset)
        DTSTART:19700101T000000
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VEVENT
        UID:\(name)
        DTSTART;TZID=Office:2026120\(name == "a" ? 1 : name == "b" ? 2 : 3)T100000
        DTEND;TZID=Office:2026120\(name == "a" ? 1 : name == "b" ? 2 : 3)T110000
        END:VEVENT
        """)
      _ = FileManager.default.createFile(atPath: dir + "/\(name).ics", contents: Data(text.utf8))
    }
    let p = try Read.read(
      dir, kind: .directory(dir), from: "2026-11-30", to: "2026-12-07", readAhead: readAhead)
    #expect(
      Read.busy(p) == [
        Read.span("2026-12-01T09:00Z", "2026-12-01T10:00Z"),
        Read.span("2026-12-02T07:00Z", "2026-12-02T08:00Z"),
        Read.span("2026-12-03T09:00Z", "2026-12-03T10:00Z"),
      ])
  }

  /// A file whose VTIMEZONE is passed over still names the right line in a warning after it,
  /// and a VTIMEZONE with something to say says it in every file.
  @Test(arguments: [false, true])
  func linesAndWarningsAfterAVTIMEZONEMetBefore(readAhead: Bool) throws {
    let dir = try Self.newDirectory()
    let quirky = Self.prague.replacingOccurrences(
      of: "BYMONTH=10;BYDAY=-1SU", with: "BYMONTH=10;BYDAY=-1SU;X-NAME=1")
    for name in ["a", "b", "c"] {
      let text = Read.calendar(
        """
        \(Self.prague)
        BEGIN:VEVENT
        UID:\(name)
        DTSTART;TZID=Europe/Prague:20261201T100000
        DTEND;TZID=Europe/Prague:20261201T110000
        X-NO-COLON
        END:VEVENT
        """)
      _ = FileManager.default.createFile(atPath: dir + "/\(name).ics", contents: Data(text.utf8))
    }
    let p = try Read.read(
      dir, kind: .directory(dir), from: "2026-11-30", to: "2026-12-07", readAhead: readAhead)
    let noColon = p.diagnostics.filter { $0.message.contains("without ':'") }
    #expect(noColon.count == 3)
    // BEGIN:VCALENDAR, VERSION, PRODID, 15 lines of VTIMEZONE, BEGIN:VEVENT, UID, DTSTART,
    // DTEND: the line after is the 23rd.
    #expect(noColon.map(\.line) == [23, 23, 23])
    #expect(Read.busy(p) == [Read.span("2026-12-01T09:00Z", "2026-12-01T10:00Z")])

    let other = try Self.newDirectory()
    for name in ["a", "b"] {
      let text = Read.calendar(
        """
        \(quirky)
        BEGIN:VEVENT
        UID:\(name)
        DTSTART;TZID=Europe/Prague:20261201T100000
        DTEND;TZID=Europe/Prague:20261201T110000
        END:VEVENT
        """)
      _ = FileManager.default.createFile(atPath: other + "/\(name).ics", contents: Data(text.utf8))
    }
    let q = try Read.read(
      other, kind: .directory(other), from: "2026-11-30", to: "2026-12-07", readAhead: readAhead)
    let said = q.diagnostics.filter { $0.message.contains("X-NAME") }
    #expect(said.map(\.file) == [other + "/a.ics", other + "/b.ics"])
    #expect(Read.busy(q) == [Read.span("2026-12-01T09:00Z", "2026-12-01T10:00Z")])
  }

  static let fixedZone = """
    BEGIN:VTIMEZONE
    TZID:My/Zone
    BEGIN:STANDARD
    DTSTART:19700101T000000
    TZOFFSETFROM:+0500
    TZOFFSETTO:+0500
    END:STANDARD
    END:VTIMEZONE
    """

  static func event(_ uid: String) -> String {
    """
    BEGIN:VEVENT
    UID:\(uid)
    DTSTAMP:20260101T000000Z
    DTSTART;TZID=My/Zone:20261102T100000
    DTEND;TZID=My/Zone:20261102T110000
    END:VEVENT
    """
  }

  /// Reading a directory's files does not record an access to them (`O_NOATIME`,
  /// `DirectoryOpener`): a file's access time set before its change time, which `relatime`
  /// would move on a read, stays where it was, read ahead or not.
  @Test(arguments: [false, true])
  func readingAVdirLeavesItsAccessTimes(readAhead: Bool) throws {
    let dir = try Self.newDirectory()
    let events = Self.events(seed: 7, count: 3)
    var paths: [String] = []
    for (i, event) in events.enumerated() {
      // The last named by its UID alone: found by its content.
      let path = dir + "/" + event.uid + (i == events.count - 1 ? "" : ".ics")
      let text = Read.calendar(
        (event.zones.map(Self.vtimezone) + [event.text]).joined(separator: "\n"))
      _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
      // Accessed two days ago, changed one day ago.
      let now = time(nil)
      var times = [
        timespec(tv_sec: now - 86_400 * 2, tv_nsec: 0), timespec(tv_sec: now - 86_400, tv_nsec: 0),
      ]
      #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      paths.append(path)
    }
    func accessTimes() -> [Int] {
      paths.map { path in
        var info = stat()
        return stat(path, &info) == 0 ? info.st_atim.tv_sec : -1
      }
    }
    let before = accessTimes()
    let read = try Read.read(
      dir, kind: .directory(dir), from: "2026-11-30", to: "2027-01-10", readAhead: readAhead)
    #expect(read.diagnostics.allSatisfy { !$0.message.contains("cannot open") })
    #expect(!before.contains(-1))
    #expect(accessTimes() == before)
  }

  /// A directory's files are read in the order of their names' bytes, whatever the first eight
  /// of them share.
  @Test func filesInTheOrderOfTheirBytes() throws {
    let dir = try Self.newDirectory()
    let names = [
      "abcdefgh.ics", "a.ics", "abcdefgh0.ics", "Z.ics", "\u{E9}.ics", "abcdefgh.ICS", "ab.ics",
      "abcdefgh.ics0.ics", "abcdefg.ics", "0.ics", "abcdefgi.ics",
    ]
    for name in names {
      _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8))
    }
    let files = try CalendarReader.calendarFiles(in: dir)
    let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    #expect(files == expected.map { dir + "/" + $0 })
  }

  /// Thousands of names in the order of their bytes too, however much of them they share: a
  /// long prefix every name has, then eight bytes some share (ordered by the rest), names that
  /// are the beginning of others, bytes above 0x7F; and each path is the same as a string, as
  /// a C string and in `calendarFiles`.
  @Test func manyNamesInTheOrderOfTheirBytes() throws {
    let dir = try Self.newDirectory()
    var rng = SplitMix64(seed: 41)
    var names = Set<String>()
    let pieces = ["a", "b", "é", "0", "9", "-", "Z", "ab", "ba", ""]
    while names.count < 3_000 {
      var name = "shared-prefix-of-every-name-"
      for _ in 0..<rng.next() % 7 { name += pieces[Int(rng.next() % UInt64(pieces.count))] }
      names.insert(name + ".ics")
    }
    for name in names {
      _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8))
    }
    let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      .map { dir + "/" + $0 }
    let list = try CalendarReader.listFiles(in: dir)
    #expect(list.paths == expected)
    #expect(try CalendarReader.calendarFiles(in: dir) == expected)
    for i in [0, 1, 1_500, list.count - 1] {
      #expect(list.withCString(i) { String(cString: $0) } == expected[i])
    }
  }

  /// A tree of many directories makes room for its paths as appending would, not exactly as
  /// each directory asks: 2,000 directories of 50 names grow the list's buffers a few dozen
  /// times, not once a directory (each growth copies the list).
  @Test func aListMakesRoomAsAppendingWould() {
    var list = PathList()
    var growths = 0
    let name = Array("0123456789abcdef.ics".utf8)
    for _ in 0..<2_000 {
      let before = list.capacity
      list.reserve(paths: 50, bytes: 50 * (name.count + 9))
      if list.capacity != before { growths += 1 }
      for _ in 0..<50 {
        name.withUnsafeBufferPointer { list.append(prefix: Array("dir/sub/".utf8), name: $0) }
      }
    }
    #expect(list.count == 100_000)
    #expect(growths < 40)
    #expect(list[99_999] == "dir/sub/0123456789abcdef.ics")
  }

  /// A directory named on the command line is listed ahead (`EarlyListings`): the listing is
  /// the one `calendarFiles(in:)` makes, an error included, taken once (also when named
  /// twice); a path not listed ahead (an option, a file, a missing directory) has none, and
  /// one not begun when asked for is left to the reader.
  @Test func aListingMadeAheadIsTheSameTakenOnce() throws {
    let dir = try Self.newDirectory()
    for name in ["b.ics", "a.ics", ".hidden.ics", "notes.txt"] {
      _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8))
    }
    let empty = try Self.newDirectory()
    EarlyListings.start(["--zone", dir, dir + "/a.ics", empty, dir + "/missing", dir])
    // (A listing not begun when it is asked for is the reader's own: waited for here.)
    #expect(Waiting.until { EarlyListings.isListed(dir) && EarlyListings.isListed(empty) })
    #expect(try EarlyListings.take(dir)?.get().paths == CalendarReader.calendarFiles(in: dir))
    #expect(EarlyListings.take(dir) == nil)
    #expect(EarlyListings.take(dir + "/a.ics") == nil)
    #expect(EarlyListings.take(dir + "/missing") == nil)
    #expect(EarlyListings.take("--zone") == nil)
    let later = try Self.newDirectory()
    _ = FileManager.default.createFile(atPath: later + "/c.ics", contents: Data("x".utf8))
    EarlyListings.start([later])
    // Taken at once: the reader's own unless the thread began it, and never twice.
    if let first = EarlyListings.take(later) {
      #expect(try first.get().paths == CalendarReader.calendarFiles(in: later))
    }
    #expect(EarlyListings.take(later) == nil)
    #expect {
      try EarlyListings.take(empty)?.get()
    } throws: { error in
      "\(error)".hasSuffix("the directory has no .ics files (also below it)")
    }
  }

  /// What waits for the home zone is read with its own file (`WaitingFile`): the limit of
  /// instances is a file's, and a file over it is the error, named with its component's line.
  @Test(arguments: [false, true])
  func aFileOverTheInstanceLimitAfterWaitingIsNamed(readAhead: Bool) throws {
    let dir = try Self.newDirectory()
    func daily(_ uid: String, _ count: Int) -> String {
      // An all-day series: without X-WR-TIMEZONE it waits for the home zone.
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART;VALUE=DATE:20261101\r\nRRULE:FREQ=DAILY;COUNT=\(count)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }
    for (name, count) in [("a", 15), ("b", 15), ("c", 15)] {
      _ = FileManager.default.createFile(
        atPath: dir + "/\(name).ics", contents: Data(daily(name, count).utf8))
    }
    func read() throws -> PersonCalendar {
      let z = Read.utc
      var options = ReadOptions(
        window: Read.span("2026-11-01", "2027-01-01"), defaultZone: z, homeZones: [:],
        tentative: .busy, allDay: .busy, maxInstances: 100_000)
      options.limits.instancesPerFile = 20
      let source = CalendarSource(kind: .directory(dir), name: "p", argument: dir)
      return try CalendarReader.read(source, options: options, readAhead: readAhead)
    }
    // 45 instances in all, 15 a file.
    #expect(try read().busy.count == 45)
    _ = FileManager.default.createFile(atPath: dir + "/b.ics", contents: Data(daily("b", 25).utf8))
    #expect {
      try read()
    } throws: { error in
      let error = error as? ReadError
      return error?.file == dir + "/b.ics" && error?.line == 3
        && error?.message.hasPrefix("more than 20 instances in this file") == true
    }
  }

  /// One reader reads a person's files in turn (`FileReader.reuse`): nothing of a file carries
  /// into the next, neither its zones, nor a warning given once a file, nor its calendars.
  @Test(arguments: [false, true])
  func nothingOfOneFileCarriesIntoTheNext(readAhead: Bool) throws {
    let dir = try Self.newDirectory()
    let a =
      "BEGIN:VCALENDAR\nVERSION:2.0\n\(Self.fixedZone)\n\(Self.event("a"))\nEND:VCALENDAR\nnotes\n"
    // b names My/Zone without defining it.
    let b = "BEGIN:VCALENDAR\nVERSION:2.0\n\(Self.event("b"))\nEND:VCALENDAR\nnotes\n"
    _ = FileManager.default.createFile(atPath: dir + "/a.ics", contents: Data(a.utf8))
    _ = FileManager.default.createFile(atPath: dir + "/b.ics", contents: Data(b.utf8))
    let p = try Read.read(
      dir, kind: .directory(dir), from: "2026-11-01", to: "2026-11-05", readAhead: readAhead)
    let outside = p.diagnostics.filter { $0.message.contains("outside a VCALENDAR") }
    #expect(outside.map(\.file) == [dir + "/a.ics", dir + "/b.ics"])
    // b's DTSTART and DTEND (lines 6 and 7) name a zone b does not define.
    let unknown = p.diagnostics.filter { $0.message.contains("unknown time zone 'My/Zone'") }
    #expect(unknown.map(\.file) == [dir + "/b.ics", dir + "/b.ics"])
    #expect(unknown.map(\.line) == [6, 7])

    // A file after a calendar that is no calendar is an error naming it.
    _ = FileManager.default.createFile(atPath: dir + "/c.ics", contents: Data("notes\n".utf8))
    #expect {
      try Read.read(
        dir, kind: .directory(dir), from: "2026-11-01", to: "2026-11-05", readAhead: readAhead)
    } throws: { error in
      (error as? ReadError)?.file == dir + "/c.ics"
    }
  }

  /// A CR inside a line of a VTIMEZONE is a control character the scanner removes and warns
  /// about: the warning comes in every file (the text is not taken as one met before).
  @Test(arguments: [false, true])
  func aCarriageReturnInsideAVTIMEZONELineWarnsInEveryFile(readAhead: Bool) throws {
    let dir = try Self.newDirectory()
    let zone = Self.fixedZone.replacingOccurrences(
      of: "TZID:My/Zone\n", with: "TZID:My/Zone\nX-NOTE:a\rb\n")
    for name in ["a", "b"] {
      let text = "BEGIN:VCALENDAR\nVERSION:2.0\n\(zone)\n\(Self.event(name))\nEND:VCALENDAR\n"
      _ = FileManager.default.createFile(atPath: dir + "/\(name).ics", contents: Data(text.utf8))
    }
    let p = try Read.read(
      dir, kind: .directory(dir), from: "2026-11-01", to: "2026-11-05", readAhead: readAhead)
    let control = p.diagnostics.filter { $0.message.contains("control characters") }
    #expect(control.map(\.file) == [dir + "/a.ics", dir + "/b.ics"])
  }

  /// An END:VTIMEZONE folded onto the next line is not the end of the VTIMEZONE: the file is an
  /// error as it is alone, also after another file's VTIMEZONE of the same text.
  @Test(arguments: [false, true])
  func aFoldedEndIsNotTheEnd(readAhead: Bool) throws {
    let dir = try Self.newDirectory()
    let good =
      "BEGIN:VCALENDAR\nVERSION:2.0\n\(Self.fixedZone)\n\(Self.event("a"))\nEND:VCALENDAR\n"
    let folded =
      "BEGIN:VCALENDAR\nVERSION:2.0\n\(Self.fixedZone)\n X\n\(Self.event("b"))\nEND:VCALENDAR\n"
    _ = FileManager.default.createFile(atPath: dir + "/a.ics", contents: Data(good.utf8))
    _ = FileManager.default.createFile(atPath: dir + "/b.ics", contents: Data(folded.utf8))
    #expect(throws: ReadError.self) {
      try Read.read(
        dir, kind: .directory(dir), from: "2026-11-01", to: "2026-11-05", readAhead: readAhead)
    }
  }

  /// A calendar of one event, as a file's text.
  static let oneEvent =
    "BEGIN:VCALENDAR\nVERSION:2.0\n\(fixedZone)\n\(event("a"))\nEND:VCALENDAR\n"

  /// A new directory holding `oneEvent` as `a.ics`.
  static func directoryWithOneCalendar() throws -> String {
    let dir = try newDirectory()
    _ = FileManager.default.createFile(atPath: dir + "/a.ics", contents: Data(oneEvent.utf8))
    return dir
  }

  /// Writes `contents` to the file of this name in `dir`: the name as bytes, UTF-8 or not.
  static func create(_ name: [UInt8], in dir: String, _ contents: String = "") {
    let path = Array((dir + "/").utf8) + name + [0]
    let fd = path.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) {
        open($0, O_WRONLY | O_CREAT, 0o644)
      }
    }
    #expect(fd >= 0)
    _ = contents.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    close(fd)
  }

  /// The error reading `dir` as one person's directory gives, nil when it reads.
  static func readError(_ dir: String) -> String? {
    do {
      _ = try Read.read(dir, kind: .directory(dir), from: "2026-11-01", to: "2026-11-05")
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// A calendar whose file name is not UTF-8 cannot be opened by its name as a string: an error
  /// naming it, not a calendar left out.
  @Test func aFileNameThatIsNotUTF8IsAnError() throws {
    let dir = try Self.directoryWithOneCalendar()
    Self.create(Array("caf".utf8) + [0xE9] + Array(".ics".utf8), in: dir)
    #expect(Self.readError(dir)?.contains("not UTF-8") == true)
  }

  /// A calendar named by its content, not `.ics`, whose name is not UTF-8 is an error too: its
  /// busy time would be lost. A file of such a name that is not a calendar is passed over.
  @Test func aCalendarNamedOtherwiseThatIsNotUTF8IsAnError() throws {
    let dir = try Self.directoryWithOneCalendar()
    Self.create(Array("n".utf8) + [0xE9], in: dir, "not a calendar")
    #expect(try CalendarReader.calendarFiles(in: dir) == [dir + "/a.ics"])
    Self.create(Array("caf".utf8) + [0xE9], in: dir, Self.oneEvent)
    #expect(throws: ReadError.self) { try CalendarReader.calendarFiles(in: dir) }
    #expect(Self.readError(dir)?.contains("not UTF-8") == true)
  }

  /// A FIFO in a calendar directory is never opened as one that waits for a writer: one named
  /// `.ics`, or a link of that name to one, is an error naming it; another (or a link to one) is
  /// passed over, as any file that is not a calendar.
  @Test func aFIFOInADirectoryIsNotOpened() throws {
    let dir = try Self.directoryWithOneCalendar()
    let outside = try Self.newDirectory()
    #expect(mkfifo(outside + "/fifo", 0o644) == 0)
    #expect(mkfifo(dir + "/pipe", 0o644) == 0)
    #expect(symlink(outside + "/fifo", dir + "/link") == 0)
    #expect(try CalendarReader.calendarFiles(in: dir) == [dir + "/a.ics"])
    #expect(Self.readError(dir) == nil)
    // A link of a calendar's name to a directory is not followed, and not left out in silence.
    let linked = try Self.directoryWithOneCalendar()
    #expect(symlink(dir, linked + "/dir.ics") == 0)
    #expect(Self.readError(linked)?.contains("dir.ics: is a directory") == true)
    for name in ["pipe.ics", "link.ics"] {
      let other = try Self.directoryWithOneCalendar()
      if name == "pipe.ics" {
        #expect(mkfifo(other + "/" + name, 0o644) == 0)
      } else {
        #expect(symlink(outside + "/fifo", other + "/" + name) == 0)
      }
      let error = Self.readError(other)
      #expect(error?.contains(name) == true)
      #expect(error?.contains("not a regular file") == true)
    }
  }

  /// Files read ahead on another core (`FilePrefetch`) read as the reading thread reads them
  /// itself: the same busy time, warnings in the same order with the same lines, and a file
  /// left to the reading thread (larger than the read-ahead takes, a sub-directory's) in its
  /// place.
  @Test(arguments: [4, 200] as [Int])
  func filesReadAheadReadAsReadInTurn(count: Int) throws {
    let dir = try Self.newDirectory()
    try FileManager.default.createDirectory(
      atPath: dir + "/sub", withIntermediateDirectories: true)
    for (i, event) in Self.events(seed: UInt64(count), count: count).enumerated() {
      var text = event.text
      if i % 7 == 3, let end = text.range(of: "END:VEVENT") {
        text.replaceSubrange(end, with: "X-NO-COLON\nEND:VEVENT")
      }
      var body = (event.zones.map(Self.vtimezone) + [text]).joined(separator: "\n")
      if i == count / 2 {
        // Larger than a file the read-ahead takes: read by the reading thread.
        body += "\nX-PADDING:" + String(repeating: "x", count: FilePrefetch.largest)
      }
      let place = i % 11 == 5 ? dir + "/sub" : dir
      _ = FileManager.default.createFile(
        atPath: place + "/" + event.uid + ".ics", contents: Data(Read.calendar(body).utf8))
    }
    let a = try Read.read(dir, kind: .directory(dir), from: "2026-11-30", to: "2027-01-10")
    let b = try Read.read(
      dir, kind: .directory(dir), from: "2026-11-30", to: "2027-01-10", readAhead: true)
    #expect(!a.busy.isEmpty)
    #expect(Read.busy(a) == Read.busy(b))
    #expect(!a.diagnostics.isEmpty)
    #expect(a.diagnostics.map(\.file) == b.diagnostics.map(\.file))
    #expect(a.diagnostics.map(\.line) == b.diagnostics.map(\.line))
    #expect(a.diagnostics.map(\.message) == b.diagnostics.map(\.message))
    #expect(b.homeZone?.name == a.homeZone?.name)
  }

  /// A file that is not iCalendar among files read ahead is the same error, naming it, and the
  /// read stops there.
  @Test func anErrorAmongFilesReadAheadNamesTheFile() throws {
    let dir = try Self.newDirectory()
    for i in 0..<100 {
      let name = String(format: "e%03d", i)
      let text =
        i == 57
        ? "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:x\u{0}\nEND:VEVENT\nEND:VCALENDAR\n"
        : "BEGIN:VCALENDAR\nVERSION:2.0\n\(Self.fixedZone)\n\(Self.event(name))\nEND:VCALENDAR\n"
      _ = FileManager.default.createFile(atPath: dir + "/\(name).ics", contents: Data(text.utf8))
    }
    for readAhead in [false, true] {
      do {
        _ = try Read.read(
          dir, kind: .directory(dir), from: "2026-11-01", to: "2026-11-05", readAhead: readAhead)
        Issue.record("read without an error")
      } catch let error as ReadError {
        #expect(error.description.contains(dir + "/e057.ics"))
        #expect(error.description.contains("NUL"))
      }
    }
  }

  /// Under `check`, what the scanner notes (text that is not UTF-8, control characters) is noted
  /// for the files read ahead on another core as for files read in turn (`check` reads
  /// every VTIMEZONE line by line).
  @Test func whatTheScannerNotesInFilesReadAhead() throws {
    let dir = try Self.newDirectory()
    for i in 0..<40 {
      var text = Array(
        "BEGIN:VCALENDAR\nVERSION:2.0\n\(Self.fixedZone)\n\(Self.event("e\(i)"))\nEND:VCALENDAR\n"
          .utf8)
      let uid = Array("UID:e\(i)\n".utf8)
      let at = text.firstRange(of: uid)!.upperBound
      if i % 5 == 1 { text.insert(contentsOf: Array("SUMMARY:caf".utf8) + [0xE9, 0x0A], at: at) }
      if i % 7 == 2 { text.insert(contentsOf: Array("X-NOTE:a\u{1}b\nX-NO-COLON\n".utf8), at: at) }
      _ = FileManager.default.createFile(
        atPath: dir + String(format: "/e%02d.ics", i), contents: Data(text))
    }
    var options = ReadOptions(
      window: Read.span("2026-11-01T00:00Z", "2026-11-05T00:00Z"), defaultZone: Read.utc)
    options.lint = true
    let source = CalendarSource(kind: .directory(dir), name: "p", argument: dir)
    let a = try CalendarReader.read(source, options: options, readAhead: false)
    let b = try CalendarReader.read(source, options: options, readAhead: true)
    #expect(a.diagnostics.contains { $0.message.contains("not UTF-8") })
    #expect(a.diagnostics.contains { $0.message.contains("control characters") })
    #expect(a.diagnostics.contains { $0.message.contains("without ':'") && $0.line == 14 })
    #expect(a.diagnostics == b.diagnostics)
    #expect(Read.busy(a) == Read.busy(b))
  }

  /// `count` files of `size` bytes each in a new directory, for the read-ahead alone.
  private static func filesOf(size: Int, count: Int) throws -> [String] {
    let dir = try Self.newDirectory()
    return (0..<count).map { i in
      let path = dir + String(format: "/%03d.ics", i)
      _ = FileManager.default.createFile(
        atPath: path, contents: Data(repeating: 0x78, count: size))
      return path
    }
  }

  /// The thread ahead reads until the chunks not yet parsed hold more than its budget, waits,
  /// and is woken only once they hold half of it or less: here chunks of 16 files of 1,000
  /// bytes against a budget of 20,000 bytes.
  @Test func theReadAheadKeepsToItsBudget() throws {
    let paths = try Self.filesOf(size: 1_000, count: FilePrefetch.chunk * 8)
    let ahead = FilePrefetch(PathList(paths), budget: 20_000)
    ahead.start()
    defer { ahead.stop() }
    let chunk = FilePrefetch.chunk * 1_000
    // Two chunks read (16,000 bytes is within the budget, 32,000 is not), then it waits.
    #expect(Waiting.until { ahead.aheadState.waits })
    #expect(ahead.aheadState.pending == 2 * chunk)
    #expect(try #require(ahead.take(0)).files.count == FilePrefetch.chunk)
    ahead.done(0)
    // 16,000 bytes left: within the budget, but more than half of it: not woken.
    usleep(50_000)
    #expect(ahead.aheadState.waits)
    #expect(ahead.aheadState.pending == chunk)
    _ = ahead.take(1)
    ahead.done(1)
    // Woken: two chunks more, and it waits again.
    #expect(Waiting.until { ahead.aheadState.waits && ahead.aheadState.pending == 2 * chunk })
    #expect(ahead.take(2) != nil)
    #expect(ahead.take(3) != nil)
  }

  /// A reading thread that stops (an error) leaves no thread ahead behind: while the thread
  /// ahead waits for room, the stop wakes it; after the first chunk, before the thread ahead has
  /// read anything, it stops at once. Either way the read-ahead ends and is freed.
  @Test(arguments: [true, false])
  func aReadAheadStoppedEnds(whileItWaits: Bool) throws {
    let paths = try Self.filesOf(size: 1, count: FilePrefetch.chunk * 8)
    weak var gone: FilePrefetch?
    do {
      let ahead = FilePrefetch(PathList(paths), budget: 1)
      gone = ahead
      ahead.start()
      if whileItWaits {
        #expect(Waiting.until { ahead.aheadState.waits })
      } else {
        _ = ahead.take(0)
        ahead.done(0)
      }
      ahead.stop()
    }
    // The thread ahead holds it until it returns; it must, without more from the reader.
    #expect(Waiting.until { gone == nil })
  }
}
