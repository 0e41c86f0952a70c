import Foundation
import FreeTimeCore
import TestSupport
import Testing

@testable import FreeTimeICS
@testable import FreeTimeSchedule

/// The directories of a command line are listed ahead by the paths their sources will hold
/// (`CalendarArgument.listAhead`): a trailing slash, `./`, an absolute path below the current
/// directory and `NAME=PATH` are tidied as `CalendarArgument.source` tidies them, so that
/// reading takes the listing (the README's `freetime ~/.calendars/alice/work/` among them).
@Suite struct ListAheadTests {
  static func directory(_ name: String) throws -> String {
    let dir = NSTemporaryDirectory() + "listahead-\(UUID().uuidString)/\(name)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: dir + "/a.ics", contents: Data("x".utf8))
    return dir
  }

  @Test func theListingIsUnderThePathTheSourceHolds() throws {
    let slash = try Self.directory("slash")
    let named = try Self.directory("named")
    let dotted = try Self.directory("x.ics")
    let after = try Self.directory("after")
    let arguments = ["--tz", "UTC", slash + "/", "alice=" + named + "/./", dotted, after]
    let sources = try [slash + "/", "alice=" + named + "/./", after].map {
      try CalendarArgument.source($0)
    }
    CalendarArgument.listAhead(arguments[...])
    // The thread lists in turn; once the last is listed, so are the ones before.
    var paths: [String] = []
    for source in sources {
      guard case .directory(let path) = source.kinds[0] else {
        Issue.record("\(source) is not a directory")
        return
      }
      paths.append(path)
    }
    #expect(paths[0] == slash && paths[1] == named)
    #expect(Waiting.until { EarlyListings.isListed(paths[2]) })
    for path in paths {
      #expect(try EarlyListings.take(path)?.get().paths == CalendarReader.calendarFiles(in: path))
    }
    // A name ending in .ics is taken for a file without a look.
    #expect(!EarlyListings.isListed(dotted))
    #expect(EarlyListings.take(dotted) == nil)
  }
}
