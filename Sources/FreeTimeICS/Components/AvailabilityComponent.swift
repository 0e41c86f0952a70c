import FreeTimeCore

/// RFC 7953 VAVAILABILITY: inside its DTSTART–DTEND (or everywhere, without them) the person
/// is unavailable except in its AVAILABLE components (which may recur, and are read as events
/// are). That unavailable time limits the person, with or without `--hours` (docs/GUIDE.md, Usage:
/// --hours).
extension ComponentReader {
  mutating func readAvailability(
    _ lines: [ContentLine], in calendar: inout CalendarScope, into person: inout PersonAccumulator
  ) {
    // freetime's own summary for other programs (`freetime busy`): the hours it stands for
    // are written beside it, as they were given (docs/GUIDE.md, freetime busy).
    if lines.dropFirst().prefix(while: { $0.kind != .begin }).contains(where: {
      $0.name == ICSWriter.derivedAvailability
    }) {
      return
    }
    let before = person.diagnostics.count
    var lines = lines
    // Values that cannot be read are left out (one reader for every value, `ValueCheck`): a
    // bound left out makes the VAVAILABILITY open at that end, an AVAILABLE's time left out
    // makes it not available; either only adds unavailable time. (A component that waits for
    // the home zone keeps the checked lines: it is not checked twice.)
    if let checked = ValueCheck.checked(lines, rules: false) {
      lines = checked.lines
      for refused in checked.refused {
        person.diagnostics.append(
          warning(
            refused.line,
            "\(refused.name.spelling) '\(Sanitize.text(refused.value, limit: 60))' of a VAVAILABILITY cannot be read; it is left out (more time counts as unavailable)"
          ))
      }
      for (line, message, lint) in checked.notes where lint && options.lint {
        person.diagnostics.append(
          Diagnostic(file: file, line: line, message: message, severity: .note))
      }
    }
    let parsed = Libical.parse(lines) { [lines] in
      LibicalEvent.describeAvailability($0, lines: lines)
    }
    guard case .parsed(let availability) = parsed else {
      let why = warning(lines.first?.number, "VAVAILABILITY cannot be read; ignored")
      person.diagnostics.append(why)
      tally(read: false, why: why, coverage: &calendar.coverage, into: &person)
      return
    }
    if person.ownHours.availabilityZone == nil {
      person.ownHours.availabilityZone = availability.namedZone(zones: calendar.zones)
    }
    if home.undecided(homeFromCalendar: calendar.homeFromCalendar)
      && availability.readsHomeZone(zones: calendar.zones)
    {
      home.components.append(
        AwaitingHome.Component(
          kind: "VAVAILABILITY", lines: lines, state: ComponentState(), zones: calendar.zones,
          owner: calendar.owner))
      return
    }
    let window = options.window
    let from = bound(availability.start, in: calendar)
    let until = bound(availability.end, in: calendar)
    if options.lint {
      lintAvailability(lines, into: &person)
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number,
          message: Self.availabilityNote(
            from: from, until: until, available: availability.available.count),
          severity: .note))
    }
    let start = from ?? window.start
    let end = until ?? window.end
    var unavailable: [Interval] = []
    var readAvailable = 0
    var inWindow = false
    if let range = Interval(start, end).clamped(to: window) {
      inWindow = true
      var available: [Interval] = []
      for var event in availability.available {
        event.isAvailable = true
        var interpreter = EventInterpreter(
          event, context: eventContext(deferUnknownZones: false, in: calendar))
        if case .master(_, _, _, let instances, _, let kind, _)? = try? interpreter.contribution(),
          kind != .unknown
        {
          available += instances.map(\.interval)
          readAvailable += 1
        }
        // Warnings only: `freetime check`'s notes (a series without an end, a floating time)
        // are about events; an AVAILABLE recurs without an end by nature.
        person.diagnostics += interpreter.diagnostics.filter { $0.severity != .note }
      }
      unavailable = FreeSlots.free(busy: available, in: range)
    }
    person.ownHours.hasAvailability = true
    // BUSYTYPE (RFC 7953 §3.2): what the time outside AVAILABLE is; BUSY-TENTATIVE follows
    // --tentative, anything else is unavailable.
    let busyType = lines.dropFirst().prefix { $0.kind != .begin }
      .first { $0.name == "BUSYTYPE" }.map { ContentLine.asciiUppercased($0.strippedValue) }
    if busyType == "BUSY-TENTATIVE" {
      person.ownHours.tentativeUnavailable += unavailable
    } else {
      person.ownHours.firmUnavailable += unavailable
    }
    // One whose AVAILABLEs (read when it reaches the window) can none be read says nothing
    // that could be read.
    let read = !inWindow || availability.available.isEmpty || readAvailable > 0
    tally(
      read: read, why: read ? nil : person.diagnostics[before...].last { $0.severity != .note },
      coverage: &calendar.coverage, into: &person)
  }

  /// `freetime check`'s note on a VAVAILABILITY: what it is read as, and when.
  static func availabilityNote(from: Instant?, until: Instant?, available: Int) -> String {
    let range =
      switch (from, until) {
      case (let from?, let until?): "from \(ICSWriter.compact(from)) to \(ICSWriter.compact(until))"
      case (let from?, nil): "from \(ICSWriter.compact(from)) on (no DTEND)"
      case (nil, let until?): "until \(ICSWriter.compact(until)) (no DTSTART)"
      case (nil, nil): "at all times (no DTSTART or DTEND)"
      }
    let times =
      available == 0
      ? "unavailable throughout (it has no AVAILABLE)"
      : "available only in the times of its \(available) AVAILABLE component\(available == 1 ? "" : "s")"
    return
      "VAVAILABILITY (RFC 7953) read as the person's working hours \(range): \(times); it limits their free time (--hours NAME=, --days NAME= and the people file override it, --no-own-hours ignores it)"
  }

  /// The instant of the VAVAILABILITY's DTSTART or DTEND, when it has a usable one.
  private func bound(_ written: Written<WrittenTime>, in calendar: CalendarScope) -> Instant? {
    guard case .value(let time) = written,
      let value = try? TimeValue(
        time, zones: calendar.zones, home: calendar.home, deferUnknown: false, warn: { _ in })
    else { return nil }
    return value.instant(home: calendar.home)
  }
}

/// A VAVAILABILITY (RFC 7953) as libical reads it: its DTSTART and DTEND, and its AVAILABLE
/// components described as events.
struct AvailabilityDescription {
  var start: Written<WrittenTime>
  var end: Written<WrittenTime>
  var available: [EventDescription]
}

extension AvailabilityDescription {
  /// The zone its DTSTART names, else the first AVAILABLE's DTSTART: the person's working hours'
  /// zone (`OwnHours.zone`).
  func namedZone(zones: ZoneTable) -> Zone? {
    for start in [start] + available.map(\.start) {
      if case .value(let time) = start, !time.isUTC, let tzid = time.tzid,
        let zone = zones.namedZone(for: tzid)
      {
        return zone
      }
    }
    return nil
  }

  /// Whether any of its times is read in the home zone (`WrittenTime.readsHomeZone`).
  func readsHomeZone(zones: ZoneTable) -> Bool {
    [start, end].contains { $0.value?.readsHomeZone(zones: zones, deferUnknown: false) ?? false }
      || available.contains { $0.readsHomeZone(zones: zones, deferUnknown: false) }
  }
}
