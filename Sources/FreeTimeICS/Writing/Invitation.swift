internal import CLibical
import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// A meeting to book (`freetime book`): written as an iTIP request (RFC 5546 §3.2.2) or, for a
/// calendar directory, as the plain event.
public struct Invitation: Sendable {
  public struct Attendee: Sendable {
    public enum Kind: Sendable { case required, optional, room }
    public var name: String
    public var address: String
    public var kind: Kind

    public init(name: String, address: String, kind: Kind) {
      self.name = name
      self.address = address
      self.kind = kind
    }
  }

  public var uid: String
  public var stamp: Instant
  public var interval: Interval
  /// DTSTART and DTEND are written in this zone with its VTIMEZONE (UTC: with `Z`).
  public var zone: Zone
  public var title: String
  public var description: String?
  public var location: String?
  public var organizer: String
  public var attendees: [Attendee]
  /// How the meeting repeats (`book --repeat`), nil for one meeting.
  public var recurrence: Recurrence?
  /// SEQUENCE (RFC 5545 §3.8.7.4): 0 for a new meeting, one more for each change.
  public var sequence = 0
  /// STATUS:CANCELLED instead of CONFIRMED (`book --cancel`, RFC 5546 §3.2.5).
  public var cancelled = false
  /// The original start of the one occurrence this VEVENT changes (RECURRENCE-ID, RFC 5545
  /// §3.8.4.4), nil for the whole meeting.
  public var recurrenceID: Instant?

  /// The iTIP method of the message (RFC 5546 §1.4).
  public enum Method: Sendable { case request, cancel }

  /// A recurring meeting (docs/GUIDE.md, Recurring meetings): `interval` is its first occurrence.
  public struct Recurrence: Sendable {
    /// The RRULE value (RFC 5545 §3.3.10), as `Repetition.rule` writes it.
    public var rule: String
    /// The occurrences left out (EXDATE, RFC 5545 §3.8.5.1), as the rule names them: civil
    /// seconds on the zone's wall clock (UTC for a UTC zone).
    public var exceptions: [Int64]
    /// Where the last occurrence ends: the VTIMEZONE covers every occurrence.
    public var end: Instant

    public init(rule: String, exceptions: [Int64], end: Instant) {
      self.rule = rule
      self.exceptions = exceptions
      self.end = end
    }
  }

  public init(
    uid: String, stamp: Instant, interval: Interval, zone: Zone, title: String,
    description: String?, location: String?, organizer: String, attendees: [Attendee],
    recurrence: Recurrence? = nil
  ) {
    self.recurrence = recurrence
    self.uid = uid
    self.stamp = stamp
    self.interval = interval
    self.zone = zone
    self.title = title
    self.description = description
    self.location = location
    self.organizer = organizer
    self.attendees = attendees
  }

  /// The CAL-ADDRESS of an address (RFC 5545 §3.3.3): `mailto:` and the address, or another
  /// URI as it is (`urn:uuid:…`, which a server names people by when it knows no e-mail).
  static func uri(_ address: String) -> String {
    let bare = Invitation.bare(address)
    let lower = bare.lowercased()
    if !bare.contains("@")
      && (lower.hasPrefix("urn:") || lower.hasPrefix("http:") || lower.hasPrefix("https:"))
    {
      return bare
    }
    return "mailto:" + bare
  }

  /// An address without `mailto:` (in any case), for `mailto:` to be put in front once.
  static func bare(_ address: String) -> String {
    address.lowercased().hasPrefix("mailto:") ? String(address.dropFirst(7)) : address
  }

  /// Whether the zone's wall clock names `instant` unambiguously: a reading in a fold names
  /// its first occurrence (RFC 5545 §3.3.5), so the second cannot be written on the wall clock.
  func onWallClock(_ instant: Instant) -> Bool {
    LocalTimeResolver.instant(civil: LocalTimeResolver.civil(instant, in: zone), in: zone)
      == instant
  }

  /// The VCALENDAR: with `METHOD:REQUEST` for the invitation, without it for the copy in one
  /// attendee's calendar directory (`owner`: their address). The organizer's ATTENDEE is
  /// ACCEPTED (RSVP=FALSE), and in a copy so is its owner's: the meeting is theirs and reads as
  /// busy however `--tentative` is set. Everyone else keeps NEEDS-ACTION until they answer
  /// (RFC 5546 §3.2.2).
  public func ics(method: Bool, owner: String? = nil) -> String {
    ics(method ? .request : nil, owner: owner)
  }

