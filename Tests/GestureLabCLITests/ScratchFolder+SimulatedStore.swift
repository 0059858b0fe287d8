import Foundation
import TestScratch

extension ScratchFolder {
    struct CommandFailure: Error { var message: String }

    /// A folder holding `lab.sqlite`, imported from `lab.jsonl`, a small
    /// simulated capture of these experiments.
    ///
    ///     let folder = try ScratchFolder.simulatedStore(experiments: ["delivery-channel"])
    static func simulatedStore(experiments: [String], sessions: Int = 2, touches: Int = 40) throws -> ScratchFolder {
        let folder = try ScratchFolder()
        let simulate = ["simulate", "--sessions", String(sessions), "--touches", String(touches)]
            + experiments.flatMap { ["--experiment", $0] } + ["--out", "lab.jsonl"]
        for arguments in [simulate, ["import", "--db", "lab.sqlite", "lab.jsonl"]] {
            let result = try folder.run(arguments)
            guard result.status == 0 else { throw CommandFailure(message: result.standardError) }
        }
        return folder
    }
}
