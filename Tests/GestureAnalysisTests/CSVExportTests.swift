import Foundation
import TestScratch
import GRDB
import Testing
@testable import GestureAnalysis

/// CSV out, read back by a real CSV parser (Python's csv module) to the same values.
@Suite struct CSVExportTests {
    /// Ids with a comma, quotes, a newline, CR and non-ASCII text.
    static let awkwardCapture = #"""
        {"type":"header","format":"gesture-trace","version":1}
        {"type":"session","session":"a,b \"quoted\"","experiment":"édition 日本","variant":"line\nbreak","device":{"screen_w":390,"screen_h":844}}
        {"type":"touch","session":"a,b \"quoted\"","touch":1,"phase":"began","t":1,"x":100,"y":400}
        {"type":"delivery","session":"a,b \"quoted\"","target":"bouton « record »","event":"touchDown","via":"carriage\rreturn","t":1.0125}
        {"type":"delivery","session":"a,b \"quoted\"","target":"🎙️","event":"touchDown","via":"control-event","t":1.1}

        """#

    @Test func fieldsAreQuotedOnlyWhenNeeded() {
        #expect(CSVField.encode("plain") == "plain")
        #expect(CSVField.encode("a,b") == "\"a,b\"")
        #expect(CSVField.encode("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVField.encode("two\nlines") == "\"two\nlines\"")
        #expect(CSVField.encode(DatabaseValue.null) == "")
        #expect(CSVField.encode("".databaseValue) == "\"\"")
        #expect(CSVField.encode(12.5.databaseValue) == "12.5")
        #expect(CSVField.encode(0.1.databaseValue) == "0.1")
        #expect(CSVField.encode(1500.0.databaseValue) == "1500")
        #expect(CSVField.encode(Int64(-3).databaseValue) == "-3")
    }

    @Test func exportReadsBackThroughPythonCSV() throws {
        let fixture = try AnalysisFixture(captures: [])
        try fixture.importCapture(text: Self.awkwardCapture, name: "awkward.jsonl")
        let path = fixture.folder.appending(path: "responses.csv").path
        let rows = try fixture.database.connection.read { db in
            try Exporter.export("responses", catalog: try QueryCatalog(), in: db, to: try TextOutput(path: path))
        }
        #expect(rows == 2)

        let parsed = try Self.parseWithPython(path)
        let expected = try fixture.database.connection.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM responses").map { row in
                Array(row.databaseValues).map { value -> String in
                    switch value.storage {
                    case .null: ""
                    case .int64(let integer): String(integer)
                    case .double(let double): double == double.rounded() ? String(Int64(double)) : "\(double)"
                    case .string(let string): string
                    case .blob: "?"
                    }
                }
            }
        }
        #expect(parsed.first == ["capture", "session", "experiment", "variant", "touch", "region", "target", "event",
                                 "via", "latency_ms", "down_ns", "t_ns", "latency_ns", "line", "capture_id", "session_id"])
        #expect(Array(parsed.dropFirst()) == expected)
        #expect(parsed[1][1] == "a,b \"quoted\"")
        #expect(parsed[1][3] == "line\nbreak")
        #expect(parsed[1][8] == "carriage\rreturn")
        #expect(parsed[1][9] == "12.5")
        #expect(parsed[2][6] == "🎙️")
    }

    /// Rows as Python's csv module reads them, passed back as JSON.
    static func parseWithPython(_ path: String) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                print(json.dumps(list(csv.reader(f, strict=True))))
            """, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode([[String]].self, from: data)
    }
}

@Suite struct CSVStatementWriterTests {
    @Test func streamedCSVEqualsCellByCellEncoding() throws {
        let sql = """
            SELECT * FROM (VALUES
                (1, -9223372036854775808, 0.1, 'plain', NULL, ''),
                (0, 9223372036854775807, -2.5e-7, 'a,b', 1500.0, 'say "hi"'),
                (-42, 3, 1e300, 'two
            lines', -0.0, x'00ff'),
                (7, 8, 12.5, 'é 日本 🎙️', 123456789012345.6, 'cr' || char(13) || 'here'))
            """
        let queue = try DatabaseQueue()
        let folder = TestScratch.newPath("csv").path
        let streamed: String = try queue.read { db in
            try RowWriter.write(sql: sql, in: db, format: .csv, to: try TextOutput(path: folder))
            return try String(contentsOfFile: folder, encoding: .utf8)
        }
        let expected: String = try queue.read { db in
            let statement = try db.makeStatement(sql: sql)
            var lines = [statement.columnNames.map(CSVField.encode).joined(separator: ",")]
            for row in try Row.fetchAll(statement) {
                lines.append(Array(row.databaseValues).map(CSVField.encode).joined(separator: ","))
            }
            return lines.joined(separator: "\r\n") + "\r\n"
        }
        #expect(streamed == expected)
        #expect(streamed.contains("\r\n1,-9223372036854775808,0.1,plain,,\"\"\r\n"))
    }

    /// 5,000 rows, the last half with 1 KB texts: batches full of rows, then
    /// batches handed over for their bytes first, all in order and intact.
    @Test func manyBatchesArriveInOrder() throws {
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
            SELECT i, i / 7.0, CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN '' ELSE 'q"' || i END,
                   CASE WHEN i > 2500 THEN printf('%.*c', 1000 + i % 50, 'x') || ',' || i ELSE 'short' END
            FROM n
            """
        let queue = try DatabaseQueue()
        let path = FileManager.default.temporaryDirectory.appending(path: "csv-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rows = try queue.read { db in
            try RowWriter.write(sql: sql, in: db, format: .csv, to: try TextOutput(path: path))
        }
        let expected: String = try queue.read { db in
            let statement = try db.makeStatement(sql: sql)
            var lines = [statement.columnNames.map(CSVField.encode).joined(separator: ",")]
            for row in try Row.fetchAll(statement) {
                lines.append(Array(row.databaseValues).map(CSVField.encode).joined(separator: ","))
            }
            return lines.joined(separator: "\r\n") + "\r\n"
        }
        #expect(rows == 5_000)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    /// A device that is full: the writing thread's error reaches the caller,
    /// who is not left waiting.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFailedWriteEndsTheExport() throws {
        let sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT i, 'row' FROM n"
        let queue = try DatabaseQueue()
        let error = #expect(throws: OutputError.self) {
            try queue.read { db in
                try RowWriter.write(sql: sql, in: db, format: .csv, to: try TextOutput(path: "/dev/full"))
            }
        }
        #expect(error?.message.hasPrefix("cannot write /dev/full: ") == true)
    }
}
