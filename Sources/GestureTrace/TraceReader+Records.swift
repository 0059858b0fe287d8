/// The record loop: decoding lines, ordering touches, and deciding which
/// refusal comes first.
extension TraceReader {
    /// Why `nextItem` stopped.
    enum ReadFailure: Error {
        /// The input could not be read.
        case input(TraceError)
        /// A record line was refused (strict mode only).
        case line(TraceError)
    }

    /// The next item; refusals become `.rejected` items when `skipping`.
    mutating func nextItem(skipping: Bool) throws(ReadFailure) -> Item? {
        while true {
            if readyIndex < ready.count {
                let item = ready[readyIndex]
                sessionOfLastItem = readySessions[readyIndex]
                readyIndex += 1
                if readyIndex == ready.count {
                    ready.removeAll(keepingCapacity: true)
                    readySessions.removeAll(keepingCapacity: true)
                    readyIndex = 0
                }
                return item
            }
            if isAtEnd { return nil }
            let next: LineSource.Line?
            do {
                next = try source.nextLine()
            } catch {
                throw .input(error)
            }
            guard let line = next else {
                try refuseHeldAtEnd(skipping: skipping)
                isAtEnd = true
                continue
            }
            // Before the blank test, which sees only the line's first
            // maxLineBytes: a long line may start with whitespace.
            if line.isTooLong {
                return try refuse(lineTooLong(line), text: line, skipping: skipping)
            }
            if Self.isBlank(line) { continue }
            let decoded: RecordDecoder.Decoded
            do {
                decoded = try decoder.decode(line)
            } catch {
                return try refuse(located(error, line: line, skipping: skipping), text: line, skipping: skipping)
            }
            switch decoded {
            case .record(let record, let session):
                switch record {
                case .touch(let touch):
                    switch try admit(touch, session: session, line: line, skipping: skipping) {
                    case .accept:
                        break
                    case .hold:
                        continue
                    case .refuse(let error):
                        return try refuse(error, text: line, skipping: skipping)
                    }
                case .target(let target):
                    // Returned first; the touch-downs it releases follow from `ready`.
                    for began in hits.declare(session: session, target: target.target) {
                        try release(began, skipping: skipping)
                    }
                default:
                    break
                }
                sessionOfLastItem = session
                return accept(record, line: line.number)
            case .unknownType(let type):
                let name = type.count > Self.unknownTypeNameLimit
                    ? String(type.prefix(Self.unknownTypeNameLimit)) + "…" : type
                if unknownTypes[name] != nil || unknownTypes.count < Self.namedUnknownTypes {
                    unknownTypes[name, default: 0] += 1
                } else {
                    otherUnknownTypeLines += 1
                }
            }
        }
    }

    /// Queues an item decided with another, with its session number.
    private mutating func readyAppend(_ item: Item, session: Int) {
        ready.append(item)
        readySessions.append(session)
    }

    private mutating func accept(_ record: TraceRecord, line: Int) -> Item {
        countsByType[Int(record.kind.rawValue)] += 1
        return .record(record, line: line)
    }

    /// A rejection item when skipping, else the error thrown.
    private mutating func refuse(_ error: TraceError, text line: LineSource.Line, skipping: Bool) throws(ReadFailure) -> Item {
        guard skipping else { throw .line(error) }
        sessionOfLastItem = -1
        return .rejected(TraceRejection(error: error, text: Array(UnsafeBufferPointer(start: line.bytes, count: line.count))))
    }

    /// What the touch rules say about one touch record.
    private enum Admission {
        case accept
        /// Held until its touch's `began` arrives.
        case hold
        case refuse(TraceError)
    }