  /// `ics(method:owner:)` with the message's method (nil: the copy in a calendar directory).
  public func ics(_ method: Method?, owner: String? = nil) -> String {
    Libical.setUp()
    let cal = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
    defer { icalcomponent_free(cal) }
    icalcomponent_add_property(cal, icalproperty_new_version("2.0"))
    icalcomponent_add_property(cal, icalproperty_new_prodid("-//freetime//freetime//EN"))
    icalcomponent_add_property(cal, icalproperty_new_calscale("GREGORIAN"))
    switch method {
    case .request?: icalcomponent_add_property(cal, icalproperty_new_method(ICAL_METHOD_REQUEST))
    case .cancel?: icalcomponent_add_property(cal, icalproperty_new_method(ICAL_METHOD_CANCEL))
    case nil: break
    }
    // UTC for --tz UTC, and for a meeting that starts or ends in the second pass of a fold (a
    // recurring one never does: `book --repeat` refuses it, as its rule repeats the wall clock).
    let utc =
      ICSWriter.isUTC(zone)
      || !onWallClock(interval.start) || !onWallClock(interval.end)
    if !utc { icalcomponent_add_component(cal, timezone()) }
    let event = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
    icalcomponent_add_property(event, icalproperty_new_uid(uid))
    icalcomponent_add_property(event, icalproperty_new_dtstamp(ICSTime.icaltime(utc: stamp)))
    for (instant, isStart) in [(interval.start, true), (interval.end, false)] {
      let prop: OpaquePointer
      if utc {
        let time = ICSTime.icaltime(utc: instant)
        prop = isStart ? icalproperty_new_dtstart(time)! : icalproperty_new_dtend(time)!
      } else {
        let time = ICSTime.icaltime(
          civil: LocalTimeResolver.civil(instant, in: zone), isDate: false)
        prop = isStart ? icalproperty_new_dtstart(time)! : icalproperty_new_dtend(time)!
        icalproperty_add_parameter(prop, icalparameter_new_tzid(zone.name))
      }
      icalcomponent_add_property(event, prop)
    }
    if let recurrenceID {
      // In the form of DTSTART (RFC 5545 §3.8.4.4): in this zone with its TZID, or in UTC.
      let prop: OpaquePointer
      if utc {
        prop = icalproperty_new_recurrenceid(ICSTime.icaltime(utc: recurrenceID))!
      } else {
        prop = icalproperty_new_recurrenceid(
          ICSTime.icaltime(civil: LocalTimeResolver.civil(recurrenceID, in: zone), isDate: false))!
        icalproperty_add_parameter(prop, icalparameter_new_tzid(zone.name))
      }
      icalcomponent_add_property(event, prop)
    }
    if let recurrence {
      let rule = recurrence.rule.withCString { icalrecurrencetype_from_string($0) }
      icalcomponent_add_property(event, icalproperty_new_rrule(rule))
      for civil in recurrence.exceptions {
        // In the form of DTSTART (RFC 5545 §3.8.5.1): with its TZID, or in UTC.
        let prop = icalproperty_new_exdate(
          utc ? ICSTime.icaltime(utc: civil) : ICSTime.icaltime(civil: civil, isDate: false))!
        if !utc { icalproperty_add_parameter(prop, icalparameter_new_tzid(zone.name)) }
        icalcomponent_add_property(event, prop)
      }
    }
    icalcomponent_add_property(event, icalproperty_new_summary(title))
    if let description {
      icalcomponent_add_property(event, icalproperty_new_description(description))
    }
    if let location { icalcomponent_add_property(event, icalproperty_new_location(location)) }
    icalcomponent_add_property(
      event, icalproperty_new_organizer(Invitation.uri(organizer)))
    for attendee in attendees {
      let prop = icalproperty_new_attendee(Invitation.uri(attendee.address))!
      if !attendee.name.isEmpty {
        icalproperty_add_parameter(prop, icalparameter_new_cn(attendee.name))
      }
      switch attendee.kind {
      case .required:
        icalproperty_add_parameter(prop, icalparameter_new_role(ICAL_ROLE_REQPARTICIPANT))
      case .optional:
        icalproperty_add_parameter(prop, icalparameter_new_role(ICAL_ROLE_OPTPARTICIPANT))
      case .room:
        icalproperty_add_parameter(prop, icalparameter_new_role(ICAL_ROLE_NONPARTICIPANT))
      }
      let address = Invitation.bare(attendee.address).lowercased()
      let accepted =
        address == Invitation.bare(organizer).lowercased()
        || (method == nil && owner.map { Invitation.bare($0).lowercased() == address } == true)
      icalproperty_add_parameter(
        prop,
        icalparameter_new_partstat(accepted ? ICAL_PARTSTAT_ACCEPTED : ICAL_PARTSTAT_NEEDSACTION))
      icalproperty_add_parameter(
        prop, icalparameter_new_rsvp(accepted ? ICAL_RSVP_FALSE : ICAL_RSVP_TRUE))
      icalproperty_add_parameter(
        prop,
        icalparameter_new_cutype(attendee.kind == .room ? ICAL_CUTYPE_ROOM : ICAL_CUTYPE_INDIVIDUAL)
      )
      icalcomponent_add_property(event, prop)
    }
    icalcomponent_add_property(event, icalproperty_new_sequence(Int32(sequence)))
    icalcomponent_add_property(
      event, icalproperty_new_status(cancelled ? ICAL_STATUS_CANCELLED : ICAL_STATUS_CONFIRMED))
    icalcomponent_add_property(event, icalproperty_new_transp(ICAL_TRANSP_OPAQUE))
    icalcomponent_add_component(cal, event)
    return ICSWriter.render(cal)
  }

  /// The zone's VTIMEZONE around the meeting, up to the end of its last occurrence
  /// (`ICSWriter.timezone`).
  func timezone() -> OpaquePointer {
    ICSWriter.timezone(
      zone, around: Interval(interval.start, max(interval.end, recurrence?.end ?? interval.end)))
  }
}
