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

  /// One VFREEBUSY covering `window`, with one FBTYPE=FREE period per slot, and a deterministic
  /// UID made of the window and the names of the people.
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
    for slot in slots {
      var period = icalperiodtype_null_period()
      period.start = ICSTime.icaltime(utc: slot.interval.start)
      period.end = ICSTime.icaltime(utc: slot.interval.end)
      let prop = icalproperty_new_freebusy(period)!
      icalproperty_add_parameter(prop, icalparameter_new_fbtype(ICAL_FBTYPE_FREE))
      icalcomponent_add_property(fb, prop)
    }
    icalcomponent_add_component(cal, fb)
    return render(cal)
  }

  /// One person's busy time as a VFREEBUSY (`freetime busy`): UID, DTSTAMP, the window as
  /// DTSTART/DTEND and UTC FREEBUSY periods typed BUSY, BUSY-TENTATIVE or BUSY-UNAVAILABLE (out
  /// of office) — no summaries,
  /// attendees or locations. Read back, it gives the same free time as the calendar it came
  /// from.
  ///
  /// Each person gets a VCALENDAR of their own, with their home zone as X-WR-TIMEZONE when their
  /// calendar had one, so working hours apply in the same zone when it is read back.
  public static func busy(_ people: [PersonCalendar], window: Interval, stamp: Instant) -> String {
    Libical.setUp()
    var out = ""
    for person in people {
      let cal = newCalendar()
      defer { icalcomponent_free(cal) }
      if let zone = person.homeZone {
        let prop = icalproperty_new_x(zone.name)!
        icalproperty_set_x_name(prop, "X-WR-TIMEZONE")
        icalcomponent_add_property(cal, prop)
      }
      let fb = icalcomponent_new(ICAL_VFREEBUSY_COMPONENT)!
      let uid =
        "freetime-busy-\(compact(window.start))-\(compact(window.end))-\(fnv1a(person.name))"
      icalcomponent_add_property(fb, icalproperty_new_uid(uid))
      icalcomponent_add_property(fb, icalproperty_new_dtstamp(ICSTime.icaltime(utc: stamp)))
      icalcomponent_add_property(fb, icalproperty_new_dtstart(ICSTime.icaltime(utc: window.start)))
      icalcomponent_add_property(fb, icalproperty_new_dtend(ICSTime.icaltime(utc: window.end)))
      // Time the calendar does not speak for is unknown, and unknown is not free: BUSY.
      let firm =
        BusyTime.firm(person.busy, less: person.tentative + person.outOfOffice)
        + person.unknownTime(in: window)
      for (periods, type) in [
        (union(firm, within: window), ICAL_FBTYPE_BUSY),
        (union(person.tentative, within: window), ICAL_FBTYPE_BUSYTENTATIVE),
        (union(person.outOfOffice, within: window), ICAL_FBTYPE_BUSYUNAVAILABLE),
      ] {
        for interval in periods {
          var period = icalperiodtype_null_period()
          period.start = ICSTime.icaltime(utc: interval.start)
          period.end = ICSTime.icaltime(utc: interval.end)
          let prop = icalproperty_new_freebusy(period)!
          icalproperty_add_parameter(prop, icalparameter_new_fbtype(type))
          icalcomponent_add_property(fb, prop)
        }
      }
      icalcomponent_add_component(cal, fb)
      out += render(cal)
    }
    return out
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

  private static func render(_ cal: OpaquePointer) -> String {
    guard let raw = icalcomponent_as_ical_string_r(cal) else { return "" }
    defer { free(raw) }
    return String(cString: raw)
  }
}
