import TestSupport
import Testing

@testable import FreeTimeICS

/// The pre-pass's control-byte check (eight bytes at a time) against the byte-by-byte rule:
/// C0 controls but tab, and DEL, are removed and the line noted; NUL stops the file.
@Suite struct LineScannerTests {
  /// What the byte-by-byte rule says of one physical line.
  static func expected(_ line: [UInt8]) -> (kept: [UInt8], noted: Bool, nul: Bool) {
    let bad: (UInt8) -> Bool = { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    return (line.filter { !bad($0) }, line.contains(where: bad), line.contains(0))
  }

  @Test func controlBytesAtEveryPositionOfLinesOfEveryLength() throws {
    let specials: [UInt8] = [
      0x00, 0x01, 0x08, 0x09, 0x0B, 0x1B, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x9B, 0xC3, 0xFF,
    ]
    var checked = 0
    for length in 1...41 {
      for position in 0..<length {
        for special in specials {
          var line = Array("X-P:".utf8) + [UInt8](repeating: 0x61, count: length)
          line[4 + position] = special
          if special == 0x7E { line[4 + (position + 3) % length] = 0x1B }  // two in one line
          let want = Self.expected(line)
          var scanner = LineScanner(bytes: line + Array("\r\nX-Q:b\r\n".utf8))
          do {
            let first = try scanner.next()
            #expect(!want.nul, "length \(length), position \(position), byte \(special)")
            #expect(
              first?.bytes == want.kept, "length \(length), position \(position), byte \(special)")
            #expect(scanner.controlCharacterLines == (want.noted ? [1] : []))
            #expect(try scanner.next()?.bytes == Array("X-Q:b".utf8))
          } catch LineScanner.ScanError.nulByte(let at) {
            #expect(want.nul && at == 1, "length \(length), position \(position), byte \(special)")
          }
          checked += 1
        }
      }
    }
    #expect(checked == 41 * 42 / 2 * 14)
  }

  /// The reference for `ContentLine.kind`: the name upper-cased as a string, looked up.
  static func expectedKind(_ name: [UInt8]) -> PropertyName {
    if name.isEmpty { return .none }
    let upper = ContentLine.asciiUppercased(name)
    let all: [PropertyName] = [
      .begin, .end, .dtstart, .dtend, .duration, .recurrenceID, .rrule, .rdate, .exdate, .uid,
      .status, .transp, .sequence, .dtstamp, .summary, .freebusy, .xwrTimezone, .attendee,
      .busyStatus, .intendedStatus, .calendarName, .owner, .calStart, .calEnd,
    ]
    return all.first { $0.spelling.description == upper } ?? .other
  }

  /// Every known name in any case, every one-byte change of it (letters, '-', a digit, a
  /// non-ASCII byte, the other case of '-' under a careless 0xDF mask), every shorter prefix and
  /// longer name: the classifier answers as the string lookup does.
  @Test func propertyNamesAreToldApartAsTheStringLookupDoes() {
    let known = [
      "BEGIN", "END", "DTSTART", "DTEND", "DURATION", "RECURRENCE-ID", "RRULE", "RDATE",
      "EXDATE", "UID", "STATUS", "TRANSP", "SEQUENCE", "DTSTAMP", "SUMMARY", "FREEBUSY",
      "X-WR-TIMEZONE", "DESCRIPTION", "ATTENDEE", "X-ALT-DESC", "TZID", "RRATE", "DTSTAMT",
      "X-MICROSOFT-CDO-BUSYSTATUS", "X-MICROSOFT-CDO-INTENDEDSTATUS", "X-WR-CALNAME", "X-OWNER",
      "X-WR-CALDESC", "ATTENDEF", "X-CALSTART", "X-CALEND", "X-CALENDAR",
    ]
    let replacements: [UInt8] = [0x41, 0x4D, 0x52, 0x5A, 0x61, 0x72, 0x7A, 0x2D, 0x0D, 0x31, 0xC3]
    var names: [[UInt8]] = [[]]
    for word in known {
      let bytes = Array(word.utf8)
      names.append(bytes)
      names.append(Array(word.lowercased().utf8))
      names.append(bytes.enumerated().map { $0.offset % 2 == 0 ? $0.element | 0x20 : $0.element })
      for i in bytes.indices {
        for r in replacements where r != bytes[i] {
          var changed = bytes
          changed[i] = r
          names.append(changed)
        }
        names.append(Array(bytes[..<i]))
      }
      names.append(bytes + [0x53])
    }
    for name in names {
      for end: [UInt8] in [[], Array(":x".utf8), Array(";TZID=A:x".utf8)] {
        let line = ContentLine(bytes: name + end, number: 1)
        let want = Self.expectedKind(name)
        #expect(line.kind == want, "\(String(decoding: name, as: UTF8.self))")
      }
    }
  }

