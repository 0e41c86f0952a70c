import FreeTimeCore

/// What one VCALENDAR (RFC 5545 §3.4) holds while it is read: its owner, its iTIP method, the
/// time it covers, its zones and home zone, and the events that wait for a VTIMEZONE defined
/// later in it. Each VCALENDAR begins a new one (`FileReader.startCalendar`); the component
/// readers read in it (`ComponentReader`).
struct CalendarScope {
  /// The owner of the VCALENDAR, whose replies to invitations count.
  var owner: OwnerHint
  /// Its METHOD, if it is an iTIP message.
  var method = ITIPMethod()
  /// What the VCALENDAR says about the time it covers.
  var coverage = CalendarCoverage()
  /// The VTIMEZONEs it defined so far.
  var zones = ZoneTable()
  /// The zone its floating times and DATEs are read in.
  var home: Zone
  /// Whether the home zone is this VCALENDAR's X-WR-TIMEZONE.
  var homeFromCalendar = false
  /// An X-WR-TIMEZONE no system zone has, with its line: a VTIMEZONE of that TZID read before
  /// the first other component makes it the home zone (a producer's custom zone).
  var pendingZone: (name: String, line: Int)? = nil
  /// Its top-level components read so far.
  var components = 0
  /// A bare component read as if inside a VCALENDAR.
  var implicit = false
  /// Events waiting for a VTIMEZONE defined later in the VCALENDAR.
  var deferred: [([ContentLine], ComponentState)] = []

  init(owner: OwnerHint, home: Zone) {
    self.owner = owner
    self.home = home
  }

  /// X-WR-CALNAME or X-OWNER naming the calendar's owner, when it is an address and nothing
  /// stronger named one (`OwnerSource`).
  mutating func readOwner(_ line: ContentLine, source: OwnerSource) {
    guard source > owner.source, let address = OwnerAddress(line.value) else { return }
    owner = OwnerHint(address: address, source: source)
  }

  /// The zone a floating time of a line read without libical is in (a VFREEBUSY's, X-CALSTART,
  /// X-CALEND): its TZID's, though RFC 5545 wants these in UTC, else the home zone; an unknown
  /// TZID is the home zone with a warning (for `file`), as an event's.
  func zone(of line: ContentLine, file: String, diagnostics: inout [Diagnostic]) -> Zone {
    guard var tzid = line.parameter("TZID") else { return home }
    if tzid.count >= 2, tzid.first == 0x22, tzid.last == 0x22 {
      tzid = tzid.dropFirst().dropLast()
    }
    let name = String(decoding: tzid, as: UTF8.self)
    if let zone = zones.zone(for: name) { return zone }
    diagnostics.append(
      Diagnostic(
        file: file, line: line.number,
        message:
          "unknown time zone '\(Sanitize.text(name, limit: 80))'; read in the calendar's home zone \(home.name)"
      ))
    return home
  }
}
