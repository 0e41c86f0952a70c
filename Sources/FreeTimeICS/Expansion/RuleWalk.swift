import FreeTimeCore

/// One RRULE's walk over its instants, whoever produces them (`ownInstances` or libical's
/// iterator): UNTIL applied as an instant, the expansion window, and the cap on instances.
///
/// The cap counts every instance up to the read window's end; past it, instances are kept only
/// for THISANDFUTURE shifts, within the same budget and without an error. libical 3.0.16
/// invents instances for some rules (docs/LIBICAL.md, Recurrence): those the rule's limits do
/// not admit are counted in `invented` and left out.
struct RuleWalk {
  let rule: RecurrenceRule
  let start: TimeValue
  let startInstant: Instant
  let length: EventLength
  let home: Zone
  /// The expansion window, and the end of the read window (where the cap stops counting).
  let window: Interval
  let readEnd: Instant
  let cap: Int
  /// UNTIL as a wall-clock bound (a DATE: its whole day) or as an instant (RFC 5545 §3.3.10;
  /// libical compares a floating DTSTART with a UTC UNTIL as if both were UTC).
  var untilCivil: Int64? = nil
  var untilInstant: Instant? = nil
  private(set) var produced = 0
  private(set) var trailing = 0
  private(set) var invented = 0
  private(set) var capHit = false
  /// The instance being taken: DTSTART's value with another wall clock, changed in place so
  /// that an instance costs no count of its zone's references (`take`).
  private var instance: TimeValue
  /// The zone an instance's wall clock is read in: DTSTART's, the home zone for a floating one,
  /// nil for UTC. Held without counting its references: DTSTART's value and the reader hold it
  /// for as long as the walk.
  private let instantZone: Unmanaged<Zone>?

  init(
    _ rule: RecurrenceRule, start: TimeValue, length: EventLength, home: Zone,
    options: ReadOptions
  ) {
    self.rule = rule
    self.start = start
    self.instance = start
    switch start.kind {
    case .utc: instantZone = nil
    case .zoned(let zone): instantZone = Unmanaged.passUnretained(zone)
    case .floating: instantZone = Unmanaged.passUnretained(home)
    }
    self.startInstant = start.instant(home: home)
    self.length = length
    self.home = home
    window = options.expansionWindow
    readEnd = options.window.end
    cap = options.maxInstances
    if let until = rule.until {
      if until.isDate {
        untilCivil = until.civil + 86399
      } else if until.isUTC {
        untilInstant = until.civil
      } else {
        untilInstant = start.instant(civil: until.civil, home: home)
      }
    }
  }

  /// The last instant an instance may start at, from UNTIL.
  var lastStart: Instant? {
    if let untilInstant { return untilInstant }
    return untilCivil.map { start.instant(civil: $0, home: home) }
  }

  /// The latest wall-clock time an instance the walk keeps can have: the expansion window's end
  /// on any clock (a UTC offset is less than 100 hours either way: TZOFFSETTO:+9959 is the
  /// largest a VTIMEZONE can write, and libical accepts it), a day more for a DATE, or UNTIL
  /// when that comes first. Expansion past it is never needed, and it is what bounds libical's
  /// search for a rule whose limits never meet (docs/LIBICAL.md, Recurrence).
  var civilLimit: Int64 {
    var limit = window.end + 100 * 3600 + 86400
    if let untilCivil { limit = min(limit, untilCivil) }
    if let untilInstant { limit = min(limit, untilInstant + 100 * 3600) }
    return limit
  }

  /// Takes the next instance's wall clock; false when the walk is over.
  ///
  /// - Parameter ruleChecked: the instances come from `ownInstances`, which builds them from
  ///   the rule's limits, so `admits` has nothing to catch.
  mutating func take(_ civil: Int64, ruleChecked: Bool, into collector: inout InstanceCollector)
    -> Bool
  {
    instance.civil = civil
    instance.pinned = nil
    if let untilCivil, civil > untilCivil { return false }
    let s = instantZone?._withUnsafeGuaranteedRef { $0.instant(civil: civil) } ?? civil
    if let untilInstant, s > untilInstant { return false }
    if s >= window.end { return false }
    if s < readEnd {
      produced += 1
      if produced > cap {
        // Never a silently truncated series: the calendar cannot be read truthfully.
        capHit = true
        return false
      }
    } else {
      trailing += 1
      if rule.frequency?.isSubDaily == true || trailing > cap { return false }
    }
    // DTSTART itself was added first (its instant may be pinned inside a DST fold).
    if s < startInstant || civil == start.civil { return true }
    if !ruleChecked, !rule.admits(civil: civil, isDate: start.isDate, start: start.civil) {
      invented += 1
      return true
    }
    collector.add(instance, length: length, at: s)
    return true
  }
}

