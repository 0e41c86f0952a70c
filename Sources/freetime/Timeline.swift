import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// `--format timeline`: a picture for the terminal, one block per day in --tz, a row per person
/// and room and a row of common free time, a column per 15 or 30 minutes of the working hours
/// (or of the whole day), at most 80 columns wide.
struct Timeline {
  struct Row {
    var name: String
    var busy: [Interval]
    var tentative: [Interval]
    /// Out of office (Outlook's OOF, FBTYPE=BUSY-UNAVAILABLE), drawn apart from other busy time.
    var outOfOffice: [Interval] = []
    /// Outside the person's working hours.
    var off: [Interval]
    /// Time the person's calendar does not cover (with `--unknown busy`).
    var unknown: [Interval] = []
  }

  static let busyGlyph: Character = "█"
  static let tentativeGlyph: Character = "▒"
  static let outOfOfficeGlyph: Character = "▓"
  static let freeGlyph: Character = "·"
  static let offGlyph: Character = " "
  static let slotGlyph: Character = "░"
  static let unknownGlyph: Character = "?"

  var rows: [Row]
  var slots: [Slot]
  var window: Interval
  var zone: Zone
  /// The span of the day shown, seconds after midnight.
  var dayStart: Int
  var dayEnd: Int

  /// A row per person and room: firm busy time, out-of-office and tentative time (all padded by
  /// `--buffer`) and the time outside working hours; the day shown is the working hours' span (`--hours`),
  /// else the whole day.
  init(people: [Person], slots: [Slot], request: SchedulingRequest) {
    rows = people.map { person in
      let tentative = SlotAdjust.pad(person.tentative, by: request.buffer)
      let away = SlotAdjust.pad(person.outOfOffice, by: request.buffer)
      let busy = SlotAdjust.pad(person.busy, by: request.buffer)
      return Row(
        name: person.name, busy: BusyTime.firm(busy, less: tentative + away),
        tentative: tentative, outOfOffice: away, off: person.offHours,
        unknown: person.unknownTime)
    }
    self.slots = slots
    window = request.window
    zone = request.zone
    // The part of the day, on the --tz wall clock, that anyone's working hours (or
    // availability) leave open, in their own zones; the whole day when nobody has any, or when
    // someone's open time runs through midnight here.
    var start = 86_400
    var end = 0
    var whole = true
    open: for person in people where !person.offHours.isEmpty {
      for open in FreeSlots.free(busy: person.offHours, in: request.window) {
        let from = LocalTimeResolver.civil(open.start, in: request.zone)
        let to = LocalTimeResolver.civil(open.end, in: request.zone)
        let day = CivilTime.floorDiv(from, 86_400)
        guard CivilTime.floorDiv(to - 1, 86_400) == day else {
          whole = true
          break open
        }
        whole = false
        start = min(start, Int(from - day * 86_400))
        end = max(end, Int(to - day * 86_400))
      }
    }
    // On the quarter hours the cells are drawn on.
    dayStart = whole ? 0 : start / 900 * 900
    dayEnd = whole ? 86_400 : min(86_400, (end + 899) / 900 * 900)
  }

