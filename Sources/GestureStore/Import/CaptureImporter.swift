import Foundation
import GRDB
import GestureTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Imports trace captures into a gesturelab database, each file whole or not at all.
///
/// A file is read once, streaming: its records are validated, inserted in a
/// single transaction and hashed on the way; its latencies are derived in the
/// same transaction. A refused file rolls back, so
/// nothing of it is stored. A file whose SHA-256 is already in the store
/// changes nothing.
///
///     let importer = CaptureImporter(database: database)
///     let summary = try importer.importCapture(path: "run1.jsonl")
///     print(summary.summaryLine)
package struct CaptureImporter: Sendable {
    /// The version written into each capture row.
    package static let toolVersion = "0.1.0"

    /// How far an import has got, for progress on a terminal.
    package struct Progress: Sendable {
        package var bytesRead: Int64
        /// The file's size, when it is a regular file.
        package var totalBytes: Int64?
        package var records: Int
    }

    package let database: GestureDatabase
    /// Memory bounds of the reading pass's derivation (tests shrink them).
    var streamingLimits = StreamingDeriver.Limits()
    /// Records a sorted run holds once the capture's order is given up on
    /// (`SortedRecordRun`; tests shrink it).
    var recordsPerSortedRun = SortedRecordRun.defaultRecords

    package init(database: GestureDatabase) {
        self.database = database
    }

    /// Imports one capture.
    ///
    /// - Parameters:
    ///   - path: the capture's path, or `-` for standard input.
    ///   - skipInvalid: store the valid lines of a file with invalid ones,
    ///     handing each refused line to `onRejection`, instead of refusing the file.
    ///   - labels: configuration keys added to every session of the file
    ///     (`import --label`); a session with such a key of another value is
    ///     an invalid line.
    ///   - onProgress: called every few thousand records.
    ///   - beforeCommit: called once the file is validated and stored, just
    ///     before its transaction commits; throwing rolls it back. An
    ///     interrupted import uses it to know whether the file was stored.
    /// - Throws: `TraceError` naming the file, line and field of the first
    ///   invalid line; `StoreError` when the file cannot be read or stored.
    package func importCapture(
        path: String,
        skipInvalid: Bool = false,
        labels: [(key: String, value: String)] = [],
        onRejection: (TraceReader.TraceRejection) throws -> Void = { _ in },
        onProgress: ((Progress) -> Void)? = nil,
        beforeCommit: () throws -> Void = {}
    ) throws -> ImportSummary {
        // Reset once the write lock is this import's: time spent waiting
        // behind another writer is not the import's (it made records/s
        // of a queued import look slow).
        var started = ContinuousClock.now
        let displayName = path == "-" ? "stdin" : path
        let fileDescriptor = try Self.open(path)
        defer { if fileDescriptor != STDIN_FILENO { close(fileDescriptor) } }
        let digest = CaptureDigest()
        let reader = TraceReader(fileDescriptor: fileDescriptor, name: displayName,
                                 options: .init(skipInvalid: skipInvalid, labels: labels))
        reader.onBytes = { digest.update($0) }

        var stored: StoredCapture
        do {
            stored = try database.connection.writeWithoutTransaction { db in
                // Every record row's session is a row this transaction has
                // just inserted, so checking each reference again is wasted
                // work (a seek per touch sample). SQLite only switches this
                // outside a transaction.
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
                var stored: StoredCapture?
                var startingCPU = 0.0
                try db.inTransaction(.immediate) {
                    started = ContinuousClock.now
                    startingCPU = ThreadCPUTime.seconds()
                    stored = try store(reader, db, path: path, displayName: displayName, digest: digest,
                                       onRejection: onRejection, onProgress: onProgress)
                    guard case .imported = stored!.outcome else { return .rollback }
                    try beforeCommit()
                    return .commit
                }
                stored!.cpuSeconds.inserting = ThreadCPUTime.seconds() - startingCPU
                return stored!
            }
        } catch let error as TraceError {
            stored = try importedBefore(refusedWith: error, fileDescriptor: fileDescriptor, digest: digest)
        } catch let error as DatabaseError {
            throw StoreError.storageFailure(error.extendedResultCode, file: database.path,
                                            message: error.message ?? "\(error.resultCode)") ?? error
        }

        return ImportSummary(
            displayName: displayName,
            outcome: stored.outcome,
            sha256: digest.hex,
            byteCount: digest.byteCount,
            recordCounts: stored.recordCounts,
            unknownTypeCounts: stored.unknownTypeCounts,
            rejectedCount: stored.rejectedCount,
            seconds: (ContinuousClock.now - started).seconds,
            derivationSeconds: stored.derivationSeconds,
            derivation: stored.derivation,
            cpuSeconds: stored.cpuSeconds,
            unknownTypeLinesNotNamed: stored.unknownTypeLinesNotNamed)
    }

    /// What storing one capture did, for its summary.
    private struct StoredCapture {
        var outcome: ImportSummary.Outcome
        var recordCounts: [String: Int] = [:]
        var unknownTypeCounts: [String: Int] = [:]
        var unknownTypeLinesNotNamed = 0
        var rejectedCount = 0
        var derivationSeconds = 0.0
        var derivation = ImportSummary.Derivation.whileReading
        var cpuSeconds = ImportSummary.ThreadSeconds()
    }

    /// Inside the import's transaction: the capture row, every record, the
    /// latencies, then the capture row's totals. Returns `alreadyImported`
    /// (for the caller to roll back) when the bytes turn out to be stored.
    private func store(_ reader: TraceReader, _ db: Database, path: String, displayName: String,
                       digest: CaptureDigest, onRejection: (TraceReader.TraceRejection) throws -> Void,
                       onProgress: ((Progress) -> Void)?) throws -> StoredCapture {
        let captureID = try insertCaptureRow(db, path: path, displayName: displayName)
        let inserter = try RecordInserter(db, captureID: captureID)
        // Reading runs on its own thread; `stop()` joins it before anything
        // here touches the reader or the digest again.
        let pipeline = RecordPipeline(reader: reader, limits: streamingLimits, idleWork: { digest.hashPending() })
        pipeline.start()
        defer { pipeline.stop() }
        let rejectedCount = try insertRecords(from: pipeline, with: inserter, totalBytes: reader.totalBytes,
                                              onRejection: onRejection, onProgress: onProgress)
        pipeline.stop()
        let (reader, readingPass, readingCPU) = pipeline.finished
        if let existing = try Self.capture(withDigest: digest.hex, db) {
            return StoredCapture(outcome: .alreadyImported(captureID: existing))
        }
        var stored = StoredCapture(outcome: .imported(captureID: captureID), recordCounts: reader.recordCounts,
                                   unknownTypeCounts: reader.unknownTypeCounts,
                                   unknownTypeLinesNotNamed: reader.unknownTypeLinesNotNamed, rejectedCount: rejectedCount)
        (stored.derivation, stored.derivationSeconds, stored.cpuSeconds.replaying) = try derive(
            db, captureID: captureID, displayName: displayName, readingPass: readingPass,
            inserter: inserter)
        stored.cpuSeconds.reading = readingCPU
        stored.derivationSeconds += try DispatchGroups.record(db, captureID: captureID)
        try finishCaptureRow(db, captureID: captureID, digest: digest, reader: reader, rejectedCount: rejectedCount)
        return stored
    }

    /// Inserts the pipeline's batches as they come, with the reading pass's
    /// latencies while they are exact. Returns the number of lines rejected.
    private func insertRecords(from pipeline: RecordPipeline, with inserter: RecordInserter, totalBytes: Int64?,
                               onRejection: (TraceReader.TraceRejection) throws -> Void,
                               onProgress: ((Progress) -> Void)?) throws -> Int {
        var rejectedCount = 0
        var items = 0
        var nextProgress = 0x4000
        // Once the reading pass gives up, the rest of its latencies are not
        // worth storing, and the records may come in any order: they go in
        // sorted runs.
        var storesDerived = true
        var run = SortedRecordRun(recordsPerRun: recordsPerSortedRun)
        while true {
            switch pipeline.next() {
            case .batch(let batch):
                if !batch.isDerivationExact { storesDerived = false }
                if storesDerived {
                    try inserter.insert(batch, derived: true)
                } else {
                    run.add(batch)
                    if run.isFull {
                        try inserter.insert(run.take(), derived: false)
                        Self.returnFreedMemory()
                    }
                }
                for rejection in batch.rejections {
                    rejectedCount += 1
                    try onRejection(rejection)
                }
                items += batch.itemCount
                if items >= nextProgress, let onProgress {
                    nextProgress = items + 0x4000
                    onProgress(Progress(bytesRead: batch.bytesRead, totalBytes: totalBytes, records: items))
                }
            case .failed(let error):
                throw error
            case .finished:
                if !run.isEmpty { try inserter.insert(run.take(), derived: false) }
                return rejectedCount
            }
        }
    }

    /// Hands the pages of freed memory back to the system: a capture out
    /// of time order frees a run's rows and text as the next is gathered,
    /// and the allocator otherwise keeps the holes they leave, so that the
    /// process grows by them while holding no more.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        // glibc's `malloc_trim`, which its Swift module does not show.
        guard let trim = mallocTrim else { return }
        _ = trim(0)
        #endif
    }

    #if canImport(Glibc)
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }
    #endif

    /// Keeps the reading pass's derived rows when it settled the whole
    /// capture; else derives them again from the stored records read back
    /// in time order, through the same deriver. Returns how, the seconds it
    /// took on this thread, and the CPU of the replay's deriving thread.
    ///
    /// Read in time order, with each touch-down a seek away, the deriver
    /// settles any capture the reader accepts; should one still defeat it,
    /// the file is refused whole (the caller's transaction rolls back)
    /// rather than stored with rows a second set of rules derived.
    private func derive(_ db: Database, captureID: Int64, displayName: String, readingPass: StreamingDeriver,
                        inserter: RecordInserter) throws
        -> (derivation: ImportSummary.Derivation, seconds: Double, replayCPUSeconds: Double) {
        let started = ContinuousClock.now
        guard let reason = readingPass.incompleteReason else {
            try inserter.settleHeldStarts()
            return (.whileReading, inserter.derivedSeconds + (ContinuousClock.now - started).seconds, 0)
        }
        let replayed = try StoredRecordReplay.derive(db, captureID: captureID, inserter: inserter,
                                                     limits: streamingLimits)
        if let replayReason = replayed.deriver.incompleteReason {
            throw StoreError("\(TerminalText.escaped(displayName)): refused: its latencies cannot be derived in "
                + "bounded memory: read as written, \(reason); read back in time order, \(replayReason); "
                + "nothing of it was stored")
        }
        try inserter.settleHeldStarts()
        return (.replayedInTimeOrder(reason: reason), (ContinuousClock.now - started).seconds,
                replayed.deriverCPUSeconds)
    }

    /// A file imported before with --skip-invalid is refused when read
    /// strictly; its bytes still say it is already here. Otherwise the
    /// refusal stands.
    private func importedBefore(refusedWith error: TraceError, fileDescriptor: Int32,
                                digest: CaptureDigest) throws -> StoredCapture {
        Self.drain(fileDescriptor) { digest.update($0) }
        guard let existing = try database.connection.read({ try Self.capture(withDigest: digest.hex, $0) }) else {
            throw error
        }
        return StoredCapture(outcome: .alreadyImported(captureID: existing))
    }

    private func insertCaptureRow(_ db: Database, path: String, displayName: String) throws -> Int64 {
        let fileName = path == "-" ? "stdin" : (path as NSString).lastPathComponent
        try db.execute(
            sql: """
                INSERT INTO capture (file_name, path, size_bytes, imported_at, tool_version, format_version)
                VALUES (?, ?, 0, ?, ?, ?)
                """,
            arguments: [fileName, displayName, Date().iso8601UTC, Self.toolVersion, TraceHeader.version])
        return db.lastInsertedRowID
    }

    /// The kinds whose records the capture row counts, each in a column
    /// `<kind>_count`; dropped events are counted per session instead.
    private static let countedKinds = TraceRecord.Kind.allCases.filter { $0 != .dropped }

    private func finishCaptureRow(_ db: Database, captureID: Int64, digest: CaptureDigest,
                                  reader: TraceReader, rejectedCount: Int) throws {
        let counts = reader.recordCounts
        let countColumns = Self.countedKinds.map { "\($0.name)_count = ?" }.joined(separator: ", ")
        try db.execute(
            sql: """
                UPDATE capture SET sha256 = ?, size_bytes = ?, recorder = ?, \(countColumns),
                    unknown_count = ?, rejected_count = ?
                WHERE id = ?
                """,
            arguments: StatementArguments([digest.hex, digest.byteCount, reader.header?.recorder] as [(any DatabaseValueConvertible)?]
                + Self.countedKinds.map { counts[$0.name] ?? 0 }
                + [reader.unknownTypeCounts.values.reduce(0, +) + reader.unknownTypeLinesNotNamed, rejectedCount,
                   captureID]))
    }

    private static func capture(withDigest digest: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM capture WHERE sha256 = ?", arguments: [digest])
    }

    /// Refuses a capture that cannot be read (missing, a folder, no
    /// permission) with the reason, before anything opens the database.
    ///
    /// A named pipe or a device is only asked whether it may be read: the
    /// import opens it once. Opening a pipe here and closing it would take
    /// its writer's end (the writer fails on its next write) and leave the
    /// import waiting for a writer that never comes.
    package static func checkReadable(path: String) throws {
        if path == "-" { return }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
            guard access(path, R_OK) == 0 else {
                throw StoreError("cannot read \(TerminalText.escaped(path)): \(String(cString: strerror(errno)))")
            }
            return
        }
        let fileDescriptor = try open(path)
        if fileDescriptor != STDIN_FILENO { close(fileDescriptor) }
    }

    private static func open(_ path: String) throws -> Int32 {
        if path == "-" { return STDIN_FILENO }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw StoreError("cannot import \(TerminalText.escaped(path)): it is a folder, not a capture file")
        }
        #if canImport(Glibc)
        let fileDescriptor = Glibc.open(path, O_RDONLY)
        #else
        let fileDescriptor = Darwin.open(path, O_RDONLY)
        #endif
        guard fileDescriptor >= 0 else {
            throw StoreError("cannot read \(TerminalText.escaped(path)): \(String(cString: strerror(errno)))")
        }
        return fileDescriptor
    }

    /// Reads the rest of a file, handing each chunk to `body`.
    private static func drain(_ fileDescriptor: Int32, _ body: (UnsafeRawBufferPointer) -> Void) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(fileDescriptor, buffer.baseAddress, buffer.count)
            if count > 0 {
                body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
