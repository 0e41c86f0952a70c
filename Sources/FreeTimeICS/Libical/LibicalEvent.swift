internal import CLibical
import FreeTimeCore

/// Describes a parsed VEVENT (or AVAILABLE) component: every value free time reads, copied out
/// of libical at once (`EventDescription`), so the component can be freed before anything is
/// decided.
enum LibicalEvent {
  /// - Parameters:
  ///   - lines: the component's lines as the pre-pass kept them (for line numbers).
  ///   - preRead: UID, STATUS, TRANSP, SEQUENCE and DTSTAMP as the pre-pass read them (they
  ///     never reach libical); nil: read them from `comp`.
  ///   - summary: whether to read SUMMARY (`--explain`).
  static func describe(
    _ comp: OpaquePointer, lines: [ContentLine], preRead: PreRead?, summary: Bool
  ) -> EventDescription {
    var event = EventDescription()
    event.lines = PropertyLines(lines)
    if let preRead {
      event.take(preRead)
    } else {
      readStatus(comp, into: &event)
    }
    if summary { event.summary = icalcomponent_get_summary(comp).map { String(cString: $0) } }
    event.dropped = dropped(comp)
    if let prop = first(comp, ICAL_DTSTART_PROPERTY) {
      event.start = written(icalproperty_get_dtstart(prop), prop)
    } else if event.lines.has(.dtstart) {
      event.start = .dropped
    }
    if let prop = first(comp, ICAL_DTEND_PROPERTY) {
      // An end past libical's year 3000 (`99991231T235959Z`: "never") is read as written: it
      // ends after any window.
      event.end = written(icalproperty_get_dtend(prop), prop, lateYears: true)
    } else if event.lines.has(.dtend) {
      event.end = .dropped
    }
    if let prop = first(comp, ICAL_DURATION_PROPERTY) {
      let d = icalproperty_get_duration(prop)
      event.duration =
        icaldurationtype_is_bad_duration(d) != 0 ? .unreadable : .value(WrittenDuration(d))
    } else if event.lines.has(.duration) {
      event.duration = .dropped
    }
    if let prop = first(comp, ICAL_RECURRENCEID_PROPERTY) {
      event.recurrenceID = written(icalproperty_get_recurrenceid(prop), prop)
      if let range = icalproperty_get_first_parameter(prop, ICAL_RANGE_PARAMETER) {
        event.thisAndFuture = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
      }
    }
    event.rules = all(comp, ICAL_RRULE_PROPERTY).map {
      LibicalRecurrence.rule(icalproperty_get_rrule($0))
    }
    event.rdates = all(comp, ICAL_RDATE_PROPERTY).compactMap(rdate)
    event.exdates = all(comp, ICAL_EXDATE_PROPERTY).map {
      WrittenTime(exdate($0), tzid: tzid($0))
    }
    return event
  }

  /// UID, SEQUENCE, DTSTAMP, STATUS and TRANSP as libical reads them.
  private static func readStatus(_ comp: OpaquePointer, into event: inout EventDescription) {
    event.uid = icalcomponent_get_uid(comp).map { String(cString: $0) }
    let stamp = icalcomponent_get_dtstamp(comp)
    event.revision = Revision(
      sequence: Int(icalcomponent_get_sequence(comp)),
      stamp: icaltime_is_null_time(stamp) == 0 && icaltime_is_utc(stamp) != 0
        ? ICSTime.civil(stamp) : Int64.min)
    let status = icalcomponent_get_status(comp)
    event.cancelled = status == ICAL_STATUS_CANCELLED
    event.tentative = status == ICAL_STATUS_TENTATIVE
    if let transp = first(comp, ICAL_TRANSP_PROPERTY) {
      let value = icalproperty_get_transp(transp)
      event.transparent =
        value == ICAL_TRANSP_TRANSPARENT || value == ICAL_TRANSP_TRANSPARENTNOCONFLICT
    }
  }

  static func first(_ comp: OpaquePointer, _ kind: icalproperty_kind) -> OpaquePointer? {
    icalcomponent_get_first_property(comp, kind)
  }

  static func all(_ comp: OpaquePointer, _ kind: icalproperty_kind) -> [OpaquePointer] {
    var out: [OpaquePointer] = []
    var p = icalcomponent_get_first_property(comp, kind)
    while let prop = p {
      out.append(prop)
      p = icalcomponent_get_next_property(comp, kind)
    }
    return out
  }

  /// The TZID parameter of a property, if any.
  static func tzid(_ prop: OpaquePointer) -> String? {
    guard let param = icalproperty_get_first_parameter(prop, ICAL_TZID_PARAMETER),
      let raw = icalparameter_get_tzid(param)
    else { return nil }
    return String(cString: raw)
  }

  /// A time-valued property's value: `.unreadable` when libical read no time (with
  /// `lateYears`, a year after 3000 is a time).
  static func written(_ t: icaltimetype, _ prop: OpaquePointer, lateYears: Bool = false)
    -> Written<WrittenTime>
  {
    var value = WrittenTime(t, tzid: tzid(prop))
    if lateYears, !value.isReadable, icaltime_is_null_time(t) == 0, t.year > 3000 {
      value.isReadable = true
    }
    return value.isReadable ? .value(value) : .unreadable
  }

