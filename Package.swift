// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "freetime",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "freetime", targets: ["freetime"]),
    .library(name: "FreeTimeCore", targets: ["FreeTimeCore"]),
    .library(name: "FreeTimeICS", targets: ["FreeTimeICS"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
  ],
  targets: [
    // libical 3 from the system (Debian: libical-dev). The only C dependency.
    .systemLibrary(
      name: "CLibical",
      pkgConfig: "libical",
      providers: [.apt(["libical-dev"])]
    ),
    // Pure Swift: intervals, the open-event counter, the merger, durations. No C, no I/O.
    .target(
      name: "FreeTimeCore",
      dependencies: [.product(name: "HeapModule", package: "swift-collections")]),
    // The only module that imports libical: reading calendars, writing iCalendar.
    // Windows zone names go through ICU's copy of CLDR's windowsZones, from the toolchain's
    // Foundation (_FoundationICU), so no second ICU is needed.
    .target(
      name: "FreeTimeICS", dependencies: ["FreeTimeCore", "CLibical"],
      linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
    ),
    // The command: options, renderers, exit codes.
    .executableTarget(
      name: "freetime",
      dependencies: [
        "FreeTimeCore", "FreeTimeICS",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "FreeTimeCoreTests", dependencies: ["FreeTimeCore"]),
    .testTarget(name: "FreeTimeICSTests", dependencies: ["FreeTimeICS", "FreeTimeCore"]),
    .testTarget(
      name: "freetimeTests",
      dependencies: ["freetime"],
      resources: []
    ),
  ]
)
