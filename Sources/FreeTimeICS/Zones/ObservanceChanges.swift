import FreeTimeCore

/// The offset changes a VTIMEZONE's STANDARD and DAYLIGHT observances make, worked out as
/// libical 3.0.16 works them out (`icaltimezone_expand_vtimezone`), for the shapes real zones
/// are written in, without libical's recurrence iterator: it calls ICU several times a change,
/// and a zone written from 1601 (as Outlook writes every zone) cost about 10 ms to expand.
///
/// Like libical: an observance without DTSTART or TZOFFSETTO is ignored, a missing
/// TZOFFSETFROM is TZOFFSETTO; DTSTART is a change (once for each RRULE, or once without one);
/// each RRULE instance after DTSTART up to UNTIL (a UTC UNTIL read with TZOFFSETFROM) and each
/// RDATE is a change; a change's instant is its wall clock less TZOFFSETFROM (a UTC RDATE is
/// taken as it is). The shapes read here: a local DTSTART without parameters, RRULEs that are
/// FREQ=YEARLY on one month with one BYDAY (a numbered weekday, every such weekday, or a weekday
/// with BYMONTHDAY), without COUNT or SKIP, with a real UNTIL if any, and single-valued RDATEs
/// of a local or UTC date-time. Left to libical as well: an observance whose BEGIN value does not
/// start with its name (libical matches it from the value's first byte), rules from before 1583
/// (libical's ICU calendar is Julian there), and changes next to 29 February 1700 (libical's leap
/// years are Julian up to 1752). Anything else returns nil and libical expands the zone itself.
/// `ZoneTests` compares the two on every VTIMEZONE of the fixtures, on random ones and on those
/// shapes.
enum ObservanceChanges {
  /// The changes in instants before `end` (UTC), sorted, with the offset each changes to (from
  /// after the last instant where two changes disagree, if any); nil when a shape is not one of
  /// those read here.
  static func changes(_ lines: [ContentLine], before end: Instant) -> (
    starts: [Instant], offsets: [Int]
  )? {
    let lastYear = CivilTime.fields(end).year + 1
    var changes: [(at: Instant, offset: Int)] = []
    var observance: Observance? = nil
    var depth = 0
    for line in lines {
      let name = line.name
      let plain = line.valueStart == name.utf8.count + 1
      switch name {
      case "BEGIN":
        let keyword = line.keyword
        if depth == 0 && keyword == "VTIMEZONE" {
          depth = 1
        } else if depth == 1 && (keyword == "STANDARD" || keyword == "DAYLIGHT"),
          line.strippedValue.startIndex == name.utf8.count + 1
        {
          // libical matches the name from the first byte of the value and ignores the
          // observance otherwise (`BEGIN: DAYLIGHT`, `BEGIN;X=1:DAYLIGHT`).
          depth = 2
          observance = Observance()
        } else {
          return nil
        }
      case "END":
        if depth == 2 {
          guard let o = observance, o.expand(into: &changes, lastYear: lastYear) else {
            return nil
          }
          observance = nil
        }
        depth -= 1
      case "DTSTART" where depth == 2:
        let value = line.strippedValue
        guard plain, observance?.start == nil, value.count == 15,
          let civil = ValueSyntax.onset(value)
        else { return nil }
        observance?.start = civil
      case "TZOFFSETTO" where depth == 2, "TZOFFSETFROM" where depth == 2:
        guard let offset = ValueSyntax.utcOffset(line.strippedValue) else { return nil }
        if name == "TZOFFSETTO" {
          guard observance?.to == nil else { return nil }
          observance?.to = offset
        } else {
          guard observance?.from == nil else { return nil }
          observance?.from = offset
        }
      case "RRULE" where depth == 2, "RDATE" where depth == 2:
        guard plain else { return nil }
        observance?.recurrences.append(line)
      default:
        if depth == 2 && name.hasPrefix("EX") && (name == "EXRULE" || name == "EXDATE") {
          continue  // libical's expansion ignores them
        }
      }
    }
    guard depth == 0 else { return nil }
    changes.sort { $0.at < $1.at }
    // libical's sort leaves the order of changes at one instant to qsort, so which of two that
    // disagree it answers with is not read here: the list starts after the last such instant
    // (Outlook starts both observances on 1 January 1601, often at one instant), and libical
    // answers before it.
    var from = 0
    for i in changes.indices.dropFirst()
    where changes[i].at == changes[i - 1].at && changes[i].offset != changes[i - 1].offset {
      from = i + 1
    }
    while from < changes.count && from > 0 && changes[from].at == changes[from - 1].at {
      from += 1
    }
    var starts: [Instant] = []
    var offsets: [Int] = []
    for change in changes[from...] where change.at < end {
      if let last = starts.last, last == change.at { continue }  // agreeing ones
      starts.append(change.at)
      offsets.append(change.offset)
    }
    return (starts, offsets)
  }

  private struct Observance {
    var start: Int64? = nil
    var to: Int? = nil
    var from: Int? = nil
    var recurrences: [ContentLine] = []

