import Foundation
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeICS

/// Every calendar in Fixtures/fuzz (minimized findings of scripts/fuzz, and hand-made hostile
/// calendars) is read to an answer or a `ReadError`, never a crash or a hang, with every option
/// mix of the fuzz target (Fuzz/Sources/FuzzReader), and the answer passes the target's checks.
@Suite struct FuzzRegressionTests {
  static let directory = Paths.fixtures.appendingPathComponent("fuzz")

  static let files: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    .filter { $0.hasSuffix(".ics") }.sorted()

  /// The fuzz target's options byte (`FuzzOptions.make`): bits 0 and 7 the window (2026,
  /// 1990–2040, the week of 2026-11-23, 2038), 1 a cap of 100 instances (else 1,000), 2 --explain, 3 lint,
  /// 4 --tentative free, 5 --all-day free, 6 floating times in America/New_York.
  static func options(_ choice: UInt8) -> ReadOptions {
    let windows = [
      Interval(1_767_225_600, 1_798_761_600),
      Interval(631_152_000, 2_208_988_800),
      Interval(1_795_392_000, 1_795_996_800),
      Interval(2_145_916_800, 2_177_452_800),
    ]
    var options = ReadOptions(
      window: windows[Int(choice & 1) | Int(choice >> 7) << 1],
      defaultZone: choice & 0x40 != 0 ? Zone.named("America/New_York")! : Zone.utc,
      tentative: choice & 0x10 != 0 ? .free : .busy,
      allDay: choice & 0x20 != 0 ? .free : .busy,
      maxInstances: choice & 2 != 0 ? 100 : 1_000)
    options.explain = choice & 4 != 0
    options.lint = choice & 8 != 0
    return options
  }

  /// Every value of the options byte, so a finding is read with the options it was found with
  /// (a few seconds in all).
  static let choices: [UInt8] = Array(0...255)

  /// The most one read of these small calendars may take before it counts as a hang. Not a
  /// speed check (a read takes milliseconds): a regression that spins inside libical (for hours,
  /// until the year 2582) would stall the whole test run, holding libical's lock, so a hang ends
  /// the test process, as a crash does.
  static let hangSeconds = 120.0

  @Test func thereAreRegressionInputs() {
    #expect(FuzzRegressionTests.files.count >= 5)
  }

  @Test func everyInputIsDescribedInTheReadme() throws {
    let readme = try String(
      contentsOf: FuzzRegressionTests.directory.appendingPathComponent("README.md"),
      encoding: .utf8)
    for file in FuzzRegressionTests.files {
      #expect(readme.contains("`\(file)`"), "Fixtures/fuzz/README.md does not describe \(file)")
    }
  }

  @Test(arguments: FuzzRegressionTests.files)
  func readsWithoutCrashing(file: String) throws {
    let bytes = try [UInt8](
      Data(contentsOf: FuzzRegressionTests.directory.appendingPathComponent(file)))
    for choice in FuzzRegressionTests.choices {
      let options = FuzzRegressionTests.options(choice)
      let outcome = FuzzRegressionTests.onOwnThread(within: FuzzRegressionTests.hangSeconds) {
        Result { try CalendarReader.read(bytes: bytes, name: file, options: options) }
      }
      let person: PersonCalendar
      switch outcome {
      case nil:
        fatalError(
          "Fixtures/fuzz/\(file), options \(choice): no answer after \(Int(FuzzRegressionTests.hangSeconds)) s: a hang"
        )
      case .failure(let error) where error is ReadError:
        continue  // a calendar that cannot be read is an error: fine
      case .failure(let error):
        Issue.record("\(file), options \(choice): not a ReadError: \(error)")
        continue
      case .success(let read):
        person = read
      }
      if options.explain {
        #expect(person.origins.count == person.busy.count, "\(file), options \(choice)")
      }
      let busy = Set(person.busy)
      #expect(person.tentative.allSatisfy(busy.contains), "\(file), options \(choice)")
      let free = FreeSlots.free(busy: person.busy, in: options.window)
      #expect(free.isSortedAndDisjoint, "\(file), options \(choice)")
      #expect(free.allSatisfy { options.window.contains($0) }, "\(file), options \(choice)")
    }
  }

  /// Runs `body` on a thread of its own (8 MB of stack, as a main thread has); nil when it has
  /// not returned after `seconds`.
  static func onOwnThread<T: Sendable>(
    within seconds: Double, _ body: @escaping @Sendable () -> T
  ) -> T? {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.set(body())
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.get()
  }

  final class Box<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ v: T) { lock.withLock { value = v } }
    func get() -> T? { lock.withLock { value } }
  }
}
