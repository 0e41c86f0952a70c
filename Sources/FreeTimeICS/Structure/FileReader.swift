import FreeTimeCore
import Synchronization

/// The structure of one file: BEGIN/END nesting (RFC 5545 §3.4, §3.6), the VCALENDAR's own
/// properties, and one top-level component at a time, collected with only the lines its reader
/// needs and handed to it when its END comes (`read(_:lines:state:deferUnknownZones:into:)`).
struct FileReader {
  /// The readers of its components, with the file's name, the options and what waits for the
  /// person's home zone.
  var reader: ComponentReader
  /// The owner known before the file (`--owner`, the person's name).
  let ownerHint: OwnerHint
  /// The VCALENDAR being read.
  var calendar: CalendarScope
  /// Open components, outermost first, with the line each began on.
  var stack: [(name: String, line: Int)] = []
  /// The top-level component being collected.
  var component = ComponentBuffer()
  var calendars = 0
  var sawContent = false
  var warnedOutside = false
  /// The person's instance count when this file started (a directory has several files).
  var instancesBefore: Int?
  /// The watchdog's view of this file: where the component being read begins.
  var watch: Watchdog.Watch?
  /// A top-level VTIMEZONE has just begun, and may be passed over whole
  /// (`passOverKnownTimeZone`).
  var timeZoneBegun = false

  init(file: String, options: ReadOptions, homeOverride: Zone?, owner: OwnerHint = OwnerHint()) {
    self.reader = ComponentReader(file: file, options: options, homeOverride: homeOverride)
    self.ownerHint = owner
    self.calendar = CalendarScope(owner: owner, home: homeOverride ?? options.defaultZone)
    stack.reserveCapacity(4)
  }

  /// Makes this reader, whose file was read to its end with nothing left waiting for the home
  /// zone, the reader of the person's next file: what belongs to a file starts again, and the
  /// storage of its arrays is kept (a vdir's thousands of files would each make and free them).
  /// Its `calendar` is begun anew at the file's first BEGIN (`startCalendar`), before anything
  /// reads it.
  mutating func reuse(file: String, source: Int) {
    reader.reuse(file: file, source: source)
    stack.removeAll(keepingCapacity: true)
    component.reuse()
    calendars = 0
    sawContent = false
    warnedOutside = false
    instancesBefore = nil
    watch = nil
    timeZoneBegun = false
  }

  var file: String { reader.file }
  var options: ReadOptions { reader.options }
  /// `--zone`'s zone for the person (or the people file's), if any.
  var homeOverride: Zone? { reader.home.override }

  func error(_ line: Int?, _ message: String) -> ReadError {
    ReadError(file: file, line: line, message: message)
  }

  func warning(_ line: Int?, _ message: String) -> Diagnostic {
    Diagnostic(file: file, line: line, message: message)
  }

  /// Takes the next content line of the file.
  mutating func consume(_ line: ContentLine, into person: inout PersonAccumulator) throws {
    // The name is told apart on its bytes; it is made a string only where a message or a
    // component other than an event needs it. Most lines of an event are dropped unread.
    let kind = line.kind
    if drops(kind, hasValue: line.hasValue) { return }
    if instancesBefore == nil { instancesBefore = person.instanceCount }
    sawContent = true
    if kind != .begin && kind != .end && !line.hasValue {
      if stack.isEmpty {
        try outside(line, into: &person)
      } else if stack.count >= 2 {
        person.diagnostics.append(warning(line.number, "line without ':' ignored"))
      }
      return
    }
    if kind == .none && stack.count >= 2 && component.skipDepth == 0 {
      person.diagnostics.append(
        warning(line.number, "a line without a property name is ignored"))
      return
    }
    switch kind {
    case .begin: try begin(line, into: &person)
    case .end: try end(line, into: &person)
    default: try property(line, kind: kind, into: &person)
    }
  }

  /// Whether the next line, of name `kind`, is dropped unread (most lines of an event): asked
  /// before the line is made when another thread scans the file (`LineScanner.skipFed`).
  func drops(_ kind: PropertyName, hasValue: @autoclosure () -> Bool) -> Bool {
    stack.count >= 2 && component.name == "VEVENT"
      && ContentLine.isUnneededInEvent(
        kind, hasValue: hasValue(), keepSummary: options.explain,
        keepAttendees: calendar.owner.address != nil || options.lint,
        inDropped: component.skipDepth > 0)
  }

  /// Components accepted without a VCALENDAR around them.
  static let bareComponents: Set<String> = [
    "VAVAILABILITY", "VEVENT", "VFREEBUSY", "VTIMEZONE", "VTODO", "VJOURNAL",
  ]

