/// The property and component names the reader tells apart (`ContentLine.kind`); `.none` for a
/// line without a name (it starts with `;` or `:`), `.other` for every other name.
enum PropertyName: UInt8 {
  case none, other
  case begin, end
  case dtstart, dtend, duration, recurrenceID, rrule, rdate, exdate
  case uid, status, transp, sequence, dtstamp, summary
  case freebusy, xwrTimezone
  case attendee, busyStatus, intendedStatus, calendarName, owner, calStart, calEnd
  case organizer

  /// The kind of the name `bytes[0..<count]`, letters in any case: the one candidate its length
  /// and first letter leave, compared byte by byte.
  init(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) {
    func upper(_ i: Int) -> UInt8 {
      let b = bytes[i]
      return b >= 0x61 && b <= 0x7A ? b - 0x20 : b
    }
    guard count > 0 else {
      self = .none
      return
    }
    let candidate: PropertyName
    switch (count, upper(0)) {
    case (3, UInt8(ascii: "E")): candidate = .end
    case (3, UInt8(ascii: "U")): candidate = .uid
    case (5, UInt8(ascii: "B")): candidate = .begin
    case (5, UInt8(ascii: "D")): candidate = .dtend
    case (5, UInt8(ascii: "R")): candidate = upper(1) == UInt8(ascii: "R") ? .rrule : .rdate
    case (6, UInt8(ascii: "E")): candidate = .exdate
    case (6, UInt8(ascii: "S")): candidate = .status
    case (6, UInt8(ascii: "T")): candidate = .transp
    case (7, UInt8(ascii: "D")): candidate = upper(5) == UInt8(ascii: "R") ? .dtstart : .dtstamp
    case (7, UInt8(ascii: "S")): candidate = .summary
    case (8, UInt8(ascii: "D")): candidate = .duration
    case (8, UInt8(ascii: "F")): candidate = .freebusy
    case (8, UInt8(ascii: "S")): candidate = .sequence
    case (13, UInt8(ascii: "R")): candidate = .recurrenceID
    case (13, UInt8(ascii: "X")): candidate = .xwrTimezone
    case (8, UInt8(ascii: "A")): candidate = .attendee
    case (9, UInt8(ascii: "O")): candidate = .organizer
    case (26, UInt8(ascii: "X")): candidate = .busyStatus
    case (30, UInt8(ascii: "X")): candidate = .intendedStatus
    case (12, UInt8(ascii: "X")): candidate = .calendarName
    case (7, UInt8(ascii: "X")): candidate = .owner
    case (10, UInt8(ascii: "X")): candidate = .calStart
    case (8, UInt8(ascii: "X")): candidate = .calEnd
    default:
      self = .other
      return
    }
    let spelling = candidate.spelling.utf8Start
    for i in 1..<count where upper(i) != spelling[i] {
      self = .other
      return
    }
    self = candidate
  }

  /// The kind of a name given as text (libical's messages name properties).
  init(_ name: String) {
    let bytes = Array(name.utf8)
    self = bytes.withUnsafeBufferPointer { PropertyName($0, count: $0.count) }
  }

  /// The name as iCalendar writes it (upper case); empty for `.none` and `.other`.
  var spelling: StaticString {
    switch self {
    case .none, .other: ""
    case .begin: "BEGIN"
    case .end: "END"
    case .dtstart: "DTSTART"
    case .dtend: "DTEND"
    case .duration: "DURATION"
    case .recurrenceID: "RECURRENCE-ID"
    case .rrule: "RRULE"
    case .rdate: "RDATE"
    case .exdate: "EXDATE"
    case .uid: "UID"
    case .status: "STATUS"
    case .transp: "TRANSP"
    case .sequence: "SEQUENCE"
    case .dtstamp: "DTSTAMP"
    case .summary: "SUMMARY"
    case .freebusy: "FREEBUSY"
    case .xwrTimezone: "X-WR-TIMEZONE"
    case .attendee: "ATTENDEE"
    case .busyStatus: "X-MICROSOFT-CDO-BUSYSTATUS"
    case .intendedStatus: "X-MICROSOFT-CDO-INTENDEDSTATUS"
    case .calendarName: "X-WR-CALNAME"
    case .owner: "X-OWNER"
    case .calStart: "X-CALSTART"
    case .calEnd: "X-CALEND"
    case .organizer: "ORGANIZER"
    }
  }

  /// DTSTART, DTEND, DURATION and RECURRENCE-ID: RFC 5545 allows one of each in an event.
  var singletonBit: UInt8 {
    switch self {
    case .dtstart: 1
    case .dtend: 2
    case .duration: 4
    case .recurrenceID: 8
    default: 0
    }
  }

  /// Properties an event's description is made of (UID, STATUS, TRANSP, SEQUENCE and DTSTAMP
  /// are read by the pre-pass, `PreRead`; everything else is skipped unparsed).
  var isForLibicalInEvent: Bool {
    switch self {
    case .begin, .end, .dtstart, .dtend, .duration, .rrule, .rdate, .exdate, .recurrenceID: true
    default: false
    }
  }

  /// Properties whose date and time values are checked before libical sees them.
  var isTime: Bool {
    switch self {
    case .dtstart, .dtend, .recurrenceID, .exdate, .rdate: true
    default: false
    }
  }

  /// Properties a VFREEBUSY keeps.
  var isForFreeBusy: Bool {
    switch self {
    case .begin, .end, .uid, .dtstart, .dtend, .freebusy: true
    default: false
    }
  }
}
