import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// How `--explain` and `book` write an explanation (docs/GUIDE.md, Usage: --explain).
extension Explanation {
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
