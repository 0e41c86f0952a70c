import Foundation
import TestSupport
import Testing

/// Every human display within the terminal's width (docs/GUIDE.md, Displays): the built
/// binary run in a pseudo-terminal of 60, 80 and 120 columns, standard output and standard
/// error both on it, as a person meets them.
@Suite struct DisplayWidthTests {
  /// Runs the binary (argv[3:]) in a pseudo-terminal of argv[1] columns, `COLUMNS` unset, and
  /// prints JSON: the status, the output with CR LF as LF, and the lines (colour removed)
  /// wider than the terminal, measured by Python's own idea of display width (East Asian wide
  /// and fullwidth 2 columns, combining marks and format characters 0).
  static let script = #"""
    import fcntl, json, os, re, struct, subprocess, sys, termios, unicodedata
    columns = int(sys.argv[1])
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    env["TERM"] = "xterm"
    child = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=slave, stderr=slave, env=env,
                             close_fds=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    status = child.wait()
    text = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    def width(line):
        line = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", line)
        total = 0
        for ch in line:
            if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
                continue
            total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        return total
    wide = [line for line in text.split("\n") if width(line) > columns]
    print(json.dumps({"status": status, "output": text, "wide": wide}))
    """#

  struct Shown {
    var status: Int
    var output: String
    var wide: [String]
  }

  /// freetime `arguments` in a pseudo-terminal `columns` wide.
  static func inTerminal(_ arguments: [String], columns: Int = 80) throws -> Shown {
    let run = try Run.command(
      Run.pythonPath, ["-c", script, String(columns), Run.binary.path] + arguments)
    let object =
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
    return Shown(
      status: object["status"] as? Int ?? -1, output: object["output"] as? String ?? run.stderr,
      wide: object["wide"] as? [String] ?? ["(no output: \(run.stderr))"])
  }

  static let team = ["alice", "bob", "carol", "dave"].map { "Fixtures/team/\($0).ics" }
  static let week = ["--from", "2026-11-23", "--to", "2026-11-27", "--tz", "Europe/Prague"]
  static let rotation = ["arjun", "lena", "sam"].map { "Fixtures/rotation/\($0).ics" }
  static let rooms = ["--config", Run.fixtures.appendingPathComponent("rooms/config.toml").path]

  /// A calendar whose person has a long name (its file's), with a long title in three scripts,
  /// a long UID, and an event in the New York fold.
  static let long: String = {
    let summary =
      "Quarterly planning of the platform roadmap with every team lead 四半期の計画会議 "
      + "and the café's résumé review, which nobody wants to miss at all"
    let uid =
      "0123456789abcdef-0123456789abcdef-0123456789abcdef-0123456789abcdef@calendar.example.org"
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    text +=
      "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261001T000000Z\r\n"
      + "DTSTART;TZID=Europe/Prague:20261123T100000\r\nDTEND;TZID=Europe/Prague:20261123T113000\r\n"
      + "SUMMARY:\(summary)\r\nEND:VEVENT\r\n"
    text +=
      "BEGIN:VEVENT\r\nUID:fold-\(uid)\r\nDTSTAMP:20261001T000000Z\r\n"
      + "DTSTART:20261101T053000Z\r\nDTEND:20261101T054500Z\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\n"
    text += "END:VCALENDAR\r\n"
    return TemporaryFiles.file(
      text, name: "maximiliane-von-und-zu-langenhagen-schwarzenberg-mit-kalender.ics")
  }()

  /// 山田: a person named in wide characters, with working hours in Tokyo.
  static let wide: String = TemporaryFiles.file(
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nX-WR-TIMEZONE:Asia/Tokyo\r\n"
      + "BEGIN:VEVENT\r\nUID:w1\r\nDTSTAMP:20261001T000000Z\r\n"
      + "DTSTART:20261124T010000Z\r\nDTEND:20261124T020000Z\r\nSUMMARY:会議\r\nEND:VEVENT\r\n"
      + "END:VCALENDAR\r\n", name: "山田太郎山田太郎山田太郎.ics")

  /// The commands a person meets, over every fixture team.
  static var commands: [[String]] {
    let everyone = team + [long, wide]
    var out: [[String]] = [
      team + week,
      everyone + week + ["--explain"],
      everyone + week + ["--explain", "--min", "2h", "--hours", "09:00-17:00"],
      everyone + week + ["--format", "timeline"],
      everyone + week + ["--format", "timeline", "--hours", "07:00-21:00"],
      [
        long, "--from", "2026-11-01T00:00", "--to", "2026-11-01T03:00", "--tz", "America/New_York",
        "--explain",
      ],
      [
        long, "--from", "2026-11-01", "--to", "2026-11-02", "--tz", "America/New_York", "--format",
        "timeline",
      ],
      ["suggest", "--duration", "1h", "--count", "3"] + everyone + week,
      ["suggest", "--duration", "30m", "--count", "2", "--optional", long] + team + week,
      ["suggest", "--repeat", "weekly", "--rotate", "2", "--duration", "1h", "--count", "2"]
        + rotation + ["--from", "2026-11-23", "--to", "2027-01-20"],
      ["suggest", "--repeat", "weekly", "--duration", "1h", "--count", "2", long] + rotation
        + ["--from", "2026-11-23", "--to", "2027-01-20"],
      ["suggest"] + rooms + [
        "@design", "--room", "any", "--capacity", "6", "--duration", "1h", "--count", "2",
      ] + week,
      rooms + ["alice", "bob", "carol", "--room", "any", "--min", "1h"] + week + ["--explain"],
      ["people"] + rooms,
      ["check", long, wide] + team,
      [
        "book", "--at", "2026-11-23T10:30", "--duration", "1h", "--title", "Planning", "--tz",
        "Europe/Prague", long, wide, "-o", "/dev/null",
      ] + team,
      ["busy", long, "--from", "2026-11-23", "--to", "+1d", "--tz", "Europe/Prague"],
      ["--help"], ["suggest", "--help"], ["book", "--help"], ["check", "--help"],
      ["replies", "--help"], ["people", "--help"],
    ]
    let bad =
      (try? FileManager.default.contentsOfDirectory(
        atPath: Run.fixtures.appendingPathComponent("bad").path)) ?? []
    out.append(
      ["check"]
        + bad.filter { $0.hasSuffix(".ics") }.sorted().prefix(40).map { "Fixtures/bad/\($0)" })
    return out
  }

  /// No line of any display is wider than an 80-column terminal.
  @Test(arguments: DisplayWidthTests.commands.indices)
  func everyDisplayFitsEightyColumns(_ index: Int) throws {
    let arguments = Self.commands[index]
    let shown = try Self.inTerminal(arguments)
    #expect(
      shown.wide.isEmpty,
      "\(arguments.joined(separator: " ")):\n\(shown.wide.joined(separator: "\n"))")
    #expect(shown.output.count > 40, "\(shown.output)")
  }

  /// The timeline at 60, 80 and 120 columns: within the width, and the whole day of hours
  /// anyone works (07:00 in Tokyo is 23:00 the day before in Prague: the whole day), never
  /// cut; the wider the terminal, the finer the cells.
  @Test(arguments: [60, 80, 120])
  func timelineScalesToTheWidth(_ columns: Int) throws {
    let arguments =
      Self.team + [Self.wide] + Self.week + [
        "--format", "timeline", "--hours", "07:00-21:00", "--color", "never",
      ]
    let shown = try Self.inTerminal(arguments, columns: columns)
    // 1: 山田 leaves no common free time.
    #expect(shown.status == 1, "\(shown.output)")
    #expect(shown.wide.isEmpty, "\(columns): \(shown.wide.joined(separator: "\n"))")
    #expect(shown.output.contains("00:00–24:00"), "\(shown.output)")
    let minutes = [60: "60 min a cell", 80: "30 min a cell", 120: "15 min a cell"][columns]!
    #expect(shown.output.contains(minutes), "\(columns): \(shown.output)")
    // Hours in one zone: the hours the person works, and no more.
    let one = try Self.inTerminal(
      ["Fixtures/team/alice.ics", "--hours", "07:00-21:00", "--color", "never"] + Self.week + [
        "--format", "timeline",
      ],
      columns: columns)
    #expect(one.wide.isEmpty, "\(one.wide)")
    #expect(one.output.contains("07:00–21:00"), "\(one.output)")
  }

  /// Too narrow for a day at an hour a cell: the day goes on as many lines as it takes, each
  /// within the width, nothing dropped.
  @Test func timelineWrapsWhenNarrow() throws {
    let shown = try Self.inTerminal(
      Self.team + [
        "--from", "2026-11-23", "--to", "+1d", "--tz", "Europe/Prague", "--format", "timeline",
      ],
      columns: 30)
    #expect(shown.wide.isEmpty, "\(shown.wide)")
    let free = shown.output.split(separator: "\n").filter { $0.hasPrefix("free") }
    #expect(free.count >= 2, "\(shown.output)")
  }

  /// A fold's readings carry their offset as `(UTC−4)`, never as `01:30-04:00`, in the table,
  /// the explanation and book's messages; JSON keeps RFC 3339.
  @Test func foldOffsetsReadAsOffsets() throws {
    let window = [
      "--from", "2026-11-01T00:00", "--to", "2026-11-01T03:00", "--tz", "America/New_York",
    ]
    let table = try Run.freetime([Self.long] + window)
    #expect(table.stdout.contains("00:00 – 01:30 (UTC−4)"), "\(table.stdout)")
    #expect(table.stdout.contains("01:45 (UTC−4) – 03:00"), "\(table.stdout)")
    #expect(!table.stdout.contains("-04:00"), "\(table.stdout)")
    let json = try Run.freetime([Self.long] + window + ["--format", "json"])
    #expect(json.stdout.contains("\"end\": \"2026-11-01T01:30:00-04:00\""), "\(json.stdout)")
    // The second 01:30 of the night, an hour later.
    let later = try Run.freetime(
      [
        Self.long, "--from", "2026-11-01T06:15Z", "--to", "2026-11-01T07:00Z", "--tz",
        "America/New_York",
      ])
    #expect(later.stdout.contains("01:15 (UTC−5) – 02:00"), "\(later.stdout)")
    let book = try Run.freetime([
      "book", "--at", "2026-11-01T05:30Z", "--duration", "15m", "--title", "x", "--tz",
      "America/New_York", Self.long, "-o", "/dev/null",
    ])
    #expect(book.status != 0)
    #expect(book.stderr.contains("01:30 (UTC−4)"), "\(book.stderr)")
  }

  /// A book line wider than the terminal still books, pasted into a shell as it is shown: a
  /// path wider than a line, plain or quoted, is broken with `\` and joined by the shell.
  @Test(arguments: [60, 44])
  func wrappedBookLinesStillPaste(_ columns: Int) throws {
    let shown = try Self.inTerminal(
      ["suggest", "--duration", "30m", "--count", "1", Self.long, Self.wide] + Self.team
        + Self.week,
      columns: columns)
    #expect(shown.wide.isEmpty, "\(shown.wide)")
    let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let book = lines.drop { !$0.hasPrefix("   freetime book") }.prefix { !$0.isEmpty }
      .joined(separator: "\n")
    #expect(book.contains("\\\n"), "\(shown.output)")
    let names = [
      "alice", "bob", "carol", "dave",
      "maximiliane-von-und-zu-langenhagen-schwarzenberg-mit-kalender",
      "山田太郎山田太郎山田太郎",
    ]
    let owners = names.flatMap { ["--owner", "'\($0)=x\($0.count)@x.org'"] }
    let run = try Run.command(
      "/bin/bash",
      [
        "-c",
        book.replacingOccurrences(of: "   freetime book", with: "\"$FREETIME\" book")
          + " --force -o /dev/null " + owners.joined(separator: " "),
      ],
      environment: ["FREETIME": Run.binary.path])
    #expect(run.status == 0, "\(book)\n\(run.stderr)")
  }
}
