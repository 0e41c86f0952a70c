import FoundationEssentials
import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// The system's tz database: the TZif files (RFC 8536) under /usr/share/zoneinfo, or `$TZDIR`
/// when it is set, as glibc and Python's zoneinfo read them (and libical's builtin zones,
/// docs/LIBICAL.md). Debian's tzdata installs them.
enum TZDatabase {
  /// The directory of the zone files, with a trailing slash.
  static let directory: String = {
    if let dir = getenv("TZDIR").map({ String(cString: $0) }), !dir.isEmpty {
      return dir.hasSuffix("/") ? dir : dir + "/"
    }
    return "/usr/share/zoneinfo/"
  }()

  /// Whether the directory holds a tz database (its UTC file, every tzdata has one); without,
  /// system zones come from ICU's copy (`OffsetTable.icu`).
  static let isInstalled: Bool = file("UTC") != nil || file("Etc/UTC") != nil

  /// The zone file of an IANA name (`Europe/Prague`), or nil when there is none. Only names of
  /// the database proper: not paths, not the `posix/` and `right/` copies (the latter count
  /// leap seconds), not `localtime` or `posixrules`.
  static func file(_ name: String) -> TZif? {
    guard isName(name), let data = FileManager.default.contents(atPath: directory + name)
    else { return nil }
    return TZif([UInt8](data))
  }

  static func isName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count < 256, !name.hasPrefix("/"), !name.hasSuffix("/"),
      !name.contains(".."), !name.contains("//"), !name.hasPrefix("posix/"),
      !name.hasPrefix("right/"), name != "localtime", name != "posixrules", name != "Factory"
    else { return false }
    return name.utf8.allSatisfy { c in
      (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
        || c == 0x2F || c == 0x5F || c == 0x2D || c == 0x2B
    }
  }

  /// Every zone and link name, and the zones alone (no links: `Asia/Kolkata`, not
  /// `Asia/Calcutta`), sorted: the `Z` and `L` lines of tzdata.zi (the database's own summary,
  /// which Debian's tzdata installs), else the zone files found in the directory.
  static let (names, zones): ([String], [String]) = {
    var zones: [String] = []
    var links: [String] = []
    if let data = FileManager.default.contents(atPath: directory + "tzdata.zi") {
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.first == "Z", fields.count >= 2 { zones.append(String(fields[1])) }
        if fields.first == "L", fields.count >= 3 { links.append(String(fields[2])) }
      }
    }
    if zones.isEmpty { zones = walk("") }
    zones = Array(Set(zones.filter(isName))).sorted()
    return (Array(Set(zones + links.filter(isName))).sorted(), zones)
  }()

  /// The zone files under `relative` (a directory of `directory`): files starting "TZif".
  private static func walk(_ relative: String, depth: Int = 0) -> [String] {
    guard depth < 4, let dir = opendir(directory + relative) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let path = relative + name
      var info = stat()
      guard stat(directory + path, &info) == 0 else { continue }
      if info.st_mode & S_IFMT == S_IFDIR {
        if isName(path + "/x") { out += walk(path + "/", depth: depth + 1) }
      } else if isName(path), let f = fopen(directory + path, "rb") {
        var magic = [UInt8](repeating: 0, count: 4)
        if fread(&magic, 1, 4, f) == 4, magic == Array("TZif".utf8) { out.append(path) }
        fclose(f)
      }
    }
    return out
  }

  /// The name of the system's zone: what /etc/localtime links to under the zone directory
  /// (Debian's tzdata sets it up so), else /etc/timezone's line; nil when neither names a zone.
  static var systemName: String? {
    if let resolved = realpath("/etc/localtime", nil) {
      defer { free(resolved) }
      let path = String(cString: resolved)
      for root in [directory, "/usr/share/zoneinfo/"] where path.hasPrefix(root) {
        let name = String(path.dropFirst(root.count))
        if file(name) != nil { return name }
      }
    }
    if let data = FileManager.default.contents(atPath: "/etc/timezone") {
      let name = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
      if let name, file(name) != nil { return name }
    }
    return nil
  }
}

/// A TZif file (RFC 8536): its transitions and, for instants after the last one, the footer's
/// POSIX TZ string (§3.3).
struct TZif {
  /// The instants of the transitions, ascending, and the UTC offset (seconds east) from each.
  var transitions: [Instant] = []
  var offsets: [Int] = []
  /// The offset before the first transition: local time type 0 (§3.2).
  var initial = 0
  /// The rule after the last transition (version 2 and later).
  var footer: PosixTZ?

