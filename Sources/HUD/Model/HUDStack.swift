public import ComponentSupport
public import Geometry
public import Timing
public import Typesetting

/// All the HUDs of one scene, back to front (newest on top), on the scene's timeline.
///
/// The scene owns the timeline and drives it: every mutating call takes the media time it
/// happens at and appends the events it causes (`hud.appeared`, `hud.hidden`,
/// `hud.suppressed`, `hud.button`, each at its exact time) to `events`. For each event that
/// `timeline.nextEvent(upTo:)` yields, the scene calls ``handle(_:timeline:events:)``, which
/// returns false for events that are not a live HUD's. Sampling (``draw(at:timeline:into:)``,
/// ``inspect(target:at:timeline:)``, ``hitTest(_:)``) never changes anything. Nothing here
/// reads a clock.
public struct HUDStack: Sendable {
    /// Measures the labels (the fonts the page draws with).
    public let text: TextLayout
    /// The canvas the HUDs cover.
    public private(set) var canvas: Size
    /// Back to front.
    private(set) var huds: [HUD] = []
    private var nextSerial = 0
    /// Pointers a HUD took on their down (its button, or swallowed), until up or cancel.
    var pointerClaims: [HUDPointerClaim] = []

    /// An empty stack over a canvas, measuring text with `text` (share one `TextLayout`).
    public init(canvas: Size, text: TextLayout) {
        self.canvas = canvas
        self.text = text
    }

    // MARK: Queries

    /// The HUDs' targets, back to front.
    public var targets: [String] { huds.map(\.target) }

    /// Whether a HUD with this target is in the stack (hidden ones kept by removeOnHide false included).
    public func contains(_ target: String) -> Bool { index(of: target) != nil }

    /// The HUD's phase (inspect's `state`), or nil when there is no such HUD.
    public func phase(of target: String) -> HUDPhase? { index(of: target).map { huds[$0].phase } }

    /// MBProgressHUD's `HUDForView:` (1.2): the topmost HUD that is not hidden and was not asked
    /// to hide. A queued HUD (`queue: true`, not MBProgressHUD's) waits off screen, so one that is
    /// not queued comes first: "hide" without a target means the HUD the user sees.
    public var topmostActive: String? {
        (huds.last { $0.phase.isActive && !$0.finished && $0.phase != .queued }
            ?? huds.last { $0.phase.isActive && !$0.finished })?.target
    }

    /// The HUD's laid-out frames, or nil when there is no such HUD.
    public func frames(of target: String) -> HUDFrames? {
        index(of: target).map { HUDFrames(huds[$0].layout) }
    }

    private func index(of target: String) -> Int? { huds.firstIndex { $0.target == target } }

    // MARK: Commands

