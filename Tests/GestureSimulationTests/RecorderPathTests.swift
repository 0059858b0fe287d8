import Foundation
import Testing
import GestureTrace
@testable import GestureSimulation
import TestScratch

/// The simulator writes files through GestureRecorder, the path an app
/// uses; what it writes must be exactly what encoding each record directly gives.
@Suite struct RecorderPathTests {
    @Test(arguments: SimulatedExperiment.allCases)
    func filesWrittenThroughTheRecorderAreTheDirectEncodingByteForByte(experiment: SimulatedExperiment) throws {
        let folder = try ScratchFolder()
        let simulator = Simulator(options: SimulationOptions(seed: 11, sessionsPerVariant: 3, touchesPerSession: 40))
        let capture = simulator.records(for: experiment)
        let path = folder.path("through-recorder.jsonl")
        let written = try simulator.write(capture, path: path)
        let direct = simulator.text(of: capture)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == direct)
        #expect(written == direct.split(separator: "\n").count - 1)
    }
}
