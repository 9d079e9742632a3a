extension Timeline {
    /// A layer's local time for global media time `time`: `T = (T_parent - b) * s + o`,
    /// applied from the root down.
    public func localTime(of id: LayerID, at time: Double) -> Double {
        // The same arithmetic as Layer.localTime(parentTime:), root first, reading fields in place.
        let index = id.rawValue
        guard layers.indices.contains(index), let speed = layers[index]?.speed else { return time }
        let parentTime = layers[index]?.parent.map { localTime(of: $0, at: time) } ?? time
        let beginTime = layers[index]?.beginTime ?? 0
        let timeOffset = layers[index]?.timeOffset ?? 0
        return (parentTime - beginTime) * speed + timeOffset
    }

    /// The affine map global -> local for a layer: local = scale * global + offset (composed
    /// from the root down; no allocation).
    func localTimeMap(of id: LayerID) -> (scale: Double, offset: Double) {
        let index = id.rawValue
        guard layers.indices.contains(index), let speed = layers[index]?.speed else { return (1, 0) }
        var (a, c) = layers[index]?.parent.map { localTimeMap(of: $0) } ?? (1.0, 0.0)
        let beginTime = layers[index]?.beginTime ?? 0
        let timeOffset = layers[index]?.timeOffset ?? 0
        a *= speed
        c = (c - beginTime) * speed + timeOffset
        return (a, c)
    }

    /// Converts a time from one layer's time space to another's, like CALayer's
    /// convertTime:fromLayer: / toLayer:. nil means global media time. Returns nil when the
    /// conversion would have to invert a frozen (speed 0) layer.
    public func convertTime(_ t: Double, from source: LayerID?, to destination: LayerID?) -> Double? {
        var global = t
        if let source {
            guard contains(source) else { return nil }
            for layerID in ancestry(source).reversed() {
                guard let layer = self[layerID], layer.speed != 0 else { return nil }
                global = (global - layer.timeOffset) / layer.speed + layer.beginTime
            }
        }
        guard let destination else { return global }
        guard contains(destination) else { return nil }
        return localTime(of: destination, at: global)
    }

    // MARK: Pause, resume, rate

    /// Whether the layer's own speed is 0.
    public func isPaused(_ id: LayerID) -> Bool { self[id]?.speed == 0 }

    /// Freezes the layer's timeline (Apple QA1673): timeOffset = local time now, speed = 0.
    /// Every animation on it (and below it) holds its presentation value.
    public mutating func pause(_ id: LayerID, at time: Double) {
        guard let layer = self[id], layer.speed != 0 else { return }
        observe(time)
        let paused = localTime(of: id, at: time)
        self[id]?.speed = 0
        self[id]?.timeOffset = paused
    }

    /// Continues a paused layer from exactly where it stopped (QA1673): speed = 1, timeOffset = 0,
    /// beginTime = 0, then beginTime = (local time now) - pausedTime.
    public mutating func resume(_ id: LayerID, at time: Double, speed: Double = 1) {
        guard let layer = self[id], layer.speed == 0 else { return }
        observe(time)
        let pausedTime = layer.timeOffset
        self[id]?.speed = 1
        self[id]?.timeOffset = 0
        self[id]?.beginTime = 0
        let timeSincePause = localTime(of: id, at: time) - pausedTime
        self[id]?.beginTime = timeSincePause
        if speed != 1 { setSpeed(id, speed, at: time) }
    }

    /// Changes a layer's rate without a jump: timeOffset = local time now, beginTime = parent
    /// time now, then the new speed.
    public mutating func setSpeed(_ id: LayerID, _ speed: Double, at time: Double) {
        guard let layer = self[id] else { return }
        observe(time)
        let local = localTime(of: id, at: time)
        let parentTime = layer.parent.map { localTime(of: $0, at: time) } ?? time
        self[id]?.timeOffset = local
        self[id]?.beginTime = parentTime
        self[id]?.speed = speed
    }
}
