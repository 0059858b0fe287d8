import Foundation
import Testing
@testable import GestureAnalysis

/// `export NAME -p …`: a canned query exported with the parameters `query`
/// takes; a table or relation refuses them.
@Suite struct ExportParametersTests {
    /// Tests/Fixtures/two-buttons.jsonl: one session, two touches at the
    /// centre of the screen, each heard as touchDown (4 and 10 ms) and as
    /// touchUpInside (120 and 90 ms).
    static let header = "experiment,variant,region,target,event,via,n,p50_ms,p90_ms,p95_ms,p99_ms,max_ms"

    private func export(_ name: String, _ parameters: [(name: String, value: String)]) throws -> (rows: Int, csv: String) {
        let fixture = try AnalysisFixture(captures: ["two-buttons.jsonl"])
        let path = fixture.folder.appending(path: "out.csv").path
        let rows = try fixture.database.connection.read { db in
            try Exporter.export(name, parameters: parameters, catalog: try QueryCatalog(), in: db,
                                to: try TextOutput(path: path))
        }
        return (rows, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// Percentiles by numpy's default (linear): np.percentile([4, 10], [50, 90, 95, 99]) is
    /// 7.0, 9.4, 9.7, 9.94; of [90, 120], 105.0, 117.0, 118.5, 119.7.
    @Test func aCannedQueryTakesItsParameters() throws {
        let touchDown = try export("response-by-region", [("event", "touchDown")])
        #expect(touchDown.rows == 1)
        #expect(touchDown.csv == Self.header + "\r\nedge,off,center,record,touchDown,control-event,2,7,9.4,9.7,9.94,10\r\n")
        // Without it, the default (every event), as before.
        let every = try export("response-by-region", [])
        #expect(every.csv == Self.header + "\r\nedge,off,center,record,touchDown,control-event,2,7,9.4,9.7,9.94,10"
            + "\r\nedge,off,center,record,touchUpInside,control-event,2,105,117,118.5,119.7,120\r\n")
        // NULL is no filter; an integer parameter is read as one.
        #expect(try export("response-by-region", [("event", "NULL")]).csv == every.csv)
        #expect(try export("slowest-touches", [("limit", "1")]).csv.components(separatedBy: "\r\n").dropFirst().first?
            .hasSuffix(",record,touchUpInside,control-event,120") == true)
    }

    @Test func aTableOrRelationRefusesParametersAndAQueryItsUnknownOnes() throws {
        for relation in ["responses", "touch_sample"] {
            let error = #expect(throws: QueryError.self) { try export(relation, [("event", "touchDown")]) }
            #expect(error?.message == "-p event sets a canned query's parameter, and \(relation) is a table or relation, "
                + "which takes none: export it whole, or select its rows with gesturelab query --sql")
        }
        let unknown = #expect(throws: QueryError.self) { try export("response-by-region", [("evnt", "touchDown")]) }
        #expect(unknown?.message == "query response-by-region has no parameter evnt (it takes: experiment, event)")
    }
}
