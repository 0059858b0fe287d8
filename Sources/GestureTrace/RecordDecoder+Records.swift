/// The fields of each record type (docs/capture-format.md), checked in the
/// order the format's table lists them.
extension RecordDecoder {
    private static let phases = table(TouchPhase.self)
    private static let kinds = table(TouchKind.self)
    private static let states = table(RecognizerState.self)
    private static let supported = "supported: gesture-trace version 1"

    mutating func header() throws(LineProblem) -> TraceHeader {
        let formatMember = try requiredMember(.format, expected: "\"gesture-trace\" (\(Self.supported))")
        guard formatMember.kind == .string, FieldKey.equals(stringBytes(formatMember), "gesture-trace") else {
            throw LineProblem(field: "format", "unsupported format \(found(formatMember)); \(Self.supported)")
        }
        let versionMember = try requiredMember(.version, expected: "1 (\(Self.supported))")
        guard versionMember.kind == .number,
              (try? JSONNumber.integer(base + versionMember.valueStart,
                                       count: versionMember.valueEnd - versionMember.valueStart)) == 1 else {
            throw LineProblem(field: "version", "unsupported version \(found(versionMember)) of gesture-trace; \(Self.supported)")
        }
        let recorder = try optionalString(.recorder).map { String(decoding: $0, as: UTF8.self) }
        return TraceHeader(recorder: recorder)
    }

    mutating func session(line: Int) throws(LineProblem) -> Decoded {
        let idBytes = try requiredString(.session, expected: "a non-empty string (the session id)")
        if let existing = sessions.index(of: idBytes) {
            throw LineProblem(field: "session", "duplicate session id \"\(Self.display(idBytes))\": already declared on line \(sessionLines[existing]); expected an id unique in the file")
        }
        let experiment = String(decoding: try requiredString(.experiment), as: UTF8.self)
        let variant = String(decoding: try requiredString(.variant), as: UTF8.self)
        let config = try labelled(configuration())
        let device = try deviceInfo()
        let app = try appInfo()
        let startedAt = try optionalString(.startedAt).map { String(decoding: $0, as: UTF8.self) }
        // Only a session that passed every check is declared.
        let index = declareSession(idBytes, line: line)
        let record = SessionRecord(id: sessions.strings[index], experiment: experiment, variant: variant,
                                   config: config, device: device, app: app, startedAt: startedAt)
        return .record(.session(record), session: index)
    }

    /// The session's configuration with the import's labels added; a label
    /// the capture gives another value is the line's problem, not silently
    /// either value.
    private func labelled(_ config: [(key: String, value: ConfigValue)]) throws(LineProblem)
        -> [(key: String, value: ConfigValue)] {
        var config = config
        for label in labels {
            if let existing = config.first(where: { $0.key.utf8.elementsEqual(label.key.utf8) }) {
                guard existing.value.text.utf8.elementsEqual(label.value.utf8) else {
                    throw LineProblem(field: "config.\(label.key)", "is \"\(existing.value.text)\" in the capture, but "
                        + "--label \(label.key)=\(label.value) gives it another value; drop the label or change it")
                }
            } else {
                config.append((label.key, .string(label.value)))
            }
        }
        return config
    }

    private mutating func configuration() throws(LineProblem) -> [(key: String, value: ConfigValue)] {
        guard let member = try optionalMember(.config) else { return [] }
        guard member.kind == .object else {
            throw LineProblem(field: "config", "found \(found(member)), expected an object of strings, numbers and booleans")
        }
        let nested = nestedObjectMembers(member)
        var config: [(key: String, value: ConfigValue)] = []
        config.reserveCapacity(nested.count)
        var seen = Set<String>()
        for item in nested {
            let key = try nestedKey(item, in: "config")
            let field = "config.\(key)"
            guard seen.insert(key).inserted else {
                throw LineProblem(field: field, "appears more than once in config; expected each key once")
            }
            let value: ConfigValue
            switch item.kind {
            case .string:
                value = .string(String(decoding: try string(item, field: field, expected: "a string", nonEmpty: false), as: UTF8.self))
            case .number:
                value = .number(try number(item, field: field, expected: "a finite number"))
            case .true:
                value = .bool(true)
            case .false:
                value = .bool(false)
            case .null, .object, .array:
                throw LineProblem(field: field, "found \(found(item)), expected a string, number or boolean")
            }
            config.append((key, value))
        }
        return config
    }

    private mutating func deviceInfo() throws(LineProblem) -> DeviceInfo? {
        guard let members = try knownMembers(of: .device, keys: ["model", "os", "screen_w", "screen_h", "scale"],
                                             expected: "an object (model, os, screen_w, screen_h, scale)") else { return nil }
        var device = DeviceInfo()
        for (key, item) in members {
            let field = "device.\(key)"
            switch key {
            case "model":
                device.model = String(decoding: try string(item, field: field, expected: "a string", nonEmpty: false), as: UTF8.self)
            case "os":
                device.os = String(decoding: try string(item, field: field, expected: "a string", nonEmpty: false), as: UTF8.self)
            case "screen_w":
                device.screenWidth = try number(item, field: field, expected: "a finite number of points")
            case "screen_h":
                device.screenHeight = try number(item, field: field, expected: "a finite number of points")
            default:
                device.scale = try number(item, field: field, expected: "a finite number")
            }
        }
        return device
    }

