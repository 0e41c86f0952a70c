import FreeTimeCore

/// What a VCALENDAR's METHOD (RFC 5546 §1.4) says about the VEVENTs in it: copied into each
/// component's `ComponentState` when it begins, applied in `EventDescription.take`.
struct ITIPMethod {
  /// Whether the VCALENDAR has a METHOD (RFC 5546): events need no DTSTART there.
  var inMessage = false
  /// Whether it is an iTIP CANCEL (METHOD:CANCEL, RFC 5546 §3.2.5): each VEVENT in it cancels
  /// the event or instance it names.
  var cancels = false
  /// Whether it answers an invitation (METHOD:REPLY, COUNTER, DECLINECOUNTER or REFRESH, RFC
  /// 5546 §3.2): its VEVENTs are no newer versions of the events they answer.
  var answers = false
  /// Whether it is an iTIP ADD (RFC 5546 §3.2.4): each VEVENT in it is an instance added to the
  /// event it names, not a new version of that event.
  var adds = false

  /// The iTIP methods whose VEVENTs answer an invitation (RFC 5546 §3.2.3, §3.2.6, §3.2.7,
  /// §3.2.8): an attendee's reply, a request for the latest version, a counter-proposal and its
  /// refusal. None is the event's newest version (a reply copies its time or leaves it out, a
  /// counter proposes another time).
  static let answeringMethods: Set<String> = ["REPLY", "REFRESH", "COUNTER", "DECLINECOUNTER"]

  /// No METHOD: a calendar, not an iTIP message.
  init() {}

  /// A METHOD's value, in upper case.
  init(_ method: String) {
    inMessage = true
    cancels = method == "CANCEL"
    adds = method == "ADD"
    answers = ITIPMethod.answeringMethods.contains(method)
  }

  /// `freetime check`'s note on how the events of a VCALENDAR with METHOD `method` (this one's,
  /// in upper case) are read; nil when they are read as any calendar's.
  func meaning(_ method: String) -> String? {
    if cancels {
      "METHOD:CANCEL (RFC 5546 §3.2.5): an iTIP message, not a calendar; its events are not busy time: each cancels the event or instance it names by UID and RECURRENCE-ID in the calendars read with it, unless a version with a higher SEQUENCE is read"
    } else if adds {
      "METHOD:ADD (RFC 5546 §3.2.4): each event here is an instance added to the event it names, read as an event of its own"
    } else if answers {
      "METHOD:\(Sanitize.text(method, limit: 20)) (RFC 5546 §3.2): an iTIP message, not a calendar; the events here answer an invitation (freetime replies UID shows the answers): each is older than every other version of its event (by UID and RECURRENCE-ID), and read as an event only where it is the one there is"
    } else {
      nil
    }
  }
}