  /// The scanner reads each line into the storage of a line the caller gave back: lines the
  /// caller keeps stay as they were, whatever comes after (folded lines, blank lines, a line
  /// longer than the reused storage), whether the caller says it keeps them, gives them back
  /// while it still holds a copy, or says nothing.
  @Test func linesKeptByTheCallerStayIntact() throws {
    var text = ""
    var want: [String] = []
    for i in 0..<300 {
      let line: String
      switch i % 5 {
      case 0: line = "DESCRIPTION:" + String(repeating: "d", count: i * 7 % 200)
      case 1: line = "DTSTART:2026112\(i % 10)T090000Z"
      case 2: line = "X-LONG:" + String(repeating: "x", count: i == 2 ? 20_000 : i)
      case 3: line = "SUMMARY:folded \(i)"
      default: line = "UID:\(i)"
      }
      want.append(line)
      if i % 5 == 3 {
        text += "SUMMARY:fol\r\n ded \(i)\r\n"  // folded: read as one line
      } else {
        text += line + (i % 7 == 0 ? "\n\r\n" : "\r\n")  // and some blank lines
      }
    }
    var scanner = LineScanner(bytes: Array(text.utf8))
    var kept: [(number: Int, line: ContentLine)] = []
    var count = 0
    while let line = try scanner.next() {
      #expect(String(decoding: line.bytes, as: UTF8.self) == want[count])
      // A caller keeps a line and says so, gives one back (`giveBack`), does neither, or gives
      // back a line it still holds a copy of.
      switch count % 4 {
      case 0:
        kept.append((count, line))
        scanner.lineWasKept()
      case 1: scanner.giveBack(line)
      case 2:
        kept.append((count, line))
        scanner.giveBack(line)
      default: break
      }
      count += 1
    }
    #expect(count == want.count)
    for (number, line) in kept {
      #expect(String(decoding: line.bytes, as: UTF8.self) == want[number])
    }
  }
}

/// The scanner's UTF-8 check (`LineScanner.isUTF8`) says what the standard library's decoder
/// says, on random bytes near the edges of every sequence's ranges.
@Suite struct UTF8CheckTests {
  static func decoderSays(_ bytes: [UInt8]) -> Bool {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  @Test func agreesWithTheDecoder() {
    var rng = SplitMix64(seed: 27)
    // Bytes that matter: ASCII, continuations at their edges, every lead byte's edges, bytes
    // that never occur.
    let pool: [UInt8] = [
      0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
      0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<60_000 {
      let count = rng.int(0...12)
      var bytes = (0..<count).map { _ in rng.element(of: pool) }
      if rng.oneIn(3) { bytes = Array(repeating: 0x61, count: rng.int(0...9)) + bytes }
      #expect(
        LineScanner.isUTF8(bytes[...]) == Self.decoderSays(bytes),
        "\(bytes.map { String($0, radix: 16) })")
    }
    for text in ["plain", "Besprechung über Ærø", "会議 встреча", "😀 emoji", ""] {
      #expect(LineScanner.isUTF8(Array(text.utf8)[...]))
    }
  }

  /// Where a value starts (after the first `:` outside quotes) and a component's name, as the
  /// byte-by-byte rules say, on lines with quotes, colons and cases of every kind.
  @Test func valueStartsAndComponentNamesAsTheRulesSay() {
    func byRule(_ bytes: [UInt8]) -> Int? {
      var inQuotes = false
      for (i, b) in bytes.enumerated() {
        if b == 0x22 { inQuotes.toggle() }
        if b == 0x3A && !inQuotes { return i + 1 }
      }
      return nil
    }
    let lines = [
      "DTSTART:20261103T100000Z", "ATTENDEE;CN=\"Doe: John\":mailto:j@x", "X-A;P=\"a\":b:c",
      "NOVALUE", "", ":", "\":\"", "\"unclosed:x", "A;B=\"x\";C=\"y:z\":v", "BEGIN:vevent",
      "BEGIN: VCalendar ", "END:VTIMEZONE", "BEGIN:X-WRAPPER", "BEGIN:VEVENTS", "BEGIN:VEVEN",
      "BEGIN:vAvailability", "END:available", "BEGIN:V\u{C4}EVENT", "BEGIN:",
    ]
    for text in lines {
      let line = ContentLine(bytes: Array(text.utf8), number: 1)
      #expect(line.valueStart == byRule(line.bytes), "\(text)")
      #expect(line.keyword == ContentLine.asciiUppercased(line.strippedValue), "\(text)")
    }
    #expect(ContentLine(bytes: Array("BEGIN:vevent".utf8), number: 1).keyword == "VEVENT")
    #expect(ContentLine(bytes: Array("BEGIN:VEVENTS".utf8), number: 1).keyword == "VEVENTS")
  }
}
