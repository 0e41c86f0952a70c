internal import CLibical
import FreeTimeCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A time zone as freetime uses it: a name and the UTC offset at every instant.
///
/// Zones named in the system tz database are read from its TZif files (`TZDatabase`, the same
/// zoneinfo files libical's builtin zones read); zones defined by a file's VTIMEZONE are libical zones built from that
/// component (`LibicalZone`). Either way, wall-clock times become instants through
/// `LocalTimeResolver`, which applies the RFC 5545 §3.3.5 fold and gap rules (libical 3.0.16
/// picks the second occurrence in a fold, docs/LIBICAL.md).
public final class Zone: UTCOffsetSource, @unchecked Sendable {
  public let name: String
  private let libical: LibicalZone?
  /// A file's VTIMEZONE says nothing about times before its first observance; before
  /// `coveredFrom`, the system zone of the same name (if any) answers instead. One whose
  /// observances do not recur says nothing after its last change either (khal, Apple iCal 1.x
  /// and eM Client write only the changes around their events): from `coveredUntil` on, the
  /// system zone of the same name answers too.
  private let coveredFrom: Instant
  private let coveredUntil: Instant
  private let before: Zone?
  /// A system zone's offsets (its TZif file's transitions and rule).
  private let table: OffsetTable?
  /// Only an offset a Windows display name freetime does not know gives (`fixed(offset:)`).
  let isOffsetOnly: Bool

  private init(
    name: String, system: OffsetTable?, libical: LibicalZone?, coveredFrom: Instant = .min,
    coveredUntil: Instant = .max, before: Zone? = nil, isOffsetOnly: Bool = false
  ) {
    self.isOffsetOnly = isOffsetOnly
    self.name = name
    self.libical = libical
    self.coveredFrom = coveredFrom
    self.coveredUntil = coveredUntil
    self.before = before
    self.table = system
  }

  /// Every zone of the tz database (not the links naming them again), sorted (shell completion
  /// of `--tz`, suggestions).
  public static var knownNames: [String] { TZDatabase.zones }

  /// A zone of the system tz database by IANA name (`Europe/Prague`, `UTC`), or nil. Also the
  /// names ICU's zone list adds (CLDR's `PST`, `IST`, `SystemV/EST5`: the zone ICU says they
  /// mean) and offsets from GMT or UTC (`GMT+01:00`, `UTC-5`), which TZIDs use too.
  public static func named(_ name: String) -> Zone? {
    let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
    guard !trimmed.isEmpty else { return nil }
    if let table = OffsetTable.shared(trimmed) {
      return Zone(name: trimmed, system: table, libical: nil)
    }
    if let offset = gmtOffset(trimmed) {
      return Zone(name: trimmed, system: OffsetTable(fixed: offset), libical: nil)
    }
    if let canonical = ICUZones.canonicalID(trimmed), canonical != trimmed,
      let table = OffsetTable.shared(canonical)
    {
      return Zone(name: trimmed, system: table, libical: nil)
    }
    return nil
  }

  /// The offset a name `GMT` or `UTC`, a sign, hours and maybe minutes gives (`GMT+1`,
  /// `UTC-05:30`, `GMT+0100`, `UTC+5.30`): at most 18 hours; nil for any other name.
  static func gmtOffset(_ name: String) -> Int? {
    let bytes = Array(name.utf8)
    guard bytes.count >= 5, bytes.count <= 9,
      name.hasPrefix("GMT") || name.hasPrefix("UTC"),
      bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-")
    else { return nil }
    let sign = bytes[3] == UInt8(ascii: "-") ? -1 : 1
    let rest = bytes[4...]
    func digits(_ s: ArraySlice<UInt8>) -> Int? {
      guard !s.isEmpty, s.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      return s.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    var hours: Int?
    var minutes = 0
    if let separator = rest.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
    ) {
      guard separator - 4 <= 2, bytes.count - separator - 1 == 2,
        let m = digits(bytes[(separator + 1)...])
      else { return nil }
      hours = digits(bytes[4..<separator])
      minutes = m
    } else if rest.count <= 2 {
      hours = digits(rest)
    } else if rest.count == 4 {
      hours = digits(rest.prefix(2))
      guard let m = digits(rest.suffix(2)) else { return nil }
      minutes = m
    }
    guard let hours, hours <= 18, minutes <= 59, hours < 18 || minutes == 0 else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }

  /// A zone by any name people write: an IANA name or a Windows name ("W. Europe Standard
  /// Time"), in any case (`europe/berlin`, `eastern standard time`).
  public static func lookUp(_ name: String) -> Zone? {
    if let zone = named(name) ?? windows(name) { return zone }
    if let canonical = caselessNames[name.lowercased()] { return named(canonical) }
    return WindowsDisplayName.windowsID(caseless: name).flatMap(windows)
  }

  /// Whether two zones have the same UTC offset throughout `window` (looked at day by day, and
  /// at its end).
  public func agrees(with other: Zone, in window: Interval) -> Bool {
    var t = window.start
    while t < window.end {
      if utcOffset(at: t) != other.utcOffset(at: t) { return false }
      t += 86_400
    }
    return utcOffset(at: window.end) == other.utcOffset(at: window.end)
  }

