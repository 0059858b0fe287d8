#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
// The fuzzing harness compiles this file into the GestureTrace module itself
// (scripts/fuzz-reader.sh passes -D FUZZING), so there is nothing to import.
#if !FUZZING
@testable import GestureTrace
#endif

/// What must hold for any bytes given to `TraceReader`, checked by the
/// mutation test and by the libFuzzer harness in `Fuzz/`.
///
/// Each input is read strictly and with `skipInvalid`, at the default limits
/// and at a 96-byte line limit read in 7-byte and in 64 KiB chunks (which
/// must agree). Then:
/// - a refusal is a `TraceError` naming the input, with a line ≥ 1 that is a
///   non-blank line of the input (line 1 for one without any), and a one-line
///   description with no control characters;
/// - with `skipInvalid`, every non-blank line after the header is accounted
///   for exactly once: an accepted record, a rejection (whose text is the
///   line), or a line of unknown type;
/// - strict reading accepts exactly what skipping accepts when nothing is
///   rejected, and otherwise refuses the first rejected line, with its field;
/// - accepted times lie within ±2^62 ns and accepted strings hold no NUL.
///
/// Crashes and hangs are the fuzzer's to catch.
///
/// ```swift
/// let input = InputFile()
/// #expect(ReaderInvariants.violations(of: bytes, in: input) == [])
/// ```
enum ReaderInvariants {
    static let name = "input.jsonl"

    struct Limits: Equatable {
        var chunkSize: Int
        var maxLineBytes: Int
    }

    /// 64 KiB chunks hold a whole test input and cost less to allocate than
    /// the reader's usual 1 MiB, thousands of times over.
    static let limits = [
        Limits(chunkSize: 1 << 16, maxLineBytes: TraceReader.Options().maxLineBytes),
        // Longer than the shortest header (55 bytes), shorter than most records.
        Limits(chunkSize: 1 << 16, maxLineBytes: 96),
        Limits(chunkSize: 7, maxLineBytes: 96),
    ]

    /// Every invariant that `bytes` break, as one message each; empty when all hold.
    static func violations(of bytes: [UInt8], in input: InputFile) -> [String] {
        bytes.withUnsafeBytes { input.replace(with: $0) }
        var problems: [String] = []
        var previous: (limits: Limits, strict: Outcome, skipping: Outcome)?
        for limits in limits {
            let lines = ExpectedLine.split(bytes, maxLineBytes: limits.maxLineBytes)
            let strict = read(input, limits, skipInvalid: false)
            let skipping = read(input, limits, skipInvalid: true)
            problems += check(strict, skipping, lines: lines, limits: limits)
            if let previous, previous.limits.maxLineBytes == limits.maxLineBytes,
               previous.strict != strict || previous.skipping != skipping {
                problems.append("reading in chunks of \(limits.chunkSize) gives other results than chunks of \(previous.limits.chunkSize)")
            }
            previous = (limits, strict, skipping)
        }
        return problems
    }

    /// What one reading pass gave.
    struct Outcome: Equatable {
        var items: [TraceReader.Item] = []
        var error: TraceError?
        var headerRead = false
        var unknownLines = 0
        var recordCounts: [String: Int] = [:]
    }

    static func read(_ input: InputFile, _ limits: Limits, skipInvalid: Bool) -> Outcome {
        input.rewind()
        var reader = TraceReader(fileDescriptor: input.descriptor, name: name,
                                 options: .init(skipInvalid: skipInvalid, maxLineBytes: limits.maxLineBytes),
                                 chunkSize: limits.chunkSize)
        var outcome = Outcome()
        do {
            while let item = try reader.next() {
                outcome.items.append(item)
            }
        } catch {
            outcome.error = error
        }
        outcome.headerRead = reader.header != nil
        outcome.unknownLines = reader.unknownTypeCounts.values.reduce(0, +) + reader.unknownTypeLinesNotNamed
        outcome.recordCounts = reader.recordCounts
        return outcome
    }

