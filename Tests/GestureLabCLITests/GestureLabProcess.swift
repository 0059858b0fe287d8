import Foundation
import TestScratch

/// Runs the built `gesturelab` binary, as a user or a script would.
struct GestureLabProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The binary `swift test` built beside the test bundle.
    static let executable: URL = {
        let directory = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let url = candidate.appending(path: "gesturelab")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return directory.appending(path: "gesturelab")
    }()

    static func run(_ arguments: [String], in directory: URL, standardInput: Data? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment.removeValue(forKey: "GESTURELAB_DB")
        processEnvironment.merge(environment) { $1 }
        process.environment = processEnvironment

        // Files rather than pipes: nothing can block on a full pipe.
        let outputURL = directory.appending(path: ".stdout-\(UUID().uuidString)")
        let errorURL = directory.appending(path: ".stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let standardInput {
            inputPipe.fileHandleForWriting.write(standardInput)
        }
        try inputPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        let output = try Data(contentsOf: outputURL)
        let errors = try Data(contentsOf: errorURL)
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: output, as: UTF8.self),
                      standardError: String(decoding: errors, as: UTF8.self))
    }
}

/// The package's own example capture.
let exampleCapturePath: String = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
        let candidate = directory.appending(path: "Examples/edge-deferral.jsonl")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
        directory.deleteLastPathComponent()
    }
    return "Examples/edge-deferral.jsonl"
}()

let smallCapture = """
    {"type":"header","format":"gesture-trace","version":1,"recorder":"CLI tests"}
    {"type":"session","session":"s1","experiment":"edge","variant":"off","config":{"deferred_edges":"none"},"device":{"model":"iPhone15,2","os":"iOS 17.5","screen_w":393,"screen_h":852}}
    {"type":"touch","session":"s1","touch":1,"phase":"began","t":1,"x":300,"y":840}
    {"type":"delivery","session":"s1","target":"record","event":"touchDown","via":"control-event","t":1.95}
    {"type":"delivery","session":"s1","target":"record","event":"touchDown","via":"control-event","t":0.5}

    """
