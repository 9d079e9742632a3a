// swift-tools-version:6.0
import PackageDescription

// Layering (docs/architecture.md): engines (Geometry, Timing, Shapes, Typesetting, components, Scene)
// know nothing of the network; the transport (CLibWebSockets, WebSocketServer) knows
// nothing of HUDs; ProgressCastServer glues them; `progresscast` is the CLI.
let package = Package(
    name: "ProgressCast",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "progresscast", targets: ["progresscast"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // HeapModule: the min-heaps of the transport's timers and the frame pacer.
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // MARK: Engines (deterministic, no I/O)
        .target(name: "Geometry"),
        // Array elements read in place (no copy per call) on the per-frame paths.
        .target(name: "InPlace"),
        .target(name: "Timing", dependencies: ["Geometry", "InPlace"]),
        .target(name: "JSON", dependencies: ["InPlace"]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // ICU's line break iterator behind one C function (ICU's headers stay out of Swift: see its header).
        .target(name: "CICULineBreak", linkerSettings: [.linkedLibrary("icuuc")]),
        // The display list (shape kinds); its encodings (JSON, binary, SVG); fonts and text layout.
        .target(name: "Shapes", dependencies: ["Geometry", "JSON"]),
        .target(name: "FrameCodecs", dependencies: ["Shapes", "Geometry", "JSON", "InPlace"]),
        .target(name: "Typesetting", dependencies: ["Shapes", "CFreeType", "CHarfBuzz", "CFriBidi", "CICULineBreak"]),
        // The display list drawn into pixels with Cairo, as the page's canvas draws it.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .target(name: "Raster", dependencies: ["Shapes", "Typesetting", "Geometry", "CCairo", "CFreeType"]),

        .target(name: "ComponentSupport", dependencies: ["Geometry", "Timing", "Shapes"]),
        .target(
            name: "HUD", dependencies: ["Timing", "Shapes", "Typesetting", "Geometry", "ComponentSupport", "InPlace"]),
        .target(
            name: "ProgressBar",
            dependencies: ["Timing", "Shapes", "Typesetting", "Geometry", "ComponentSupport", "InPlace"]),
        .target(
            name: "Navigation",
            dependencies: ["Geometry", "Timing", "Shapes", "Typesetting", "ComponentSupport", "ScrollView", "InPlace"]),

        .target(name: "ScrollView", dependencies: ["Geometry", "Timing", "Shapes", "Typesetting", "ComponentSupport"]),
        .target(
            name: "Refresh",
            dependencies: ["ScrollView", "Geometry", "Timing", "Shapes", "Typesetting", "ComponentSupport", "InPlace"]),

        .target(name: "Recording", dependencies: ["JSON"]),

        .target(
            name: "Scene",
            dependencies: [
                "ComponentSupport", "Shapes", "Typesetting", "Geometry", "HUD", "Navigation", "ProgressBar", "Refresh",
                "ScrollView", "Timing",
            ]),
        // The wire layer: JSON <-> typed commands, events, acks and inspections, per component.
        .target(
            name: "Wire",
            dependencies: [
                "ComponentSupport", "Geometry", "HUD", "JSON", "Navigation", "ProgressBar", "Refresh", "Scene",
                "ScrollView", "Timing",
            ]),
        .target(
            name: "Session",
            dependencies: [
                "Scene", "Recording", "ComponentSupport", "Shapes", "FrameCodecs", "Typesetting", "Geometry", "JSON",
                "Timing", "Wire",
            ]),

        // Recordings exported as GIF/MP4/WebM/APNG/PNG: frames re-simulated, rasterised, piped to ffmpeg.
        .target(
            name: "Export",
            dependencies: ["Session", "Raster", "Recording", "Typesetting", "Shapes", "Geometry", "Timing"]),

        // MARK: Transport (knows nothing of HUDs)
        .systemLibrary(name: "CLibWebSockets", pkgConfig: "libwebsockets", providers: [.apt(["libwebsockets-dev"])]),
        // Linux epoll and eventfd, which the Swift Glibc module does not export.
        .systemLibrary(name: "CEpoll"),
        .target(
            name: "WebSocketServer",
            dependencies: [
                "CLibWebSockets", "CEpoll", "InPlace", .product(name: "HeapModule", package: "swift-collections"),
            ]),
        // Benchmark load: a libwebsockets client (and a bare libwebsockets baseline server).
        .target(name: "LoadGenerator", dependencies: ["CLibWebSockets", "CEpoll"]),

        // MARK: Glue (sessions over the transport)
        // Cache prefetch hints (render helpers prefetch the next session they render).
        .systemLibrary(name: "CPrefetch"),
        .target(
            name: "ProgressCastServer",
            dependencies: [
                "Export", "Session", "Scene", "Recording", "WebSocketServer", "ComponentSupport", "Shapes",
                "FrameCodecs", "CEpoll", "CPrefetch",
                "Typesetting", "Geometry", "JSON", "Timing", "Wire",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]),

        // MARK: Benchmarks (`progresscast bench`: docs/benchmarks.md)
        .target(
            name: "Benchmarking",
            dependencies: [
                "Session", "Scene", "Recording", "ComponentSupport", "FrameCodecs", "Shapes", "Typesetting", "Geometry",
                "JSON", "Timing", "LoadGenerator", "Wire",
            ]),

        // MARK: Executables
        .executableTarget(
            name: "progresscast",
            dependencies: [
                "ProgressCastServer", "WebSocketServer", "Benchmarking", "Session", "Recording", "ComponentSupport",
                "FrameCodecs", "Shapes", "Typesetting", "Geometry", "Timing", "Raster", "Export",
                "LoadGenerator", "Wire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // MARK: Fuzzing (scripts/fuzz.sh builds these with -sanitize=fuzzer; Fuzz/ holds the corpus)
        .target(
            name: "FuzzHarness",
            dependencies: [
                "Session", "Scene", "Shapes", "Recording", "ComponentSupport", "FrameCodecs", "Typesetting", "JSON",
                "Timing",
                "Wire",
            ]),
        .executableTarget(name: "FuzzCommandDecoder", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "FuzzRecordingReader", dependencies: ["FuzzHarness"]),

        // MARK: Tests
        // Helpers shared by the test targets (a deterministic random generator); tests only.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "WebSocketServerTests", dependencies: ["WebSocketServer"]),
        .testTarget(name: "LoadGeneratorTests", dependencies: ["LoadGenerator"]),
        .testTarget(
            name: "BenchmarkingTests",
            dependencies: [
                "Benchmarking", "FrameCodecs", "JSON", "LoadGenerator", "Navigation", "Scene", "Session", "Typesetting",
            ]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "InPlaceTests", dependencies: ["InPlace"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing", "TestSupport"]),
        .testTarget(name: "ComponentSupportTests", dependencies: ["ComponentSupport", "Geometry", "JSON"]),
        .testTarget(name: "WireTests", dependencies: ["Wire", "ComponentSupport", "Geometry", "JSON"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "JSON"]),
        .testTarget(
            name: "SceneTests",
            dependencies: [
                "Scene", "ComponentSupport", "FrameCodecs", "Shapes", "Typesetting", "Geometry", "JSON", "Wire",
            ]),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "Session", "Recording", "ComponentSupport", "FrameCodecs", "Typesetting", "Geometry", "JSON",
            ]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "FuzzHarnessTests", dependencies: ["FuzzHarness"]),
        .testTarget(
            name: "ProgressCastServerTests",
            dependencies: [
                "ProgressCastServer", "Session", "Shapes", "FrameCodecs", "Typesetting", "Geometry", "JSON", "Wire",
                "Timing", "Recording",
                "WebSocketServer", "CPrefetch",
            ]),
        .testTarget(name: "ShapesTests", dependencies: ["Shapes", "Geometry"]),
        .testTarget(
            name: "FrameCodecsTests", dependencies: ["FrameCodecs", "Shapes", "Geometry", "JSON", "TestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "TypesettingTests", dependencies: ["Typesetting", "Shapes", "TestSupport", "CHarfBuzz"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Shapes", "Geometry", "Typesetting"]),
        .testTarget(name: "ExportTests", dependencies: ["Export"]),
        .testTarget(
            name: "HUDTests",
            dependencies: [
                "HUD", "Timing", "Shapes", "FrameCodecs", "Typesetting", "Geometry", "JSON", "ComponentSupport",
                "Scene", "Wire",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "NavigationTests",
            dependencies: [
                "Navigation", "Timing", "Shapes", "Typesetting", "Geometry", "ComponentSupport", "ScrollView",
            ]),
        .testTarget(
            name: "ProgressBarTests",
            dependencies: [
                "ProgressBar", "Timing", "Shapes", "FrameCodecs", "Typesetting", "Geometry", "JSON", "ComponentSupport",
                "Wire", "Scene",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "ScrollViewTests",
            dependencies: [
                "ScrollView", "Timing", "Shapes", "Typesetting", "Geometry", "ComponentSupport", "TestSupport",
            ]),
        .testTarget(
            name: "RefreshTests",
            dependencies: [
                "Refresh", "ScrollView", "Timing", "Shapes", "Typesetting", "Geometry", "ComponentSupport",
                "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Settings for every Swift target:
// - Upcoming language features: an `import` is internal unless written `public import` (a
//   module's API names what it re-exposes), and a member is visible only in files that import
//   its module (no leaks through transitive imports).
// - Release builds check exclusive access at compile time only, and optimize across modules.
//   The runtime checks on class properties (`swift_beginAccess`) were 2.3% of the server's CPU
//   at 1,000 live sessions; debug builds, which every test runs, keep them, and so do the
//   fuzzers (scripts/fuzz.sh), so a violation still fails. Optimizing across modules takes 3%
//   of the instructions off a frame's path. See docs/benchmarks.md, "Third round, release
//   builds without runtime access checks".
for target in package.targets where target.type != .system && target.name != "CICULineBreak" {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .unsafeFlags(
                ["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release)),
        ]
}
