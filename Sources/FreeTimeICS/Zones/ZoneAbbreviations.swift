import FreeTimeCore

/// Zone names as people write them on a command line or in a people file that are not quite a
/// place's zone (docs/GUIDE.md, Usage: zones): a bare UTC offset (`+02:00`, `-0500`), read as
/// `UTC+02:00` is; and abbreviations (`EST`, `IST`, `PDT`), which name a fixed offset, one of
/// several places, or nothing the tz database knows.
extension Zone {
  /// A zone as `lookUp` finds it, or a bare offset from UTC (`+02:00`, `-0500`, `+2`) as the
  /// fixed zone `UTC+02:00`, `UTC-0500`, `UTC+2`.
  /// Also an offset from UTC or GMT in any case or with a blank (`utc+2`, `GMT +1`), read as
  /// `UTC+2` and `GMT+1` are (never as the tz database's Etc/GMT+1, which is UTC−1).
  public static func lookUpGiven(_ name: String) -> Zone? {
    if let zone = lookUp(name) { return zone }
    let compact = name.filter { $0 != " " }
    let prefix = compact.prefix(3).uppercased()
    if prefix == "UTC" || prefix == "GMT", compact.count > 3 {
      let written = prefix + compact.dropFirst(3)
      if gmtOffset(written) != nil { return named(written) }
    }
    guard let sign = name.first, sign == "+" || sign == "-", gmtOffset("UTC" + name) != nil
    else { return nil }
    return named("UTC" + name)
  }

  /// The places an abbreviation is said for, the one most people mean first, each with its
  /// zone. Abbreviations of standard and of summer time both (`PST`, `PDT`).
  static let abbreviations: [String: [(place: String, zone: String)]] = {
    let newYork = [("New York", "America/New_York")]
    let chicago = [("Chicago", "America/Chicago")]
    let denver = [("Denver", "America/Denver"), ("Phoenix", "America/Phoenix")]
    let losAngeles = [("Los Angeles", "America/Los_Angeles")]
    let central = [("Berlin", "Europe/Berlin"), ("Paris", "Europe/Paris")]
    let eastern = [("Athens", "Europe/Athens"), ("Helsinki", "Europe/Helsinki")]
    let western = [("Lisbon", "Europe/Lisbon")]
    let sydney = [("Sydney", "Australia/Sydney"), ("Brisbane", "Australia/Brisbane")]
    let auckland = [("Auckland", "Pacific/Auckland")]
    let halifax = [("Halifax", "America/Halifax")]
    return [
      "EST": newYork, "EDT": newYork, "CST": chicago + [("China", "Asia/Shanghai")],
      "CDT": chicago, "MST": denver, "MDT": denver, "PST": losAngeles, "PDT": losAngeles,
      "AKST": [("Anchorage", "America/Anchorage")], "AKDT": [("Anchorage", "America/Anchorage")],
      "HST": [("Honolulu", "Pacific/Honolulu")], "AST": halifax, "ADT": halifax,
      "NST": [("St. John's", "America/St_Johns")], "NDT": [("St. John's", "America/St_Johns")],
      "CET": central, "CEST": central, "MET": central, "MEST": central,
      "EET": eastern, "EEST": eastern, "WET": western, "WEST": western,
      "BST": [("London", "Europe/London"), ("Bangladesh", "Asia/Dhaka")],
      "IST": [
        ("India", "Asia/Kolkata"), ("Israel", "Asia/Jerusalem"), ("Ireland", "Europe/Dublin"),
      ],
      "MSK": [("Moscow", "Europe/Moscow")], "SAST": [("Johannesburg", "Africa/Johannesburg")],
      "JST": [("Tokyo", "Asia/Tokyo")], "KST": [("Seoul", "Asia/Seoul")],
      "HKT": [("Hong Kong", "Asia/Hong_Kong")], "SGT": [("Singapore", "Asia/Singapore")],
      "AEST": sydney, "AEDT": sydney, "ACST": [("Adelaide", "Australia/Adelaide")],
      "ACDT": [("Adelaide", "Australia/Adelaide")], "AWST": [("Perth", "Australia/Perth")],
      "NZST": auckland, "NZDT": auckland, "WIB": [("Jakarta", "Asia/Jakarta")],
    ]
  }()