  init?(_ bytes: [UInt8]) {
    var reader = ByteReader(bytes: bytes)
    guard let v1 = reader.header() else { return nil }
    guard v1.version >= 2 else {
      guard reader.block(v1, timeSize: 4, into: &self) else { return nil }
      return
    }
    // A version 2+ file repeats the data with 64-bit times after the version 1 block (§3.2).
    guard reader.skip(v1.length(timeSize: 4)), let v2 = reader.header(),
      reader.block(v2, timeSize: 8, into: &self)
    else { return nil }
    // The footer: a newline, the TZ string, a newline (§3.3).
    guard reader.byte() == 0x0A, let end = reader.rest.firstIndex(of: 0x0A) else { return }
    let text = String(decoding: reader.rest[..<end], as: UTF8.self)
    footer = PosixTZ(text)
  }

  private struct Header {
    var version, isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int

    func length(timeSize: Int) -> Int {
      timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt
        + isutcnt
    }
  }

  private struct ByteReader {
    let bytes: [UInt8]
    var at = 0

    var rest: ArraySlice<UInt8> { bytes[at...] }

    mutating func byte() -> UInt8? {
      guard at < bytes.count else { return nil }
      defer { at += 1 }
      return bytes[at]
    }

    mutating func skip(_ n: Int) -> Bool {
      guard n >= 0, at + n <= bytes.count else { return false }
      at += n
      return true
    }

    /// A big-endian signed integer of `size` bytes.
    mutating func int(_ size: Int) -> Int64? {
      guard at + size <= bytes.count else { return nil }
      var value: UInt64 = 0
      for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
      at += size
      let shift = UInt64(64 - size * 8)
      return Int64(bitPattern: value << shift) >> Int64(shift)
    }

    /// The 44-byte header (§3.1).
    mutating func header() -> Header? {
      guard at + 44 <= bytes.count, Array(bytes[at..<at + 4]) == Array("TZif".utf8) else {
        return nil
      }
      let version = bytes[at + 4] == 0 ? 1 : Int(bytes[at + 4]) - 0x30
      at += 20
      var counts: [Int] = []
      for _ in 0..<6 {
        guard let n = int(4), n >= 0, n < 1 << 20 else { return nil }
        counts.append(Int(n))
      }
      let h = Header(
        version: version, isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2],
        timecnt: counts[3], typecnt: counts[4], charcnt: counts[5])
      guard h.typecnt >= 1, at + h.length(timeSize: 4) <= bytes.count else { return nil }
      return h
    }

    /// A data block (§3.2): transition times, their types, the types' offsets.
    mutating func block(_ h: Header, timeSize: Int, into tzif: inout TZif) -> Bool {
      var times: [Int64] = []
      for _ in 0..<h.timecnt {
        guard let t = int(timeSize) else { return false }
        times.append(t)
      }
      var indices: [Int] = []
      for _ in 0..<h.timecnt {
        guard let i = byte(), Int(i) < h.typecnt else { return false }
        indices.append(Int(i))
      }
      var utoffs: [Int] = []
      for _ in 0..<h.typecnt {
        guard let utoff = int(4), skip(2) else { return false }
        utoffs.append(Int(utoff))
      }
      guard skip(h.charcnt + h.leapcnt * (timeSize + 4) + h.isstdcnt + h.isutcnt) else {
        return false
      }
      tzif.initial = utoffs[0]
      tzif.transitions = times
      tzif.offsets = indices.map { utoffs[$0] }
      return true
    }
  }
}

/// A POSIX TZ string as a TZif footer holds it (RFC 8536 §3.3, with the extensions of §3.3.1:
/// hours of a rule's time from -167 to 167): `CET-1CEST,M3.5.0,M10.5.0/3`.
struct PosixTZ: Sendable {
  /// Standard time's offset (seconds east of UTC).
  let standard: Int
  /// Daylight saving time: its offset and the rules of its start and end, if any.
  let daylight: (offset: Int, start: Rule, end: Rule)?

  struct Rule: Sendable {
    enum Day: Sendable {
      /// `Jn`: day 1…365, February 29 never counted.
      case julian(Int)
      /// `n`: day 0…365, February 29 counted.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
      case month(Int, Int, Int)
    }
    let day: Day
    /// Seconds after local midnight (02:00 unless given).
    let time: Int

