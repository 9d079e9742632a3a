// swift-tools-version:6.0
import PackageDescription

// Layering (docs/architecture.md): engines (Geometry, Timing, Drawing, components, Scene)
// know nothing of the network; the transport (CLibWebSockets, WebSocketServer) knows
// nothing of HUDs; ProgressCastServer glues them; `progresscast` is the CLI.
let package = Package(
    name: "ProgressCast",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "progresscast", targets: ["progresscast"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // MARK: Engines (deterministic, no I/O)
        .target(name: "Geometry"),
        .target(name: "Timing", dependencies: ["Geometry"]),
        .target(name: "JSON"),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .target(name: "Drawing", dependencies: ["Geometry", "JSON", "CFreeType"]),

        .target(name: "ComponentSupport", dependencies: ["Geometry", "JSON", "Timing", "Drawing"]),
        .target(name: "HUD", dependencies: ["Timing", "Drawing", "Geometry", "JSON", "ComponentSupport"]),
        .target(name: "ProgressBar", dependencies: ["Timing", "Drawing", "Geometry", "JSON", "ComponentSupport"]),

        .target(name: "ScrollView", dependencies: ["Geometry", "Timing", "Drawing", "ComponentSupport"]),
        .target(name: "Refresh", dependencies: ["ScrollView", "Geometry", "Timing", "Drawing", "ComponentSupport"]),

        .target(name: "Recording", dependencies: ["JSON"]),

        .target(name: "Scene", dependencies: ["ComponentSupport", "Drawing", "Geometry", "HUD", "JSON", "ProgressBar", "Timing"]),
        .target(name: "Session", dependencies: ["Scene", "Recording", "ComponentSupport", "Drawing", "Geometry", "JSON", "Timing"]),

        // MARK: Transport (knows nothing of HUDs)
        .systemLibrary(name: "CLibWebSockets", pkgConfig: "libwebsockets", providers: [.apt(["libwebsockets-dev"])]),
        .target(name: "WebSocketServer", dependencies: ["CLibWebSockets"]),
        // Benchmark load: a libwebsockets client (and a bare libwebsockets baseline server).
        .target(name: "LoadGenerator", dependencies: ["CLibWebSockets"]),

        // MARK: Glue (sessions over the transport)
        .target(name: "ProgressCastServer", dependencies: [
            "Session", "Scene", "Recording", "WebSocketServer", "ComponentSupport", "Drawing", "JSON", "Timing",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // MARK: Executables
        .executableTarget(name: "progresscast", dependencies: [
            "ProgressCastServer", "Session", "Scene", "Recording", "ComponentSupport", "Drawing", "Geometry", "JSON", "Timing",
            "LoadGenerator",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // MARK: Fuzzing (scripts/fuzz.sh builds these with -sanitize=fuzzer; Fuzz/ holds the corpus)
        .target(name: "FuzzHarness", dependencies: ["Session", "Scene", "Recording", "ComponentSupport", "Drawing", "JSON", "Timing"]),
        .executableTarget(name: "FuzzCommandDecoder", dependencies: ["FuzzHarness"]),
        .executableTarget(name: "FuzzRecordingReader", dependencies: ["FuzzHarness"]),

        // MARK: Tests
        // Helpers shared by the test targets (a deterministic random generator); tests only.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "WebSocketServerTests", dependencies: ["WebSocketServer"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing", "TestSupport"]),
        .testTarget(name: "ComponentSupportTests", dependencies: ["ComponentSupport"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "JSON"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "ComponentSupport", "Drawing", "Geometry", "JSON"]),
        .testTarget(name: "SessionTests", dependencies: ["Session", "Recording", "ComponentSupport", "Drawing", "Geometry", "JSON"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "FuzzHarnessTests", dependencies: ["FuzzHarness"]),
        .testTarget(name: "ProgressCastServerTests", dependencies: ["ProgressCastServer", "Session", "Drawing", "Geometry", "JSON"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "Geometry", "JSON", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "HUDTests", dependencies: ["HUD", "Timing", "Drawing", "Geometry", "JSON", "ComponentSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "ProgressBarTests", dependencies: ["ProgressBar", "Timing", "Drawing", "Geometry", "JSON", "ComponentSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "ScrollViewTests", dependencies: ["ScrollView", "Timing", "Drawing", "Geometry", "ComponentSupport", "TestSupport"]),
        .testTarget(name: "RefreshTests", dependencies: ["Refresh", "ScrollView", "Timing", "Drawing", "Geometry", "ComponentSupport", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
