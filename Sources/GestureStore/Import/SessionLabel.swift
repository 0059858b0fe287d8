import GestureTrace

/// `import --label KEY=VALUE`: a configuration key given to every session of
/// a capture, for what its recorder did not record (the build, the
/// participant, the device's owner).
///
/// ```swift
/// try SessionLabel.parse(["build=41", "participant=p07"])   // [("build", "41"), ("participant", "p07")]
/// ```
package enum SessionLabel {
    /// The labels as (key, value), in the order given.
    ///
    /// - Throws: ``StoreError`` for a label without `=`,
    ///   an empty key, a key given twice, or a key that names a session
    ///   attribute (`variant`, `device.model`, …), which a label would shadow,
    ///   or a key or value longer than ``TraceLimits/maxTextBytes``.
    package static func parse(_ labels: [String]) throws -> [(key: String, value: String)] {
        var parsed: [(key: String, value: String)] = []
        for label in labels {
            guard let equals = label.firstIndex(of: "=") else {
                throw StoreError("--label takes KEY=VALUE, not '\(TerminalText.escaped(label))'")
            }
            let key = String(label[..<equals]), value = String(label[label.index(after: equals)...])
            guard !key.isEmpty else {
                throw StoreError("--label '\(TerminalText.escaped(label))' has no key before '='")
            }
            if SessionAttribute(key: key) != nil || SessionLabel.splitColumns.contains(key) {
                throw StoreError("--label \(TerminalText.escaped(key))=… names what a session already "
                    + "has (\(TerminalText.escaped(key))); choose another key, such as build or participant")
            }
            for (part, text) in [("key", key), ("value", value)] where text.utf8.count > TraceLimits.maxTextBytes {
                throw StoreError("--label \(part) is \(text.utf8.count) bytes; a name or label is at most "
                    + "\(TraceLimits.maxTextBytes) bytes of UTF-8 (\(TraceLimits.rule))")
            }
            if parsed.contains(where: { $0.key.hasSameBytes(as: key) }) {
                throw StoreError("--label \(TerminalText.escaped(key)) is given twice")
            }
            parsed.append((key, value))
        }
        return parsed
    }

    /// Keys `compare --by` reads from the latencies themselves.
    package static let splitColumns: Set<String> = ["via", "event", "region", "target", "recognizer"]
}
