/// Working hours: spans of wall-clock time on some weekdays (`--hours`, `--days`).
///
/// A span may cross midnight (`22:00-06:00`): it belongs to the day it starts on and ends at
/// its end time on the next day's wall clock, also on a night the clocks change. They apply in
/// each person's home zone, so a team across zones gets the hours that are humane for each
/// person (docs/ARCHITECTURE.md, Working hours).
public struct WorkingHours: Sendable, Hashable {
  /// One span of a working day, in seconds after midnight. `end` is at most 86,400 (`24:00`);
  /// an `end` before `start` is on the next day (an overnight span).
  public struct Span: Sendable, Hashable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
      self.start = start
      self.end = end
    }

    /// Whether the span runs into the next day.
    public var isOvernight: Bool { end < start }
  }

  /// The spans of each working day, in the order given (they may overlap).
  public var spans: [Span]
  /// Weekdays, 0 = Sunday … 6 = Saturday: the days spans start on.
  public var days: Set<Int>

  public init(spans: [Span] = [Span(start: 0, end: 86_400)], days: Set<Int> = Set(0..<7)) {
    self.spans = spans
    self.days = days
  }

  /// One span a day.
  public init(start: Int, end: Int, days: Set<Int> = Set(0..<7)) {
    self.init(spans: [Span(start: start, end: end)], days: days)
  }

  /// `HH:MM-HH:MM[,HH:MM-HH:MM…]`: spans whose end differs from their start (an end before the
  /// start crosses midnight; `24:00` is allowed as an end), or nil.
  public static func parseSpans(_ text: String) -> [Span]? {
    var spans: [Span] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "-", omittingEmptySubsequences: false).map {
        String($0).trimmingSpaces()
      }
      guard parts.count == 2, let a = clock(parts[0]), let b = clock(parts[1]), a != b,
        a < 86_400
      else { return nil }
      spans.append(Span(start: a, end: b))
    }
    return spans.isEmpty ? nil : spans
  }

  private static func clock(_ text: String) -> Int? {
    let p = text.split(separator: ":", omittingEmptySubsequences: false)
    guard p.count == 2, (1...2).contains(p[0].count), p[1].count == 2,
      (p[0] + p[1]).allSatisfy({ $0.isASCII && $0.isNumber }),
      let h = Int(p[0]), let m = Int(p[1]), (0...24).contains(h), (0..<60).contains(m),
      h < 24 || m == 0
    else { return nil }
    return h * 3600 + m * 60
  }

  /// `mon-fri`, `mon,wed,fri`, `sat-sun`, `fri-mon` (ranges wrap), or nil.
  public static func parseDays(_ text: String) -> Set<Int>? {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    // A name or its first three letters or more (`mon`, `tues`, `Thursday`): `mon–fri` with an
    // en dash is no day, not Monday (docs/GUIDE.md, Usage: --days).
    func day(_ end: Substring) -> Int? {
      end.count >= 3 ? names.firstIndex { $0.hasPrefix(end) } : nil
    }
    var days = Set<Int>()
    for item in text.lowercased().split(separator: ",") {
      let ends = item.split(separator: "-")
      guard (1...2).contains(ends.count), let a = day(ends[0]), let b = day(ends.last!)
      else { return nil }
      var d = a
      days.insert(d)
      while d != b {
        d = (d + 1) % 7
        days.insert(d)
      }
    }
    return days.isEmpty ? nil : days
  }

  /// The working time from the day before `window` to the day after it, on the zone's wall
  /// clock, merged.
  ///
  /// - Complexity: O(days in the window × spans).
  public func open(around window: Interval, zone: some UTCOffsetSource) -> [Interval] {
    guard !window.isEmpty else { return [] }
    let (firstDay, lastDay) = Self.days(around: window, zone: zone)
    var open: [Interval] = []
    for day in firstDay...lastDay where days.contains(Int(CivilTime.floorMod(day + 4, 7))) {
      let midnight = day * 86400
      for span in spans {
        let end = Int64(span.end) + (span.isOvernight ? 86400 : 0)
        let from = LocalTimeResolver.instant(civil: midnight + Int64(span.start), in: zone)
        let to = LocalTimeResolver.instant(civil: midnight + end, in: zone)
        if from < to { open.append(Interval(from, to)) }
      }
    }
    return open.merged()
  }

  /// The time outside working hours that touches `window`, on the zone's wall clock (whole
  /// stretches: they may reach past the window).
  ///
  /// - Complexity: O(days in the window × spans).
  public func offHours(in window: Interval, zone: some UTCOffsetSource) -> [Interval] {
    guard !window.isEmpty else { return [] }
    let (firstDay, lastDay) = Self.days(around: window, zone: zone)
    // From the midnight before the first day's spans could begin to after the last one's end.
    let around = Interval(
      LocalTimeResolver.instant(civil: (firstDay + 1) * 86400, in: zone),
      LocalTimeResolver.instant(civil: lastDay * 86400, in: zone))
    return FreeSlots.free(busy: open(around: window, zone: zone), in: around)
      .filter { $0.overlaps(window) }
  }

  /// The days whose spans can touch `window`: a day before it (overnight spans) and after it.
  private static func days(around window: Interval, zone: some UTCOffsetSource) -> (Int64, Int64) {
    (
      CivilTime.floorDiv(LocalTimeResolver.civil(window.start, in: zone), 86400) - 2,
      CivilTime.floorDiv(LocalTimeResolver.civil(window.end, in: zone), 86400) + 2
    )
  }

  /// Whether these hours leave every moment open.
  public var isAlways: Bool {
    days.count == 7 && spans.contains { $0.start == 0 && $0.end == 86_400 }
  }

  /// The part of the day a picture of these hours needs, in seconds after midnight: from the
  /// earliest start to the latest end, or the whole day when a span crosses midnight.
  public var daySpan: (start: Int, end: Int) {
    guard !spans.contains(where: \.isOvernight) else { return (0, 86_400) }
    return (spans.map(\.start).min() ?? 0, spans.map(\.end).max() ?? 86_400)
  }

  /// `09:00-12:00,13:00-17:30 mon-fri` (days as ranges where they run on).
  public var description: String {
    WorkingHours.describe(spans) + " " + WorkingHours.describe(days)
  }

  /// Spans as `09:00-12:00,13:00-17:30`.
  public static func describe(_ spans: [Span]) -> String {
    func clock(_ seconds: Int) -> String {
      let h = seconds / 3600
      let m = seconds % 3600 / 60
      return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
    return spans.map { clock($0.start) + "-" + clock($0.end) }.joined(separator: ",")
  }

  /// Weekdays as `mon-fri`, `mon,wed,fri`, `every day`.
  public static func describe(_ days: Set<Int>) -> String {
    let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    if days.count == 7 { return "every day" }
    // Runs of consecutive days, Monday first.
    let order = [1, 2, 3, 4, 5, 6, 0].filter(days.contains)
    var runs: [[Int]] = []
    for day in order {
      if let last = runs.last?.last, (last + 1) % 7 == day {
        runs[runs.count - 1].append(day)
      } else {
        runs.append([day])
      }
    }
    return runs.map { run in
      run.count >= 3
        ? names[run[0]] + "-" + names[run.last!] : run.map { names[$0] }.joined(separator: ",")
    }.joined(separator: ",")
  }
}