    /// Appends this observance's changes in years up to `lastYear`; false for a shape not read
    /// here.
    func expand(into changes: inout [(at: Instant, offset: Int)], lastYear: Int) -> Bool {
      guard let start, let to else { return true }  // libical ignores the observance
      let from = self.from ?? to
      let rules = recurrences.filter { $0.name == "RRULE" }
      // Before 1583 libical's iterator counts in ICU's Julian calendar.
      if !rules.isEmpty && CivilTime.fields(start).year < 1583 { return false }
      guard Self.sameInBothCalendars(start, start - Int64(from)) else { return false }
      if rules.isEmpty { changes.append((start - Int64(from), to)) }
      for line in recurrences {
        let value = line.strippedValue
        if line.name == "RDATE" {
          if value.count == 15, let civil = ValueSyntax.onset(value) {
            guard Self.sameInBothCalendars(civil, civil - Int64(from)) else { return false }
            changes.append((civil - Int64(from), to))
          } else if value.count == 16, value.last == UInt8(ascii: "Z"),
            let civil = ValueSyntax.onset(value.dropLast())
          {
            changes.append((civil, to))
          } else {
            return false
          }
          continue
        }
        guard let rule = LibicalRecurrence.rule(text: value), Self.untilIsReal(value),
          let days = Self.days(rule), let last = Self.lastLocal(rule, from: from)
        else { return false }
        changes.append((start - Int64(from), to))
        let startDay = CivilTime.floorDiv(start, 86400)
        let time = start - startDay * 86400
        let firstYear = CivilTime.fields(start).year
        guard firstYear <= lastYear else { continue }
        for year in firstYear...lastYear {
          for day in days(year) {
            let civil = day * 86400 + time
            if civil <= start { continue }  // DTSTART was added; the iterator starts there
            if let last, civil > last { break }
            guard Self.sameInBothCalendars(civil, civil - Int64(from)) else { return false }
            changes.append((civil - Int64(from), to))
          }
        }
      }
      return true
    }

    /// The last wall-clock time UNTIL lets an instance start at (nil: no UNTIL); nil inside
    /// when UNTIL is not read here.
    static func lastLocal(_ rule: RecurrenceRule, from: Int) -> Int64?? {
      guard let until = rule.until else { return .some(nil) }
      guard until.isReadable, !until.isDate, until.tzid == nil else { return nil }
      if until.isUTC && !sameInBothCalendars(until.civil, until.civil + Int64(from)) { return nil }
      return .some(until.isUTC ? until.civil + Int64(from) : until.civil)
    }

    /// Whether UNTIL, if any, is a real date and time: libical compares a local UNTIL field by
    /// field as written (`T015960`, Feb 30, hour 24), which `RecurrenceRule` has normalized.
    static func untilIsReal(_ text: ArraySlice<UInt8>) -> Bool {
      for part in text.split(separator: UInt8(ascii: ";")) {
        let upper = ContentLine.asciiUppercased(part)
        guard upper.hasPrefix("UNTIL=") else { continue }
        let v = Array(part.dropFirst(6))
        guard v.count >= 15, v.count <= 16 else { return false }
        let ok = v.withUnsafeBufferPointer { all -> Bool in
          guard let f = ValueSyntax.dateTime(all, at: 0) else { return false }
          return f.isReal && f.second < 60
        }
        if !ok { return false }
      }
      return true
    }

    /// Whether moving between `a` and `b` (a wall clock and its UTC time) gives the same days in
    /// libical, which counts 29 February in every fourth year up to 1752 (1700) when it adds an
    /// offset, as in the proleptic Gregorian calendar used here.
    static func sameInBothCalendars(_ a: Int64, _ b: Int64) -> Bool {
      let da = CivilTime.floorDiv(a, 86400)
      let db = CivilTime.floorDiv(b, 86400)
      if da == db { return true }
      for day in [da, db] {
        let f = CivilTime.fields(day * 86400)
        if f.year <= 1752 && f.year % 100 == 0 && f.year % 400 != 0
          && (f.month == 2 || f.month == 3)
        {
          return false
        }
      }
      return true
    }

    /// The days (day numbers, in order) a yearly rule of a shape read here gives in a year.
    static func days(_ rule: RecurrenceRule) -> ((Int) -> [Int64])? {
      guard rule.frequency == .yearly, rule.step == 1, rule.count == 0, rule.rscale == nil,
        rule.bySecond.isEmpty, rule.byMinute.isEmpty, rule.byHour.isEmpty,
        rule.byYearDay.isEmpty, rule.byWeekNo.isEmpty, rule.bySetPos.isEmpty,
        rule.byMonth.count == 1, !rule.byMonth[0].isLeap, rule.byDay.count == 1,
        rule.skip == .omit
      else { return nil }
      let month = rule.byMonth[0].number
      let weekday = rule.byDay[0].weekday
      let position = rule.byDay[0].position
      let monthDays = rule.byMonthDay
      guard (1...12).contains(month), (0...6).contains(weekday),
        monthDays.isEmpty || position == 0, (-5...5).contains(position)
      else { return nil }
      return { year in
        let first = CivilTime.days(year: year, month: month, day: 1)
        let length = Int64(CivilTime.monthLength(year: year, month: month))
        // Day numbers of this weekday in the month.
        let offset = CivilTime.floorMod(Int64(weekday) - (first + 4), 7)
        let all = Array(stride(from: first + offset, to: first + length, by: 7))
        if position > 0 { return position <= all.count ? [all[position - 1]] : [] }
        if position < 0 { return -position <= all.count ? [all[all.count + position]] : [] }
        if monthDays.isEmpty { return all }
        return all.filter { day in
          let n = Int(day - first) + 1
          return monthDays.contains(n) || monthDays.contains(n - Int(length) - 1)
        }
      }
    }
  }
}
