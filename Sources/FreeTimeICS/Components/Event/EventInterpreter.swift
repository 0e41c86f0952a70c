import FreeTimeCore

/// Turns an event's description into busy time: the one place where the rules of "what an
/// event blocks" live (RFC 5545 §3.6.1, §3.8.2.7, §3.8.1.11, §3.8.4.4, §3.8.5; docs/ARCHITECTURE.md,
/// What is busy).
struct EventInterpreter {
  let event: EventDescription
  let context: EventContext
  /// Warnings (and, for `freetime check`, notes) in the order they arise.
  private(set) var diagnostics: [Diagnostic] = []
  /// Whether the event's end cannot be read, so the time it may cover is unknown
  /// (`length(of:)`).
  var endIsUnknown = false
  /// Whether the event blocks time at all (cancelled, transparent or declined ones do not):
  /// an end that cannot be read then costs nothing and is only noted.
  var blocksTime = true
  /// The zone the event's floating date-times are read in when another of its times names one
  /// (`floatingZone()`, asked for at the first floating date-time); nil: the home zone.
  private var componentZone: TimeValue.Kind?? = nil
  /// The properties whose floating values `freetime check` noted as read in the component's
  /// zone, one bit per `PropertyName`.
  private var notedFloating: UInt32 = 0

  init(_ event: EventDescription, context: EventContext) {
    self.event = event
    self.context = context
  }

  var home: Zone { context.home }
  var options: ReadOptions { context.options }

  mutating func warn(
    _ kind: PropertyName, _ message: String, severity: Diagnostic.Severity = .warning
  ) {
    warn(line: event.line(of: kind), message, severity: severity)
  }

  mutating func warn(line: Int, _ message: String, severity: Diagnostic.Severity = .warning) {
    diagnostics.append(
      Diagnostic(
        file: context.file, line: line, uid: event.uid, message: message, severity: severity))
  }

  /// `written` with its zone looked up. A floating date-time of a component whose other times
  /// name a zone is read in that zone (`floatingZone()`), noted for `freetime check`; so is one
  /// with a TZID freetime does not know, with a warning; without such a zone, an unknown TZID is
  /// read in the home zone, with a warning at the line of `kind`.
  @inline(__always)
  mutating func resolve(_ written: WrittenTime, _ kind: PropertyName) throws -> TimeValue {
    var messages: [String] = []
    let value = try TimeValue(
      written, zones: context.zones, home: home, deferUnknown: context.deferUnknownZones,
      warn: { messages.append($0) })
    if written.isDate && value.isFloating && kind != .dtstart, let zone = dateZone() {
      // A DATE of an event whose DTSTART is a DATE with a TZID is that zone's day too.
      return TimeValue(civil: value.civil, kind: .zoned(zone), isDate: true)
    }
    if written.isUTC || written.isDate || !value.isFloating {
      for message in messages { warn(kind, message) }
      return value
    }
    return try inComponentZone(value, written, kind, messages: messages)
  }

  /// The zone of DTSTART when it is a DATE with a TZID freetime knows (`TimeValue.init`).
  @inline(never)
  private func dateZone() -> Zone? {
    guard case .value(let start) = event.start, start.isDate, let tzid = start.tzid,
      let zone = context.zones.zone(for: tzid), !zone.isOffsetOnly
    else { return nil }
    return zone
  }

  /// A floating date-time (or one whose TZID is unknown: `messages` say so) read in the zone of
  /// the event's other times, if they name one.
  @inline(never)
  private mutating func inComponentZone(
    _ value: TimeValue, _ written: WrittenTime, _ kind: PropertyName, messages: [String]
  ) throws -> TimeValue {
    if componentZone == nil { componentZone = .some(try floatingZone()) }
    guard case .some(.some(let zone)) = componentZone else {
      for message in messages { warn(kind, message) }
      return value
    }
    var value = value
    value.kind = zone
    let name: String
    switch zone {
    case .utc: name = "UTC"
    case .zoned(let z): name = z.name
    case .floating: name = home.name
    }
    if let tzid = written.tzid {
      warn(
        kind,
        "unknown time zone '\(Sanitize.text(tzid, limit: 80))'; read in \(name), the zone of the event's other times"
      )
      return value
    }
    let bit = UInt32(1) << UInt32(kind.rawValue)
    if options.lint && notedFloating & bit == 0 {
      notedFloating |= bit
      warn(
        line: event.line(of: kind),
        "floating \(kind.spelling) in an event whose other times are in \(name); read in \(name) (RFC 5545 §3.8.2.2 wants one zone)",
        severity: .note)
    }
    return value
  }

