import Foundation
import GestureStore

extension Benchmark {
    /// The import's CPU by thread, and what it comes to a million records.
    ///
    /// An import runs its reading and its inserting on two threads. At one
    /// million records a second, a machine of N cores has N CPU-seconds a
    /// million records to spend on them: a mix that needs more cannot reach
    /// the rate however its work is split, and the thread that needs the
    /// most is the one the import waits on.
    static func importCPU(_ summary: ImportSummary, cores: Int) -> Measurement {
        let cpu = summary.cpuSeconds
        let millions = Double(summary.recordCount) / 1_000_000
        let perMillion = millions > 0 ? cpu.total / millions : 0
        var note = String(format: "inserting %.2f s, reading %.2f s", cpu.inserting, cpu.reading)
        if cpu.replaying > 0 {
            note += String(format: ", deriving from the stored records %.2f s", cpu.replaying)
        }
        note += String(format: "; %.2f CPU-seconds a million records, where 1,000,000 records/s on %d cores leaves %d",
                       perMillion, cores, cores)
        return Measurement(step: "import CPU, by thread (the same run)", count: nil, seconds: cpu.total, target: "",
                           met: nil, note: note)
    }
}
