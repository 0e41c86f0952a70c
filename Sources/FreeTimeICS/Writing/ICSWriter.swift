internal import CLibical
import FreeTimeCore
#if canImport(Glibc)
  import Glibc
#endif

/// Writes iCalendar output. Every component is built fresh through libical (never from input
/// components), so escaping and line folding follow RFC 5545.
public enum ICSWriter {
  /// One VEVENT per slot, TRANSP:TRANSPARENT, with a deterministic UID made of the slot's times
  /// and the people in it, so re-running freetime gives the same UIDs.
  ///
  /// - Parameters:
  ///   - stamp: the DTSTAMP instant (pass `SOURCE_DATE_EPOCH` for reproducible output).
  public static func events(_ slots: [Slot], stamp: Instant) -> String {
    Libical.setUp()
    let cal = newCalendar()
    defer { icalcomponent_free(cal) }
    for slot in slots {
      let event = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
      let names = slot.free.joined(separator: ", ")
      icalcomponent_add_property(event, icalproperty_new_uid(uid(for: slot)))
      icalcomponent_add_property(event, icalproperty_new_dtstamp(ICSTime.icaltime(utc: stamp)))
      icalcomponent_add_property(
        event, icalproperty_new_dtstart(ICSTime.icaltime(utc: slot.interval.start)))
      icalcomponent_add_property(
        event, icalproperty_new_dtend(ICSTime.icaltime(utc: slot.interval.end)))
      var summary = "Free: \(names)"
      if !slot.rooms.isEmpty { summary += " (rooms: \(slot.rooms.joined(separator: ", ")))" }
      icalcomponent_add_property(
        event, icalproperty_new_summary(Sanitize.text(summary, limit: 400)))
      icalcomponent_add_property(event, icalproperty_new_transp(ICAL_TRANSP_TRANSPARENT))
      icalcomponent_add_component(cal, event)
    }
    return render(cal)
  }

  /// One VFREEBUSY covering `window`, with one FBTYPE=FREE period per slot (the rest of the
  /// window is busy, and read back so), or one BUSY period of the whole window when there is no
  /// slot, and a deterministic UID made of the window and the names of the people.
  public static func freeBusy(_ slots: [Slot], window: Interval, stamp: Instant, names: [String])
    -> String
  {
    let uid =
      "freetime-free-\(compact(window.start))-\(compact(window.end))-\(fnv1a(names.joined(separator: "\u{1F}")))"
    Libical.setUp()
    let cal = newCalendar()
    defer { icalcomponent_free(cal) }
    let fb = icalcomponent_new(ICAL_VFREEBUSY_COMPONENT)!
    icalcomponent_add_property(fb, icalproperty_new_uid(uid))
    icalcomponent_add_property(fb, icalproperty_new_dtstamp(ICSTime.icaltime(utc: stamp)))
    icalcomponent_add_property(fb, icalproperty_new_dtstart(ICSTime.icaltime(utc: window.start)))
    icalcomponent_add_property(fb, icalproperty_new_dtend(ICSTime.icaltime(utc: window.end)))
    let periods =
      slots.isEmpty ? [(window, ICAL_FBTYPE_BUSY)] : slots.map { ($0.interval, ICAL_FBTYPE_FREE) }
    for (interval, type) in periods {
      var period = icalperiodtype_null_period()
      period.start = ICSTime.icaltime(utc: interval.start)
      period.end = ICSTime.icaltime(utc: interval.end)
      let prop = icalproperty_new_freebusy(period)!
      icalproperty_add_parameter(prop, icalparameter_new_fbtype(type))
      icalcomponent_add_property(fb, prop)
    }
    icalcomponent_add_component(cal, fb)
    return render(cal)
  }

  /// What `freetime busy` writes of one person (the scheduling library decides it).
  public struct BusyPerson: Sendable {
    public var name: String
    /// Their address: the VFREEBUSY's ORGANIZER (RFC 5545 §3.6.4).
    public var address: String?
    /// Their home zone, when one of their own is known: X-WR-TIMEZONE.
    public var homeZone: Zone?
    /// Their own hours, each as it was given, so that they read back with the same strength
    /// (docs/GUIDE.md, Usage: --hours): Outlook's working hours and their zone; hours and days
    /// stated as the people file does; their VAVAILABILITYs' unavailable time (nil: none), firm and
    /// BUSY-TENTATIVE.
    public var outlookHours: WorkingHours?
    public var outlookZone: Zone?
    public var statedSpans: [WorkingHours.Span]?
    public var statedDays: Set<Int>?
    public var unavailable: (firm: [Interval], tentative: [Interval])?
    /// The time their hours leave them in the window, for other programs: a VAVAILABILITY
    /// freetime itself skips (`derivedAvailability`), in `hoursZone`.
    public var available: [Interval]?
    public var hoursZone: Zone
    public var firm: [Interval]
    public var tentative: [Interval]
    public var outOfOffice: [Interval]
    /// Time nobody knows about: what their calendars do not cover, and what events whose time
    /// cannot be read may cover.
    public var unknown: [Interval]

