import FreeTimeCore

/// Outlook's working hours, written at the top of its calendar exports (not RFC 5545):
/// `X-MS-OLK-WKHRSTART;TZID="W. Europe Standard Time":080000`, `X-MS-OLK-WKHREND` the same, and
/// `X-MS-OLK-WKHRDAYS:MO,TU,WE,TH,FR`. They are the person's own working hours, like a
/// VAVAILABILITY (docs/GUIDE.md, Usage: --hours).
struct OutlookHours {
  var start: Int?
  var end: Int?
  var days: Set<Int>?
  /// The zone of the TZID on the start or end, when it names one; the TZID itself, for a zone
  /// its VCALENDAR defines (an Outlook custom zone, looked up at its end).
  var zone: Zone?
  var tzid: String?
  /// Whether a line could not be read: then none of them counts.
  var unreadable = false

  /// Takes one VCALENDAR-level line of Outlook's working hours (others are left alone); the
  /// warning when its value cannot be read.
  mutating func take(_ line: ContentLine) -> String? {
    let name = line.name.uppercased()
    guard name.hasPrefix("X-MS-OLK-WKHR") else { return nil }
    let value = String(decoding: line.strippedValue, as: UTF8.self)
    let shown = "\(name) '\(Sanitize.text(value, limit: 40))'"
    switch name {
    case "X-MS-OLK-WKHRSTART", "X-MS-OLK-WKHREND":
      guard let seconds = OutlookHours.clock(value) else {
        return "\(shown) is not a time (HHMMSS); Outlook's working hours are not read"
      }
      if name == "X-MS-OLK-WKHRSTART" { start = seconds } else { end = seconds }
      if zone == nil, let tzid = line.parameter("TZID") {
        let text = String(decoding: tzid.filter { $0 != 0x22 }, as: UTF8.self)
        self.tzid = text
        zone = Zone.lookUp(text)
      }
    case "X-MS-OLK-WKHRDAYS":
      let codes = OutlookHours.dayCodes
      let items = value.uppercased().split(separator: ",").map {
        String($0).trimmingWhitespace()
      }
      let set = Set(items.compactMap { codes.firstIndex(of: $0) })
      guard !items.isEmpty, set.count == Set(items).count else {
        return "\(shown) does not name weekdays (MO,TU,…); Outlook's working hours are not read"
      }
      days = set
    default:
      break
    }
    return nil
  }

  /// X-MS-OLK-WKHRDAYS's weekdays, Sunday (0) first.
  static let dayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

  /// `HHMMSS` (or `HHMM`) as seconds after midnight.
  private static func clock(_ text: String) -> Int? {
    let digits = Array(text.utf8.prefix { $0 >= 0x30 && $0 <= 0x39 })
    guard digits.count == 6 || digits.count == 4 else { return nil }
    let n = digits.map { Int($0 - 0x30) }
    let h = n[0] * 10 + n[1]
    let m = n[2] * 10 + n[3]
    guard h <= 24, m < 60, h < 24 || m == 0 else { return nil }
    return h * 3600 + m * 60
  }

  /// Whether a start and an end different from it were read, and nothing unreadable.
  var isRead: Bool {
    guard !unreadable, let start, let end else { return false }
    return start != end && start < 86_400
  }

  /// The working hours, when a start and an end different from it were read (Monday to Friday
  /// without X-MS-OLK-WKHRDAYS).
  var hours: WorkingHours? {
    guard isRead, let start, let end else { return nil }
    return WorkingHours(
      spans: [WorkingHours.Span(start: start, end: end)], days: days ?? [1, 2, 3, 4, 5])
  }
}