    private static func check(_ strict: Outcome, _ skipping: Outcome, lines: [ExpectedLine], limits: Limits) -> [String] {
        var problems: [String] = []
        let mode = "(line limit \(limits.maxLineBytes), chunks of \(limits.chunkSize))"
        func refusalProblems(_ error: TraceError, _ what: String) {
            if error.file != name { problems.append("\(what) names file \(error.file) \(mode)") }
            // An input of blank lines only is refused as empty, at line 1.
            let inside = lines.allSatisfy(\.isBlank) ? error.line == 1
                : (1...lines.count).contains(error.line) && !lines[error.line - 1].isBlank
            if !inside { problems.append("\(what) points at line \(error.line), not a non-blank line of \(lines.count) \(mode): \(error)") }
            let description = error.description
            if description.unicodeScalars.contains(where: { TerminalText.needsEscape($0) && $0 != "\\" }) {
                problems.append("\(what) description has a control character \(mode): \(description.debugDescription)")
            }
        }
        if let error = strict.error { refusalProblems(error, "strict refusal") }
        guard skipping.headerRead else {
            // No header: nothing can be imported, in either mode, for the same reason.
            if skipping.error == nil || skipping.error != strict.error || !skipping.items.isEmpty {
                problems.append("a file without a valid header is not refused alike in both modes \(mode)")
            }
            return problems
        }
        if let error = skipping.error { problems.append("skipping threw after the header \(mode): \(error)") }
        let headerLine = lines.firstIndex { !$0.isBlank }.map { $0 + 1 } ?? 0
        var seen = Set<Int>()
        var rejections: [TraceReader.TraceRejection] = []
        var records: [TraceRecord] = []
        for item in skipping.items {
            switch item {
            case .record(let record, let line):
                records.append(record)
                problems += recordProblems(record, line: line)
                if !seen.insert(line).inserted { problems.append("line \(line) yields two items \(mode)") }
                if line <= headerLine || line > lines.count || lines[line - 1].isBlank {
                    problems.append("a record comes from line \(line), which is not a record line \(mode)")
                }
            case .rejected(let rejection):
                rejections.append(rejection)
                refusalProblems(rejection.error, "rejection")
                let line = rejection.error.line
                if !seen.insert(line).inserted { problems.append("line \(line) yields two items \(mode)") }
                if line <= headerLine {
                    problems.append("a rejection names line \(line), not after the header on line \(headerLine) \(mode)")
                } else if line <= lines.count, rejection.text != lines[line - 1].text {
                    problems.append("the rejection of line \(line) does not carry the line's text \(mode)")
                }
            }
        }
        let recordLines = lines.dropFirst(headerLine).filter { !$0.isBlank }.count
        if records.count + rejections.count + skipping.unknownLines != recordLines {
            problems.append("\(recordLines) non-blank lines after the header, but \(records.count) records, \(rejections.count) rejections and \(skipping.unknownLines) of unknown type \(mode)")
        }
        if skipping.recordCounts.values.reduce(0, +) != records.count {
            problems.append("recordCounts sum to \(skipping.recordCounts.values.reduce(0, +)), not \(records.count) \(mode)")
        }
        if let first = rejections.min(by: { $0.error.line < $1.error.line }) {
            if strict.error?.line != first.error.line || strict.error?.field != first.error.field {
                problems.append("strict reading refused \(strict.error.map { "\($0)" } ?? "nothing"), but the first rejected line is \(first.error) \(mode)")
            }
        } else if strict.error != nil || strict.items != skipping.items {
            problems.append("strict reading differs from skipping when nothing is rejected \(mode): \(strict.error.map { "\($0)" } ?? "other records")")
        }
        return problems
    }

    private static func recordProblems(_ record: TraceRecord, line: Int) -> [String] {
        var problems: [String] = []
        let time: Int64? = switch record {
        case .session: nil
        case .touch(let touch): touch.timeNanos
        case .transition(let transition): transition.timeNanos
        case .delivery(let delivery): delivery.timeNanos
        case .frame(let frame): frame.timeNanos
        case .dropped(let dropped): dropped.timeNanos
        case .target(let target): target.timeNanos
        }
        if let time, !TraceTime.range.contains(time) {
            problems.append("line \(line): accepted a time of \(time) ns, outside ±2^62 ns")
        }
        var strings: [String] = []
        switch record {
        case .session(let session):
            strings = [session.id, session.experiment, session.variant, session.device?.model ?? "",
                       session.device?.os ?? "", session.startedAt ?? ""]
            for (key, value) in session.config {
                strings.append(key)
                if case .string(let text) = value { strings.append(text) }
            }
        case .touch(let touch): strings = [touch.session, touch.hit ?? ""]
        case .transition(let transition): strings = [transition.session, transition.recognizer, transition.recognizerClass ?? ""]
        case .delivery(let delivery): strings = [delivery.session, delivery.target, delivery.event, delivery.via]
        case .frame(let frame): strings = [frame.session]
        case .dropped(let dropped): strings = [dropped.session] + dropped.kinds.map(\.type)
        case .target(let target): strings = [target.session, target.target, target.targetClass ?? ""]
        }
        if strings.contains(where: { $0.utf8.contains(0) }) {
            problems.append("line \(line): accepted a string holding NUL")
        }
        return problems
    }
}

/// A line of an input as the reader should see it, worked out independently
/// of `LineSource`: split at LF, without a CR before it, without a byte order
/// mark on line 1.
struct ExpectedLine {
    /// The line's bytes, at most `maxLineBytes` of them.
    var text: [UInt8]
    /// Only JSON whitespace, and within the length limit.
    var isBlank: Bool

    static func split(_ bytes: [UInt8], maxLineBytes: Int) -> [ExpectedLine] {
        var lines: [ExpectedLine] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var content = Array(bytes[start..<end])
            if content.last == 0x0D { content.removeLast() }
            if lines.isEmpty, content.starts(with: [0xEF, 0xBB, 0xBF]) { content.removeFirst(3) }
            let tooLong = content.count > maxLineBytes
            let blank = !tooLong && content.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            lines.append(ExpectedLine(text: Array(content.prefix(maxLineBytes)), isBlank: blank))
            start = end + 1
        }
        return lines
    }
}

/// An unlinked temporary file whose content is replaced for each input, so
/// that thousands of inputs cost no file creation.
final class InputFile {
    let descriptor: Int32

    init() {
        var template = Array("/tmp/gesturelab-reader-input-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(descriptor >= 0, "cannot create a temporary file")
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit {
        close(descriptor)
    }

    func replace(with bytes: UnsafeRawBufferPointer) {
        precondition(ftruncate(descriptor, 0) == 0)
        var written = 0
        while written < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(written))
            precondition(count > 0, "cannot write the temporary file")
            written += count
        }
    }

    func rewind() {
        lseek(descriptor, 0, SEEK_SET)
    }
}
