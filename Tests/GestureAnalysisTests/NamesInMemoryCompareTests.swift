import Foundation
import GRDB
import GestureStore
import Testing
@testable import GestureAnalysis

/// `compare` reads its groups as the project's SQL
/// (`StoreReader.forEachRow(projectSQL:)`): on SQLite the views take their
/// names from memory. Every comparison must print what it prints when each
/// statement runs as written.
@Suite struct NamesInMemoryCompareTests {
    static let requests: [(String, Comparer.Request)] = [
        // Several events: refused alike either way.
        ("responses by via, every event", .init(selection: ComparisonSelection(by: "via"))),
        ("responses by via, one event", .init(selection: ComparisonSelection(by: "via", event: "began"))),
        ("responses by event", .init(selection: ComparisonSelection(by: "event"))),
        ("responses by variant", .init(selection: ComparisonSelection(by: "variant", event: "touchDown"))),
        ("responses by target", .init(selection: ComparisonSelection(by: "target", event: "touchDown"))),
        ("responses by region, one experiment", .init(selection: ComparisonSelection(by: "region", event: "touchDown",
                                                                                       experiment: "e"))),
        ("responses by device", .init(selection: ComparisonSelection(by: "device.model", event: "touchDown"))),
        ("recognitions by variant", .init(selection: ComparisonSelection(by: "variant", metric: .recognition,
                                                                         event: "began"))),
        ("dispatches by via", .init(selection: ComparisonSelection(by: "via", metric: .dispatch, event: "began"))),
        ("touch unit, responses by variant", {
            var request = Comparer.Request(selection: ComparisonSelection(by: "variant", event: "touchDown"))
            request.options.unit = .touch
            return request
        }()),
    ]

    /// The JSON of `request` on `reader`, or the error it throws.
    static func answer(_ request: Comparer.Request, in reader: some StoreReader) -> String {
        do {
            if request.selection.outcome != nil { return ProportionReport.json(try Comparer.runProportions(request, in: reader)) }
            return ComparisonReport.json(try Comparer.run(request, in: reader))
        } catch {
            return "error: \(error)"
        }
    }

    @Test func everyComparisonAnswersAsWritten() throws {
        let fixture = try NamesInMemoryExportTests.store()
        let outcomeRequests: [(String, Comparer.Request)] = [
            ("reached by variant", .init(selection: ComparisonSelection(by: "variant", outcome: .reached))),
            ("false starts by variant", .init(selection: ComparisonSelection(by: "variant", outcome: .falseStart))),
        ]
        var compared = 0
        try fixture.database.connection.read { db in
            var statements: [String] = []
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event { statements.append(statement.sql) }
            }
            for (label, request) in Self.requests + outcomeRequests {
                let resolved = Self.answer(request, in: db)
                let written = Self.answer(request, in: SQLiteAsWritten(db))
                #expect(resolved == written, "\(label)")
                if !resolved.hasPrefix("error:") { compared += 1 }
            }
            db.trace(options: .statement, nil)
            // The SQLite path did read names from memory.
            #expect(statements.contains { $0.contains(InMemoryNames.functionName) })
        }
        // Most answers are comparisons, not refusals, so the equality says something.
        #expect(compared >= 7)
    }
}
