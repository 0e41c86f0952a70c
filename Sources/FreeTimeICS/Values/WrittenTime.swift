import FreeTimeCore

/// A DATE or DATE-TIME value as a calendar writes it (RFC 5545 §3.3.4, §3.3.5), before any
/// zone is looked up: its wall-clock fields, its form and the TZID parameter of its property.
struct WrittenTime: Equatable {
  /// Wall-clock seconds (`CivilTime`); midnight for a DATE.
  var civil: Int64
  var isDate: Bool
  /// Written with `Z` (or made UTC by libical's reading, see `LibicalEvent`).
  var isUTC: Bool
  /// The property's TZID parameter, also on DATE and UTC values (where it changes nothing but
  /// an RDATE's clock, see `SeriesExpansion`).
  var tzid: String?
  /// False for a value libical read as no time at all (a null time, or a year outside 0–3000):
  /// the property is there, its value cannot be used.
  var isReadable = true
}
