public import ComponentSupport
import Geometry
public import ScrollView
import Shapes
import Timing
public import Typesetting

/// Every scroll view of a scene and the MJRefresh components attached to them
/// (``ComponentStack``): typed commands at media times on the Scene's one ``Timeline``.
///
/// Each scroll view and each component owns a layer (owner = its target); the components'
/// timers are tagged with their targets. Time is always passed in; sampling never changes
/// anything. Scroll views are drawn in creation order (the newest on top) and hit-tested front
/// to back.
public struct ScrollStack: ComponentStack {
    public typealias Ack = Void

    /// The scroll views, back to front.
    public internal(set) var scrollViews: [ScrollView] = []
    /// The refresh components, in creation order.
    public internal(set) var components: [RefreshComponent] = []
    /// The phase last reported by a `scroll.state` event, per scroll view (absent: idle).
    /// Looked up by target only, never iterated.
    var reportedPhases: [String: ScrollPhase] = [:]
    /// The session's wall clock (for the last-updated label).
    public let date: SessionDate
    /// Measures label widths (the arrow sits left of the widest label); nil estimates them.
    let fonts: FontCatalog?

    /// The most scroll views (and, separately, refresh components) one stack holds.
    public static let maximumComponents = 100

    /// An empty stack with the session's clock and the fonts labels are measured with.
    public init(date: SessionDate = SessionDate(), fonts: FontCatalog? = nil) {
        self.date = date
        self.fonts = fonts
    }

    public var targets: [String] { scrollViews.map(\.target) + components.map(\.target) }

    public func owns(_ target: String) -> Bool {
        scrollViews.contains { $0.target == target } || components.contains { $0.target == target }
    }

    /// The scroll view named `target`.
    public func scrollView(_ target: String) -> ScrollView? { scrollViews.first { $0.target == target } }

    /// The refresh component named `target`.
    public func component(_ target: String) -> RefreshComponent? { components.first { $0.target == target } }

    func scrollIndex(_ target: String) throws(CommandError) -> Int {
        guard let index = scrollViews.firstIndex(where: { $0.target == target }) else {
            throw CommandError(.unknownTarget, "no scroll view \"\(target)\"")
        }
        return index
    }

    func componentIndex(_ target: String) throws(CommandError) -> Int {
        guard let index = components.firstIndex(where: { $0.target == target }) else {
            throw CommandError(.unknownTarget, "no refresh component \"\(target)\"")
        }
        return index
    }

    /// The indices of the components attached to the scroll view `scroll`, in creation order.
    func attached(to scroll: String) -> [Int] {
        components.indices.filter { components[$0].scroll == scroll }
    }

    /// The index of the scroll view a component is attached to.
    func scrollIndex(of component: Int) -> Int? {
        let name = components[component].scroll
        return scrollViews.firstIndex { $0.target == name }
    }

    func requireNew(_ target: String) throws(CommandError) {
        guard TargetID.isValid(target) else {
            throw .badField("target", "must be 1-64 of A-Za-z0-9_-, got \"\(target.prefix(40))\"")
        }
        if owns(target) { throw CommandError(.duplicateTarget, "target \"\(target)\" already exists") }
    }
}
