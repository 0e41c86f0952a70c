import FreeTimeCore
import FreeTimeICS

/// Everything a renderer needs, and the renderers of the output formats (README, Output
/// formats).
struct Report {
  var window: Interval
  var zone: Zone
  var minimum: Int64
  var people: [PersonCalendar]
  var slots: [Slot]
  var stamp: Instant
  /// The home zones of people other than --tz, for the table.
  var otherZones: [Zone] {
    var seen = Set([zone.name])
    var out: [Zone] = []
    for person in people where person.role != .room {
      if let home = person.homeZone, !seen.contains(home.name) {
        seen.insert(home.name)
        out.append(home)
      }
    }
    return out
  }

  /// With `--format timeline`: the picture to draw.
  var timeline: Timeline?
  /// With `--explain`: what bounds each slot, parallel to `slots`.
  var explanations: [(after: Explanation, before: Explanation)] = []
  /// Colour for the table and the timeline (`--color`).
  var paint = Paint(on: false)

  func render(_ format: OutputFormat) -> String {
    switch format {
    case .table: return table()
    case .timeline: return timeline?.render(paint) ?? table()
    case .json: return json()
    case .ndjson:
      var bytes: [UInt8] = []
      bytes.reserveCapacity(slots.count * 120)
      for i in slots.indices {
        appendSlotJSON(slots[i], explanation: explanation(i), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
      return String(decoding: bytes, as: UTF8.self)
    case .csv: return csv()
    case .ics: return ICSWriter.events(slots, stamp: stamp)
    case .freebusy:
      return ICSWriter.freeBusy(slots, window: window, stamp: stamp, names: people.map(\.name))
    }
  }

  // MARK: table

  /// For people: weekday, date, local times in --tz, duration.
  func table() -> String {
    let names = people.map(\.name).joined(separator: ", ")
    var title = "Free for \(Sanitize.text(names, limit: 400)) in \(zone.name)"
    if minimum > 0 { title += ", at least \(DurationSyntax.short(minimum))" }
    var out = paint.bold(title) + "\n"
    out += paint.dim(
      "Window: \(TimeText.human(window.start, zone: zone)) – \(TimeText.human(window.end, zone: zone))"
    )
    out += "\n\n"
    if slots.isEmpty {
      out += paint.yellow("No common free time.") + "\n"
      return out
    }
    let rows = slots.map(tableRow)
    var widths: [Int] = []
    for row in rows {
      for (i, cell) in row.enumerated() {
        if widths.count <= i { widths.append(0) }
        widths[i] = Swift.max(widths[i], cell.count)
      }
    }
    for (number, row) in rows.enumerated() {
      var line = ""
      for (i, cell) in row.enumerated() {
        let isLast = i == row.count - 1
        let padding = String(repeating: " ", count: widths[i] - cell.count)
        switch i {
        case 0: line += paint.bold(cell) + padding
        case 1: line += paint.cyan(cell) + padding
        case 2: line += padding + paint.green(cell)  // right-aligned
        default:
          let painted = cell.hasPrefix("missing:") ? paint.yellow(cell) : paint.dim(cell)
          line += isLast ? painted : painted + padding
        }
        if !isLast { line += "  " }
      }
      out += line + "\n"
      if number < explanations.count {
        out += paint.dim("    after: \(explanations[number].after.text)") + "\n"
        out += paint.dim("    before: \(explanations[number].before.text)") + "\n"
      }
    }
    return out
  }

  /// One slot's cells: day, times, length, the times in other people's zones, rooms, who is
  /// missing.
  private func tableRow(_ slot: Slot) -> [String] {
    let s = TimeText.fields(slot.interval.start, zone: zone)
    let e = TimeText.fields(slot.interval.end, zone: zone)
    let startDay = CivilTime.floorDiv(s.civil, 86400)
    let endDay = CivilTime.floorDiv(e.civil, 86400)
    var endText: String
    if endDay == startDay {
      endText = TimeText.clock(e.fields)
    } else if endDay == startDay + 1 && e.fields.hour == 0 && e.fields.minute == 0
      && e.fields.second == 0
    {
      endText = "24:00"
    } else {
      endText =
        "\(TimeText.weekday(e.fields)) \(TimeText.date(e.fields)) \(TimeText.clock(e.fields))"
    }
    var row = [
      "\(TimeText.weekday(s.fields)) \(TimeText.date(s.fields))",
      "\(TimeText.clock(s.fields)) – \(endText)",
      DurationSyntax.short(slot.interval.duration),
    ]
    // When people sit in other zones, their local times too.
    for other in otherZones {
      let a = TimeText.fields(slot.interval.start, zone: other).fields
      let b = TimeText.fields(slot.interval.end, zone: other).fields
      let city = other.name.split(separator: "/").last.map {
        String($0).replacingAll("_", with: " ")
      }
      row.append("· \(city ?? other.name) \(TimeText.clock(a))–\(TimeText.clock(b))")
    }
    if !slot.rooms.isEmpty { row.append("rooms: " + slot.rooms.joined(separator: ", ")) }
    let missing = people.filter { $0.role == .required && !slot.free.contains($0.name) }
    if !missing.isEmpty {
      row.append("missing: " + Sanitize.text(missing.map(\.name).joined(separator: ", ")))
    }
    return row
  }

  // MARK: JSON

  func json() -> String {
    var out = "{\n"
    out += "  \"window\": {\"start\": \(JSON.string(TimeText.rfc3339(window.start, zone: zone))), "
    out += "\"end\": \(JSON.string(TimeText.rfc3339(window.end, zone: zone)))},\n"
    out += "  \"timeZone\": \(JSON.string(zone.name)),\n"
    out += "  \"minimum\": \(JSON.string(DurationSyntax.iso8601(minimum))),\n"
    out += "  \"calendars\": ["
    for (i, person) in people.enumerated() {
      out += i == 0 ? "\n" : ",\n"
      out +=
        "    {\"name\": \(JSON.string(person.name)), \"source\": \(JSON.string(person.source)), "
      out +=
        "\"role\": \(JSON.string(person.role.rawValue)), \"busyIntervals\": \(person.busyCount), "
      out += "\"warnings\": \(person.diagnostics.count)}"
    }
    out += people.isEmpty ? "],\n" : "\n  ],\n"
    out += "  \"slots\": ["
    var bytes: [UInt8] = []
    bytes.reserveCapacity(slots.count * 120)
    for (i, slot) in slots.enumerated() {
      bytes.append(contentsOf: (i == 0 ? "\n    " : ",\n    ").utf8)
      appendSlotJSON(slot, explanation: explanation(i), to: &bytes)
    }
    out += String(decoding: bytes, as: UTF8.self)
    out += slots.isEmpty ? "]\n" : "\n  ]\n"
    out += "}\n"
    return out
  }

  /// One slot object, on one line.
  func slotJSON(_ slot: Slot) -> String {
    slotJSON(slot, explanation: nil)
  }

  func slotJSON(_ slot: Slot, explanation: (after: Explanation, before: Explanation)?) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(128)
    appendSlotJSON(slot, explanation: explanation, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// One slot object as UTF-8 bytes (a year of slots is thousands of these).
  func appendSlotJSON(
    _ slot: Slot, explanation: (after: Explanation, before: Explanation)?, to out: inout [UInt8]
  ) {
    out.append(contentsOf: #"{"start": ""#.utf8)
    TimeText.appendRFC3339(slot.interval.start, zone: zone, to: &out)
    out.append(contentsOf: #"", "end": ""#.utf8)
    TimeText.appendRFC3339(slot.interval.end, zone: zone, to: &out)
    out.append(contentsOf: #"", "minutes": "#.utf8)
    out.append(contentsOf: String(slot.interval.duration / 60).utf8)
    out.append(contentsOf: #", "free": ["#.utf8)
    for (i, name) in slot.free.enumerated() {
      if i > 0 { out.append(contentsOf: ", ".utf8) }
      JSON.append(name, to: &out)
    }
    out.append(UInt8(ascii: "]"))
    if hasRooms {
      out.append(contentsOf: #", "rooms": ["#.utf8)
      for (i, name) in slot.rooms.enumerated() {
        if i > 0 { out.append(contentsOf: ", ".utf8) }
        JSON.append(name, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
    if let explanation {
      out.append(contentsOf: ", \"after\": \(explanation.after.json), ".utf8)
      out.append(contentsOf: "\"before\": \(explanation.before.json)".utf8)
    }
    out.append(UInt8(ascii: "}"))
  }

  var hasRooms: Bool { people.contains(where: { $0.role == .room }) }

  func explanation(_ index: Int) -> (after: Explanation, before: Explanation)? {
    index < explanations.count ? explanations[index] : nil
  }

  // MARK: CSV

  /// RFC 4180: a header row, CRLF-free (LF) lines, fields quoted when needed.
  func csv() -> String {
    var out = "start,end,minutes,free"
    let rooms = people.contains(where: { $0.role == .room })
    if rooms { out += ",rooms" }
    out += "\n"
    for slot in slots {
      var fields = [
        TimeText.rfc3339(slot.interval.start, zone: zone),
        TimeText.rfc3339(slot.interval.end, zone: zone),
        String(slot.interval.duration / 60),
        slot.free.joined(separator: ";"),
      ]
      if rooms { fields.append(slot.rooms.joined(separator: ";")) }
      out += fields.map(CSV.field).joined(separator: ",") + "\n"
    }
    return out
  }
}

enum CSV {
  static func field(_ text: String) -> String {
    let clean = Sanitize.text(text, limit: 10_000)
    if clean.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) {
      return "\"" + clean.replacingAll("\"", with: "\"\"") + "\""
    }
    return clean
  }
}

enum JSON {
  /// A JSON string literal (RFC 8259) without the characters of `ControlCharacters` but tab and
  /// line feed, which are escaped: escaped controls would come back as raw bytes through
  /// `jq -r` onto a terminal.
  static func string(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 2)
    append(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `string(text)` as UTF-8 bytes appended to `out`.
  static func append(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: #"\""#.utf8)
      case "\\": out.append(contentsOf: #"\\"#.utf8)
      case "\n": out.append(contentsOf: #"\n"#.utf8)
      case "\t": out.append(contentsOf: #"\t"#.utf8)
      default:
        if ControlCharacters.contains(scalar) { continue }
        if scalar.isASCII {
          out.append(UInt8(scalar.value))
        } else {
          out.append(contentsOf: UTF8.encode(scalar)!)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
    return out
  }
}

/// Instants as text in a zone.
enum TimeText {
  static func fields(_ instant: Instant, zone: Zone) -> (civil: Int64, fields: CivilTime.Fields) {
    let civil = LocalTimeResolver.civil(instant, in: zone)
    return (civil, CivilTime.fields(civil))
  }

  static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  static func date(_ f: CivilTime.Fields) -> String {
    let y = f.year < 0 ? "-" + String(-f.year) : String(f.year)
    return
      "\(String(repeating: "0", count: Swift.max(0, 4 - y.count)))\(y)-\(two(f.month))-\(two(f.day))"
  }

  static func clock(_ f: CivilTime.Fields) -> String {
    f.second == 0
      ? "\(two(f.hour)):\(two(f.minute))" : "\(two(f.hour)):\(two(f.minute)):\(two(f.second))"
  }

  static func weekday(_ f: CivilTime.Fields) -> String {
    ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][f.weekday]
  }

  static func human(_ instant: Instant, zone: Zone) -> String {
    let f = fields(instant, zone: zone).fields
    return "\(weekday(f)) \(date(f)) \(clock(f))"
  }

  /// RFC 3339 with the zone's numeric offset: `2026-11-23T10:00:00+01:00`.
  static func rfc3339(_ instant: Instant, zone: Zone) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(25)
    appendRFC3339(instant, zone: zone, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `rfc3339` as UTF-8 bytes appended to `out`.
  static func appendRFC3339(_ instant: Instant, zone: Zone, to out: inout [UInt8]) {
    let offset = zone.utcOffset(at: instant)
    let f = CivilTime.fields(instant + Int64(offset))
    func put(_ n: Int, _ width: Int) {
      let text = String(n)
      for _ in text.utf8.count..<max(width, text.utf8.count) { out.append(UInt8(ascii: "0")) }
      out.append(contentsOf: text.utf8)
    }
    func two(_ n: Int) {
      out.append(UInt8(ascii: "0") + UInt8(n / 10))
      out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }
    if f.year < 0 { out.append(UInt8(ascii: "-")) }
    if (0...9999).contains(f.year) {
      two(f.year / 100)
      two(f.year % 100)
    } else {
      put(abs(f.year), 4)
    }
    out.append(UInt8(ascii: "-"))
    two(f.month)
    out.append(UInt8(ascii: "-"))
    two(f.day)
    out.append(UInt8(ascii: "T"))
    two(f.hour)
    out.append(UInt8(ascii: ":"))
    two(f.minute)
    out.append(UInt8(ascii: ":"))
    two(f.second)
    out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    let a = abs(offset)
    two(a / 3600 % 100)
    out.append(UInt8(ascii: ":"))
    two(a / 60 % 60)
  }
}
