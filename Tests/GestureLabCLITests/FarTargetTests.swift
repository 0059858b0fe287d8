import Foundation
import Testing
import TestScratch

/// A capture whose one target lies at the far end of binary64: downs inside
/// it, 10^308 points from it, and 2·10^308 points from it (past the
/// largest double).
let farTargetCapture = """
    {"type":"header","format":"gesture-trace","version":1}
    {"type":"session","session":"s","experiment":"far","variant":"v"}
    {"type":"target","session":"s","target":"edge","t":1,"x":1e308,"y":0,"w":1,"h":10}
    {"type":"touch","session":"s","touch":1,"phase":"began","t":2,"x":1e308,"y":5}
    {"type":"touch","session":"s","touch":2,"phase":"began","t":3,"x":0,"y":5}
    {"type":"touch","session":"s","touch":3,"phase":"began","t":4,"x":-1e308,"y":5}

    """

/// Distances at the ends of binary64 are finite, so every canned query
/// over them answers (a target at x = 1e308 had failed `query
/// reach-by-target` for the whole store with "Inf input to percentile()").
@Suite struct FarTargetTests {
    @Test func reachByTargetAnswersOverDistancesAtTheEndsOfBinary64() throws {
        let folder = try ScratchFolder()
        #expect(try folder.run(["import", "--db", "lab.sqlite", try folder.write("far.jsonl", farTargetCapture)]).status == 0)
        let result = try folder.run(["query", "reach-by-target", "--db", "lab.sqlite", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        // Distances 0, 1e308 and the largest double D: p50 1e308; p90 at
        // position 0.9 · 2 is 1e308 + frac · (D − 1e308); the missed ones'
        // p50 at 0.5 is 1e308 + 0.5 · (D − 1e308) (docs/outcomes.md: the
        // interpolation in binary64, as both engines do it).
        let largest = Double.greatestFiniteMagnitude
        let position = 90.0 / 100 * 2
        let fraction = position - position.rounded(.down)
        let rows = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        let row = try #require(rows?.first)
        #expect(rows?.count == 1)
        #expect(row["n"] as? Int == 3)
        #expect(row["reached"] as? Int == 1)
        #expect(row["distance_p50_pt"] as? Double == 1e308)
        #expect(row["distance_p90_pt"] as? Double == 1e308 + fraction * (largest - 1e308))
        #expect(row["distance_max_pt"] as? Double == largest)
        #expect(row["missed_distance_p50_pt"] as? Double == 1e308 + 0.5 * (largest - 1e308))
    }

    @Test func aTargetWhoseFarEdgeIsPastTheLargestDoubleIsRefusedOnItsLine() throws {
        let folder = try ScratchFolder()
        let capture = try folder.write("edge.jsonl", farTargetCapture.replacingOccurrences(of: #""w":1,"#, with: #""w":1e308,"#))
        let result = try folder.run(["import", "--db", "lab.sqlite", capture])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\n\(capture):3: field 'w': found 1e+308, which with 'x' 1e+308 puts the far edge "
            + "(x + w) past the largest finite number; expected a size that keeps x + w finite\n"), "\(result.standardError)")
    }
}
