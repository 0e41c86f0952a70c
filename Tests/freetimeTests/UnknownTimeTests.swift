import Foundation
import Testing

/// Unknown is never free, end to end: an event whose end cannot be read, in every command
/// (docs/BAD-INPUT.md, Values). Fixtures/bad/values-dtend-none.ics: DTSTART Thursday 18:00 in
/// Berlin (17:00Z) and `DTEND:None`, beside two intact events.
@Suite struct UnknownTimeTests {
  let fixture = "Fixtures/bad/values-dtend-none.ics"
  let window = ["--from", "2026-11-26", "--to", "2026-11-27", "--tz", "UTC"]

  func csv(_ arguments: [String]) throws -> [String] {
    let run = try Run.freetime(arguments + ["--format", "csv"])
    return run.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").prefix(2).joined(separator: " ")
    }
  }

  /// Busy by default, free with `--unknown free`.
  @Test func unknownTimeFollowsTheUnknownOption() throws {
    #expect(
      try csv([fixture] + window) == [
        "2026-11-26T00:00:00+00:00 2026-11-26T17:00:00+00:00",
        "2026-11-26T23:00:00+00:00 2026-11-27T00:00:00+00:00",
      ])
    #expect(
      try csv([fixture] + window + ["--unknown", "free"]) == [
        "2026-11-26T00:00:00+00:00 2026-11-27T00:00:00+00:00"
      ])
  }

  /// Never silent: a warning naming file and line, a failure with `--strict`, an error in
  /// `check` (exit 2).
  @Test func neverSilent() throws {
    let run = try Run.freetime([fixture] + window)
    #expect(run.status == 0)
    #expect(
      run.stderr.contains(
        "freetime: warning: \(fixture):16: DTEND 'None' cannot be read; the time from the event's start to the end of its day is unknown"
      ))
    let strict = try Run.freetime([fixture] + window + ["--strict"])
    #expect(strict.status == 2)
    #expect(strict.stdout.isEmpty)
    let check = try Run.freetime(["check", fixture])
    #expect(check.status == 2)
    #expect(check.stdout.contains("\(fixture):16: error: DTEND 'None' cannot be read"))
    #expect(check.stderr.contains("1 error, 0 warnings"))
  }

  /// `--explain` names the event; the timeline draws its time as unknown.
  @Test func explainAndTimelineShowIt() throws {
    let json = try Run.freetime([fixture] + window + ["--explain", "--format", "json"])
    #expect(
      json.stdout.contains(
        #""before": {"kind": "unknown", "person": "values-dtend-none", "file": "Fixtures/bad/values-dtend-none.ics", "line": 11, "uid": "dtendnone@freetime.test""#
      ), "\(json.stdout)")
    // A wide terminal: each explanation on one line (docs/GUIDE.md, Displays).
    let table = try Run.freetime(
      [fixture] + window + ["--explain"], environment: ["COLUMNS": "1000"])
    #expect(
      table.stdout.contains(
        "before: values-dtend-none — unknown: a time of this event cannot be read — ics-parser issue 340 shape (Fixtures/bad/values-dtend-none.ics:11, UID dtendnone@freetime.test)"
      ), "\(table.stdout)")
    let timeline = try Run.freetime(
      [fixture] + window + ["--format", "timeline", "--color", "never"])
    // Thursday 17:00–23:00 UTC: twelve half-hour cells of `?`, then free to midnight.
    let row = timeline.stdout.split(separator: "\n").first { $0.hasPrefix("values-dten") }
    #expect(row.map { $0.hasSuffix("????????????··") } == true, "\(timeline.stdout)")
  }

  /// `freetime busy` writes unknown time as X-FREETIME-UNKNOWN (BUSY to other programs), and
  /// reading the export back gives the same slots, also with --unknown free.
  @Test func theBusyExportKeepsIt() throws {
    let export = try Run.freetime(["busy", fixture, "--from", "2026-11-23", "--to", "2026-11-30"])
    #expect(export.status == 0)
    #expect(
      export.stdout.contains(
        "FREEBUSY;FBTYPE=X-FREETIME-UNKNOWN:20261126T170000Z/20261126T230000Z"))
    let path = Temp.file(export.stdout, name: "dtend-none-busy.ics")
    #expect(try csv([path] + window) == (try csv([fixture] + window)))
    let free = ["--unknown", "free"]
    #expect(try csv([path] + window + free) == (try csv([fixture] + window + free)))
    #expect(try csv([path] + window + free) != (try csv([path] + window)))
  }

  /// A calendar none of whose events can be read is an error in every command, never "free all
  /// the time".
  @Test(arguments: [[String](), ["busy"], ["check"], ["suggest", "--duration", "30m"]])
  func nothingReadableIsAnErrorEverywhere(command: [String]) throws {
    let fixture = "Fixtures/bad/structure-nothing-readable.ics"
    let run = try Run.freetime(
      command + [fixture] + (command == ["check"] ? [] : ["--from", "2026-11-23"]))
    #expect(run.status == 2)
    #expect(command == ["check"] || run.stdout.isEmpty)
    let message =
      "none of the 2 components of this calendar that hold time can be read; the first: event skipped: DTSTART '%(now)s1124T100000Z' cannot be read"
    let output = run.stdout + run.stderr
    #expect(output.contains("\(fixture):7: ") && output.contains(message), "\(output)")
  }

  /// Each value read as its producer plainly meant it gets a note in `freetime check`, and
  /// nothing else: the exit status stays 0.
  @Test(arguments: [
    (
      "values-duration-pt1w-synology.ics", ":17: note: DURATION 'PT1W' is not RFC 5545; read as P1W"
    ),
    (
      "values-date-dtend-same-day.ics",
      ":15: note: DATE DTEND equal to DTSTART (RFC 5545 wants the day after); read as one day"
    ),
    (
      "zones-floating-dtend-beside-zoned.ics",
      ":17: note: floating DTEND in an event whose other times are in America/New_York; read in America/New_York"
    ),
    (
      "zones-windows-display-name.ics",
      ":14: note: Windows display name '(UTC-05:00) Eastern Time (US & Canada)' without a VTIMEZONE; read as America/New_York"
    ),
    (
      "rules-rdate-date-period.ics",
      ":16: note: RDATE period '20261127/20261128' of dates is not RFC 5545"
    ),
    (
      "structure-itip-cancel.ics",
      ":32: note: METHOD:CANCEL (RFC 5546 §3.2.5): an iTIP message, not a calendar; its events are not busy time"
    ),
  ])
  func checkNotesThePlainReadings(fixture: String, note: String) throws {
    let run = try Run.freetime(["check", "Fixtures/bad/" + fixture])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(run.stdout.contains("Fixtures/bad/\(fixture)\(note)"), "\(run.stdout)")
  }

  /// An invitation and its cancellation (Evolution's METHOD:CANCEL, at the same SEQUENCE and
  /// without STATUS) in one file: the invitation's time is free.
  @Test func aCancellationFreesItsInvitation() throws {
    let fixture = "Fixtures/bad/structure-itip-cancel.ics"
    let window = ["--from", "2026-11-26", "--to", "2026-11-27", "--tz", "UTC"]
    #expect(try csv([fixture] + window) == ["2026-11-26T00:00:00+00:00 2026-11-27T00:00:00+00:00"])
  }
}
