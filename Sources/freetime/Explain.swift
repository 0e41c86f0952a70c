import FreeTimeCore
import FreeTimeICS

/// What bounds a slot (`--explain`): the busy time that ends just before it and the busy time
/// that starts just after it.
struct Explanation: Sendable {
  enum Kind: String, Sendable {
    case event, window, workingHours = "working-hours", unknown
  }

  var kind: Kind
  var person: String?
  var origin: Origin?
  /// For the window: "start" or "end".
  var edge: String?

  /// One line for people: `alice — Standup (alice.ics:48, UID …)`.
  var text: String {
    switch kind {
    case .window: return "the window \(edge == "start" ? "starts" : "ends")"
    case .unknown:
      return
        "\(person ?? "?")'s calendar \(edge == "start" ? "covers no time before" : "covers no time after")"
    case .workingHours:
      return "\(person ?? "?")'s working hours \(edge == "start" ? "begin" : "end")"
    case .event:
      var out = person ?? "?"
      if let summary = origin?.summary, !summary.isEmpty {
        out += " — " + Sanitize.text(summary, limit: 80)
      }
      if let origin {
        var place = origin.file
        if let line = origin.line { place += ":\(line)" }
        if let uid = origin.uid, !uid.isEmpty { place += ", UID \(Sanitize.text(uid, limit: 80))" }
        out += " (\(place))"
      }
      return out
    }
  }

  var json: String {
    var fields = ["\"kind\": \(JSON.string(kind.rawValue))"]
    if let person { fields.append("\"person\": \(JSON.string(person))") }
    if let edge { fields.append("\"edge\": \(JSON.string(edge))") }
    if let origin {
      fields.append("\"file\": \(JSON.string(origin.file))")
      if let line = origin.line { fields.append("\"line\": \(line)") }
      if let uid = origin.uid {
        fields.append("\"uid\": \(JSON.string(Sanitize.text(uid, limit: 500)))")
      }
      if let summary = origin.summary {
        fields.append("\"summary\": \(JSON.string(Sanitize.text(summary, limit: 500)))")
      }
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }
}

/// Finds the explanations of slots from the busy time that shaped them.
struct Explainer {
  /// One bound of someone's free time: a busy interval (padded by --buffer) or working hours.
  struct Bound {
    var interval: Interval
    var person: String
    var explanation: Explanation
  }

  var bounds: [Bound] = []
  let window: Interval

  init(people: [PersonCalendar], setup: Setup) {
    self.window = setup.window
    for person in people where person.role != .optional {
      for (index, interval) in person.busy.enumerated() where !interval.isEmpty {
        let origin = index < person.origins.count ? person.origins[index] : nil
        bounds.append(
          Bound(
            interval: SlotAdjust.pad(interval, by: setup.buffer), person: person.name,
            explanation: Explanation(kind: .event, person: person.name, origin: origin)))
      }
      for (kind, spans) in [
        (Explanation.Kind.workingHours, setup.offHours(of: person)),
        (.unknown, setup.unknownTime(of: person)),
      ] {
        for span in spans {
          bounds.append(
            Bound(
              interval: span, person: person.name,
              explanation: Explanation(kind: kind, person: person.name)))
        }
      }
    }
  }

  /// What ends just before the slot and what starts just after it, among the people and rooms
  /// that the slot lists.
  func explain(_ slot: Slot) -> (after: Explanation, before: Explanation) {
    let who = Set(slot.free + slot.rooms)
    var after: Bound? = nil
    var before: Bound? = nil
    for bound in bounds where who.contains(bound.person) {
      if bound.interval.end <= slot.interval.start, bound.interval.end > window.start,
        after == nil || bound.interval.end > after!.interval.end
      {
        after = bound
      }
      if bound.interval.start >= slot.interval.end, bound.interval.start < window.end,
        before == nil || bound.interval.start < before!.interval.start
      {
        before = bound
      }
    }
    var afterExplanation = after?.explanation ?? Explanation(kind: .window)
    var beforeExplanation = before?.explanation ?? Explanation(kind: .window)
    if afterExplanation.kind != .event { afterExplanation.edge = "start" }
    if beforeExplanation.kind != .event { beforeExplanation.edge = "end" }
    return (afterExplanation, beforeExplanation)
  }
}