  private mutating func begin(_ line: ContentLine, into person: inout PersonAccumulator) throws {
    let what = line.keyword
    guard !what.isEmpty else { throw error(line.number, "BEGIN without a component name") }
    if stack.isEmpty && what != "VCALENDAR" && FileReader.bareComponents.contains(what) {
      // A component without its VCALENDAR (a bare VEVENT export): read as if wrapped.
      person.diagnostics.append(
        warning(line.number, "BEGIN:\(what) outside a VCALENDAR; read as if inside one"))
      startCalendar()
      calendar.implicit = true
      stack.append(("VCALENDAR", line.number))
    }
    switch stack.count {
    case 0:
      guard what == "VCALENDAR" else {
        throw error(
          line.number,
          "not iCalendar: expected BEGIN:VCALENDAR, found BEGIN:\(Sanitize.text(what, limit: 40))"
        )
      }
      startCalendar()
    case 1:
      if what == "VCALENDAR" { throw error(line.number, "BEGIN:VCALENDAR inside a VCALENDAR") }
      watch?.line.store(line.number, ordering: .relaxed)
      if person.owner == nil { person.owner = calendar.owner.address }
      if what != "VTIMEZONE" { warnPendingZone(into: &person) }
      // A VAVAILABILITY says when its person works, not what they do: it leaves a calendar of
      // VFREEBUSYs speaking only for their ranges (`CalendarCoverage.add`).
      if what != "VTIMEZONE" && what != "VFREEBUSY" && what != "VAVAILABILITY" {
        calendar.coverage.onlyFreeBusy = false
      }
      reader.quietZone = nil
      // Not in a bare component read as if in a VCALENDAR, not under `check` (which notes more),
      // and not with a limit on nesting its lines might not have met.
      timeZoneBegun =
        what == "VTIMEZONE" && !calendar.implicit && !options.lint && options.limits.depth > 3
      component.start(what, line: line, owner: calendar.owner.address, method: calendar.method)
    default:
      component.beginNested(what, line, depth: stack.count)
    }
    if stack.count >= options.limits.depth {
      throw error(line.number, "components nested more than \(options.limits.depth) deep")
    }
    stack.append((what, line.number))
  }

  private mutating func end(_ line: ContentLine, into person: inout PersonAccumulator) throws {
    let what = line.keyword
    guard let top = stack.last else {
      throw error(line.number, "END:\(Sanitize.text(what, limit: 40)) without a BEGIN")
    }
    guard top.name == what else {
      throw error(
        line.number,
        "END:\(Sanitize.text(what, limit: 40)) does not close BEGIN:\(Sanitize.text(top.name, limit: 40)) of line \(top.line)"
      )
    }
    stack.removeLast()
    switch stack.count {
    case 0:
      try endCalendar(into: &person)
    case 1:
      component.keep(line)
      calendar.components += 1
      let lines = component.lines
      try reader.read(
        component.name, lines: lines, state: component.state, deferUnknownZones: true,
        in: &calendar, into: &person)
      try checkInstances(person, line: lines.first?.number)
      if calendar.implicit {
        stack.removeLast()
        try endCalendar(into: &person)
      }
    default:
      component.endNested(line)
    }
  }

