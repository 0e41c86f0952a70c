import FreeTimeCore

/// What one VEVENT (or RFC 7953 AVAILABLE) says, in plain values, before anything is decided:
/// filled from its bytes by `EventDescription(plain:)` for the commonest events, or from
/// libical's parse for everything else (`LibicalEvent`), and turned into busy time by one
/// function, `EventInterpreter.contribution()`. `DescriptionTests` checks that the two fillers
/// describe every event the fast one takes alike.
struct EventDescription: Equatable {
  /// UID as TEXT (escapes decoded).
  var uid: String?
  var revision = Revision(sequence: 0, stamp: Int64.min)
  /// STATUS:CANCELLED, STATUS:TENTATIVE, TRANSP:TRANSPARENT (or TRANSPARENT-NOCONFLICT).
  var cancelled = false
  var tentative = false
  var transparent = false
  /// SUMMARY, read only for `--explain`.
  var summary: String?

  var start: Written<WrittenTime> = .absent
  /// DTEND; a DTEND libical dropped counts as absent.
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

  struct DroppedProperty: Equatable {
    var name: PropertyName
    var value: String
  }
}

/// Where a component's lines are, for messages: the line it begins on, and the first line of
/// each property. Looked up only when a message or an override needs a line.
struct PropertyLines: Equatable {
  private var lines: [ContentLine] = []

  init() {}

  /// From the component's lines as the pre-pass kept them.
  init(_ lines: [ContentLine]) { self.lines = lines }

  /// The line the component begins on.
  var begin: Int { lines.first?.number ?? 0 }

  /// Whether a line of this kind is among the component's lines.
  func has(_ kind: PropertyName) -> Bool { lines.contains { $0.kind == kind } }

  /// The first line of this kind, else the component's first line.
  subscript(_ kind: PropertyName) -> Int { lines.first { $0.kind == kind }?.number ?? begin }
}
