/// One node of the layer tree: its own timing (beginTime, speed, timeOffset), model values,
/// and attached animations in the order they were added.
struct Layer: Sendable {
    var parent: LayerID?
    var children: [LayerID] = []
    var owner: String
    var name: String
    var beginTime: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    /// Model values; a short list is faster than a dictionary for the few keys a layer has.
    var model: [(key: PropertyKey, value: AnimatableValue)] = []
    var animations: [AttachedAnimation] = []

    func modelValue(_ key: PropertyKey) -> AnimatableValue? {
        for entry in model where entry.key == key { return entry.value }
        return nil
    }

    mutating func setModelValue(_ value: AnimatableValue, for key: PropertyKey) {
        if let index = model.firstIndex(where: { $0.key == key }) {
            model[index].value = value
        } else {
            model.append((key, value))
        }
    }

    /// Layer local time for the parent's time.
    func localTime(parentTime tp: Double) -> Double { (tp - beginTime) * speed + timeOffset }
}

/// An animation attached to a layer under a key.
struct AttachedAnimation: Sendable {
    var id: AnimationID
    var key: String
    var animation: Animation
    /// Set once `finished = true` has been reported for an animation kept after completion.
    var finishReported = false

    /// The animation's timing while its natural end is still to be reported, else nil.
    var unreportedTiming: MediaTiming? { finishReported ? nil : animation.timing }
}