  /// A property line: of the VCALENDAR, or of the component being collected.
  private mutating func property(
    _ line: ContentLine, kind: PropertyName, into person: inout PersonAccumulator
  ) throws {
    if stack.isEmpty {
      try outside(line, into: &person)
      return
    }
    if stack.count == 1 {
      if kind == .xwrTimezone && homeOverride == nil { calendarZone(line, into: &person) }
      if kind == .calendarName { calendar.readOwner(line, source: .calendarName) }
      if kind == .owner { calendar.readOwner(line, source: .xOwner) }
      // Most lines here are VERSION, PRODID and CALSCALE: their names are not made strings.
      let xName =
        kind == .other && line.bytes.count > 2 && line.bytes[0] | 0x20 == 0x78
        && line.bytes[1] == 0x2D
      if kind == .other, !xName, line.bytes.first.map({ $0 | 0x20 == 0x6D }) == true,
        line.name == "METHOD"
      {
        let method = ContentLine.asciiUppercased(line.strippedValue)
        calendar.method = ITIPMethod(method)
        if let meaning = calendar.method.meaning(method), options.lint {
          person.diagnostics.append(
            Diagnostic(file: file, line: line.number, message: meaning, severity: .note))
        }
      }
      if kind == .calStart || kind == .calEnd,
        (kind == .calStart ? calendar.coverage.calStartLine : calendar.coverage.calEndLine) != nil
      {
        person.diagnostics.append(
          warning(line.number, "a second \(line.name) is ignored; the first counts"))
      } else if kind == .calStart || kind == .calEnd {
        let zone = calendar.zone(of: line, file: file, diagnostics: &person.diagnostics)
        let instant = ValueSyntax.instant(line.strippedValue, home: zone)
        if kind == .calStart {
          (calendar.coverage.calStart, calendar.coverage.calStartLine) = (instant, line.number)
        } else {
          (calendar.coverage.calEnd, calendar.coverage.calEndLine) = (instant, line.number)
        }
        if instant == nil {
          person.diagnostics.append(
            Diagnostic(
              file: file, line: line.number,
              message:
                "\(line.name) '\(Sanitize.text(line.value, limit: 40))' cannot be read; the calendar speaks for no time beyond its events and the ranges of its VFREEBUSYs (within the other of X-CALSTART and X-CALEND, if that one can be read); the rest of its time is unknown (busy unless --unknown free)",
              severity: .error))
        }
      }
      if xName, let problem = person.ownHours.takeStated(line) {
        person.diagnostics.append(warning(line.number, problem))
      }
      if xName, let problem = person.ownHours.outlook.take(line) {
        person.ownHours.outlook.unreadable = true
        person.diagnostics.append(warning(line.number, problem))
      }
      return
    }
    if component.skipDepth > 0 { return }
    switch component.name {
    case "VEVENT":
      eventProperty(line, kind: kind, into: &person)
    case "VFREEBUSY":
      // Periods are checked one by one in readFreeBusy.
      if kind.isForFreeBusy && !tooManyParameters(line) { component.keep(line) }
    case "VTIMEZONE", "VAVAILABILITY":
      if !tooManyParameters(line) { component.keep(line) }
    default:
      break
    }
  }

  /// A property of a VEVENT: RFC 5545 allows one DTSTART, DTEND, DURATION and RECURRENCE-ID;
  /// UID, STATUS, TRANSP, SEQUENCE and DTSTAMP are read here (`ComponentState`); the lines the
  /// event's description needs are kept, an impossible date refused before libical would roll
  /// it over (docs/LIBICAL.md).
  private mutating func eventProperty(
    _ line: ContentLine, kind: PropertyName, into person: inout PersonAccumulator
  ) {
    let bit = kind.singletonBit
    if bit != 0 {
      if component.state.seenOnce & bit != 0 {
        component.state.notes.append(
          (line.number, "a second \(line.name) is ignored (RFC 5545 allows one)", false))
        return
      }
      component.state.seenOnce |= bit
      if kind != .duration, line.hasDateValueType, line.strippedValue.contains(0x54) {
        component.state.notes.append(
          (
            line.number,
            "\(line.name) says VALUE=DATE but holds a date-time; read as the date-time",
            false
          ))
      }
    }
    if component.state.take(line, kind: kind) { return }
    guard kind.isForLibicalInEvent || (options.explain && kind == .summary) else { return }
    // An EXDATE or RDATE list is read value by value, as FREEBUSY is: a bad value costs only
    // itself (libical drops the whole property for one).
    if kind == .exdate || kind == .rdate, let values = line.listValues {
      for value in values {
        // An empty element (`,,`, a ',' at an end) is nothing, not a value that cannot be read.
        guard value.strippedValue.isEmpty else {
          eventProperty(value, kind: kind, into: &person)
          continue
        }
        component.state.notes.append(
          (
            line.number,
            "\(line.name) with an empty list element (',,' or a ',' at an end); read without it",
            true
          ))
      }
      return
    }
    if tooManyParameters(line) { return }
    // An impossible DTSTART skips the event; an impossible EXDATE or RDATE value is ignored
    // (an RDATE's instance is lost). An impossible DTEND or RECURRENCE-ID goes to the one value
    // reader (`ValueCheck`), which makes the end unknown or the override block its own time;
    // 24:00, midnight at the end of a day, is read so there.
    if kind == .dtstart || kind == .exdate || kind == .rdate, let bad = line.impossibleDate,
      !ValueSyntax.isEndOfDay(bad.utf8)
    {
      let what = "impossible date or time '\(Sanitize.text(bad, limit: 40))' in \(line.name)"
      if kind == .exdate || kind == .rdate {
        person.diagnostics.append(
          Diagnostic(
            file: file, line: line.number, message: "\(what); that value is ignored",
            severity: kind == .rdate ? .error : .warning))
        return
      }
      component.state.invalid =
        component.state.invalid ?? (line.number, "event skipped: \(what)")
    }
    component.keep(line)
  }
}
