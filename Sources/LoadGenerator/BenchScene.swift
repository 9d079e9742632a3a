import Foundation

/// The scenes the benchmarks build (docs/benchmarks.md): the demo scene (``DemoScene``), a
/// scroll view with a refreshing MJRefresh header under a HUD, and a navigation stack in the
/// middle of an animated push.
///
/// Like ``DemoScene``, every scene is JSON text exactly as a client sends it, so the engine
/// benchmark (which applies the ops to a `SessionCore`) and the load generator (which sends them
/// over a WebSocket) build the same scene.
public enum BenchScene: String, CaseIterable, Sendable {
    /// ``DemoScene``: an indeterminate HUD with a label and details over a bar driven by a
    /// playing one-hour player.
    case demo
    /// A plain table (a scroll view over the whole 375 x 667 canvas, 100 rows of 30 pt: 20 rows
    /// visible under the 54 pt header) whose MJRefresh header has been pulled down past its
    /// height and released, so it is Refreshing with its spinner turning (its simulated load
    /// lasts an hour); an indeterminate HUD with a label and details animates on top.
    case scroll
    /// A navigation stack over the canvas (bar and 30 rows of 44 pt per screen) with a second
    /// screen being pushed, animated (0.35 s): both screens, the dimming view, the edge shadow
    /// and the two bars' items cross-fading.
    case navigation

    /// The scene ops after `session.create`, in order. The ops of ``scroll`` are the pull
    /// gesture (pointer down, moves, up): ``opStepMicroseconds`` apart in the engine benchmark.
    public var sceneOps: [String] {
        switch self {
        case .demo: DemoScene.sceneOps
        case .scroll: BenchScene.scrollOps
        case .navigation: [BenchScene.navCreateOp, BenchScene.navPushOp]
        }
    }

    /// Media time between two consecutive ``sceneOps`` when the engine benchmark applies them
    /// (0: all at time 0). The scroll scene's pull is a finger moving at 60 Hz.
    public var opStepMicroseconds: Int64 {
        self == .scroll ? 16_667 : 0
    }

    /// Ops that start the scene's animation over (applied untimed, at the current time): the
    /// navigation scene pops the pushed screen without animation and pushes it again, animated.
    /// Empty for scenes that animate for an hour by themselves.
    public var restartOps: [String] {
        self == .navigation ? [BenchScene.navPopOp, BenchScene.navPushOp] : []
    }

    /// The ops a load-generator session sends after `session.create`: ``sceneOps``, plus the
    /// demo's playing bar (and, for the navigation scene, the demo's HUD `h1` that the timed label
    /// command changes), so every scene changes on every frame like the demo: the server part's
    /// fps then measures the server, not how often a scene happens to change (a refreshing
    /// spinner alone steps 12 times a second), and every scene shows
    /// ``DemoScene/labelMarker(_:encoding:)`` the same way.
    public var loadOps: [String] {
        switch self {
        case .demo: sceneOps
        case .scroll: sceneOps + Array(DemoScene.sceneOps[1...])
        case .navigation: sceneOps + DemoScene.sceneOps
        }
    }

    /// The load mix's scene for connection `index`: connections take ``allCases`` (or the given
    /// list) in turn, so with all three every third session uses the scroll scene and every
    /// third the navigation scene.
    public static func forConnection(_ index: Int, mix: [BenchScene]) -> BenchScene {
        mix.isEmpty ? .demo : mix[index % mix.count]
    }

    /// Parses a comma-separated list of scene names (`demo,scroll,navigation`); nil when a name
    /// is unknown or the list is empty.
    public static func parseMix(_ text: String) -> [BenchScene]? {
        var scenes: [BenchScene] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let scene = BenchScene(rawValue: name) else { return nil }
            scenes.append(scene)
        }
        return scenes.isEmpty ? nil : scenes
    }

    // MARK: The ops

    private static let scrollOps: [String] =
        [
            #"{"op":"scroll.create","target":"s1","frame":{"x":0,"y":0,"width":375,"height":667},"rows":{"count":100,"height":30,"title":"Row %d"}}"#,
            #"{"op":"refresh.create","target":"r1","scroll":"s1","kind":"header","loadDuration":3600}"#,
            // The pull: down inside the table, 200 pt down in 20 pt steps (the content follows
            // rubber-banded, well past the 54 pt header), up. Before the HUD, which would take the pointer.
            #"{"op":"pointer","phase":"down","x":180,"y":200}"#,
        ] + (1...10).map { #"{"op":"pointer","phase":"move","x":180,"y":\#(200 + 20 * $0)}"# } + [
            #"{"op":"pointer","phase":"up","x":180,"y":400}"#,
            #"{"op":"hud.show","target":"h1","mode":"indeterminate","label":"Loading","details":"Refreshing the list"}"#,
        ]

    private static let navCreateOp =
        #"{"op":"nav.create","target":"n1","screens":[{"id":"inbox","title":"Inbox","rows":{"count":30,"height":44,"title":"Message %d"}}]}"#
    private static let navPushOp =
        ##"{"op":"nav.push","target":"n1","animated":true,"screen":{"id":"detail","title":"Detail","color":"#f2f2f7","rows":{"count":30,"height":44,"title":"Item %d"}}}"##
    private static let navPopOp = #"{"op":"nav.pop","target":"n1","animated":false}"#
}
