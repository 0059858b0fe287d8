import Foundation
import Testing
import GestureStore
import GestureTrace
@testable import GestureSimulation
import TestScratch

/// What every capture promises: it passes the strict reader and imports,
/// sessions come before their records, each session is in time order.
@Suite struct SimulatedCaptureTests {
    private let options = SimulationOptions(seed: 3, sessionsPerVariant: 2, touchesPerSession: 25)

    @Test(arguments: SimulatedExperiment.allCases)
    func passesTheStrictReaderAndImports(experiment: SimulatedExperiment) throws {
        let imported = try ImportedCapture(experiment: experiment, options: options)
        let records = try readStrictly(imported.path)
        let generated = Array(Simulator(options: options).records(for: experiment))
        #expect(records == generated, "the file holds exactly the generated records")
        #expect(imported.summary.recordCount == records.count)
        #expect(imported.summary.rejectedCount == 0)
        // Every touch is associated with its deliveries: none orphaned.
        let orphans = try imported.number("SELECT sum(orphan_deliveries + orphan_transitions) FROM session_orphans")
        #expect((orphans ?? 0) == 0)
    }

    @Test func theCombinedCaptureHoldsEveryExperimentAndImports() throws {
        let folder = try ScratchFolder()
        let path = folder.path("lab.jsonl")
        let simulator = Simulator(options: options)
        let written = try simulator.write(simulator.records(), path: path)
        let records = try readStrictly(path)
        #expect(records.count == written)
        let experiments = records.compactMap { record -> String? in
            if case .session(let session) = record { return session.experiment }
            return nil
        }
        let order = experiments.enumerated().filter { $0.offset == 0 || experiments[$0.offset - 1] != $0.element }
        #expect(order.map(\.element) == SimulatedExperiment.allCases.map(\.rawValue), "one experiment after the other")
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let summary = try CaptureImporter(database: database).importCapture(path: path)
        #expect(summary.recordCounts["session"] == 4 * SimulatedExperiment.allCases.count)
    }

    @Test(arguments: SimulatedExperiment.allCases)
    func sessionsComeFirstAndRecordsAreInTimeOrder(experiment: SimulatedExperiment) {
        var declared = Set<String>()
        var firstTime: [String: Int64] = [:]
        var lastTime: [String: Int64] = [:]
        var startedAt: [String] = []
        var began = Set<String>()
        var ended = Set<String>()
        var outOfOrder = 0
        var undeclared = 0
        for record in Simulator(options: options).records(for: experiment) {
            let session: String, time: Int64
            switch record {
            case .session(let declaration):
                #expect(declared.insert(declaration.id).inserted, "session ids are unique")
                startedAt.append(declaration.startedAt ?? "")
                continue
            case .touch(let touch):
                (session, time) = (touch.session, touch.timeNanos)
                let key = "\(touch.session)/\(touch.touch)"
                if touch.phase == .began { #expect(began.insert(key).inserted) }
                if touch.phase == .ended { #expect(ended.insert(key).inserted) }
            case .transition(let transition): (session, time) = (transition.session, transition.timeNanos)
            case .delivery(let delivery): (session, time) = (delivery.session, delivery.timeNanos)
            case .frame(let frame): (session, time) = (frame.session, frame.timeNanos)
            case .target(let target): (session, time) = (target.session, target.timeNanos)
            case .dropped:
                Issue.record("the simulator never drops events")
                continue
            }
            if !declared.contains(session) { undeclared += 1 }
            if time < lastTime[session, default: .min] { outOfOrder += 1 }
            lastTime[session] = time
            if firstTime[session] == nil { firstTime[session] = time }
        }
        #expect(undeclared == 0)
        #expect(outOfOrder == 0)
        #expect(began.count == 4 * 25 && began == ended, "every touch begins and ends once")
        #expect(startedAt == startedAt.sorted() && Set(startedAt).count == startedAt.count)
        #expect(startedAt.allSatisfy { $0.hasPrefix("2024-06-03T") && $0.hasSuffix("Z") })
        // Device uptime starts at 1000 s (targets are declared at that instant, touches come later);
        // each session starts after the one before it ended.
        let sessions = declared.sorted { firstTime[$0]! < firstTime[$1]! }
        #expect(firstTime[sessions[0]]! >= 1_000_000_000_000 && firstTime[sessions[0]]! < 1_010_000_000_000)
        for (earlier, later) in zip(sessions, sessions.dropFirst()) {
            #expect(lastTime[earlier]! < firstTime[later]!)
        }
    }

    @Test func variantNamesAreUniqueAcrossExperiments() {
        let names = SimulatedExperiment.allCases.flatMap(\.variantNames)
        #expect(Set(names).count == names.count, "session ids stay unique in a combined capture")
    }
}
