import FreeTimeCore

/// What one VEVENT (or RFC 7953 AVAILABLE) says, in plain values, before anything is decided:
/// filled from its bytes by `EventDescription.plain(_:preRead:)` for the commonest events, or from
/// libical's parse for everything else (`LibicalEvent`), and turned into busy time by one
/// function, `EventInterpreter.contribution()`. `SimpleEventTests` checks that the two fillers
/// describe every event the fast one takes alike.
struct EventDescription: Equatable {
  /// UID as TEXT (escapes decoded).
  var uid: String?
  var revision = Revision(sequence: 0, stamp: Int64.min)
  /// STATUS:CANCELLED, STATUS:TENTATIVE, TRANSP:TRANSPARENT (or TRANSPARENT-NOCONFLICT).
  var cancelled = false
  /// An iTIP CANCEL (a VEVENT of a VCALENDAR with METHOD:CANCEL, RFC 5546 §3.2.5): cancelled,
  /// and newer than every version of its UID with the same SEQUENCE.
  var cancels = false
  /// Whether it is an AVAILABLE of a VAVAILABILITY (RFC 7953): time the person is available,
  /// which no rule of what an event blocks (status, TRANSP, replies, `--all-day`) touches.
  var isAvailable = false
  /// Whether its VCALENDAR is an iTIP message (it has a METHOD), where DTSTART is optional.
  var inMessage = false
  var tentative = false
  var transparent = false
  /// Outlook's show-as, and the calendar owner's reply when the owner is an ATTENDEE.
  var showAs: ShowAs?
  var reply: Reply?
  /// SUMMARY, read only for `--explain`.
  var summary: String?

  var start: Written<WrittenTime> = .absent
  /// DTEND; one that cannot be read (`.dropped`, `.unreadable`) makes the end unknown
  /// (`EventInterpreter.length(of:)`).
  var end: Written<WrittenTime> = .absent
  /// DURATION; `.unreadable` is a value libical read as a bad duration.
  var duration: Written<WrittenDuration> = .absent
  var recurrenceID: Written<WrittenTime> = .absent
  /// RANGE=THISANDFUTURE on the RECURRENCE-ID (RFC 5545 §3.8.4.4).
  var thisAndFuture = false
  /// RRULEs in order; a rule libical read without a frequency has `frequency` nil.
  var rules: [RecurrenceRule] = []
  var rdates: [RecurrenceDate] = []
  var exdates: [WrittenTime] = []
  /// Properties libical's parser dropped as unreadable, in order: their names (`.none` for a
  /// line without a name) and values.
  var dropped: [DroppedProperty] = []
  /// Where the component and its properties begin.
  var lines = PropertyLines()

  /// An RDATE value (RFC 5545 §3.8.5.2): a date or date-time, or a PERIOD.
  enum RecurrenceDate: Equatable {
    case time(WrittenTime)
    /// `end` is nil when the period gives a duration (or libical read no end).
    case period(start: WrittenTime, end: WrittenTime?, duration: WrittenDuration)
  }

  /// A property dropped as unreadable: by libical's parser (it left an X-LIC-ERROR, and no line
  /// number), or by the one value reader before it (`ValueCheck`, with its line).
  struct DroppedProperty: Equatable {
    var name: PropertyName
    var value: String
    var line: Int? = nil
  }
}

extension EventDescription {
  /// Takes what the pre-pass read itself: UID, revision, STATUS, TRANSP, show-as, reply, and
  /// whether it is an iTIP CANCEL.
  mutating func take(_ preRead: PreRead) {
    // An instance an iTIP ADD adds is no version of the event it names: read as an event of its
    // own (no UID to compare versions by).
    uid = preRead.adds ? nil : preRead.uid
    revision = preRead.revision
    // An answer to an invitation is older than every other version of its event: it is read
    // only where it is the one there is (it copies the time, or proposes another).
    if preRead.answers { revision.sequence = Int(Int32.min) }
    (cancelled, tentative, transparent) = preRead.statusAndTransparency
    showAs = preRead.showAs
    reply = preRead.reply
    inMessage = preRead.inMessage
    if preRead.cancels {
      cancels = true
      cancelled = true
      revision.stamp = .max
    }
  }

  /// Takes the values refused before libical read the event (`ValueCheck`): a DTSTART, DTEND,
  /// DURATION or RECURRENCE-ID refused is `.dropped`.
  mutating func refuse(_ values: [DroppedProperty]) {
    for refused in values {
      dropped.append(refused)
      switch refused.name {
      case .dtstart: start = .dropped
      case .dtend: end = .dropped
      case .duration: duration = .dropped
      case .recurrenceID: recurrenceID = .dropped
      default: break
      }
    }
  }

  /// Calls `body` with each time the event writes, in order: DTSTART, DTEND, RECURRENCE-ID, the
  /// RDATEs (a period's start and end) and the EXDATEs, until it returns false.
  @inline(__always)
  func forEachTime(_ body: (WrittenTime) throws -> Bool) rethrows {
    if case .value(let time) = start, try !body(time) { return }
    if case .value(let time) = end, try !body(time) { return }
    if case .value(let time) = recurrenceID, try !body(time) { return }
    for rdate in rdates {
      switch rdate {
      case .time(let time):
        if try !body(time) { return }
      case .period(let start, let end, _):
        if try !body(start) { return }
        if let end, try !body(end) { return }
      }
    }
    for time in exdates where try !body(time) { return }
  }

  /// The zone the event's times name (docs/ARCHITECTURE.md, Where the standards are silent):
  /// UTC or the zone of the first of DTSTART, DTEND, RECURRENCE-ID, the RDATEs and the EXDATEs
  /// that is UTC or whose TZID is known; nil when none is. Its floating date-times (and those
  /// whose TZID is unknown) are read in it (`EventInterpreter.floatingZone`), and only an event
  /// without it reads the home zone for them (`readsHomeZone`).
  ///
  /// - Throws: `TimeValue.UnknownZone` for a TZID not defined yet, met before a zone is found
  ///   (with `deferUnknown`).
  func zoneOfItsTimes(zones: ZoneTable, deferUnknown: Bool) throws -> TimeValue.Kind? {
    var found: TimeValue.Kind? = nil
    try forEachTime { time in
      guard time.isReadable, !time.isDate else { return true }
      if time.isUTC {
        found = .utc
        return false
      }
      guard let tzid = time.tzid else { return true }
      if let zone = zones.zone(for: tzid) {
        found = .zoned(zone)
        return false
      }
      if deferUnknown { throw TimeValue.UnknownZone(tzid: tzid) }
      return true
    }
    return found
  }

  /// The line of the first property of this kind: a refused one's, else the first kept.
  func line(of kind: PropertyName) -> Int {
    dropped.first { $0.name == kind && $0.line != nil }?.line ?? lines[kind]
  }
}
