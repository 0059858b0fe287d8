import Foundation
import GestureRecorder
import UIKit

/// The app's one recorder: a recording file per run of screens, a session
/// per start on a screen, and the counts the screens show.
@MainActor
final class Probe {
    let window: ProbeWindow
    let recorder = GestureRecorder(options: .init(recorderName: "GestureProbe 1.0"))
    /// The recording's drops when the current session began: the recorder
    /// counts drops per recording, a screen shows them per session.
    private var dropsBeforeSession = 0
    /// The id of the session running, or nil between sessions.
    private(set) var sessionID: String?

    init(window: ProbeWindow) {
        self.window = window
    }

    /// Starts `session`: in the recording running, or in a new file in
    /// `GestureRecorder.defaultFolder()` (Documents/GestureTraces).
    func begin(_ session: RecordingSession) throws(RecorderError) {
        if recorder.isRecording {
            try recorder.beginSession(session)
        } else {
            _ = try recorder.start(session, in: GestureRecorder.defaultFolder())
        }
        dropsBeforeSession = recorder.statistics.droppedEvents
        sessionID = session.id
        window.resetTouchCount()
    }

    /// Ends the session running, if any; the recording stays open for the next.
    func endSession() {
        guard sessionID != nil else { return }
        recorder.endSession()
        sessionID = nil
    }

    /// Touches begun and events dropped in the current session.
    var sessionCounts: (touches: Int, drops: Int) {
        (window.touchCount, recorder.statistics.droppedEvents - dropsBeforeSession)
    }

    /// Finishes the recording running, so its file is complete, and returns
    /// every capture in the folder, newest first.
    func finishAndListCaptures() throws -> [URL] {
        endSession()
        if recorder.isRecording {
            _ = try recorder.finish()
        }
        let folder = try GestureRecorder.defaultFolder()
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        return files.filter { $0.pathExtension == "jsonl" }.sorted { $0.lastPathComponent > $1.lastPathComponent }
    }

    /// A new session of `experiment` for the device this window is on, ids unique across runs.
    func session(experiment: String, variant: String) -> RecordingSession {
        RecordingSession(id: "\(experiment)-\(UUID().uuidString.prefix(8).lowercased())", experiment: experiment,
                         variant: variant, device: .current(in: window))
    }
}