    /// Days since 1970-01-01 of the rule's day in `year`.
    func days(in year: Int) -> Int64 {
      let first = CivilTime.days(year: year, month: 1, day: 1)
      switch day {
      case .julian(let n):
        let leap = CivilTime.isValid(year: year, month: 2, day: 29)
        return first + Int64(n - 1) + (leap && n >= 60 ? 1 : 0)
      case .zeroBased(let n):
        return first + Int64(n)
      case .month(let m, let w, let d):
        let start = CivilTime.days(year: year, month: m, day: 1)
        let weekday = CivilTime.floorMod(start + 4, 7)  // 1970-01-01 was a Thursday
        var day = start + CivilTime.floorMod(Int64(d) - weekday, 7) + Int64(7 * (w - 1))
        let length = Int64(CivilTime.monthLength(year: year, month: m))
        while day >= start + length { day -= 7 }
        return day
      }
    }
  }

  init?(_ text: String) {
    var p = Parser(bytes: Array(text.utf8))
    guard p.name(), let std = p.offset() else { return nil }
    standard = -std
    if p.done {
      daylight = nil
      return
    }
    guard p.name() else { return nil }
    var dst = standard + 3600
    if !p.done && p.peek != UInt8(ascii: ",") {
      guard let o = p.offset() else { return nil }
      dst = -o
    }
    // Without rules, POSIX leaves the dates to the implementation; glibc uses the US rules.
    var start = Rule(day: .month(3, 2, 0), time: 7200)
    var end = Rule(day: .month(11, 1, 0), time: 7200)
    if !p.done {
      guard p.eat(","), let s = p.rule(), p.eat(","), let e = p.rule(), p.done else { return nil }
      (start, end) = (s, e)
    }
    daylight = (dst, start, end)
  }

  /// The changes of `year`'s rules, in order: (instant, offset from then).
  func changes(in year: Int) -> [(Instant, Int)] {
    guard let daylight else { return [] }
    // The start's time is local standard time, the end's local daylight time.
    let on = daylight.start.days(in: year) * 86400 + Int64(daylight.start.time - standard)
    let off = daylight.end.days(in: year) * 86400 + Int64(daylight.end.time - daylight.offset)
    return on <= off
      ? [(on, daylight.offset), (off, standard)] : [(off, standard), (on, daylight.offset)]
  }

  private struct Parser {
    let bytes: [UInt8]
    var at = 0

    var done: Bool { at >= bytes.count }
    var peek: UInt8? { done ? nil : bytes[at] }

    mutating func eat(_ c: Character) -> Bool {
      guard let p = peek, p == c.asciiValue else { return false }
      at += 1
      return true
    }

    /// A zone abbreviation: three or more letters, or anything in angle brackets.
    mutating func name() -> Bool {
      if eat("<") {
        let start = at
        while let c = peek, c != UInt8(ascii: ">") { at += 1 }
        guard at - start >= 3, eat(">") else { return false }
        return true
      }
      let start = at
      while let c = peek, (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A { at += 1 }
      return at - start >= 3
    }

    mutating func number(max digits: Int) -> Int? {
      var n = 0
      var count = 0
      while let c = peek, c >= 0x30, c <= 0x39, count < digits {
        n = n * 10 + Int(c - 0x30)
        at += 1
        count += 1
      }
      return count > 0 ? n : nil
    }

    /// `[+-]hh[:mm[:ss]]` as seconds.
    mutating func offset() -> Int? {
      let sign = eat("-") ? -1 : (eat("+") ? 1 : 1)
      guard let h = number(max: 3), h <= 167 else { return nil }
      var seconds = h * 3600
      if eat(":") {
        guard let m = number(max: 2), m < 60 else { return nil }
        seconds += m * 60
        if eat(":") {
          guard let s = number(max: 2), s < 60 else { return nil }
          seconds += s
        }
      }
      return sign * seconds
    }

    mutating func rule() -> Rule? {
      let day: Rule.Day
      if eat("J") {
        guard let n = number(max: 3), (1...365).contains(n) else { return nil }
        day = .julian(n)
      } else if eat("M") {
        guard let m = number(max: 2), (1...12).contains(m), eat("."),
          let w = number(max: 1), (1...5).contains(w), eat("."),
          let d = number(max: 1), d <= 6
        else { return nil }
        day = .month(m, w, d)
      } else {
        guard let n = number(max: 3), n <= 365 else { return nil }
        day = .zeroBased(n)
      }
      var time = 7200
      if eat("/") {
        guard let t = offset() else { return nil }
        time = t
      }
      return Rule(day: day, time: time)
    }
  }
}
