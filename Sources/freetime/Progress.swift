import Dispatch
import FreeTimeCore
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

/// `freetime: reading 120.4 of 512.0 MB (23%), 96.1 MB/s`, redrawn a few times a second on
/// standard error, and erased when reading is done. Shown only after half a second, so quick
/// runs print nothing.
final class ProgressLine: @unchecked Sendable {
  private let progress: ReadProgress
  private let total: Int?
  private let start = ContinuousClock.now
  private let done = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private var shown = false

  init(progress: ReadProgress, total: Int?) {
    self.progress = progress
    self.total = total
    DispatchQueue.global().async { [self] in
      while done.wait(timeout: .now() + .milliseconds(250)) == .timedOut {
        draw()
      }
      if shown { Output.writeAll(2, Array("\r\u{1B}[K".utf8)) }
      finished.signal()
    }
  }

  func stop() {
    done.signal()
    finished.wait()
  }

  private func draw() {
    let since = ContinuousClock.now - start
    let elapsed = Double(since.components.seconds) + Double(since.components.attoseconds) / 1e18
    guard elapsed >= 0.5 else { return }
    let bytes = progress.bytes
    func mb(_ n: Int) -> String { (Double(n) / 1e6).oneDecimal }
    var text = "\rfreetime: reading \(mb(bytes))"
    if let total, total > 0 {
      text += " of \(mb(total)) MB (\(min(100, bytes * 100 / total))%)"
    } else {
      text += " MB"
    }
    text += ", \((Double(bytes) / 1e6 / elapsed).oneDecimal) MB/s\u{1B}[K"
    Output.writeAll(2, Array(text.utf8))
    shown = true
  }
}
