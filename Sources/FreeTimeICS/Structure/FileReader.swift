import FreeTimeCore

/// The structure of one file: BEGIN/END nesting (RFC 5545 §3.4, §3.6), the VCALENDAR's own
/// properties, and one top-level component at a time, collected with only the lines its reader
/// needs and handed to it when its END comes (`read(_:lines:state:deferUnknownZones:into:)`).
struct FileReader {
  let file: String
  /// Which of the person's arguments the file belongs to (`Readability`).
  var source = 0
  let options: ReadOptions
  let homeOverride: Zone?
  /// The owner known before the file (`--owner`, the person's name).
  let ownerHint: OwnerHint
  /// The owner of the current VCALENDAR, whose replies to invitations count.
  var owner: OwnerHint
  /// Whether `freetime check` noted that replies cannot be read (once per file).
  var notedNoOwner = false
  /// Whether `freetime check` noted that Outlook's show-as is read (once per file).
  var notedShowAs = false
  /// What the current VCALENDAR says about the time it covers.
  var coverage = CalendarCoverage()
  /// Whether the current VCALENDAR is an iTIP CANCEL (METHOD:CANCEL, RFC 5546 §3.2.5): each
  /// VEVENT in it cancels the event or instance it names.
  var cancels = false
  /// Whether the current VCALENDAR has a METHOD (RFC 5546): events need no DTSTART there.
  var inMessage = false
  /// Whether the current VCALENDAR answers an invitation (METHOD:REPLY, COUNTER,
  /// DECLINECOUNTER or REFRESH, RFC 5546 §3.2): its VEVENTs are no newer versions of the
  /// events they answer.
  var answers = false
  /// The iTIP methods whose VEVENTs answer an invitation (RFC 5546 §3.2.3, §3.2.6, §3.2.7,
  /// §3.2.8): an attendee's reply, a request for the latest version, a counter-proposal and its
  /// refusal. None is the event's newest version (a reply copies its time or leaves it out, a
  /// counter proposes another time).
  static let answeringMethods: Set<String> = ["REPLY", "REFRESH", "COUNTER", "DECLINECOUNTER"]
  /// Whether the current VCALENDAR is an iTIP ADD (RFC 5546 §3.2.4): each VEVENT in it is an
  /// instance added to the event it names, not a new version of that event.
  var adds = false

  /// Open components, outermost first, with the line each began on.
  var stack: [(name: String, line: Int)] = []
  /// Lines of the top-level component being collected (only those its reader needs).
  var component: [ContentLine] = []
  var componentName = ""
  /// More than 0 while inside a nested component that is dropped (a VALARM).
  var skipDepth = 0
  var calendars = 0
  var sawContent = false
  var componentsInCalendar = 0
  var zones = ZoneTable()
  var homeZone: Zone
  /// Events waiting for a VTIMEZONE defined later in their VCALENDAR.
  var deferred: [([ContentLine], ComponentState)] = []
  /// A bare component read as if inside a VCALENDAR.
  var implicitCalendar = false
  /// TZIDs already noted by `freetime check`.
  var notedZones: Set<String> = []
  /// Whether the home zone is this VCALENDAR's X-WR-TIMEZONE.
  var homeFromCalendar = false
  /// Whether the home zone is the person's, decided once all their files were read.
  var homeDecided = false
  /// Components that read a time in the home zone while it is not known yet (no `--zone`, no
  /// X-WR-TIMEZONE): read once every file of the person is (`readAwaitingHome`).
  var awaitingHome: [Awaiting] = []
  /// Instances this file added, for `ReadLimits.instancesPerFile` when awaiting components are
  /// read.
  var instancesAdded = 0
  /// What the pre-pass learned about the component being collected.
  var current = ComponentState()
  var warnedOutside = false
  /// The person's instance count when this file started (a directory has several files).
  var instancesBefore: Int?
  /// The watchdog's view of this file: where the component being read begins.
  var watch: Watchdog.Watch?
  /// The context events were last read with (`eventContext(deferUnknownZones:)`).
  var lastContext: EventContext?
  /// Lines kept so far (in components); when it grows, the scanner must not read the next line
  /// into the storage of the last (`LineScanner.lineWasKept`).
  private(set) var linesKept = 0
  /// Storage of lines of components already read, for the scanner to read lines into
  /// (`LineScanner.recycle`): most kept lines then cost no allocation either.
  var recycled: [[UInt8]] = []

