/// The deterministic timing engine: a layer tree with model values, CAMediaTiming, animations
/// and component timers. Time is always passed in (media time in seconds); reading values
/// (`presentation`, `model`, `localTime`) never changes state, and every change reports its
/// consequences (`TimelineEvent`s) through `nextEvent(upTo:)` in exact time order.
///
/// A value type: copying a timeline snapshots the whole scene state.
public struct Timeline: Sendable {
    var layers: [Layer?] = [] {
        // Any change to a layer (its timing, its animations) may move the next natural end.
        didSet { animationScan = nil }
    }
    var timers = TimerQueue()
    /// Events caused by commands (removed or replaced animations), reported before anything later.
    var outbox: [TimelineEvent] = []
    /// Shared by animations and timers, so ties at one instant resolve in insertion order.
    var sequence = 0
    /// The latest media time seen by a mutating call or an event.
    public private(set) var now: Double = 0 {
        // Ends already past are reported at `now` (see scanAnimations): the order among them can change.
        didSet { animationScan = nil }
    }
    /// The last pass over every attached animation (the next natural end, whether any runs),
    /// valid while ``layers`` and ``now`` stay as they were: advancing a scene with nothing due
    /// and asking whether it may change (both once per frame) then scan no layer.
    var animationScan: AnimationScan?

    public init() {}

    mutating func nextSequence() -> Int {
        sequence += 1
        return sequence
    }

    mutating func observe(_ time: Double) {
        if time > now { now = time }
    }

    // MARK: Layers

    /// Adds a layer under `parent` (nil: a root layer in global media time).
    /// `owner` names the component it belongs to; it is echoed in events.
    @discardableResult
    public mutating func addLayer(parent: LayerID? = nil, owner: String, name: String = "") -> LayerID {
        let id = LayerID(rawValue: layers.count)
        let validParent = parent.flatMap {
            layers.indices.contains($0.rawValue) && layers[$0.rawValue] != nil ? $0 : nil
        }
        layers.append(Layer(parent: validParent, owner: owner, name: name))
        if let validParent { layers[validParent.rawValue]?.children.append(id) }
        return id
    }

    /// Removes a layer and its descendants; their animations stop with finished = false.
    public mutating func removeLayer(_ id: LayerID, at time: Double) {
        guard let layer = self[id] else { return }
        observe(time)
        for child in layer.children { removeLayer(child, at: time) }
        removeAllAnimations(from: id, at: time)
        if let parent = layer.parent { layers[parent.rawValue]?.children.removeAll { $0 == id } }
        layers[id.rawValue] = nil
    }

    /// Whether the layer exists.
    public func contains(_ id: LayerID) -> Bool { self[id] != nil }

    /// The layer with `id`, if any. Reads and writes in place (`_read`/`_modify`): a plain getter
    /// would copy the layer, retaining each of its arrays, on every `self[id]?.field` access.
    subscript(id: LayerID) -> Layer? {
        _read {
            if layers.indices.contains(id.rawValue) {
                yield layers[id.rawValue]
            } else {
                yield nil
            }
        }
        _modify {
            if layers.indices.contains(id.rawValue) {
                yield &layers[id.rawValue]
            } else {
                var absent: Layer?
                yield &absent
            }
        }
    }

    /// The layer's own timing (beginTime, speed, timeOffset); other fields are defaults.
    public func timing(of id: LayerID) -> MediaTiming? {
        guard let layer = self[id] else { return nil }
        return MediaTiming(beginTime: layer.beginTime, speed: layer.speed, timeOffset: layer.timeOffset)
    }

    /// Sets the layer's timing directly (no continuity guarantee: see `setSpeed`, `pause`, `resume`).
    public mutating func setTiming(of id: LayerID, beginTime: Double, speed: Double, timeOffset: Double) {
        self[id]?.beginTime = beginTime
        self[id]?.speed = speed
        self[id]?.timeOffset = timeOffset
    }

    /// The chain from the root down to `id`.
    func ancestry(_ id: LayerID) -> [LayerID] {
        var chain: [LayerID] = []
        var current: LayerID? = id
        while let c = current, let layer = self[c] {
            chain.append(c)
            current = layer.parent
        }
        return chain.reversed()
    }

    // MARK: Model values

    /// Sets a model value (no animation: presentation follows unless an animation overrides it).
    public mutating func setModel(_ value: AnimatableValue, for key: PropertyKey, of id: LayerID) {
        self[id]?.setModelValue(value, for: key)
    }

    /// The model (target) value.
    public func model(_ key: PropertyKey, of id: LayerID) -> AnimatableValue? {
        self[id]?.modelValue(key)
    }

    /// The model value as a scalar.
    public func modelScalar(_ key: PropertyKey, of id: LayerID) -> Double? {
        model(key, of: id)?.scalar
    }
}
