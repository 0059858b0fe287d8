import Testing
@testable import GestureRecorder

/// The writer's rule for touch events whose `began` is not in their
/// session: dropped only when the full buffer lost that `began`, ignored
/// when the touch began before the session.
struct TouchAdmissionTests {
    enum Setup: String, CaseIterable, CustomTestStringConvertible {
        /// The `began` was written in this session.
        case beganHere
        /// The `began` was written in the previous session (a finger down across `beginSession`).
        case beganInPreviousSession
        /// No `began` ever reached the writer (the touch began before `start`).
        case neverBegan
        /// The full buffer dropped the `began` in this session.
        case beganDropped
        /// The full buffer dropped the `began` in the previous session.
        case beganDroppedInPreviousSession
        /// More `began`s were dropped in this session than the ring could name.
        case untrackedDropsHere
        /// Untracked drops in an earlier session only.
        case untrackedDropsEarlier

        var testDescription: String { rawValue }
    }

    static let cases: [(Setup, TouchAdmission.Verdict)] = [
        (.beganHere, .write),
        (.beganInPreviousSession, .ignore),
        (.neverBegan, .ignore),
        (.beganDropped, .drop),
        (.beganDroppedInPreviousSession, .ignore),
        (.untrackedDropsHere, .drop),
        (.untrackedDropsEarlier, .ignore),
    ]

    @Test(arguments: cases, [TouchPhase.moved, .stationary, .ended, .cancelled])
    func aLaterPhaseIsWrittenDroppedOrIgnoredByWhereItsBeganWent(
        _ testCase: (setup: Setup, verdict: TouchAdmission.Verdict), phase: TouchPhase) {
        var admission = TouchAdmission()
        let touch: Int64 = 7
        admission.sessionStarted(0)
        switch testCase.setup {
        case .beganHere:
            admission.sessionStarted(1)
            #expect(admission.admit(session: 1, touch: touch, phase: .began) == .write)
        case .beganInPreviousSession:
            #expect(admission.admit(session: 0, touch: touch, phase: .began) == .write)
            admission.sessionStarted(1)
        case .neverBegan:
            admission.sessionStarted(1)
        case .beganDropped:
            admission.noteDropped(EventRing.DroppedBegan(session: 1, touch: touch))
            admission.sessionStarted(1)
        case .beganDroppedInPreviousSession:
            admission.noteDropped(EventRing.DroppedBegan(session: 0, touch: touch))
            admission.sessionStarted(1)
        case .untrackedDropsHere:
            admission.sessionStarted(1)
            admission.noteUntracked(from: 1, through: 1)
        case .untrackedDropsEarlier:
            admission.noteUntracked(from: 0, through: 0)
            admission.sessionStarted(1)
        }
        #expect(admission.admit(session: 1, touch: touch, phase: phase) == testCase.verdict)
    }

    @Test func anEndedTouchIsClosedSoItsStrayLaterPhasesAreNotWritten() {
        var admission = TouchAdmission()
        admission.sessionStarted(0)
        #expect(admission.admit(session: 0, touch: 1, phase: .began) == .write)
        #expect(admission.admit(session: 0, touch: 1, phase: .ended) == .write)
        #expect(admission.admit(session: 0, touch: 1, phase: .moved) == .ignore)
    }

    /// Past the ring's list of dropped `began`s, the session is marked
    /// instead; the app's side still allocates nothing.
    @Test func theRingNamesDroppedBegansUpToItsLimitThenMarksTheSession() throws {
        let ring = EventRing(capacity: 2, waitsWhenFull: false)
        try ring.open()
        try ring.beginSession(SessionRecord(id: "s", experiment: "e", variant: "v"))
        ring.push(RecorderEvent(kind: .frame, timeNanos: 1))  // full now
        let began = TouchPhase.began.code
        for touch in 1...1_100 as ClosedRange<Int64> {
            ring.push(RecorderEvent(kind: .touch, code: began, touch: touch, timeNanos: touch, x: 1, y: 1))
        }
        ring.push(RecorderEvent(kind: .touch, code: TouchPhase.moved.code, touch: 5, timeNanos: 2_000,
                                x: 1, y: 1))
        var events: [RecorderEvent] = []
        let batch = ring.take(into: &events, waitingUpTo: 0)
        #expect(batch.droppedBegans.count == 1_024)
        #expect(batch.droppedBegans.first == EventRing.DroppedBegan(session: 0, touch: 1))
        #expect(batch.untrackedSince == 0)
        #expect(ring.droppedCount == 1_101)
        // Reported once: the next batch starts afresh.
        let next = ring.take(into: &events, waitingUpTo: 0)
        #expect(next.droppedBegans.isEmpty && next.untrackedSince == nil)
    }
}
