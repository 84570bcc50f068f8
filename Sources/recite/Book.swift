import ArgumentParser
import Foundation
import ReciteAudio
import ReciteBuild
import ReciteSynth

/// `recite book`: a folder of articles rendered, then joined into one audiobook with chapters.
struct Book: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a folder of articles and join them into one audiobook with chapters.",
        discussion: """
        Every article is rendered as by `recite build` (same cache, same unchanged-document skip), then \
        joined in natural file-name order (numbers compare as numbers), or in the order of the folder's \
        order.txt (one path per line), with a pause between chapters. Writes NAME.wav (with a labelled \
        cue point per chapter), NAME.chapters.json, NAME.cue and NAME.timing.json (each word with its \
        source file). If an article fails, the book is not bound and an earlier one is kept.
        """)

    @Argument(help: "The folder of articles.")
    var folder: String

    @OptionGroup var render: RenderOptions

    @Option(help: "The book's file name, without extension (default: book).")
    var name = "book"

    @Option(help: "The book's title (default: the folder's name).")
    var title: String?

    @Option(help: "An order file (default: FOLDER/order.txt if present, else natural file-name order).")
    var order: String?

    @Option(help: "Seconds of silence between chapters (default: the pipeline's book.chapterPause, 2).")
    var chapterPause: Double?

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    func validate() throws {
        guard !name.isEmpty, !name.contains("/") else { throw ValidationError("--name is a file name without a folder.") }
        if let chapterPause, !(0...60).contains(chapterPause) { throw ValidationError("--chapter-pause takes 0 to 60 seconds.") }
    }

    func run() throws {
        MemoryTuning.keepFreedMemory()
        let reporter = BuildReporter(format: .text, quiet: quiet, verbose: false)
        try exitingOnRunErrors {
            let pipeline = try render.loadPipeline()
            let output = render.output
            let runner = BuildRunner(options: .init(inputs: [folder], outputFolder: output, pipeline: pipeline, jobs: render.jobs, cacheFolder: render.cache),
                                     report: reporter.handle)
            let summary = try runner.run()
            reporter.summary(summary, dryRun: false)
            guard summary.failed == 0 else {
                FileHandle.standardError.write(Data("recite: the book was not bound: \(summary.failed) chapter(s) failed; an earlier book is kept.\n".utf8))
                throw ExitCode(ExitStatus.someFailed)
            }
            let found = try Discovery.jobs(for: [folder], excluding: output)
            if let clash = found.first(where: { $0.outputStem == name }) {
                throw ConfigurationError("\(clash.source) would be written as \(name).\(pipeline.format.fileExtension), the book's name; choose another with --name.")
            }
            let chapters = try BookOrder.order(found, folder: folder, orderFile: order)
            let bookTitle = title ?? URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
            let binder = BookBinder(outputFolder: output, name: name, chapterPause: chapterPause ?? pipeline.chapterPause,
                                    format: pipeline.format,
                                    metadata: AudioMetadata(title: bookTitle, artist: pipeline.artist, album: pipeline.album ?? bookTitle))
            let book = try binder.bind(chapters.map { ($0.source, $0.outputStem) }, title: bookTitle)
            if !quiet {
                FileHandle.standardError.write(Data("bound \(book.chapters.count) chapters into \(output)/\(name).\(pipeline.format.fileExtension) (\(String(format: "%.1f", book.duration)) s)\n".utf8))
            }
        }
    }
}
