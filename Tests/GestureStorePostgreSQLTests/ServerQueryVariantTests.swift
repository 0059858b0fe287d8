#if PostgreSQL
import GestureAnalysis
import GestureStore
import Testing
@testable import GestureStorePostgreSQL

/// Every canned query that takes a percentile has a server variant
/// (Queries/postgresql/) that takes it with PostgreSQL's ordered-set
/// aggregate, which sorts in C: faster than even the reader's in-place form
/// of the store's `percentile()` (docs/postgresql.md). That the variants
/// answer as the SQLite queries do, byte for byte, is SharedStoreTests' part.
struct ServerQueryVariantTests {
    static let builtIn = (try? QueryCatalog.builtIn()) ?? []

    /// The queries whose portable SQL calls the store's percentile family.
    static let percentileQueries = builtIn.filter { query in
        ["percentile(", "median(", "percentile_cont(", "percentile_disc("].contains { query.sql.contains($0) }
    }

    @Test func theQueriesThatTakePercentilesAreFound() {
        // The list is computed: make sure it is not empty by mistake.
        #expect(Set(Self.percentileQueries.map(\.name)).isSuperset(of: [
            "dispatch-by-channel", "reach-by-target", "false-starts-by-target", "response-by-variant",
        ]))
    }

    @Test(arguments: percentileQueries.map(\.name))
    func hasAServerVariantWithTheOrderedSetAggregate(_ name: String) throws {
        let query = try #require(Self.builtIn.first { $0.name == name })
        let variant = ServerReader.variant(ofBuiltInQuery: name, portable: query.sql)
        #expect(variant != query.sql, "\(name) has no variant in Queries/postgresql/")
        let body = variant.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n")
        #expect(body.contains("pg_catalog.percentile_cont("), "\(name)")
        for slow in ["percentile(", " median(", "(median(", " percentile_cont(", "(percentile_cont("] {
            #expect(!body.contains(slow), "\(name) still calls \(slow)")
        }
    }
}
#endif
