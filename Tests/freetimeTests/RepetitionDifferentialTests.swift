import Foundation
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeICS

/// `Repetition` (the occurrences `book --repeat` checks, docs/GUIDE.md, Recurring meetings) against
/// what its own RRULE expands to in Python's recurring-ical-events and in freetime's reading
/// (libical's expansion and its own), on seeded random series: every period, COUNT and UNTIL,
/// zones whose clocks change on different dates, by an hour at 02:00 or at midnight
/// (America/Santiago) or by half an hour (Australia/Lord_Howe), and times in their gaps and
/// folds.
@Suite struct RepetitionDifferentialTests {
  static let zones = [
    "America/Los_Angeles", "Europe/London", "Asia/Kolkata", "Australia/Sydney",
    "America/Santiago", "Australia/Lord_Howe", "Europe/Prague",
  ]

  struct Series {
    var zone: String
    var first: Instant
    var repetition: Repetition
    var text: String
  }

  /// A random series starting in 2026–2028 at a time near the changes of offset.
  static func series(_ random: inout SplitMix64, n: Int) -> Series {
    let zoneName = random.element(of: zones)
    let zone = Zone.named(zoneName)!
    let period = random.element(of: RepeatPeriod.allCases)
    var day = CivilTime.days(year: 2026, month: 1, day: 1) + Int64(random.int(0...900))
    while period == .daily && CivilTime.floorMod(day + 4, 7) % 6 == 0 { day += 1 }
    var minutes =
      random.element(of: [0, 30, 60, 90, 150, 540, 1050, 1410]) + random.int(0...1) * 15
    // Half the weekly and monthly series meet on Sundays in the small hours, when most of
    // these zones change their clocks.
    if period != .daily && random.oneIn(2) {
      day += (7 - CivilTime.floorMod(day + 4, 7)) % 7
      minutes = random.element(of: [30, 90, 105, 135, 150])
    }
    var first = LocalTimeResolver.instant(civil: day * 86400 + Int64(minutes * 60), in: zone)
    // The first start on the wall clock (a recurring meeting starts where the wall clock
    // names it).
    while LocalTimeResolver.instant(civil: LocalTimeResolver.civil(first, in: zone), in: zone)
      != first
    {
      first += 3600
    }
    let until: Instant? =
      random.oneIn(3)
      ? first + Int64(random.int(0...400)) * 86400 + Int64(random.int(0...86399)) : nil
    let repetition = Repetition(
      period: period, every: period == .daily ? 1 : random.int(1...3),
      count: until == nil ? random.int(1...40) : nil, until: until)
    let civil = LocalTimeResolver.civil(first, in: zone)
    let f = CivilTime.fields(civil)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let start = "\(f.year)\(two(f.month))\(two(f.day))T\(two(f.hour))\(two(f.minute))00"
    let text = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//t//EN\r
      BEGIN:VEVENT\r
      UID:s\(n)\r
      DTSTAMP:20260101T000000Z\r
      DTSTART;TZID=\(zoneName):\(start)\r
      DURATION:PT10M\r
      RRULE:\(repetition.rule(first: first, zone: zone))\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    return Series(zone: zoneName, first: first, repetition: repetition, text: text)
  }

  /// Where two lists of starts part (for the message of a failure).
  static func difference(_ a: [Instant], _ b: [Instant]) -> String {
    let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    return
      "\(a.count) vs \(b.count) starts, from #\(i): \(Array(a.dropFirst(i).prefix(2))) vs \(Array(b.dropFirst(i).prefix(2)))"
  }

  @Test func repetitionIsWhatItsRuleExpandsTo() throws {
    var random = SplitMix64(seed: 2026)
    let all = (0..<600).map { RepetitionDifferentialTests.series(&random, n: $0) }
    let script = """
      import sys, datetime, icalendar, recurring_ical_events
      for cal in icalendar.Calendar.from_ical(sys.stdin.read(), multiple=True):
          starts = [int(o["DTSTART"].dt.timestamp()) for o in recurring_ical_events.of(cal)
                    .between(datetime.datetime(2000, 1, 1), datetime.datetime(2080, 1, 1))]
          print(" ".join(map(str, sorted(starts))))
      """
    let run = try Run.python(script, stdin: all.map(\.text).joined())
    try #require(run.status == 0, "\(run.stderr)")
    let python = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    // The sample reaches the cases that matter: occurrences a gap moves, and ones in a fold.
    var gaps = 0
    var folds = 0
    for s in all {
      let zone = Zone.named(s.zone)!
      for o in s.repetition.occurrences(from: s.first, zone: zone) {
        if o.wallClock != LocalTimeResolver.civil(o.start, in: zone) { gaps += 1 }
        if [1800, 3600].contains(where: {
          LocalTimeResolver.civil(o.start + $0, in: zone) == o.wallClock
        }) {
          folds += 1
        }
      }
    }
    #expect(gaps >= 10 && folds >= 10, "\(gaps) in gaps, \(folds) in folds")
    for (i, s) in all.enumerated() {
      let expected = s.repetition.starts(from: s.first, zone: Zone.named(s.zone)!)
      let what =
        "\(s.zone) \(s.repetition.rule(first: s.first, zone: Zone.named(s.zone)!)) from \(s.first)"
      let py = python[i].split(separator: " ").map { Instant($0)! }
      #expect(
        py == expected, "Python: \(what): \(RepetitionDifferentialTests.difference(py, expected))")
      let path = Temp.file(s.text)
      for own in [false, true] {
        var options = ReadOptions(
          window: Interval(1_700_000_000, max(expected.last ?? 0, 2_000_000_000) + 86400),
          defaultZone: Zone.named(s.zone)!,
          tentative: .busy, allDay: .busy)
        options.ownExpansion = own
        let source = CalendarSource(kind: .file(path), name: "p", argument: path)
        let busy = try CalendarReader.read(source, options: options).busy.sorted()
        #expect(
          busy.map(\.start) == expected,
          "freetime, own expansion \(own): \(what): \(RepetitionDifferentialTests.difference(busy.map(\.start), expected))"
        )
      }
    }
  }
}
