import Dispatch
import Foundation
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// A big file scanned on another core (`LineFeed`) reads as it does scanned where it is read:
/// the same lines with the same numbers, the same busy time and warnings, the same errors at the
/// same lines.
///
/// Serialized: `LineFeed.started` counts the feeds of the whole process, and only these tests
/// start feeds in it.
@Suite(.serialized) struct LineFeedTests {
  /// Text of many lines: folds (space and tab), CRLF and LF, a byte-order mark, control bytes,
  /// empty lines, long lines and `:` in quotes, over several of the feed's batches.
  static func manyLines(_ count: Int, nul: Int? = nil) -> [UInt8] {
    var text: [UInt8] = [0xEF, 0xBB, 0xBF]
    for i in 0..<count {
      var line = "X-LINE-\(i);P=\"a:b\":value \(i)"
      if i % 7 == 0 { line += "\r\n  folded \(i)" }
      if i % 11 == 0 { line += "\n\tand tab-folded" }
      if i % 13 == 0 { line += " bell \u{7} here" }
      if i == 20_011 { line += " caf\u{FFFD}" }  // made Latin-1 below
      if i % 17 == 0 { line = "DESCRIPTION:" + String(repeating: "long text ", count: 300) }
      if i % 19 == 0 { line = "NO-VALUE-\(i)" }
      if i % 23 == 0 { line += "\r\n" }  // an empty line after it
      var bytes = Array(line.utf8)
      if i == 20_011 { bytes.replaceSubrange((bytes.count - 3)..., with: [0xE9]) }
      text += bytes + (i % 2 == 0 ? [0x0D, 0x0A] : [0x0A])
      if let nul, i == nul { text += [0x41, 0x00, 0x0A] }
    }
    return text
  }

