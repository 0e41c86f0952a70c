/// The UTC offset of a time zone at each instant: what a zone must tell to turn wall-clock times
/// into instants. Foundation's `TimeZone`, libical's zones and a fixed offset all provide it.
public protocol UTCOffsetSource {
  /// Seconds to add to UTC to get the wall clock at `instant`.
  func utcOffset(at instant: Instant) -> Int
  /// The offset at `instant` and a span `from..<to` around `instant` in which it does not
  /// change (a source that does not know says `instant..<instant + 1`).
  func utcOffsetSpan(at instant: Instant) -> (offset: Int, from: Instant, to: Instant)
}

/// A fixed offset from UTC (`Z`, `+01:00`).
public struct FixedOffset: UTCOffsetSource, Sendable {
  public var seconds: Int
  public init(seconds: Int) { self.seconds = seconds }
  public func utcOffset(at instant: Instant) -> Int { seconds }
}

/// Turns wall-clock times into instants by the rules of RFC 5545 §3.3.5.
public enum LocalTimeResolver {
  /// The instant of a wall-clock time in a zone.
  ///
  /// A time that occurs twice (the fold when clocks go back) means the **first** occurrence; a
  /// time that does not occur (the gap when clocks go forward) is read with the offset from
  /// before the gap, so 02:30 in a 02:00→03:00 gap becomes 03:30 (RFC 5545 §3.3.5).
  /// Assumes no two offset changes within a day of each other, as in every real zone.
  @inlinable
  public static func instant(civil: Int64, in zone: some UTCOffsetSource) -> Instant {
    // No change of offset within a day and a half either side (the probes below): the answer
    // is the one offset's.
    let span = zone.utcOffsetSpan(at: civil)
    if span.from <= civil - 86400 - 50400 && civil + 86400 + 50400 < span.to {
      return civil - Int64(span.offset)
    }
    let before = Int64(zone.utcOffset(at: civil - 86400 - 50400))
    let after = Int64(zone.utcOffset(at: civil + 86400 + 50400))
    let early = civil - before
    let late = civil - after
    let earlyValid = Int64(zone.utcOffset(at: early)) == before
    let lateValid = Int64(zone.utcOffset(at: late)) == after
    switch (earlyValid, lateValid) {
    case (true, true): return min(early, late)  // fold: first occurrence (or no change at all)
    case (true, false): return early
    case (false, true): return late
    case (false, false): return early  // gap: the offset from before the gap
    }
  }

  /// The wall clock of an instant in a zone, as civil seconds.
  @inlinable
  public static func civil(_ instant: Instant, in zone: some UTCOffsetSource) -> Int64 {
    instant + Int64(zone.utcOffset(at: instant))
  }
}

extension UTCOffsetSource {
  public func utcOffsetSpan(at instant: Instant) -> (offset: Int, from: Instant, to: Instant) {
    (utcOffset(at: instant), instant, instant + 1)
  }
}
