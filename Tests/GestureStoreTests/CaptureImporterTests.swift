import Foundation
import GRDB
import GestureTrace
import Testing
@testable import GestureStore
import TestScratch

@Suite struct CaptureImporterTests {
    @Test func importStoresEveryRecordType() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let capture = try folder.write("sample.jsonl", sampleCapture)

        let summary = try CaptureImporter(database: database).importCapture(path: capture)

        guard case .imported(let captureID) = summary.outcome else {
            Issue.record("expected an import, got \(summary.outcome)")
            return
        }
        #expect(summary.recordCounts == ["session": 2, "touch": 3, "transition": 1, "delivery": 3, "frame": 1])
        #expect(summary.byteCount == Int64(sampleCapture.utf8.count))
        #expect(try rowCounts(database) == [
            "capture": 1, "session": 2, "session_config": 4, "touches": 2, "touch_sample": 3,
            "transition": 1, "delivery": 3, "frame": 1,
        ])
        try database.connection.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM capture WHERE id = ?", arguments: [captureID]))
            #expect(row["file_name"] == "sample.jsonl")
            #expect(row["recorder"] == "StoreTests")
            #expect(row["session_count"] == 2)
            #expect(row["delivery_count"] == 3)
            // Checked against `sha256sum` of the same bytes in the next test.
            #expect((row["sha256"] as String).count == 64)

            let session = try #require(try Row.fetchOne(db, sql: "SELECT * FROM session WHERE session = 'a'"))
            #expect(session["experiment"] == "edge")
            #expect(session["device_model"] == "iPad13,4")
            #expect(session["screen_h"] == 1366.0)
            #expect(session["line"] == 2)

            let config = try Row.fetchAll(db, sql: """
                SELECT key, value, value_type FROM session_config JOIN session ON session.id = session_id
                WHERE session.session = 'a' ORDER BY key
                """).map { "\($0["key"] as String)=\($0["value"] as String):\($0["value_type"] as String)" }
            #expect(config == ["deferred_edges=none:string", "delays=true:boolean", "level=2:number"])

            let touch = try #require(try Row.fetchOne(db, sql: "SELECT * FROM touches WHERE touch = 1"))
            #expect(touch["down_ns"] == 10_500_000_000 as Int64)
            #expect(touch["y"] == 1360.0)
            #expect(touch["line"] == 4)

            let deliveries = try Row.fetchAll(db, sql: "SELECT t_ns, via, touch, line FROM delivery ORDER BY line")
            #expect(deliveries.map { $0["t_ns"] as Int64 } == [10_501_000_000, 11_250_000_000, 20_012_000_000])
            #expect(deliveries.map { $0["touch"] as Int64? } == [nil, 1, nil])
            #expect(deliveries.map { $0["via"] as String } == ["observer", "target-action", "control-event"])

            let sample = try #require(try Row.fetchOne(db, sql: "SELECT * FROM touch_sample WHERE touch = 7"))
            #expect(sample["radius"] == 12.25)
            #expect(sample["force"] == 0.5)
            #expect(sample["phase"] == "began")
        }
    }

    @Test func digestIsTheSHA256OfTheBytes() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let capture = try folder.write("sample.jsonl", "{\"type\":\"header\",\"format\":\"gesture-trace\",\"version\":1}\n")
        let summary = try CaptureImporter(database: database).importCapture(path: capture)
        // printf '{"type":"header","format":"gesture-trace","version":1}\n' | sha256sum
        #expect(summary.sha256 == "daf576b422bb8a7aeccb92cf1b822c62c2b34f7d1d8c2d42b931dce62559fb13")
    }

    @Test func reimportingTheSameBytesChangesNothing() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let first = try folder.write("first.jsonl", sampleCapture)
        let copy = try folder.write("copy.jsonl", sampleCapture)
        let importer = CaptureImporter(database: database)

        let original = try importer.importCapture(path: first)
        let before = try rowCounts(database)
        let again = try importer.importCapture(path: copy)

        guard case .imported(let captureID) = original.outcome else {
            Issue.record("first import did not import")
            return
        }
        #expect(again.outcome == .alreadyImported(captureID: captureID))
        #expect(again.summaryLine.contains("already imported"))
        #expect(try rowCounts(database) == before)
    }

    @Test func sameSessionIdsInTwoCapturesAreKeptApart() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let importer = CaptureImporter(database: database)
        _ = try importer.importCapture(path: try folder.write("one.jsonl", sampleCapture))
        // Different bytes (another recorder), the same session ids.
        let other = sampleCapture.replacingOccurrences(of: "StoreTests", with: "StoreTests 2")
        _ = try importer.importCapture(path: try folder.write("two.jsonl", other))
        let sessions = try database.connection.read { db in
            try String.fetchAll(db, sql: """
                SELECT capture.file_name || '/' || session FROM session JOIN capture ON capture.id = capture_id
                ORDER BY capture.id, session
                """)
        }
        #expect(sessions == ["one.jsonl/a", "one.jsonl/b", "two.jsonl/a", "two.jsonl/b"])
    }

    @Test func crlfBlankLinesUnknownFieldsAndTypes() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let text = """
            {"type":"header","format":"gesture-trace","version":1}\r
            \r
            {"type":"session","session":"s","experiment":"e","variant":"v","future":{"nested":[1,2,{"x":null}]}}\r
            {"type":"gizmo","session":"s","t":1}\r
            {"type":"gizmo","session":"s","t":2}\r
            {"type":"touch","session":"s","touch":1,"phase":"began","t":1,"x":1,"y":2,"pressure_curve":[0.1,0.2]}\r

            """
        let summary = try CaptureImporter(database: database).importCapture(path: try folder.write("crlf.jsonl", text))
        #expect(summary.recordCounts["touch"] == 1)
        #expect(summary.unknownTypeCounts == ["gizmo": 2])
        #expect(summary.unknownTypesWarning == "\(folder.path("crlf.jsonl")): warning: skipped 2 lines of unknown type (\"gizmo\" 2)")
        #expect(try rowCounts(database)["touches"] == 1)
    }

    @Test func skipInvalidStoresTheValidLinesAndReportsEachRejected() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let text = """
            {"type":"header","format":"gesture-trace","version":1}
            {"type":"session","session":"s","experiment":"e","variant":"v"}
            {"type":"touch","session":"s","touch":1,"phase":"began","t":1,"x":1,"y":2}
            {"type":"touch","session":"s","touch":2,"phase":"begun","t":2,"x":1,"y":2}
            {"type":"delivery","session":"nope","target":"b","event":"touchDown","via":"control-event","t":1.1}
            {"type":"delivery","session":"s","target":"b","event":"touchDown","via":"control-event","t":1.2}

            """
        let path = try folder.write("damaged.jsonl", text)
        let rejectsPath = folder.path("rejects.txt")
        let rejects = try RejectsFile(path: rejectsPath)
        var reported: [String] = []
        let summary = try CaptureImporter(database: database).importCapture(
            path: path, skipInvalid: true,
            onRejection: { rejection in
                reported.append(rejection.error.description)
                try rejects.write(rejection)
            })
        try rejects.close()

        #expect(summary.rejectedCount == 2)
        #expect(reported.count == 2)
        #expect(reported[0].hasPrefix("\(path):4: "))
        #expect(reported[0].contains("phase"))
        #expect(reported[1].hasPrefix("\(path):5: "))
        #expect(reported[1].contains("session"))
        #expect(try rowCounts(database)["delivery"] == 1)
        #expect(try rowCounts(database)["touches"] == 1)
        let rejectLines = try String(contentsOfFile: rejectsPath, encoding: .utf8).split(separator: "\n")
        #expect(rejectLines.count == 2)
        #expect(rejectLines[0].hasSuffix("\t{\"type\":\"touch\",\"session\":\"s\",\"touch\":2,\"phase\":\"begun\",\"t\":2,\"x\":1,\"y\":2}"))
        let capture = try database.connection.read { try Row.fetchOne($0, sql: "SELECT rejected_count FROM capture") }
        #expect(capture?["rejected_count"] == 2)
    }

    @Test func strictReimportOfASkipInvalidImportSaysAlreadyImported() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let text = """
            {"type":"header","format":"gesture-trace","version":1}
            {"type":"frame","session":"nope","t":1}

            """
        let path = try folder.write("damaged.jsonl", text)
        let importer = CaptureImporter(database: database)
        _ = try importer.importCapture(path: path, skipInvalid: true)
        let again = try importer.importCapture(path: path)
        guard case .alreadyImported = again.outcome else {
            Issue.record("expected already imported, got \(again.outcome)")
            return
        }
    }

    @Test func missingFileIsNamed() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let error = #expect(throws: StoreError.self) {
            try CaptureImporter(database: database).importCapture(path: folder.path("absent.jsonl"))
        }
        #expect(error?.message == "cannot read \(folder.path("absent.jsonl")): No such file or directory")
    }

    /// The import skips the per-row check of its own sessions; afterwards,
    /// and after a refused file, the connection enforces references again.
    @Test func foreignKeysAreEnforcedAfterAnImport() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("store.sqlite"))
        _ = try CaptureImporter(database: database).importCapture(path: try folder.write("a.jsonl", sampleCapture))
        _ = try? CaptureImporter(database: database).importCapture(path: try folder.write("bad.jsonl", "{}\n"))
        let error = #expect(throws: DatabaseError.self) {
            try database.connection.write { db in
                try db.execute(sql: "INSERT INTO stored_touch (session_id, touch, down_ns, x, y, line) VALUES (999, 1, 0, 0, 0, 1)")
            }
        }
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        #expect(try database.connection.write { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
    }
}
