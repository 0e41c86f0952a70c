import FreeTimeCore

/// The person's own working hours as their calendars give them (docs/GUIDE.md, Usage: --hours):
/// Outlook's (X-MS-OLK-WKHR*) and their VAVAILABILITYs' (RFC 7953), whose unavailable time
/// replaces `--hours` for them.
struct OwnHours {
  /// Outlook's working hours, as read from the calendars.
  var outlook = OutlookHours()
  /// The zone of the first VAVAILABILITY whose times name one.
  var availabilityZone: Zone?
  /// Whether the calendar has a VAVAILABILITY (its hours replace `--hours`), and the time it
  /// leaves unavailable.
  var hasAvailability = false
  /// The unavailable time of VAVAILABILITYs with BUSYTYPE:BUSY-TENTATIVE, whatever
  /// `--tentative` says, and of the others.
  var tentativeUnavailable: [Interval] = []
  var firmUnavailable: [Interval] = []

  /// The time unavailable: BUSY-TENTATIVE's only when tentative time blocks (`--tentative`).
  func unavailable(tentative: BusyOrFree) -> [Interval] {
    tentative == .busy ? firmUnavailable + tentativeUnavailable : firmUnavailable
  }
  /// Hours and days the calendar states for its person as the people file would
  /// (`X-FREETIME-HOURS`, `X-FREETIME-DAYS`: `freetime busy` writes them).
  var statedSpans: [WorkingHours.Span]?
  var statedDays: Set<Int>?

  /// Takes a VCALENDAR-level X-FREETIME-HOURS or X-FREETIME-DAYS (others are left alone); the
  /// warning when its value cannot be read.
  mutating func takeStated(_ line: ContentLine) -> String? {
    let name = line.name.uppercased()
    guard name == "X-FREETIME-HOURS" || name == "X-FREETIME-DAYS" else { return nil }
    let value = String(decoding: line.strippedValue, as: UTF8.self)
    if name == "X-FREETIME-HOURS" {
      guard let spans = WorkingHours.parseSpans(value) else {
        return "\(name) '\(Sanitize.text(value, limit: 40))' is not a list of hours; ignored"
      }
      statedSpans = spans
    } else {
      guard let days = WorkingHours.parseDays(value) else {
        return "\(name) '\(Sanitize.text(value, limit: 40))' does not name days; ignored"
      }
      statedDays = days
    }
    return nil
  }

  /// The zone of the person's own working hours: Outlook's, when they can be read and their
  /// TZID names a zone, else the first VAVAILABILITY's.
  var zone: Zone? {
    if outlook.isRead, let zone = outlook.zone { return zone }
    return availabilityZone
  }
}
