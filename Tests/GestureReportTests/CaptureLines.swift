import Foundation
import GestureAnalysis
import GestureStore

/// A store made from capture lines written out by a test, with the SQL
/// percentile functions the report reads through.
enum CaptureLines {
    static let header = #"{"type":"header","format":"gesture-trace","version":1}"#

    /// Writes `lines` to `<name>.jsonl` in `folder`, imports it into
    /// `<name>.sqlite` beside it and returns that store.
    static func store(_ lines: [String], named name: String, in folder: URL) throws -> GestureDatabase {
        let database = try GestureDatabase(path: folder.appending(path: "\(name).sqlite").path,
                                           prepareConnection: PercentileFunctions.register)
        try importCapture(lines, named: name, into: database, in: folder)
        return database
    }

    /// Writes `lines` to `<name>.jsonl` in `folder` and imports it into `database`.
    static func importCapture(_ lines: [String], named name: String, into database: GestureDatabase,
                              in folder: URL) throws {
        let capture = folder.appending(path: "\(name).jsonl").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: capture))
        _ = try CaptureImporter(database: database).importCapture(path: capture)
    }

    /// Sessions `s<first>`, `s<first + 1>`, … of `experiment`, each of
    /// configuration `mode` with its 12 touches all heard `latency` seconds
    /// after they began (touchDown of button `b`), on a 393 × 852 pt iPhone.
    static func modeSessions(_ sessions: [(mode: String, latency: Double)], experiment: String = "x",
                             first: Int = 0) -> [String] {
        var lines: [String] = []
        for (offset, session) in sessions.enumerated() {
            let name = "s\(first + offset)"
            let device = #""device":{"model":"iPhone15,2","os":"iOS 17.5","screen_w":393,"screen_h":852,"scale":3}"#
            lines.append(#"{"type":"session","session":"\#(name)","experiment":"\#(experiment)","variant":"v","#
                + #""config":{"mode":"\#(session.mode)"},\#(device)}"#)
            for touch in 1...12 {
                let t = Double(touch), x = 30 * touch, y = 60 * touch
                lines.append(#"{"type":"touch","session":"\#(name)","touch":\#(touch),"phase":"began","t":\#(t),"x":\#(x),"y":\#(y)}"#)
                lines.append(#"{"type":"delivery","session":"\#(name)","target":"b","event":"touchDown","#
                    + #""via":"control-event","t":\#(t + session.latency),"touch":\#(touch)}"#)
            }
        }
        return lines
    }
}