  static func write(_ bytes: [UInt8]) -> String {
    let path = Read.directory + "/" + UUID().uuidString + ".ics"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  struct Scanned {
    var lines: [ContentLine] = []
    var bytesRead = 0
    var controlCharacterLines: [Int] = []
    var notUTF8Lines: [Int] = []
    var error: String?

    /// The same lines, the same end: the error, or the bytes read and the lines noted. (A Bool,
    /// so that a failure does not print megabytes of lines.)
    func same(as other: Scanned) -> Bool {
      lines == other.lines && error == other.error
        && (error != nil
          || (bytesRead == other.bytesRead
            && controlCharacterLines == other.controlCharacterLines
            && notUTF8Lines == other.notUTF8Lines))
    }
  }

  /// Every line of `path`, scanned here or on another thread, less those `drops` passes over.
  static func scan(
    _ path: String, fed: Bool, drops: ((PropertyName, Bool) -> Bool)? = nil
  ) throws -> Scanned {
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var buffers = ScanBuffers()
    var feed: LineFeed?
    var scanner: LineScanner
    var own = LineScanner(fd: fd, blockSize: 1 << 12, progress: nil)
    own.checksUTF8 = true
    if fed {
      let started = LineFeed(own)
      try #require(started.start())
      feed = started
      scanner = LineScanner(feed: started, reusing: &buffers)
    } else {
      scanner = own
    }
    defer { feed?.stop() }
    var result = Scanned()
    do {
      while true {
        if let drops { scanner.skipFed(drops) }
        guard let line = try scanner.next() else { break }
        if let drops, !fed, drops(line.kind, line.hasValue) { continue }
        result.lines.append(line)
        scanner.lineWasKept()
      }
    } catch {
      result.error = "\(error)"
    }
    result.bytesRead = scanner.bytesRead
    result.controlCharacterLines = scanner.controlCharacterLines
    result.notUTF8Lines = scanner.notUTF8Lines
    return result
  }

  @Test func theSameLinesWithTheSameNumbers() throws {
    let path = Self.write(Self.manyLines(30_000))
    let here = try Self.scan(path, fed: false)
    let fed = try Self.scan(path, fed: true)
    #expect(here.lines.count == 30_000)
    #expect(here.error == nil)
    #expect(here.bytesRead > 3_000_000)
    #expect(!here.controlCharacterLines.isEmpty)
    #expect(here.notUTF8Lines.count == 1)
    #expect(fed.same(as: here))
  }

  /// Lines passed over on the scanning side are those the rule names, and only those.
  @Test func linesPassedOverAreTheOnesTheRuleDrops() throws {
    let path = Self.write(Self.manyLines(30_000))
    let rule: (PropertyName, Bool) -> Bool = { kind, valued in kind == .other && valued }
    let here = try Self.scan(path, fed: false, drops: rule)
    let fed = try Self.scan(path, fed: true, drops: rule)
    #expect(here.lines.contains { $0.kind == .other && !$0.hasValue })
    #expect(!here.lines.contains { $0.bytes.starts(with: Array("DESCRIPTION:".utf8)) })
    #expect(!here.lines.contains { $0.kind == .other && $0.hasValue })
    #expect(fed.same(as: here))
  }

  /// A NUL byte far into the file: the lines before it, then the error at its line.
  @Test func anErrorComesAfterTheLinesBeforeIt() throws {
    let path = Self.write(Self.manyLines(20_000, nul: 15_000))
    let here = try Self.scan(path, fed: false)
    let fed = try Self.scan(path, fed: true)
    #expect(here.error == "nulByte(line: 18781)")
    #expect(here.lines.count == 15_000)
    #expect(fed.same(as: here))
  }

  /// The reader stops after one line, while the scanning thread waits for a free slot (every
  /// slot written): the thread ends, and the feed is freed (libdispatch ends the process when a
  /// semaphore is freed below its first value). Repeated, as where the thread is when the reader
  /// stops varies.
  @Test func stoppedWhileTheScanWaits() throws {
    let path = Self.write(Self.manyLines(30_000))
    for pause in [0, 1_000, 50_000, 200_000] as [UInt32] {
      let fd = open(path, O_RDONLY)
      try #require(fd >= 0)
      defer { close(fd) }
      var buffers = ScanBuffers()
      weak var gone: LineFeed?
      do {
        let feed = LineFeed(LineScanner(fd: fd, blockSize: 1 << 12, progress: nil))
        gone = feed
        try #require(feed.start())
        var scanner = LineScanner(feed: feed, reusing: &buffers)
        #expect(try scanner.next() != nil)
        usleep(pause)  // time for the scanning thread to fill the ring and wait
        feed.stop()
      }
      #expect(Waiting.until { gone == nil })
    }
  }

  /// Writes `bytes` into a new pipe from another thread, and gives the end to read; the writer
  /// closes its end once `closing` (if any) is signalled.
  static func pipe(_ bytes: [UInt8], closing: DispatchSemaphore? = nil) throws -> Int32 {
    signal(SIGPIPE, SIG_IGN)  // a reader that stops early must not end the test process
    var ends: [Int32] = [0, 0]
    try #require(Glibc.pipe(&ends) == 0)
    let writer = ends[1]
    DispatchQueue.global().async {
      bytes.withUnsafeBytes { raw in
        var at = 0
        while at < raw.count {
          let n = Glibc.write(writer, raw.baseAddress! + at, min(raw.count - at, 1 << 16))
          if n <= 0 { break }
          at += n
        }
      }
      closing?.wait()
      close(writer)
    }
    return ends[0]
  }

  /// A pipe is scanned ahead whatever its size (its size is not known before it is read), with
  /// the same lines, and the bytes read grow as batches come (a pipe's CPU budget grows with
  /// them) before the end.
  @Test func aPipeIsScannedAhead() throws {
    let bytes = Self.manyLines(30_000)
    let path = Self.write(bytes)
    let here = try Self.scan(path, fed: false)
    let fd = try Self.pipe(bytes)
    defer { close(fd) }
    var buffers = ScanBuffers()
    var own = LineScanner(fd: fd, blockSize: 1 << 12, progress: nil)
    own.checksUTF8 = true
    let feed = LineFeed(own)
    try #require(feed.start())
    defer { feed.stop() }
    var scanner = LineScanner(feed: feed, reusing: &buffers)
    var fed = Scanned()
    var grew = false
    while let line = try scanner.next() {
      if fed.lines.count == 10_000 {
        grew = scanner.bytesRead > 0 && scanner.bytesRead < bytes.count
      }
      fed.lines.append(line)
      scanner.lineWasKept()
    }
    fed.bytesRead = scanner.bytesRead
    fed.controlCharacterLines = scanner.controlCharacterLines
    fed.notUTF8Lines = scanner.notUTF8Lines
    #expect(grew)
    #expect(fed.bytesRead == bytes.count)
    #expect(fed.same(as: here))
  }

  /// Standard input as a pipe, read with a core to spare: scanned ahead, read as the same text in
  /// a file is read, for a big calendar and a small one.
  @Test(arguments: [3_000, 3])
  func standardInputReadsTheSame(events: Int) throws {
    let text = Self.bigCalendar(events: events)
    let here = try Self.read(Read.write(text), scanAhead: false)
    let options = ReadOptions(
      window: Read.span("2026-12-28T00:00Z", "2028-01-03T00:00Z"), defaultZone: Read.utc)
    let fd = try Self.pipe(Array(text.utf8))
    defer { close(fd) }
    var person = PersonAccumulator(window: options.window)
    var buffers = ScanBuffers()
    let before = LineFeed.started.load(ordering: .relaxed)
    var waiting: [WaitingFile] = []
    try CalendarReader.readStream(
      fd: fd, displayName: "<stdin>", home: nil, owner: OwnerHint(), options: options,
      into: &person, waiting: &waiting, buffers: &buffers, spare: SpareCores(1))
    buffers.finishWatch()
    #expect(LineFeed.started.load(ordering: .relaxed) == before + 1)
    let fed = try CalendarReader.finish(
      &person, waiting: &waiting, name: "p", source: "<stdin>", role: .required, home: nil,
      options: options, arguments: ["<stdin>"])
    #expect(!here.busy.isEmpty)
    #expect(fed.busy.sorted() == here.busy.sorted())
    #expect(fed.diagnostics.map(\.line) == here.diagnostics.map(\.line))
    #expect(fed.diagnostics.map(\.message) == here.diagnostics.map(\.message))
  }

  /// A reader that stops on its own error does not wait for a pipe's writer that keeps the pipe
  /// open: the error comes back while the writer still holds it (the scanning thread ends when
  /// the writer closes). A reader that waited would wait for the writer: the test gives it 30 s
  /// (a hang, not a timing), then lets the writer close so that the read ends either way.
  @Test func anErrorDoesNotWaitForThePipesWriter() throws {
    // The error at line 3, and a few lines more than a batch: the first batch is handed over,
    // and the scanning thread waits in read(2) for the rest of the second.
    var text = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VCALENDAR\n"
    for i in 0..<(LineFeed.batchLines + 4) { text += "X-FILL-\(i):x\n" }
    let closing = DispatchSemaphore(value: 0)
    let fd = try Self.pipe(Array(text.utf8), closing: closing)
    defer { close(fd) }
    let before = LineFeed.started.load(ordering: .relaxed)
    let failure = Locked<ReadError?>(nil)
    let returned = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let options = ReadOptions(
        window: Read.span("2026-12-28T00:00Z", "2028-01-03T00:00Z"), defaultZone: Read.utc)
      var person = PersonAccumulator(window: options.window)
      var buffers = ScanBuffers()
      var waiting: [WaitingFile] = []
      do {
        try CalendarReader.readStream(
          fd: fd, displayName: "<stdin>", home: nil, owner: OwnerHint(), options: options,
          into: &person, waiting: &waiting, buffers: &buffers, spare: SpareCores(1))
      } catch {
        failure.withLock { $0 = error as? ReadError }
      }
      buffers.finishWatch()
      returned.signal()
    }
    let waited = returned.wait(timeout: .now() + 30)
    closing.signal()  // the writer closes: the scanning thread ends
    #expect(waited == .success)
    if waited == .timedOut { returned.wait() }
    #expect(failure.withLock { $0?.line } == 3)
    #expect(LineFeed.started.load(ordering: .relaxed) == before + 1)
  }

