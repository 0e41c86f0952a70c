import FreeTimeCore

/// Outlook's working hours, written at the top of its calendar exports (not RFC 5545):
/// `X-MS-OLK-WKHRSTART;TZID="W. Europe Standard Time":080000`, `X-MS-OLK-WKHREND` the same, and
/// `X-MS-OLK-WKHRDAYS:MO,TU,WE,TH,FR`. They are the person's own working hours, like a
/// VAVAILABILITY (README, Working hours).
struct OutlookHours {
  var start: Int?
  var end: Int?
  var days: Set<Int>?
  /// The zone of the TZID on the start or end, when it names one.
  var zone: Zone?

  /// Takes one VCALENDAR-level line; false when it is not one of Outlook's working-hours lines.
  mutating func take(_ line: ContentLine) -> Bool {
    let name = line.name.uppercased()
    guard name.hasPrefix("X-MS-OLK-WKHR") else { return false }
    let value = String(decoding: line.strippedValue, as: UTF8.self)
    switch name {
    case "X-MS-OLK-WKHRSTART", "X-MS-OLK-WKHREND":
      guard let seconds = OutlookHours.clock(value) else { return true }
      if name == "X-MS-OLK-WKHRSTART" { start = seconds } else { end = seconds }
      if zone == nil, let tzid = line.parameter("TZID") {
        let text = String(decoding: tzid.filter { $0 != 0x22 }, as: UTF8.self)
        zone = Zone.named(text) ?? Zone.windows(text)
      }
    case "X-MS-OLK-WKHRDAYS":
      let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
      let set = Set(
        value.uppercased().split(separator: ",").compactMap {
          codes.firstIndex(of: String($0).trimmingWhitespace())
        })
      if !set.isEmpty { days = set }
    default:
      break
    }
    return true
  }

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

  /// The working hours, when a start and an end different from it were read (Monday to Friday
  /// without X-MS-OLK-WKHRDAYS).
  var hours: WorkingHours? {
    guard let start, let end, start != end, start < 86_400 else { return nil }
    return WorkingHours(
      spans: [WorkingHours.Span(start: start, end: end)], days: days ?? [1, 2, 3, 4, 5])
  }
}
