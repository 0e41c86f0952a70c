import FreeTimeCore
import Foundation
import Testing

@testable import FreeTimeICS

/// freetime's fast paths (plain events described from their bytes, its own expansion of simple
/// DAILY and WEEKLY rules, fast-forward to the window) against libical's answers on the
/// benchmark's generated dense and export calendars (`generate.py --mix`, Benchmarks/README.md):
/// busy time, tentative time and diagnostics must be the same with every path on and off
/// (docs/ARCHITECTURE.md, The fast paths). Here, not in FreeTimeICSTests, because generating
/// the calendars takes the Python the differential tests use (`Run.pythonPath`).
@Suite struct GeneratedFastPathTests {
  /// What a reading gives, in a comparable form.
  struct Outcome: Equatable, CustomStringConvertible {
    var busy: [Interval] = []
    var tentative: [Interval] = []
    var diagnostics: [Diagnostic] = []
    var homeZone: String? = nil
    var error: String? = nil
    var description: String {
      error
        ?? "busy \(busy.count), tentative \(tentative.count), home \(homeZone ?? "-"), \(diagnostics)"
    }
  }

  /// Which fast paths are on.
  struct Paths: CustomStringConvertible {
    var simpleEvents = true
    var ownExpansion = true
    var fastForward = true
    var description: String {
      "simpleEvents \(simpleEvents), ownExpansion \(ownExpansion), fastForward \(fastForward)"
    }
  }

  static func read(_ path: String, _ options: ReadOptions, _ paths: Paths) -> Outcome {
    var options = options
    options.simpleEvents = paths.simpleEvents
    options.ownExpansion = paths.ownExpansion
    options.fastForward = paths.fastForward
    let source = CalendarSource(kind: .file(path), name: "p", argument: path)
    do {
      let person = try CalendarReader.read(source, options: options)
      return Outcome(
        busy: person.busy.sorted(), tentative: person.tentative.sorted(),
        diagnostics: person.diagnostics, homeZone: person.homeZone?.name)
    } catch {
      return Outcome(error: "\(error)")
    }
  }

  @Test(arguments: ["dense", "export"], 0..<2)
  func fastPathsReadGeneratedCalendarsAlike(mix: String, seed: Int) throws {
    let dir = Temp.directory + "/fast-paths-\(mix)-\(seed)"
    let gen = try Run.generateYear(dir, mix: mix, seed: 200 + seed, events: 400)
    try #require(gen.status == 0, "\(gen.stderr)")
    // The whole year (the benchmark's window), and three months of its second half, which
    // series that started months before reach by fast-forward.
    let windows = [
      Interval(1_793_577_600, 1_825_027_200),  // 2026-11-02 – 2027-11-01
      Interval(1_809_302_400, 1_817_164_800),  // 2027-05-03 – 2027-08-02
    ]
    let variants = [
      Paths(simpleEvents: false), Paths(ownExpansion: false), Paths(fastForward: false),
      Paths(simpleEvents: false, ownExpansion: false, fastForward: false),
    ]
    for person in 0..<2 {
      let path = "\(dir)/person\(person).ics"
      for (n, window) in windows.enumerated() {
        let options = ReadOptions(
          window: window,
          defaultZone: n == 0 ? Zone.named("Europe/Prague")! : Zone.named("America/New_York")!,
          tentative: (seed + n) % 2 == 0 ? .busy : .free,
          allDay: n == 0 ? .busy : .free)
        let fast = Self.read(path, options, Paths())
        #expect(fast.error == nil, "\(mix) \(seed) person\(person): \(fast)")
        #expect(fast.busy.count > 100, "\(mix) \(seed) person\(person): too little busy time")
        for paths in variants {
          let slow = Self.read(path, options, paths)
          #expect(fast == slow, "\(mix) seed \(seed) person\(person) window \(n), \(paths)")
        }
      }
    }
  }
}