  /// Cores are taken while there are any, and given back.
  @Test func spareCores() {
    let spare = SpareCores(2)
    #expect(spare.take())
    #expect(spare.take())
    #expect(!spare.take())
    spare.give()
    #expect(spare.take())
    #expect(!SpareCores(0).take())
    #expect(!SpareCores(-1).take())
  }

  /// A calendar of over 1 MiB (big enough to be scanned on another core) with what a reader
  /// warns about here and there: a VTIMEZONE, folded DESCRIPTIONs and ATTENDEEs dropped unread,
  /// VALARMs, series with EXDATE lists (one with an empty element, one with an impossible
  /// date), overrides, all-day and floating events, lines without ':', a second DTSTART and a
  /// control character.
  static func bigCalendar(events: Int) -> String {
    var text = """
      BEGIN:VCALENDAR
      VERSION:2.0
      PRODID:-//test//feed//EN
      \(VdirTests.prague)

      """
    let long = String(repeating: "Agenda: plans for the quarter, 会議 συνάντηση. ", count: 6)
    for i in 0..<events {
      let day = 1 + i % 28
      let month = 1 + (i / 28) % 12
      let date = String(format: "2027%02d%02d", month, day)
      let hour = String(format: "%02d", 8 + i % 9)
      var event = "BEGIN:VEVENT\nUID:e\(i)@feed.test\nDTSTAMP:20261101T000000Z\n"
      switch i % 5 {
      case 0: event += "DTSTART;VALUE=DATE:\(date)\n"
      case 1: event += "DTSTART:\(date)T\(hour)0000\nDURATION:PT45M\n"
      default:
        event += "DTSTART;TZID=Europe/Prague:\(date)T\(hour)0000\n"
        event += "DTEND;TZID=Europe/Prague:\(date)T\(hour)3000\n"
      }
      event += "SUMMARY:Meeting \(i)\n"
      // Folded as producers fold, at 75 octets.
      var description = Array("DESCRIPTION:\(long)\(i)".utf8)
      var folded: [UInt8] = []
      while description.count > 60 {
        folded += description.prefix(60) + Array("\n ".utf8)
        description.removeFirst(60)
      }
      event += String(decoding: folded + description, as: UTF8.self) + "\n"
      event += "ATTENDEE;CN=\"Someone, Else\";PARTSTAT=ACCEPTED:mailto:\n someone\(i)@feed.test\n"
      if i % 10 == 2 {
        event += "RRULE:FREQ=WEEKLY;COUNT=6\n"
        event += i % 30 == 2 ? "EXDATE;TZID=Europe/Prague:,\(date)T\(hour)0000\n" : ""
        event += i % 30 == 12 ? "EXDATE;TZID=Europe/Prague:20270230T\(hour)0000\n" : ""
      }
      if i % 97 == 3 { event += "X-BROKEN-LINE\n" }
      if i % 101 == 4 { event += "DTSTART;TZID=Europe/Prague:\(date)T060000\n" }
      if i % 89 == 5 { event += "LOCATION:room\u{1}5\n" }
      if i % 7 == 6 {
        event += "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:soon\nTRIGGER:-PT15M\nEND:VALARM\n"
      }
      event += "END:VEVENT\n"
      if i % 10 == 2 {
        // An override of the series' second instance, an hour later.
        let next = String(format: "2027%02d%02d", month, day + 7 > 28 ? day : day + 7)
        event += "BEGIN:VEVENT\nUID:e\(i)@feed.test\nRECURRENCE-ID;TZID=Europe/Prague:"
        event += "\(next)T\(hour)0000\nDTSTART;TZID=Europe/Prague:\(next)T\(hour)3000\n"
        event += "DTEND;TZID=Europe/Prague:\(next)T\(hour)5500\nEND:VEVENT\n"
      }
      text += event
    }
    return text + "END:VCALENDAR\n"
  }

