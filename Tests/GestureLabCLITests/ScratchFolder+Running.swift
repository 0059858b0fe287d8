import Foundation
import TestScratch

extension ScratchFolder {
    /// Runs `gesturelab` with the folder as its working directory.
    func run(_ arguments: [String], standardInput: Data? = nil,
             environment: [String: String] = [:]) throws -> GestureLabProcess.Result {
        try GestureLabProcess.run(arguments, in: url, standardInput: standardInput, environment: environment)
    }
}
