import GestureTrace

/// The deriver's results as rows of this batch.
///
/// A record settled as it is read is the last delivery or transition of the
/// batch, and the derived row shares that row's text: no string is copied
/// twice on the hot path. A record settled later (the reorder window held
/// it, or it named a touch before that touch's `began`) shares its row's
/// text when the row is in this batch; otherwise its row went out in a batch
/// already sent, so its strings are copied into this one. A capture's line names one record, so
/// matching lines means the row is the record's.
extension ImportBatch: DerivedLatencySink {
    mutating func add(_ response: DerivedResponse) {
        let key = response.key
        let text = deliveryText(line: response.line, target: key.target.string, event: key.event.string,
                                via: key.via.string)
        let row = ResponseRow(session: key.session, touch: key.touch, target: text.target, event: text.event,
                              via: text.via, timeNanos: response.timeNanos, downNanos: response.downNanos,
                              line: response.line, region: response.region)
        if response.mayBeStored {
            upsertedResponses.append(row)
        } else {
            responses.append(row)
        }
    }

    mutating func add(_ recognition: DerivedRecognition) {
        let key = recognition.key
        let recognizer: TextRange
        let recognizerClass: TextRange?
        if let index = Self.index(of: recognition.line, in: transitions, line: \.line) {
            (recognizer, recognizerClass) = (transitions[index].recognizer, transitions[index].recognizerClass)
        } else {
            (recognizer, recognizerClass) = (text(key.recognizer.string), text(recognition.recognizerClass))
        }
        let row = RecognitionRow(session: key.session, touch: key.touch, recognizer: recognizer,
                                 recognizerClass: recognizerClass, state: recognition.state,
                                 timeNanos: recognition.timeNanos, downNanos: recognition.downNanos,
                                 line: recognition.line, region: recognition.region)
        if recognition.mayBeStored {
            upsertedRecognitions.append(row)
        } else {
            recognitions.append(row)
        }
    }

    mutating func add(_ dispatch: DerivedDispatch) {
        let text = deliveryText(line: dispatch.line, target: dispatch.target, event: dispatch.event,
                                via: dispatch.via)
        dispatches.append(DispatchRow(session: dispatch.session, timeNanos: dispatch.timeNanos, line: dispatch.line,
                                      target: text.target, event: text.event, via: text.via, touch: dispatch.touch,
                                      transitionNanos: dispatch.transitionNanos, region: dispatch.region))
    }

    mutating func add(_ start: DerivedTouchStart) {
        let outcome = start.outcome
        touchStarts.append(TouchStartRow(
            session: start.session, touch: start.touch, target: text(start.target),
            startEvent: text(outcome.start.name.string), startNanos: outcome.start.nanos,
            startLine: outcome.start.line, cancelEvent: text(outcome.cancel?.name.string),
            cancelNanos: outcome.cancel?.nanos, cancelLine: outcome.cancel?.line))
    }

    mutating func add(_ held: HeldStartEvent) {
        heldStarts.append(HeldStartRow(session: held.session, touch: held.touch, target: text(held.target),
                                       role: held.event.role, event: text(held.event.name.string),
                                       timeNanos: held.event.nanos, line: held.event.line))
    }

    mutating func add(_ outcome: DerivedOutcome) {
        outcomes.append(OutcomeRow(session: outcome.session, touch: outcome.touch, target: text(outcome.target),
                                   distance: outcome.distance, insideFrame: outcome.insideFrame,
                                   insideHitArea: outcome.insideHitArea, reached: outcome.reached,
                                   targetLine: outcome.targetLine))
    }

    mutating func addOrphans(session: Int, deliveries: Int, transitions: Int) {
        orphans.append(OrphanRow(session: session, deliveries: deliveries, transitions: transitions))
    }

    /// The delivery at `line` as text of this batch: its row's, when the
    /// row is in this batch, else copied.
    private mutating func deliveryText(line: Int, target: String, event: String,
                                       via: String) -> (target: TextRange, event: TextRange, via: TextRange) {
        if let index = Self.index(of: line, in: deliveries, line: \.line) {
            let stored = deliveries[index]
            return (stored.target, stored.event, stored.via)
        }
        return (text(target), text(event), text(via))
    }

    /// The row of `line` among a batch's rows, if it is there. Rows go in
    /// as they are read, so their lines rise (but for the few records the
    /// reader held for their touch-down): the last row answers a record
    /// settled as it is read, a binary search one the reorder window held
    /// back, and a miss only costs a copy of its text.
    @inline(__always)
    private static func index<Row>(of line: Int, in rows: [Row], line lineOf: (Row) -> Int) -> Int? {
        guard let last = rows.last else { return nil }
        if lineOf(last) == line { return rows.count - 1 }
        guard lineOf(last) > line else { return nil }
        var low = 0
        var high = rows.count - 1
        while low < high {
            let middle = (low + high) / 2
            if lineOf(rows[middle]) < line { low = middle + 1 } else { high = middle }
        }
        return lineOf(rows[low]) == line ? low : nil
    }
}
