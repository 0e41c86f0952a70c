/// Content lines kept for later in one buffer: their bytes end to end, and where each ends and
/// its line number. A line as the scanner gives it is an array of its own, often with room for
/// longer lines (the scanner reuses buffers); packed, a line costs its bytes and two integers.
struct PackedLines {
  private let bytes: [UInt8]
  /// For each line, where its bytes end in `bytes`, and its number.
  private let ends: [(end: Int, number: Int)]

  init(_ lines: [ContentLine]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(0) { $0 + $1.bytes.count })
    var ends: [(end: Int, number: Int)] = []
    ends.reserveCapacity(lines.count)
    for line in lines {
      bytes.append(contentsOf: line.bytes)
      ends.append((bytes.count, line.number))
    }
    self.bytes = bytes
    self.ends = ends
  }

  /// The lines as they were given.
  var lines: [ContentLine] {
    var out: [ContentLine] = []
    out.reserveCapacity(ends.count)
    var start = 0
    for (end, number) in ends {
      out.append(ContentLine(bytes: Array(bytes[start..<end]), number: number))
      start = end
    }
    return out
  }
}