    public init(
      name: String, address: String?, homeZone: Zone?, hoursZone: Zone, firm: [Interval],
      tentative: [Interval], outOfOffice: [Interval], unknown: [Interval]
    ) {
      self.name = name
      self.address = address
      self.homeZone = homeZone
      self.hoursZone = hoursZone
      self.firm = firm
      self.tentative = tentative
      self.outOfOffice = outOfOffice
      self.unknown = unknown
    }
  }

  /// The FBTYPE of time nobody knows about in `freetime busy`'s export: an x-name, which other
  /// programs read as BUSY (RFC 5545 §3.2.9), and freetime as unknown time.
  public static let unknownFBType = "X-FREETIME-UNKNOWN"
  /// The property that marks the VAVAILABILITY `freetime busy` writes for other programs: the
  /// person's hours as they were given are beside it, and freetime reads those instead.
  public static let derivedAvailability = "X-FREETIME-DERIVED"

  /// Each person's busy time as a VCALENDAR of their own (`freetime busy`, docs/GUIDE.md):
  /// X-WR-CALNAME (their name) and X-WR-TIMEZONE (their home zone, when they have one of their own, with a
  /// VTIMEZONE when it is no system zone); their own hours as they were given (Outlook's
  /// X-MS-OLK-WKHR*, X-FREETIME-HOURS and X-FREETIME-DAYS for the people file's, their
  /// VAVAILABILITYs' unavailable time as VAVAILABILITYs), and for other programs a
  /// VAVAILABILITY of the time those hours leave them; a VFREEBUSY over the window with their
  /// address as ORGANIZER and UTC FREEBUSY periods typed BUSY, BUSY-TENTATIVE,
  /// BUSY-UNAVAILABLE (out of office) and X-FREETIME-UNKNOWN (time nobody knows about) — no
  /// summaries, attendees or locations. Read back, it gives the same free time, suggestions
  /// and home zone as the calendars it came from.
  public static func busy(_ people: [BusyPerson], window: Interval, stamp: Instant) -> String {
    Libical.setUp()
    var out = ""
    for person in people {
      let cal = newCalendar()
      defer { icalcomponent_free(cal) }
      func property(_ name: String, _ value: String, tzid: String? = nil) {
        let prop = icalproperty_new_x(value)!
        icalproperty_set_x_name(prop, name)
        if let tzid { icalproperty_add_parameter(prop, icalparameter_new_tzid(tzid)) }
        icalcomponent_add_property(cal, prop)
      }
      property("X-WR-CALNAME", person.name)
      if let zone = person.homeZone { property("X-WR-TIMEZONE", zone.name) }
      if let hours = person.outlookHours, let span = hours.spans.first {
        func clock(_ seconds: Int) -> String {
          let h = seconds / 3600
          let m = seconds / 60 % 60
          return (h < 10 ? "0\(h)" : "\(h)") + (m < 10 ? "0\(m)" : "\(m)") + "00"
        }
        let tzid = person.outlookZone?.name
        property("X-MS-OLK-WKHRSTART", clock(span.start), tzid: tzid)
        property("X-MS-OLK-WKHREND", clock(span.end), tzid: tzid)
        property(
          "X-MS-OLK-WKHRDAYS",
          hours.days.sorted().map { OutlookHours.dayCodes[$0] }.joined(separator: ","))
      }
      if let spans = person.statedSpans {
        property("X-FREETIME-HOURS", WorkingHours.describe(spans))
      }
      if let days = person.statedDays {
        let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        property("X-FREETIME-DAYS", days.sorted().map { names[$0] }.joined(separator: ","))
      }
      // A VTIMEZONE for each zone named that is not UTC.
      var named: [Zone] = []
      for zone in [person.homeZone, person.outlookZone, person.hoursZone].compactMap({ $0 })
      where !isUTC(zone) && !named.contains(where: { $0.name == zone.name }) {
        if zone.name == person.hoursZone.name
          && (person.unavailable != nil || person.available != nil)
          || Zone.lookUp(zone.name) == nil
        {
          named.append(zone)
        }
      }
      for zone in named { icalcomponent_add_component(cal, timezone(zone, around: window)) }
      let suffix = "\(compact(window.start))-\(compact(window.end))-\(fnv1a(person.name))"
      if let (firm, tentative) = person.unavailable {
        // One VAVAILABILITY for each BUSYTYPE, so that --tentative reads them as they were.
        if !firm.isEmpty || tentative.isEmpty {
          icalcomponent_add_component(
            cal,
            availability(
              FreeSlots.free(busy: firm, in: window), zone: person.hoursZone, window: window,
              uid: "freetime-hours-" + suffix, stamp: stamp))
        }
        if !tentative.isEmpty {
          let component = availability(
            FreeSlots.free(busy: tentative, in: window), zone: person.hoursZone,
            window: window, uid: "freetime-tentative-hours-" + suffix, stamp: stamp)
          let prop = icalproperty_new_x("BUSY-TENTATIVE")!
          icalproperty_set_x_name(prop, "BUSYTYPE")
          icalcomponent_add_property(component, prop)
          icalcomponent_add_component(cal, component)
        }
      }
      if let available = person.available {
        let component = availability(
          available, zone: person.hoursZone, window: window,
          uid: "freetime-derived-hours-" + suffix, stamp: stamp)
        let prop = icalproperty_new_x("TRUE")!
        icalproperty_set_x_name(prop, derivedAvailability)
        icalcomponent_add_property(component, prop)
        icalcomponent_add_component(cal, component)
      }
      let fb = icalcomponent_new(ICAL_VFREEBUSY_COMPONENT)!
      icalcomponent_add_property(fb, icalproperty_new_uid("freetime-busy-" + suffix))
      icalcomponent_add_property(fb, icalproperty_new_dtstamp(ICSTime.icaltime(utc: stamp)))
      icalcomponent_add_property(fb, icalproperty_new_dtstart(ICSTime.icaltime(utc: window.start)))
      icalcomponent_add_property(fb, icalproperty_new_dtend(ICSTime.icaltime(utc: window.end)))
      if let address = person.address {
        icalcomponent_add_property(
          fb, icalproperty_new_organizer("mailto:" + Invitation.bare(address)))
      }
      for (periods, type) in [
        (union(person.firm, within: window), ICAL_FBTYPE_BUSY),
        (union(person.tentative, within: window), ICAL_FBTYPE_BUSYTENTATIVE),
        (union(person.outOfOffice, within: window), ICAL_FBTYPE_BUSYUNAVAILABLE),
        (union(person.unknown, within: window), ICAL_FBTYPE_X),
      ] {
        for interval in periods {
          var period = icalperiodtype_null_period()
          period.start = ICSTime.icaltime(utc: interval.start)
          period.end = ICSTime.icaltime(utc: interval.end)
          let prop = icalproperty_new_freebusy(period)!
          if type == ICAL_FBTYPE_X {
            icalproperty_set_parameter_from_string(prop, "FBTYPE", unknownFBType)
          } else {
            icalproperty_add_parameter(prop, icalparameter_new_fbtype(type))
          }
          icalcomponent_add_property(fb, prop)
        }
      }
      icalcomponent_add_component(cal, fb)
      out += render(cal)
    }
    return out
  }

