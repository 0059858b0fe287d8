import Foundation
import GestureStore
import TestScratch
import Testing
@testable import GestureAnalysis
@testable import GestureReport

/// What the data may hold that the page must still say right: names with
/// right-to-left text or overrides, and negative latencies.
@Suite struct NameAndSignTests {
    static let fsi = "\u{2068}", pdi = "\u{2069}"

    /// (name, as the page isolates it).
    static let isolated: [(String, String)] = [
        ("bottom+right\u{202E}", "\u{2068}bottom+right\u{202E}\u{2069}"),
        ("שלום", "\u{2068}שלום\u{2069}"),
        // A PDI of the name's own that closes nothing would end the isolation early: dropped.
        ("a\u{2069}\u{202E}b", "\u{2068}a\u{202E}b\u{2069}"),
        // An isolate the name opens is closed before the name's own end.
        ("\u{2067}x", "\u{2068}\u{2067}x\u{2069}\u{2069}"),
        // Already isolated: unchanged, so a name isolated twice reads the same.
        ("\u{2068}none\u{2069}", "\u{2068}none\u{2069}"),
        ("\u{2068}a\u{2069}b\u{2068}c\u{2069}", "\u{2068}\u{2068}a\u{2069}b\u{2068}c\u{2069}\u{2069}"),
        ("", "\u{2068}\u{2069}"),
    ]

    @Test(arguments: isolated)
    func aNameIsIsolatedFromTheTextAroundIt(name: String, shown: String) {
        #expect(XMLText.isolate(name).unicodeScalars.elementsEqual(shown.unicodeScalars))
        #expect(XMLText.isIsolated(XMLText.isolate(name)))
    }

    /// Sessions of two configurations, `mode` off and on: (mode, latency in seconds) per session.
    private func store(_ name: String, sessions: [(mode: String, latency: Double)]) throws -> GestureDatabase {
        let folder = try TestScratch.newFolder("gesturelab-report-\(name)")
        return try CaptureLines.store([CaptureLines.header] + CaptureLines.modeSessions(sessions), named: name, in: folder)
    }

