#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths as freetime prints them (docs/GUIDE.md, Output formats): tidy, as a person would write
/// them.
public enum PathText {
  /// Whether `text` is a URL freetime refuses to fetch (`https://…`, `webcal://…`): never a path.
  public static func isURL(_ text: String) -> Bool {
    guard let scheme = text.firstRange(of: "://") else { return false }
    let kind = text[..<scheme.lowerBound].lowercased()
    return ["http", "https", "webcal", "webcals"].contains(kind)
  }

  /// `path` written tidily: `.` segments, `//` and each `name/..` pair taken out as the text reads
  /// (`/c/freetime/../../x` is `/x`); a `..` a relative path starts with is resolved against
  /// `directory` (the current directory), and a path below `directory` is written relative to
  /// it (`../fresh/sub` from `/w/fresh` is `sub`). `-` (standard input) and URLs are as given.
  public static func tidy(_ path: String, from directory: String?) -> String {
    guard !path.isEmpty, path != "-", !isURL(path) else { return path }
    let lexical = lexicalTidy(path)
    guard let directory, directory.hasPrefix("/") else { return lexical }
    let base = lexicalTidy(directory)
    let absolute = lexical.hasPrefix("/") ? lexical : lexicalTidy(base + "/" + lexical)
    if absolute == base { return "." }
    let prefix = base == "/" ? "/" : base + "/"
    if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
    return lexical
  }

  /// `path` tidy from the current directory of the process.
  public static func tidy(_ path: String) -> String {
    tidy(path, from: currentDirectory)
  }

  /// The current directory, when it can be read.
  public static var currentDirectory: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// `.` and `name/..` taken out as the text reads; a `..` above a relative start stays, and so
  /// does one after a symbolic link (`link/..` is the link target's parent, which the text does
  /// not say), so the tidy path names the same file.
  static func lexicalTidy(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    func joined() -> String {
      let text = parts.joined(separator: "/")
      return absolute ? "/" + text : (text.isEmpty ? "." : text)
    }
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != "..", !isSymbolicLink(joined()) {
        parts.removeLast()
        continue
      }
      if part == ".." && absolute && parts.isEmpty { continue }
      parts.append(part)
    }
    return joined()
  }

  /// Whether `path` is a symbolic link (not followed).
  private static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }
}
