import Foundation
import GestureAnalysis
import GestureSimulation
import GestureWorkflows
import GestureStore
import TestScratch

/// The demo's store and report, made once for the test process: the seed
/// experiments, eight sessions per variant (the comparisons take the session as the unit).
enum DemoStore {
    struct Made: @unchecked Sendable {
        var demo: DemoRun
        var report: DemoRun.Report
        var database: GestureDatabase
        var html: String
    }

    static let made: Result<Made, Error> = Result {
        let demo = DemoRun(directory: TestScratch.newPath("gesturelab-report-demo").path,
                           options: SimulationOptions(seed: 3, sessionsPerVariant: 8, touchesPerSession: 20))
        let report = try demo.run()
        let database = try GestureDatabase(path: demo.databasePath, prepareConnection: PercentileFunctions.register)
        return Made(demo: demo, report: report, database: database,
                    html: try String(contentsOfFile: demo.reportPath, encoding: .utf8))
    }

    static func get() throws -> Made { try made.get() }
}
