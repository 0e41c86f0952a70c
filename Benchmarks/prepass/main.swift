// freetime-prepass FILE...: the reader's pre-pass alone over each file (scan, unfold, classify;
// no values), for Benchmarks/run.sh, which times it and prints MB/s next to freetime's rate.
import FreeTimeICS

#if canImport(Glibc)
  import Glibc
#endif

var total = PrePass.Counts()
for path in CommandLine.arguments.dropFirst() {
  do {
    let counts = try PrePass.run(path: path)
    total.lines += counts.lines
    total.kept += counts.kept
    total.bytes += counts.bytes
  } catch {
    print("freetime-prepass: \(path): \(error)")
    exit(2)
  }
}
print("\(total.bytes) bytes, \(total.lines) lines, \(total.kept) kept")
