import Testing

@testable import WebSocketServer

/// ``ConnectionMap``: a value per open connection, found by the connection's slot, where a
/// reused slot never hands a closed connection's value to a new one.
struct ConnectionMapTests {
    private let first = ConnectionID(rawValue: 1, slot: 7)
    private let second = ConnectionID(rawValue: 2, slot: 9)
    /// A later connection whose socket got the first one's descriptor.
    private let reusingFirstSlot = ConnectionID(rawValue: 3, slot: 7)

    @Test func storesReadsAndRemovesValues() {
        var map = ConnectionMap<String>()
        #expect(map.isEmpty)
        map[first] = "a"
        map[second] = "b"
        #expect(map.count == 2)
        #expect(map[first] == "a")
        #expect(map[second] == "b")
        map[first] = "a2"
        #expect(map.count == 2)
        #expect(map[first] == "a2")
        map[first] = nil
        #expect(map.count == 1)
        #expect(map[first] == nil)
        #expect(map.allValues == ["b"])
        // Removing what is not there changes nothing.
        map[first] = nil
        #expect(map.count == 1)
    }

    @Test func aStaleIDFindsNothingInAReusedSlot() {
        var map = ConnectionMap<String>()
        map[first] = "closed connection"
        map[first] = nil
        map[reusingFirstSlot] = "new connection"
        #expect(map[first] == nil)
        #expect(map[reusingFirstSlot] == "new connection")
        // Removing through the stale ID leaves the new connection's value.
        map[first] = nil
        #expect(map[reusingFirstSlot] == "new connection")
        #expect(map.count == 1)
    }

    @Test func aNewConnectionTakesOverASlotNeverCleared() {
        var map = ConnectionMap<String>()
        map[first] = "closed connection"
        map[reusingFirstSlot] = "new connection"
        #expect(map.count == 1)
        #expect(map[first] == nil)
        #expect(map[reusingFirstSlot] == "new connection")
    }

    @Test func readsInPlace() {
        var map = ConnectionMap<[Int]>()
        map[second] = [1, 2, 3]
        #expect(map.withValueInPlace(for: second) { $0.count } == 3)
        #expect(map.withValueInPlace(for: first) { $0.count } == nil)
        #expect(map.withValueInPlace(for: ConnectionID(rawValue: 4, slot: 9)) { $0.count } == nil)
    }

    @Test func slotsFarApartAndRemoveAll() {
        var map = ConnectionMap<Int>()
        let far = ConnectionID(rawValue: 5, slot: 5_000)
        map[far] = 1
        map[first] = 2
        #expect(map[far] == 1)
        #expect(map.allValues.sorted() == [1, 2])
        map.removeAll()
        #expect(map.isEmpty)
        #expect(map[far] == nil)
    }

    @Test func identityIsTheRawValue() {
        #expect(first != reusingFirstSlot)
        #expect(Set([first, second, first]).count == 2)
        #expect(first.description == "c1")
    }
}
