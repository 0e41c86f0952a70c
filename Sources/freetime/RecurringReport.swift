import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// What `freetime suggest --repeat` prints (docs/GUIDE.md, Recurring meetings): each ranked series
/// or rotation with everyone's local times (and where they change), the occurrences someone
/// misses, each person's cost, and the `freetime book` command that books it.
struct RecurringReport {
  var meetings: [Suggestions.Recurring]
  /// With a rotation: the best single time, for each person's cost under it.
  var single: Suggestions.Recurring?
  var people: [Person]
  var request: SchedulingRequest
  var duration: DurationArgument
  var repetition: Repetition
  var booking: [String]

  /// The single-meeting report, for what the two share (names, zones, book arguments).
  var base: SuggestReport {
    SuggestReport(
      meetings: [], people: people, request: request, duration: duration, booking: booking)
  }

  func render(_ format: SuggestFormat) -> String {
    SuggestReport.document(format, count: meetings.count, json: json, table: table)
  }

  var periodName: String {
    switch repetition.period {
    case .daily: return "every weekday"
    case .weekly: return "weekly"
    case .twoWeeks: return "every 2 weeks"
    case .fourWeeks: return "every 4 weeks"
    case .monthly: return "monthly"
    }
  }

  /// "once", "2 times".
  static func times(_ n: Int) -> String { n == 1 ? "once" : "\(n) times" }

  func day(_ instant: Instant) -> String {
    let f = TimeText.fields(instant, zone: request.zone).fields
    return "\(TimeText.weekday(f)) \(TimeText.date(f))"
  }

  func span(_ interval: Interval, zone: Zone) -> String {
    TimeText.clock(interval.start, zone: zone) + "–" + TimeText.clock(interval.end, zone: zone)
  }

  /// A person's local times over a series, with the dates they change on ("09:00–10:00,
  /// 08:00–09:00 from 2027-03-14").
  func localTimes(_ occurrences: [Suggestions.Occurrence], zone: Zone) -> String {
    var parts: [String] = []
    var last = ""
    for occurrence in occurrences {
      let text = span(occurrence.interval, zone: zone)
      if text != last {
        let f = TimeText.fields(occurrence.interval.start, zone: zone).fields
        parts.append(parts.isEmpty ? text : text + " from " + TimeText.date(f))
        last = text
      }
    }
    return parts.joined(separator: ", ")
  }

  /// The occurrences of series `j` of a suggestion.
  func series(_ meeting: Suggestions.Recurring, _ j: Int) -> [Suggestions.Occurrence] {
    let k = meeting.firsts.count
    return meeting.occurrences.enumerated().filter { $0.offset % k == j }.map(\.element)
  }

