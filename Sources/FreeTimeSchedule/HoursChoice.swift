import FreeTimeCore

/// Working hours as asked for, for everyone or for one person: spans and days, each possibly
/// unsaid (then a weaker choice decides: README, Working hours).
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
        throw .usage(
          "--hours '\(entry)' must be [NAME=]HH:MM-HH:MM[,HH:MM-HH:MM…], e.g. 09:00-17:00, 09:00-12:00,13:00-17:00, 22:00-06:00 or nina=10:00-18:00."
        )
      }
      update(name) { $0.spans = ($0.spans ?? []) + spans }
    }
    for entry in days {
      let (name, text) = split(entry)
      guard let set = WorkingHours.parseDays(text) else {
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
}
