import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// `--format timeline`: a picture for the terminal, one block per day in --tz, a row per person
/// and room and a row of common free time, a column per 15, 30 or 60 minutes of the hours
/// anyone works (or of the whole day), within the terminal's width (docs/GUIDE.md, Displays).
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

  /// The minutes a cell stands for and how many cells a line holds, for `width` columns: the
  /// finest of 15, 30 and 60 minutes that draws the day on one line, else 60 minutes on as
  /// many lines as it takes (docs/GUIDE.md, Displays).
  static func scale(span: Int, room: Int) -> (step: Int, perLine: Int) {
    for step in [900, 1800, 3600] where (span + step - 1) / step <= room {
      return (step, room)
    }
    // A line ends on a label's hour, so that each line's labels read as the first's.
    let perLine = Swift.max(3, room / 3 * 3)
    return (3600, perLine)
  }

  func render(_ paint: Paint = Paint(on: false), width: Int = Terminal.columns) -> String {
    let span = dayEnd - dayStart
    let nameWidth = Swift.min(12, Swift.max(4, rows.map { $0.name.displayWidth }.max() ?? 4))
    // One column for the space after the names, one for a label's second digit at the end.
    let room = Swift.max(3, width - nameWidth - 2)
    let (step, perLine) = Self.scale(span: span, room: room)
    let cells = (span + step - 1) / step
    // A label over the cell each this many seconds begins at, at least three cells apart.
    let every = step == 900 ? 3600 : step == 1800 ? 7200 : 10800
    var out = ""
    var daysOff = 0
    let firstDay = CivilTime.floorDiv(LocalTimeResolver.civil(window.start, in: zone), 86400)
    let lastDay = CivilTime.floorDiv(LocalTimeResolver.civil(window.end - 1, in: zone), 86400)
    for day in firstDay...lastDay {
      let f = CivilTime.fields(day * 86400)
      let bounds: [Interval?] = (0..<cells).map { cell in
        let civil = day * 86400 + Int64(dayStart + cell * step)
        let s = LocalTimeResolver.instant(civil: civil, in: zone)
        let e = LocalTimeResolver.instant(
          civil: Swift.min(civil + Int64(step), day * 86400 + Int64(dayEnd)), in: zone)
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
        daysOff += 1
        continue
      }
      out += "\(TimeText.weekday(f)) \(TimeText.date(f))\n"
      for first in stride(from: 0, to: cells, by: perLine) {
        let part = first..<Swift.min(cells, first + perLine)
        if first > 0 { out += "\n" }
        // Hour labels over the cells where an hour begins.
        var labels = [Character](repeating: " ", count: part.count + 1)
        for cell in part {
          let seconds = dayStart + cell * step
          if seconds % every == 0 {
            let text = Array(TimeText.two(seconds / 3600 % 24))
            labels[cell - first] = text[0]
            labels[cell - first + 1] = text[1]
          }
        }
        out +=
          String(repeating: " ", count: nameWidth + 1) + String(labels).trimmingTrailingSpaces()
          + "\n"
        for row in rows {
          var line = pad(row.name, nameWidth) + " "
          for bound in bounds[part] {
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
        for bound in bounds[part] {
          if let cell = bound, slots.contains(where: { $0.interval.contains(cell) }) {
            line.append(Timeline.slotGlyph)
          } else {
            line.append(" ")
          }
        }
        out += colour(line.trimmingTrailingSpaces(), after: nameWidth + 1, paint) + "\n"
      }
      out += "\n"
    }
    var items = ["\(Timeline.busyGlyph) busy"]
    if rows.contains(where: { !$0.outOfOffice.isEmpty }) {
      items.append("\(Timeline.outOfOfficeGlyph) out of office")
    }
    items += ["\(Timeline.tentativeGlyph) tentative", "\(Timeline.freeGlyph) free"]
    if rows.contains(where: { !$0.unknown.isEmpty }) {
      items.append("\(Timeline.unknownGlyph) unknown")
    }
    items.append("\(Timeline.slotGlyph) slot")
    let hours =
      "\(TimeText.two(dayStart / 3600)):\(TimeText.two(dayStart % 3600 / 60))–"
      + "\(TimeText.two(dayEnd / 3600)):\(TimeText.two(dayEnd % 3600 / 60))"
    items.append("(\(step / 60) min a cell, \(hours), \(zone.name))")
    // The legend's items two apart, on as many lines as the width takes.
    var line = ""
    for item in items {
      if !line.isEmpty && line.displayWidth + 2 + item.displayWidth > width {
        out += line + "\n"
        line = ""
      }
      line += (line.isEmpty ? "" : "  ") + item
    }
    out += line.wrapped(width: width) + "\n"
    // Nothing left out without a word.
    if daysOff > 0 {
      let days = daysOff == 1 ? "1 day" : "\(daysOff) days"
      out += "(\(days) when no one works, not drawn)".wrapped(width: width) + "\n"
    }
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
    let cut = Sanitize.text(name, limit: 200).truncated(toWidth: width)
    return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
