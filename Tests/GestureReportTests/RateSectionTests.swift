import Foundation
import GRDB
import TestScratch
import Testing
@testable import GestureAnalysis
@testable import GestureReport

/// The demo report's outcome sections (seed 004): the rates with their
/// intervals, the map of touch-downs against the targets' frames and hit
/// areas, the trade-off of start latency against false starts, each
/// checked against the store; and the map as headless Chromium draws it.
@Suite struct RateSectionTests {
    /// The demo's touch-delay false starts and hit-area reach: the sections after its five latency comparisons.
    private static let falseStarts = "c6", reached = "c7"

    private func counts(_ sql: String, _ made: DemoStore.Made) throws -> [String] {
        try made.database.connection.read { db in try String.fetchAll(db, sql: sql) }
    }

    @Test func theRateSectionsFollowTheLatencyOnes() throws {
        let page = PageXML(try DemoStore.get().html)
        let sections = page.elements("section", class: "rates")
        #expect(sections.map { $0.attributes["id"] ?? "" } == [Self.falseStarts, Self.reached])
        #expect(sections.map { $0.attributes["data-metric"] ?? "" } == ["false-start", "reached"])
    }

    /// k/n per group as the store counts them, and each rate's Wilson
    /// interval and B − A's intervals exactly as the comparison computed them.
    @Test func theRatesTableShowsCountsAndIntervals() throws {
        let made = try DemoStore.get()
        let byGroup = try counts("""
            SELECT value || ' ' || sum(reached) || '/' || count(*) FROM outcomes JOIN session_config USING (session_id)
            WHERE experiment = 'hit-area' AND key = 'hit_area' GROUP BY value ORDER BY value DESC
            """, made)
        let comparison = try #require(made.report.findings[5].rate)
        #expect(byGroup == ["frame \(comparison.a.successes)/\(comparison.a.trials)",
                            "44pt \(comparison.b.successes)/\(comparison.b.trials)"])
        let starts = try counts("""
            SELECT value || ' ' || sum(false_start) || '/' || count(*) FROM starts JOIN session_config USING (session_id)
            WHERE experiment = 'touch-delay' AND key = 'touch_delay' GROUP BY value ORDER BY value
            """, made)
        let delay = try #require(made.report.findings[4].rate)
        #expect(starts == ["false \(delay.a.successes)/\(delay.a.trials)", "true \(delay.b.successes)/\(delay.b.trials)"])

        let html = made.html
        for rate in [comparison, delay] {
            for group in [rate.a, rate.b] {
                let wilson = try group.wilson.get()
                let cell = "\(RateText.percent(wilson.rate)) [\(RateText.percent(wilson.lower)), \(RateText.percent(wilson.upper))]"
                #expect(html.contains("<td>\(XMLText.escape(cell))</td>"), "missing \(cell)")
            }
            let delta = try rate.delta.get(), newcombe = try rate.newcombe.get()
            #expect(html.contains("[\(RateText.points(delta.low)), \(RateText.points(delta.high))]"))
            #expect(html.contains("[\(RateText.points(newcombe.lower)), \(RateText.points(newcombe.upper))] (Newcombe, touches pooled)"))
        }
        #expect(html.contains("<td class=\"verdict text\" colspan=\"4\">B better (by session)</td>"))
    }

    @Test func theMapHasOneMarkPerTouchDownAndDrawsTheHitAreas() throws {
        let made = try DemoStore.get()
        let page = PageXML(made.html)
        let plot = "\(Self.reached)-outcomes"
        let expected = try counts("""
            SELECT value || ' ' || count(*) || ' ' || sum(reached) FROM outcomes JOIN session_config USING (session_id)
            WHERE experiment = 'hit-area' AND key = 'hit_area' GROUP BY value ORDER BY value DESC
            """, made)
        var drawn: [String] = []
        for (group, label) in [("A", "frame"), ("B", "44pt")] {
            let marks = (page.elements("circle", in: plot, class: "touch") + page.elements("path", in: plot, class: "touch"))
                .filter { $0.group == group }
            let reached = marks.filter { ($0.attributes["class"] ?? "").contains("reached") }.count
            drawn.append("\(label) \(marks.count) \(reached)")
            // Five icons in every session: one frame each; hit areas only where they were enlarged.
            #expect(page.elements("rect", in: plot, class: "target-frame").filter { $0.group == group }.count == 5)
            #expect(page.elements("rect", in: plot, class: "hit-area").filter { $0.group == group }.count
                == (group == "B" ? 5 : 0))
        }
        #expect(drawn == expected)
        // Touches the hit-test gave to a neighbour in the overlap of enlarged areas are marked apart.
        let another = try counts("""
            SELECT count(*) FROM outcomes WHERE experiment = 'hit-area' AND hit <> '' AND hit <> target
            """, made)
        #expect(String(page.elements("path", in: plot, class: "another").count) == another.first)
    }

    /// A group of more touch-downs than a panel draws one by one (the
    /// demo's, each repeated at a few fixed offsets): its marks stand for
    /// every touch-down, per outcome, and the caption says how they are drawn.
    @Test func aCrowdedMapGathersTouchesIntoMarksThatAddUp() throws {
        let made = try DemoStore.get()
        let section = try made.database.connection.read { db -> RateSection in
            let plan = try #require(try ReportSuggestions.plans(db, alpha: 0.05).first { $0.selection.outcome == .reached })
            return try #require(try RateSection.make(plan, options: .init(alpha: 0.05, seed: 1, unit: .session), in: db).first)
        }
        var crowded = section
        for keyPath in [\RateSection.mapA, \RateSection.mapB] {
            var map = try #require(crowded[keyPath: keyPath])
            map.touches = (0..<40).flatMap { copy in
                map.touches.map { touch in
                    var moved = touch
                    moved.x += Double(copy % 8) * 0.7
                    moved.y += Double(copy / 8) * 0.9
                    return moved
                }
            }
            crowded[keyPath: keyPath] = map
        }
        let figure = try #require(OutcomeMap.figure(crowded, id: "crowded"))
        let page = PageXML("<html><body>" + figure.html + "</body></html>")
        for (group, map) in [("A", crowded.mapA!), ("B", crowded.mapB!)] {
            #expect(map.touches.count > OutcomeMarks.maximumMarks)
            let marks = (page.elements("circle", in: "crowded", class: "touch") + page.elements("path", in: "crowded", class: "touch"))
                .filter { $0.group == group }
            #expect(marks.count <= OutcomeMarks.maximumMarks)
            func total(_ marks: [PageXML.Element]) -> Int { marks.map { Int($0.attributes["data-count"] ?? "") ?? 0 }.reduce(0, +) }
            func having(_ name: String) -> [PageXML.Element] { marks.filter { ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(name)) } }
            #expect(total(marks) == map.touches.count)
            #expect(total(having("reached")) == map.touches.filter(\.reached).count)
            #expect(total(having("another")) == map.touches.filter(\.hitAnother).count)
        }
        #expect(figure.caption.contains("touch-downs are drawn as"))
    }

    @Test func theTradeOffSetsStartLatencyBesideFalseStarts() throws {
        let made = try DemoStore.get()
        let expected = try counts("""
            SELECT value || ' ' || count(*) || ' ' || median(start_ms) || ' ' || percentile(start_ms, 95)
            FROM starts JOIN session_config USING (session_id)
            WHERE experiment = 'touch-delay' AND key = 'touch_delay' GROUP BY value ORDER BY value
            """, made)
        let html = PageXML.read(made.html)
        for (group, row) in zip(["A: false", "B: true"], expected) {
            let parts = row.split(separator: " ")
            let p50 = try #require(Double(parts[2])), p95 = try #require(Double(parts[3]))
            #expect(html.contains("<th>\(group)</th><td>\(parts[1])</td><td>\(ReportFormat.milliseconds(p50))</td>"
                + "<td>\(ReportFormat.milliseconds(p95))</td>"), "trade-off row \(group)")
        }
        #expect(html.contains("<h3>Trade-off: start latency against false starts</h3>"))
    }

    @Test func withoutASelectionTheStoreSuggestsTheOutcomeComparisons() throws {
        let made = try DemoStore.get()
        let html = try made.database.connection.read { db in try HTMLReport.render(db, plans: nil, options: .init()) }
        let headings = PageXML(html).elements("h2").map { PageXML.read($0.text) }
        #expect(headings.contains("hit-area: hit_area, touches reaching their nearest target"))
        #expect(headings.contains("touch-delay: touch_delay, false starts"))
        #expect(headings.contains("touch-delay: touch_delay, touches reaching their nearest target"))
        #expect(!headings.contains("hit-area: hit_area, false starts"), "no start of hit-area was false")
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The map as a browser draws it: the outcome map alone on a page with
    /// the report's stylesheet, screenshotted by headless Chromium; the
    /// reached dots (#009e73), the missed rings (#d55e00) and the enlarged
    /// areas' tint must all be there in pixels. Tests/Reference/png_colors.py
    /// counts them.
    /// Outside CI the test skips without a browser; in CI (`CI=true`, where
    /// .ci/run installs Debian's chromium) it runs and fails without one.
    @Test(.enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] == "true",
                   "needs Debian's chromium (apt-get install -y chromium)"))
    func headlessChromiumDrawsTheMapAndTheRates() throws {
        let chromium = try #require(Self.chromium, "CI=true but chromium is not installed: .ci/run installs it")
        let made = try DemoStore.get()
        let html = made.html
        let start = try #require(html.range(of: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" id=\"\(Self.reached)-outcomes\""))
        let end = try #require(html.range(of: "</svg>", range: start.upperBound..<html.endIndex))
        let table = try #require(html.range(of: "<table class=\"numbers rates\">", range: html.range(of: "id=\"\(Self.reached)\"")!.upperBound..<html.endIndex))
        let tableEnd = try #require(html.range(of: "</table>", range: table.upperBound..<html.endIndex))
        let folder = try ScratchFolder()
        let page = folder.path("map.html")
        try ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"/><style>\(ReportStyle.css)\n"
            + "body { background: #ffffff; } svg.plot { width: 520px; }</style></head><body>"
            + String(html[start.lowerBound..<end.upperBound]) + String(html[table.lowerBound..<tableEnd.upperBound])
            + "</body></html>").write(toFile: page, atomically: true, encoding: .utf8)

        let shot = folder.path("map.png")
        let profile = folder.path("profile")
        try run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                 "--force-color-profile=srgb", "--force-prefers-color-scheme=light",
                                 "--user-data-dir=\(profile)", "--window-size=560,900", "--screenshot=\(shot)",
                                 "file://\(page)"])
        let colours = try run("/usr/bin/python3", [referenceScript("png_colors.py"), shot, "009e73:24", "d55e00:40",
                                                   "0072b2:60"])
        let counted = Dictionary(uniqueKeysWithValues: colours.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (String(parts[0]), Int(parts[1]) ?? 0)
        })
        #expect((counted["009e73"] ?? 0) > 200, "reached dots drawn: \(colours)")
        #expect((counted["d55e00"] ?? 0) > 50, "missed rings drawn: \(colours)")
        #expect((counted["0072b2"] ?? 0) > 20, "hit areas drawn: \(colours)")

        // The rates as the browser laid them out: the table's text in the DOM it built.
        let dom = try run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
                                           "--dump-dom", "file://\(page)"])
        #expect(dom.contains("rate, Wilson 95 %") && dom.contains("(Newcombe, touches pooled)"))
    }

    private func referenceScript(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference").appendingPathComponent(name).path
    }

    /// Runs a program and returns its standard output; throws on a non-zero exit.
    @discardableResult
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable) exited \(process.terminationStatus)"])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
