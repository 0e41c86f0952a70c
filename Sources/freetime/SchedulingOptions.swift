import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// Who must be free and when: working hours, buffers, quorum, optional people and rooms (the
/// default command and `suggest`).
struct SchedulingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Working hours in each person's home zone: one or more ranges (09:00-12:00,13:00-17:00; 22:00-06:00 runs into the next day); NAME=RANGES for one person (repeatable, adds up).",
      valueName: "[name=]ranges"))
  var hours: [String] = []

  @Option(
    help: ArgumentHelp(
      "Working days in each person's home zone (mon-fri, mon,wed,fri, sat-sun); NAME=DAYS for one person (repeatable, adds up).",
      valueName: "[name=]days"))
  var days: [String] = []

  @Flag(
    name: .customLong("no-own-hours"),
    help: ArgumentHelp(
      "Ignore the hours people give themselves (their calendars' VAVAILABILITY and Outlook working hours, the people file's hours and days) for this run; --hours and --days still apply."
    ))
  var noOwnHours = false

  @Option(
    help: ArgumentHelp("Pad every busy interval on both sides.", valueName: "duration"))
  var buffer: DurationArgument?

  @Option(
    help: ArgumentHelp(
      "Slots where at least K of the required people are free (default: all of them).",
      valueName: "k"))
  var quorum: Int?

  @Option(
    help: ArgumentHelp(
      "An optional attendee (repeatable): listed when free, never required.",
      valueName: "calendar"),
    completion: .file(extensions: ["ics"]))
  var optional: [String] = []

  @Option(
    help: ArgumentHelp(
      "A room (repeatable): its name or calendar, @GROUP of rooms, or any (every room of the people file); at least one room that fits (--capacity, --feature) must be free; slots name them, best first.",
      valueName: "calendar"),
    completion: .file(extensions: ["ics"]))
  var room: [String] = []

  /// `--quorum` at least 1 (the library checks it against the people required), then standard
  /// input once.
  func check(_ required: CalendarArguments) throws {
    if let quorum, quorum < 1 {
      throw ValidationError("--quorum must be at least 1.")
    }
    try required.checkStandardInput(with: optional + room)
  }
}

/// What only the default command does with slots: their shortest length, alignment, and what
/// bounds each.
struct SlotOptions: ParsableArguments {
  /// Shortest slot kept.
  @Option(
    help: ArgumentHelp("Shortest slot to show (default: 0s, every slot).", valueName: "duration"))
  var min: DurationArgument?

  @Option(
    help: ArgumentHelp(
      "Round slot starts up and ends down to a multiple of this in --tz (e.g. 15m).",
      valueName: "duration"))
  var align: DurationArgument?

  @Flag(
    help:
      "Say what ends the busy time before each slot and what starts after it, and which events in it only a declined reply freed."
  )
  var explain = false

  func check() throws {
    if let align, align.seconds <= 0 { throw ValidationError("--align must be longer than 0s.") }
  }
}

/// What a room must hold (docs/GUIDE.md, Rooms by what they hold): the default command, `suggest`
/// and
/// `book`.
struct RoomNeedOptions: ParsableArguments {
  /// Seats needed; default the attendees named (required and optional).
  @Option(
    help: ArgumentHelp(
      "Seats a room needs (default: the attendees named, required and optional); a room without capacity in the people file then does not fit.",
      valueName: "n"))
  var capacity: Int?

  /// Each word needed, case-insensitively.
  @Option(
    help: ArgumentHelp(
      "A feature a room needs, from its features in the people file (repeatable), e.g. video.",
      valueName: "word"))
  var feature: [String] = []

  func check() throws {
    if let capacity, capacity < 1 { throw ValidationError("--capacity must be at least 1.") }
    if let word = feature.first(where: { $0.isEmpty || $0.contains(" ") }) {
      throw ValidationError("--feature '\(word)' must be one word (e.g. --feature video).")
    }
  }
}