  init(file: String, options: ReadOptions, homeOverride: Zone?, owner: OwnerHint = OwnerHint()) {
    self.file = file
    self.options = options
    self.homeOverride = homeOverride
    self.ownerHint = owner
    self.owner = owner
    self.homeZone = homeOverride ?? options.defaultZone
  }

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
    if stack.count >= 2, componentName == "VEVENT",
      line.isUnneededInEvent(
        kind, keepSummary: options.explain, keepAttendees: owner.address != nil || options.lint,
        inDropped: skipDepth > 0)
    {
      return
    }
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
    if kind == .none && stack.count >= 2 && skipDepth == 0 {
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

  /// Components that never belong inside a VEVENT (a VALARM does; unknown X- ones are ignored).
  static let notInsideEvents: Set<String> = [
    "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY", "STANDARD",
    "DAYLIGHT",
  ]

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
      implicitCalendar = true
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
      if person.owner == nil { person.owner = owner.address }
      if what != "VTIMEZONE" && what != "VFREEBUSY" { coverage.onlyFreeBusy = false }
      componentName = what
      // The last component's line buffers go back to the scanner (`recycled`).
      for i in component.indices { recycled.append(component[i].bytes) }
      component.removeAll(keepingCapacity: true)  // a new array if the last one was kept
      keep(line)
      skipDepth = 0
      current = ComponentState(owner: owner.address)
      current.cancels = cancels && what == "VEVENT"
      current.inMessage = inMessage
      current.answers = answers
      current.adds = adds
    default:
      beginNested(what, line)
    }
    if stack.count >= options.limits.depth {
      throw error(line.number, "components nested more than \(options.limits.depth) deep")
    }
    stack.append((what, line.number))
  }

  /// A component inside the top-level one: kept for VTIMEZONE (its observances) and
  /// VAVAILABILITY (its AVAILABLE), dropped elsewhere (a VALARM).
  private mutating func beginNested(_ what: String, _ line: ContentLine) {
    if skipDepth == 0 && stack.count == 2 && componentName != "VEVENT"
      && componentName != "VTIMEZONE" && !FileReader.holdsTime.contains(componentName)
      && FileReader.holdsTime.contains(what)
    {
      // An event wrapped in a component freetime does not read (`BEGIN:X-WRAPPER`): never
      // dropped in silence, and never counted as read.
      current.notes.append(
        (
          line.number,
          "BEGIN:\(what) inside \(Sanitize.text(componentName, limit: 40)) is not a component of the calendar; it is ignored",
          false
        ))
      current.hidesTime = true
    }
    if skipDepth == 0 && stack.count == 2 && componentName == "VEVENT"
      && FileReader.notInsideEvents.contains(what)
    {
      current.notes.append(
        (
          line.number, "BEGIN:\(what) inside a VEVENT is not iCalendar; that component is ignored",
          false
        ))
    }
    if skipDepth > 0 || (componentName != "VTIMEZONE" && componentName != "VAVAILABILITY") {
      skipDepth += 1
    } else {
      keep(line)
    }
  }

  /// Keeps a line of the component being collected.
  mutating func keep(_ line: ContentLine) {
    component.append(line)
    linesKept &+= 1
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
      keep(line)
      componentsInCalendar += 1
      let lines = component
      try read(
        componentName, lines: lines, state: current, deferUnknownZones: true, into: &person)
      try checkInstances(person, line: lines.first?.number)
      if implicitCalendar {
        stack.removeLast()
        try endCalendar(into: &person)
      }
    default:
      if skipDepth > 0 { skipDepth -= 1 } else { keep(line) }
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
      if kind == .calendarName { calendarOwner(line, source: .calendarName) }
      if kind == .owner { calendarOwner(line, source: .xOwner) }
      if kind == .other, line.name == "METHOD" {
        inMessage = true
        let method = ContentLine.asciiUppercased(line.strippedValue)
        cancels = method == "CANCEL"
        adds = method == "ADD"
        answers = FileReader.answeringMethods.contains(method)
        let meaning: String? =
          if cancels {
            "METHOD:CANCEL (RFC 5546 §3.2.5): each event here cancels the event or instance it names by UID and RECURRENCE-ID, unless a version with a higher SEQUENCE is read"
          } else if adds {
            "METHOD:ADD (RFC 5546 §3.2.4): each event here is an instance added to the event it names, read as an event of its own"
          } else if answers {
            "METHOD:\(Sanitize.text(method, limit: 20)) (RFC 5546 §3.2): the events here answer an invitation; each is older than every other version of its event (by UID and RECURRENCE-ID), and read only where it is the one there is"
          } else {
            nil
          }
        if let meaning, options.lint {
          person.diagnostics.append(
            Diagnostic(file: file, line: line.number, message: meaning, severity: .note))
        }
      }
      if kind == .calStart || kind == .calEnd,
        (kind == .calStart ? coverage.calStartLine : coverage.calEndLine) != nil
      {
        person.diagnostics.append(
          warning(line.number, "a second \(line.name) is ignored; the first counts"))
      } else if kind == .calStart || kind == .calEnd {
        let instant = ValueSyntax.instant(line.strippedValue, home: zone(of: line, into: &person))
        if kind == .calStart {
          (coverage.calStart, coverage.calStartLine) = (instant, line.number)
        } else {
          (coverage.calEnd, coverage.calEndLine) = (instant, line.number)
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
      if kind == .other, let problem = person.ownHours.outlook.take(line) {
        person.ownHours.outlook.unreadable = true
        person.diagnostics.append(warning(line.number, problem))
      }
      return
    }
    if skipDepth > 0 { return }
    switch componentName {
    case "VEVENT":
      eventProperty(line, kind: kind, into: &person)
    case "VFREEBUSY":
      // Periods are checked one by one in readFreeBusy.
      if kind.isForFreeBusy && !tooManyParameters(line) { keep(line) }
    case "VTIMEZONE", "VAVAILABILITY":
      if !tooManyParameters(line) { keep(line) }
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
      if current.seenOnce & bit != 0 {
        current.notes.append(
          (line.number, "a second \(line.name) is ignored (RFC 5545 allows one)", false))
        return
      }
      current.seenOnce |= bit
      if kind != .duration, line.hasDateValueType, line.strippedValue.contains(0x54) {
        current.notes.append(
          (
            line.number,
            "\(line.name) says VALUE=DATE but holds a date-time; read as the date-time",
            false
          ))
      }
    }
    if current.take(line, kind: kind) { return }
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
        current.notes.append(
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
      current.invalid = current.invalid ?? (line.number, "event skipped: \(what)")
    }
    keep(line)
  }
}