extension EventInterpreter {
  /// Walks one RRULE only as far as the expansion window needs: a series that cannot reach the
  /// window is not walked, and a long-running one without COUNT skips ahead to it.
  mutating func walk(
    _ rule: RecurrenceRule, start: TimeValue, length: EventLength,
    into collector: inout InstanceCollector
  ) throws {
    var walk = RuleWalk(rule, start: start, length: length, home: home, options: options)
    let window = options.expansionWindow
    let subDaily = rule.frequency?.isSubDaily ?? false
    // Sub-daily series start just before the read window (their instances are many and
    // THISANDFUTURE shifts of them are not followed); the others a week earlier, for such shifts.
    let lead = subDaily ? options.window.start - 3600 : window.start
    let margin = length.upperBound + (subDaily ? 0 : 2 * 86400)
    let skip = lead - margin - walk.startInstant
    let fastForward =
      options.fastForward && rule.count == 0 && skip > (subDaily ? 0 : 7 * 86400)
    if walk.startInstant - 86400 >= window.end { return }
    if let lastStart = walk.lastStart, lastStart + 86400 < lead - margin { return }
    if rule.neverMatches {
      // libical would search for a date that does not exist, second by second for SECONDLY,
      // until the year 2582; DTSTART stays the one instance.
      warn(.rrule, "RRULE names no date or time that exists; only DTSTART is used")
      return
    }
    if rule.stepNeverMeets(start: start.civil) {
      warn(
        .rrule,
        "RRULE's INTERVAL never reaches a time its BYSECOND, BYMINUTE or BYHOUR names from DTSTART; only DTSTART is used"
      )
      return
    }
    if rule.numberedSubDaily {
      warn(
        .rrule,
        "RRULE's BYDAY numbers a weekday, which RFC 5545 §3.3.10 allows only in MONTHLY and YEARLY rules; every such weekday is used"
      )
    }
    if rule.libicalGetsWrong || (options.ownExpansion && rule.simpleShape(isDate: start.isDate)) {
      walkOwn(&walk, skip: fastForward ? skip : nil, into: &collector)
    } else if !walkLibical(&walk, skip: fastForward ? skip : nil, into: &collector) {
      warn(.rrule, "RRULE is not valid; only DTSTART is used")
      return
    }
    if walk.invented > 0 {
      warn(
        .rrule,
        "libical produced \(walk.invented) instance(s) that do not match the rule; they are ignored"
      )
    }
    if walk.capHit {
      throw InstanceCapError(line: event.lines[.rrule], uid: event.uid, cap: options.maxInstances)
    }
  }

  /// Expanded here (`RecurrenceRule.libicalGetsWrong` and `simpleShape` say why), up to
  /// `RuleWalk.civilLimit` (the walk applies UNTIL exactly).
  private func walkOwn(
    _ walk: inout RuleWalk, skip: Int64?, into collector: inout InstanceCollector
  ) {
    let start = walk.start
    let own = walk.rule.ownInstances(
      start: start.civil, isDate: start.isDate, limit: walk.civilLimit,
      cap: options.maxInstances + 1, from: skip.map { start.civil + $0 })
    for civil in own where !walk.take(civil, ruleChecked: true, into: &collector) { break }
  }

  /// Expanded by libical's iterator; false when libical refuses the rule. Sub-daily rules skip
  /// ahead by whole steps of the rule (libical's own skip loses their INTERVAL phase), the
  /// others with the iterator's `set_start` to the day. The iterator gets `civilLimit` as a
  /// floating UNTIL instead of the rule's: libical compares a floating DTSTART with a UTC UNTIL
  /// as if both were UTC, and without an UNTIL its search for a rule whose limits never meet
  /// (BYYEARDAY against BYMONTH under FREQ=HOURLY, say) goes on to the year 2582.
  private func walkLibical(
    _ walk: inout RuleWalk, skip: Int64?, into collector: inout InstanceCollector
  ) -> Bool {
    let start = walk.start
    var iterStart = start.civil
    var fromDay: Int64? = nil
    if let skip {
      if walk.rule.frequency?.isSubDaily == true, let unit = walk.rule.frequency?.fixedSeconds {
        let step = unit * Int64(walk.rule.step)
        iterStart += skip / step * step
      } else {
        fromDay = CivilTime.floorDiv(start.civil + skip, 86400) * 86400
      }
    }
    var bounded = walk.rule
    bounded.until = WrittenTime(civil: walk.civilLimit, isDate: start.isDate, isUTC: false)
    return LibicalRecurrence.walk(
      bounded, start: iterStart, isDate: start.isDate, from: fromDay
    ) { civil in walk.take(civil, ruleChecked: false, into: &collector) }
  }
}
