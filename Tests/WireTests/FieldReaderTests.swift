import Geometry
import JSON
import Testing
import Wire

@testable import ComponentSupport

@Suite struct FieldReaderTests {
    func reader(_ json: String) throws -> FieldReader {
        guard case let .object(o) = try JSONParser.parse(json) else { throw CommandError(.badJSON, "not an object") }
        return FieldReader(o)
    }

    @Test func numbersAreRangeChecked() throws {
        let r = try reader(#"{"value":0.5,"bad":"abc","big":2,"nul":null}"#)
        #expect(try r.number("value", in: 0...1) == 0.5)
        #expect(try r.number("missing", in: 0...1) == nil)
        #expect(try r.number("nul", in: 0...1) == nil)
        #expect(throws: CommandError.badField("bad", "must be a number in 0...1, got \"abc\"")) {
            try r.number("bad", in: 0...1)
        }
        #expect(throws: CommandError.badField("big", "must be a number in 0...1, got 2")) {
            try r.number("big", in: 0...1)
        }
        #expect(throws: CommandError.self) { try r.requireNumber("missing", in: 0...1) }
    }

    @Test func targetsFollowTheProtocolAlphabet() throws {
        #expect(FieldReader.isValidTarget("h1_a-B"))
        #expect(!FieldReader.isValidTarget(""))
        #expect(!FieldReader.isValidTarget("a b"))
        #expect(!FieldReader.isValidTarget(String(repeating: "a", count: 65)))
        #expect(!FieldReader.isValidTarget("加载"))
        let r = try reader(#"{"target":"../x"}"#)
        #expect(throws: CommandError.self) { try r.requireTarget() }
    }

    enum Mode: String, CaseIterable { case one, two }

    @Test func choicesColoursAndShapes() throws {
        let r = try reader(
            ##"{"mode":"two","bad":"three","c":"#ff000080","s":{"width":3,"height":4},"p":{"x":1},"flag":1}"##)
        #expect(try r.choice("mode", as: Mode.self) == .two)
        #expect(throws: CommandError.badField("bad", "must be one of \"one\", \"two\", got \"three\"")) {
            try r.choice("bad", as: Mode.self)
        }
        #expect(try r.color("c") == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(try r.size("s", in: 0...10) == Size(width: 3, height: 4))
        #expect(throws: CommandError.self) { try r.point("p", in: -10...10) }
        #expect(throws: CommandError.badField("flag", "must be true or false, got 1")) { try r.bool("flag") }
    }
}