  static func read(_ path: String, scanAhead: Bool) throws -> PersonCalendar {
    try Read.read(path, from: "2026-12-28", to: "2028-01-03", readAhead: scanAhead)
  }

  @Test func aBigCalendarReadsTheSame() throws {
    let text = Self.bigCalendar(events: 3_000)
    #expect(text.utf8.count > LineFeed.smallestFile)
    let path = Read.write(text)
    let before = LineFeed.started.load(ordering: .relaxed)
    let fed = try Self.read(path, scanAhead: true)
    #expect(LineFeed.started.load(ordering: .relaxed) == before + 1)
    let here = try Self.read(path, scanAhead: false)
    #expect(here.busy.count > 3_000)
    for warning in ["line without ':'", "a second DTSTART", "control characters", "impossible"] {
      #expect(here.diagnostics.contains { $0.message.contains(warning) }, "\(warning)")
    }
    #expect(fed.busy.sorted() == here.busy.sorted())
    #expect(fed.tentative.sorted() == here.tentative.sorted())
    #expect(fed.diagnostics == here.diagnostics)
    #expect(fed.homeZone?.name == here.homeZone?.name)
  }

  /// An error the reader finds (not the scanner) stops the scanning thread: the same error at
  /// the same line, at the file's first line and far into it.
  @Test(arguments: [false, true])
  func theReadersOwnErrorStopsTheScan(early: Bool) throws {
    var text = Self.bigCalendar(events: 3_000)
    if early {
      text = "BEGIN:VTODOX\n" + text
    } else {
      let at = text.range(of: "UID:e2500@feed.test")!.lowerBound
      text.insert(contentsOf: "END:VTODO\n", at: at)
    }
    let path = Read.write(text)
    func failure(_ scanAhead: Bool) -> ReadError? {
      do {
        _ = try Self.read(path, scanAhead: scanAhead)
        return nil
      } catch {
        return error as? ReadError
      }
    }
    let here = try #require(failure(false))
    let before = LineFeed.started.load(ordering: .relaxed)
    let fed = try #require(failure(true))
    #expect(LineFeed.started.load(ordering: .relaxed) == before + 1)
    #expect(here.line == (early ? 1 : fed.line))
    #expect(fed.line == here.line)
    #expect(fed.message == here.message)
    #expect(here.line ?? 0 > (early ? 0 : 10_000))
  }

  /// A NUL byte near the end of a big calendar: the scanner's error, at its line, either way.
  @Test func aNulByteNearTheEnd() throws {
    var text = Self.bigCalendar(events: 3_000)
    let at = text.range(of: "UID:e2900@feed.test")!.lowerBound
    text.insert(contentsOf: "X-NUL:a\u{0}b\n", at: at)
    let path = Read.write(text)
    let before = LineFeed.started.load(ordering: .relaxed)
    #expect(throws: ReadError.self) { try Self.read(path, scanAhead: true) }
    #expect(LineFeed.started.load(ordering: .relaxed) == before + 1)
    do {
      _ = try Self.read(path, scanAhead: false)
      Issue.record("read a NUL byte")
    } catch let here as ReadError {
      do {
        _ = try Self.read(path, scanAhead: true)
      } catch let fed as ReadError {
        #expect(fed.line == here.line)
        #expect(fed.message == here.message)
        #expect(here.message.contains("NUL"))
      }
    }
  }
}
