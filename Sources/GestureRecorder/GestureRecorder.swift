@_exported import GestureTrace
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Records `gesture-trace` captures in an app while people use it.
///
/// The app's thread only hands small values to a bounded buffer; a
/// background thread encodes and writes them. When the buffer is full,
/// events are dropped and counted (a `dropped` record), never waited for.
/// Complete lines reach the file at least every `flushInterval` and on
/// ``flush(timeout:)``. Misuse never traps: starting twice, a second
/// session with the same id or an unusable folder throw a ``RecorderError``;
/// events outside a session are ignored and counted.
///
/// ```swift
/// let recorder = GestureRecorder()
/// let button = recorder.name("record-button")
/// let url = try recorder.start(RecordingSession(id: "run-1", experiment: "edge-deferral", variant: "deferred",
///                                               config: ["deferred_edges": .string("bottom+right")]),
///                              in: GestureRecorder.defaultFolder())
/// recorder.touch(1, .began, at: RecorderTime(seconds: touch.timestamp), x: 370, y: 820)
/// recorder.delivery(button, event: recorder.name("touchDown"), via: .controlEvent, at: .now, touch: 1)
/// let summary = try recorder.finish()     // summary.url: the capture to share
/// ```
public final class GestureRecorder: Sendable {
    /// What the recorder does when the app produces events faster than it writes.
    public enum FullBufferPolicy: Sendable {
        /// Discard the event and count it: what an app wants.
        case drop
        /// Wait for the writer: for offline writers that must keep every
        /// record (a simulator, a converter), never for an app's main thread.
        case wait
    }

    public struct Options: Sendable {
        /// Events the buffer holds (rounded up to a power of two).
        public var capacity: Int
        /// How often complete lines are made to reach the file, at most 0.25 s.
        public var flushInterval: TimeInterval
        public var whenFull: FullBufferPolicy
        /// The header's `recorder` text, e.g. `MyApp 2.3`.
        public var recorderName: String?

        public init(capacity: Int = 16_384, flushInterval: TimeInterval = 0.1, whenFull: FullBufferPolicy = .drop,
                    recorderName: String? = "GestureRecorder") {
            self.capacity = max(2, capacity)
            self.flushInterval = min(max(flushInterval, 0.001), 0.25)
            self.whenFull = whenFull
            self.recorderName = recorderName
        }
    }

    public let options: Options
    let ring: EventRing
    /// The touch ids of every recording on this recorder (``newTouchID()``).
    let touchIDs = TouchIDCounter()
    private let lifecycle = NSLock()
    nonisolated(unsafe) private var currentURL: URL?

    public init(options: Options = Options()) {
        self.options = options
        ring = EventRing(capacity: options.capacity, waitsWhenFull: options.whenFull == .wait)
    }

    deinit {
        // A recorder let go while recording still closes its file whole,
        // and its writer thread ends.
        ring.stop()
    }

    /// A handle for a recognizer, target, event or class name, to pass to
    /// the recording methods. Register names once (when observing), not per event.
    public func name(_ text: String) -> RecorderName {
        ring.register(text)
    }

    /// A touch id no other touch of this recorder has: what
    /// `UIKitRecording` gives each `began`, shared by every recording on
    /// the recorder (two windows' touches never share an id). An app that
    /// calls ``touch(_:_:at:x:y:radius:force:kind:hit:)`` itself beside a
    /// UIKit recording takes its ids here too. Safe from any thread.
    public func newTouchID() -> Int64 {
        touchIDs.take()
    }

