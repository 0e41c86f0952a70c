import Foundation
import FreeTimeCore
import Testing

@testable import FreeTimeICS

/// Every input in Fixtures/fuzz (findings of scripts/fuzz, and hand-made hostile ones) is read
/// to an answer or a ReadError, with the fuzz target's option mixes.
@Suite struct FuzzRegressionTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz")

  static let files: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    .filter { $0.hasSuffix(".ics") }.sorted()

  @Test func thereAreRegressionInputs() {
    #expect(FuzzRegressionTests.files.count >= 5)
  }

  @Test(arguments: FuzzRegressionTests.files)
  func readsWithoutCrashing(file: String) throws {
    let bytes = try [UInt8](
      Data(contentsOf: FuzzRegressionTests.directory.appendingPathComponent(file)))
    for choice in 0..<16 {
      var options = ReadOptions(
        window: choice & 1 == 0
          ? Interval(1_798_761_600, 1_830_297_600) : Interval(631_152_000, 2_208_988_800),
        defaultZone: Zone.utc, maxInstances: choice & 2 == 0 ? 100_000 : 1_000)
      options.explain = choice & 4 != 0
      options.lint = choice & 8 != 0
      do {
        let person = try CalendarReader.read(bytes: bytes, name: file, options: options)
        let free = FreeSlots.free(busy: person.busy, in: options.window)
        #expect(free.isSortedAndDisjoint)
      } catch is ReadError {
        // A calendar that cannot be read is an error: fine.
      } catch {
        Issue.record("\(file): unexpected error \(error)")
      }
    }
  }
}
