public import ComponentSupport
import HUD
import Navigation
import ProgressBar
import Refresh
public import Shapes
import Timing

extension Scene {
    /// Hands a timeline event to the component stack that owns it.
    mutating func route(_ event: TimelineEvent) {
        if Scene.offer(
            event, to: &huds, revision: &revisions.huds, timeline: &timeline, events: &pendingEvents,
            as: ComponentEvent.hud)
        {
            return
        }
        if Scene.offer(
            event, to: &bars, revision: &revisions.bars, timeline: &timeline, events: &pendingEvents,
            as: ComponentEvent.bar)
        {
            return
        }
        if Scene.offer(
            event, to: &scrolls, revision: &revisions.scrolls, timeline: &timeline, events: &pendingEvents,
            as: ComponentEvent.scroll)
        {
            return
        }
        _ = Scene.offer(
            event, to: &navs, revision: &revisions.navs, timeline: &timeline, events: &pendingEvents,
            as: ComponentEvent.nav)
    }

    private static func offer<Stack: ComponentStack>(
        _ event: TimelineEvent, to stack: inout Stack, revision: inout UInt64, timeline: inout Timeline,
        events: inout [TimedEvent<ComponentEvent>],
        as wrap: (Stack.Event) -> ComponentEvent
    ) -> Bool {
        var changed = revision
        let handled = lifting(&stack, revision: &changed, timeline: &timeline, events: &events, as: wrap) { s, t, e in
            s.handle(event, timeline: &t, events: &e)
        }
        // A stack that does not own the event leaves itself as it was (``ComponentStack``), so
        // it keeps its revision: a player's tick does not make the HUDs, offered it first, draw again.
        if handled { revision = changed }
        return handled
    }

    /// The display list at `time`, back to front: navigation stacks (the app's screens), scroll
    /// views with their refresh components, bars, then HUDs on top; with the phone chrome, its
    /// background first and its status bar and corners last.
    public func displayList(at time: Double) -> DisplayList {
        var shapes: [Shape] = []
        shapes.reserveCapacity(48)
        chrome?.drawBackground(into: &shapes)
        navs.draw(at: time, timeline: timeline, into: &shapes)
        scrolls.draw(at: time, timeline: timeline, into: &shapes)
        bars.draw(at: time, timeline: timeline, into: &shapes)
        huds.draw(at: time, timeline: timeline, into: &shapes)
        chrome?.drawOverlay(at: time, into: &shapes)
        return DisplayList(size: canvas, shapes: shapes)
    }

    /// Draws the display list at `time` into `list`, a segment per component in the order of
    /// ``displayList(at:)``, whose shapes it gives exactly: a component whose key is the one it
    /// had in `list`'s last frame keeps its shapes (docs/architecture.md, "Incremental
    /// rendering"). Keep one list per scene; the server draws every paced frame this way.
    ///
    /// Never changes the scene. `mutating` so that the scene is passed by address: called as a
    /// non-mutating method with the `inout` list, Swift copied the whole scene (624 bytes, ten
    /// cache lines) to the stack first, every frame.
    public mutating func draw(at time: Double, into list: inout IncrementalDisplayList) {
        list.begin(size: canvas)
        let sceneRevision = revisions.scene
        if hasChrome, let chrome {
            list.segment(key: { $0.add(sceneRevision) }) { chrome.drawBackground(into: &$0) }
        }
        navs.draw(at: time, timeline: timeline, revision: revisions.navs, into: &list)
        scrolls.draw(at: time, timeline: timeline, revision: revisions.scrolls, into: &list)
        bars.draw(at: time, timeline: timeline, revision: revisions.bars, into: &list)
        huds.draw(at: time, timeline: timeline, revision: revisions.huds, into: &list)
        if hasChrome, let chrome {
            list.segment(key: { chrome.writeOverlayKey(at: time, scene: sceneRevision, into: &$0) }) {
                chrome.drawOverlay(at: time, into: &$0)
            }
        }
        list.end()
    }

    /// The state of the component `target` at `time`.
    /// - Throws: `unknown_target` when no component has that target.
    public func inspect(_ target: String, at time: Double) throws(CommandError) -> ComponentInspection {
        if let hud = huds.inspect(target, at: time, timeline: timeline) { return .hud(hud) }
        if let bar = bars.inspect(target, at: time, timeline: timeline) { return .bar(bar) }
        if let scroll = scrolls.inspect(target, at: time, timeline: timeline) { return .scroll(scroll) }
        if let nav = navs.inspect(target, at: time, timeline: timeline) { return .nav(target: target, nav) }
        throw CommandError(.unknownTarget, "no component \"\(target)\"")
    }

    /// Every component's state at `time`: HUDs back to front, then bars and players, scroll
    /// views and refresh components, navigation stacks.
    public func inspectAll(at time: Double) -> [ComponentInspection] {
        huds.inspectAll(at: time, timeline: timeline).map(ComponentInspection.hud)
            + bars.inspectAll(at: time, timeline: timeline).map(ComponentInspection.bar)
            + scrolls.targets.compactMap {
                scrolls.inspect($0, at: time, timeline: timeline).map(ComponentInspection.scroll)
            }
            + navs.targets.compactMap { target in
                navs.inspect(target, at: time, timeline: timeline).map { .nav(target: target, $0) }
            }
    }

    /// Whether the display list may change after `time` without another command (an animation
    /// is running on an unfrozen layer, or a timer is pending; or the phone chrome's clock, which
    /// turns every minute, is drawn). Used to skip sampling idle scenes.
    public func mayChange(after time: Double) -> Bool {
        hasChrome || timeline.nextEventTime() != nil || timeline.hasRunningAnimations(at: time)
    }

    /// Refuses a new component when the target is taken by another kind or the scene is full.
    func admitNew(_ target: String, existsAlready: Bool) throws(CommandError) {
        if existsAlready { return }
        if huds.contains(target) || bars.owns(target) || scrolls.owns(target) || navs.owns(target) {
            throw CommandError(.duplicateTarget, "target \"\(target)\" is already used by another component")
        }
        guard targets.count < componentLimit else {
            throw CommandError(
                .limit, "a session holds at most \(componentLimit) component\(componentLimit == 1 ? "" : "s")")
        }
    }
}
