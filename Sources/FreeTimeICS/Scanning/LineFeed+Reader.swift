extension LineFeed {
  /// The reading thread's place in a feed (`LineScanner.init(feed:reusing:)`): the batch being
  /// read (slot `slot`), the next line in it, and whether the scan's end was met. A batch read
  /// through is given back to the scanning thread.
  struct Reader {
    let feed: LineFeed
    private var batch: UnsafeMutablePointer<Batch>?
    private var slot = 0
    private var line = 0
    private var ended = false
    /// The bytes the scanner had read when the batch being read was handed over.
    private(set) var bytesRead = 0

    init(_ feed: LineFeed) {
      self.feed = feed
    }

    /// The batch holding the next line, or the last batch (its `end` set) once every line is
    /// read.
    private mutating func ahead() -> UnsafeMutablePointer<Batch> {
      while true {
        if let batch {
          if line < batch.pointee.lines || batch.pointee.end != nil { return batch }
          self.batch = nil
          line = 0
          feed.done()
          slot = (slot + 1) % LineFeed.depth
        }
        let next = feed.take(slot)
        bytesRead = next.pointee.bytesRead
        batch = next
      }
    }

    /// The next line's bytes (valid until the next call) and number, or nil after the last.
    mutating func next() -> (text: UnsafeBufferPointer<UInt8>, number: Int)? {
      guard !ended else { return nil }
      let batch = ahead()
      guard line < batch.pointee.lines else { return nil }
      defer { line += 1 }
      return (batch.pointee.text(line), batch.pointee.numbers[line])
    }

    /// How the scan ended, once, after `next()` gave nil.
    mutating func end() -> End? {
      guard !ended, let end = batch?.pointee.end, line == batch!.pointee.lines else { return nil }
      ended = true
      return end
    }

    /// Passes over the lines `drops` (given a line's name's kind and whether it has a value)
    /// says the reader would drop unread: their bytes are never copied, nor brought to this core.
    mutating func skip(while drops: (PropertyName, Bool) -> Bool) {
      guard !ended else { return }
      while true {
        let batch = ahead()
        guard line < batch.pointee.lines,
          drops(batch.pointee.kinds[line], batch.pointee.valued[line])
        else { return }
        line += 1
      }
    }
  }
}