    /// Applies the touch rules. A `began` also releases its touch's held
    /// records into `ready`.
    private mutating func admit(_ touch: TouchRecord, session: Int, line: LineSource.Line,
                                skipping: Bool) throws(ReadFailure) -> Admission {
        let key = TouchOrderTracker.Key(session: session, touch: touch.touch)
        guard touch.phase == .began else {
            // Raw text is only worth keeping when a rejection may have to show it.
            let text = options.skipInvalid && touches.down(of: key) == nil
                ? Array(UnsafeBufferPointer(start: line.bytes, count: line.count)) : []
            let verdict: TouchOrderTracker.Verdict
            do {
                verdict = try touches.admit(touch, key: key, line: line.number, text: text)
            } catch {
                throw spillFailed(error, line: line.number)
            }
            switch verdict {
            case .accept:
                return .accept
            case .hold:
                return .hold
            case .tooEarly(let down):
                return .refuse(tooEarly(touch, line: line.number, down: down))
            }
        }
        if let first = hits.heldLine(of: key) {
            return .refuse(secondBegan(touch, line: line.number, first: first))
        }
        if !hits.isSettled(touch.hit, session: session) {
            // Its target may be declared on a later line: held until then.
            let text = options.skipInvalid ? Array(UnsafeBufferPointer(start: line.bytes, count: line.count)) : []
            hits.hold(HitTargetTracker.Held(record: touch, session: session, line: line.number, text: text))
            return .hold
        }
        switch try admitBegan(key, nanos: touch.timeNanos, line: line.number) {
        case .failure(let duplicate):
            return .refuse(secondBegan(touch, line: line.number, first: duplicate.first.line))
        case .success(let released):
            try releaseHeld(released, session: session,
                            down: TouchOrderTracker.Down(nanos: touch.timeNanos, line: line.number), skipping: skipping)
            return .accept
        }
    }

    private mutating func admitBegan(_ key: TouchOrderTracker.Key, nanos: Int64, line: Int)
        throws(ReadFailure) -> Result<[TouchOrderTracker.Held], TouchOrderTracker.DuplicateBegan> {
        do {
            return try touches.admitBegan(key, nanos: nanos, line: line)
        } catch {
            throw spillFailed(error, line: line)
        }
    }

    /// The temporary file of held records failed: like an unreadable input,
    /// the import cannot go on, in either mode.
    private func spillFailed(_ failure: HeldRecordSpill.Failure, line: Int) -> ReadFailure {
        .input(TraceError(file: source.name, line: line, message: failure.message))
    }

    /// A touch's records that waited for its `began`, now that it has come.
    private mutating func releaseHeld(_ released: [TouchOrderTracker.Held], session: Int, down: TouchOrderTracker.Down,
                                      skipping: Bool) throws(ReadFailure) {
        for held in released {
            if held.record.timeNanos >= down.nanos {
                readyAppend(accept(.touch(held.record), line: held.line), session: session)
            } else {
                let error = tooEarly(held.record, line: held.line, down: down)
                guard skipping else { throw .line(error) }
                readyAppend(.rejected(TraceRejection(error: error, text: held.text)), session: -1)
            }
        }
    }

    /// A `began` whose `hit` target has just been declared, and the records
    /// of its touch that waited for it, into `ready` in that order.
    private mutating func release(_ began: HitTargetTracker.Held, skipping: Bool) throws(ReadFailure) {
        let key = TouchOrderTracker.Key(session: began.session, touch: began.record.touch)
        switch try admitBegan(key, nanos: began.record.timeNanos, line: began.line) {
        case .failure(let duplicate):
            // Not reached: a second began of a held touch is refused as it comes.
            let error = secondBegan(began.record, line: began.line, first: duplicate.first.line)
            guard skipping else { throw .line(error) }
            readyAppend(.rejected(TraceRejection(error: error, text: began.text)), session: -1)
        case .success(let released):
            readyAppend(accept(.touch(began.record), line: began.line), session: began.session)
            try releaseHeld(released, session: began.session,
                            down: TouchOrderTracker.Down(nanos: began.record.timeNanos, line: began.line),
                            skipping: skipping)
        }
    }

    private func secondBegan(_ touch: TouchRecord, line: Int, first: Int) -> TraceError {
        TraceError(file: source.name, line: line, field: "phase",
                   message: "found a second began for touch \(touch.touch) of session \(Self.quoted(touch.session)) (the first is on line \(first)); expected one began per touch")
    }

