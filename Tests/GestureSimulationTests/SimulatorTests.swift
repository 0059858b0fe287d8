import Foundation
import Testing
import GestureTrace
@testable import GestureSimulation
import TestScratch

/// The public entry points: determinism, files written, record budgets.
@Suite struct SimulatorTests {
    private let small = SimulationOptions(seed: 5, sessionsPerVariant: 2, touchesPerSession: 12)

    @Test(arguments: SimulatedExperiment.allCases)
    func theSameSeedGivesTheSameBytes(experiment: SimulatedExperiment) throws {
        let first = Simulator(options: small).text(of: Simulator(options: small).records(for: experiment))
        let second = Simulator(options: small).text(of: Simulator(options: small).records(for: experiment))
        #expect(first == second)
        #expect(first.count > 10_000)

        var other = small
        other.seed = 6
        let reseeded = Simulator(options: other)
        #expect(reseeded.text(of: reseeded.records(for: experiment)) != first)
    }

    @Test func filesAreByteIdenticalAcrossRuns() throws {
        let folder = try ScratchFolder()
        let simulator = Simulator(options: small)
        let first = try simulator.writeCaptures(to: folder.path("one"))
        let second = try simulator.writeCaptures(to: folder.path("two"))
        #expect(first.map { URL(fileURLWithPath: $0).lastPathComponent }
            == ["edge-deferral.jsonl", "delivery-channel.jsonl", "content-touches.jsonl", "hit-area.jsonl",
                "touch-delay.jsonl"])
        for (a, b) in zip(first, second) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: b))))
            #expect(!bytes.isEmpty)
        }
    }

    @Test func theHeaderNamesTheSimulatorAndSeed() {
        let text = Simulator(options: small).text(of: Simulator(options: small).records(for: .edgeDeferral))
        #expect(text.hasPrefix(#"{"type":"header","format":"gesture-trace","version":1,"recorder":"gesturelab simulate (seed 5)"}"#))
    }

    @Test(arguments: SimulatedExperiment.allCases)
    func approximateRecordsHitsItsTarget(experiment: SimulatedExperiment) throws {
        let folder = try ScratchFolder()
        let path = folder.path("big.jsonl")
        var reports: [Int] = []
        let written = try Simulator(options: small).writeCapture(
            path: path, experiment: experiment, approximateRecords: 70_000, progress: { reports.append($0) })
        #expect(abs(written - 70_000) < 70_000 * 3 / 100, "\(written) records")
        // Past one progress interval, so a report comes before the last.
        #expect(reports.count >= 2)
        #expect(reports.last == written)
        #expect(reports.dropLast().allSatisfy { $0 % Simulator.progressInterval == 0 })
        // Many more sessions than sessionsPerVariant: the budget, not the session count, decides.
        let records = try readStrictly(path)
        #expect(records.count == written)
        let sessions = records.filter { if case .session = $0 { return true } else { return false } }.count
        #expect(sessions > small.sessionsPerVariant * 2)
    }

    @Test func aCombinedBudgetIsSplitBetweenTheExperiments() {
        let capture = Simulator(options: small).records(approximateRecords: 60_000)
        var perExperiment: [String: Int] = [:]
        var experimentOfSession: [String: String] = [:]
        for record in capture {
            switch record {
            case .session(let session):
                experimentOfSession[session.id] = session.experiment
                perExperiment[session.experiment, default: 0] += 1
            case .touch(let r): perExperiment[experimentOfSession[r.session]!, default: 0] += 1
            case .transition(let r): perExperiment[experimentOfSession[r.session]!, default: 0] += 1
            case .delivery(let r): perExperiment[experimentOfSession[r.session]!, default: 0] += 1
            case .frame(let r): perExperiment[experimentOfSession[r.session]!, default: 0] += 1
            case .target(let r): perExperiment[experimentOfSession[r.session]!, default: 0] += 1
            case .dropped: Issue.record("the simulator never drops events")
            }
        }
        #expect(perExperiment.keys.sorted() == SimulatedExperiment.allCases.map(\.rawValue).sorted())
        let share = 60_000 / SimulatedExperiment.allCases.count
        for (experiment, count) in perExperiment {
            #expect(abs(count - share) < share * 3 / 100, "\(experiment): \(count)")
        }
    }

    @Test func aRepeatedExperimentIsWrittenOnce() {
        let capture = SimulatedCapture(options: small, experiments: [.contentTouches, .edgeDeferral, .contentTouches])
        #expect(capture.experiments == [.contentTouches, .edgeDeferral])
        let ids = capture.compactMap { record -> String? in
            if case .session(let session) = record { return session.id }
            return nil
        }
        #expect(ids.count == 8 && Set(ids).count == 8)
    }

    @Test func sessionCountsFollowTheOptions() {
        for experiment in SimulatedExperiment.allCases {
            let sessions = Simulator(options: small).records(for: experiment).compactMap { record -> SessionRecord? in
                if case .session(let session) = record { return session }
                return nil
            }
            let variants = experiment.variantNames
            #expect(variants.count == 2)
            // Variants alternate: A, B, A, B.
            #expect(sessions.map(\.variant) == [variants[0], variants[1], variants[0], variants[1]])
            #expect(sessions.map(\.id) == ["\(variants[0])-1", "\(variants[1])-1", "\(variants[0])-2", "\(variants[1])-2"])
        }
    }
}