  /// The properties libical dropped as unparsable: (name, value) from each X-LIC-ERROR
  /// ("Can't parse as RECUR value in RRULE property. Removing entire property: ..."); a line
  /// without a property name gives `.none`.
  private static func dropped(_ comp: OpaquePointer) -> [EventDescription.DroppedProperty] {
    all(comp, ICAL_XLICERROR_PROPERTY).compactMap { prop in
      guard let c = icalproperty_get_xlicerror(prop) else { return nil }
      let text = String(cString: c)
      if text.hasPrefix("Got a data line, but could not find a property name") {
        return .init(name: .none, value: "")
      }
      guard let from = text.firstRange(of: " value in "),
        let to = text[from.upperBound...].firstRange(of: " property.")
      else { return nil }
      let value = text.firstRange(of: "property: ").map { String(text[$0.upperBound...]) } ?? ""
      return .init(name: PropertyName(String(text[from.upperBound..<to.lowerBound])), value: value)
    }
  }

  /// An RDATE's value; nil when libical read neither a time nor a period.
  private static func rdate(_ prop: OpaquePointer) -> EventDescription.RecurrenceDate? {
    let dp = icalproperty_get_rdate(prop)
    let zone = tzid(prop)
    if icaltime_is_null_time(dp.time) == 0 { return .time(WrittenTime(dp.time, tzid: zone)) }
    guard icalperiodtype_is_null_period(dp.period) == 0 else { return nil }
    let end = icaltime_is_null_time(dp.period.end) == 0 ? dp.period.end : nil
    return .period(
      start: WrittenTime(dp.period.start, tzid: zone),
      end: end.map { WrittenTime($0, tzid: zone) },
      duration: WrittenDuration(dp.period.duration))
  }

  /// What `icalproperty_get_exdate` answers, without its search of libical's builtin zones
  /// (a linear scan with a string compare per zone): it attaches
  /// the TZID's zone to a date-time without Z, which changes no field, and makes it UTC only
  /// for the TZIDs UTC and GMT, or through libical's own TZID prefixes (all beginning with a
  /// slash, left to libical). `ExdateTests` compares the two.
  static func exdate(_ prop: OpaquePointer) -> icaltimetype {
    var t = icalvalue_get_datetime(icalproperty_get_value(prop))
    if icaltime_is_utc(t) != 0 || t.is_date != 0 { return t }
    guard let tzid = tzid(prop) else { return t }
    if tzid.hasPrefix("/") { return icalproperty_get_exdate(prop) }
    if tzid == "UTC" || tzid == "GMT" { t.zone = icaltimezone_get_utc_timezone() }
    return t
  }
}

extension WrittenTime {
  /// A libical time and its property's TZID; unreadable when libical read no time (a null
  /// time, or one `icaltime_is_valid_time` refuses).
  fileprivate init(_ t: icaltimetype, tzid: String?) {
    self.init(
      civil: ICSTime.civil(t), isDate: t.is_date != 0, isUTC: icaltime_is_utc(t) != 0,
      tzid: tzid, isReadable: icaltime_is_null_time(t) == 0 && icaltime_is_valid_time(t) != 0)
  }
}

extension WrittenDuration {
  fileprivate init(_ d: icaldurationtype) {
    self.init(
      days: Int64(d.days) + 7 * Int64(d.weeks),
      seconds: Int64(d.hours) * 3600 + Int64(d.minutes) * 60 + Int64(d.seconds),
      isNegative: d.is_neg != 0)
  }
}

extension LibicalEvent {
  /// - Parameter lines: the VAVAILABILITY's lines (for line numbers, also of its AVAILABLEs).
  static func describeAvailability(_ comp: OpaquePointer, lines: [ContentLine])
    -> AvailabilityDescription
  {
    func time(_ kind: icalproperty_kind, _ get: (OpaquePointer) -> icaltimetype)
      -> Written<WrittenTime>
    {
      first(comp, kind).map { written(get($0), $0) } ?? .absent
    }
    // Each AVAILABLE's own lines, in order, for the lines its messages name.
    var blocks: [[ContentLine]] = []
    var depth = 0
    for line in lines {
      if line.kind == .begin, line.keyword == "AVAILABLE" {
        depth += 1
        blocks.append([])
      }
      if depth > 0 { blocks[blocks.count - 1].append(line) }
      if line.kind == .end, line.keyword == "AVAILABLE" { depth = max(0, depth - 1) }
    }
    var available: [EventDescription] = []
    var child = icalcomponent_get_first_component(comp, ICAL_XAVAILABLE_COMPONENT)
    while let component = child {
      let own = available.count < blocks.count ? blocks[available.count] : lines
      available.append(describe(component, lines: own, preRead: nil, summary: false))
      child = icalcomponent_get_next_component(comp, ICAL_XAVAILABLE_COMPONENT)
    }
    return AvailabilityDescription(
      start: time(ICAL_DTSTART_PROPERTY, icalproperty_get_dtstart),
      end: time(ICAL_DTEND_PROPERTY, icalproperty_get_dtend), available: available)
  }
}
