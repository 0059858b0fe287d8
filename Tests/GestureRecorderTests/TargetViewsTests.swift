import Foundation
import Testing
@testable import GestureRecorder

/// Which declared view a touch hit, and declaring again, decided on plain
/// objects standing for views (a view and its `superview`).
struct TargetViewsTests {
    /// A view in a hierarchy: its name, for messages, and its parent.
    final class Node {
        let name: String
        let parent: Node?

        init(_ name: String, in parent: Node? = nil) {
            self.name = name
            self.parent = parent
        }
    }

    /// window > content > card (declared) > button (declared) > label; content > background.
    struct Screen {
        let window = Node("window")
        let content: Node
        let card: Node
        let button: Node
        let label: Node
        let title: Node
        let background: Node

        init() {
            content = Node("content", in: window)
            card = Node("card", in: content)
            button = Node("button", in: card)
            label = Node("label", in: button)
            title = Node("title", in: card)
            background = Node("background", in: content)
        }
    }

    static func targets(_ names: String...) throws -> [RecorderTarget] {
        let recorder = GestureRecorder()
        return try names.map { try recorder.declareTarget($0, frame: nil) }
    }

    @Test func aTouchHitsTheNearestDeclaredViewAtOrAboveItsView() throws {
        let screen = Screen()
        let targets = try Self.targets("card", "play")
        var views = TargetViews<Node>()
        #expect(views.hit(from: screen.label, superview: \.parent) == nil, "nothing declared: hit not recorded")
        views.add(screen.card, name: "card", target: targets[0], hitArea: nil)
        views.add(screen.button, name: "play", target: targets[1], hitArea: nil)
        let hits = [screen.label, screen.button, screen.title, screen.card, screen.background, screen.window, nil]
            .map { views.hit(from: $0, superview: \.parent) }
        #expect(hits == [.target(targets[1]), .target(targets[1]), .target(targets[0]), .target(targets[0]),
                         .noTarget, .noTarget, .noTarget])
    }

    @Test func declaringAgainKeepsTheTargetOrIsRefused() throws {
        let screen = Screen()
        let targets = try Self.targets("play", "earlier")
        var views = TargetViews<Node>()
        #expect(try views.declaration(of: screen.button, name: "play", declared: nil) == .declare)
        views.add(screen.button, name: "play", target: targets[0], hitArea: nil)
        // The same view and name again (a layout pass that declares again): moved, not added.
        #expect(try views.declaration(of: screen.button, name: "play", declared: targets[0]) == .redeclare(targets[0]))
        #expect(throws: RecorderError(.duplicateTarget, "cannot declare target \"card\": this view is already declared as \"play\"")) {
            try views.declaration(of: screen.button, name: "card", declared: nil)
        }
        #expect(throws: RecorderError(.duplicateTarget, "cannot declare target \"play\": another view is declared under that name")) {
            try views.declaration(of: screen.card, name: "play", declared: targets[0])
        }
        // A name the recorder knows from an earlier recording: kept.
        #expect(try views.declaration(of: screen.card, name: "earlier", declared: targets[1]) == .redeclare(targets[1]))
    }

    @Test func aNewViewTakesTheNameOfOneThatWasFreed() throws {
        let targets = try Self.targets("play")
        var views = TargetViews<Node>()
        do {
            let gone = Node("old button")
            views.add(gone, name: "play", target: targets[0], hitArea: TargetRect(x: -10, y: -10, width: 64, height: 64))
        }
        #expect(views.live.isEmpty)
        let rebuilt = Node("new button")
        #expect(try views.declaration(of: rebuilt, name: "play", declared: targets[0]) == .redeclare(targets[0]))
        views.add(rebuilt, name: "play", target: targets[0], hitArea: nil)
        #expect(views.live.map(\.view.name) == ["new button"])
        #expect(views.entry(of: targets[0])?.entry.hitArea == nil)
        #expect(views.hit(from: rebuilt, superview: \.parent) == .target(targets[0]))
    }

    /// A freed view's target is handed back once, to be removed from the
    /// recorder; stopping hands back every target.
    @Test func theTargetsOfFreedViewsAndOfAStoppedRecordingAreHandedBack() throws {
        let targets = try Self.targets("gone", "kept")
        let kept = Node("kept")
        var views = TargetViews<Node>()
        do {
            let gone = Node("gone")
            views.add(gone, name: "gone", target: targets[0], hitArea: nil)
        }
        views.add(kept, name: "kept", target: targets[1], hitArea: nil)
        #expect(views.removeGone() == [targets[0]])
        #expect(views.removeGone() == [])
        #expect(views.removeAll() == [targets[1]])
        #expect(views.live.isEmpty && views.hit(from: kept, superview: \.parent) == nil)
    }
}
