import Testing

@testable import FreeTimeCore

@Suite struct WorkingHoursTests {
  typealias Span = WorkingHours.Span

  @Test func parsing() {
    #expect(WorkingHours.parseSpans("09:00-17:00") == [Span(start: 32400, end: 61200)])
    #expect(WorkingHours.parseSpans("9:30-24:00") == [Span(start: 34200, end: 86400)])
    #expect(
      WorkingHours.parseSpans("09:00-12:00, 13:00-17:30")
        == [Span(start: 32400, end: 43200), Span(start: 46800, end: 63000)])
    #expect(WorkingHours.parseSpans("22:00-06:00") == [Span(start: 79200, end: 21600)])
    #expect(WorkingHours.parseSpans("22:00-06:00")![0].isOvernight)
    #expect(WorkingHours.parseSpans("00:00-24:00") == [Span(start: 0, end: 86400)])
    for bad in [
      "09:00", "25:00-26:00", "09:60-10:00", "24:30-24:45", "a-b", "09:00-09:00", "24:00-06:00",
      "9-17", "09:00-17:00,", "+9:00-17:00", "09:00-17:00-18:00",
    ] {
      #expect(WorkingHours.parseSpans(bad) == nil, "\(bad)")
    }
    #expect(WorkingHours.parseDays("mon-fri") == [1, 2, 3, 4, 5])
    #expect(WorkingHours.parseDays("mon,wed,fri") == [1, 3, 5])
    #expect(WorkingHours.parseDays("sat-sun") == [6, 0])
    #expect(WorkingHours.parseDays("fri-mon") == [5, 6, 0, 1])
    #expect(WorkingHours.parseDays("monday-tuesday") == [1, 2])
    #expect(WorkingHours.parseDays("funday") == nil)
  }

  /// Off-hours against a minute-by-minute model on the zone's wall clock, over many seeds, in
  /// a zone with DST changes (Prague-like) and a fixed one, with one to three spans, some
  /// crossing midnight. The model: a minute is working time when its wall-clock reading is in a
  /// span of its own weekday, or in the after-midnight part of an overnight span of the day
  /// before. Span ends are on whole hours away from the changes' hour, where a reading is
  /// neither in a gap nor in a fold.
  @Test(arguments: 0..<200)
  func offHoursMatchTheMinuteModel(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 777)
    let zone: any UTCOffsetSource =
      seed % 2 == 0 ? LocalTimeResolverTests.TwoChanges() : FixedOffset(seconds: 19800)
    let start = CivilTime.seconds(2026, 3, 26) + Int64(rng.int(0...(60 * 24 * 5))) * 60
    let window = Interval(start, start + Int64(rng.int(60...(60 * 24 * 4))) * 60)
    var spans: [Span] = []
    for _ in 0..<rng.int(1...3) {
      var a = 0
      var b = 0
      repeat {
        a = rng.int(0...47) * 1800
        b = rng.int(0...48) * 1800
      } while a == b || a == 86400 || [a, b].contains { (7200...10800).contains($0) }
      spans.append(Span(start: a, end: b))
    }
    var days = Set<Int>()
    for d in 0..<7 where rng.int(0...3) > 0 { days.insert(d) }
    let hours = WorkingHours(spans: spans, days: days)
    let off = hours.offHours(in: window, zone: zone)
    let free = FreeSlots.free(busy: off, in: window)
    var bits: [Bool] = []
    var t = window.start
    while t < window.end {
      let f = CivilTime.fields(LocalTimeResolver.civil(t, in: zone))
      let s = f.hour * 3600 + f.minute * 60
      let yesterday = (f.weekday + 6) % 7
      bits.append(
        spans.contains { span in
          if span.isOvernight {
            return (days.contains(f.weekday) && s >= span.start)
              || (days.contains(yesterday) && s < span.end)
          }
          return days.contains(f.weekday) && s >= span.start && s < span.end
        })
      t += 60
    }
    #expect(free == Bitmap.runs(bits, window: window), "seed \(seed) \(spans) \(days)")
  }

  /// An overnight span belongs to the day it starts: with Monday to Friday, Friday's night shift
  /// runs into Saturday morning, and none runs into Monday.
  @Test func overnightBelongsToItsStartDay() {
    let hours = WorkingHours(spans: [Span(start: 22 * 3600, end: 6 * 3600)], days: [1, 2, 3, 4, 5])
    let friday = CivilTime.seconds(2026, 11, 27)
    let window = Interval(friday, friday + 3 * 86400)
    let open = hours.open(around: window, zone: FixedOffset(seconds: 0)).filter {
      $0.overlaps(window)
    }
    // Thursday's shift into Friday morning, Friday's into Saturday morning; none on the weekend.
    #expect(
      open == [
        Interval(friday - 2 * 3600, friday + 6 * 3600),
        Interval(friday + 22 * 3600, friday + 30 * 3600),
      ])
  }

  /// On the night the clocks go back, a 22:00–06:00 shift still ends at 06:00 on the wall
  /// clock (nine hours of elapsed time).
  @Test func overnightEndsOnTheWallClockWhenClocksChange() {
    let zone = LocalTimeResolverTests.TwoChanges()
    let hours = WorkingHours(spans: [Span(start: 22 * 3600, end: 6 * 3600)])
    for day in 0..<240 {
      let midnight = CivilTime.seconds(2026, 3, 1) + Int64(day) * 86400
      let open = hours.open(around: Interval(midnight, midnight + 1), zone: zone)
      guard let night = open.first(where: { $0.start > midnight }) else { continue }
      let end = LocalTimeResolver.civil(night.end, in: zone)
      #expect(CivilTime.floorMod(end, 86400) == 6 * 3600, "day \(day)")
    }
  }
}
