import Testing
@testable import GestureStore
@testable import GestureWorkflows

/// `bench`'s row of the import's CPU by thread, worked by hand.
@Suite struct BenchmarkImportCPUTests {
    private func summary(records: Int, inserting: Double, reading: Double, replaying: Double) -> ImportSummary {
        var summary = ImportSummary(displayName: "bench.jsonl", outcome: .imported(captureID: 1), sha256: "ab",
                                    byteCount: 1, recordCounts: ["session": 1, "touch": records - 1],
                                    unknownTypeCounts: [:], rejectedCount: 0, seconds: 2)
        summary.cpuSeconds = .init(inserting: inserting, reading: reading, replaying: replaying)
        return summary
    }

    /// 1.5 + 1.25 + 0.25 = 3 CPU-seconds for 2,000,000 records: 1.5 a million.
    @Test func aReplayedImportNamesItsThreeThreads() {
        let row = Benchmark.importCPU(summary(records: 2_000_000, inserting: 1.5, reading: 1.25, replaying: 0.25),
                                      cores: 2)
        #expect(row.seconds == 3)
        #expect(row.count == nil)
        #expect(row.met == nil)
        #expect(row.note == "inserting 1.50 s, reading 1.25 s, deriving from the stored records 0.25 s; "
            + "1.50 CPU-seconds a million records, where 1,000,000 records/s on 2 cores leaves 2")
    }

    /// 0.9 + 1.3 = 2.2 CPU-seconds for 1,000,000 records, on four cores.
    @Test func anImportDerivedWhileReadingNamesTwo() {
        let row = Benchmark.importCPU(summary(records: 1_000_000, inserting: 0.9, reading: 1.3, replaying: 0), cores: 4)
        #expect(abs(row.seconds - 2.2) < 1e-12)
        #expect(row.note == "inserting 0.90 s, reading 1.30 s; "
            + "2.20 CPU-seconds a million records, where 1,000,000 records/s on 4 cores leaves 4")
    }
}
