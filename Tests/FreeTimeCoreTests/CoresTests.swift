import Foundation
import Testing

@testable import FreeTimeCore

/// The cores of the process's affinity, read from `/proc/self/status` (proc(5)).
@Suite struct CoresTests {
  static func status(_ mask: String) -> [UInt8] {
    Array("Name:\tfreetime\nCpus_allowed:\t\(mask)\nCpus_allowed_list:\t0-1\n".utf8)
  }

  @Test func theMaskIsCountedBitByBit() {
    #expect(Cores.allowed(status: Self.status("3")) == 2)
    #expect(Cores.allowed(status: Self.status("1")) == 1)
    #expect(Cores.allowed(status: Self.status("ff,ffffffff")) == 40)
    #expect(Cores.allowed(status: Self.status("00000000,00000004")) == 1)
  }

  @Test func anythingElseIsNotKnown() {
    #expect(Cores.allowed(status: []) == nil)
    #expect(Cores.allowed(status: Array("Name:\tx\n".utf8)) == nil)
    #expect(Cores.allowed(status: Self.status("0")) == nil)
    #expect(Cores.allowed(status: Self.status("zz")) == nil)
  }

  /// This machine's own status file names its mask (Linux), and the count is read from it.
  @Test func thisProcesssMaskIsRead() throws {
    let status = try #require(FileManager.default.contents(atPath: "/proc/self/status"))
    let allowed = try #require(Cores.allowed(status: Array(status)))
    #expect(Cores.allowed == allowed)
    #expect(Cores.usable == min(allowed, ProcessInfo.processInfo.activeProcessorCount))
  }

  @Test func atLeastOneCore() {
    #expect(Cores.usable >= 1)
    #expect(Cores.usable <= ProcessInfo.processInfo.activeProcessorCount)
  }
}
