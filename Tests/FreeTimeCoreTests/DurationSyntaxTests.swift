import Testing

@testable import FreeTimeCore

/// The DURATION syntax of `--min`, `--buffer` and `--align` (docs/ARCHITECTURE.md, Command line).
@Suite struct DurationSyntaxTests {
  @Test(
    arguments: [
      ("30m", 1800), ("1h", 3600), ("1h30m", 5400), ("90s", 90), ("0s", 0), ("1s", 1),
      ("2d", 172_800), ("1w", 604_800), ("0m", 0), ("45m", 2700), ("36h", 129_600),
      ("1d12h", 129_600), ("1w2d3h4m5s", 788_645), ("1000w", 604_800_000),
      ("PT1H30M", 5400), ("P1D", 86_400), ("PT0S", 0), ("PT30M", 1800), ("PT90S", 90),
      ("P1W", 604_800), ("P1DT2H", 93_600), ("P2DT3H4M5S", 183_845), ("PT36H", 129_600),
      ("P0D", 0), ("PT1H0M", 3600), ("PT1H5S", 3605),
      // Neither case nor surrounding blanks matter.
      ("1H30M", 5400), ("pt1h30m", 5400), ("p1d", 86_400), (" 45m ", 2700), ("\t1h\t", 3600),
    ] as [(String, Int64)])
  func parses(text: String, seconds: Int64) {
    #expect(DurationSyntax.parse(text) == seconds)
  }

  @Test(arguments: [
    "", " ", "m", "30", "1x", "1h1h", "30m30m", "PT", "P1H", "P", "T1H", "P1M", "PT1D",
    "-5m", "+5m", "1.5h", "1,5h", "h30", "1h 30m", "1 h", "30mm", "P1DT", "PT1H1H", "PT30M1H",
    "PT1S1M", "P1D1D", "P1S", "PTT1H", "P1DT1HT", "P1DT1H2", "١h",
  ])
  func rejects(text: String) {
    #expect(DurationSyntax.parse(text) == nil, "\(text)")
  }

  /// Values that do not fit in 64 bits of seconds are refused, never wrapped or trapped.
  @Test(arguments: [
    "9223372036854775808s",  // Int64.max + 1
    "99999999999999999999s",
    "153722867280912931m",  // × 60 overflows
    "2562047788015216h",  // × 3600 overflows
    "106751991167301d",  // × 86 400 overflows
    "15250284452472w",  // × 604 800 overflows
    "PT9223372036854775808S", "PT153722867280912931M", "P106751991167301D", "P15250284452472W",
  ])
  func rejectsOverflow(text: String) {
    #expect(DurationSyntax.parse(text) == nil, "\(text)")
  }

  /// Weeks and days are nominal (calendar days on a wall clock), the rest exact (RFC 5545 §3.3.6).
  @Test func partsKeepNominalDaysApart() {
    #expect(DurationSyntax.parts("1d12h")! == (1, 43_200))
    #expect(DurationSyntax.parts("2w")! == (14, 0))
    #expect(DurationSyntax.parts("36h")! == (0, 129_600))
    #expect(DurationSyntax.parts("P1W")! == (7, 0))
    #expect(DurationSyntax.parts("P1DT2H")! == (1, 7200))
    #expect(DurationSyntax.parts("PT90M")! == (0, 5400))
    #expect(DurationSyntax.parts("1x") == nil)
  }

  @Test(
    arguments: [
      (0, "0s"), (1, "1s"), (59, "59s"), (60, "1m"), (90, "1m30s"), (1800, "30m"), (2700, "45m"),
      (3600, "1h"), (5400, "1h30m"), (3601, "1h1s"), (86_400, "1d"), (183_600, "2d3h"),
      (90_061, "1d1h1m1s"), (604_800, "7d"),
    ] as [(Int64, String)])
  func short(seconds: Int64, text: String) {
    #expect(DurationSyntax.short(seconds) == text)
  }

  @Test(
    arguments: [
      (0, "PT0S"), (1, "PT1S"), (60, "PT1M"), (1800, "PT30M"), (3600, "PT1H"), (5400, "PT1H30M"),
      (3601, "PT1H1S"), (3661, "PT1H1M1S"), (86_400, "PT24H"), (129_600, "PT36H"),
    ] as [(Int64, String)])
  func iso8601(seconds: Int64, text: String) {
    #expect(DurationSyntax.iso8601(seconds) == text)
  }

  /// Both printed forms read back as the same number of seconds; 300 seeds.
  @Test(arguments: 0..<300)
  func printedFormsParseBack(seed: Int) {
    var rng = SplitMix64(seed: 6_000_000 + UInt64(seed))
    let seconds = Int64(rng.int(0...[59, 3599, 86_399, 100_000_000][rng.int(0...3)]))
    #expect(DurationSyntax.parse(DurationSyntax.short(seconds)) == seconds, "\(seconds)")
    #expect(DurationSyntax.parse(DurationSyntax.iso8601(seconds)) == seconds, "\(seconds)")
  }

  /// RFC 5545's plain DURATION form (what a calendar's DURATION may be read as without libical)
  /// is the command line's ISO form with upper-case designators, weeks alone and at most six
  /// digits a number.
  @Test func rfc5545GrammarIsTheLenientOneNarrowed() {
    func both(_ text: String) -> (lenient: Int64?, rfc5545: Int64?) {
      let body = Array(text.utf8.dropFirst())
      func seconds(_ grammar: DurationSyntax.Grammar) -> Int64? {
        DurationSyntax.iso8601(body, grammar: grammar).map { $0.days * 86_400 + $0.seconds }
      }
      return (seconds(.lenient), seconds(.rfc5545))
    }
    for (text, value) in [
      ("PT1H30M", 5400), ("P1D", 86_400), ("P2W", 1_209_600), ("P1DT12H", 129_600),
      ("PT0S", 0), ("P999999D", 86_399_913_600),
    ] as [(String, Int64)] {
      #expect(both(text) == (value, value), "\(text)")
    }
    for (text, lenient) in [
      ("P1W2D", 777_600), ("P1234567D", 106_666_588_800), ("PT1000000S", 1_000_000),
      ("P1WT1H", 608_400),
    ] as [(String, Int64)] {
      #expect(both(text) == (lenient, nil), "\(text)")
    }
    for text in ["Pt1h", "P", "PT", "P1DT", "PT1M1H", "P1T", "PT1", "P-1D"] {
      #expect(both(text) == (nil, nil) || text == "Pt1h", "\(text)")
    }
    #expect(both("Pt1h").rfc5545 == nil)
    #expect(DurationSyntax.parse("Pt1h") == 3600)
  }
}
