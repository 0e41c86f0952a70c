// swift-tools-version: 6.0
// libFuzzer target for the calendar reader; scripts/fuzz builds and runs it. A nested package
// so the main build never sees -sanitize=fuzzer: it reuses the main package's CLibical,
// CThreads, FreeTimeCore and FreeTimeICS sources through symlinks in Sources/.
import PackageDescription

let package = Package(
  name: "freetime-fuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0")
  ],
  targets: [
    .systemLibrary(name: "CLibical", path: "Sources/CLibical", pkgConfig: "libical"),
    .target(
      name: "FreeTimeCore",
      dependencies: [.product(name: "HeapModule", package: "swift-collections")],
      path: "Sources/FreeTimeCore"),
    .target(name: "CThreads", path: "Sources/CThreads"),
    .target(
      name: "FreeTimeICS", dependencies: ["FreeTimeCore", "CLibical", "CThreads"],
      path: "Sources/FreeTimeICS",
      // The ICU libical links, which FreeTimeICS calls for zone names (as the main package).
      linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
    .target(name: "CFuzzShim", path: "Sources/CFuzzShim"),
    .executableTarget(
      name: "FuzzReader", dependencies: ["CFuzzShim", "FreeTimeCore", "FreeTimeICS"],
      path: "Sources/FuzzReader"),
  ]
)
