internal import CLibical
import FreeTimeCore

/// Zone names through the ICU libical links for RSCALE (one ICU in the binary): CLDR's mapping
/// of Windows zone names, and ICU's own zone IDs. Each answer is kept for the process: a file
/// names the same zones again and again (every VTIMEZONE of an Outlook export asks for the
/// system zone of its Windows name), and ICU upper-cases and parses an ID it does not know on
/// every call.
enum ICUZones {
  private static let windows = Locked<[String: String?]>([:])
  private static let canonical = Locked<[String: String?]>([:])

  /// The IANA zone of a Windows zone name ("W. Europe Standard Time" → Europe/Berlin), CLDR's
  /// windowsZones for the world (territory 001).
  static func windowsID(_ name: String) -> String? {
    if let known = windows.withLock({ $0[name] }) { return known }
    let found = ICUCall.ask(name) { id, count, buffer, capacity, status in
      freetime_icu_windows_zone(id, count, buffer, capacity, status)
    }
    windows.withLock { $0[name] = .some(found) }
    return found
  }

  /// The canonical zone ICU gives an ID it knows (`PST` → America/Los_Angeles, `Asia/Calcutta`
  /// → Asia/Kolkata), or nil; not for custom IDs (`GMT+1`).
  static func canonicalID(_ name: String) -> String? {
    if let known = canonical.withLock({ $0[name] }) { return known }
    var isSystem: UBool = 0
    let answer = ICUCall.ask(name) { id, count, buffer, capacity, status in
      freetime_icu_canonical_zone(id, count, buffer, capacity, &isSystem, status)
    }
    let found = isSystem != 0 ? answer : nil
    canonical.withLock { $0[name] = .some(found) }
    return found
  }

  /// A zone's offsets from `from` to `to` as ICU's copy of the tz database has them: the offset
  /// at `from`, then each change (for `OffsetTable`, where the system has no tz database).
  static func transitions(_ name: String, from: Instant, to: Instant) -> (
    starts: [Instant], offsets: [Int]
  )? {
    let id = Array(name.utf16)
    guard !id.isEmpty, id.count < 128, canonicalID(name) != nil else { return nil }
    var status = U_ZERO_ERROR
    guard let calendar = freetime_icu_zone_calendar(id, Int32(id.count), &status),
      status.rawValue <= 0
    else { return nil }
    defer { freetime_icu_close(calendar) }
    var millis = Double(from) * 1000
    let first = freetime_icu_offset(calendar, millis, &status)
    guard status.rawValue <= 0 else { return nil }
    var starts = [from]
    var offsets = [Int(first) / 1000]
    let end = Double(to) * 1000
    while true {
      var next = 0.0
      guard freetime_icu_next_transition(calendar, millis, &next, &status) != 0,
        status.rawValue <= 0, next > millis, next < end
      else { break }
      let offset = Int(freetime_icu_offset(calendar, next, &status)) / 1000
      guard status.rawValue <= 0 else { return nil }
      if offset != offsets.last {
        starts.append(Instant((next / 1000).rounded(.down)))
        offsets.append(offset)
      }
      millis = next
    }
    return (starts, offsets)
  }
}

/// The calls with ICU's types, apart from `ICUZones` (whose members the tests see, where
/// Foundation's own ICU headers would clash with these).
private enum ICUCall {
  static func ask(
    _ name: String,
    _ call: (
      UnsafePointer<UChar>, Int32, UnsafeMutablePointer<UChar>, Int32,
      UnsafeMutablePointer<UErrorCode>
    ) -> Int32
  ) -> String? {
    let id = Array(name.utf16)
    guard !id.isEmpty, id.count < 128 else { return nil }
    var buffer = [UChar](repeating: 0, count: 128)
    var status = U_ZERO_ERROR
    let n = id.withUnsafeBufferPointer { id in
      buffer.withUnsafeMutableBufferPointer { out in
        call(id.baseAddress!, Int32(id.count), out.baseAddress!, Int32(out.count), &status)
      }
    }
    guard status.rawValue <= 0, n > 0, n <= 128 else { return nil }
    return String(decoding: buffer[0..<Int(n)], as: UTF16.self)
  }
}