    /// The tester's case: a configuration value ending in U+202E reversed
    /// the page's own "92 touches" after it. Every time the name is written,
    /// in HTML text and in the plots' SVG text, title and desc alike, it is
    /// isolated; it never stands bare.
    @Test func everyNameWithARightToLeftOverrideIsIsolatedWhereverThePageWritesIt() throws {
        let name = "on\u{202E}"
        let database = try store("bidi", sessions: [("off", 0.004), ("off", 0.005), (#"on\u202e"#, 0.006), (#"on\u202e"#, 0.007)])
        let html = try database.connection.read { db in
            try HTMLReport.render(db, plans: [PlannedComparison(selection: ComparisonSelection(by: "mode"))], options: .init())
        }
        #expect(PageXML(html).error == nil)
        let bare = html.components(separatedBy: name).count - 1
        // Each time, the isolate ends right after it, so the override cannot
        // reach the text after it (the inventory isolates "mode=on…" whole).
        let closed = html.components(separatedBy: name + Self.pdi).count - 1
        #expect(bare >= 10, "the name is written in the table, the captions and the plots")
        #expect(closed == bare)
        #expect(html.components(separatedBy: Self.fsi + name + Self.pdi).count - 1 >= bare - 1)
        // The SVG text of the legends and the session strip too.
        let page = PageXML(html)
        let svgTexts = page.elements("text").map(\.text).filter { $0.contains(name) }
        #expect(!svgTexts.isEmpty && svgTexts.allSatisfy { $0.contains(Self.fsi + name + Self.pdi) })
    }

    /// A 60-character name fits neither a legend entry nor a session-strip
    /// row: SVG text does not wrap, so it is cut with an ellipsis and the
    /// whole name is the text's title; the page's HTML wraps long words and
    /// keeps each number on one line.
    @Test func longNamesAreCutInThePlotsAndWrapInThePage() throws {
        let long = String(repeating: "ObservationCallback", count: 3) + "Via"
        #expect(long.count == 60)
        let database = try store("long", sessions: [("off", 0.004), ("off", 0.005), (long, 0.006), (long, 0.007)])
        let html = try database.connection.read { db in
            try HTMLReport.render(db, plans: [PlannedComparison(selection: ComparisonSelection(by: "mode"))], options: .init())
        }
        let page = PageXML(html)
        #expect(page.error == nil)
        let whole = Self.fsi + long + Self.pdi
        for plot in ["c1-percentiles", "c1-cdf", "c1-order"] {
            #expect(page.elements("title", in: plot).map(\.text).contains("B: " + whole), "\(plot)")
            let legend = page.elements("text", in: plot).filter { $0.text.hasPrefix("B: " + whole) }
            #expect(legend.count == 1 && legend[0].text.hasSuffix("B: " + Self.fsi + long.prefix(29) + "\u{2026}" + Self.pdi),
                    "\(plot): \(legend.map(\.text))")
            // A's short name is whole, without a title.
            #expect(page.elements("text", in: plot).contains { $0.text == "A: " + Self.fsi + "off" + Self.pdi })
        }
        #expect(page.elements("title", in: "c1-sessions").map(\.text).contains(whole))
        #expect(page.elements("title", in: "c1-screen").map(\.text).contains("B: " + whole))
        #expect(page.elements("text", in: "c1-sessions").contains { $0.text == whole + Self.fsi + long.prefix(13) + "\u{2026}" + Self.pdi })
        #expect(html.contains("overflow-wrap: break-word"))
        #expect(html.contains("table.numbers td { white-space: nowrap; }"))
        #expect(XMLText.shortened("short", to: 14) == nil)
    }

    /// Every touch heard 4 ms after it began: none is slow, whatever half
    /// the colour scale is, and the map's caption says they are all alike.
    @Test func aMapOfEqualLatenciesCallsNoTouchSlow() throws {
        let database = try store("equal", sessions: [("off", 0.004), ("off", 0.004), ("on", 0.004), ("on", 0.004)])
        let html = try database.connection.read { db in
            try HTMLReport.render(db, plans: [PlannedComparison(selection: ComparisonSelection(by: "mode"))], options: .init())
        }
        let caption = PageXML.read(PageXML(html).elements("desc", in: "c1-screen").first?.text ?? "")
        #expect(caption.contains("A (off): 24 touches, all at 4.0 ms. B (on): 24 touches, all at 4.0 ms."), "\(caption)")
        #expect(!caption.contains("slow"))
    }

    /// Touches recorded off a 393-point-wide screen (x −5 and 400) are not
    /// drawn; its edges (0 and 393) are on it. The caption says how many
    /// were left out rather than count them among the slow ones.
    @Test func touchesOffTheScreenAreLeftOutOfTheMapAndCounted() throws {
        let size = (width: 393.0, height: 852.0)
        func touch(_ x: Double) -> TouchLatency {
            TouchLatency(latencyMs: 5, sessionID: 1, x: x, y: 100, screenWidth: size.width, screenHeight: size.height)
        }
        let touches = [touch(-5), touch(0), touch(200), touch(393), touch(400)]
        #expect(ScreenMap.placed(touches, on: size).map(\.x) == [0, 200, 393])
        #expect(ScreenMap.leftOut(touches, on: size).offScreen == 2)
    }

    /// B heard every touch 10 ms before it began (mixed clocks). The table
    /// says −10.0 ms; the plots reach it too, the map colours it as the
    /// lowest, not as 0 ms, and a warning says what it points at.
    @Test func negativeLatenciesAreOnEveryAxisAndTheMapAndAreWarnedAbout() throws {
        let database = try store("negative", sessions: [("off", 0.004), ("off", 0.004), ("on", -0.01), ("on", -0.01)])
        let html = try database.connection.read { db in
            try HTMLReport.render(db, plans: [PlannedComparison(selection: ComparisonSelection(by: "mode"))], options: .init())
        }
        let page = PageXML(html)
        #expect(page.error == nil)
        // The latency axes start at or below B's −10 ms.
        #expect(page.ticks(plot: "c1-percentiles", axis: "y").first?.value == -10)
        #expect(page.ticks(plot: "c1-cdf", axis: "x").first?.value == -10)
        #expect(page.ticks(plot: "c1-order", axis: "y").first?.value == -10)
        // B's markers lie inside the plot, not below its bottom edge.
        for marker in page.elements("circle", in: "c1-percentiles", class: "marker") {
            let cy = try #require(Double(marker.attributes["cy"] ?? ""))
            #expect(cy >= SVGFrame.plotTop && cy <= SVGFrame.plotBottom)
        }
        // The ramp runs from −10 ms (dark) to 4 ms (yellow).
        let fills = Dictionary(grouping: page.elements("circle", in: "c1-screen", class: "touch")) { $0.group ?? "" }
            .mapValues { Set($0.compactMap { $0.attributes["fill"] }) }
        #expect(fills["A"] == [ColorRamp.viridis.hex(at: 1)] && fills["B"] == [ColorRamp.viridis.hex(at: 0)])
        #expect(page.elements("text", in: "c1-screen").contains { $0.text == "-10.0 ms" })
        #expect(html.contains("0 of 24 latencies of \(Self.fsi)off\(Self.pdi) and 24 of 24 of \(Self.fsi)on\(Self.pdi) "
            + "are negative (the lowest -10.0 ms): the app heard of those touches before they began, which points at "
            + "a recorder mixing clocks. They are kept in every number and plot, not hidden."))
        // None negative: no such warning, and the axes start at 0.
        let positive = try store("positive", sessions: [("off", 0.004), ("off", 0.004), ("on", 0.01), ("on", 0.01)])
        let plain = try positive.connection.read { db in
            try HTMLReport.render(db, plans: [PlannedComparison(selection: ComparisonSelection(by: "mode"))], options: .init())
        }
        #expect(!plain.contains("are negative"))
        #expect(PageXML(plain).ticks(plot: "c1-percentiles", axis: "y").first?.value == 0)
    }
}
