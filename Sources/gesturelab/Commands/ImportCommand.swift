import ArgumentParser
import Foundation
import GestureStore
import GestureTrace

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import trace captures, each file whole or not at all.",
        discussion: """
            Each file is validated and stored in one transaction: a file with an invalid
            line is refused with FILE:LINE and the field, and nothing of it is stored.
            A file whose bytes were imported before (same SHA-256) changes nothing.
            One summary line per file goes to standard error. A capture cut off
            mid-line (the app stopped while recording) is refused; --skip-invalid
            keeps every complete line. Lines of an unknown type are skipped with a
            warning that counts them. A named pipe is read like a file, once.

            --rejects FILE is emptied when the import starts and written as lines are
            read, in place (a symbolic link or /dev/null stays what it is): an import
            killed or interrupted leaves the rejects of the lines it had read, whole
            lines each.

            Queries keep answering meanwhile, with the last committed state. A second
            import into the same database waits for this one to end, however long, and
            says once that it is waiting. Ctrl-C (or SIGTERM) says which file it cut
            short (nothing of it stored) and which were stored before; exit status 130
            (143). A killed import stores nothing of the file it was reading. When a
            file is refused, the others are still imported, and the exit status is 1.

            --label KEY=VALUE (repeatable) adds KEY to the configuration of every session
            of the files, as if the capture had recorded it: say which build, participant
            or device a capture came from when its recorder did not, then split or filter
            on it (compare --by KEY, --where KEY=VALUE). A session that already has KEY
            with another value is an invalid line. KEY may not name what a session has
            already (variant, device.model, app.build, …) or via, event, region, target
            or recognizer. A file imported before is not labelled again: identity is its
            bytes.

            Examples:
              gesturelab import run1.jsonl run2.jsonl
              gesturelab import --label build=41 --label participant=p07 run4.jsonl
              cat run3.jsonl | gesturelab import -
              gesturelab import --skip-invalid --rejects rejects.txt damaged.jsonl
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Store the valid lines of a file with invalid ones, reporting each refused line.")
    var skipInvalid = false

    @Option(help: ArgumentHelp(
        "With --skip-invalid, also write each refused line to this file: FILE:LINE: reason, a tab, the line.",
        valueName: "file"))
    var rejects: String?

    @Option(help: ArgumentHelp("Add KEY=VALUE to the config of every session of these files (repeatable).",
                               valueName: "key=value"))
    var label: [String] = []

    @Argument(help: ArgumentHelp("Capture files (gesture-trace JSON Lines); - reads standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if rejects != nil, !skipInvalid {
            throw ValidationError("--rejects needs --skip-invalid: without it an invalid line refuses the whole file.")
        }
        _ = try SessionLabel.parse(label)
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("standard input (-) can be named only once.")
        }
    }

    func run() throws {
        let databasePath = database.resolvedLocation
        let names = files.map(Self.displayName)
        let interruption = ImportInterruption.install(databasePath: databasePath, files: names)
        // Opened at the first readable file: importing only missing files
        // creates no database.
        var store: GestureDatabase?
        defer { try? store?.close() }
        let rejectsFile = try rejects.map { path in
            try RejectsFile(path: path, keepingApart: files.filter { $0 != "-" }.map { ($0, "the capture") }
                + RejectsFile.databaseFiles(databasePath))
        }
        let labels = try SessionLabel.parse(label)
        var failures = 0
        for (file, name) in zip(files, names) {
            let progress = ProgressLine()
            interruption.begin(name)
            var stored = false
            defer { interruption.end(name, stored: stored) }
            func refused(_ error: Error) {
                progress.clear()
                StandardErrorWriter.line("\(error)")
                StandardErrorWriter.line("\(name): not imported; nothing of it was stored")
                failures += 1
            }
            do {
                try CaptureImporter.checkReadable(path: file)
            } catch {
                refused(error)
                continue
            }
            // A database that must not be touched ends the command, as before any file.
            if store == nil { store = try database.openForWriting() }
            do {
                let summary = try CaptureImporter(database: store!).importCapture(
                    path: file,
                    skipInvalid: skipInvalid,
                    labels: labels,
                    onRejection: { rejection in
                        progress.clear()
                        StandardErrorWriter.line("\(rejection.error) (line skipped)")
                        try rejectsFile?.write(rejection)
                    },
                    onProgress: { state in
                        progress.update(Self.progressText(file: file, state))
                    },
                    beforeCommit: interruption.beforeCommit)
                stored = true
                progress.clear()
                if let warning = summary.unknownTypesWarning { StandardErrorWriter.line(warning) }
                StandardErrorWriter.line(summary.summaryLine)
                if case .alreadyImported = summary.outcome, !labels.isEmpty {
                    // Identity is the bytes: the sessions keep the labels of their first import.
                    StandardErrorWriter.line("\(name): --label not applied: a capture is labelled when first imported")
                }
            } catch {
                refused(error)
            }
        }
        try rejectsFile?.close()
        try store?.close()
        if failures > 0 {
            throw ExitCode.failure
        }
    }

    /// The file as messages name it: `stdin` for `-`, control characters escaped.
    private static func displayName(_ file: String) -> String {
        file == "-" ? "stdin" : TerminalText.escaped(file)
    }

    private static func progressText(file: String, _ state: CaptureImporter.Progress) -> String {
        let file = TerminalText.escaped(file)
        let megabytes = Double(state.bytesRead) / 1_048_576
        if let total = state.totalBytes, total > 0 {
            let percent = Int(Double(state.bytesRead) / Double(total) * 100)
            return "importing \(file): \(percent)% (\(String(format: "%.0f", megabytes)) MB, \(state.records.grouped) records)"
        }
        return "importing \(file): \(String(format: "%.0f", megabytes)) MB, \(state.records.grouped) records"
    }
}