  static func isUTC(_ zone: Zone) -> Bool {
    zone.name == "UTC" || zone.name == "Etc/UTC" || zone.name == "GMT"
  }

  /// A VAVAILABILITY over the window whose AVAILABLE components are `available`, on the wall
  /// clock of `zone` (its VTIMEZONE is the caller's to add), in UTC where the wall clock
  /// cannot name the instant (the second pass of a fold).
  static func availability(
    _ available: [Interval], zone: Zone, window: Interval, uid: String, stamp: Instant
  ) -> OpaquePointer {
    let utc = isUTC(zone)
    func time(_ instant: Instant, start: Bool, into component: OpaquePointer) {
      let civil = LocalTimeResolver.civil(instant, in: zone)
      let named = !utc && LocalTimeResolver.instant(civil: civil, in: zone) == instant
      let value =
        named ? ICSTime.icaltime(civil: civil, isDate: false) : ICSTime.icaltime(utc: instant)
      let prop = start ? icalproperty_new_dtstart(value)! : icalproperty_new_dtend(value)!
      if named { icalproperty_add_parameter(prop, icalparameter_new_tzid(zone.name)) }
      icalcomponent_add_property(component, prop)
    }
    let vavailability = icalcomponent_new(ICAL_VAVAILABILITY_COMPONENT)!
    icalcomponent_add_property(vavailability, icalproperty_new_uid(uid))
    icalcomponent_add_property(
      vavailability, icalproperty_new_dtstamp(ICSTime.icaltime(utc: stamp)))
    time(window.start, start: true, into: vavailability)
    time(window.end, start: false, into: vavailability)
    for (index, interval) in union(available, within: window).enumerated() {
      let component = icalcomponent_new(ICAL_XAVAILABLE_COMPONENT)!
      icalcomponent_add_property(component, icalproperty_new_uid("\(index)-" + uid))
      icalcomponent_add_property(
        component, icalproperty_new_dtstamp(ICSTime.icaltime(utc: stamp)))
      time(interval.start, start: true, into: component)
      time(interval.end, start: false, into: component)
      icalcomponent_add_component(vavailability, component)
    }
    return vavailability
  }

