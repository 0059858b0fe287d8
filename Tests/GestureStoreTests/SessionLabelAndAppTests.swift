import Foundation
import GRDB
import GestureTrace
import Testing
@testable import GestureStore
import TestScratch

/// `import --label` and a session's `app`, as stored: both are what
/// `compare --by` and `--where` read, and `sessions` lists.
@Suite struct SessionLabelAndAppTests {
    private static let capture = """
        {"type":"header","format":"gesture-trace","version":1}
        {"type":"session","session":"a","experiment":"e","variant":"v","config":{"mode":"x"},"app":{"name":"Probe","version":"2.3","build":"42"}}
        {"type":"session","session":"b","experiment":"e","variant":"v","config":{"build":"41"}}

        """

    @Test func labelsAndTheAppAreStoredWithTheSession() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let path = try folder.write("labelled.jsonl", Self.capture)
        _ = try CaptureImporter(database: database).importCapture(
            path: path, labels: [(key: "participant", value: "p07")])
        try database.connection.read { db in
            let config = try Row.fetchAll(db, sql: """
                SELECT session.session, key, value, value_type FROM session_config JOIN session ON session.id = session_id
                ORDER BY session.session, key
                """).map { [$0[0], $0[1], $0[2], $0[3]] as [String] }
            #expect(config == [["a", "mode", "x", "string"], ["a", "participant", "p07", "string"],
                               ["b", "build", "41", "string"], ["b", "participant", "p07", "string"]])
            let apps = try Row.fetchAll(db, sql: "SELECT app_name, app_version, app_build FROM session ORDER BY session")
                .map { [$0[0], $0[1], $0[2]] as [String?] }
            #expect(apps == [["Probe", "2.3", "42"], [nil, nil, nil]])
            let catalog = try Row.fetchAll(db, sql: SessionCatalog.sql)
            #expect(catalog.map { $0["config"] as String? } == ["mode=x; participant=p07", "build=41; participant=p07"])
            #expect(catalog.map { $0["app_build"] as String? } == ["42", nil])
        }
    }

    @Test func aLabelThatContradictsASessionRefusesTheFileWhole() throws {
        let folder = try ScratchFolder()
        let database = try GestureDatabase(path: folder.path("lab.sqlite"))
        let path = try folder.write("labelled.jsonl", Self.capture)
        let error = try #require(throws: TraceError.self) {
            try CaptureImporter(database: database).importCapture(path: path, labels: [(key: "build", value: "42")])
        }
        #expect(error.line == 3 && error.field == "config.build")
        #expect(try rowCounts(database)["session"] == 0)
    }

    @Test(arguments: [
        ("build", "--label takes KEY=VALUE, not 'build'"),
        ("=41", "--label '=41' has no key before '='"),
        ("app.build=42", "--label app.build=… names what a session already has (app.build); choose another key, such as build or participant"),
        ("via=x", "--label via=… names what a session already has (via); choose another key, such as build or participant"),
    ])
    func badLabelsAreRefusedInOneLine(label: String, message: String) {
        let error = #expect(throws: StoreError.self) { try SessionLabel.parse([label]) }
        #expect(error?.message == message)
    }

    @Test func labelsParseInOrderAndAKeyOnce() throws {
        let parsed = try SessionLabel.parse(["build=42", "note=a=b", "empty="])
        #expect(parsed.map(\.key) == ["build", "note", "empty"] && parsed.map(\.value) == ["42", "a=b", ""])
        #expect(throws: StoreError.self) { try SessionLabel.parse(["build=1", "build=2"]) }
        // Names and labels are at most 512 bytes on both engines: 511 + "é" (2 bytes) is 513.
        #expect(throws: Never.self) { try SessionLabel.parse(["note=" + String(repeating: "a", count: 512)]) }
        let long = #expect(throws: StoreError.self) {
            try SessionLabel.parse(["note=" + String(repeating: "a", count: 511) + "é"])
        }
        #expect(long?.message.hasPrefix("--label value is 513 bytes; a name or label is at most 512 bytes of UTF-8") == true)
    }
}
