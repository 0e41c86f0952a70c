import FreeTimeCore

/// Turns an event's description into busy time: the one place where the rules of "what an
/// event blocks" live (RFC 5545 §3.6.1, §3.8.2.7, §3.8.1.11, §3.8.4.4, §3.8.5; docs/ARCHITECTURE.md,
/// What is busy).
struct EventInterpreter {
  let event: EventDescription
  let context: EventContext
  /// Warnings (and, for `freetime check`, notes) in the order they arise.
  private(set) var diagnostics: [Diagnostic] = []

  init(_ event: EventDescription, context: EventContext) {
    self.event = event
    self.context = context
  }

  var home: Zone { context.home }
  var options: ReadOptions { context.options }

  mutating func warn(_ kind: PropertyName, _ message: String) {
    warn(line: event.lines[kind], message)
  }

  mutating func warn(line: Int, _ message: String, severity: Diagnostic.Severity = .warning) {
    diagnostics.append(
      Diagnostic(
        file: context.file, line: line, uid: event.uid, message: message, severity: severity))
  }

  /// `written` with its zone looked up; an unknown TZID warns at the line of `kind`.
  mutating func resolve(_ written: WrittenTime, _ kind: PropertyName) throws -> TimeValue {
    var messages: [String] = []
    let value = try TimeValue(
      written, zones: context.zones, home: home, deferUnknown: context.deferUnknownZones,
      warn: { messages.append($0) })
    for message in messages { warn(kind, message) }
    return value
  }

  /// What the event contributes.
  ///
  /// - Throws: `TimeValue.UnknownZone` (with `deferUnknownZones`), `InstanceCapError`.
  mutating func contribution() throws -> EventContribution {
    var (blocks, kind) = blocking
    guard let ridDropped = warnDropped() else { return .none }
    guard var start = try startValue() else { return .none }
    if start.isDate && options.allDay == .free {
      blocks = false
    } else if options.explain, !blocks, let freed = freedByReply {
      // Time the owner's reply frees goes through resolution as its own kind, so --explain
      // can name it; it never becomes busy (`PersonAccumulator.finish`).
      blocks = true
      kind = freed
    }
    noteSuspicious(start)
    // The X-WR-TIMEZONE convention (Google's, followed by the x-wr-timezone library): a series
    // with a UTC DTSTART in such a calendar recurs on the calendar zone's wall clock.
    if context.homeFromCalendar, case .utc = start.kind, !event.rules.isEmpty {
      start = TimeValue(
        civil: LocalTimeResolver.civil(start.civil, in: home), kind: .zoned(home), isDate: false,
        pinned: start.civil)
    }
    guard let length = try length(of: start) else { return .none }
    // A floating series whose EXDATEs are all in UTC was meant in UTC: its producer left out
    // the Z on DTSTART (recurring-ical-events reads it the same way).
    if start.isFloating, !start.isDate, !event.exdates.isEmpty,
      event.exdates.allSatisfy(\.isUTC)
    {
      warn(.dtstart, "floating DTSTART with UTC EXDATEs; the series is read in UTC")
      start = TimeValue(civil: start.civil, kind: .utc, isDate: false)
    }
    if ridDropped || event.recurrenceID != .absent {
      return try override(
        start: start, length: length, blocks: blocks, kind: kind, ridDropped: ridDropped)
    }
    guard blocks else {
      return .master(
        uid: event.uid, revision: event.revision, blocks: false, instances: [],
        excluded: try exclusions(start: start).all, kind: kind)
    }
    let expanded = try expand(start: start, length: length)
    return .master(
      uid: event.uid, revision: event.revision, blocks: true, instances: expanded.instances,
      excluded: expanded.excluded, kind: kind)
  }

  /// Whether the event blocks time, and how: STATUS:CANCELLED and a declined or delegated
  /// reply of the calendar's owner block nothing; Outlook's show-as wins over TRANSP (FREE and
  /// WORKINGELSEWHERE block nothing, TENTATIVE is tentative, BUSY and OOF block, OOF as out of
  /// office); STATUS:TENTATIVE and a tentative or unanswered reply are tentative, and tentative
  /// time blocks unless `--tentative free` (docs/ARCHITECTURE.md, What is busy).
  var blocking: (blocks: Bool, kind: BusyKind) {
    let declined = event.reply == .declined || event.reply == .delegated
    let transparent: Bool
    switch event.showAs {
    case .free?, .workingElsewhere?: transparent = true
    case .tentative?, .busy?, .outOfOffice?: transparent = false
    case nil: transparent = event.transparent
    }
    let tentative =
      event.tentative || event.showAs == .tentative || event.reply == .tentative
      || event.reply == .needsAction
    let kind: BusyKind =
      tentative ? .tentative : event.showAs == .outOfOffice ? .outOfOffice : .firm
    let blocks =
      !event.cancelled && !declined && !transparent && !(tentative && options.tentative == .free)
    return (blocks, kind)
  }