  /// Sorted, merged intervals clipped to `window`.
  static func union(_ intervals: [Interval], within window: Interval) -> [Interval] {
    intervals.compactMap { $0.clamped(to: window) }.merged()
  }

  /// A deterministic UID for a slot: its UTC times and a hash of who is in it.
  public static func uid(for slot: Slot) -> String {
    let who = (slot.free + ["|"] + slot.rooms).joined(separator: "\u{1F}")
    return "freetime-\(compact(slot.interval.start))-\(compact(slot.interval.end))-\(fnv1a(who))"
  }

  static func compact(_ instant: Instant) -> String {
    let f = CivilTime.fields(instant)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(f.year)\(two(f.month))\(two(f.day))T\(two(f.hour))\(two(f.minute))\(two(f.second))Z"
  }

  /// 64-bit FNV-1a, as 16 hex digits.
  static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  private static func newCalendar() -> OpaquePointer {
    let cal = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
    icalcomponent_add_property(cal, icalproperty_new_version("2.0"))
    icalcomponent_add_property(cal, icalproperty_new_prodid("-//freetime//freetime//EN"))
    icalcomponent_add_property(cal, icalproperty_new_calscale("GREGORIAN"))
    return cal
  }

  /// The component as iCalendar text (libical's serializer). libical 3.0.16 folds a line whose
  /// value ends at the fold's column into a fold and a bare LF (`…\r\n \n`); that is the
  /// line's own CRLF end (RFC 5545 §3.1).
  static func render(_ cal: OpaquePointer) -> String {
    guard let raw = icalcomponent_as_ical_string_r(cal) else { return "" }
    defer { free(raw) }
    let text = UnsafeBufferPointer(
      start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var i = 0
    while i < text.count {
      if text[i] == 0x0D, i + 3 < text.count, text[i + 1] == 0x0A, text[i + 2] == 0x20,
        text[i + 3] == 0x0A
      {
        out += [0x0D, 0x0A]
        i += 4
        continue
      }
      out.append(text[i])
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A zone's VTIMEZONE around a time: an observance for each change of offset from a year
  /// before to a year after it (DTSTART on the wall clock before the change, RFC 5545
  /// §3.6.5), after one for the offset in force a year before; STANDARD for the smallest
  /// offset, DAYLIGHT for larger ones.
  static func timezone(_ zone: Zone, around: Interval) -> OpaquePointer {
    // The changes of offset, found day by day and then to the second (a zone a file defined
    // may not know its spans).
    let first = around.start - 366 * 86400
    let last = around.end + 366 * 86400
    var offset = zone.utcOffset(at: first)
    var spans: [(offset: Int, from: Instant)] = [(offset, first)]
    var probe = first
    while probe < last {
      let next = min(probe + 86400, last)
      guard zone.utcOffset(at: next) != offset else {
        probe = next
        continue
      }
      var (low, high) = (probe, next)
      while high - low > 1 {
        let middle = low + (high - low) / 2
        if zone.utcOffset(at: middle) == offset { low = middle } else { high = middle }
      }
      offset = zone.utcOffset(at: high)
      spans.append((offset, high))
      probe = high
    }
    let standard = spans.map(\.offset).min() ?? 0
    let tz = icalcomponent_new(ICAL_VTIMEZONE_COMPONENT)!
    icalcomponent_add_property(tz, icalproperty_new_tzid(zone.name))
    for (i, span) in spans.enumerated() {
      let before = i == 0 ? span.offset : spans[i - 1].offset
      let observance = icalcomponent_new(
        span.offset > standard ? ICAL_XDAYLIGHT_COMPONENT : ICAL_XSTANDARD_COMPONENT)!
      // The first observance starts at the midnight before the year this VTIMEZONE covers.
      let onset = span.from + Int64(before)
      let civil = i == 0 ? CivilTime.floorDiv(onset, 86400) * 86400 : onset
      icalcomponent_add_property(
        observance, icalproperty_new_dtstart(ICSTime.icaltime(civil: civil, isDate: false)))
      icalcomponent_add_property(observance, icalproperty_new_tzoffsetfrom(Int32(before)))
      icalcomponent_add_property(observance, icalproperty_new_tzoffsetto(Int32(span.offset)))
      icalcomponent_add_component(tz, observance)
    }
    return tz
  }
}
