import FreeTimeCore

/// Working hours as asked for, for everyone or for one person: spans and days, each possibly
/// unsaid (then a weaker choice decides: docs/GUIDE.md, Usage: --hours).
public struct HoursChoice: Equatable, Sendable {
  public var spans: [WorkingHours.Span]?
  public var days: Set<Int>?

  public var isEmpty: Bool { spans == nil && days == nil }

  public init(spans: [WorkingHours.Span]? = nil, days: Set<Int>? = nil) {
    self.spans = spans
    self.days = days
  }

  /// Hours that say both spans and days (a person's own), or nothing.
  public init(_ hours: WorkingHours?) {
    self.init(spans: hours?.spans, days: hours?.days)
  }

  /// This choice where it says something, `weaker` where it does not.
  public func over(_ weaker: HoursChoice) -> HoursChoice {
    HoursChoice(spans: spans ?? weaker.spans, days: days ?? weaker.days)
  }

  /// The hours, every moment where nothing is said.
  public var hours: WorkingHours {
    var hours = WorkingHours()
    if let spans { hours.spans = spans }
    if let days { hours.days = days }
    return hours
  }

  /// `--hours [NAME=]SPANS` and `--days [NAME=]DAYS`, each repeatable: the general choice and
  /// one per named person. Repeated entries for the same person (or for everyone) add up.
  public static func parse(hours: [String], days: [String]) throws(ScheduleError) -> (
    general: HoursChoice, named: [String: HoursChoice]
  ) {
    var general = HoursChoice()
    var named: [String: HoursChoice] = [:]
    func update(_ name: String?, _ change: (inout HoursChoice) -> Void) {
      if let name { change(&named[name, default: HoursChoice()]) } else { change(&general) }
    }
    for entry in hours {
      let (name, text) = split(entry)
      guard let spans = WorkingHours.parseSpans(text) else {
        if let empty = text.split(separator: ",").first(where: {
          let ends = $0.split(separator: "-")
          return ends.count == 2 && ends[0] == ends[1]
        }) {
          throw .usage("--hours '\(entry)': the range \(String(empty)) is empty.")
        }
        if let close = Self.written(text) {
          let named = name.map { "\($0)=" } ?? ""
          throw .usage(
            "--hours '\(entry)': write the times as HH:MM; did you mean \(named)\(close)?")
        }
        if name == nil,
          let named = SchedulingRequest.namedLike(
            entry, isValue: { WorkingHours.parseSpans($0) != nil })
        {
          throw .usage("--hours '\(entry)' must be [NAME=]HH:MM-HH:MM; \(named)")
        }
        throw .usage(
          "--hours '\(entry)' must be [NAME=]HH:MM-HH:MM[,HH:MM-HH:MM…], e.g. 09:00-17:00, 09:00-12:00,13:00-17:00, 22:00-06:00 or nina=10:00-18:00."
        )
      }
      update(name) { $0.spans = ($0.spans ?? []) + spans }
    }
    for entry in days {
      let (name, text) = split(entry)
      guard let set = WorkingHours.parseDays(text) else {
        if name == nil,
          let named = SchedulingRequest.namedLike(
            entry, isValue: { WorkingHours.parseDays($0) != nil })
        {
          throw .usage("--days '\(entry)' must be [NAME=]DAYS; \(named)")
        }
        if let close = Self.writtenDays(text) {
          let named = name.map { "\($0)=" } ?? ""
          throw .usage(
            "--days '\(entry)' is not a list of weekdays; did you mean \(named)\(close)?")
        }
        throw .usage(
          "--days '\(entry)' must be [NAME=]DAYS naming weekdays, e.g. mon-fri, mon,wed,fri, sat-sun or nina=tue-sat."
        )
      }
      update(name) { $0.days = ($0.days ?? []).union(set) }
    }
    return (general, named)
  }

  /// `NAME=VALUE` into its name and value; a value alone has no name.
  private static func split(_ entry: String) -> (String?, String) {
    guard let eq = entry.firstIndex(of: "=") else { return (nil, entry) }
    return (String(entry[..<eq]), String(entry[entry.index(after: eq)...]))
  }

  /// The ranges `text` means when it is almost a `--hours` value (`WorkingHours.meantSpans`).
  static func written(_ text: String) -> String? { WorkingHours.meantSpans(text) }

  /// The days `text` means when it is almost a `--days` value (`WorkingHours.meantDays`).
  static func writtenDays(_ text: String) -> String? { WorkingHours.meantDays(text) }
}
