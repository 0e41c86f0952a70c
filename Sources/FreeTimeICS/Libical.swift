internal import CLibical

/// Every call into libical's parser goes through here (LIBICAL_NOTES.md).
enum Libical {
  enum Parsed<T> {
    case parsed(T)
    case failed

    func map<U>(_ transform: (T) -> U) -> Parsed<U> {
      switch self {
      case .parsed(let value): return .parsed(transform(value))
      case .failed: return .failed
      }
    }
  }

  private static let once: Void = {
    // Never abort the process on a libical error; we check results ourselves.
    icalerror_set_errors_are_fatal(0)
  }()

  static func setUp() {
    _ = once
  }

  /// Parses one component from its unfolded lines and hands it to `body`; the component is
  /// freed when `body` returns, so nothing of libical's escapes.
  static func parse<T>(_ lines: [ContentLine], _ body: (OpaquePointer) -> T) -> Parsed<T> {
    guard let comp = parseOwned(lines) else { return .failed }
    defer { icalcomponent_free(comp) }
    return .parsed(body(comp))
  }

  /// Parses one component; the caller owns (and must free) the result.
  static func parseOwned(_ lines: [ContentLine]) -> OpaquePointer? {
    setUp()
    guard let parser = icalparser_new() else { return nil }
    defer { icalparser_free(parser) }
    var result: OpaquePointer? = nil
    var buffer: [CChar] = []
    for line in lines {
      buffer.removeAll(keepingCapacity: true)
      buffer.reserveCapacity(line.bytes.count + 1)
      for byte in line.bytes { buffer.append(CChar(bitPattern: byte)) }
      buffer.append(0)
      // icalparser_add_line does not take ownership of the line in 3.0.16.
      let comp = buffer.withUnsafeMutableBufferPointer {
        icalparser_add_line(parser, $0.baseAddress)
      }
      if let comp {
        if result != nil { icalcomponent_free(comp) } else { result = comp }
      }
    }
    guard let comp = result else {
      // An unfinished component stays inside the parser; icalparser_free releases it.
      return nil
    }
    if icalcomponent_isa(comp) == ICAL_XROOT_COMPONENT {
      icalcomponent_free(comp)
      return nil
    }
    return comp
  }
}
