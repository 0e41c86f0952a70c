internal import CLibical
import FreeTimeCore

/// One instance of an event, before RECURRENCE-ID overrides are applied.
struct Instance {
  /// The instant of the instance's original start: what a RECURRENCE-ID names.
  var key: Instant
  var interval: Interval
}

/// What one VEVENT contributes.
enum EventContribution {
  /// A master event (single or recurring): its instances that touch the window.
  case master(
    uid: String?, revision: Revision, blocks: Bool, instances: [Instance],
    excluded: Set<Instant>, tentative: Bool)
  /// A RECURRENCE-ID override.
  case override(Override)
  /// Nothing (skipped with a warning, or no time at all).
  case none
}

/// A RECURRENCE-ID override: replaces the instance `key` of `uid` with `interval` (or with
/// nothing when it does not block). With RANGE=THISANDFUTURE, every later instance of the series
/// moves by the same shift and takes the same length and status (RFC 5545 §3.8.4.4).
struct Override {
  var uid: String?
  var key: Instant
  var revision: Revision
  var blocks: Bool
  /// Its own span, wherever it is (the window is applied when overrides are resolved).
  var interval: Interval
  var thisAndFuture: Bool
  /// STATUS:TENTATIVE (blocks unless `--tentative free`; `freetime busy` types it).
  var tentative: Bool
  /// Where its RECURRENCE-ID is, for the warning when it matches no instance.
  var file: String
  var line: Int
}

/// Which of several versions of one event is the newest: the higher SEQUENCE, then the later
/// DTSTAMP (RFC 5545 §3.8.7.4, §3.8.7.2). On a full tie the first one read stays.
struct Revision: Comparable {
  var sequence: Int
  var stamp: Int64

  static func < (a: Revision, b: Revision) -> Bool {
    (a.sequence, a.stamp) < (b.sequence, b.stamp)
  }
}

/// The simple properties of a VEVENT that the pre-pass reads itself instead of libical, read as
/// libical 3.0.16 reads them: the first of each; UID as TEXT (backslash escapes decoded as
/// `icalmemory_strdup_and_dequote` does); STATUS and TRANSP as enumerations (compared without
/// case); SEQUENCE with `atoi`; DTSTAMP only as a UTC
/// date-time. `PreReadTests` compares them with libical's reading.
struct PreRead {
  var revision: Revision
  var uid: String?
  var status: String?
  var transp: String?

  /// STATUS:CANCELLED, STATUS:TENTATIVE, and TRANSP:TRANSPARENT (or TRANSPARENT-NOCONFLICT).
  var statusAndTransparency: (cancelled: Bool, tentative: Bool, transparent: Bool) {
    (
      PreRead.matches(status, "CANCELLED"), PreRead.matches(status, "TENTATIVE"),
      PreRead.matches(transp, "TRANSPARENT") || PreRead.matches(transp, "TRANSPARENT-NOCONFLICT")
    )
  }

  /// Whether a (stripped) enumeration value is `word`, ignoring ASCII case.
  static func matches(_ value: String?, _ word: String) -> Bool {
    value.map { ContentLine.asciiUppercased($0.utf8) == word } ?? false
  }

