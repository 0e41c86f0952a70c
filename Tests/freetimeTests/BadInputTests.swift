import Foundation
import Testing

/// One row of `Fixtures/bad/EXPECTED.tsv`: a hand-made calendar with intact events next to one
/// broken part, and what freetime must do with it (docs/BAD-INPUT.md has the table of classes).
struct BadInput: Sendable, CustomTestStringConvertible {
  /// File name inside Fixtures/bad.
  var file: String
  /// structure, encoding, values, zones, rules or VFREEBUSY.
  var kind: String
  /// 2: the calendar cannot be trusted; 0 or 1: read, with the slots found.
  var status: Int32
  /// What standard error must contain; `-` means standard error must be empty.
  var stderr: String
  /// Busy intervals (UTC) that must survive: no free slot may overlap them.
  var survives: [(start: Date, end: Date)]

  var testDescription: String { file }
  var path: String { "Fixtures/bad/" + file }

  static let directory = Run.fixtures.appendingPathComponent("bad")
  static let manifest = directory.appendingPathComponent("EXPECTED.tsv")
  static let classes: Set = [
    "structure", "encoding", "values", "zones", "rules", "VFREEBUSY", "coverage",
  ]

  /// The rows of the manifest (the header row and `#` comment lines are skipped).
  static let rows: [BadInput] = {
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().compactMap {
      line in
      if line.hasPrefix("#") { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, let status = Int32(fields[2]) else {
        // A malformed row still becomes a test, which then fails on its status.
        return BadInput(file: String(line), kind: "", status: -1, stderr: "", survives: [])
      }
      // An interval that does not parse becomes an empty one, which the manifest test rejects.
      let survives = fields[4].split(separator: ",").map { pair in
        let ends = pair.split(separator: "/").compactMap { BadInput.utc(String($0)) }
        return ends.count == 2 ? (ends[0], ends[1]) : (Date.distantFuture, Date.distantPast)
      }
      return BadInput(
        file: fields[0], kind: fields[1], status: status, stderr: fields[3], survives: survives)
    }
  }()

  /// `20261124T100000Z` → the instant.
  static func utc(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.date(from: text)
  }

  static let window = ["--from", "2026-11-23", "--to", "2026-11-30", "--tz", "UTC"]

  /// The control characters that must never reach a terminal: C0 except tab and line feed,
  /// DEL, and C1 (as UTF-8, U+0080–U+009F).
  static func controlCharacters(_ text: String) -> [String] {
    text.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
    }.map { "U+" + String(format: "%04X", $0.value) }
  }

  /// The free slots of a JSON report, as instants.
  static func slots(_ json: String) throws -> [(start: Date, end: Date)] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let slots = try #require(object?["slots"] as? [[String: Any]], "no slots in \(json)")
    let parser = ISO8601DateFormatter()
    return try slots.map { slot in
      let start = try #require((slot["start"] as? String).flatMap(parser.date(from:)))
      let end = try #require((slot["end"] as? String).flatMap(parser.date(from:)))
      return (start, end)
    }
  }
}

@Suite struct BadInputTests {
  /// Every row: the exit status, the message, clean output, and the intact busy time.
  @Test(arguments: BadInput.rows)
  func behavesAsListed(_ row: BadInput) throws {
    let run = try Run.freetime([row.path] + BadInput.window + ["--format", "json"])
    #expect(run.status == row.status, "\(row.file): exit \(run.status)\n\(run.stderr)")
    if row.stderr == "-" {
      #expect(run.stderr.isEmpty, "\(row.file): expected no message, got\n\(run.stderr)")
    } else {
      #expect(run.stderr.contains(row.stderr), "\(row.file): stderr was\n\(run.stderr)")
    }
    for (name, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
      let bad = BadInput.controlCharacters(text)
      #expect(bad.isEmpty, "\(row.file): \(name) has control characters \(bad)")
    }
    if row.status == 2 {
      #expect(run.stdout.isEmpty, "\(row.file): an untrusted calendar printed slots")
      return
    }
    guard run.status == row.status else { return }
    for slot in try BadInput.slots(run.stdout) {
      for busy in row.survives {
        #expect(
          !(slot.start < busy.end && busy.start < slot.end),
          "\(row.file): free slot \(slot.start)–\(slot.end) overlaps busy \(busy.start)–\(busy.end)"
        )
      }
    }
  }

  /// A control sequence in a calendar's file name reaches neither stream raw, in a warning and
  /// in an error.
  @Test(arguments: ["values-dtstart-garbage.ics", "structure-mismatched-end.ics"])
  func controlBytesInTheFileName(fixture: String) throws {
    let source = BadInput.directory.appendingPathComponent(fixture)
    let path = Temp.directory + "/evil\u{1b}[31m-\(UUID().uuidString)-\(fixture)"
    try FileManager.default.copyItem(atPath: source.path, toPath: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run.freetime([path] + BadInput.window + ["--format", "json"])
    #expect(run.status == (fixture.hasPrefix("structure") ? 2 : 0), "\(run.stderr)")
    #expect(!run.stderr.isEmpty)
    #expect(run.stderr.contains("evil[31m-"), "the file is still named: \(run.stderr)")
    #expect(run.stderr.contains("\(fixture):"), "\(run.stderr)")
    for (name, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
      let bad = BadInput.controlCharacters(text)
      #expect(bad.isEmpty, "\(name) has control characters \(bad)")
    }
  }

  /// The manifest lists every fixture in Fixtures/bad (pending/ excepted), and only those.
  @Test func manifestCoversTheFixtures() throws {
    let rows = BadInput.rows
    #expect(rows.count >= 40, "only \(rows.count) rows in EXPECTED.tsv")
    let onDisk = Set(
      try FileManager.default.contentsOfDirectory(atPath: BadInput.directory.path)
        .filter { $0.hasSuffix(".ics") })
    let listed = rows.map(\.file)
    #expect(Set(listed).count == listed.count, "a file is listed twice")
    #expect(onDisk.subtracting(listed).sorted() == [], "fixtures missing from EXPECTED.tsv")
    #expect(Set(listed).subtracting(onDisk).sorted() == [], "rows without a fixture")
    for row in rows {
      #expect(BadInput.classes.contains(row.kind), "\(row.file): class '\(row.kind)'")
      #expect([0, 1, 2].contains(row.status), "\(row.file): exit \(row.status)")
      #expect(
        row.stderr == "-" || row.stderr.hasPrefix(row.file),
        "\(row.file): the message fragment must name the file")
      #expect(
        row.status == 2 ? row.survives.isEmpty : !row.survives.isEmpty,
        "\(row.file): survival intervals are for readable calendars only")
      for busy in row.survives {
        #expect(busy.start < busy.end, "\(row.file): a survival interval does not parse")
      }
    }
    for kind in BadInput.classes {
      #expect(rows.contains { $0.kind == kind }, "no fixture of class \(kind)")
    }
  }

  /// Every fixture waiting in pending/ says what happens and what should.
  @Test func pendingFixturesAreDescribed() throws {
    let pending = BadInput.directory.appendingPathComponent("pending")
    let names = try FileManager.default.contentsOfDirectory(atPath: pending.path)
      .filter { $0.hasSuffix(".ics") }
    let readme = try String(
      contentsOf: pending.appendingPathComponent("README.md"), encoding: .utf8)
    for name in names {
      #expect(readme.contains("`\(name)`"), "\(name) has no line in pending/README.md")
      #expect(!BadInput.rows.contains { $0.file == name }, "\(name) is pending and listed")
    }
  }
}
