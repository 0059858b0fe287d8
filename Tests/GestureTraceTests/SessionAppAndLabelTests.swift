import Testing
@testable import GestureTrace

/// A session's `app` (the build that recorded it) and the labels an import
/// adds to every session's configuration.
@Suite struct SessionAppAndLabelTests {
    private static let header = TemporaryCapture.header

    private func sessions(_ lines: [String], _ options: TraceReader.Options = .init()) throws -> [SessionRecord] {
        try TemporaryCapture(lines: [Self.header] + lines).items(options).compactMap {
            if case .session(let session)? = $0.record { return session }
            return nil
        }
    }

    @Test func readsTheAppAndIgnoresItsUnknownKeys() throws {
        let read = try sessions([
            #"{"type":"session","session":"s1","experiment":"e","variant":"v","app":{"name":"Probe","version":"2.3","build":"42","team":"x"}}"#,
            #"{"type":"session","session":"s2","experiment":"e","variant":"v","app":{"build":null}}"#,
            #"{"type":"session","session":"s3","experiment":"e","variant":"v"}"#,
        ])
        #expect(read.map(\.app) == [AppInfo(name: "Probe", version: "2.3", build: "42"), AppInfo(), nil])
    }

    @Test func theAppSurvivesARoundTripThroughTheWriter() throws {
        let session = SessionRecord(id: "s1", experiment: "e", variant: "v", config: [("k", .bool(true))],
                                    app: AppInfo(name: "Probe \"β\"", build: "42"), startedAt: "2026-11-29T10:00:00Z")
        let text = TraceWriter.capture(header: TraceHeader(), records: [.session(session)])
        #expect(text.contains(#""app":{"name":"Probe \"β\"","build":"42"}"#))
        let capture = try TemporaryCapture(text)
        #expect(try capture.items().compactMap(\.record) == [.session(session)])
    }

    @Test func labelsAreAddedToEverySessionAfterItsOwnKeys() throws {
        let read = try sessions([
            #"{"type":"session","session":"s1","experiment":"e","variant":"v","config":{"mode":"a"}}"#,
            #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"build":"41"}}"#,
        ], .init(labels: [("build", "41"), ("participant", "p07")]))
        #expect(read[0].config.map(\.key) == ["mode", "build", "participant"])
        #expect(read[0].config.map(\.value.text) == ["a", "41", "p07"])
        // The capture's own equal value is kept, typed as the capture gave it.
        #expect(read[1].config.map(\.key) == ["build", "participant"])
    }

    /// A number the capture gives as `41` is the text `41`, the same value.
    @Test func aLabelMatchesANumberOfTheSameText() throws {
        let read = try sessions([#"{"type":"session","session":"s1","experiment":"e","variant":"v","config":{"build":41}}"#],
                                .init(labels: [("build", "41")]))
        #expect(read[0].config.count == 1 && read[0].config[0].value == .number(41))
    }

    @Test func aLabelThatContradictsTheCaptureRefusesItsLine() throws {
        let capture = try TemporaryCapture(lines: [
            Self.header,
            #"{"type":"session","session":"s1","experiment":"e","variant":"v"}"#,
            #"{"type":"session","session":"s2","experiment":"e","variant":"v","config":{"build":"40"}}"#,
        ])
        let error = try #require(throws: TraceError.self) { try capture.items(.init(labels: [("build", "41")])) }
        #expect(error.line == 3)
        #expect(error.field == "config.build")
        #expect(error.description.contains(#"is "40" in the capture, but --label build=41 gives it another value"#))
    }
}
