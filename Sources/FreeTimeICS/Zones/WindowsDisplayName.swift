import FreeTimeCore

/// A TZID written as a Windows time zone display name (`(UTC+07:00) Bangkok, Hanoi, Jakarta`,
/// `(GMT-05:00) Eastern Time (US & Canada)`), as Outlook writes its zones, often without a
/// VTIMEZONE (docs/BAD-INPUT.md, Zones): the zone of a name freetime knows
/// (`WindowsDisplayNames`), else, for a name it does not, a zone fixed at the offset the name
/// gives, never the home zone.
enum WindowsDisplayName {
  /// The zone a display name names, and whether it is only its offset (a name freetime does
  /// not know: no daylight saving time); nil when `tzid` is not a display name.
  static func zone(_ tzid: String) -> (zone: Zone, offsetOnly: Bool)? {
    guard let (offset, text) = parse(tzid) else { return nil }
    if let id = byKey["\(offset / 60)|\(text)"] ?? byKey[text] ?? zimbra(text, offset: offset),
      let zone = Zone.windows(id) ?? retiredIDs[id].flatMap(Zone.named)
    {
      return (zone, false)
    }
    return (Zone.fixed(offset: offset), true)
  }

  /// Zimbra's spelling of Windows' display names (`(GMT+01.00) Amsterdam / Berlin / Bern / Rome
  /// / Stockholm / Vienna`, `(GMT) Greenwich Mean Time - Dublin / Edinburgh / Lisbon / London`):
  /// its cities split by `/` instead of `,`, some after the zone's name and ` - `.
  private static func zimbra(_ text: String, offset: Int) -> String? {
    guard text.contains("/") else { return nil }
    var cities = text.replacing(" / ", with: ", ").replacing("/", with: ", ")
    if let dash = cities.firstRange(of: " - ") { cities = String(cities[dash.upperBound...]) }
    return byKey["\(offset / 60)|\(cities)"] ?? byKey[cities]
  }

  /// Windows zone IDs of display names that CLDR no longer maps, with the zones CLDR mapped them
  /// to (up to 2011).
  static let retiredIDs: [String: String] = [
    "Mexico Standard Time": "America/Mexico_City",
    "Mexico Standard Time 2": "America/Chihuahua",
    "Mid-Atlantic Standard Time": "Etc/GMT+2",
    "Kamchatka Standard Time": "Asia/Kamchatka",
  ]

  /// `(UTC±hh:mm) text`, `(GMT±hh.mm) text`, `(UTC) text`, the prefix in any case, the offset
  /// also as `±hhmm` or `±h` and with a Unicode minus: the offset in seconds east of UTC and the
  /// text as a key (`key(_:)`); nil for anything else.
  static func parse(_ tzid: String) -> (offset: Int, text: String)? {
    var rest = Substring(tzid).drop { $0 == " " }
    guard rest.hasPrefix("("), let close = rest.firstIndex(of: ")") else { return nil }
    var inside = rest[rest.index(after: rest.startIndex)..<close].filter { $0 != " " }[...]
    rest = rest[rest.index(after: close)...]
    let prefix = inside.prefix(3).uppercased()
    guard prefix == "UTC" || prefix == "GMT" else { return nil }
    inside = inside.dropFirst(3)
    var offset = 0
    if let sign = inside.first {
      guard sign == "+" || sign == "-" || sign == "\u{2212}" else { return nil }
      let number = inside.dropFirst()
      var parts = number.split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." })
      // `+0300`: hours and minutes without a separator.
      if parts.count == 1, number.count == 4 {
        parts = [number.prefix(2), number.suffix(2)]
      }
      guard (1...2).contains(parts.count), parts[0].count <= 2,
        parts[0].allSatisfy(\.isASCII), let hours = Int(parts[0]), (0...14).contains(hours)
      else { return nil }
      var minutes = 0
      if parts.count == 2 {
        guard parts[1].count == 2, parts[1].allSatisfy(\.isASCII), let m = Int(parts[1]), m < 60
        else { return nil }
        minutes = m
      }
      offset = (sign == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
    }
    return (offset, key(String(rest)))
  }

  /// A Windows zone ID in any case (`eastern standard time`), as CLDR spells it; nil when it is
  /// none of the table's.
  static func windowsID(caseless name: String) -> String? {
    idsByLowercase[name.lowercased()]
  }

  /// The table's Windows zone IDs by their lower-case spelling.
  private static let idsByLowercase: [String: String] = {
    var out: [String: String] = [:]
    for id in byKey.values { out[id.lowercased()] = id }
    return out
  }()

  /// The text of a display name as the table keys it: lower case, `and` as `&`, `;` as `,`, one
  /// space after each `,` and `:` and none before, no other runs of white space.
  static func key(_ text: String) -> String {
    var out = ""
    for ch in text.lowercased() {
      let c: Character = ch == ";" ? "," : ch
      if c == " " || c == "\t" {
        if !out.isEmpty && out.last != " " { out.append(" ") }
      } else if c == "," || c == ":" {
        if out.last == " " { out.removeLast() }
        out.append(c)
        out.append(" ")
      } else {
        out.append(c)
      }
    }
    while out.last == " " { out.removeLast() }
    return out.replacing(" and ", with: " & ")
  }

  /// The table by key.
  private static let byKey: [String: String] = {
    var out: [String: String] = [:]
    for line in WindowsDisplayNames.table.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      if fields.count == 2 { out[String(fields[0])] = String(fields[1]) }
    }
    return out
  }()
}