  /// The zone a tz database link names (`Asia/Calcutta` → `Asia/Kolkata`), else the name: the
  /// target of the system's zoneinfo file of that name when it is a symbolic link (Debian's
  /// tzdata installs links so).
  public static func canonicalName(_ name: String) -> String {
    let root = TZDatabase.directory
    guard !name.isEmpty, !name.hasPrefix("/"), !name.contains(".."),
      let resolved = realpath(root + name, nil)
    else { return name }
    defer { free(resolved) }
    let path = String(cString: resolved)
    guard path.hasPrefix(root) else { return name }
    let target = String(path.dropFirst(root.count))
    return Zone.named(target) != nil ? target : name
  }

  /// IANA names by their lower-case spelling.
  private static let caselessNames: [String: String] = {
    var out: [String: String] = [:]
    for name in TZDatabase.names { out[name.lowercased()] = name }
    return out
  }()

  /// Zones a mistyped name may mean: those whose city is the name (`Berlin` → Europe/Berlin),
  /// then the closest names by spelling.
  public static func suggestions(for name: String) -> [String] {
    let wanted = String(name.lowercased().map { $0 == " " ? "_" : $0 })
    let names = TZDatabase.zones
    let cities = names.filter {
      $0.lowercased().split(separator: "/").last.map(String.init) == wanted
    }
    if !cities.isEmpty { return Array(cities.prefix(3)) }
    let byCity = Spelling.closest(
      to: wanted, among: names.map { String($0.split(separator: "/").last ?? "") })
    let close = names.filter { byCity.contains(String($0.split(separator: "/").last ?? "")) }
    var seen = Set<String>()
    return Array(
      (close + Spelling.closest(to: name, among: names)).filter { seen.insert($0).inserted }
        .prefix(3))
  }

  /// A zone by a Windows name ("W. Europe Standard Time"), through CLDR's mapping in ICU.
  public static func windows(_ name: String) -> Zone? {
    ICUZones.windowsID(name).flatMap(named)
  }

  /// The system's zone (/etc/localtime), else UTC.
  public static var system: Zone {
    TZDatabase.systemName.flatMap(named) ?? utc
  }

  /// A zone at a fixed offset from UTC (seconds east), named `UTC+07:00`: what a Windows
  /// display name freetime does not know says (`WindowsDisplayName`).
  static func fixed(offset: Int) -> Zone {
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let name = "UTC\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
    return Zone(
      name: name, system: OffsetTable(fixed: offset), libical: nil, isOffsetOnly: true)
  }

  /// The UTC zone.
  public static let utc = Zone(name: "UTC", system: OffsetTable(fixed: 0), libical: nil)

  /// A zone defined by a VTIMEZONE.
  ///
  /// - Parameters:
  ///   - coveredFrom: the first onset of its observances; before it, a system zone of the same
  ///     name is used when there is one (exporters often ship only recent rules).
  ///   - recurs: whether its observances go on for good (an RRULE, or one observance alone: a
  ///     fixed offset); a list of changes without either says nothing after its last change,
  ///     and the system zone of the same name is used then too (`lastChange`).
  static func defined(by lines: [ContentLine], tzid: String, coveredFrom: Instant, recurs: Bool)
    -> Zone?
  {
    guard let libical = LibicalZone(lines) else { return nil }
    return Zone(
      name: tzid, system: nil, libical: libical, coveredFrom: coveredFrom,
      coveredUntil: recurs ? .max : libical.changeInstants.last ?? .max, before: Zone.named(tzid))
  }

  /// The last change of offset of a VTIMEZONE whose observances do not recur, after which the
  /// system zone of the same name is used; nil for every other zone.
  var lastChange: Instant? { coveredUntil < .max && before != nil ? coveredUntil : nil }

  public func utcOffset(at instant: Instant) -> Int {
    if instant < coveredFrom || instant >= coveredUntil, let before {
      return before.utcOffset(at: instant)
    }
    if let table { return table.offset(at: instant) }
    return libical?.utcOffset(at: instant) ?? 0
  }

  public func utcOffsetSpan(at instant: Instant) -> (offset: Int, from: Instant, to: Instant) {
    if instant < coveredFrom, let before {
      let span = before.utcOffsetSpan(at: instant)
      return (span.offset, span.from, min(span.to, coveredFrom))
    }
    if instant >= coveredUntil, let before {
      let span = before.utcOffsetSpan(at: instant)
      return (span.offset, max(span.from, coveredUntil), span.to)
    }
    if let span = table?.span(at: instant) ?? libical?.utcOffsetSpan(at: instant) {
      guard before != nil else { return span }
      return (span.offset, max(span.from, coveredFrom), min(span.to, coveredUntil))
    }
    return (utcOffset(at: instant), instant, instant + 1)
  }

  /// The instant of a wall-clock time here (RFC 5545 §3.3.5 in folds and gaps).
  public func instant(civil: Int64) -> Instant {
    LocalTimeResolver.instant(civil: civil, in: self)
  }
}
