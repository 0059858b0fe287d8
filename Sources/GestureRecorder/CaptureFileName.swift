import Foundation

/// Names capture files so that a folder of them sorts by time:
/// `gestures-20261123T014402.517Z-run-1.jsonl` (UTC, then the first
/// session's id made safe for a file name).
enum CaptureFileName {
    static func make(date: Date, sessionID: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let millis = (parts.nanosecond ?? 0) / 1_000_000
        let stamp = String(format: "%04d%02d%02dT%02d%02d%02d.%03dZ", parts.year!, parts.month!, parts.day!,
                           parts.hour!, parts.minute!, parts.second!, millis)
        return "gestures-\(stamp)-\(safe(sessionID)).jsonl"
    }

    /// Letters, digits, `-`, `_` and `.` kept; anything else becomes `_`; at most 40 characters.
    static func safe(_ id: String) -> String {
        let kept = id.unicodeScalars.prefix(40).map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        return kept.isEmpty ? "session" : String(kept)
    }
}