  /// The kind of freed time when the owner's declined or delegated reply is all that keeps
  /// the event from blocking (`--explain` names it).
  var freedByReply: BusyKind? {
    guard event.reply == .declined || event.reply == .delegated else { return nil }
    var other = event
    other.reply = .accepted
    guard EventInterpreter(other, context: context).blocking.blocks else { return nil }
    return event.reply == .declined ? .declined : .delegated
  }

  /// Warns about the properties libical dropped; nil when the event is skipped for one (an
  /// unreadable DURATION), else whether its RECURRENCE-ID was dropped.
  private mutating func warnDropped() -> Bool? {
    var ridDropped = false
    for dropped in event.dropped {
      let shown = Sanitize.text(dropped.value, limit: 60)
      switch dropped.name {
      case .duration:
        warn(.duration, "event skipped: DURATION '\(shown)' cannot be read")
        return nil
      case .rrule:
        warn(.rrule, "RRULE '\(shown)' cannot be read; only DTSTART is used")
      case .exdate:
        warn(.exdate, "EXDATE '\(shown)' cannot be read; it is ignored (those instances stay busy)")
      case .rdate:
        warn(.rdate, "RDATE '\(shown)' cannot be read; it is ignored")
      case .recurrenceID:
        ridDropped = true
      case .none:
        warn(.none, "a line without a property name is ignored")
      default:
        break  // DTSTART and DTEND: reported where they are missing
      }
    }
    return ridDropped
  }

  /// DTSTART's value, or nil (with a warning) when the event has none it can use.
  private mutating func startValue() throws -> TimeValue? {
    switch event.start {
    case .value(let written):
      return try resolve(written, .dtstart)
    case .absent:
      warn(line: event.lines.begin, "event skipped: it has no DTSTART")
    case .dropped:
      warn(.dtstart, "event skipped: DTSTART cannot be read")
    case .unreadable:
      warn(.dtstart, "event skipped: DTSTART has no valid date or time")
    }
    return nil
  }

  /// `freetime check`'s notes: floating times, series without an end.
  private mutating func noteSuspicious(_ start: TimeValue) {
    guard options.lint else { return }
    if start.isFloating, !start.isDate {
      warn(
        line: event.lines[.dtstart],
        "floating time: read in the calendar's home zone \(home.name)", severity: .note)
    }
    for rule in event.rules where rule.isEndless {
      warn(line: event.lines[.rrule], "recurs without an end (no COUNT or UNTIL)", severity: .note)
    }
  }

  /// A RECURRENCE-ID override (RFC 5545 §3.8.4.4). One whose RECURRENCE-ID cannot be read
  /// blocks its own time and leaves its series unchanged (which instance it replaces is
  /// unknown: the cautious reading).
  private mutating func override(
    start: TimeValue, length: EventLength, blocks: Bool, kind: BusyKind, ridDropped: Bool
  ) throws -> EventContribution {
    let interval = length.span(of: start, home: home)
    func made(key: Instant, thisAndFuture: Bool) -> EventContribution {
      .override(
        Override(
          uid: event.uid, key: key, revision: event.revision, blocks: blocks, interval: interval,
          thisAndFuture: thisAndFuture, kind: kind, file: context.file,
          line: event.lines[.recurrenceID]))
    }
    if ridDropped {
      warn(
        .recurrenceID,
        "RECURRENCE-ID cannot be read; the event blocks its own time and its series is unchanged")
      return made(key: Instant.min + Int64(event.lines.begin), thisAndFuture: false)
    }
    guard case .value(let written) = event.recurrenceID else {
      warn(.recurrenceID, "override skipped: RECURRENCE-ID cannot be read")
      return .none
    }
    var rid = try resolve(written, .recurrenceID)
    // An all-day override whose RECURRENCE-ID is midnight as a date-time (often UTC) names
    // the instance of that date; other times name a timed instance as they are.
    if start.isDate && !rid.isDate && CivilTime.floorMod(rid.civil, 86400) == 0 {
      rid = TimeValue(
        civil: CivilTime.floorDiv(rid.civil, 86400) * 86400, kind: .floating, isDate: true)
    }
    return made(key: rid.instant(home: home), thisAndFuture: event.thisAndFuture)
  }
}
