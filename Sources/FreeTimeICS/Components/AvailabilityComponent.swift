import FreeTimeCore

/// RFC 7953 VAVAILABILITY: inside its DTSTART–DTEND (or everywhere, without them) the person
/// is unavailable except in its AVAILABLE components (which may recur, and are read as events
/// are). With `--hours` or `--days`, that unavailable time replaces the working hours for this
/// person.
extension FileReader {
  mutating func readAvailability(_ lines: [ContentLine], into person: inout PersonAccumulator) {
    let parsed = Libical.parse(lines) { LibicalEvent.describeAvailability($0, lines: lines) }
    guard case .parsed(let availability) = parsed else {
      let why = warning(lines.first?.number, "VAVAILABILITY cannot be read; ignored")
      person.diagnostics.append(why)
      person.readability.add(source: source, read: false, why: why)
      return
    }
    if homeUndecided && availability.readsHomeZone(zones: zones) {
      awaitingHome.append(
        Awaiting(
          kind: "VAVAILABILITY", lines: lines, state: ComponentState(), zones: zones, owner: owner))
      return
    }
    let window = options.window
    let start = bound(availability.start) ?? window.start
    let end = bound(availability.end) ?? window.end
    var unavailable: [Interval] = []
    if let range = Interval(start, end).clamped(to: window) {
      var available: [Interval] = []
      for event in availability.available {
        var interpreter = EventInterpreter(event, context: eventContext(deferUnknownZones: false))
        if case .master(_, _, _, let instances, _, let kind, _)? = try? interpreter.contribution(),
          kind != .unknown
        {
          available += instances.map(\.interval)
        }
        // Warnings only: `freetime check`'s notes (a series without an end, a floating time)
        // are about events; an AVAILABLE recurs without an end by nature.
        person.diagnostics += interpreter.diagnostics.filter { $0.severity != .note }
      }
      unavailable = FreeSlots.free(busy: available, in: range)
    }
    person.hasAvailability = true
    person.unavailable += unavailable
    person.readability.add(source: source, read: true)
  }

  /// The instant of the VAVAILABILITY's DTSTART or DTEND, when it has a usable one.
  private func bound(_ written: Written<WrittenTime>) -> Instant? {
    guard case .value(let time) = written,
      let value = try? TimeValue(
        time, zones: zones, home: homeZone, deferUnknown: false, warn: { _ in })
    else { return nil }
    return value.instant(home: homeZone)
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
  /// Whether any of its times is read in the home zone (`WrittenTime.readsHomeZone`).
  func readsHomeZone(zones: ZoneTable) -> Bool {
    [start, end].contains { $0.value?.readsHomeZone(zones: zones, deferUnknown: false) ?? false }
      || available.contains { $0.readsHomeZone(zones: zones, deferUnknown: false) }
  }
}
