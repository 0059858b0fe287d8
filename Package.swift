// swift-tools-version:6.1
import PackageDescription

// Layers, dependencies pointing one way:
//   GestureTrace (captures; Foundation only) → GestureStore (SQLite) →
//   GestureAnalysis (latencies, statistics, queries) → gesturelab (CLI).
// GestureStorePostgreSQL (the shared store) stands on GestureStore, behind
// the same reading seam. GestureReport (the HTML report) stands on
// GestureAnalysis.
// Beside them: SeededRandom (the reproducible generator the statistics and
// the simulator share), GestureSimulation (simulated captures, written
// through the recorder; beside the analysis, not on it), and
// GestureWorkflows (the demo and the benchmarks, which run every layer end
// to end).
// GestureRecorder (recording in apps) stands on GestureTrace alone, so an app
// linking it links no SQLite, no crypto and no SwiftNIO.
let package = Package(
    name: "gesturelab",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "gesturelab", targets: ["gesturelab"]),
        .library(name: "GestureTrace", targets: ["GestureTrace"]),
        .library(name: "GestureStore", targets: ["GestureStore"]),
        .library(name: "GestureAnalysis", targets: ["GestureAnalysis"]),
        .library(name: "GestureSimulation", targets: ["GestureSimulation"]),
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
        .library(name: "GestureReport", targets: ["GestureReport"]),
        .library(name: "GestureRecorder", targets: ["GestureRecorder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(name: "GestureTrace"),
        .target(name: "SeededRandom"),
        // Its UIKit/ folder compiles only for iOS and Mac Catalyst (os(iOS));
        // scripts/check-uikit-layer.sh compiles it on Linux against stand-ins.
        .target(name: "GestureRecorder", dependencies: ["GestureTrace"]),
        .target(
            name: "GestureStore",
            dependencies: [
                "GestureTrace",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The C API, for binding the import hot path directly.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Sources/GestureStore/Migrations is a symlink to the top-level
            // folder: SwiftPM then notices added or removed .sql files.
            exclude: ["Migrations"],
            plugins: ["EmbedSQLPlugin"]
        ),
        // The shared store on a PostgreSQL server: push and the reading seam.
        // Its own module so SwiftNIO stays out of what an iOS app links.
        .target(
            name: "GestureStorePostgreSQL",
            dependencies: [
                "GestureStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // Symlinks to Migrations/postgresql and Queries/postgresql.
            exclude: ["Migrations", "Queries"],
            plugins: ["EmbedSQLPlugin"]
        ),
        .target(
            name: "GestureAnalysis",
            dependencies: [
                "GestureStore", "SeededRandom",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The C API, for streaming CSV straight from statement columns.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            exclude: ["Queries"],
            plugins: ["EmbedSQLPlugin"]
        ),
        // The HTML report of comparisons: geometry (scales, ticks, binning)
        // apart from the markup. On the analysis layer; the CLI and the
        // demo call it.
        .target(
            name: "GestureReport",
            dependencies: ["GestureAnalysis", "GestureStore"]
        ),
        // Realistic captures of the seed experiments, for the demo, the tests
        // and the benchmark. Beside the analysis layer, not under it.
        .target(
            name: "GestureSimulation",
            dependencies: ["GestureTrace", "GestureRecorder", "SeededRandom"]
        ),
        // The demo and the benchmark: workflows over every layer.
        .target(
            name: "GestureWorkflows",
            dependencies: [
                "GestureTrace", "GestureStore", "GestureAnalysis", "GestureSimulation", "GestureReport",
                "GestureStorePostgreSQL", "SeededRandom", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "gesturelab",
            dependencies: [
                "GestureTrace", "GestureStore", "GestureAnalysis", "GestureSimulation", "GestureReport",
                "GestureWorkflows", "GestureStorePostgreSQL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "EmbedSQL"),
        // What the recorder costs the app's thread and how fast it writes;
        // also the child the crash test kills.
        .executableTarget(name: "RecorderBench", dependencies: ["GestureRecorder"]),
        .plugin(
            name: "EmbedSQLPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedSQL"]
        ),
        // Temporary folders the tests share, removed when the test process exits.
        .target(name: "TestScratch", path: "Tests/TestScratch"),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureTrace"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(
            name: "GestureWorkflowsTests",
            dependencies: ["GestureWorkflows", "GestureSimulation", "GestureAnalysis", "GestureStore",
                           "GestureStorePostgreSQL", "TestScratch", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GestureRecorderTests",
            // RecorderBench is run by the crash test, so `swift test` builds it.
            dependencies: ["GestureRecorder", "GestureTrace", "GestureStore", "GestureAnalysis", "TestScratch",
                           "RecorderBench", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GestureSimulationTests",
            dependencies: [
                "GestureSimulation", "GestureTrace", "GestureStore", "GestureAnalysis", "TestScratch",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "GestureReportTests",
            dependencies: [
                "GestureReport", "GestureAnalysis", "GestureStore", "GestureSimulation", "GestureWorkflows", "TestScratch",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "GestureStoreTests",
            dependencies: ["GestureStore", "GestureTrace", "TestScratch", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GestureAnalysisTests",
            dependencies: ["GestureAnalysis", "GestureStore", "GestureTrace", "TestScratch",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GestureStorePostgreSQLTests",
            dependencies: ["GestureStorePostgreSQL", "GestureStore", "GestureAnalysis", "GestureSimulation",
                           "TestScratch", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "GestureLabCLITests",
            // Depends on the executable so `swift test` builds it; the tests run it.
            dependencies: ["gesturelab", "GestureTrace", "TestScratch", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ]
)
