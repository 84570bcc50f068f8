import ArgumentParser
import Foundation
import ReciteAudio
import ReciteBuild
import ReciteCaptions
import ReciteWorkers

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render documents and folders of documents to audio with timing sidecars.",
        discussion: """
        Takes Markdown (.md, .markdown), HTML (.html, .htm: the article of a saved web page), SSML (.ssml, \
        and .xml whose root is <speak>) and EPUB (.epub: one file per chapter, BOOK/001-title.wav …). \
        Folders are walked recursively for all four; their tree is mirrored under the output folder. Each \
        document NAME gives NAME.wav (or .flac, .ogg, .opus, .mp3, .m4b with --format) and \
        NAME.timing.json (and NAME.vtt, NAME.srt, NAME.html when asked for), and the run writes \
        manifest.json. With --feed it also writes feed.xml, a podcast feed of the documents (with \
        NAME.vtt, NAME.srt, NAME.transcript.json and NAME.chapters.json for each), and the audio is MP3, \
        which every podcast app plays, unless --format or the pipeline names a format.

        \(ExitStatus.help)
        """)

    @Argument(help: "Documents (Markdown, HTML, SSML, EPUB) and folders of them.")
    var paths: [String]

    @OptionGroup var render: RenderOptions

    @Flag(help: "Print what would be said, per block, without synthesizing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Build only part K of N of the input (e.g. 2/8, 1 ≤ K ≤ N), for schedulers that spread a collection over machines.", valueName: "K/N"))
    var shard: Shard?

    @OptionGroup(title: "Reporting") var reporting: ReportOptions

    @Flag(help: ArgumentHelp("Also write OUT/feed.xml, a podcast feed of the documents (needs --base-url). The audio is then MP3, which every podcast app plays, unless --format or the pipeline names a format."))
    var feed = false

    @Option(help: ArgumentHelp("The http(s) URL the output folder is served at, which the feed's links start from (or feed: {base-url: URL} in the pipeline or recite.yml).", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Days a removed document's episode stays in the feed, if its files are still there (default: 0, it goes at once).", valueName: "days"))
    var feedKeepDays: Int?

    func validate() throws {
        if render.format == .epub { throw ValidationError("--format epub makes a read-along book: use `recite book PATH -o OUT --format epub`.") }
    }

    func run() throws {
        MemoryTuning.keepFreedMemory()
        let reporter = reporting.reporter()
        try exitingOnRunErrors {
            let runner = BuildRunner(
                options: .init(inputs: paths, outputFolder: render.output, pipeline: try render.loadPipeline(), dryRun: dryRun,
                               jobs: render.jobs, cacheFolder: render.cache, shard: shard,
                               feed: FeedSettings(enabled: feed, baseURL: baseURL, keepDays: feedKeepDays)),
                report: reporter.handle)
            let summary = try runner.run()
            reporter.summary(summary, dryRun: dryRun)
            if summary.failed > 0 { throw ExitCode(ExitStatus.someFailed) }
        }
    }
}