  /// Zones by the names people say for them that no zone has (`Eastern`, `Pacific Time`, a
  /// country): an unknown zone of these gets them as its suggestion, never a zone whose name
  /// only looks alike (`Eastern` is not Pacific/Easter).
  static let spoken: [String: [String]] = {
    let eastern = ["America/New_York"]
    let central = ["America/Chicago"]
    let mountain = ["America/Denver", "America/Phoenix"]
    let pacific = ["America/Los_Angeles"]
    let europe = ["Europe/Berlin", "Europe/Paris"]
    var out: [String: [String]] = [:]
    for (names, zones) in [
      (["eastern", "eastern time", "us eastern", "et", "eastern standard time"], eastern),
      (["central", "central time", "us central", "ct"], central),
      (["mountain", "mountain time", "us mountain", "mt"], mountain),
      (["pacific", "pacific time", "us pacific", "pt"], pacific),
      (["central european time", "central europe", "europe"], europe),
      (["eastern european time"], ["Europe/Athens", "Europe/Helsinki"]),
      (["western european time"], ["Europe/Lisbon"]),
      (["usa", "us", "united states", "america"], eastern + central + mountain + pacific),
      (
        ["uk", "united kingdom", "britain", "great britain", "england", "scotland", "wales"],
        ["Europe/London"]
      ),
      (["india"], ["Asia/Kolkata"]), (["germany"], ["Europe/Berlin"]),
      (["france"], ["Europe/Paris"]), (["japan"], ["Asia/Tokyo"]),
      (["ireland"], ["Europe/Dublin"]), (["israel"], ["Asia/Jerusalem"]),
      (["china"], ["Asia/Shanghai"]), (["spain"], ["Europe/Madrid"]),
      (["italy"], ["Europe/Rome"]), (["netherlands", "holland"], ["Europe/Amsterdam"]),
      (["poland"], ["Europe/Warsaw"]), (["czechia", "czech republic"], ["Europe/Prague"]),
      (["austria"], ["Europe/Vienna"]), (["switzerland"], ["Europe/Zurich"]),
      (["belgium"], ["Europe/Brussels"]), (["portugal"], ["Europe/Lisbon"]),
      (["sweden"], ["Europe/Stockholm"]), (["norway"], ["Europe/Oslo"]),
      (["denmark"], ["Europe/Copenhagen"]), (["finland"], ["Europe/Helsinki"]),
      (["greece"], ["Europe/Athens"]), (["turkey"], ["Europe/Istanbul"]),
      (["ukraine"], ["Europe/Kyiv", "Europe/Kiev"]), (["russia"], ["Europe/Moscow"]),
      (["korea", "south korea"], ["Asia/Seoul"]), (["singapore"], ["Asia/Singapore"]),
      (["south africa"], ["Africa/Johannesburg"]), (["new zealand"], ["Pacific/Auckland"]),
      (["hawaii"], ["Pacific/Honolulu"]), (["alaska"], ["America/Anchorage"]),
      (["australia"], ["Australia/Sydney", "Australia/Perth"]),
      (["canada"], ["America/Toronto", "America/Vancouver"]),
      (["brazil"], ["America/Sao_Paulo"]), (["mexico"], ["America/Mexico_City"]),
      // Cities people name whose zone is named after another city (the tz database names a
      // zone by its most populous city when the zone was made).
      (
        [
          "mumbai", "bombay", "calcutta", "delhi", "new delhi", "bangalore", "bengaluru",
          "chennai", "madras", "hyderabad", "pune",
        ], ["Asia/Kolkata"]
      ),
      (["beijing", "peking", "shenzhen", "guangzhou", "hangzhou"], ["Asia/Shanghai"]),
      (
        [
          "san francisco", "sf", "bay area", "silicon valley", "seattle", "portland", "san diego",
          "san jose", "california",
        ], ["America/Los_Angeles"]
      ),
      (
        [
          "nyc", "new york city", "boston", "washington", "washington dc", "dc", "atlanta", "miami",
        ],
        ["America/New_York"]
      ),
      (["austin", "dallas", "houston", "texas"], ["America/Chicago"]),
      (["munich", "frankfurt", "hamburg", "cologne"], ["Europe/Berlin"]),
      (["barcelona", "valencia", "seville"], ["Europe/Madrid"]), (["milan"], ["Europe/Rome"]),
      (["geneva", "basel"], ["Europe/Zurich"]), (["osaka", "kyoto"], ["Asia/Tokyo"]),
      (["montreal", "ottawa"], ["America/Toronto"]),
      (["rio", "rio de janeiro"], ["America/Sao_Paulo"]),
      (["tel aviv"], ["Asia/Jerusalem"]), (["abu dhabi"], ["Asia/Dubai"]),
      (["cape town"], ["Africa/Johannesburg"]),
      (["manchester", "edinburgh", "glasgow"], ["Europe/London"]),
      (["krakow", "cracow"], ["Europe/Warsaw"]),
      (["st petersburg", "saint petersburg"], ["Europe/Moscow"]),
      (["wellington"], ["Pacific/Auckland"]), (["canberra"], ["Australia/Sydney"]),
      (["saigon", "ho chi minh city"], ["Asia/Ho_Chi_Minh"]),
    ] as [([String], [String])] {
      for name in names { out[name] = zones }
    }
    return out
  }()

