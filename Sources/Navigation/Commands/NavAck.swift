/// What a command returns: the ids of the screens it removed from the stack, in stack order
/// (pop and popToRoot, as UIKit returns the popped view controllers; empty when popToRoot found
/// only the root); nil for the other commands.
public struct NavAck: Equatable, Sendable {
    /// Removed screen ids, bottom first; nil for commands that pop nothing by nature.
    public var popped: [String]?

    /// An ack.
    public init(popped: [String]? = nil) {
        self.popped = popped
    }
}