    private func tooEarly(_ touch: TouchRecord, line: Int, down: TouchOrderTracker.Down) -> TraceError {
        TraceError(file: source.name, line: line, field: "t",
                   message: "found \(TraceTime.secondsText(touch.timeNanos)), earlier than the began of touch \(touch.touch) of session \(Self.quoted(touch.session)) at \(TraceTime.secondsText(down.nanos)) (line \(down.line)); expected no record of a touch before its began")
    }

    /// At the end, touch-downs whose `hit` names a target the session never
    /// declares are refused, and so are the records of touches that never
    /// got an accepted `began`, in file order.
    private mutating func refuseHeldAtEnd(skipping: Bool) throws(ReadFailure) {
        var refusals: [TraceRejection] = []
        for began in hits.drainHeld() {
            let hit = began.record.hit ?? ""
            let error = TraceError(file: source.name, line: began.line, field: "hit",
                                   message: "found \(Self.quoted(hit)), which no target record of session \(Self.quoted(began.record.session)) declares; expected the id of a declared target, or \"\" when the hit-test chose none of them")
            refusals.append(TraceRejection(error: error, text: began.text))
        }
        let drained: [TouchOrderTracker.Held]
        let firstHeld = touches.firstHeldLine ?? 0
        do {
            drained = try touches.drainHeld()
        } catch {
            throw spillFailed(error, line: firstHeld)
        }
        for held in drained {
            let error = TraceError(file: source.name, line: held.line, field: "touch",
                                   message: "touch \(held.record.touch) of session \(Self.quoted(held.record.session)) has no began record; expected one began per touch")
            refusals.append(TraceRejection(error: error, text: held.text))
        }
        refusals.sort { $0.error.line < $1.error.line }
        for refusal in refusals {
            guard skipping else { throw .line(refusal.error) }
            readyAppend(.rejected(refusal), session: -1)
        }
    }

    /// Strict mode throws the first refusal in file order. A held record on
    /// an earlier line than `error` may still turn out refused (its `began`
    /// is later and later than it, or missing), so in that case the rest of
    /// the input is read to settle it; otherwise `error` is first.
    mutating func firstErrorInFileOrder(_ error: TraceError) -> TraceError {
        let firstHeld = [touches.firstHeldLine, hits.firstHeldLine].compactMap { $0 }.min()
        guard let firstHeld, firstHeld < error.line else { return error }
        var earliest = error
        while true {
            let item: Item?
            do {
                item = try nextItem(skipping: true)
            } catch {
                break  // unreadable input: the refusal already found stands
            }
            guard let item else { break }
            if case .rejected(let rejection) = item, rejection.error.line < earliest.line {
                earliest = rejection.error
            }
        }
        return earliest
    }

    /// The refusal of a decoded line, saying so when the line is the cut
    /// end of the capture: the last line, without a line end, not parsing.
    /// A recorder that stops mid-write leaves exactly that, and every line
    /// before it is whole, so `--skip-invalid` is the way to import them.
    mutating func located(_ problem: LineProblem, line: LineSource.Line, skipping: Bool) -> TraceError {
        guard !line.hasLineEnd, !decoder.parses(line) else {
            return problem.located(file: source.name, line: line.number)
        }
        let advice = skipping ? "" : "; import with --skip-invalid to keep every complete line"
        return TraceError(file: source.name, line: line.number,
                          message: "the capture appears cut off: its last line has no line end and does not parse (\(problem.message)), as when the app stops while recording\(advice)")
    }

    func lineTooLong(_ line: LineSource.Line) -> TraceError {
        TraceError(file: source.name, line: line.number,
                   message: "line is longer than \(options.maxLineBytes) bytes (maxLineBytes); expected one record per line")
    }

    /// Whether a line holds only JSON whitespace.
    static func isBlank(_ line: LineSource.Line) -> Bool {
        for index in 0..<line.count {
            let byte = line.bytes[index]
            if byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A { return false }
        }
        return true
    }

    static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { "\"\(RecordDecoder.display($0))\"" }
    }
}