  func table() -> String {
    let required = people.filter { $0.role == .required }.map(\.name)
    let length =
      repetition.count.map(Self.times)
      ?? "until \(TimeText.human(repetition.until ?? 0, zone: request.zone))"
    var out =
      Terminal.wrap(
        "Best times for \(DurationSyntax.short(duration.seconds)) \(periodName), \(length), with "
          + Sanitize.text(required.joined(separator: ", "), limit: 300) + " in \(request.zone.name)"
          + " (* outside their comfort hours; cost: docs/GUIDE.md, freetime suggest)",
        width: Terminal.columns) + "\n"
    let rooms = people.contains { $0.role == .room }
    for (rank, meeting) in meetings.enumerated() {
      let k = meeting.firsts.count
      let last = meeting.occurrences.last!.interval
      let heading: String
      if k == 1 {
        heading =
          "\(rank + 1). \(day(meeting.firsts[0].start))  "
          + span(meeting.firsts[0], zone: request.zone)
          + ", \(periodName), \(Self.times(meeting.occurrences.count)) to \(day(last.start))"
      } else {
        let firsts = meeting.firsts.map { "\(day($0.start)) \(span($0, zone: request.zone))" }
        heading =
          "\(rank + 1). A rotation of \(k), in turn: " + firsts.joined(separator: "; ")
          + "; \(Self.times(meeting.occurrences.count)) to \(day(last.start))"
      }
      out += "\n" + Terminal.wrap(heading, width: Terminal.columns, indent: 3) + "\n"
      let names = meeting.required.map { Sanitize.text($0, limit: 40) }
      let width = names.map(\.displayWidth).max() ?? 0
      let totals = meeting.totals
      let outside = meeting.outsideTotals
      let alone = single?.totals
      for (p, name) in meeting.required.enumerated() {
        let home = base.zone(of: name)
        var times = (0..<k).map { localTimes(series(meeting, $0), zone: home) }
          .joined(separator: " / ")
        if home.name != request.zone.name { times += " \(TimeText.city(home))" }
        var line =
          "   \(names[p])" + String(repeating: " ", count: width - names[p].displayWidth)
        line += "  " + times + "  cost \(totals[p])"
        if let alone { line += " (one time: \(alone[p]))" }
        if outside[p] > 0 { line += " *" }
        out += Terminal.wrap(line, width: Terminal.columns, indent: 6) + "\n"
      }
      var notes: [String] = []
      if let single, single.missingPairs <= meeting.missingPairs,
        single.largestTotal <= meeting.largestTotal
      {
        notes.append(
          "one time is as fair: \(day(single.firsts[0].start)) "
            + span(single.firsts[0], zone: request.zone) + " costs no one more than "
            + "\(single.largestTotal) (without --rotate)")
      }
      let failing = meeting.occurrences.filter { !$0.missing.isEmpty }
      if !failing.isEmpty {
        notes.append(
          "missing: "
            + failing.map { "\(day($0.interval.start)) (\($0.missing.joined(separator: ", ")))" }
            .joined(separator: "; "))
      }
      let everywhere = freeAtEvery(meeting.occurrences.map(\.rooms))
      if rooms {
        let roomless = meeting.occurrences.filter { $0.rooms.isEmpty }
        if !everywhere.isEmpty {
          notes.append(SuggestReport.roomNote(everywhere[0], everywhere))
        } else if roomless.isEmpty {
          notes.append(
            "no one room is free at every occurrence (the rooms by occurrence are in --format json); none is booked"
          )
        }
        if !roomless.isEmpty {
          notes.append(
            "no room: " + roomless.map { day($0.interval.start) }.joined(separator: ", "))
        }
      }
      let optional = freeAtEvery(meeting.occurrences.map(\.optional))
      if !optional.isEmpty { notes.append("optional: " + optional.joined(separator: ", ")) }
      for note in notes {
        out +=
          Terminal.wrap("   " + Sanitize.text(note, limit: 600), width: Terminal.columns)
          + "\n"
      }
      out += "   " + Shell.wrap(bookWords(meeting), width: Terminal.columns, indent: 6) + "\n"
    }
    return out
  }

  /// The names in every one of `lists`, in the first's order.
  func freeAtEvery(_ lists: [[String]]) -> [String] {
    guard let first = lists.first else { return [] }
    return first.filter { name in lists.allSatisfy { $0.contains(name) } }
  }