    private mutating func appInfo() throws(LineProblem) -> AppInfo? {
        guard let members = try knownMembers(of: .app, keys: ["name", "version", "build"],
                                             expected: "an object (name, version, build)") else { return nil }
        var app = AppInfo()
        for (key, item) in members {
            let text = String(decoding: try string(item, field: "app.\(key)", expected: "a string", nonEmpty: false),
                              as: UTF8.self)
            switch key {
            case "name": app.name = text
            case "version": app.version = text
            default: app.build = text
            }
        }
        return app
    }

    /// The members of the object `field` (`device`, `app`) whose keys are
    /// among `keys`, each given at most once and not null; other keys are
    /// ignored (forward compatibility). Nil when the field is absent.
    private mutating func knownMembers(of field: FieldKey, keys: Set<String>, expected: String)
        throws(LineProblem) -> [(key: String, member: JSONMember)]? {
        guard let member = try optionalMember(field) else { return nil }
        guard member.kind == .object else {
            throw LineProblem(field: field.name, "found \(found(member)), expected \(expected)")
        }
        var known: [(key: String, member: JSONMember)] = []
        var seen = Set<String>()
        for item in nestedObjectMembers(member) {
            let key = String(decoding: decodedString(start: item.keyStart, end: item.keyEnd, hasEscapes: item.keyHasEscapes),
                             as: UTF8.self)
            guard keys.contains(key) else { continue }
            guard seen.insert(key).inserted else {
                throw LineProblem(field: "\(field.name).\(key)", "appears more than once in \(field.name); expected it once")
            }
            if item.kind != .null { known.append((key, item)) }
        }
        return known
    }

    /// The members of a nested object that the line scan already validated.
    private mutating func nestedObjectMembers(_ member: JSONMember) -> [JSONMember] {
        var scanner = JSONScanner(bytes: base, count: count, position: member.valueStart)
        var nested: [JSONMember] = []
        var stack: [UInt8] = []
        do {
            try scanner.scanMembers(into: &nested, stack: &stack)
        } catch {
            preconditionFailure("a validated object failed to scan again: \(error.message)")
        }
        return nested
    }

    mutating func touch() throws(LineProblem) -> Decoded {
        let session = try declaredSession()
        let touchMember = try requiredMember(.touch, expected: "an integer touch id")
        let touch = try touchID(touchMember, field: "touch")
        let phaseMember = try requiredMember(.phase, expected: "one of began, moved, stationary, ended, cancelled")
        let phase = try enumeration(phaseMember, field: "phase", table: Self.phases)
        let time = try time()
        let x = try requiredNumber(.x, expected: "a finite number (points)")
        let y = try requiredNumber(.y, expected: "a finite number (points)")
        let radius = try optionalNumber(.radius)
        let force = try optionalNumber(.force)
        var kind: TouchKind?
        if let kindMember = try optionalMember(.kind) {
            kind = try enumeration(kindMember, field: "kind", table: Self.kinds)
        }
        // `hit` is the hit-test's answer for a touch-down; other phases
        // ignore it like any unknown field. `""`: none of the declared targets.
        var hit: String?
        if phase == .began, let hitBytes = try optionalString(.hit) {
            hit = internedString(hitBytes)
        }
        let record = TouchRecord(session: session.id, touch: touch, phase: phase, timeNanos: time,
                                 x: x, y: y, radius: radius, force: force, kind: kind, hit: hit)
        return .record(.touch(record), session: session.index)
    }

    mutating func transition() throws(LineProblem) -> Decoded {
        let session = try declaredSession()
        let recognizer = internedString(try requiredString(.recognizer, expected: "a non-empty string (the recognizer id)"))
        let toMember = try requiredMember(.to, expected: "a recognizer state")
        let to = try enumeration(toMember, field: "to", table: Self.states)
        let time = try time()
        var from: RecognizerState?
        if let fromMember = try optionalMember(.from) {
            from = try enumeration(fromMember, field: "from", table: Self.states)
        }
        let recognizerClass = try optionalString(.recognizerClass).map { internedString($0) }
        let touch = try optionalTouchID()
        let record = TransitionRecord(session: session.id, recognizer: recognizer, to: to, timeNanos: time,
                                      from: from, recognizerClass: recognizerClass, touch: touch)
        return .record(.transition(record), session: session.index)
    }

    mutating func delivery() throws(LineProblem) -> Decoded {
        let session = try declaredSession()
        let target = internedString(try requiredString(.target, expected: "a non-empty string (what got the delivery)"))
        let event = internedString(try requiredString(.event, expected: "a non-empty string (what was delivered)"))
        let via = internedString(try requiredString(.via, expected: "a non-empty string (the channel, e.g. target-action)"))
        let time = try time()
        let touch = try optionalTouchID()
        let record = DeliveryRecord(session: session.id, target: target, event: event, via: via,
                                    timeNanos: time, touch: touch)
        return .record(.delivery(record), session: session.index)
    }

