import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// What bounds a slot (`--explain`): the busy time that ends just before it and the busy time
/// that starts just after it.
struct Explanation: Sendable {
  enum Kind: String, Sendable {
    case event, window, workingHours = "working-hours", unknown
  }

  var kind: Kind
  var person: String?
  var origin: Origin?
  /// For an event that is not firm busy time: "tentative" or "out-of-office".
  var status: String?
  /// For the window: "start" or "end".
  var edge: String?

  /// One line for people: `alice — Standup (alice.ics:48, UID …)`.
  var text: String {
    switch kind {
    case .window: return "the window \(edge == "start" ? "starts" : "ends")"
    case .unknown where origin == nil:
      return
        "\(person ?? "?")'s calendar \(edge == "start" ? "covers no time before" : "covers no time after")"
    case .workingHours:
      return "\(person ?? "?")'s working hours \(edge == "start" ? "begin" : "end")"
    case .event, .unknown:
      var out = person ?? "?"
      if kind == .unknown { out += " — unknown: a time of this event cannot be read" }
      if let status { out += " — " + (status == "out-of-office" ? "out of office" : status) }
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
    if let status { fields.append("\"status\": \(JSON.string(status))") }
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

/// What bounds a slot, and the events in it that only the owner's reply freed.
struct SlotExplanation: Sendable {
  var after: Explanation
  var before: Explanation
  /// Events inside the slot that would block but for a declined or delegated reply.
  var freed: [Explanation] = []
}

/// Finds the explanations of slots from the busy time that shaped them.
struct Explainer {
  /// One bound of someone's free time: a busy interval (padded by --buffer) or working hours.
  struct Bound {
    var interval: Interval
    var person: String
    var explanation: Explanation
  }

  struct FreedKey: Hashable {
    var person: String
    var origin: Origin?
  }

  var bounds: [Bound] = []
  /// Time the owners' replies freed (`status` says declined or delegated).
  var freed: [Bound] = []
  let window: Interval

  init(people: [Person], request: SchedulingRequest) {
    self.window = request.window
    for person in people where person.role != .room {
      for time in person.freedByReply {
        freed.append(
          Bound(
            interval: time.interval, person: person.name,
            explanation: Explanation(
              kind: .event, person: person.name, origin: time.origin, status: time.reply)))
      }
    }
    for person in people where person.role != .optional {
      let tentative = Set(person.tentative)
      let away = Set(person.outOfOffice)
      for (index, interval) in person.busy.enumerated() where !interval.isEmpty {
        let origin = index < person.origins.count ? person.origins[index] : nil
        let status =
          away.contains(interval)
          ? "out-of-office" : tentative.contains(interval) ? "tentative" : nil
        bounds.append(
          Bound(
            interval: SlotAdjust.pad(interval, by: request.buffer), person: person.name,
            explanation: Explanation(
              kind: .event, person: person.name, origin: origin, status: status)))
      }
      // Time an event whose end cannot be read may cover names that event.
      for (interval, origin) in person.unknownEvents {
        bounds.append(
          Bound(
            interval: interval, person: person.name,
            explanation: Explanation(kind: .unknown, person: person.name, origin: origin)))
      }
      for (kind, spans) in [
        (Explanation.Kind.workingHours, person.offHours),
        (.unknown, person.uncoveredTime),
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
  func explain(_ slot: Slot) -> SlotExplanation {
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
    if afterExplanation.kind != .event && afterExplanation.origin == nil {
      afterExplanation.edge = "start"
    }
    if beforeExplanation.kind != .event && beforeExplanation.origin == nil {
      beforeExplanation.edge = "end"
    }
    // Each freed event once, in the order its first freed time comes.
    var seen = Set<FreedKey>()
    let inside = freed.filter { who.contains($0.person) && $0.interval.overlaps(slot.interval) }
      .sorted { $0.interval.start < $1.interval.start }
      .filter { seen.insert(FreedKey(person: $0.person, origin: $0.explanation.origin)).inserted }
    return SlotExplanation(
      after: afterExplanation, before: beforeExplanation, freed: inside.map(\.explanation))
  }
}