    /// `hud.show`: creates the HUD over the whole canvas (or reuses the one with this target,
    /// even while it hides: it then reverses), applies `properties` and shows it. A re-shown
    /// hidden HUD comes to the front. With `queue: true` it waits until every HUD active now has
    /// hidden (MBProgressHUD #204).
    /// - Throws: `limit` beyond ``HUDLimits/maxHUDs`` HUDs.
    public mutating func show(
        target: String, properties: HUDProperties = HUDProperties(), animated: Bool = true,
        at time: Double, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>]
    ) throws(CommandError) {
        // A HUD shown again after a status has MBProgressHUD's one-line label again.
        var properties = properties
        properties.wrapsLabel = properties.wrapsLabel ?? false
        let i = try prepare(target: target, properties: properties, at: time, timeline: &timeline)
        let awaiting = queueAwaiting(for: i)
        huds[i].show(animated: animated, awaiting: awaiting, timeline: &timeline, events: &events, at: time)
        settle(at: time, timeline: &timeline, events: &events)
    }

    /// `hud.update`: changes properties of a HUD (mode changes rebuild the indicator).
    /// - Throws: `unknown_target`.
    public mutating func update(
        target: String, properties: HUDProperties, at time: Double,
        timeline: inout Timeline
    ) throws(CommandError) {
        guard let i = index(of: target) else { throw HUDStack.unknown(target) }
        huds[i].apply(properties, canvas: canvas, text: text, timeline: &timeline, at: time)
    }

    /// `hud.hide`: hides `target`, or without one the topmost HUD not already asked to hide
    /// (MBProgressHUD's `hideHUDForView:`), at once or after `afterDelay` seconds. A hide during
    /// the grace time suppresses the HUD; one before `minShowTime` has elapsed is deferred.
    /// - Returns: the target it applies to.
    /// - Throws: `unknown_target`, or `not_found` when no HUD can be hidden.
    @discardableResult
    public mutating func hide(
        target: String? = nil, animated: Bool = true, afterDelay: Double = 0, at time: Double,
        timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>]
    ) throws(CommandError) -> String {
        let chosen: String
        if let target {
            guard contains(target) else { throw HUDStack.unknown(target) }
            chosen = target
        } else {
            guard let top = topmostActive else { throw CommandError(.notFound, "there is no HUD to hide") }
            chosen = top
        }
        if let i = index(of: chosen) {
            huds[i].hide(
                animated: animated, afterDelay: afterDelay.clamped(to: HUDLimits.time, else: 0),
                timeline: &timeline, events: &events, at: time)
        }
        settle(at: time, timeline: &timeline, events: &events)
        return chosen
    }

    /// `hud.hideAll`: hides every HUD that is not hidden or already hiding, front to back.
    /// - Returns: how many were asked to hide.
    @discardableResult
    public mutating func hideAll(
        animated: Bool = true, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>]
    ) -> Int {
        let chosen = huds.reversed().filter { $0.phase.isActive && $0.phase != .hiding }.map(\.target)
        for target in chosen {
            if let i = index(of: target) {
                huds[i].hide(animated: animated, afterDelay: 0, timeline: &timeline, events: &events, at: time)
            }
        }
        settle(at: time, timeline: &timeline, events: &events)
        return chosen.count
    }

    /// `hud.status` (SVProgressHUD's `showSuccess/Error/InfoWithStatus:`): the HUD `target` (by
    /// default the topmost active HUD, else a new one named "status") switches to custom mode
    /// with the kind's icon and `text` as its label (details and button cleared; a text too wide
    /// for one line wraps, as SVProgressHUD's status label does, see ``HUDLayout``), shows, and
    /// hides `duration` seconds after its show animation completes; without a duration,
    /// SVProgressHUD's `displayDurationForString:` (see ``HUDStatusDuration``).
    /// - Returns: the target and the duration used.
    @discardableResult
    public mutating func status(
        target: String? = nil, kind: HUDStatusKind, text statusText: String, duration: Double? = nil,
        animated: Bool = true, at time: Double, timeline: inout Timeline,
        events: inout [TimedEvent<HUDEvent>]
    ) throws(CommandError) -> (target: String, duration: Double) {
        let chosen = target ?? topmostActive ?? HUDStack.defaultStatusTarget
        let seconds =
            duration.map { $0.clamped(to: HUDLimits.time, else: 0) } ?? HUDStatusDuration.seconds(for: statusText)
        var patch = HUDProperties(mode: .custom, label: statusText, details: "", button: "", customView: kind.icon)
        patch.wrapsLabel = true
        let i = try prepare(target: chosen, properties: patch, at: time, timeline: &timeline)
        let awaiting = queueAwaiting(for: i)
        huds[i].status(
            duration: seconds, animated: animated, awaiting: awaiting, timeline: &timeline, events: &events, at: time)
        settle(at: time, timeline: &timeline, events: &events)
        return (chosen, seconds)
    }

    /// The target a status without one creates (SVProgressHUD is a singleton).
    public static let defaultStatusTarget = "status"

    /// Changes the canvas size; every HUD is laid out again.
    public mutating func setCanvas(_ size: Size) {
        canvas = size
        for i in huds.indices { huds[i].relayout(canvas: size, text: text) }
    }

    // MARK: Button

    /// Marks the button pressed or released (MBProgressHUDRoundedButton's highlight).
    public mutating func setButtonHighlighted(target: String, _ highlighted: Bool) {
        guard let i = index(of: target) else { return }
        huds[i].buttonHighlighted = highlighted && huds[i].layout.buttonFrame != nil
    }

    /// A completed tap on the HUD's button: emits `hud.button` {`title`} at `time` if the button
    /// is shown and the HUD is showing or shown.
    /// - Returns: whether the event was emitted.
    @discardableResult
    public mutating func tapButton(target: String, at time: Double, events: inout [TimedEvent<HUDEvent>]) -> Bool {
        guard let i = index(of: target) else { return false }
        huds[i].buttonHighlighted = false
        let hud = huds[i]
        guard hud.phase == .showing || hud.phase == .shown, hud.layout.buttonFrame != nil else { return false }
        events.append(TimedEvent(time: time, target: target, .button(title: hud.config.button)))
        return true
    }

    // MARK: Timeline events

    /// Routes a timeline event to the HUD that owns it (timers and animation stops).
    /// - Returns: false when no HUD in the stack owns it (the scene may route it elsewhere or
    ///   drop it: events of removed HUDs land here too).
    @discardableResult
    public mutating func handle(
        _ event: TimelineEvent, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>]
    ) -> Bool {
        switch event {
        case let .timer(id, tag, time):
            guard let i = index(of: tag.owner) else { return false }
            huds[i].handleTimer(id, at: time, timeline: &timeline, events: &events)
            settle(at: time, timeline: &timeline, events: &events)
        case let .animationStopped(stop):
            guard let i = huds.firstIndex(where: { $0.target == stop.owner && $0.layers.contains(stop.layer) }) else {
                return false
            }
            huds[i].handleStop(stop, timeline: &timeline, events: &events)
            settle(at: stop.time, timeline: &timeline, events: &events)
        }
        return true
    }

    // MARK: Internals

    static func unknown(_ target: String) -> CommandError {
        CommandError(.unknownTarget, "no HUD with target \"\(target)\"")
    }

    /// The index of the HUD `target` with `properties` applied, creating it (on top) when new,
    /// and bringing a hidden one to the front.
    private mutating func prepare(
        target: String, properties: HUDProperties, at time: Double,
        timeline: inout Timeline
    ) throws(CommandError) -> Int {
        if let i = index(of: target) {
            huds[i].apply(properties, canvas: canvas, text: text, timeline: &timeline, at: time)
            guard huds[i].phase == .hidden, i != huds.count - 1 else { return i }
            let hud = huds.remove(at: i)
            huds.append(hud)
            return huds.count - 1
        }
        guard huds.count < HUDLimits.maxHUDs else {
            throw CommandError(.limit, "at most \(HUDLimits.maxHUDs) HUDs per scene")
        }
        var config = HUDConfiguration()
        config.apply(properties)
        nextSerial += 1
        huds.append(
            HUD(
                target: target, serial: nextSerial, config: config, canvas: canvas, text: text, timeline: &timeline,
                at: time))
        return huds.count - 1
    }

    /// The serials a HUD about to show must wait for: with `queue`, every other active HUD.
    private func queueAwaiting(for i: Int) -> [Int] {
        guard huds[i].config.queue, huds[i].phase == .hidden else { return [] }
        return huds.enumerated().filter { $0.offset != i && $0.element.phase.isActive }.map(\.element.serial)
    }

    /// After a change: removes hidden HUDs with removeOnHide (and their layers), then starts
    /// queued HUDs whose predecessors have all hidden, until nothing changes.
    private mutating func settle(at time: Double, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>]) {
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < huds.count {
                if huds[i].phase == .hidden && huds[i].config.removeOnHide {
                    timeline.removeLayer(huds[i].layers.root, at: time)
                    huds.remove(at: i)
                    changed = true
                } else {
                    i += 1
                }
            }
            let active = Set(huds.filter { $0.phase.isActive }.map(\.serial))
            for j in huds.indices where huds[j].phase == .queued {
                huds[j].dequeue(stillActive: { active.contains($0) }, timeline: &timeline, events: &events, at: time)
                if huds[j].phase != .queued { changed = true }
            }
        }
    }
}
