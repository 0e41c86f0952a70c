import Testing

@testable import FreeTimeCore

@Suite struct WorkingHoursTests {
  @Test func parsing() {
    #expect(WorkingHours.parseHours("09:00-17:00")! == (32400, 61200))
    #expect(WorkingHours.parseHours("9:30-24:00")! == (34200, 86400))
    for bad in ["17:00-09:00", "09:00", "25:00-26:00", "09:60-10:00", "24:30-24:45", "a-b"] {
      #expect(WorkingHours.parseHours(bad) == nil, "\(bad)")
    }
    #expect(WorkingHours.parseDays("mon-fri") == [1, 2, 3, 4, 5])
    #expect(WorkingHours.parseDays("mon,wed,fri") == [1, 3, 5])
    #expect(WorkingHours.parseDays("sat-sun") == [6, 0])
    #expect(WorkingHours.parseDays("fri-mon") == [5, 6, 0, 1])
    #expect(WorkingHours.parseDays("monday-tuesday") == [1, 2])
    #expect(WorkingHours.parseDays("funday") == nil)
  }

  /// Off-hours against a minute-by-minute model on the zone's wall clock, over many seeds, in
  /// a zone with DST changes (Prague-like) and a fixed one.
  @Test(arguments: 0..<120)
  func offHoursMatchTheMinuteModel(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 777)
    let zone: any UTCOffsetSource =
      seed % 2 == 0 ? LocalTimeResolverTests.TwoChanges() : FixedOffset(seconds: 19800)
    let start = CivilTime.seconds(2026, 3, 26) + Int64(rng.int(0...(60 * 24 * 5))) * 60
    let window = Interval(start, start + Int64(rng.int(60...(60 * 24 * 4))) * 60)
    let a = rng.int(0...47) * 1800
    let b = rng.int((a / 1800 + 1)...48) * 1800
    var days = Set<Int>()
    for d in 0..<7 where rng.int(0...3) > 0 { days.insert(d) }
    let hours = WorkingHours(start: a, end: b, days: days)
    let off = hours.offHours(in: window, zone: zone)
    let free = FreeSlots.free(busy: off, in: window)
    // The model: a minute is free when its wall-clock time and weekday are inside the hours.
    var bits: [Bool] = []
    var t = window.start
    while t < window.end {
      let f = CivilTime.fields(LocalTimeResolver.civil(t, in: zone))
      let s = f.hour * 3600 + f.minute * 60
      bits.append(days.contains(f.weekday) && s >= a && s < b)
      t += 60
    }
    #expect(free == Bitmap.runs(bits, window: window), "seed \(seed)")
  }
}
