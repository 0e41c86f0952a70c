/// The files a directory's reading takes (`CalendarReader.listFiles`), in their order: the paths'
/// bytes end to end in one buffer, each followed by a NUL byte. A path becomes a string as its
/// file is read, on the thread that reads it (`FilePrefetch`), not all of them before the first
/// file is read (docs/PERFORMANCE.md, Vdirs). The names are UTF-8 (the listing leaves out, or
/// refuses, the others).
struct PathList: Sendable, Equatable {
  private var bytes: [UInt8] = []
  /// Where each path begins in `bytes`.
  private var starts: [Int] = []

  init() {}

  /// The list of these paths.
  init(_ paths: [String]) {
    for path in paths {
      Array(path.utf8).withUnsafeBufferPointer { append(prefix: [], name: $0) }
    }
  }

  var count: Int { starts.count }
  /// The room for paths and for their bytes (tests).
  var capacity: (paths: Int, bytes: Int) { (starts.capacity, bytes.capacity) }
  var isEmpty: Bool { starts.isEmpty }

  /// Room for `paths` more paths of `bytes` bytes in all, their NULs counted: at least twice
  /// the room there was when more is needed, as appending would make (a tree of thousands of
  /// directories asks once for each, and exactly the room asked for would copy the list each
  /// time).
  mutating func reserve(paths: Int, bytes: Int) {
    func grow<T>(_ array: inout [T], by more: Int) {
      if array.count + more > array.capacity {
        array.reserveCapacity(max(array.count + more, 2 * array.capacity))
      }
    }
    grow(&starts, by: paths)
    grow(&self.bytes, by: bytes)
  }

  /// Adds the path `prefix` + `name`.
  mutating func append(prefix: [UInt8], name: UnsafeBufferPointer<UInt8>) {
    starts.append(bytes.count)
    bytes += prefix
    bytes += name
    bytes.append(0)
  }

  /// Path `i`'s bytes, without its NUL.
  private func range(_ i: Int) -> Range<Int> {
    starts[i]..<((i + 1 < starts.count ? starts[i + 1] : bytes.count) - 1)
  }

  /// Path `i`.
  subscript(i: Int) -> String {
    bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[range(i)]), as: UTF8.self)
    }
  }

  /// `body` given path `i` as a C string.
  func withCString<R>(_ i: Int, _ body: (UnsafePointer<CChar>) -> R) -> R {
    bytes.withUnsafeBufferPointer { buffer in
      UnsafeRawPointer(buffer.baseAddress! + starts[i]).withMemoryRebound(
        to: CChar.self, capacity: range(i).count + 1, body)
    }
  }

  /// Every path.
  var paths: [String] { (0..<count).map { self[$0] } }
}
