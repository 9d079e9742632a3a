import Geometry
import JSON
import Testing
import Wire

@testable import ComponentSupport

@Suite struct PointerInputTests {
    func reader(_ json: String) throws -> FieldReader {
        guard case let .object(o) = try JSONParser.parse(json) else { throw CommandError(.badJSON, "not an object") }
        return FieldReader(o)
    }

    @Test func decodesPointerOps() throws {
        let e = try PointerEvent(
            fields: reader(#"{"op":"pointer","phase":"move","x":12.5,"y":-3,"pointer":2}"#), at: 1.5)
        #expect(e == PointerEvent(phase: .move, location: Point(x: 12.5, y: -3), pointer: 2, time: 1.5))
        let d = try PointerEvent(fields: reader(#"{"phase":"down","x":0,"y":0}"#), at: 0)
        #expect(d.pointer == 0)
    }

    @Test func rejectsBadPointerFields() throws {
        #expect(throws: CommandError.badField("phase", "is required (one of \"down\", \"move\", \"up\", \"cancel\")")) {
            try PointerEvent(fields: reader(#"{"x":0,"y":0}"#), at: 0)
        }
        #expect(
            throws: CommandError.badField(
                "phase", "must be one of \"down\", \"move\", \"up\", \"cancel\", got \"drag\"")
        ) {
            try PointerEvent(fields: reader(#"{"phase":"drag","x":0,"y":0}"#), at: 0)
        }
        #expect(throws: CommandError.self) { try PointerEvent(fields: reader(#"{"phase":"up","x":"1","y":0}"#), at: 0) }
        #expect(throws: CommandError.self) { try PointerEvent(fields: reader(#"{"phase":"up","x":1e9,"y":0}"#), at: 0) }
        #expect(throws: CommandError.self) { try PointerEvent(fields: reader(#"{"phase":"up","x":1}"#), at: 0) }
        #expect(throws: CommandError.self) {
            try PointerEvent(fields: reader(#"{"phase":"up","x":1,"y":1,"pointer":-1}"#), at: 0)
        }
        #expect(throws: CommandError.self) {
            try PointerEvent(fields: reader(#"{"phase":"up","x":1,"y":1,"pointer":1.5}"#), at: 0)
        }
    }

    @Test func hitTestingIsFrontToBackWithEnlargedAreas() {
        let small = HitRegion(
            target: "front", part: "dot", frame: Rect(x: 100, y: 100, width: 10, height: 10), outset: 20)
        let big = HitRegion(target: "back", part: "panel", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        var tester = HitTester(frontToBack: [small])
        tester.addBehind(big)
        #expect(tester.hit(at: Point(x: 129.9, y: 105))?.target == "front")
        #expect(tester.hit(at: Point(x: 130.1, y: 105))?.target == "back")
        #expect(tester.hit(at: Point(x: 80, y: 80))?.target == "front")
        #expect(tester.hit(at: Point(x: 79.9, y: 80))?.target == "back")
        #expect(tester.hits(at: Point(x: 105, y: 105)).map(\.target) == ["front", "back"])
        #expect(tester.hit(at: Point(x: 300, y: 5)) == nil)
        // Maximum edges are excluded, as CGRectContainsPoint.
        #expect(!small.contains(Point(x: 130, y: 105)))
        #expect(small.contains(Point(x: 80, y: 80)))
    }

    @Test func firstClaimOwnsThePointerUntilUpOrCancel() {
        var owners = PointerOwnership()
        let bar = GestureOwner(target: "bar1", gesture: "drag")
        let scroll = GestureOwner(target: "list", gesture: "pan")
        let first = owners.claim(0, for: bar)
        let stolen = owners.claim(0, for: scroll)
        let again = owners.claim(0, for: bar)
        let second = owners.claim(1, for: scroll)
        #expect(first && !stolen && again && second)
        #expect(owners.owner(of: 0) == bar)
        #expect(owners.ownedPointers == [0, 1])
        owners.finish(PointerEvent(phase: .move, location: .zero, pointer: 0, time: 1))
        #expect(owners.owner(of: 0) == bar)
        owners.finish(PointerEvent(phase: .up, location: .zero, pointer: 0, time: 2))
        #expect(owners.owner(of: 0) == nil)
        let reclaimed = owners.claim(0, for: scroll)
        #expect(reclaimed)
        owners.finish(PointerEvent(phase: .cancel, location: .zero, pointer: 1, time: 3))
        #expect(owners.ownedPointers == [0])
        owners.releaseAll(ownedBy: scroll)
        #expect(owners.isEmpty)
    }
}
