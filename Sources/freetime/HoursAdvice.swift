import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// Why no meeting fits when the people's working hours are the cause, and only the advice that
/// would help (docs/GUIDE.md, freetime suggest: when working hours are why nothing fits).
enum HoursAdvice {
  /// The reason and advice when the required people's hours (with their days) have no common
  /// stretch of `duration` in the window; nil when they have one (something else is why).
  static func reason(
    people: [Person], participants: [Participant], request: SchedulingRequest, duration: Int64,
    option: String = "--duration"
  ) -> String? {
    guard let common = CommonHours(people, window: request.window) else { return nil }
    let needed = max(duration, 1)
    if let longest = common.longest, longest.duration >= needed { return nil }
    let names = common.sources.map(\.name)
    var text: String
    if let longest = common.longest {
      let zone = request.zone
      text =
        "the working hours of \(list(names)) have no common stretch of \(DurationSyntax.short(needed)) in the window: the longest is \(DurationSyntax.short(longest.duration)), \(TimeText.human(longest.start, zone: zone))–\(TimeText.clock(longest.end, zone: zone))"
      var bounds: [String] = []
      if !common.startsAt.isEmpty && common.startsAt == common.endsAt {
        bounds.append(
          "\(possessive(common.startsAt)) hours start at \(TimeText.clock(longest.start, zone: zone)) and end at \(TimeText.clock(longest.end, zone: zone))"
        )
      } else if !common.startsAt.isEmpty {
        bounds.append(
          "\(possessive(common.startsAt)) hours start at \(TimeText.clock(longest.start, zone: zone))"
        )
      }
      if !common.endsAt.isEmpty && common.startsAt != common.endsAt {
        let hours = common.startsAt.isEmpty ? " hours" : ""
        bounds.append(
          "\(possessive(common.endsAt))\(hours) end at \(TimeText.clock(longest.end, zone: zone))")
      }
      if !bounds.isEmpty { text += " (" + bounds.joined(separator: ", ") + ")" }
    } else {
      text = Blocking.reason(participants, people: people, request: request)
    }
    return text + "; try "
      + hints(
        common, people: people, participants: participants,
        request: request, needed: needed, option: option
      ).joined(separator: ", ")
  }

  /// What would help: only what could find a meeting.
  static func hints(
    _ common: CommonHours, people: [Person], participants: [Participant],
    request: SchedulingRequest, needed: Int64, option: String
  ) -> [String] {
    let limiting = common.limiting.isEmpty ? common.sources.map(\.name) : common.limiting
    let from = Dictionary(
      common.sources.map { ($0.name, $0.from) }, uniquingKeysWith: { a, _ in a })
    var hints: [String] = []
    let own = limiting.filter { [.peopleFile, .availability, .outlook].contains(from[$0]) }
    if !own.isEmpty {
      hints.append("--no-own-hours (\(possessive(own)) hours are their own)")
    }
    let shown = limiting.prefix(2).map { "--hours \(Shell.quote($0))=HH:MM-HH:MM" }
    hints.append(shown.joined(separator: " or ") + " for wider hours")
    // Days of their own that leave some out (`--days`, the people file's days).
    let days = limiting.filter { name in
      people.first { $0.name == name }?.hours.map { $0.days.count < 7 } ?? false
    }
    if let name = days.first { hints.append("--days \(Shell.quote(name))=DAYS for more days") }
    // A shorter meeting helps only where the hours meet at all.
    if let longest = common.longest, longest.duration >= 60 {
      hints.append("\(option) \(DurationSyntax.short(longest.duration)) or less")
    } else if common.longest != nil {
      hints.append("a shorter \(option)")
    }
    // A wider window helps only when the hours meet long enough in one: the next eight weeks
    // (their clocks may change) are worked out, not guessed.
    let weeks = Interval(request.window.start, request.window.start + 8 * 7 * 86_400)
    let wide = Interval(request.window.start, max(request.window.end, weeks.end))
    switch CommonHours.longest(people, over: wide) {
    case let longest?:
      if longest >= needed { hints.append("a wider window (--from, --to)") }
    case nil:
      // Hours read for the window only (a VAVAILABILITY): a week or more has seen every day's.
      if request.window.duration < 7 * 86_400 { hints.append("a wider window (--from, --to)") }
    }
    if let quorum = quorumHint(participants, request: request, needed: needed) {
      hints.append(quorum)
    }
    return hints
  }

  /// `--quorum N-1` when all but one of the required people do have `needed` seconds together
  /// (and no quorum was asked for, among three or more): only advice that would find a time.
  static func quorumHint(
    _ participants: [Participant], request: SchedulingRequest, needed: Int64
  ) -> String? {
    let required = participants.filter { $0.role == .required }.count
    guard request.quorum == nil && required > 2,
      Merger(minimum: needed).quorum(participants, atLeast: required - 1, window: request.window)
        .contains(where: { $0.interval.duration >= needed })
    else { return nil }
    return "--quorum \(required - 1)"
  }

  /// `alice`, `alice and bob`, `alice, bob and carol`.
  static func list(_ names: [String]) -> String {
    let shown = names.map { Sanitize.text($0, limit: 40) }
    guard shown.count > 1 else { return shown.first ?? "" }
    return shown.dropLast().joined(separator: ", ") + " and " + shown.last!
  }

  /// `alice's`, `alice's and bob's`.
  static func possessive(_ names: [String]) -> String {
    list(names.map { $0 + "'s" })
  }
}
