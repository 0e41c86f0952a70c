import FreeTimeCore

/// A master event's instances (RFC 5545 §3.8.5): DTSTART, each RRULE, each RDATE, less the
/// EXDATEs, as far as the expansion window (`ReadOptions.expansionWindow`) needs.
extension EventInterpreter {
  /// The EXDATEs: date-time values as instants, DATE values as day numbers (they exclude every
  /// instance on that day), and every EXDATE as an instant (`all`, to drop overrides of
  /// excluded instances).
  struct Exclusions {
    var instants = Set<Instant>()
    var days = Set<Int64>()
    var all = Set<Instant>()
  }

  mutating func exclusions(start: TimeValue) throws -> Exclusions {
    var out = Exclusions()
    for written in event.exdates {
      guard written.isReadable else {
        warn(.exdate, "EXDATE cannot be read; ignored")
        continue
      }
      let value = try resolve(written, .exdate)
      if value.isDate {
        out.days.insert(CivilTime.floorDiv(value.civil, 86400))
        out.all.insert(value.instant(home: home))
        continue
      }
      out.instants.insert(value.instant(home: home))
      out.all.insert(value.instant(home: home))
    }
    return out
  }

  /// The instances that touch the expansion window, and every instant the EXDATEs exclude.
  mutating func expand(start: TimeValue, length: EventLength) throws -> (
    instances: [Instance], excluded: Set<Instant>
  ) {
    let exclusions = try self.exclusions(start: start)
    var collector = InstanceCollector(
      expanded: options.expansionWindow, excluded: exclusions.instants,
      excludedDays: exclusions.days, home: home)
    // DTSTART is always the first instance (RFC 5545 §3.8.5.3).
    collector.add(start, length: length)
    for rule in event.rules {
      guard rule.frequency != nil else {
        warn(.rrule, "RRULE cannot be read; only DTSTART is used", severity: .error)
        continue
      }
      try walk(rule, start: start, length: length, into: &collector)
    }
    for rdate in event.rdates {
      try add(rdate, start: start, length: length, into: &collector)
    }
    return (collector.instances, exclusions.all)
  }

  /// A DATE in an RDATE of a date-time series is midnight in the RDATE's TZID, else in
  /// DTSTART's zone (the series' own clock), not in the calendar's home zone.
  private func onSeriesClock(_ value: TimeValue, tzid: String?, start: TimeValue) -> TimeValue {
    guard value.isDate, !start.isDate else { return value }
    if let tzid, let zone = context.zones.zone(for: tzid) {
      return TimeValue(civil: value.civil, kind: .zoned(zone), isDate: false)
    }
    return TimeValue(civil: value.civil, kind: start.kind, isDate: false)
  }

  /// One RDATE: a date or date-time with the series' length, or a PERIOD with its own.
  private mutating func add(
    _ rdate: EventDescription.RecurrenceDate, start: TimeValue, length: EventLength,
    into collector: inout InstanceCollector
  ) throws {
    switch rdate {
    case .time(let written):
      guard written.isReadable else {
        warn(.rdate, "RDATE cannot be read; that instance is lost", severity: .error)
        return
      }
      let value = try resolve(written, .rdate)
      collector.add(onSeriesClock(value, tzid: written.tzid, start: start), length: length)
    case .period(let from, let to, let duration):
      guard from.isReadable else {
        warn(.rdate, "RDATE period cannot be read; that instance is lost", severity: .error)
        return
      }
      let value = onSeriesClock(try resolve(from, .rdate), tzid: from.tzid, start: start)
      let periodLength: EventLength
      if let to, to.isReadable {
        let end = onSeriesClock(try resolve(to, .rdate), tzid: to.tzid, start: start)
        let exact = end.instant(home: home) - value.instant(home: home)
        guard exact > 0 else {
          warn(.rdate, "RDATE period ends before it starts; that period is ignored")
          return
        }
        periodLength = EventLength(civil: 0, exact: exact)
      } else {
        guard !duration.isNegative else {
          warn(.rdate, "RDATE period ends before it starts; that period is ignored")
          return
        }
        periodLength = duration.length
      }
      collector.add(value, length: periodLength)
    }
  }
}
