import InPlace

extension Timeline {
    /// The presentation value of `key` at media time `time`: the model value with every
    /// attached animation applied in the order added (additive ones add to the value so far,
    /// others replace it). Never changes state.
    public func presentation(_ key: PropertyKey, of id: LayerID, at time: Double) -> AnimatableValue? {
        // The layer and its animations are read in place: a call on an element copies it,
        // retaining everything it holds.
        let index = id.rawValue
        guard layers.indices.contains(index) else { return nil }
        return layers.withElementInPlace(at: index) { layer -> AnimatableValue? in
            guard var value = layer?.modelValue(key) else { return nil }
            guard let count = layer?.animations.count, count > 0 else { return value }
            let local = localTime(of: id, at: time)
            layer?.animations.forEachInPlace { attached in
                guard attached.animation.animates(key) else { return }
                if let v = attached.animation.evaluate(key, parentTime: local, underlying: value) { value = v }
            }
            return value
        }
    }

    /// The presentation value as a scalar (nil when absent or not a scalar).
    public func presentationScalar(_ key: PropertyKey, of id: LayerID, at time: Double) -> Double? {
        presentation(key, of: id, at: time)?.scalar
    }
}