  func json(_ index: Int) -> String {
    let meeting = meetings[index]
    let zone = request.zone
    func list(_ names: [String]) -> String {
      "[" + names.map(JSON.string).joined(separator: ", ") + "]"
    }
    func times(_ interval: Interval) -> String {
      "\"start\": \(JSON.string(TimeText.rfc3339(interval.start, zone: zone))), "
        + "\"end\": \(JSON.string(TimeText.rfc3339(interval.end, zone: zone)))"
    }
    let totals = meeting.totals
    let outside = meeting.outsideTotals
    let missed = meeting.missed
    let attendees = meeting.required.enumerated().map { p, name in
      var item =
        "{\"name\": \(JSON.string(name)), \"zone\": \(JSON.string(base.zone(of: name).name)), "
        + "\"cost\": \(totals[p]), \"outsideMinutes\": \(outside[p] / 60), \"missed\": \(missed[p])"
      if let single { item += ", \"singleTimeCost\": \(single.totals[p])" }
      return item + "}"
    }
    let occurrences = meeting.occurrences.map { o in
      "{\(times(o.interval)), \"missing\": \(list(o.missing)), \"rooms\": \(list(o.rooms))}"
    }
    var out = "{\"rank\": \(index + 1), \(times(meeting.firsts[0])), "
    out += "\"repeat\": \(JSON.string(repetition.period.rawValue)), "
    if meeting.firsts.count > 1 {
      out +=
        "\"rotation\": [" + meeting.firsts.map { "{\(times($0))}" }.joined(separator: ", ")
        + "], "
    }
    out += "\"occurrences\": [\(occurrences.joined(separator: ", "))], "
    out += "\"attendees\": [\(attendees.joined(separator: ", "))], "
    out +=
      "\"missing\": \(list(meeting.required.enumerated().filter { missed[$0.offset] > 0 }.map(\.element))), "
    out += "\"optional\": \(list(freeAtEvery(meeting.occurrences.map(\.optional)))), "
    let everywhere = freeAtEvery(meeting.occurrences.map(\.rooms))
    out +=
      "\"rooms\": \(list(everywhere)), \"room\": \(everywhere.first.map(JSON.string) ?? "null"), "
    out += "\"book\": \(JSON.string(bookWords(meeting).joined(separator: " ")))}"
    return out
  }

  /// `freetime book --repeat …` for a suggestion: every series' first start, the people who
  /// miss none required, those who miss one and the optional people optional, a room free at
  /// every occurrence.
  func bookWords(_ meeting: Suggestions.Recurring) -> [String] {
    var words = ["freetime", "book"]
    for first in meeting.firsts {
      words += ["--at", TimeText.rfc3339(first.start, zone: request.zone)]
    }
    words += ["--repeat", repetition.period.rawValue]
    if let count = repetition.count {
      words += ["--occurrences", "\(count)"]
    } else if let until = repetition.until {
      // The instant, not the text: a relative WHEN counts from --from here, from now in book.
      words += ["--until", TimeText.rfc3339(until, zone: request.zone)]
    }
    if meeting.firsts.count > 1 { words += ["--rotate", "\(meeting.firsts.count)"] }
    words += [
      "--duration", DurationSyntax.short(duration.seconds), "--title", "Meeting",
    ]
    words += booking
    if let room = freeAtEvery(meeting.occurrences.map(\.rooms)).first {
      words += base.tokens(room).flatMap { ["--room", $0] }
      if let need = request.roomNeed, need.seatsGiven { words += ["--capacity", "\(need.seats)"] }
    }
    let missed = meeting.missed
    var missing = meeting.required.enumerated().filter { missed[$0.offset] > 0 }.map(\.element)
    var attending = meeting.required.enumerated().filter { missed[$0.offset] == 0 }
      .map(\.element)
    if attending.isEmpty && !missing.isEmpty {
      // Everyone misses an occurrence: they stay required, and the series is booked as
      // suggested, with the occurrences they miss (listed above) in it.
      attending = missing
      missing = []
      words.append("--force")
    }
    for name in missing + people.filter({ $0.role == .optional }).map(\.name) {
      words += base.tokens(name).flatMap { ["--optional", $0] }
    }
    words += attending.flatMap { base.tokens($0) }
    return words.map(Shell.quote)
  }

  /// Why there is no suggestion.
  func whyNone(_ participants: [Participant], quorum: Int?, rotate: Int) -> String {
    if quorum == nil,
      let hours = HoursAdvice.reason(
        people: people, participants: participants, request: request, duration: duration.seconds)
    {
      return hours
    }
    if let quorum {
      return
        "no \(periodName) time has at least \(quorum) of the required people free at every occurrence; try a smaller --quorum, fewer --occurrences or another --repeat"
    }
    return
      "no \(DurationSyntax.short(duration.seconds)) meeting starts on the grid of the first period"
      + (rotate > 1 ? "s" : "") + "; try a shorter --duration or a finer --step"
  }
}
