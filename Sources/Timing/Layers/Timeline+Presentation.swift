extension Timeline {
    /// The presentation value of `key` at media time `time`: the model value with every
    /// attached animation applied in the order added (additive ones add to the value so far,
    /// others replace it). Never changes state.
    public func presentation(_ key: PropertyKey, of id: LayerID, at time: Double) -> AnimatableValue? {
        // Fields are read in place (binding the layer or an animation to a name would copy it).
        let index = id.rawValue
        guard layers.indices.contains(index), var value = layers[index]?.modelValue(key) else { return nil }
        let count = layers[index]?.animations.count ?? 0
        if count == 0 { return value }
        let local = localTime(of: id, at: time)
        for position in 0..<count {
            // One read of the whole animation (a call on an element copies it, retaining what it
            // holds): a call for `animates` and another for `evaluate` copied it twice.
            guard let animation = layers[index]?.animations[position].animation, animation.animates(key) else {
                continue
            }
            if let v = animation.evaluate(key, parentTime: local, underlying: value) { value = v }
        }
        return value
    }

    /// The presentation value as a scalar (nil when absent or not a scalar).
    public func presentationScalar(_ key: PropertyKey, of id: LayerID, at time: Double) -> Double? {
        presentation(key, of: id, at: time)?.scalar
    }
}
