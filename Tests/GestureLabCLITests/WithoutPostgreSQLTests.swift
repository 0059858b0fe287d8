#if !PostgreSQL
import Foundation
import TestScratch
import Testing

/// The default build leaves the shared store out (the PostgreSQL trait is
/// off): asking for it says, in one line, how to build a gesturelab that has
/// it, and changes nothing. The PostgreSQL tests themselves run in a build
/// with `--traits PostgreSQL`, as `.ci/run` does.
@Suite struct WithoutPostgreSQLTests {
    static let rebuild = "rebuild with `swift build -c release --traits PostgreSQL` (docs/postgresql.md)"

    @Test func pushSaysHowToGetIt() throws {
        let folder = try ScratchFolder()
        for arguments in [["push"], ["push", "--to", "postgresql://lab:secret@127.0.0.1:1/gestures", "--db", "lab.sqlite"]] {
            let result = try folder.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError == "Error: gesturelab push needs the shared store, which this build of "
                + "gesturelab leaves out: \(Self.rebuild)\n")
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test func readingAServerSaysHowToGetIt() throws {
        let folder = try ScratchFolder()
        for url in ["postgresql://lab:secret@127.0.0.1:1/gestures", "postgres://lab@db.example/gestures"] {
            let result = try folder.run(["sessions", "--db", url])
            #expect(result.status == 1)
            #expect(result.standardError == "Error: --db postgresql://… needs the shared store, which this build "
                + "of gesturelab leaves out: \(Self.rebuild)\n")
            #expect(!result.standardError.contains("secret"))
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test func benchAgainstAServerSaysSoBeforeMeasuring() throws {
        let folder = try ScratchFolder()
        let result = try folder.run(["bench", "--dir", "bench", "--postgresql", "postgresql://lab@127.0.0.1:1/gestures"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: bench --postgresql needs the shared store"), "\(result.standardError)")
        #expect(try folder.contents().isEmpty)
    }

    /// A server named for the tests is not used by this build: say so loudly.
    @Test func serverTestsNeedTheTrait() {
        if ProcessInfo.processInfo.environment["GESTURELAB_TEST_POSTGRES_URL"].map({ !$0.isEmpty }) == true {
            FileHandle.standardError.write(Data("""
                ⚠️  GESTURELAB_TEST_POSTGRES_URL is set, but the PostgreSQL tests are compiled only with
                   the PostgreSQL trait: swift test --traits PostgreSQL

                """.utf8))
        }
    }
}
#endif
