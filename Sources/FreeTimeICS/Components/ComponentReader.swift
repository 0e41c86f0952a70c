import FreeTimeCore

/// Each top-level component, once collected, goes to its reader: VEVENT, VTIMEZONE, VFREEBUSY,
/// VAVAILABILITY (RFC 7953); VTODO, VJOURNAL and X- components never block. One a file
/// (`FileReader.reader`): what the readers keep from one component to the next. Each reads in
/// its VCALENDAR (`CalendarScope`) into the person (`PersonAccumulator`).
struct ComponentReader {
  private(set) var file: String
  /// Which of the person's arguments the file belongs to (`Readability`).
  var source = 0
  let options: ReadOptions
  /// The components waiting for the person's home zone.
  var home: AwaitingHome
  /// What `freetime check` noted once per file.
  var noted = Noted()
  /// The context events were last read with (`eventContext(deferUnknownZones:in:)`).
  var lastContext: EventContext?
  /// The zone of the VTIMEZONE read last, when it was read without a word to say
  /// (`FileReader.skipKnownTimeZone`).
  var quietZone: DefinedZone?

  /// `freetime check`'s notes given once per file.
  struct Noted {
    /// That replies cannot be read, or whose are.
    var noOwner = false
    /// That Outlook's show-as is read.
    var showAs = false
    /// The TZIDs noted (`lintEvent`).
    var zones: Set<String> = []
  }

  init(file: String, options: ReadOptions, homeOverride: Zone?) {
    self.file = file
    self.options = options
    self.home = AwaitingHome(override: homeOverride)
  }

  /// The reader of the person's next file (`FileReader.reuse`): nothing of this one waits.
  mutating func reuse(file: String, source: Int) {
    precondition(home.components.isEmpty, "a file whose components wait is not read over")
    self.file = file
    self.source = source
    home.decided = false
    home.instancesAdded = 0
    noted = Noted()
    quietZone = nil
  }

  /// Instances kept from the file since the person had `base` (`ReadLimits.instancesPerFile`).
  func checkInstances(_ person: PersonAccumulator, since base: Int, line: Int?) throws {
    if person.instanceCount - base > options.limits.instancesPerFile {
      throw error(
        line,
        "more than \(options.limits.instancesPerFile) instances in this file up to the window's end; --max-file-instances raises the limit, or narrow the window"
      )
    }
  }

  func error(_ line: Int?, _ message: String) -> ReadError {
    ReadError(file: file, line: line, message: message)
  }

  func warning(_ line: Int?, _ message: String) -> Diagnostic {
    Diagnostic(file: file, line: line, message: message)
  }

  mutating func read(
    _ kind: String, lines: [ContentLine], state: ComponentState, deferUnknownZones: Bool,
    in calendar: inout CalendarScope, into person: inout PersonAccumulator
  ) throws {
    let before = person.diagnostics.count
    for (line, message, lint) in state.notes where !lint || options.lint {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: line, uid: state.uidRaw, message: message,
          severity: lint ? .note : .warning))
    }
    if state.hidesTime {
      count(read: false, since: before, coverage: &calendar.coverage, into: &person)
    }
    if let (line, message) = state.invalid {
      // The component is skipped: its time is lost (an error in `freetime check`).
      let why = Diagnostic(
        file: file, line: line, uid: state.uidRaw, message: message, severity: .error)
      person.diagnostics.append(why)
      if ComponentReader.holdsTime.contains(kind),
        kind != "VEVENT" || state.seenOnce & PropertyName.dtstart.singletonBit != 0
      {
        tally(read: false, why: why, coverage: &calendar.coverage, into: &person)
      }
      return
    }
    try readComponent(
      kind, lines: lines, state: state, deferUnknownZones: deferUnknownZones, in: &calendar,
      into: &person)
  }

  /// Reads a component whose pre-pass notes were given out already (also when it is read
  /// again, after waiting for a VTIMEZONE or for the home zone).
  mutating func readComponent(
    _ kind: String, lines: [ContentLine], state: ComponentState, deferUnknownZones: Bool,
    in calendar: inout CalendarScope, into person: inout PersonAccumulator
  ) throws {
    switch kind {
    case "VTIMEZONE":
      quietZone = readTimeZone(lines, in: &calendar, into: &person)
    case "VEVENT":
      try readEvent(
        lines, state: state, deferUnknownZones: deferUnknownZones, in: &calendar, into: &person)
    case "VFREEBUSY":
      readFreeBusy(lines, in: &calendar, into: &person)
    case "VAVAILABILITY":
      readAvailability(lines, in: &calendar, into: &person)
    default:
      break  // VTODO, VJOURNAL, X- components: never busy
    }
  }

  /// The components whose time a calendar is read for (`Readability`); a VEVENT only when it
  /// has a DTSTART.
  static let holdsTime: Set<String> = ["VEVENT", "VFREEBUSY", "VAVAILABILITY"]

  /// Counts a component that holds time as read or not; `since` is the number of the person's
  /// diagnostics before it was read (the last warning after it says why it was not).
  func count(
    read: Bool, since: Int, coverage: inout CalendarCoverage, into person: inout PersonAccumulator
  ) {
    let why = read ? nil : person.diagnostics[since...].last { $0.severity != .note }
    tally(read: read, why: why, coverage: &coverage, into: &person)
  }

  /// Counts a component that holds time as read or not, for its file (`Readability`) and its
  /// VCALENDAR (`CalendarCoverage`: one none of whose components could be read speaks for no
  /// time of its own).
  @inline(__always)
  func tally(
    read: Bool, why: Diagnostic?, coverage: inout CalendarCoverage,
    into person: inout PersonAccumulator
  ) {
    person.readability.add(source: source, read: read, why: why)
    if read { coverage.readSome = true } else { coverage.ignoredSome = true }
  }

  /// What events of `calendar` are read with: the last one made while the file, the zones, the
  /// home zone and `deferUnknownZones` are the same; the last one changed to these when no event
  /// holds it any more (a vdir's thousands of VCALENDARs would each make one, with a copy of the
  /// options).
  mutating func eventContext(deferUnknownZones: Bool, in calendar: CalendarScope)
    -> EventContext
  {
    if let last = lastContext, last.zones === calendar.zones, last.home === calendar.home,
      last.homeFromCalendar == calendar.homeFromCalendar,
      last.deferUnknownZones == deferUnknownZones, last.file == file
    {
      return last
    }
    if lastContext != nil, isKnownUniquelyReferenced(&lastContext) {
      lastContext!.change(
        file: file, zones: calendar.zones, home: calendar.home,
        homeFromCalendar: calendar.homeFromCalendar, deferUnknownZones: deferUnknownZones)
      return lastContext!
    }
    let context = EventContext(
      file: file, zones: calendar.zones, home: calendar.home,
      homeFromCalendar: calendar.homeFromCalendar, options: options,
      deferUnknownZones: deferUnknownZones)
    lastContext = context
    return context
  }
}