  func render(_ paint: Paint = Paint(on: false)) -> String {
    let span = dayEnd - dayStart
    let step = span <= 16 * 3600 ? 900 : 1800
    let cells = span / step
    let nameWidth = min(12, max(4, rows.map { $0.name.count }.max() ?? 4))
    var out = ""
    let firstDay = CivilTime.floorDiv(LocalTimeResolver.civil(window.start, in: zone), 86400)
    let lastDay = CivilTime.floorDiv(LocalTimeResolver.civil(window.end - 1, in: zone), 86400)
    for day in firstDay...lastDay {
      let f = CivilTime.fields(day * 86400)
      let bounds: [Interval?] = (0..<cells).map { cell in
        let civil = day * 86400 + Int64(dayStart + cell * step)
        let s = LocalTimeResolver.instant(civil: civil, in: zone)
        let e = LocalTimeResolver.instant(civil: civil + Int64(step), in: zone)
        return Interval(s, e).clamped(to: window)
      }
      // A day off for everyone who has working hours (a weekend with --days mon-fri) is left
      // out: its block would be empty.
      let withHours = rows.filter { !$0.off.isEmpty }
      if !withHours.isEmpty,
        withHours.allSatisfy({ row in
          bounds.allSatisfy { cell in cell.map { c in row.off.contains { $0.contains(c) } } ?? true
          }
        })
      {
        continue
      }
      out += "\(TimeText.weekday(f)) \(TimeText.date(f))\n"
      // Hour labels over the cells where an hour begins.
      var labels = [Character](repeating: " ", count: cells + 3)
      for cell in 0..<cells {
        let seconds = dayStart + cell * step
        let every = step == 900 ? 3600 : 7200
        if seconds % every == 0 {
          let text = Array(TimeText.two(seconds / 3600 % 24))
          if cell + 1 < labels.count {
            labels[cell] = text[0]
            labels[cell + 1] = text[1]
          }
        }
      }
      out +=
        String(repeating: " ", count: nameWidth + 1) + String(labels).trimmingTrailingSpaces()
        + "\n"
      for row in rows {
        var line = pad(row.name, nameWidth) + " "
        for bound in bounds {
          guard let cell = bound else {
            line.append(Timeline.offGlyph)
            continue
          }
          if row.busy.contains(where: { $0.overlaps(cell) }) {
            line.append(Timeline.busyGlyph)
          } else if row.outOfOffice.contains(where: { $0.overlaps(cell) }) {
            line.append(Timeline.outOfOfficeGlyph)
          } else if row.tentative.contains(where: { $0.overlaps(cell) }) {
            line.append(Timeline.tentativeGlyph)
          } else if row.unknown.contains(where: { $0.overlaps(cell) }) {
            line.append(Timeline.unknownGlyph)
          } else if row.off.contains(where: { $0.contains(cell) }) {
            line.append(Timeline.offGlyph)
          } else {
            line.append(Timeline.freeGlyph)
          }
        }
        out += colour(line.trimmingTrailingSpaces(), after: nameWidth + 1, paint) + "\n"
      }
      var line = pad("free", nameWidth) + " "
      for bound in bounds {
        if let cell = bound, slots.contains(where: { $0.interval.contains(cell) }) {
          line.append(Timeline.slotGlyph)
        } else {
          line.append(" ")
        }
      }
      out += colour(line.trimmingTrailingSpaces(), after: nameWidth + 1, paint) + "\n\n"
    }
    let unknown = rows.contains { !$0.unknown.isEmpty } ? "\(Timeline.unknownGlyph) unknown  " : ""
    let away =
      rows.contains { !$0.outOfOffice.isEmpty }
      ? "\(Timeline.outOfOfficeGlyph) out of office  " : ""
    let glyphs =
      "\(Timeline.busyGlyph) busy  \(away)\(Timeline.tentativeGlyph) tentative  \(Timeline.freeGlyph) free  "
      + "\(unknown)\(Timeline.slotGlyph) slot"
    let scale = "(\(step / 60) min a cell, \(zone.name))"
    // The legend on one line when it fits in 80 columns, else the scale on a line of its own.
    out += glyphs + (glyphs.count + 2 + scale.count <= 80 ? "  " : "\n") + scale + "\n"
    return out
  }

  /// The cells of a row (after its name) in colour: one sequence per run of equal glyphs.
  private func colour(_ line: String, after prefix: Int, _ paint: Paint) -> String {
    guard paint.on else { return line }
    let chars = Array(line)
    guard chars.count > prefix else { return line }
    var out = String(chars[..<prefix])
    var i = prefix
    while i < chars.count {
      var j = i
      while j < chars.count && chars[j] == chars[i] { j += 1 }
      let run = String(chars[i..<j])
      switch chars[i] {
      case Timeline.busyGlyph: out += paint.red(run)
      case Timeline.tentativeGlyph: out += paint.yellow(run)
      case Timeline.outOfOfficeGlyph: out += paint.cyan(run)
      case Timeline.freeGlyph: out += paint.dim(run)
      case Timeline.slotGlyph: out += paint.green(run)
      default: out += run
      }
      i = j
    }
    return out
  }

  private func pad(_ name: String, _ width: Int) -> String {
    let clean = Sanitize.text(name, limit: 200)
    let cut = clean.count > width ? String(clean.prefix(width - 1)) + "…" : clean
    return cut + String(repeating: " ", count: max(0, width - cut.count))
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
