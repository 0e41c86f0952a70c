import Foundation
import Testing

@testable import FreeTimeICS

/// `DirectoryOpener` opens what `open(2)` opens, with the same errors, by a file's name in its
/// directory, and a FIFO without waiting for a writer.
@Suite struct DirectoryOpenerTests {
  /// The first bytes read from a descriptor, or the errno of a failed open.
  private func outcome(_ fd: Int32) -> String {
    guard fd >= 0 else { return "errno \(errno)" }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 64) }
    return n < 0 ? "read errno \(errno)" : String(decoding: buffer[..<n], as: UTF8.self)
  }

  @Test func opensWhatOpenOpens() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("opener-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for dir in ["a", "b", "a/c"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
    }
    for file in ["a/1.ics", "a/2.ics", "b/1.ics", "a/c/1.ics"] {
      try Data(file.utf8).write(to: root.appendingPathComponent(file))
    }
    let opener = DirectoryOpener()
    let paths = [
      "a/1.ics", "a/2.ics", "a/missing.ics", "b/1.ics", "a/1.ics", "a/c/1.ics", "nodir/1.ics",
      "a/1.ics/x", "a", "a/c",
    ].map { root.path + "/" + $0 }
    for path in paths {
      let ours = outcome(opener.open(path))
      let theirs = outcome(open(path, O_RDONLY))
      #expect(ours == theirs, "\(path)")
    }
    // Paths without a directory part, and the root's own files, go to open(2) as they are.
    #expect(outcome(opener.open("/")) == outcome(open("/", O_RDONLY)))
    #expect(outcome(opener.open("no-such-file.ics")) == "errno \(ENOENT)")
    #expect(outcome(opener.open("/etc/hostname")) == outcome(open("/etc/hostname", O_RDONLY)))
  }

  /// A listed file that has become a FIFO is opened at once (opening it as `open(2)` does would
  /// wait for a writer), and reading it as a directory's file is an error naming it.
  @Test func aFIFOIsOpenedWithoutWaiting() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("opener-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let path = root.path + "/a.ics"
    #expect(mkfifo(path, 0o644) == 0)
    let fd = DirectoryOpener().open(path)
    #expect(fd >= 0)
    close(fd)
    let options = ReadOptions(
      window: Read.span("2026-11-01T00:00Z", "2026-11-08T00:00Z"), defaultZone: Read.utc)
    var person = PersonAccumulator(window: options.window)
    var waiting: [WaitingFile] = []
    var buffers = ScanBuffers()
    #expect {
      try CalendarReader.readFile(
        path, home: nil, owner: OwnerHint(), options: options, into: &person,
        waiting: &waiting, buffers: &buffers, opener: DirectoryOpener())
    } throws: { "\($0)".contains("a.ics") && "\($0)".contains("not a regular file") }
  }
}
