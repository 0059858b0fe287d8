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
//
// Traits (SE-0450) decide what is resolved and built:
// - CommandLine, on by default, guards every use of GRDB, swift-crypto and
//   swift-argument-parser: `swift run gesturelab …` has them, and an app that
//   depends on this package with `traits: []` resolves none of them.
// - PostgreSQL, off by default, guards postgres-nio and SwiftNIO (and turns
//   on CommandLine): the shared store, `push` and `--db postgresql://`.
//   `swift build --traits PostgreSQL`; CI tests with it. Every source of
//   GestureStorePostgreSQL, and every use of it, is inside `#if PostgreSQL`.
// A dependency is left out of resolution only when every reference to it,
// test targets' included, is guarded by a disabled trait.
let commandLine = TargetDependencyCondition.when(traits: ["CommandLine"])
let postgreSQL = TargetDependencyCondition.when(traits: ["PostgreSQL"])
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift", condition: commandLine)
/// GRDB's SQLite C API, for the paths that bind or read columns directly.
let sqliteAPI = Target.Dependency.product(name: "GRDBSQLite", package: "GRDB.swift", condition: commandLine)
let storePostgreSQL = Target.Dependency.target(name: "GestureStorePostgreSQL", condition: postgreSQL)

let package = Package(
    name: "gesturelab",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "gesturelab", targets: ["gesturelab"]),
        // What others link: an app records with GestureRecorder; a tool that
        // reads or writes captures uses GestureTrace. Every other module is
        // the package's own (`package` access), not a product.
        .library(name: "GestureTrace", targets: ["GestureTrace"]),
        .library(name: "GestureRecorder", targets: ["GestureRecorder"]),
    ],
    traits: [
        .trait(
            name: "CommandLine",
            description: "The gesturelab command and its SQLite store: GRDB, swift-crypto, swift-argument-parser. "
                + "An app linking only GestureRecorder turns it off (traits: []) and resolves none of them."
        ),
        .trait(
            name: "PostgreSQL",
            description: "The shared store on a PostgreSQL server (postgres-nio, SwiftNIO): gesturelab push and "
                + "--db postgresql://. Turns on CommandLine.",
            enabledTraits: ["CommandLine"]
        ),
        .default(enabledTraits: ["CommandLine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // NIOCore's ByteBuffer, which the COPY writer fills; postgres-nio
        // brings the package anyway.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(name: "GestureTrace"),
        .target(name: "SeededRandom"),
        // Its UIKit/ folder compiles only for iOS and Mac Catalyst (os(iOS));
        // scripts/check-uikit-layer.sh compiles it on Linux against the
        // iPhoneOS SDK.
        .target(name: "GestureRecorder", dependencies: ["GestureTrace"]),
        .target(
            name: "GestureStore",
            dependencies: [
                "GestureTrace", grdb,
                sqliteAPI, // binding the import hot path directly
                .product(name: "Crypto", package: "swift-crypto", condition: commandLine),
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
                "GestureStore", "GestureTrace",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: postgreSQL),
                .product(name: "NIOCore", package: "swift-nio", condition: postgreSQL),
                grdb,
                sqliteAPI, // push reads the local store's rows column by column
            ],
            // Symlinks to Migrations/postgresql and Queries/postgresql.
            exclude: ["Migrations", "Queries"],
            plugins: ["EmbedSQLPlugin"]
        ),
        .target(
            name: "GestureAnalysis",
            dependencies: [
                "GestureTrace", "GestureStore", "SeededRandom", grdb,
                sqliteAPI, // streaming CSV straight from statement columns
            ],
            exclude: ["Queries"],
            plugins: ["EmbedSQLPlugin"]
        ),
        // The HTML report of comparisons: geometry (scales, ticks, binning)
        // apart from the markup. On the analysis layer; the CLI and the
        // demo call it.
        .target(
            name: "GestureReport",
            dependencies: ["GestureTrace", "GestureStore", "GestureAnalysis", grdb]
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
                storePostgreSQL, "SeededRandom", grdb,
            ]
        ),
        .executableTarget(
            name: "gesturelab",
            dependencies: [
                "GestureTrace", "GestureStore", "GestureAnalysis", "GestureSimulation", "GestureReport",
                "GestureWorkflows", storePostgreSQL,
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: commandLine),
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
        // The derivation rules in SQL, written apart from the importer's
        // deriver: the reference the tests check its rows against.
        .target(name: "SetWiseReference", dependencies: ["GestureStore", grdb], path: "Tests/SetWiseReference"),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureTrace"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(
            name: "GestureWorkflowsTests",
            dependencies: ["GestureWorkflows", "GestureSimulation", "GestureAnalysis", "GestureStore", "GestureTrace",
                           storePostgreSQL, "TestScratch", "SetWiseReference", grdb]
        ),
        .testTarget(
            name: "GestureRecorderTests",
            // RecorderBench is run by the crash test, so `swift test` builds it.
            dependencies: ["GestureRecorder", "GestureStore", "GestureAnalysis", "TestScratch",
                           "RecorderBench", grdb]
        ),
        .testTarget(
            name: "GestureSimulationTests",
            dependencies: [
                "GestureSimulation", "GestureTrace", "GestureStore", "GestureAnalysis", "SeededRandom", "TestScratch",
                "SetWiseReference", grdb,
            ]
        ),
        .testTarget(
            name: "GestureReportTests",
            dependencies: [
                "GestureReport", "GestureAnalysis", "GestureStore", "GestureSimulation", "GestureWorkflows", "TestScratch",
                grdb,
            ]
        ),
        .testTarget(
            name: "GestureStoreTests",
            // GestureSimulation and GestureAnalysis: the migration tests import
            // the demo's experiments and compare every canned query's output.
            dependencies: ["GestureStore", "GestureTrace", "TestScratch", "GestureSimulation", "GestureAnalysis",
                           "SeededRandom", "SetWiseReference", grdb]
        ),
        .testTarget(
            name: "GestureAnalysisTests",
            dependencies: ["GestureAnalysis", "GestureStore", "GestureTrace", "SeededRandom", "TestScratch",
                           grdb]
        ),
        .testTarget(
            name: "GestureStorePostgreSQLTests",
            dependencies: [storePostgreSQL, "GestureStore", "GestureAnalysis", "TestScratch", grdb]
        ),
        .testTarget(
            name: "GestureLabCLITests",
            // Depends on the executable so `swift test` builds it; the tests run it.
            // Crypto: the man page's fingerprint of the command definitions.
            dependencies: ["gesturelab", "TestScratch", grdb,
                           .product(name: "Crypto", package: "swift-crypto", condition: commandLine)]
        ),
    ]
)
