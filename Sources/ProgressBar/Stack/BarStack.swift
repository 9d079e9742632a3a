import ComponentSupport
import Shapes
import Timing
public import Typesetting

/// Every progress bar and player of a scene, with the ops of docs/protocol.md sections 4.2 and 4.3
/// and the bars' pointer gestures.
///
/// The Scene owns one ``Timeline`` and passes it in; each bar has its own root layer owned by
/// the bar's target, and each player's timers are tagged with the player's target, so the
/// Scene routes ``handle(timer:at:timeline:events:)`` and ``handle(stop:timeline:events:)``
/// by `owner` (``owns(_:)``). Time is always passed in; sampling (``draw(at:timeline:into:)``,
/// ``inspect(_:at:timeline:layers:)``) never changes anything.
///
/// Bars are drawn in creation order (the newest on top) and hit-tested front to back.
public struct BarStack: Equatable, Sendable {
    /// The fonts the tooltips are measured and drawn with.
    public let fonts: FontCatalog
    /// The bars, back to front (creation order).
    public internal(set) var bars: [ProgressBar] = []
    /// The players, in creation order.
    public internal(set) var players: [Player] = []

    /// The most bars (and, separately, players) one stack holds (`limit` beyond).
    public static let maximumComponents = 100

    /// An empty stack drawing its tooltips with `fonts`.
    public init(fonts: FontCatalog) {
        self.fonts = fonts
    }

    /// Stacks are equal when their bars and players are (the fonts are the scene's).
    public static func == (lhs: BarStack, rhs: BarStack) -> Bool {
        lhs.bars == rhs.bars && lhs.players == rhs.players
    }

    /// Every target id in use, bars first.
    public var targets: [String] { bars.map(\.target) + players.map(\.target) }

    /// Whether `target` names one of this stack's bars or players (a timeline event's owner).
    public func owns(_ target: String) -> Bool {
        bars.contains { $0.target == target } || players.contains { $0.target == target }
    }

    /// The bar named `target`.
    public func bar(_ target: String) -> ProgressBar? { bars.first { $0.target == target } }

    /// The player named `target`.
    public func player(_ target: String) -> Player? { players.first { $0.target == target } }

    func barIndex(_ target: String) throws(CommandError) -> Int {
        guard let index = bars.firstIndex(where: { $0.target == target }) else {
            throw CommandError(.unknownTarget, "no bar \"\(target)\"")
        }
        return index
    }

    func playerIndex(_ target: String) throws(CommandError) -> Int {
        guard let index = players.firstIndex(where: { $0.target == target }) else {
            throw CommandError(.unknownTarget, "no player \"\(target)\"")
        }
        return index
    }

    /// The index of the player driving the bar at `barIndex`, if any.
    func playerIndex(forBarAt barIndex: Int) -> Int? {
        let target = bars[barIndex].target
        return players.firstIndex { $0.options.bar == target }
    }

    func requireNew(_ target: String) throws(CommandError) {
        guard TargetID.isValid(target) else {
            throw .badField("target", "must be 1-64 of A-Za-z0-9_-, got \"\(target.prefix(40))\"")
        }
        if owns(target) { throw CommandError(.duplicateTarget, "target \"\(target)\" already exists") }
    }
}
