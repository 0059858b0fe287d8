/// Encodes headers and records as one JSON line each (no line end), the way
/// `TraceWriter` writes them: keys in the order of docs/capture-format.md's tables, nil
/// optionals omitted, times as exact decimal seconds, other numbers in
/// shortest round-trip form.
enum TraceLineEncoder {
    static func appendHeader(_ header: TraceHeader, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"type":"header","format":"gesture-trace","version":1"#.utf8)
        if let recorder = header.recorder {
            appendKey("recorder", to: &output)
            appendString(recorder, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    static func append(_ record: TraceRecord, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"type":""#.utf8)
        output.append(contentsOf: record.typeName.utf8)
        output.append(UInt8(ascii: "\""))
        switch record {
        case .session(let session):
            appendStringField("session", session.id, to: &output)
            appendStringField("experiment", session.experiment, to: &output)
            appendStringField("variant", session.variant, to: &output)
            if !session.config.isEmpty {
                appendKey("config", to: &output)
                output.append(UInt8(ascii: "{"))
                for (index, entry) in session.config.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    appendString(entry.key, to: &output)
                    output.append(UInt8(ascii: ":"))
                    switch entry.value {
                    case .string(let text): appendString(text, to: &output)
                    case .number(let number): appendNumber(number, to: &output)
                    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                    }
                }
                output.append(UInt8(ascii: "}"))
            }
            if let device = session.device {
                appendKey("device", to: &output)
                appendDevice(device, to: &output)
            }
            if let app = session.app {
                appendKey("app", to: &output)
                appendStrings([("name", app.name), ("version", app.version), ("build", app.build)], to: &output)
            }
            if let startedAt = session.startedAt {
                appendStringField("started_at", startedAt, to: &output)
            }
        case .touch(let touch):
            appendStringField("session", touch.session, to: &output)
            appendKey("touch", to: &output)
            appendInteger(touch.touch, to: &output)
            appendKey("phase", to: &output)
            appendString(touch.phase.rawValue, to: &output)
            appendTimeField(touch.timeNanos, to: &output)
            appendNumberField("x", touch.x, to: &output)
            appendNumberField("y", touch.y, to: &output)
            if let radius = touch.radius { appendNumberField("radius", radius, to: &output) }
            if let force = touch.force { appendNumberField("force", force, to: &output) }
            if let kind = touch.kind { appendStringField("kind", kind.rawValue, to: &output) }
            if let hit = touch.hit { appendStringField("hit", hit, to: &output) }
        case .transition(let transition):
            appendStringField("session", transition.session, to: &output)
            appendStringField("recognizer", transition.recognizer, to: &output)
            appendStringField("to", transition.to.rawValue, to: &output)
            appendTimeField(transition.timeNanos, to: &output)
            if let from = transition.from { appendStringField("from", from.rawValue, to: &output) }
            if let recognizerClass = transition.recognizerClass {
                appendStringField("class", recognizerClass, to: &output)
            }
            if let touch = transition.touch {
                appendKey("touch", to: &output)
                appendInteger(touch, to: &output)
            }
        case .delivery(let delivery):
            appendStringField("session", delivery.session, to: &output)
            appendStringField("target", delivery.target, to: &output)
            appendStringField("event", delivery.event, to: &output)
            appendStringField("via", delivery.via, to: &output)
            appendTimeField(delivery.timeNanos, to: &output)
            if let touch = delivery.touch {
                appendKey("touch", to: &output)
                appendInteger(touch, to: &output)
            }
        case .frame(let frame):
            appendStringField("session", frame.session, to: &output)
            appendTimeField(frame.timeNanos, to: &output)
        case .target(let target):
            appendStringField("session", target.session, to: &output)
            appendStringField("target", target.target, to: &output)
            appendTimeField(target.timeNanos, to: &output)
            appendNumberField("x", target.frame.x, to: &output)
            appendNumberField("y", target.frame.y, to: &output)
            appendNumberField("w", target.frame.width, to: &output)
            appendNumberField("h", target.frame.height, to: &output)
            if let area = target.hitArea {
                appendNumberField("hit_x", area.x, to: &output)
                appendNumberField("hit_y", area.y, to: &output)
                appendNumberField("hit_w", area.width, to: &output)
                appendNumberField("hit_h", area.height, to: &output)
            }
            if let targetClass = target.targetClass { appendStringField("class", targetClass, to: &output) }
        case .dropped(let dropped):
            appendStringField("session", dropped.session, to: &output)
            appendKey("count", to: &output)
            appendInteger(dropped.count, to: &output)
            appendTimeField(dropped.timeNanos, to: &output)
            if !dropped.kinds.isEmpty {
                appendKey("kinds", to: &output)
                output.append(UInt8(ascii: "{"))
                for (index, kind) in dropped.kinds.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    appendString(kind.type, to: &output)
                    output.append(UInt8(ascii: ":"))
                    appendInteger(kind.count, to: &output)
                }
                output.append(UInt8(ascii: "}"))
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func appendDevice(_ device: DeviceInfo, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        let start = output.count
        func separate(_ output: inout [UInt8]) {
            if output.count > start { output.append(UInt8(ascii: ",")) }
        }
        if let model = device.model {
            separate(&output)
            appendString("model", to: &output)
            output.append(UInt8(ascii: ":"))
            appendString(model, to: &output)
        }
        if let os = device.os {
            separate(&output)
            appendString("os", to: &output)
            output.append(UInt8(ascii: ":"))
            appendString(os, to: &output)
        }
        for (name, value) in [("screen_w", device.screenWidth), ("screen_h", device.screenHeight), ("scale", device.scale)] {
            guard let value else { continue }
            separate(&output)
            appendString(name, to: &output)
            output.append(UInt8(ascii: ":"))
            appendNumber(value, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// `{"name":"…",…}` of the members that have a value.
    private static func appendStrings(_ members: [(String, String?)], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for (name, value) in members {
            guard let value else { continue }
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            appendString(name, to: &output)
            output.append(UInt8(ascii: ":"))
            appendString(value, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// `,"key":` — every field follows `type`, so it always needs the comma.
    private static func appendKey(_ key: StaticString, to output: inout [UInt8]) {
        output.append(UInt8(ascii: ","))
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ":"))
    }

    private static func appendStringField(_ key: StaticString, _ value: String, to output: inout [UInt8]) {
        appendKey(key, to: &output)
        appendString(value, to: &output)
    }

    private static func appendNumberField(_ key: StaticString, _ value: Double, to output: inout [UInt8]) {
        appendKey(key, to: &output)
        appendNumber(value, to: &output)
    }

    private static func appendTimeField(_ nanos: Int64, to output: inout [UInt8]) {
        appendKey("t", to: &output)
        TraceTime.appendSeconds(nanos, to: &output)
    }

    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        TraceTime.appendDigits(value.magnitude, to: &output)
    }

    /// Shortest round-trip form without a trailing `.0` (`390`, `0.5`,
    /// `1e-05`); non-finite values, which JSON cannot express, become `null`
    /// (`TraceWriter.write` refuses them before this point).
    static func appendNumber(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            if value == 0 && value.sign == .minus {
                output.append(contentsOf: "-0".utf8)
            } else {
                appendInteger(Int64(value), to: &output)
            }
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }  // 1e15 prints as 1000000000000000.0
        output.append(contentsOf: text.utf8)
    }

    /// A JSON string: quotes and backslashes escaped, control characters as
    /// `\u00XX`, everything else (including non-ASCII) as UTF-8.
    static func appendString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0..<0x20:
                output.append(contentsOf: "\\u00".utf8)
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0xF))
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
