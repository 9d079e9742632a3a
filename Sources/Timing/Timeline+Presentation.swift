extension Timeline {
    /// The presentation value of `key` at media time `time`: the model value with every
    /// attached animation applied in the order added (additive ones add to the value so far,
    /// others replace it). Never changes state.
    public func presentation(_ key: PropertyKey, of id: LayerID, at time: Double) -> AnimatableValue? {
        guard let layer = self[id] else { return nil }
        guard var value = layer.modelValue(key) else { return nil }
        if layer.animations.isEmpty { return value }
        let local = localTime(of: id, at: time)
        for attached in layer.animations where attached.animation.animates(key) {
            if let v = attached.animation.evaluate(key, parentTime: local, underlying: value) { value = v }
        }
        return value
    }

    /// The presentation value as a scalar (nil when absent or not a scalar).
    public func presentationScalar(_ key: PropertyKey, of id: LayerID, at time: Double) -> Double? {
        presentation(key, of: id, at: time)?.scalar
    }
}
