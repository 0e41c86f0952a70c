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
}
