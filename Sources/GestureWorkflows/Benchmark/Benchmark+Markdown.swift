import Foundation
import GestureSimulation
import GestureTrace

extension Benchmark.Report {
    /// The results as a Markdown table, as BENCHMARKS.md keeps them.
    package var markdown: String {
        var text = machine.map { "- \($0)" }.joined(separator: "\n") + "\n\n"
        text += "| step | records / rows | seconds | rate | target | met | note |\n"
        text += "| --- | ---: | ---: | ---: | --- | --- | --- |\n"
        for measurement in measurements {
            let count = measurement.count.map(\.grouped) ?? ""
            let rate = measurement.rate.map { Int($0.rounded()).grouped + "/s" } ?? ""
            let met = measurement.met.map { $0 ? "yes" : "**no**" } ?? ""
            text += "| \(measurement.step) | \(count) | \(String(format: "%.3f", measurement.seconds)) | \(rate) "
                + "| \(measurement.target) | \(met) | \(measurement.note) |\n"
        }
        return text
    }
}
