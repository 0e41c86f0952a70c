// swift-tools-version: 6.0
import PackageDescription

// `make install` and the benchmark build with FREETIME_STATIC_LIBICAL=1: libical and the ICU it
// calls for RSCALE calendars (and freetime for Windows zone names) are linked into the binary
// (libical.a, libicu*.a from libical-dev's dependencies), so the installed binary needs no
// libical at run time and starts without loading and relocating libical, ICU 72 and their
// symbols (about a millisecond of each run; README, Performance). FREETIME_STATIC_LIBS names
// the directory `make build` fills (scripts/static-libs): only the ICU data those calls need,
// linked instead of libicudata.a (31 MB), and libical.a with its ucal_open call fixed
// (docs/LIBICAL.md). Other builds (`make build LIBICAL=system`, the tests) link libical.so and
// ICU's shared libraries.
let staticLibical = Context.environment["FREETIME_STATIC_LIBICAL"] == "1"
let staticLibs = Context.environment["FREETIME_STATIC_LIBS"].flatMap { $0.isEmpty ? nil : $0 }
func linkerInputs(_ inputs: [String]) -> [String] { inputs.flatMap { ["-Xlinker", $0] } }
let staticInputs: [String] =
  staticLibs.map { dir -> [String] in
    ["\(dir)/libical.a", "\(dir)/fix.o", "\(dir)/icudata.o", "-l:libicui18n.a", "-l:libicuuc.a"]
  } ?? ["-l:libical.a", "-l:libicui18n.a", "-l:libicuuc.a", "-l:libicudata.a"]
let libicalLinking: [LinkerSetting] =
  staticLibical
  ? [.unsafeFlags(linkerInputs(staticInputs) + ["-lstdc++", "-lm"])]
  : [.linkedLibrary("ical"), .linkedLibrary("icui18n"), .linkedLibrary("icuuc")]

// A module sees the members of only the modules it imports itself (SE-0444): TOMLKit imports
// Foundation's Date and Data, and without this, `contains`, `components(separatedBy:)` and the
// like in every module above it resolved to all of Foundation's (NSString's), which links
// FoundationInternationalization and its ICU (34 MB of data) into the binary.
let ownModules: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
  name: "freetime",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "freetime", targets: ["freetime"]),
    .library(name: "FreeTimeCore", targets: ["FreeTimeCore"]),
    .library(name: "FreeTimeICS", targets: ["FreeTimeICS"]),
    .library(name: "FreeTimeSchedule", targets: ["FreeTimeSchedule"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    // The people file (README, People file): TOML through toml++, a maintained parser.
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
  ],
  targets: [
    // libical 3 from the system (Debian: libical-dev). The only C dependency.
    // (Linked by FreeTimeICS, below: dynamically, or statically for the installed binary.)
    .systemLibrary(name: "CLibical"),
    // Pure Swift: intervals, the open-event counter, the merger, durations. No C, no I/O.
    .target(
      name: "FreeTimeCore",
      dependencies: [.product(name: "HeapModule", package: "swift-collections")],
      swiftSettings: ownModules),
    // The only module that imports libical: reading calendars, writing iCalendar.
    // System zones come from the system's tz database (TZif files); Windows zone names go
    // through the ICU libical links (CLDR's windowsZones), so the binary holds one ICU.
    // Threads started on another core than their creator's (Threads.swift): Linux's
    // affinity calls, which Glibc's module leaves out (_GNU_SOURCE).
    .target(name: "CThreads"),
    .target(
      name: "FreeTimeICS", dependencies: ["FreeTimeCore", "CLibical", "CThreads"],
      swiftSettings: ownModules,
      linkerSettings: libicalLinking),
    // The people file: people, rooms and groups by name (TOML through TOMLKit).
    .target(
      name: "FreeTimePeople",
      dependencies: ["FreeTimeCore", .product(name: "TOMLKit", package: "TOMLKit")],
      swiftSettings: ownModules),
    // The scheduling library: each person resolved once (calendars, addresses, home zone,
    // hours, availability, coverage), their free time, the common slots, suggestions' comfort
    // hours, bookings' checks. No options, no output.
    .target(
      name: "FreeTimeSchedule", dependencies: ["FreeTimeCore", "FreeTimeICS", "FreeTimePeople"],
      swiftSettings: ownModules),
    // The command: options, renderers, exit codes.
    .executableTarget(
      name: "freetime",
      dependencies: [
        "FreeTimeCore", "FreeTimeICS",
        "FreeTimePeople", "FreeTimeSchedule",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: ownModules
    ),
    // The reader's pre-pass alone, which Benchmarks/run.sh times (not installed).
    .executableTarget(
      name: "freetime-prepass", dependencies: ["FreeTimeICS"], path: "Benchmarks/prepass",
      swiftSettings: ownModules),
    // What the test targets share: the seeded generator, the package's paths, temporary files.
    // Foundation only: no Testing, no XCTest.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "FreeTimeCoreTests", dependencies: ["FreeTimeCore", "TestSupport"]),
    .testTarget(
      name: "FreeTimePeopleTests", dependencies: ["FreeTimePeople", "FreeTimeCore", "TestSupport"]),
    .testTarget(
      name: "FreeTimeICSTests",
      dependencies: ["FreeTimeICS", "FreeTimeCore", "CLibical", "CThreads", "TestSupport"]),
    .testTarget(
      name: "FreeTimeScheduleTests",
      dependencies: ["FreeTimeSchedule", "FreeTimeICS", "FreeTimeCore", "TestSupport"]),
    .testTarget(
      name: "freetimeTests",
      dependencies: ["freetime", "TestSupport"],
      resources: []
    ),
  ]
)
