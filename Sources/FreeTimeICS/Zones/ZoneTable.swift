import FreeTimeCore

/// The zones a calendar file can name: its own VTIMEZONEs first, then the system tz database.
/// Used by one thread at a time, and no method of it calls another while it changes a property:
/// its properties go without the runtime's exclusivity check (a call on each access, which a
/// vdir's VTIMEZONEs made tens of thousands of times).
final class ZoneTable {
  /// The calendar's own VTIMEZONEs by TZID, the last of a TZID winning: in a list while there
  /// are a few (most calendars define one to three, a vdir's thousands of VCALENDARs each
  /// theirs), by hash beyond `fewZones`.
  @exclusivity(unchecked) private var few: [(tzid: String, zone: Zone)] = []
  @exclusivity(unchecked) private var many: [String: Zone] = [:]
  private static let fewZones = 16
  @exclusivity(unchecked) private var system: [String: Zone?] = [:]
  /// The last answer of `zone(for:)`: a calendar names the same TZID line after line.
  @exclusivity(unchecked) private var last: (tzid: String, zone: Zone?)? = nil

  func define(_ zone: Zone, tzid: String) {
    last = nil
    if !many.isEmpty {
      many[tzid] = zone
    } else if let i = few.firstIndex(where: { $0.tzid == tzid }) {
      few[i].zone = zone
    } else if few.count < ZoneTable.fewZones {
      few.append((tzid, zone))
    } else {
      many = Dictionary(few, uniquingKeysWith: { $1 })
      many[tzid] = zone
      few = []
    }
  }

  /// The calendar's own VTIMEZONE of `tzid`.
  private func defined(_ tzid: String) -> Zone? {
    if !many.isEmpty { return many[tzid] }
    for entry in few where entry.tzid == tzid { return entry.zone }
    return nil
  }

  /// TZIDs that are Windows display names freetime knows (`WindowsDisplayName`).
  @exclusivity(unchecked) private var displayNames: Set<String> = []

  /// Where a TZID's zone comes from, for `freetime check`.
  enum Source {
    case file, system, windows, displayName, offsetOnly, unknown
  }

  func source(of tzid: String) -> Source {
    if defined(tzid) != nil { return .file }
    guard let zone = zone(for: tzid) else { return .unknown }
    if zone.isOffsetOnly { return .offsetOnly }
    if displayNames.contains(tzid) { return .displayName }
    return Zone.windows(tzid) != nil && Zone.named(tzid) == nil ? .windows : .system
  }

  func zone(for tzid: String) -> Zone? {
    if let last, last.tzid == tzid { return last.zone }
    let zone = lookUp(tzid)
    last = (tzid, zone)
    return zone
  }

  /// The zone a TZID names as a home zone: the system's zone of that name (IANA, Windows or
  /// prefixed IANA, a Windows display name) when there is one, else the file's own VTIMEZONE; a
  /// display name read only at its offset names none.
  func namedZone(for tzid: String) -> Zone? {
    guard let zone = systemZone(tzid) ?? defined(tzid) else { return nil }
    return zone.isOffsetOnly && defined(tzid) == nil ? nil : zone
  }

  private func lookUp(_ tzid: String) -> Zone? {
    if let zone = defined(tzid) { return zone }
    // A TZID in quotes inside its parameter's quotes (RFC 6868's `^'`, which libical decodes
    // to a quote) names the zone inside them.
    if tzid.count >= 2, tzid.hasPrefix("\""), tzid.hasSuffix("\"") {
      return lookUp(String(tzid.dropFirst().dropLast()))
    }
    return systemZone(tzid)
  }

  private func systemZone(_ tzid: String) -> Zone? {
    if let cached = system[tzid] { return cached }
    var name = tzid
    // Some producers prefix IANA names ("/mozilla.org/20050126_1/Europe/Berlin").
    if name.hasPrefix("/") {
      let parts = name.split(separator: "/")
      if parts.count >= 2 { name = parts.suffix(2).joined(separator: "/") }
      if parts.count >= 3, Zone.named(parts.suffix(3).joined(separator: "/")) != nil {
        name = parts.suffix(3).joined(separator: "/")
      }
    }
    // Exchange names UTC so when it defines no VTIMEZONE (its other zones are
    // `tzone://Microsoft/Custom`, defined in the file).
    if name.lowercased() == "tzone://microsoft/utc" { name = "UTC" }
    var zone = Zone.lookUp(name)
    if zone == nil, let (named, onlyOffset) = WindowsDisplayName.zone(tzid) {
      zone = named
      if !onlyOffset { displayNames.insert(tzid) }
    }
    system[tzid] = zone
    return zone
  }
}
