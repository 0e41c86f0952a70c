import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// Everything a renderer needs, and the renderers of the output formats (docs/GUIDE.md, Output
/// formats).
struct Report {
  var window: Interval
  var zone: Zone
  var minimum: Int64
  var people: [Person]
  var slots: [Slot]
  var stamp: Instant
  /// The home zones of people other than --tz, for the table.
  var otherZones: [Zone] {
    var seen = Set([zone.name])
    var out: [Zone] = []
    // By index: a Person is costly to copy.
    for i in people.indices where people[i].role != .room && people[i].hasOwnZone {
      let home = people[i].homeZone
      if seen.insert(home.name).inserted { out.append(home) }
    }
    return out
  }

  /// Slots `--limit` left out.
  var truncated = 0

  /// With `--format timeline`: the picture to draw.
  var timeline: Timeline?
  /// With `--explain`: what bounds each slot, parallel to `slots`.
  var explanations: [SlotExplanation] = []
  /// Colour for the table and the timeline (`--color`).
  var paint = Paint(on: false)

  func render(_ format: OutputFormat) -> String {
    switch format {
    case .table: return table()
    case .timeline: return timeline?.render(paint) ?? table()
    case .json, .ndjson: return String(decoding: renderBytes(format)!, as: UTF8.self)
    case .csv: return String(decoding: csvBytes(), as: UTF8.self)
    case .ics: return ICSWriter.events(slots, stamp: stamp)
    case .freebusy:
      return ICSWriter.freeBusy(slots, window: window, stamp: stamp, names: people.map(\.name))
    }
  }

