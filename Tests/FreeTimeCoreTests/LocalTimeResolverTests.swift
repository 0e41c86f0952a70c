import Foundation
import Testing

@testable import FreeTimeCore

/// Foundation's zones (the system tz database) as an offset source.
struct SystemZone: UTCOffsetSource {
  let zone: TimeZone
  init(_ identifier: String) { zone = TimeZone(identifier: identifier)! }
  func utcOffset(at instant: Instant) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
  }
}

/// One offset change at `change`: `before` until then, `after` from then on.
struct OneChange: UTCOffsetSource, CustomStringConvertible {
  var change: Instant
  var before: Int
  var after: Int
  func utcOffset(at instant: Instant) -> Int { instant < change ? before : after }
  var description: String { "\(before)s → \(after)s at \(change)" }
}

/// `OneChange` that also tells the span of each offset.
struct OneChangeWithSpans: UTCOffsetSource {
  var zone: OneChange
  func utcOffset(at instant: Instant) -> Int { zone.utcOffset(at: instant) }
  func utcOffsetSpan(at instant: Instant) -> (offset: Int, from: Instant, to: Instant) {
    instant < zone.change
      ? (zone.before, .min, zone.change) : (zone.after, zone.change, .max)
  }
}

/// A brute-force reading of RFC 5545 §3.3.5, for any zone whose changes are days apart.
enum WallClockModel {
  /// Every instant whose wall clock in `zone` reads `civil`: tries every offset the zone uses
  /// within 30 hours of it (sampled every 15 minutes).
  static func occurrences(of civil: Int64, in zone: some UTCOffsetSource) -> [Instant] {
    let offsets = Set(
      stride(from: civil - 30 * 3600, through: civil + 30 * 3600, by: 900).map {
        zone.utcOffset(at: $0)
      })
    return offsets.map { civil - Int64($0) }
      .filter { $0 + Int64(zone.utcOffset(at: $0)) == civil }
      .sorted()
  }

  /// The instant RFC 5545 §3.3.5 means: the first occurrence; in a gap, the wall time read with
  /// the offset in force just before the gap (found by walking the clock a minute at a time up
  /// to its jump over `civil`).
  static func instant(civil: Int64, in zone: some UTCOffsetSource) -> Instant {
    if let first = occurrences(of: civil, in: zone).first { return first }
    var t = civil - 30 * 3600
    var offsetBefore = zone.utcOffset(at: t)
    while t + Int64(zone.utcOffset(at: t)) < civil {
      offsetBefore = zone.utcOffset(at: t)
      t += 60
    }
    return civil - Int64(offsetBefore)
  }
}

@Suite struct LocalTimeResolverTests {
  /// A CET-like zone: +01:00, then +02:00 from 2026-03-29T01:00Z (wall 02:00 → 03:00), then
  /// +01:00 again from 2026-10-25T01:00Z (wall 03:00 → 02:00). Unix times from `date -u -d`.
  struct TwoChanges: UTCOffsetSource {
    let change: Instant = 1_774_746_000
    let back: Instant = 1_792_890_000
    func utcOffset(at instant: Instant) -> Int {
      instant >= change && instant < back ? 7200 : 3600
    }
  }

  /// 2026-03-29 and 2026-10-25 at 00:00Z.
  static let march29: Instant = 1_774_742_400
  static let october25: Instant = 1_792_886_400
  static let hour: Int64 = 3600

  func instant(_ civil: Int64, _ zone: some UTCOffsetSource = TwoChanges()) -> Instant {
    LocalTimeResolver.instant(civil: civil, in: zone)
  }