  /// A TEXT value's escapes decoded, byte for byte as libical does (`\n` and `\N` a newline,
  /// `\t` `\r` `\b` `\f` their controls, `\;` `\,` `\"` `\\` themselves, anything else
  /// after a backslash a space, a backslash at the end ends the text).
  static func dequote<C: Collection>(_ value: C) -> String where C.Element == UInt8 {
    if !value.contains(0x5C) { return String(decoding: value, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(value.count)
    var i = value.startIndex
    while i != value.endIndex {
      let byte = value[i]
      i = value.index(after: i)
      guard byte == 0x5C else {
        out.append(byte)
        continue
      }
      guard i != value.endIndex else { break }
      let escaped = value[i]
      i = value.index(after: i)
      switch escaped {
      case 0x6E, 0x4E: out.append(0x0A)
      case 0x74, 0x54: out.append(0x09)
      case 0x72, 0x52: out.append(0x0D)
      case 0x62, 0x42: out.append(0x08)
      case 0x66, 0x46: out.append(0x0C)
      case 0x3B, 0x2C, 0x22, 0x5C: out.append(escaped)
      default: out.append(0x20)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// A series with more instances up to the window's end than `--max-instances`.
struct InstanceCapError: Error {
  var line: Int
  var uid: String?
  var cap: Int
}

/// Reads a parsed VEVENT into instances (DESIGN §3, RFC 5545 §3.6.1, §3.8.5).
struct EventReader {
  /// How far instances outside the window are kept, for THISANDFUTURE shifts.
  static let shiftMargin: Int64 = 7 * 86400
  let comp: OpaquePointer
  let lines: [ContentLine]
  let file: String
  let zones: ZoneTable
  let home: Zone
  /// Whether `home` is the calendar's own X-WR-TIMEZONE.
  let homeFromCalendar: Bool
  let options: ReadOptions
  let deferUnknownZones: Bool
  var warn: (Int?, String?, String) -> Void
  /// UID, STATUS, TRANSP, SEQUENCE and DTSTAMP as the pre-pass read them (they never reach
  /// libical); nil: read them from `comp`.
  var preRead: PreRead? = nil
  /// Legal but suspicious (`freetime check` only).
  var note: (Int?, String?, String) -> Void = { _, _, _ in }

  private var beginLine: Int { lines.first?.number ?? 0 }

  private func line(of name: String) -> Int {
    lines.first { $0.name == name }?.number ?? beginLine
  }

  private func properties(_ kind: icalproperty_kind) -> [OpaquePointer] {
    var out: [OpaquePointer] = []
    var p = icalcomponent_get_first_property(comp, kind)
    while let prop = p {
      out.append(prop)
      p = icalcomponent_get_next_property(comp, kind)
    }
    return out
  }

  /// The properties libical dropped as unparsable: (name, value) from each X-LIC-ERROR
  /// ("Can't parse as RECUR value in RRULE property. Removing entire property: ..."); a line
  /// without a property name gives the name "".
  private func libicalErrors() -> [(String, String)] {
    properties(ICAL_XLICERROR_PROPERTY).compactMap { prop in
      guard let c = icalproperty_get_xlicerror(prop) else { return nil }
      let text = String(cString: c)
      if text.hasPrefix("Got a data line, but could not find a property name") { return ("", "") }
      guard let from = text.firstRange(of: " value in "),
        let to = text[from.upperBound...].firstRange(of: " property.")
      else { return nil }
      let value = text.firstRange(of: "property: ").map { String(text[$0.upperBound...]) } ?? ""
      return (String(text[from.upperBound..<to.lowerBound]), value)
    }
  }

  func read() throws -> EventContribution {
    let uid: String? =
      if let preRead { preRead.uid } else {
        icalcomponent_get_uid(comp).map { String(cString: $0) }
      }
    let revision =
      preRead?.revision
      ?? {
        let stamp = icalcomponent_get_dtstamp(comp)
        return Revision(
          sequence: Int(icalcomponent_get_sequence(comp)),
          stamp: icaltime_is_null_time(stamp) == 0 && icaltime_is_utc(stamp) != 0
            ? ICSTime.civil(stamp) : Int64.min)
      }()
    let props = PropertyReader(comp: comp, zones: zones, file: file, home: home)
    func warnAt(_ name: String) -> (String) -> Void {
      { message in warn(line(of: name), uid, message) }
    }

    // Whether it blocks at all.
    let cancelled: Bool
    let tentative: Bool
    var transparent = false
    if let preRead {
      (cancelled, tentative, transparent) = preRead.statusAndTransparency
    } else {
      let status = icalcomponent_get_status(comp)
      cancelled = status == ICAL_STATUS_CANCELLED
      tentative = status == ICAL_STATUS_TENTATIVE
      if let transp = properties(ICAL_TRANSP_PROPERTY).first {
        let value = icalproperty_get_transp(transp)
        transparent = value == ICAL_TRANSP_TRANSPARENT || value == ICAL_TRANSP_TRANSPARENTNOCONFLICT
      }
    }
    var blocks = !cancelled && !transparent
    if tentative && options.tentative == .free { blocks = false }

    // Properties libical could not parse: it drops each, leaving an X-LIC-ERROR behind.
    let unreadable = libicalErrors()
    var ridUnreadable = false
    for (name, value) in unreadable {
      let shown = Sanitize.text(value, limit: 60)
      switch name {
      case "DURATION":
        warn(line(of: name), uid, "event skipped: DURATION '\(shown)' cannot be read")
        return .none
      case "RRULE":
        warn(line(of: name), uid, "RRULE '\(shown)' cannot be read; only DTSTART is used")
      case "EXDATE":
        warn(
          line(of: name), uid,
          "EXDATE '\(shown)' cannot be read; it is ignored (those instances stay busy)")
      case "RDATE":
        warn(line(of: name), uid, "RDATE '\(shown)' cannot be read; it is ignored")
      case "RECURRENCE-ID":
        ridUnreadable = true
      case "":
        warn(line(of: ""), uid, "a line without a property name is ignored")
      default:
        break  // DTSTART and DTEND: reported below, where they are missing
      }
    }

    // DTSTART.
    guard let startProp = properties(ICAL_DTSTART_PROPERTY).first else {
      if lines.contains(where: { $0.name == "DTSTART" }) {
        warn(line(of: "DTSTART"), uid, "event skipped: DTSTART cannot be read")
      } else {
        warn(beginLine, uid, "event skipped: it has no DTSTART")
      }
      return .none
    }
    guard
      var start = try props.value(
        icalproperty_get_dtstart(startProp), prop: startProp, warn: warnAt("DTSTART"),
        deferUnknown: deferUnknownZones)
    else {
      warn(line(of: "DTSTART"), uid, "event skipped: DTSTART has no valid date or time")
      return .none
    }
    if start.isDate && options.allDay == .free { blocks = false }
    if options.lint, case .floating = start.kind, !start.isDate {
      note(line(of: "DTSTART"), uid, "floating time: read in the calendar's home zone \(home.name)")
    }
    if options.lint {
      for prop in properties(ICAL_RRULE_PROPERTY) {
        let rule = icalproperty_get_rrule(prop)
        if rule.freq != ICAL_NO_RECURRENCE && rule.count == 0
          && icaltime_is_null_time(rule.until) != 0
        {
          note(line(of: "RRULE"), uid, "recurs without an end (no COUNT or UNTIL)")
        }
      }
    }
    // The X-WR-TIMEZONE convention (Google's, followed by the x-wr-timezone library): a series
    // with a UTC DTSTART in such a calendar recurs on the calendar zone's wall clock.
    if homeFromCalendar, case .utc = start.kind, !properties(ICAL_RRULE_PROPERTY).isEmpty {
      start = TimeValue(
        civil: LocalTimeResolver.civil(start.civil, in: home), kind: .zoned(home), isDate: false,
        pinned: start.civil)
    }

    let length = try eventLength(start: start, props: props, uid: uid, warnAt: warnAt)
    if length == nil { return .none }

    // A floating series whose EXDATEs are all in UTC was meant in UTC: its producer left out
    // the Z on DTSTART (recurring-ical-events reads it the same way).
    let exdateProps = properties(ICAL_EXDATE_PROPERTY)
    if case .floating = start.kind, !start.isDate, !exdateProps.isEmpty,
      exdateProps.allSatisfy({ icaltime_is_utc(EventReader.exdate($0)) != 0 })
    {
      warn(line(of: "DTSTART"), uid, "floating DTSTART with UTC EXDATEs; the series is read in UTC")
      start = TimeValue(civil: start.civil, kind: .utc, isDate: false)
    }

    // An override whose RECURRENCE-ID cannot be read: which instance it replaces is unknown, so
    // the series stays as it is and the override blocks its own time (the cautious reading).
    if ridUnreadable {
      warn(
        line(of: "RECURRENCE-ID"), uid,
        "RECURRENCE-ID cannot be read; the event blocks its own time and its series is unchanged")
      let s = start.instant(home: home)
      let e = length!.end(of: start, startInstant: s, home: home)
      return .override(
        Override(
          uid: uid, key: Instant.min + Int64(beginLine), revision: revision, blocks: blocks,
          interval: e >= s ? Interval(s, e) : Interval(e, s), thisAndFuture: false,
          tentative: tentative, file: file, line: line(of: "RECURRENCE-ID")))
    }

    // An override of one instance.
    if let ridProp = properties(ICAL_RECURRENCEID_PROPERTY).first {
      guard
        var rid = try props.value(
          icalproperty_get_recurrenceid(ridProp), prop: ridProp, warn: warnAt("RECURRENCE-ID"),
          deferUnknown: deferUnknownZones)
      else {
        warn(line(of: "RECURRENCE-ID"), uid, "override skipped: RECURRENCE-ID cannot be read")
        return .none
      }
      // An all-day override whose RECURRENCE-ID is midnight as a date-time (often UTC) names
      // the instance of that date; other times name a timed instance as they are.
      if start.isDate && !rid.isDate && CivilTime.floorMod(rid.civil, 86400) == 0 {
        rid = TimeValue(
          civil: CivilTime.floorDiv(rid.civil, 86400) * 86400, kind: .floating, isDate: true)
      }
      let s = start.instant(home: home)
      let e = length!.end(of: start, startInstant: s, home: home)
      let interval = e >= s ? Interval(s, e) : Interval(e, s)
      var thisAndFuture = false
      if let range = icalproperty_get_first_parameter(ridProp, ICAL_RANGE_PARAMETER) {
        thisAndFuture = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
      }
      return .override(
        Override(
          uid: uid, key: rid.instant(home: home), revision: revision, blocks: blocks,
          interval: interval, thisAndFuture: thisAndFuture, tentative: tentative, file: file,
          line: line(of: "RECURRENCE-ID")))
    }

    guard blocks, let length else {
      return .master(
        uid: uid, revision: revision, blocks: false, instances: [],
        excluded: try exdates(props: props, start: start, uid: uid, warnAt: warnAt).all,
        tentative: tentative)
    }
    let instances = try expand(start: start, length: length, props: props, uid: uid, warnAt: warnAt)
    return .master(
      uid: uid, revision: revision, blocks: true, instances: instances.list,
      excluded: instances.excluded, tentative: tentative)
  }

  /// The length of each instance from DTEND or DURATION (RFC 5545 §3.6.1).
  ///
  /// DTEND before DTSTART or a negative DURATION skips the event; DTEND and DURATION both
  /// present block until the later of the two ends; a DATE start with a DATE-TIME end is an
  /// all-day event through the end's day. Each with a warning.
  private func eventLength(
    start: TimeValue, props: PropertyReader, uid: String?, warnAt: (String) -> (String) -> Void
  ) throws -> EventLength? {
    var fromEnd: EventLength? = nil
    var fromDuration: EventLength? = nil
    if let endProp = properties(ICAL_DTEND_PROPERTY).first {
      guard
        let end = try props.value(
          icalproperty_get_dtend(endProp), prop: endProp, warn: warnAt("DTEND"),
          deferUnknown: deferUnknownZones)
      else {
        warn(line(of: "DTEND"), uid, "event skipped: DTEND has no valid date or time")
        return nil
      }
      guard
        let length = EventReader.length(
          start: start, end: end, home: home, warn: { warn(line(of: "DTEND"), uid, $0) })
      else { return nil }
      fromEnd = length
    }
    if let durationProp = properties(ICAL_DURATION_PROPERTY).first {
      let d = icalproperty_get_duration(durationProp)
      if icaldurationtype_is_bad_duration(d) != 0 {
        warn(line(of: "DURATION"), uid, "event skipped: DURATION cannot be read")
        return nil
      }
      if d.is_neg != 0 {
        warn(line(of: "DURATION"), uid, "event skipped: DURATION is negative")
        return nil
      }
      let days = Int64(d.days) + 7 * Int64(d.weeks)
      let exact = Int64(d.hours) * 3600 + Int64(d.minutes) * 60 + Int64(d.seconds)
      fromDuration = EventLength(civil: days * 86400, exact: exact)
    }
    switch (fromEnd, fromDuration) {
    case (let a?, let b?):
      warn(
        line(of: "DURATION"), uid,
        "event has both DTEND and DURATION; it blocks until the later end")
      let s = start.instant(home: home)
      return a.end(of: start, startInstant: s, home: home)
        >= b.end(of: start, startInstant: s, home: home) ? a : b
    case (let a?, nil): return a
    case (nil, let b?): return b
    case (nil, nil): break
    }
    // RFC 5545 §3.6.1: a DATE start alone lasts one day, a DATE-TIME start alone no time.
    return start.isDate ? EventLength(civil: 86400, exact: 0) : .zero
  }

  /// The length from DTSTART to DTEND, or nil (with a warning) when DTEND is before DTSTART; a
  /// DATE start with a DATE-TIME end is an all-day event through the end's day (warned).
  static func length(start: TimeValue, end: TimeValue, home: Zone, warn: (String) -> Void)
    -> EventLength?
  {
    let length: EventLength
    if start.isDate && !end.isDate {
      warn("DATE start with a DATE-TIME end; read as an all-day event")
      let endCivil: Int64
      switch end.kind {
      case .utc: endCivil = LocalTimeResolver.civil(end.civil, in: home)
      case .zoned, .floating: endCivil = end.civil
      }
      let days = max(1, (endCivil - start.civil + 86399) / 86400)
      length = EventLength(civil: days * 86400, exact: 0)
    } else if case .floating = start.kind, case .floating = end.kind, start.isDate == end.isDate {
      length = EventLength(civil: end.civil - start.civil, exact: 0)
    } else {
      length = EventLength(civil: 0, exact: end.instant(home: home) - start.instant(home: home))
    }
    if length.civil < 0 || length.exact < 0 {
      warn("event skipped: DTEND is before DTSTART")
      return nil
    }
    return length
  }

  /// The instances of a master event that touch the window: DTSTART, RRULE, RDATE, minus EXDATE.
  private func expand(
    start: TimeValue, length: EventLength, props: PropertyReader, uid: String?,
    warnAt: (String) -> (String) -> Void
  ) throws -> (list: [Instance], excluded: Set<Instant>) {
    // A week's margin on both sides: RANGE=THISANDFUTURE overrides may shift instances into
    // the window (the accumulator drops what stays outside).
    let expanded = Interval(
      options.window.start - EventReader.shiftMargin, options.window.end + EventReader.shiftMargin)
    let (excluded, excludedDays, all) = try exdates(
      props: props, start: start, uid: uid, warnAt: warnAt)
    var collector = InstanceCollector(
      expanded: expanded, excluded: excluded, excludedDays: excludedDays, home: home)

    // DTSTART is always the first instance (RFC 5545 §3.8.5.3).
    collector.add(start, length: length)

    for prop in properties(ICAL_RRULE_PROPERTY) {
      let rule = icalproperty_get_rrule(prop)
      if rule.freq == ICAL_NO_RECURRENCE {
        warn(line(of: "RRULE"), uid, "RRULE cannot be read; only DTSTART is used")
        continue
      }
      try expandRule(rule, start: start, length: length, uid: uid, into: &collector)
    }

    // A DATE in an RDATE of a date-time series is midnight in the RDATE's TZID, else in
    // DTSTART's zone (the series' own clock), not in the calendar's home zone.
    func onSeriesClock(_ value: TimeValue, _ prop: OpaquePointer) -> TimeValue {
      guard value.isDate, !start.isDate else { return value }
      if let tzid = PropertyReader.tzid(prop), let zone = zones.zone(for: tzid) {
        return TimeValue(civil: value.civil, kind: .zoned(zone), isDate: false)
      }
      return TimeValue(civil: value.civil, kind: start.kind, isDate: false)
    }
    for prop in properties(ICAL_RDATE_PROPERTY) {
      let dp = icalproperty_get_rdate(prop)
      if icaltime_is_null_time(dp.time) == 0 {
        if let value = try props.value(
          dp.time, prop: prop, warn: warnAt("RDATE"), deferUnknown: deferUnknownZones)
        {
          collector.add(onSeriesClock(value, prop), length: length)
        } else {
          warn(line(of: "RDATE"), uid, "RDATE cannot be read; ignored")
        }
      } else if icalperiodtype_is_null_period(dp.period) == 0 {
        guard
          let raw = try props.value(
            dp.period.start, prop: prop, warn: warnAt("RDATE"), deferUnknown: deferUnknownZones)
        else {
          warn(line(of: "RDATE"), uid, "RDATE period cannot be read; ignored")
          continue
        }
        let value = onSeriesClock(raw, prop)
        var periodLength = length
        if icaltime_is_null_time(dp.period.end) == 0,
          let rawEnd = try props.value(
            dp.period.end, prop: prop, warn: warnAt("RDATE"), deferUnknown: deferUnknownZones)
        {
          let end = onSeriesClock(rawEnd, prop)
          let exact = end.instant(home: home) - value.instant(home: home)
          guard exact > 0 else {
            warn(
              line(of: "RDATE"), uid, "RDATE period ends before it starts; that period is ignored")
            continue
          }
          periodLength = EventLength(civil: 0, exact: exact)
        } else {
          let d = dp.period.duration
          guard d.is_neg == 0 else {
            warn(
              line(of: "RDATE"), uid, "RDATE period ends before it starts; that period is ignored")
            continue
          }
          periodLength = EventLength(
            civil: (Int64(d.days) + 7 * Int64(d.weeks)) * 86400,
            exact: Int64(d.hours) * 3600 + Int64(d.minutes) * 60 + Int64(d.seconds))
        }
        collector.add(value, length: periodLength)
      }
    }
    return (collector.instances, all)
  }

  /// EXDATEs as instants; DATE values exclude every instance on that day (as day numbers), and
  /// `all` has every EXDATE as an instant, to drop overrides of excluded instances.
  private func exdates(
    props: PropertyReader, start: TimeValue, uid: String?, warnAt: (String) -> (String) -> Void
  ) throws -> (instants: Set<Instant>, days: Set<Int64>, all: Set<Instant>) {
    var excluded = Set<Instant>()
    var excludedDays = Set<Int64>()
    var all = Set<Instant>()
    for prop in properties(ICAL_EXDATE_PROPERTY) {
      let t = EventReader.exdate(prop)
      guard
        var value = try props.value(
          t, prop: prop, warn: warnAt("EXDATE"), deferUnknown: deferUnknownZones)
      else {
        warn(line(of: "EXDATE"), uid, "EXDATE cannot be read; ignored")
        continue
      }
      if value.isDate {
        excludedDays.insert(CivilTime.floorDiv(value.civil, 86400))
        all.insert(value.instant(home: home))
        continue
      }
      // A floating EXDATE next to a zoned DTSTART means DTSTART's zone in practice.
      if case .floating = value.kind, case .zoned = start.kind { value.kind = start.kind }
      excluded.insert(value.instant(home: home))
      all.insert(value.instant(home: home))
    }
    return (excluded, excludedDays, all)
  }

  /// What `icalproperty_get_exdate` answers, without its search of libical's builtin zones
  /// (a linear scan with a string compare per zone, a tenth of a series' reading): it attaches
  /// the TZID's zone to a date-time without Z, which changes no field, and makes it UTC only
  /// for the TZIDs UTC and GMT, or through libical's own TZID prefixes (all beginning with a
  /// slash, left to libical).
  static func exdate(_ prop: OpaquePointer) -> icaltimetype {
    var t = icalvalue_get_datetime(icalproperty_get_value(prop))
    if icaltime_is_utc(t) != 0 || t.is_date != 0 { return t }
    guard let tzid = PropertyReader.tzid(prop) else { return t }
    if tzid.hasPrefix("/") { return icalproperty_get_exdate(prop) }
    if tzid == "UTC" || tzid == "GMT" { t.zone = icaltimezone_get_utc_timezone() }
    return t
  }

  /// Walks one RRULE with libical's iterator, only as far as the window needs.
  private func expandRule(
    _ original: icalrecurrencetype, start: TimeValue, length: EventLength, uid: String?,
    into collector: inout InstanceCollector
  ) throws {
    var capHit: (Int, String?)? = nil
    var rule = original
    let window = Interval(
      options.window.start - EventReader.shiftMargin, options.window.end + EventReader.shiftMargin)
    // UNTIL is applied here, as an instant (libical compares a floating DTSTART with a UTC
    // UNTIL as if both were UTC).
    var untilInstant: Instant? = nil
    var untilCivil: Int64? = nil
    if icaltime_is_null_time(rule.until) == 0 {
      let u = rule.until
      if u.is_date != 0 {
        untilCivil = ICSTime.civil(u) + 86399
      } else if icaltime_is_utc(u) != 0 {
        untilInstant = ICSTime.civil(u)
      } else {
        untilInstant = start.with(civil: ICSTime.civil(u)).instant(home: home)
      }
      rule.until = icaltime_null_time()
    }
    // Fast-forward a long-running series to just before the window, only without COUNT (where
    // the instances before the window need not be counted). Sub-daily rules move DTSTART by whole
    // steps of the rule (libical's set_start loses their INTERVAL phase); the others use
    // icalrecur_iterator_set_start. FastForwardTests checks both against stepping from DTSTART.
    let unit: Int64? =
      switch rule.freq {
      case ICAL_SECONDLY_RECURRENCE: 1
      case ICAL_MINUTELY_RECURRENCE: 60
      case ICAL_HOURLY_RECURRENCE: 3600
      default: nil
      }
    // Sub-daily series start just before the window (their instances are many and THISANDFUTURE
    // shifts of them are not followed); the others a week earlier, for such shifts.
    let lead = unit == nil ? window.start : options.window.start - 3600
    let margin = length.upperBound + (unit == nil ? 2 * 86400 : 0)
    let startInstant = start.instant(home: home)
    let skip = lead - margin - startInstant
    let fastForward = options.fastForward && rule.count == 0 && skip > (unit == nil ? 7 * 86400 : 0)
    var iterStart = start.civil
    if fastForward, let unit {
      let step = unit * Int64(max(1, rule.interval))
      iterStart += skip / step * step
    }
    let parts = RuleParts(original)
    // A series that cannot reach the window (or its lead) is not walked at all: the instances
    // the walk would add start after the window's end, or end before the fast-forward point.
    if startInstant - 86400 >= window.end { return }
    let lastStart: Instant? =
      if let untilInstant { untilInstant } else if let untilCivil {
        start.with(civil: untilCivil).instant(home: home)
      } else { nil }
    if let lastStart, lastStart + 86400 < lead - margin { return }

    // One walk over the instances' wall-clock times, whoever produces them. The cap counts every
    // instance up to the window's end; past it, instances are only kept for THISANDFUTURE
    // shifts, within the same budget and without an error.
    var produced = 0
    var trailing = 0
    var invented = 0
    /// `ruleChecked`: the instances come from `ownInstances`, which builds them from the rule's
    /// limits, so `admits` has nothing to catch.
    func walk(ruleChecked: Bool = false, _ next: () -> Int64?) {
      while let civil = next() {
        let value = start.with(civil: civil)
        if let untilCivil, value.civil > untilCivil { break }
        let s = value.instant(home: home)
        if let untilInstant, s > untilInstant { break }
        if s >= window.end { break }
        if s < options.window.end {
          produced += 1
          if produced > options.maxInstances {
            // Never a silently truncated series: the calendar cannot be read truthfully.
            capHit = (line(of: "RRULE"), uid)
            break
          }
        } else {
          trailing += 1
          if unit != nil || trailing > options.maxInstances { break }
        }
        // DTSTART itself was added first (its instant may be pinned inside a DST fold).
        if s < startInstant || value.civil == start.civil { continue }
        // libical 3.0.16 invents instances for some rules (an unsynchronised DTSTART with
        // FREQ=SECONDLY;INTERVAL=2;BYSECOND=1): keep only those the rule's limits admit.
        if !ruleChecked, !parts.admits(civil: value.civil, isDate: start.isDate, start: start.civil)
        {
          invented += 1
          continue
        }
        collector.add(value, length: length, at: s)
      }
    }

    if parts.neverMatches {
      // libical would search for a date that does not exist, second by second for SECONDLY,
      // until the year 2582 (hours: the watchdog's case); DTSTART stays the one instance.
      warn(line(of: "RRULE"), uid, "RRULE names no date or time that exists; only DTSTART is used")
      return
    }
    if parts.libicalGetsWrong || (options.ownExpansion && parts.simpleShape(isDate: start.isDate)) {
      // Expanded here, not by libical (RuleParts.libicalGetsWrong and simpleShape say why).
      // Up to the window's end, or to UNTIL when that comes first (the walk applies UNTIL
      // exactly). A UTC UNTIL becomes a wall-clock bound with the largest offset a VTIMEZONE
      // can write (TZOFFSETTO:+9959, which libical accepts), not a real zone's 14 hours.
      var limit = LocalTimeResolver.civil(window.end, in: home) + 86400
      if let untilCivil { limit = min(limit, untilCivil) }
      if let untilInstant { limit = min(limit, untilInstant + 100 * 3600) }
      var own = parts.ownInstances(
        start: start.civil, isDate: start.isDate, limit: limit, cap: options.maxInstances + 1,
        from: fastForward && unit == nil ? start.civil + skip : nil
      ).makeIterator()
      walk(ruleChecked: true) { own.next() }
    } else {
      let dtstart = ICSTime.icaltime(civil: iterStart, isDate: start.isDate)
      guard let iterator = icalrecur_iterator_new(rule, dtstart) else {
        warn(line(of: "RRULE"), uid, "RRULE is not valid; only DTSTART is used")
        return
      }
      defer { icalrecur_iterator_free(iterator) }
      if fastForward, unit == nil {
        let civil = start.civil + skip
        let from = ICSTime.icaltime(
          civil: CivilTime.floorDiv(civil, 86400) * 86400, isDate: start.isDate)
        _ = icalrecur_iterator_set_start(iterator, from)
      }
      walk {
        let next = icalrecur_iterator_next(iterator)
        return icaltime_is_null_time(next) != 0 ? nil : ICSTime.civil(next)
      }
    }
    if invented > 0 {
      warn(
        line(of: "RRULE"), uid,
        "libical produced \(invented) instance(s) that do not match the rule; they are ignored")
    }
    if let (line, uid) = capHit {
      throw InstanceCapError(line: line, uid: uid, cap: options.maxInstances)
    }
  }
}

/// The instances of one series as its DTSTART, rules and RDATEs give them: EXDATEs removed, each
/// start once (the longer span wins, so an RDATE PERIOD at DTSTART gives its own length), those
/// outside the expanded window dropped. A struct handed down `inout` rather than a closure over
/// local variables, which cost a runtime exclusivity check on every access.
private struct InstanceCollector {
  let expanded: Interval
  let excluded: Set<Instant>
  let excludedDays: Set<Int64>
  let home: Zone
  var instances: [Instance] = []
  /// Instances by start: the index in `instances`, or -1 when outside the expanded window.
  /// Built only once a start is not later than every start before it (a rule's walk gives them
  /// in order, so most series never need it): until then starts outside the window are kept in
  /// `outside`, and `latest` is the last start.
  private var seen: [Instant: Int] = [:]
  private var outside: [Instant] = []
  private var latest = Instant.min
  private var ordered = true

  init(expanded: Interval, excluded: Set<Instant>, excludedDays: Set<Int64>, home: Zone) {
    self.expanded = expanded
    self.excluded = excluded
    self.excludedDays = excludedDays
    self.home = home
  }

  mutating func add(_ value: TimeValue, length: EventLength, at known: Instant? = nil) {
    let s = known ?? value.instant(home: home)
    if (!excluded.isEmpty && excluded.contains(s))
      || (!excludedDays.isEmpty && excludedDays.contains(CivilTime.floorDiv(value.civil, 86400)))
    {
      return
    }
    let e = length.end(of: value, startInstant: s, home: home)
    let interval = e >= s ? Interval(s, e) : Interval(e, s)
    if ordered {
      if s > latest {
        latest = s
        if interval.overlaps(expanded) {
          instances.append(Instance(key: s, interval: interval))
        } else {
          outside.append(s)
        }
        return
      }
      ordered = false
      for (index, instance) in instances.enumerated() { seen[instance.key] = index }
      for start in outside { seen[start] = -1 }
    }
    if let index = seen[s] {
      if index >= 0 && interval.duration > instances[index].interval.duration {
        instances[index].interval = interval
      } else if index < 0 && interval.overlaps(expanded) {
        seen[s] = instances.count
        instances.append(Instance(key: s, interval: interval))
      }
      return
    }
    if interval.overlaps(expanded) {
      seen[s] = instances.count
      instances.append(Instance(key: s, interval: interval))
    } else {
      seen[s] = -1
    }
  }
}