  /// The formats made as UTF-8 bytes (JSON, NDJSON and CSV), written as they are
  /// (`Output.write(bytes:)`); nil for the others.
  func renderBytes(_ format: OutputFormat) -> [UInt8]? {
    switch format {
    case .json: return jsonBytes()
    case .ndjson:
      var bytes: [UInt8] = []
      bytes.reserveCapacity(slotsJSONSize)
      for i in slots.indices {
        appendSlotJSON(slots[i], explanation: explanation(i), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
      }
      return bytes
    case .csv: return csvBytes()
    default: return nil
    }
  }

  // MARK: table

  /// For people: weekday, date, local times in --tz, duration.
  func table() -> String {
    let names = people.map(\.name).joined(separator: ", ")
    var title = "Free for \(Sanitize.text(names, limit: 400)) in \(zone.name)"
    if minimum > 0 { title += ", at least \(DurationSyntax.short(minimum))" }
    var out = paint.bold(Terminal.wrap(title, width: Terminal.columns)) + "\n"
    out += paint.dim(
      ("Window: \(TimeText.human(window.start, zone: zone)) – \(TimeText.human(window.end, zone: zone))")
        .wrapped(width: Terminal.columns))
    out += "\n\n"
    if slots.isEmpty {
      out += paint.yellow("No common free time.") + "\n"
      if let why = noSlotReason {
        out += paint.dim(("    " + why).wrapped(width: Terminal.columns)) + "\n"
      }
      return out
    }
    // Names and roles once: a row looks at everyone, and a Person is costly to copy.
    let roles = people.map { (name: $0.name, role: $0.role) }
    let zones = otherZones  // once, not once a row: it looks at everyone
    let rows = slots.map { tableRow($0, roles: roles, otherZones: zones) }
    var widths: [Int] = []
    for row in rows {
      for (i, cell) in row.enumerated() {
        if widths.count <= i { widths.append(0) }
        widths[i] = Swift.max(widths[i], cell.displayWidth)
      }
    }
    // Within the terminal's width: what does not fit after the slot goes on lines under it.
    let columns = Terminal.columns
    let fitsOnOneLine = widths.reduce(0) { $0 + $1 } + 2 * (widths.count - 1) <= columns
    for (number, row) in rows.enumerated() {
      var line = ""
      let shown = fitsOnOneLine ? row.count : Swift.min(3, row.count)
      for i in 0..<shown {
        let cell = row[i]
        let isLast = i == shown - 1
        let padding = String(repeating: " ", count: widths[i] - cell.displayWidth)
        switch i {
        case 0: line += paint.bold(cell) + padding
        case 1: line += paint.cyan(cell) + padding
        case 2: line += padding + paint.green(cell)  // right-aligned
        default:
          line += isLast ? paintExtra(cell) : paintExtra(cell) + padding
        }
        if !isLast { line += "  " }
      }
      // Only a terminal narrower than a slot's day and times breaks this line.
      out += line.wrapped(width: columns) + "\n"
      if shown < row.count {
        // The other cells two apart on lines of their own, a cell wider than a line wrapped.
        var wrapped: [String] = []
        var width = 0
        func flush() {
          guard !wrapped.isEmpty else { return }
          out += "    " + wrapped.joined(separator: "  ") + "\n"
          wrapped = []
          width = 0
        }
        for cell in row[shown...] {
          let w = cell.displayWidth
          if !wrapped.isEmpty && 4 + width + 2 + w > columns { flush() }
          if 4 + w > columns {
            for part in ("    " + cell).wrapped(width: columns).split(separator: "\n") {
              out += paintExtra(String(part), as: cell) + "\n"
            }
            continue
          }
          wrapped.append(paintExtra(cell))
          width += (width == 0 ? 0 : 2) + w
        }
        flush()
      }
      if number < explanations.count {
        var lines = ["after: \(explanations[number].after.text)"]
        lines.append("before: \(explanations[number].before.text)")
        for freed in explanations[number].freed { lines.append("freed: \(freed.text)") }
        for text in lines {
          out += paint.dim(("    " + text).wrapped(width: columns)) + "\n"
        }
      }
    }
    if truncated > 0 { out += paint.dim("… \(truncated) more (--limit)") + "\n" }
    return out
  }

  /// With `--explain` and no slot: what blocks.
  var noSlotReason: String?

  /// A cell (or a part of `whole`, a cell wrapped) in its colour.
  private func paintExtra(_ cell: String, as whole: String? = nil) -> String {
    (whole ?? cell).hasPrefix("missing:") ? paint.yellow(cell) : paint.dim(cell)
  }

  /// One slot's cells: day, times, length, the times in other people's zones, rooms, who is
  /// missing.
  private func tableRow(_ slot: Slot, roles: [(name: String, role: Role)], otherZones: [Zone])
    -> [String]
  {
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
    if TimeText.isAmbiguous(slot.interval.end, zone: zone) {
      endText += " " + TimeText.offset(slot.interval.end, zone: zone)
    }
    var row = [
      "\(TimeText.weekday(s.fields)) \(TimeText.date(s.fields))",
      "\(TimeText.clock(slot.interval.start, zone: zone)) – \(endText)",
      DurationSyntax.short(slot.interval.duration),
    ]
    // When people sit in other zones, their local times too (the weekday where it differs).
    for other in otherZones {
      row.append(
        "· \(TimeText.city(other)) "
          + TimeText.span(slot.interval, zone: other, day: startDay))
    }
    let free = Set(slot.free)
    // Lazily: only the names the cell's first 200 characters show are looked at.
    let optional = roles.lazy.filter { $0.role == .optional && free.contains($0.name) }
    if !optional.isEmpty {
      row.append("optional: " + Sanitize.joined(optional.map(\.name), separator: ", "))
    }
    if !slot.rooms.isEmpty { row.append("rooms: " + slot.rooms.joined(separator: ", ")) }
    let missing = roles.lazy.filter { $0.role == .required && !free.contains($0.name) }
    if !missing.isEmpty {
      row.append("missing: " + Sanitize.joined(missing.map(\.name), separator: ", "))
    }
    return row
  }

  // MARK: JSON

  func jsonBytes() -> [UInt8] {
    var out = "{\n"
    out += "  \"window\": {\"start\": \(JSON.string(TimeText.rfc3339(window.start, zone: zone))), "
    out += "\"end\": \(JSON.string(TimeText.rfc3339(window.end, zone: zone)))},\n"
    out += "  \"timeZone\": \(JSON.string(zone.name)),\n"
    out += "  \"minimum\": \(JSON.string(DurationSyntax.iso8601(minimum))),\n"
    out += "  \"calendars\": ["
    // As bytes, by index: ten thousand people are ten thousand of these (a Person is costly
    // to copy).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(out.utf8.count + people.count * 400 + slotsJSONSize)
    bytes.append(contentsOf: out.utf8)
    for i in people.indices {
      bytes.append(contentsOf: (i == 0 ? "\n" : ",\n").utf8)
      appendCalendarJSON(people[i], to: &bytes)
    }
    bytes.append(contentsOf: (people.isEmpty ? "],\n" : "\n  ],\n").utf8)
    bytes.append(contentsOf: "  \"slots\": [".utf8)
    for (i, slot) in slots.enumerated() {
      bytes.append(contentsOf: (i == 0 ? "\n    " : ",\n    ").utf8)
      appendSlotJSON(slot, explanation: explanation(i), to: &bytes)
    }
    out = slots.isEmpty ? "]" : "\n  ]"
    // Slots --limit left out, when it left any out.
    if truncated > 0 { out += ",\n  \"truncated\": \(truncated)" }
    if let noSlotReason { out += ",\n  \"blocked\": \(JSON.string(noSlotReason))" }
    out += "\n}\n"
    bytes.append(contentsOf: out.utf8)
    return bytes
  }

  /// About the size of the slots in JSON, to reserve: growing by doubling would hold two
  /// copies of tens of megabytes (a quorum's slots list thousands of people each).
  var slotsJSONSize: Int {
    slots.reduce(0) { sum, slot in slot.free.reduce(sum + 120) { $0 + $1.utf8.count + 4 } }
  }

  /// One calendar's object in `calendars`, on one line.
  func appendCalendarJSON(_ person: Person, to out: inout [UInt8]) {
    func field(_ name: String, _ value: String) {
      out.append(contentsOf: "\"\(name)\": ".utf8)
      JSON.append(value, to: &out)
    }
    out.append(contentsOf: "    {".utf8)
    field("name", person.name)
    out.append(contentsOf: ", ".utf8)
    field("person", person.name)
    out.append(contentsOf: ", ".utf8)
    field("source", person.source)
    out.append(contentsOf: ", \"sources\": [".utf8)
    let sources = person.sources.isEmpty ? [person.source] : person.sources
    for (k, source) in sources.enumerated() {
      if k > 0 { out.append(contentsOf: ", ".utf8) }
      JSON.append(source, to: &out)
    }
    out.append(contentsOf: "], ".utf8)
    field("role", person.role.rawValue)
    out.append(contentsOf: ", \"busyIntervals\": \(person.busyCount), ".utf8)
    out.append(contentsOf: "\"warnings\": \(person.diagnostics.count), \"owner\": ".utf8)
    if let owner = person.owner {
      JSON.append(owner, to: &out)
    } else {
      out.append(contentsOf: "null".utf8)
    }
    out.append(contentsOf: ", \"coverage\": \(coverageJSON(person)), ".utf8)
    field("homeZone", person.homeZone.name)
    out.append(contentsOf: ", ".utf8)
    field("homeZoneFrom", person.homeZoneFrom.rawValue)
    out.append(UInt8(ascii: "}"))
  }

  /// One slot object, on one line.
  func slotJSON(_ slot: Slot) -> String {
    slotJSON(slot, explanation: nil)
  }

  func slotJSON(_ slot: Slot, explanation: SlotExplanation?) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(128)
    appendSlotJSON(slot, explanation: explanation, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// One slot object as UTF-8 bytes (a year of slots is thousands of these).
  func appendSlotJSON(
    _ slot: Slot, explanation: SlotExplanation?, to out: inout [UInt8]
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
      // The room a meeting there would book: the first in the choice's order.
      out.append(contentsOf: #", "room": "#.utf8)
      if let room = slot.rooms.first {
        JSON.append(room, to: &out)
      } else {
        out.append(contentsOf: "null".utf8)
      }
    }
    if let explanation {
      out.append(contentsOf: ", \"after\": \(explanation.after.json), ".utf8)
      out.append(contentsOf: "\"before\": \(explanation.before.json)".utf8)
      if !explanation.freed.isEmpty {
        let freed = explanation.freed.map(\.json).joined(separator: ", ")
        out.append(contentsOf: ", \"freed\": [\(freed)]".utf8)
      }
    }
    out.append(UInt8(ascii: "}"))
  }

  /// The time a calendar covers, from its first covered instant to its last (both `null` when
  /// it covers no time; one `null` when it is open at that end), or `null` for all time.
  func coverageJSON(_ person: Person) -> String {
    guard let covered = person.coverage else { return "null" }
    guard let first = covered.first, let last = covered.last else {
      return #"{"start": null, "end": null}"#
    }
    let all = PersonCalendar.allTime
    let start =
      first.start <= all.start ? "null" : JSON.string(TimeText.rfc3339(first.start, zone: zone))
    let end = last.end >= all.end ? "null" : JSON.string(TimeText.rfc3339(last.end, zone: zone))
    return "{\"start\": \(start), \"end\": \(end)}"
  }

  /// Whether a room is among the people (asked once per slot written: by index, as a closure
  /// over the people copied each one).
  var hasRooms: Bool {
    for i in people.indices where people[i].role == .room { return true }
    return false
  }

  func explanation(_ index: Int) -> SlotExplanation? {
    index < explanations.count ? explanations[index] : nil
  }

  // MARK: CSV

  /// RFC 4180: a header row, CRLF-free (LF) lines, fields quoted when needed.
  func csvBytes() -> [UInt8] {
    var out: [UInt8] = []
    // About the size it will have (a free field shows at most CSV.longest characters).
    out.reserveCapacity(
      slots.reduce(64) { sum, slot in
        sum + 80 + min(CSV.longest + 8, slot.free.reduce(0) { $0 + $1.utf8.count + 1 })
      })
    out.append(contentsOf: "start,end,minutes,free".utf8)
    let rooms = hasRooms
    if rooms { out.append(contentsOf: ",rooms".utf8) }
    out.append(UInt8(ascii: "\n"))
    for slot in slots {
      let times = [
        TimeText.rfc3339(slot.interval.start, zone: zone),
        TimeText.rfc3339(slot.interval.end, zone: zone),
        String(slot.interval.duration / 60),
      ]
      for field in times {
        out.append(contentsOf: CSV.field(field).utf8)
        out.append(UInt8(ascii: ","))
      }
      if !CSV.appendPlainList(slot.free, to: &out) {
        // Joined only as far as the field shows (the same text as joining all).
        let free = Sanitize.joined(slot.free, separator: ";", limit: CSV.longest)
        out.append(contentsOf: CSV.field(free).utf8)
      }
      if rooms {
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: CSV.field(slot.rooms.joined(separator: ";")).utf8)
      }
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
    return out
  }
}
