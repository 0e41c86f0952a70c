// swift-tools-version: 6.1
// The core's sweep and merger under ordo-one/benchmark (Benchmarks/README.md):
//   cd Benchmarks/Core && swift package benchmark
import PackageDescription

let package = Package(
  name: "freetime-core-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
  ],
  targets: [
    // The main package's core, through a symlink (a path dependency's identity would be the
    // name of the directory the repository was cloned into).
    .target(
      name: "FreeTimeCore",
      dependencies: [.product(name: "HeapModule", package: "swift-collections")],
      path: "Sources/FreeTimeCore"),
    .executableTarget(
      name: "CoreBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        "FreeTimeCore",
      ],
      path: "Benchmarks/CoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
