import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// `-o FILE` (the default command and `busy`): written atomically.
struct OutputFileOptions: ParsableArguments {
  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp(
      "Write the output to FILE atomically instead of standard output.", valueName: "file"))
  var output: String?
}

/// How the default command prints: format, colour, file, quiet, how many slots. (`-o` is
/// declared here and in `OutputFileOptions`, not nested: see `ReadingOptions`.)
struct OutputOptions: ParsableArguments {
  /// At most this many slots.
  @Option(help: ArgumentHelp("Show only the first N slots.", valueName: "n"))
  var limit: Int?

  @Option(help: "Output format.")
  var format: OutputFormat = .table

  @Option(
    help: ArgumentHelp(
      "Colour in the table and timeline: auto (a terminal without NO_COLOR), always, never.",
      valueName: "when"))
  var color: ColorChoice = .auto

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp(
      "Write the output to FILE atomically instead of standard output.", valueName: "file"))
  var output: String?

  @Flag(name: .short, help: "Print nothing; only the exit status tells.")
  var quiet = false

  func check() throws {
    if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
  }

  /// At most `--limit` slots.
  func limited(_ slots: [Slot]) -> [Slot] {
    guard let limit, slots.count > limit else { return slots }
    return Array(slots.prefix(limit))
  }

  /// Renders the report in `--format` (in colour as `--color` says) and writes it to standard
  /// output (unless `-q`) or to the `-o` file.
  func write(_ report: Report) throws {
    var report = report
    if format == .table || format == .timeline {
      report.paint = Paint(on: Paint.decide(color, toFile: output != nil && output != "-"))
    }
    guard !quiet || (output != nil && output != "-") else { return }
    if let bytes = report.renderBytes(format) {
      return try Output.write(bytes: bytes, to: output, quiet: quiet)
    }
    try Output.write(
      report.render(format), to: output, quiet: quiet, colour: report.paint.on)
  }
}
