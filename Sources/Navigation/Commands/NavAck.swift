/// What a command returns: the ids of the screens it removed from the stack, in stack order
/// (pop and popToRoot, as UIKit returns the popped view controllers); empty otherwise.
public struct NavAck: Equatable, Sendable {
    /// Removed screen ids, bottom first.
    public var popped: [String]

    /// An ack.
    public init(popped: [String] = []) {
        self.popped = popped
    }
}