    /// The app's `Documents/GestureTraces` folder, created if missing: visible
    /// in the Files app when the app sets `UIFileSharingEnabled`.
    public static func defaultFolder() throws(RecorderError) -> URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        let folder = documents.appendingPathComponent("GestureTraces", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RecorderError(.folderUnwritable, "cannot create \(folder.path): \(error.localizedDescription)")
        }
        return folder
    }

    // MARK: Recordings

    /// Starts a recording into a new file in `folder` (which must exist),
    /// named so that a folder of captures sorts by time, and starts its first session.
    /// A call that throws leaves no file behind.
    ///
    /// - Returns: the capture's URL.
    @discardableResult
    public func start(_ session: RecordingSession, in folder: URL) throws(RecorderError) -> URL {
        let record = try Self.validated(session)
        lifecycle.lock()
        defer { lifecycle.unlock() }
        // Refused before the folder is touched: a second start must not
        // leave a header-only capture beside the running one.
        try refuseIfRecording()
        let (writer, url) = try Self.newCapture(in: folder, sessionID: session.id, recorderName: options.recorderName)
        do {
            try startLocked(writer: writer, url: url)
            try ring.beginSession(record)
        } catch {
            // Cannot happen once refuseIfRecording passed and the session
            // was validated; if it did, the recording is undone, file and all.
            ring.stop()
            currentURL = nil
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return url
    }

    /// Creates the capture file with its header: the folder checked, the
    /// name made unique.
    private static func newCapture(in folder: URL, sessionID: String,
                                   recorderName: String?) throws(RecorderError) -> (TraceWriter, URL) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw RecorderError(.folderMissing, "cannot record into \(folder.path): no such folder")
        }
        guard access(folder.path, W_OK) == 0 else {
            throw RecorderError(.folderUnwritable, "cannot record into \(folder.path): the folder is not writable")
        }
        let now = Date()
        var url = folder.appendingPathComponent(CaptureFileName.make(date: now, sessionID: sessionID))
        var suffix = 2
        while FileManager.default.fileExists(atPath: url.path) {
            let base = CaptureFileName.make(date: now, sessionID: sessionID).dropLast(".jsonl".count)
            url = folder.appendingPathComponent("\(base)-\(suffix).jsonl")
            suffix += 1
        }
        do {
            return (try TraceWriter(path: url.path, header: TraceHeader(recorder: recorderName)), url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw RecorderError(.folderUnwritable, "cannot record into \(folder.path): \(error)")
        }
    }

    /// Starts a recording through a writer the caller made (a pipe, a
    /// handle, a file with its own header); sessions come with ``beginSession(_:)``.
    public func start(writingTo writer: TraceWriter) throws(RecorderError) {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        try startLocked(writer: writer, url: nil)
    }

    /// With `lifecycle` held.
    private func refuseIfRecording() throws(RecorderError) {
        if isRecording { throw EventRing.alreadyRecording }
    }

    /// With `lifecycle` held.
    private func startLocked(writer: TraceWriter, url: URL?) throws(RecorderError) {
        try ring.open()
        currentURL = url
        RecordingWriter(ring: ring, writer: writer, flushInterval: options.flushInterval).start()
    }

    /// Ends the current session, if any, and starts another in the same
    /// file (the next variant of a run, say).
    public func beginSession(_ session: RecordingSession) throws(RecorderError) {
        try ring.beginSession(try Self.validated(session))
    }

    /// Ends the current session: events are ignored until the next one starts.
    public func endSession() {
        ring.endSession()
    }

    /// Makes every line handed over so far complete in the file, waiting
    /// up to `timeout` seconds. Call it when the app goes to the background.
    ///
    /// - Returns: false when nothing is recording, writing failed, or the time ran out.
    @discardableResult
    public func flush(timeout: TimeInterval = 1) -> Bool {
        ring.flush(timeout: timeout)
    }

    /// Writes out everything, closes the file and reports what was recorded.
    public func finish() throws(RecorderError) -> RecordingSummary {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        guard ring.isRecording else {
            throw RecorderError(.notRecording, "nothing to finish: no recording is running")
        }
        ring.stop()
        let summary = summary(url: currentURL)
        if let failure = ring.failure { throw failure }
        return summary
    }

    /// The current (or last) recording's file, to share it.
    public var url: URL? {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        return currentURL
    }

    /// Counts of the current (or last) recording so far.
    public var statistics: RecordingSummary {
        summary(url: url)
    }

    private func summary(url: URL?) -> RecordingSummary {
        ring.condition.lock()
        defer { ring.condition.unlock() }
        return RecordingSummary(url: url, recordsWritten: ring.writtenCount, droppedEvents: ring.droppedCount,
                                ignoredEvents: ring.ignoredCount)
    }

    /// Whether a recording is running.
    public var isRecording: Bool {
        ring.condition.lock()
        defer { ring.condition.unlock() }
        return ring.isRecording
    }

    /// The session as a record, or why the format could not hold it.
    static func validated(_ session: RecordingSession) throws(RecorderError) -> SessionRecord {
        let record = session.record(now: Date())
        for (field, value) in [("id", record.id), ("experiment", record.experiment), ("variant", record.variant)]
            where value.isEmpty {
            throw RecorderError(.invalidSession, "cannot start a session with an empty \(field)")
        }
        for (key, value) in record.config {
            if case .number(let number) = value, !number.isFinite {
                throw RecorderError(.invalidSession, "cannot start session \"\(record.id)\": config \(key) is \(number)")
            }
        }
        if let device = record.device,
           [device.screenWidth, device.screenHeight, device.scale].contains(where: { $0.map { !$0.isFinite } ?? false }) {
            throw RecorderError(.invalidSession, "cannot start session \"\(record.id)\": a device number is not finite")
        }
        return record
    }
}

/// What a recording wrote, dropped and ignored.
public struct RecordingSummary: Sendable, Equatable {
    /// The capture file; nil when the recording went to a caller's writer.
    public var url: URL?
    /// Lines written after the header: sessions, events and `dropped` records.
    public var recordsWritten: Int
    /// Events discarded because the buffer was full (in `dropped` records).
    public var droppedEvents: Int
    /// Events recorded outside a session, which have nowhere to go.
    public var ignoredEvents: Int
}