  /// The zones a name that is no zone means when people say it so (an abbreviation the tz
  /// database does not know, `PDT`; `Eastern`; a country, `India`), those this system has;
  /// empty for other names.
  public static func meantZones(_ name: String) -> [String] {
    let said = name.lowercased().map { $0 == "_" ? " " : $0 }
    let zones = abbreviationZones(name) + (spoken[String(said)] ?? [])
    let known = zones.filter { lookUp($0) != nil }
    // Europe/Kyiv or, in an older tz database, Europe/Kiev: one of them.
    return zones.count == 2 && zones[0].hasPrefix("Europe/Ky") ? Array(known.prefix(1)) : known
  }

  /// The zones an abbreviation the tz database does not know may mean (`PDT` →
  /// `America/Los_Angeles`), for an error's suggestion; empty for other names.
  public static func abbreviationZones(_ name: String) -> [String] {
    abbreviations[name.uppercased()]?.map(\.zone) ?? []
  }

  /// What an abbreviation given as a zone is read as, and what the user more likely means, for
  /// a warning after `--tz EST` (`is read as UTC−5 all year; for New York's time use
  /// America/New_York`); nil for a name that is no abbreviation of the list.
  /// Also the note for `Etc/GMT+1`, which is UTC−1: the tz database writes its sign reversed.
  public static func abbreviationNote(_ name: String) -> String? {
    let lower = name.lowercased()
    if lower.hasPrefix("etc/gmt+") || lower.hasPrefix("etc/gmt-"), let zone = lookUp(name) {
      let offset = zone.utcOffset(at: 0)
      guard offset != 0 else { return nil }
      let said = String(UTCOffset.text(offset).dropFirst().dropLast())
      let reversed = "UTC" + (offset < 0 ? "+" : "-") + String(said.dropFirst(4))
      return
        "is \(said) (the tz database writes Etc/GMT's sign reversed); for \(reversed) write \(reversed)"
    }
    guard let places = abbreviations[name.uppercased()], let zone = lookUp(name) else {
      return nil
    }
    // What it is read as: the zone ICU names for it (PST), else a fixed offset (EST, IST of
    // the tz database), said as the place of the list that keeps it all year, else the tz
    // database's zone of that name with its two offsets (CET).
    let january: Instant = 1_767_225_600  // 2026-01-01T00:00Z
    let july: Instant = 1_782_864_000  // 2026-07-01T00:00Z
    let winter = zone.utcOffset(at: january)
    let summer = zone.utcOffset(at: july)
    func offset(_ seconds: Int) -> String { String(UTCOffset.text(seconds).dropFirst().dropLast()) }
    var reading: String
    var readZone: String? = nil
    if let icu = ICUZones.canonicalID(name), icu != name, !icu.hasPrefix("Etc/"),
      lookUp(icu) != nil
    {
      // Asia/Calcutta is the tz database's link to Asia/Kolkata.
      let canonical = canonicalName(icu)
      readZone = canonical
      reading = canonical
    } else if winter == summer {
      readZone =
        places.first { place in
          guard let other = lookUp(place.zone) else { return false }
          return other.utcOffset(at: january) == winter && other.utcOffset(at: july) == summer
        }?.zone
      reading = readZone ?? offset(winter) + " all year"
    } else {
      reading = "\(name) (\(offset(winter)), \(offset(summer)) in summer)"
    }
    if let place = places.first(where: { $0.zone == readZone }), reading == place.zone {
      reading += " (\(place.place))"
    }
    let others = places.filter { $0.zone != readZone }
    guard !others.isEmpty else {
      return "is an abbreviation, read as \(reading); write \(readZone ?? name) to say so"
    }
    let meant = others.map { "\($0.place)'s time \($0.zone)" }.joined(separator: ", for ")
    return
      "is read as \(reading); for \(meant.replacing("time ", with: "time use ", maxReplacements: 1))"
  }
}