  @Test func gapTakesTheOffsetFromBeforeIt() {
    let (day, h) = (Self.march29, Self.hour)
    // Wall 02:30 does not exist; read with +01:00 it is 01:30Z, which the wall shows as 03:30.
    #expect(instant(day + 2 * h + 1800) == day + 1 * h + 1800)
    #expect(LocalTimeResolver.civil(day + 1 * h + 1800, in: TwoChanges()) == day + 3 * h + 1800)
    // The edges: 02:00 and 03:00 are the same instant; 01:59:59 is a second before it.
    #expect(instant(day + 2 * h) == day + 1 * h)
    #expect(instant(day + 3 * h) == day + 1 * h)
    #expect(instant(day + 2 * h - 1) == day + 1 * h - 1)
    #expect(instant(day + 3 * h - 1) == day + 2 * h - 1)
    #expect(instant(day + 3 * h + 1) == day + 1 * h + 1)
  }

  @Test func foldTakesTheFirstOccurrence() {
    let (day, h) = (Self.october25, Self.hour)
    // Wall 02:30 happens at 00:30Z (+02:00) and again at 01:30Z (+01:00): the first one.
    #expect(instant(day + 2 * h + 1800) == day + 1800)
    // The edges of the fold.
    #expect(instant(day + 2 * h) == day)
    #expect(instant(day + 3 * h - 1) == day + h - 1)
    #expect(instant(day + 3 * h) == day + 2 * h)
    #expect(instant(day + 2 * h - 1) == day - 1)
  }

  /// Foundation's Europe/Prague on the same days: 2026-03-29 02:30 (gap) is 01:30Z, i.e. 03:30
  /// CEST; 2026-10-25 02:30 (fold) is 00:30Z, the CEST one.
  @Test func pragueFromTheSystemDatabase() {
    let prague = SystemZone("Europe/Prague")
    #expect(instant(Self.march29 + 9000, prague) == 1_774_747_800)
    #expect(instant(Self.october25 + 9000, prague) == 1_792_888_200)
    #expect(instant(Self.march29 + 12 * Self.hour, prague) == Self.march29 + 10 * Self.hour)
    #expect(instant(Self.october25 + 12 * Self.hour, prague) == Self.october25 + 11 * Self.hour)
  }

  /// Every quarter hour of the three days around each change of the test zone, against the
  /// model.
  @Test func everyQuarterHourAroundTheChanges() {
    let zone = TwoChanges()
    for day in [Self.march29, Self.october25] {
      for civil in stride(from: day - 86_400, through: day + 2 * 86_400, by: 900) {
        #expect(instant(civil, zone) == WallClockModel.instant(civil: civil, in: zone), "\(civil)")
      }
    }
  }