  /// The zone of the event's floating date-times (docs/ARCHITECTURE.md, Where the standards are
  /// silent): DTSTART's when it is UTC or names a known zone, else the first of DTEND,
  /// RECURRENCE-ID, the RDATEs and the EXDATEs that does; nil when none does, and the floating
  /// times are the home zone's.
  ///
  /// - Throws: `TimeValue.UnknownZone` for a TZID not defined yet (with `deferUnknownZones`).
  private func floatingZone() throws -> TimeValue.Kind? {
    try event.zoneOfItsTimes(zones: context.zones, deferUnknown: context.deferUnknownZones)
  }

  /// What the event contributes.
  ///
  /// - Throws: `TimeValue.UnknownZone` (with `deferUnknownZones`), `InstanceCapError`.
  mutating func contribution() throws -> EventContribution {
    var (blocks, kind) = blocking
    guard let ridDropped = warnDropped() else { return .none }
    // A cancellation need not say when (RFC 5546 §3.2.5: DTSTART is optional in a CANCEL).
    if event.cancelled, !event.start.isValue {
      return try cancellation(ridDropped: ridDropped)
    }
    guard var start = try startValue() else {
      return try endAlone(blocks: blocks, kind: kind, ridDropped: ridDropped)
    }
    if start.isDate && options.allDay == .free && !event.isAvailable {
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
    blocksTime = blocks
    guard let length = try length(of: start) else { return .none }
    // Time an end that cannot be read may cover is unknown, not busy (`BusyKind.unknown`).
    if endIsUnknown && blocks && !kind.isFreedByReply { kind = .unknown }
    if ridDropped || event.recurrenceID != .absent {
      var contribution = try override(
        start: start, length: length, blocks: blocks, kind: kind, ridDropped: ridDropped)
      // Its own RRULE or RDATE: the series, should no master of its UID be read.
      if case .override(var o) = contribution, !event.rules.isEmpty || !event.rdates.isEmpty {
        let expanded = try expand(start: start, length: length)
        o.series = (expanded.instances, expanded.excluded)
        contribution = .override(o)
        if options.lint {
          warn(
            line: event.lines.has(.rrule) ? event.lines[.rrule] : event.lines[.rdate],
            "an override (RECURRENCE-ID) with an RRULE or RDATE of its own: read as its series where no master of its UID is read",
            severity: .note)
        }
      }
      return contribution
    }
    guard blocks else {
      return .master(
        uid: event.uid, revision: event.revision, blocks: false, instances: [],
        excluded: try exclusions(start: start).all, kind: kind, cancelsSeries: event.cancels)
    }
    let expanded = try expand(start: start, length: length)
    return .master(
      uid: event.uid, revision: event.revision, blocks: true, instances: expanded.instances,
      excluded: expanded.excluded, kind: kind, cancelsSeries: false)
  }

  /// A cancelled event without a DTSTART it can use (an iTIP CANCEL names the event by UID and
  /// perhaps RECURRENCE-ID): it blocks nothing, and as the newest version of its UID (or of its
  /// instance) it cancels the event.
  private mutating func cancellation(ridDropped: Bool) throws -> EventContribution {
    if event.recurrenceID == .absent && !ridDropped {
      return .master(
        uid: event.uid, revision: event.revision, blocks: false, instances: [], excluded: [],
        kind: .firm, cancelsSeries: event.cancels)
    }
    guard case .value(let written) = event.recurrenceID else {
      warn(.recurrenceID, "cancellation skipped: its RECURRENCE-ID cannot be read")
      return .none
    }
    let rid = try resolve(written, .recurrenceID)
    return .override(
      Override(
        uid: event.uid, key: rid.instant(home: home), revision: event.revision, blocks: false,
        interval: Interval(rid.instant(home: home), rid.instant(home: home)),
        thisAndFuture: event.thisAndFuture, kind: .firm, file: context.file,
        line: event.line(of: .recurrenceID), cancels: event.cancels))
  }

  /// Whether the event blocks time, and how: STATUS:CANCELLED and a declined or delegated
  /// reply of the calendar's owner block nothing; Outlook's show-as wins over TRANSP (FREE and
  /// WORKINGELSEWHERE block nothing, TENTATIVE is tentative, BUSY and OOF block, OOF as out of
  /// office); STATUS:TENTATIVE and a tentative or unanswered reply are tentative, and tentative
  /// time blocks unless `--tentative free` (docs/ARCHITECTURE.md, What is busy).
  var blocking: (blocks: Bool, kind: BusyKind) {
    // An AVAILABLE's time is available whatever an event's status would say (RFC 7953).
    if event.isAvailable { return (true, .firm) }
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

  /// Warns about the properties that were dropped as unreadable (by `ValueCheck` or libical);
  /// DTSTART, DTEND and DURATION are reported where they are read. Returns whether the
  /// RECURRENCE-ID was dropped.
  private mutating func warnDropped() -> Bool? {
    var ridDropped = false
    for dropped in event.dropped {
      let shown = Sanitize.text(dropped.value, limit: 60)
      let line = dropped.line ?? event.lines[dropped.name]
      switch dropped.name {
      case .rrule:
        warn(
          line: line, "RRULE '\(shown)' cannot be read; only DTSTART is used", severity: .error)
      case .exdate:
        warn(
          line: line, "EXDATE '\(shown)' cannot be read; it is ignored (those instances stay busy)")
      case .rdate:
        warn(
          line: line, "RDATE '\(shown)' cannot be read; that instance is lost", severity: .error)
      case .recurrenceID:
        ridDropped = true
      case .none:
        warn(.none, "a line without a property name is ignored")
      default:
        break  // DTSTART, DTEND and DURATION: where they are read
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
      // DTSTART is optional in an iTIP message (RFC 5546: a REPLY, a REFRESH): such an event
      // says no time. Elsewhere RFC 5545 wants one, and the event's time is lost.
      if !event.inMessage {
        warn(line: event.lines.begin, "event skipped: it has no DTSTART", severity: .error)
      }
    case .dropped:
      let shown = Sanitize.text(event.dropped.first { $0.name == .dtstart }?.value ?? "", limit: 60)
      warn(
        line: event.line(of: .dtstart), "event skipped: DTSTART '\(shown)' cannot be read",
        severity: .error)
    case .unreadable:
      warn(
        line: event.line(of: .dtstart), "event skipped: DTSTART has no valid date or time",
        severity: .error)
    }
    return nil
  }

  /// An event whose DTSTART cannot be read (or that has none, outside an iTIP message) but
  /// whose DTEND can: the time from the start of DTEND's day (for a UTC DTEND, the earlier
  /// start of that day in UTC and at home; for a DTEND at midnight, the day before) to DTEND is
  /// unknown, once (its series cannot be followed without DTSTART). An override of that kind
  /// replaces its instance so.
  private mutating func endAlone(blocks: Bool, kind: BusyKind, ridDropped: Bool) throws
    -> EventContribution
  {
    guard blocks, !kind.isFreedByReply, event.start != .absent || !event.inMessage,
      case .value(let written) = event.end
    else { return .none }
    let end = try resolve(written, .dtend)
    let endInstant = end.instant(home: home)
    let dayStart = CivilTime.floorDiv(end.civil - 1, 86400) * 86400
    var start = end.with(civil: dayStart)
    start.isDate = false
    var startInstant = start.instant(home: home)
    if case .utc = end.kind {
      let local = LocalTimeResolver.civil(endInstant - 1, in: home)
      startInstant = min(
        startInstant, home.instant(civil: CivilTime.floorDiv(local, 86400) * 86400))
    }
    guard startInstant < endInstant else { return .none }
    warn(
      line: event.line(of: .dtend),
      "DTEND is read without DTSTART: the time from the start of its day to it is unknown (busy unless --unknown free)"
    )
    let length = EventLength(civil: 0, exact: endInstant - startInstant)
    start = TimeValue(civil: startInstant, kind: .utc, isDate: false)
    if ridDropped || event.recurrenceID != .absent {
      return try override(
        start: start, length: length, blocks: true, kind: .unknown, ridDropped: ridDropped)
    }
    return .master(
      uid: event.uid, revision: event.revision, blocks: true,
      instances: [Instance(key: startInstant, interval: Interval(startInstant, endInstant))],
      excluded: [], kind: .unknown, cancelsSeries: false)
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
          line: event.lines[.recurrenceID], cancels: event.cancels))
    }
    if ridDropped {
      warn(
        .recurrenceID,
        blocks
          ? "RECURRENCE-ID cannot be read; the event blocks its own time and its series is unchanged"
          : "RECURRENCE-ID cannot be read; which instance it cancels or frees is unknown, and its series is unchanged"
      )
      return made(key: Instant.min + Int64(event.lines.begin), thisAndFuture: false)
    }
    guard case .value(let written) = event.recurrenceID else {
      warn(.recurrenceID, "override skipped: RECURRENCE-ID cannot be read", severity: .error)
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
