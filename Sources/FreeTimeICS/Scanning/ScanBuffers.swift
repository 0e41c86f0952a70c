/// A reading thread's storage between the files of one person: the read block and the buffers
/// of lines no longer held (`LineScanner.init(fd:blockSize:progress:reusing:)`, `giveBack`), and
/// the last file's reader when nothing of that file waits for the home zone
/// (`FileReader.reuse`).
struct ScanBuffers {
  var block: [UInt8] = []
  var pool: [[UInt8]] = []
  var reader: FileReader? = nil
}
