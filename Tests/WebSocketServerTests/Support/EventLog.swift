import Foundation
import Synchronization

/// A thread-safe list of strings that a handler (service thread) appends to and a
/// test (its own thread) reads and waits on.
final class EventLog: Sendable {
    private let events = Mutex<[String]>([])

    func append(_ event: String) {
        events.withLock { $0.append(event) }
    }

    var all: [String] { events.withLock { $0 } }

    /// Polls until `predicate` holds for the events, or the timeout passes.
    @discardableResult
    func wait(timeoutSeconds: Double = 5, until predicate: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if predicate(all) { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return predicate(all)
    }

    /// Waits until an event equal to `event` has been appended.
    @discardableResult
    func wait(for event: String, timeoutSeconds: Double = 5) -> Bool {
        wait(timeoutSeconds: timeoutSeconds) { $0.contains(event) }
    }
}
