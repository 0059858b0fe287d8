import GestureTrace

/// What importing one capture did.
package struct ImportSummary: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        /// Stored as a new capture.
        case imported(captureID: Int64)
        /// The same bytes were imported before; nothing changed.
        case alreadyImported(captureID: Int64)
    }

    /// The capture as the user named it (`stdin` for `-`).
    package var displayName: String
    package var outcome: Outcome
    /// Hex SHA-256 of the capture's bytes: its identity in the store.
    package var sha256: String
    package var byteCount: Int64
    /// Accepted records by type (`session`, `touch`, `transition`, …).
    package var recordCounts: [String: Int]
    /// Lines skipped because their `type` is unknown, by type (the first
    /// 32 types the reader met; see `TraceReader.unknownTypeCounts`).
    package var unknownTypeCounts: [String: Int]
    /// Lines refused under `--skip-invalid`.
    package var rejectedCount: Int
    package var seconds: Double
    /// The part of `seconds` the inserting thread spent on derived rows:
    /// storing those worked out while reading, or deriving them again from
    /// the stored records.
    package var derivationSeconds: Double = 0
    /// How the derived rows were derived, and why from the stored records
    /// when the reading pass gave up.
    package var derivation: Derivation = .whileReading
    /// The CPU each of the import's threads used, from the start of its
    /// transaction to the commit.
    package var cpuSeconds = ThreadSeconds()
    /// Lines skipped because their `type` is unknown, of the types beyond
    /// those `unknownTypeCounts` names.
    package var unknownTypeLinesNotNamed = 0

    /// CPU seconds by thread. With two cores, an import of N records at one
    /// million a second has 2 × N / 1,000,000 of them to spend in all.
    package struct ThreadSeconds: Sendable, Equatable {
        /// The thread that called the import: it inserts every row, and
        /// reads the stored records back for a replay.
        package var inserting = 0.0
        /// The thread that reads, validates and prepares the records, and
        /// derives while the capture's order lets it.
        package var reading = 0.0
        /// The thread that derives from the stored records read back; 0
        /// when the reading pass derived everything.
        package var replaying = 0.0

        package var total: Double { inserting + reading + replaying }
    }

    /// How an import derived its latencies, false starts and touch outcomes.
    package enum Derivation: Sendable, Equatable {
        /// In the reading pass, record by record.
        case whileReading
        /// From the stored records read back in time order, because the
        /// capture's order defeated the reading pass (`reason` says how);
        /// the same deriver and rows, a little slower.
        case replayedInTimeOrder(reason: String)

        /// `derived while reading` or
        /// `derived from the stored records in time order: <reason>`.
        package var note: String {
            switch self {
            case .whileReading: "derived while reading"
            case .replayedInTimeOrder(let reason): "derived from the stored records in time order: \(reason)"
            }
        }

        /// The summary line's clause for a derivation the capture's order
        /// made slower, else nil.
        var slowerClause: String? {
            switch self {
            case .whileReading: nil
            case .replayedInTimeOrder(let reason): "derived from the stored records in time order, as \(reason)"
            }
        }
    }

    /// ``derivation`` in words.
    package var derivationNote: String { derivation.note }

    package var recordCount: Int { recordCounts.values.reduce(0, +) }

    package var recordsPerSecond: Double {
        seconds > 0 ? Double(recordCount) / seconds : 0
    }

    /// One line for standard error, e.g.
    /// `imported a.jsonl: 2 sessions; 1,204 records (touch 1,100, transition 24, delivery 60, frame 18) in 0.012 s, 100,333 records/s`.
    /// The file name is escaped (`TerminalText`): it is the user's text, and
    /// may hold a line end or a terminal control sequence.
    package var summaryLine: String {
        let displayName = TerminalText.escaped(displayName)
        switch outcome {
        case .alreadyImported(let captureID):
            return "\(displayName): already imported (capture \(captureID), same SHA-256 \(sha256.prefix(12))…); nothing changed"
        case .imported:
            // `dropped` and `target` only when a capture has any: most have none.
            let byType = TraceRecord.Kind.allCases
                .filter { $0 != .session && (($0 != .dropped && $0 != .target) || recordCounts[$0.name] != nil) }
                .map { "\($0.name) \((recordCounts[$0.name] ?? 0).grouped)" }.joined(separator: ", ")
            let sessions = recordCounts[TraceRecord.Kind.session.name] ?? 0
            var line = "imported \(displayName): \(sessions.grouped) session\(sessions == 1 ? "" : "s"); "
                + "\(recordCount.grouped) record\(recordCount == 1 ? "" : "s") (\(byType)) in \(String(format: "%.3f", seconds)) s, "
                + "\(Int(recordsPerSecond.rounded()).grouped) records/s"
            if rejectedCount > 0 {
                line += "; \(rejectedCount.grouped) line\(rejectedCount == 1 ? "" : "s") rejected"
            }
            // Worth knowing when an import is slower than usual.
            if let clause = derivation.slowerClause {
                line += "; " + clause
            }
            return line
        }
    }

    /// A warning line when lines of unknown type were skipped, else nil.
    /// The type names come from the capture, so they are escaped
    /// (`TerminalText`), as is the file name.
    package var unknownTypesWarning: String? {
        let total = unknownTypeCounts.values.reduce(0, +) + unknownTypeLinesNotNamed
        guard total > 0 else { return nil }
        let byType = (unknownTypeCounts.sorted { $0.key < $1.key }
            .map { "\"\(TerminalText.escaped($0.key))\" \($0.value.grouped)" }
            + (unknownTypeLinesNotNamed > 0 ? ["\(unknownTypeLinesNotNamed.grouped) of other types"] : []))
            .joined(separator: ", ")
        return "\(TerminalText.escaped(displayName)): warning: skipped \(total.grouped) line\(total == 1 ? "" : "s") of unknown type (\(byType))"
    }
}
