import Foundation
import TestScratch
import GRDB
@testable import GestureStore

/// Rows in every table of the store, to show that a refusal stored nothing.
func rowCounts(_ database: GestureDatabase) throws -> [String: Int] {
    try database.connection.read { db in
        var counts: [String: Int] = [:]
        for table in ["capture", "session", "session_config", "touches", "touch_sample", "transition", "delivery", "frame"] {
            counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")
        }
        return counts
    }
}

/// A small valid capture: two sessions, every record type.
let sampleCapture = """
    {"type":"header","format":"gesture-trace","version":1,"recorder":"StoreTests"}
    {"type":"session","session":"a","experiment":"edge","variant":"off","config":{"deferred_edges":"none","delays":true,"level":2},"device":{"model":"iPad13,4","os":"iPadOS 17.5","screen_w":1024,"screen_h":1366,"scale":2}}
    {"type":"session","session":"b","experiment":"edge","variant":"on","config":{"deferred_edges":"bottom+right"}}
    {"type":"touch","session":"a","touch":1,"phase":"began","t":10.5,"x":100,"y":1360,"kind":"direct"}
    {"type":"transition","session":"a","recognizer":"pan","class":"UIPanGestureRecognizer","from":"possible","to":"began","t":10.501}
    {"type":"delivery","session":"a","target":"pan","event":"began","via":"observer","t":10.501}
    {"type":"delivery","session":"a","target":"pan","event":"began","via":"target-action","t":11.25,"touch":1}
    {"type":"frame","session":"a","t":10.508}
    {"type":"touch","session":"a","touch":1,"phase":"ended","t":11.3,"x":101,"y":1350}
    {"type":"touch","session":"b","touch":7,"phase":"began","t":20,"x":50,"y":50,"radius":12.25,"force":0.5}
    {"type":"delivery","session":"b","target":"button","event":"touchDown","via":"control-event","t":20.012}

    """

/// A capture under Tests/Fixtures.
func fixturePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/\(name)").path
}
