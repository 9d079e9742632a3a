import Geometry
import Testing
import Typesetting

@testable import Scene

/// Drawing passes each component stack to a non-mutating method, which copies it from the
/// scene's (in a server, a session's cold) memory to the stack every frame; those copies were
/// the largest source of cache misses in drawing while each stack held its font catalog's three
/// faces inline (about 400 bytes a stack). A stack must stay a few cache lines at most
/// (docs/benchmarks.md, "Third round, smaller stacks").
@Suite struct StackSizeTests {
    @Test func theFontCatalogIsReferencesOnly() {
        // The files, then the regular, bold and fallback faces: one reference each.
        #expect(MemoryLayout<FontCatalog>.size <= 4 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<TextLayout>.size <= 4 * MemoryLayout<Int>.size)
    }

    @Test func componentStacksStaySmall() throws {
        let fonts = try #require(sharedFonts)
        let scene = Scene(canvas: Size(width: 375, height: 667), fonts: fonts)
        for (name, size) in [
            ("huds", MemoryLayout.size(ofValue: scene.huds)), ("bars", MemoryLayout.size(ofValue: scene.bars)),
            ("navs", MemoryLayout.size(ofValue: scene.navs)), ("scrolls", MemoryLayout.size(ofValue: scene.scrolls)),
        ] {
            #expect(size <= 128, "\(name): \(size) bytes")
        }
    }
}