  /// One change of random size and sign (offsets from −12:00 to +14:00 on a 15-minute grid, so
  /// also gaps and folds of a whole day), wall times around it, against the model; 300 seeds.
  @Test(arguments: 0..<300)
  func randomChangesMatchTheModel(seed: Int) {
    var rng = SplitMix64(seed: 5_000_000 + UInt64(seed))
    let zone = OneChange(
      change: Int64(rng.int(-2_000_000...2_000_000)) * 60,
      before: rng.int(-48...56) * 900, after: rng.int(-48...56) * 900)
    let low = zone.change + Int64(min(zone.before, zone.after))
    let high = zone.change + Int64(max(zone.before, zone.after))
    for _ in 0..<8 {
      // Mostly inside the gap or fold or on its edges, else anywhere within two days.
      let civil =
        rng.oneIn(4)
        ? zone.change + Int64(rng.int(-2880...2880)) * 60
        : low + Int64(rng.int(-2...(Int((high - low) / 60) + 2))) * 60
      let result = instant(civil, zone)
      #expect(
        result == WallClockModel.instant(civil: civil, in: zone),
        "seed \(seed): \(zone), civil \(civil)")
      // Outside a gap the instant shows the wall time asked for; in one, the wall time moved on
      // by the size of the jump.
      let inGap =
        civil >= zone.change + Int64(zone.before) && civil < zone.change + Int64(zone.after)
      #expect(
        LocalTimeResolver.civil(result, in: zone)
          == civil + (inGap ? Int64(zone.after - zone.before) : 0), "seed \(seed)")
    }
  }

  /// A source that knows the span of its offsets (as freetime's zones do) takes the resolver's
  /// shortcut away from a change; the answers are those of one that does not, near the change
  /// and far from it.
  @Test(arguments: 0..<100)
  func theSpanShortcutGivesTheSameAnswers(seed: Int) {
    var rng = SplitMix64(seed: 7_000_000 + UInt64(seed))
    let zone = OneChange(
      change: Int64(rng.int(-2_000_000...2_000_000)) * 60,
      before: rng.int(-48...56) * 900, after: rng.int(-48...56) * 900)
    let spans = OneChangeWithSpans(zone: zone)
    for _ in 0..<20 {
      let civil = zone.change + Int64(rng.int(-10_000...10_000)) * 60
      #expect(
        instant(civil, spans) == instant(civil, zone), "seed \(seed): \(zone), civil \(civil)")
    }
  }

  /// Real zones from the system database, every quarter hour within three hours of each
  /// transition of a year (and of an ordinary day), against the model: both hemispheres, a
  /// half-hour change (Lord Howe), DST starting at midnight (São Paulo, 2018), no DST (Kolkata).
  @Test(
    arguments: [
      ("Europe/Prague", 2025), ("America/New_York", 2026), ("Australia/Sydney", 2026),
      ("Australia/Lord_Howe", 2025), ("America/Sao_Paulo", 2018), ("Asia/Kolkata", 2026),
    ])
  func systemZonesMatchTheModel(identifier: String, year: Int) {
    let zone = SystemZone(identifier)
    let start = CivilTime.seconds(year, 1, 1)
    let end = CivilTime.seconds(year + 1, 1, 1)
    var transitions: [Instant] = []
    var t = Date(timeIntervalSince1970: TimeInterval(start))
    while let next = zone.zone.nextDaylightSavingTimeTransition(after: t),
      next.timeIntervalSince1970 < TimeInterval(end)
    {
      transitions.append(Instant(next.timeIntervalSince1970))
      t = next
    }
    #expect(transitions.count == (identifier == "Asia/Kolkata" ? 0 : 2), "\(identifier)")
    for transition in transitions + [start + 86_400 * 100] {
      let wall = transition + Int64(zone.utcOffset(at: transition))
      for civil in stride(from: wall - 3 * 3600, through: wall + 3 * 3600, by: 900) {
        #expect(
          instant(civil, zone) == WallClockModel.instant(civil: civil, in: zone),
          "\(identifier) civil \(civil)")
      }
    }
  }

  /// Samoa skipped 2011-12-30 (−10:00 → +14:00 at 2011-12-30T10:00Z): every wall time of that
  /// day is in the gap and is read with −10:00.
  @Test func aWholeDaySkipped() {
    let apia = SystemZone("Pacific/Apia")
    #expect(apia.utcOffset(at: CivilTime.seconds(2011, 12, 30, 9)) == -36_000)
    #expect(apia.utcOffset(at: CivilTime.seconds(2011, 12, 30, 11)) == 50_400)
    #expect(
      instant(CivilTime.seconds(2011, 12, 30, 12), apia) == CivilTime.seconds(2011, 12, 30, 22))
    #expect(
      instant(CivilTime.seconds(2011, 12, 31, 0), apia) == CivilTime.seconds(2011, 12, 30, 10))
    #expect(
      instant(CivilTime.seconds(2011, 12, 29, 23), apia) == CivilTime.seconds(2011, 12, 30, 9))
  }

  @Test func fixedOffsets() {
    #expect(instant(1000, FixedOffset(seconds: -3600)) == 4600)
    #expect(instant(1000, FixedOffset(seconds: 19_800)) == 1000 - 19_800)
    #expect(LocalTimeResolver.civil(0, in: FixedOffset(seconds: 19_800)) == 19_800)
    #expect(LocalTimeResolver.civil(0, in: FixedOffset(seconds: 0)) == 0)
    // New York in winter: 09:00 EST is 14:00Z.
    #expect(
      instant(CivilTime.seconds(2026, 11, 24, 9), SystemZone("America/New_York"))
        == CivilTime.seconds(2026, 11, 24, 14))
  }
}
