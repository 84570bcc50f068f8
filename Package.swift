// swift-tools-version: 6.0
import PackageDescription

/// Recite: documents (Markdown, SSML, HTML, EPUB) to speech with word-timing sidecars.
///
/// One module per pipeline stage (docs/design.md): the script model depends on nothing, each stage
/// depends on the script model and its own C wrapper, the engines (eSpeak NG, the neural voices)
/// meet the rest at one seam (`ReciteSynth`), `ReciteBuild` runs the stages, `ReciteBook` binds
/// books after it, and the `recite` executable only parses arguments. Each target lists exactly
/// the modules its files import.
let package = Package(
    name: "Recite",
    products: [
        .executable(name: "recite", targets: ["recite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // MARK: - System libraries (Debian -dev packages), one per C library
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng",
                       providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile",
                       providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        // ONNX Runtime's own C header (Piper and Kokoro voices): .ci/install-deps installs it and
        // writes recite-onnxruntime.pc; the library is opened with dlopen (.ci/install-neural).
        .systemLibrary(name: "COnnxRuntime", pkgConfig: "recite-onnxruntime"),
        // M4B (AAC in MP4), and a book's chapters and cover in the other compressed formats;
        // libswresample changes sample rates (Opus's 24 kHz, SSML audio clips, mixed voices).
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswresample-dev"])]),
        // Loudness (EBU R 128 / ITU-R BS.1770) and true peak, for --loudness.
        .systemLibrary(name: "CEbur128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
        // The dynamic loader's program headers (<link.h>), for eSpeak NG's writable data: glibc's.
        .systemLibrary(name: "CDynamicLinker"),
        // SHA-256 for the cache's keys and the voices' model hashes (OpenSSL's EVP interface).
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // EPUB books are zip archives, read in memory.
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),

        // MARK: - The script model: depends on nothing
        .target(name: "ReciteScript"),
        // System calls that a signal may interrupt, whole reads and writes, how a child ended.
        .target(name: "ReciteSystem"),

        // MARK: - Stages
        // cmark-gfm's Swift face: the Markdown tree, and HTML5's character references, which the
        // HTML and caption readers take from it (not from the Markdown reader).
        .target(name: "ReciteCmarkGFM", dependencies: ["ReciteScript", "CCmarkGFM"]),
        // Yams, read safely: the size, depth and key checks every YAML reader goes through.
        .target(name: "ReciteYAML", dependencies: ["ReciteScript", "Yams"]),
        .target(name: "ReciteMarkdown", dependencies: ["ReciteScript", "ReciteCmarkGFM", "ReciteYAML", "Yams"]),
        .target(name: "ReciteXML", dependencies: ["CLibXML2"]),
        .target(name: "ReciteSSML", dependencies: ["ReciteScript", "ReciteXML"]),
        .target(name: "ReciteEPUB", dependencies: ["ReciteXML", "CLibZip"]),
        .target(name: "ReciteHTML", dependencies: ["ReciteScript", "ReciteXML", "ReciteCmarkGFM"]),
        .target(name: "ReciteNormalize", dependencies: ["ReciteScript", "ReciteYAML", "Yams"]),
        .target(name: "RecitePronounce", dependencies: ["ReciteScript", "ReciteXML", "Yams"]),
        .target(name: "ReciteSegment", dependencies: ["ReciteScript"]),
        // Word starts carried from one rendering onto another (eSpeak NG's onto a neural voice's):
        // pure Swift signal processing, so it depends on nothing.
        .target(name: "ReciteAlign"),
        // The seam between segments and engines: requests, audio with its events by token, the
        // `SegmentSynthesizer` every engine is reached through, and the response's binary form.
        .target(name: "ReciteSynth", dependencies: ["ReciteScript", "ReciteSegment", "CLibCrypto"]),
        // eSpeak NG, embedded: its SSML, its events placed on tokens, and the snapshot of its
        // writable memory that lets a worker start every segment from the same state.
        .target(name: "ReciteEspeak", dependencies: ["ReciteScript", "ReciteSegment", "ReciteSynth", "ReciteSystem", "CEspeakNG", "CDynamicLinker"]),
        // Piper and Kokoro voices on ONNX Runtime (opened with dlopen when a neural voice is used),
        // given eSpeak NG's phonemes and timed on its rendering (ReciteAlign).
        .target(name: "ReciteNeural", dependencies: ["ReciteScript", "ReciteSegment", "ReciteSynth", "ReciteEspeak", "ReciteAlign",
                                              "ReciteAudio", "COnnxRuntime", "ReciteSystem"]),
        // The worker processes (`recite worker`) and the pool that feeds them.
        .target(name: "ReciteWorkers", dependencies: ["ReciteSegment", "ReciteSynth", "ReciteEspeak", "ReciteNeural", "ReciteSystem"]),
        // Segment audio on disk, addressed by the canonical encoding of the request.
        .target(name: "ReciteCache", dependencies: ["ReciteScript", "ReciteSegment", "ReciteSynth", "ReciteAudio", "ReciteSystem"]),
        .target(name: "ReciteAudio", dependencies: ["CSndFile", "CFFmpeg", "CEbur128", "ReciteSystem"]),
        .target(name: "ReciteTiming", dependencies: ["ReciteScript", "ReciteSegment", "ReciteSynth"]),
        .target(name: "ReciteCaptions", dependencies: ["ReciteScript", "ReciteTiming", "ReciteCmarkGFM"]),
        // The podcast feed of an output folder (RSS, JSON transcripts and chapters): plain values
        // in, text out, so it depends on nothing.
        .target(name: "ReciteFeed"),

        // MARK: - Orchestration and command line
        .target(name: "ReciteBuild", dependencies: [
            "ReciteCmarkGFM", "ReciteScript", "ReciteMarkdown", "ReciteSSML", "ReciteHTML", "ReciteEPUB", "ReciteNormalize", "RecitePronounce",
            "ReciteSegment", "ReciteSynth", "ReciteEspeak", "ReciteNeural", "ReciteWorkers", "ReciteCache", "ReciteAudio", "ReciteTiming", "ReciteCaptions", "ReciteSystem", "ReciteFeed", "ReciteYAML", "Yams",
        ]),
        // The book as an output stage: `recite book`'s job (render, then bind), one audiobook with
        // chapters, or a read-along EPUB 3.
        .target(name: "ReciteBook", dependencies: [
            "ReciteBuild", "ReciteScript", "ReciteAudio", "ReciteTiming", "ReciteCaptions", "ReciteEPUB", "ReciteMarkdown",
            "ReciteCmarkGFM", "ReciteSynth", "ReciteWorkers", "ReciteSystem", "ReciteXML", "Yams",
        ]),
        .executableTarget(name: "recite", dependencies: ["ReciteBook", "ReciteMarkdown", "RecitePronounce", 
            "ReciteBuild", "ReciteSynth", "ReciteEspeak", "ReciteNeural", "ReciteWorkers", "ReciteCache", "ReciteNormalize", "ReciteAudio", "ReciteCaptions", "ReciteSystem",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], plugins: ["BuildStamp"]),
        // The commit a build was made from, for `recite --version`.
        .plugin(name: "BuildStamp", capability: .buildTool()),

        // MARK: - Tests, one target per module that has logic worth testing
        .target(name: "ReciteTestSupport", dependencies: ["ReciteScript"], path: "Tests/ReciteTestSupport"),
        .testTarget(name: "ReciteSystemTests", dependencies: ["ReciteSystem"]),
        .testTarget(name: "ReciteScriptTests", dependencies: ["ReciteScript", "ReciteTestSupport"]),
        .testTarget(name: "ReciteMarkdownTests", dependencies: ["ReciteCmarkGFM", "ReciteScript", "ReciteMarkdown", "ReciteTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ReciteSSMLTests", dependencies: ["ReciteScript", "ReciteSSML", "ReciteTestSupport"], exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "ReciteEPUBTests", dependencies: ["ReciteEPUB", "ReciteTestSupport"]),
        .testTarget(name: "ReciteHTMLTests", dependencies: ["ReciteScript", "ReciteHTML", "ReciteXML", "ReciteTestSupport"]),
        .testTarget(name: "ReciteNormalizeTests", dependencies: ["ReciteScript", "ReciteNormalize", "ReciteTestSupport"]),
        .testTarget(name: "RecitePronounceTests", dependencies: ["ReciteScript", "ReciteSegment", "RecitePronounce", "ReciteSynth", "ReciteEspeak"],
                    exclude: ["Tools", "Fixtures"]),
        .testTarget(name: "ReciteSegmentTests", dependencies: ["ReciteSegment", "ReciteScript"]),
        // The synthesis modules: the seam, eSpeak NG, the neural voices, the workers and the cache.
        .testTarget(name: "ReciteSynthTests", dependencies: ["ReciteScript", "ReciteSynth", "ReciteEspeak", "ReciteNeural", "ReciteWorkers", "ReciteCache",
                                                             "ReciteSegment", "ReciteTestSupport"]),
        .testTarget(name: "ReciteAlignTests", dependencies: ["ReciteSegment", "ReciteAlign", "ReciteSynth", "ReciteEspeak", "ReciteTestSupport"]),
        .testTarget(name: "ReciteAudioTests", dependencies: ["ReciteAudio", "ReciteSystem", "ReciteTestSupport"]),
        .testTarget(name: "ReciteTimingTests", dependencies: ["ReciteScript", "ReciteSegment", "ReciteTiming", "ReciteSynth", "ReciteWorkers", "ReciteTestSupport"]),
        .testTarget(name: "ReciteCaptionsTests", dependencies: ["ReciteScript", "ReciteCaptions", "ReciteTiming", "ReciteAudio", "ReciteTestSupport"],
                    exclude: ["Browser"]),
        .testTarget(name: "ReciteBuildTests", dependencies: ["ReciteBook", "ReciteCmarkGFM", "ReciteEPUB", "ReciteHTML", "ReciteSegment", "ReciteSynth", "ReciteBuild", "ReciteEspeak", "ReciteNeural", "ReciteAudio", "ReciteTiming", "ReciteMarkdown", "ReciteScript",
                                                             "ReciteXML", "ReciteTestSupport"]),
        .testTarget(name: "ReciteFeedTests", dependencies: ["ReciteFeed", "ReciteXML"]),
    ]
)

// MARK: - Fuzzing: libFuzzer harnesses in Fuzz/, declared only for `make fuzz` (RECITE_FUZZ=1).
// They have no `main` of their own (libFuzzer's comes with `--sanitize=fuzzer`), so a plain
// `swift build` or `swift test` must not see them.
let fuzzHarnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzMarkdown", ["ReciteMarkdown", "ReciteScript"]),
    ("FuzzText", ["ReciteMarkdown", "ReciteScript"]),
    ("FuzzSSML", ["ReciteSSML"]),
    ("FuzzHTML", ["ReciteHTML"]),
    ("FuzzEPUB", ["ReciteBuild", "ReciteBook", "ReciteEPUB", "ReciteHTML"]),
    ("FuzzPLS", []),
    ("FuzzYAMLLexicon", []),
    ("FuzzTSVLexicon", []),
    ("FuzzPipeline", ["ReciteBuild"]),
    ("FuzzNormalize", ["ReciteNormalize"]),
    ("FuzzFLAC", ["ReciteAudio"]),
]
if Context.environment["RECITE_FUZZ"] == "1" {
    package.targets.append(.target(name: "FuzzSupport", dependencies: [
        "ReciteScript", "ReciteMarkdown", "ReciteNormalize", "RecitePronounce", "ReciteSegment",
    ], path: "Fuzz/FuzzSupport"))
    for harness in fuzzHarnesses {
        package.targets.append(.executableTarget(name: harness.name, dependencies: ["FuzzSupport"] + harness.dependencies,
                                                 path: "Fuzz/\(harness.name)"))
        package.products.append(.executable(name: harness.name, targets: [harness.name]))
    }
}

// MARK: - Alignment benchmark: speed and tuning sweeps of ReciteAlign on eSpeak NG renderings, built
// only when asked (RECITE_BENCH=1 swift build -c release --product align-speed), so the everyday
// build does not carry it.
if Context.environment["RECITE_BENCH"] == "1" {
    package.targets.append(.executableTarget(name: "align-speed", dependencies: ["ReciteAlign", "ReciteSynth", "ReciteEspeak"],
                                             path: "Benchmarks/AlignSpeed"))
    package.products.append(.executable(name: "align-speed", targets: ["align-speed"]))
    // Hashing and resampling (the libraries' share): `library-speed`, run by `make bench`.
    package.targets.append(.executableTarget(name: "library-speed", dependencies: ["ReciteAudio", "ReciteSynth", "ReciteCache"],
                                             path: "Benchmarks/LibrarySpeed"))
    package.products.append(.executable(name: "library-speed", targets: ["library-speed"]))
}

// Test hooks (`TestHooks`: crash, hang, kill at a named place) are compiled into debug builds,
// which the tests use, and into builds made with RECITE_TEST_HOOKS=1 (`make soak`); not into a
// release build otherwise.
for target in package.targets where target.name == "ReciteSystem" {
    var settings = target.swiftSettings ?? []
    settings.append(.define("RECITE_TEST_HOOKS", .when(configuration: .debug)))
    if Context.environment["RECITE_TEST_HOOKS"] == "1" { settings.append(.define("RECITE_TEST_HOOKS")) }
    target.swiftSettings = settings
}

// Strict settings for every Swift target, from one place.
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    // Spell out `any` so the cost of an existential is visible where it is paid.
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    // A file sees the members of only the modules it imports: imports say what a file uses.
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