    mutating func frame() throws(LineProblem) -> Decoded {
        let session = try declaredSession()
        let time = try time()
        return .record(.frame(FrameRecord(session: session.id, timeNanos: time)), session: session.index)
    }

    mutating func dropped() throws(LineProblem) -> Decoded {
        let session = try declaredSession()
        let countMember = try requiredMember(.count, expected: "an integer ≥ 1 (events discarded)")
        let count = try positiveCount(countMember, field: "count", minimum: 1)
        let time = try time()
        var kinds: [(type: String, count: Int64)] = []
        if let kindsMember = try optionalMember(.kinds) {
            guard kindsMember.kind == .object else {
                throw LineProblem(field: "kinds", "found \(found(kindsMember)), expected an object of record type → count")
            }
            // By bytes, as JSON keys are compared: Swift's `==` would call
            // two spellings of `é` one key.
            var seen = Set<[UInt8]>()
            for item in nestedObjectMembers(kindsMember) {
                let type = try nestedKey(item, in: "kinds")
                let field = "kinds.\(type)"
                guard seen.insert(Array(type.utf8)).inserted else {
                    throw LineProblem(field: field, "appears more than once in kinds; expected each type once")
                }
                kinds.append((type, try positiveCount(item, field: field, minimum: 0)))
            }
        }
        // Checked last, so that a line refused for another reason adds nothing.
        while droppedTotals.count <= session.index { droppedTotals.append(0) }
        let (total, overflow) = droppedTotals[session.index].addingReportingOverflow(count)
        guard !overflow else {
            throw LineProblem(field: "count", "found \(count), which takes the events this session dropped past "
                + "\(Int64.max); expected a count that keeps the session's total within 64 bits")
        }
        droppedTotals[session.index] = total
        let record = DroppedRecord(session: session.id, count: count, timeNanos: time, kinds: kinds)
        return .record(.dropped(record), session: session.index)
    }

    mutating func target() throws(LineProblem) -> Decoded {
        let session = try declaredSession()
        let target = internedString(try requiredString(.target, expected: "a non-empty string (the id deliveries use for it)"))
        let time = try time()
        let frame = TargetRect(x: try requiredNumber(.x, expected: "a finite number (points)"),
                               y: try requiredNumber(.y, expected: "a finite number (points)"),
                               width: try size(try requiredMember(.w, expected: Self.positiveSize), field: "w"),
                               height: try size(try requiredMember(.h, expected: Self.positiveSize), field: "h"))
        let hitArea = try hitArea()
        if let problem = frame.farEdgeProblem(prefix: "") ?? hitArea?.farEdgeProblem(prefix: "hit_") {
            throw LineProblem(field: problem.field, problem.message)
        }
        let targetClass = try optionalString(.recognizerClass).map { internedString($0) }
        let record = TargetRecord(session: session.id, target: target, timeNanos: time, frame: frame,
                                  hitArea: hitArea, targetClass: targetClass)
        return .record(.target(record), session: session.index)
    }

    private static let positiveSize = "a finite number of points greater than 0"

    /// A width or height: finite and above 0.
    private func size(_ member: JSONMember, field: String) throws(LineProblem) -> Double {
        let value = try number(member, field: field, expected: Self.positiveSize)
        guard value > 0 else {
            throw LineProblem(field: field, "found \(found(member)), expected \(Self.positiveSize)")
        }
        return value
    }

    /// `hit_x`, `hit_y`, `hit_w`, `hit_h`: all four or none (absent or null).
    private mutating func hitArea() throws(LineProblem) -> TargetRect? {
        let keys: [FieldKey] = [.hitX, .hitY, .hitW, .hitH]
        var members: [JSONMember?] = []
        for key in keys { members.append(try optionalMember(key)) }
        guard let given = members.firstIndex(where: { $0 != nil }) else { return nil }
        var values: [Double] = []
        for (index, key) in keys.enumerated() {
            let expected = index < 2 ? "a finite number (points)" : Self.positiveSize
            guard let member = members[index] else {
                throw LineProblem(field: key.name, "missing; expected \(expected), since '\(keys[given].name)' is given (a hit area needs hit_x, hit_y, hit_w and hit_h)")
            }
            values.append(index < 2 ? try number(member, field: key.name, expected: expected)
                                    : try size(member, field: key.name))
        }
        return TargetRect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// A count of events: an integer of at least `minimum`.
    private func positiveCount(_ member: JSONMember, field: String, minimum: Int64) throws(LineProblem) -> Int64 {
        let expected = "an integer ≥ \(minimum)"
        guard member.kind == .number,
              let value = try? JSONNumber.integer(base + member.valueStart, count: member.valueEnd - member.valueStart),
              value >= minimum else {
            throw LineProblem(field: field, "found \(found(member)), expected \(expected)")
        }
        return value
    }
}
