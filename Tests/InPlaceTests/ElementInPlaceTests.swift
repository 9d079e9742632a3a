import InPlace
import Testing

/// `withElementInPlace` and `forEachInPlace` lend the element where the array stores it: no copy,
/// so an object the element references is held by the array alone during the call.
struct ElementInPlaceTests {
    private final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    private struct Item {
        var box: Box
        var label: String
    }

    private let items = (0..<4).map { Item(box: Box($0), label: "item \($0)") }

    @Test func lendsTheElementAtTheIndex() {
        #expect(items.withElementInPlace(at: 2) { $0.box.value } == 2)
        #expect(items.withElementInPlace(at: 0) { $0.label } == "item 0")
    }

    @Test func doesNotCopyTheElement() {
        var items = items
        // The array is the only owner of each box: a copy of the element would hold a second
        // reference for the duration of the call.
        let unique = items.withElementInPlace(at: 1) { isKnownUniquelyReferenced(&$0.box) }
        #expect(unique)
        items[1].label = "changed"
        #expect(items.withElementInPlace(at: 1) { $0.label } == "changed")
    }

    @Test func visitsEveryElementInOrderWithoutCopies() {
        var seen: [Int] = []
        var allUnique = true
        items.forEachInPlace { item in
            seen.append(item.box.value)
            if !isKnownUniquelyReferenced(&item.box) { allUnique = false }
        }
        #expect(seen == [0, 1, 2, 3])
        #expect(allUnique)
    }

    @Test func visitsNothingInAnEmptyArray() {
        var calls = 0
        [Item]().forEachInPlace { _ in calls += 1 }
        #expect(calls == 0)
    }
}
