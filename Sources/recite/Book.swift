import ArgumentParser
import Foundation
import ReciteAudio
import ReciteBook
import ReciteBuild
import ReciteWorkers

/// `recite book`: a folder of articles rendered, then joined into one audiobook with chapters.
struct Book: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a folder of articles (Markdown, HTML, SSML) or an EPUB book into one audiobook with chapters.",
        discussion: """
        Every article is rendered as by `recite build` (same cache, same unchanged-document skip), then \
        joined in natural file-name order (numbers compare as numbers), or in the order of the folder's \
        order.txt (one path per line), with a pause between chapters; a subfolder is a part. Writes \
        NAME.EXT with the chapters inside (WAV cue labels; MP4 chapters in m4b, ID3v2 CHAP frames in \
        mp3, CHAPTERnnn comments in flac, ogg and opus) and the book's tags and cover, \
        NAME.chapters.json, NAME.cue and NAME.timing.json (each word with its source file). Title, \
        author and cover come from the options, else from the folder's recite.yml (book: title, \
        author, album, year, genre, comment, cover), else from the front matter of index.md or of \
        the first document. Articles are rendered as FLAC beside the book (WAV for a wav book); an \
        m4b, opus or mp3 book is bound from chapters encoded once and kept in the cache folder \
        (each as soon as its article is rendered, --jobs at a time), copied into the container \
        without encoding again. --format epub writes \
        a read-along EPUB 3 (Media Overlays) instead: its chapters' audio is copied from the same kept \
        chapters, and the documents' local pictures (PNG, JPEG, GIF inside the folder) go with their \
        text. If an article fails, the book is not bound and an earlier one is kept.

        \(ExitStatus.help)
        """)

    @Argument(help: "The folder of articles, or an EPUB book.")
    var folder: String

    @OptionGroup var render: RenderOptions

    @Option(help: "The book's file name, without extension (default: book).")
    var name = "book"

    @Option(help: "The book's title (default: recite.yml's book.title, the front matter's title, or the folder's name).")
    var title: String?

    @Option(help: "The book's author: artist and album artist tags (default: recite.yml's book.author or the front matter's author).")
    var author: String?

    @Option(help: ArgumentHelp("The cover picture, JPEG or PNG under 10 MB (default: recite.yml's book.cover or the front matter's cover).", valueName: "image"))
    var cover: String?

    @Option(help: "An order file (default: FOLDER/order.txt if present, else natural file-name order).")
    var order: String?

    @Option(help: "Seconds of silence between chapters (default: the pipeline's book.chapterPause, 2).")
    var chapterPause: Double?

    @Option(help: "For --format epub: what the read-along highlights, one sentence or one word at a time (default: the pipeline's book.overlay, sentences).")
    var overlay: OverlayGranularity?

    @OptionGroup(title: "Reporting") var reporting: ReportOptions

    func validate() throws {
        guard !name.isEmpty, !name.contains("/") else { throw ValidationError("--name is a file name without a folder.") }
        if let chapterPause, !(0...60).contains(chapterPause) { throw ValidationError("--chapter-pause takes 0 to 60 seconds.") }
    }

    func run() throws {
        MemoryTuning.keepFreedMemory()
        let reporter = reporting.reporter()
        try exitingOnRunErrors {
            var job = BookJob(folder: folder, outputFolder: render.output, pipeline: try render.loadPipeline())
            job.name = name
            job.info = BookInfo(title: title, author: author, cover: cover)
            job.orderFile = order
            job.chapterPause = chapterPause
            job.overlay = overlay
            job.format = render.format?.audio
            job.readAlong = render.format == .epub
            job.jobs = render.jobs
            job.cacheFolder = render.cache
            let outcome = try job.run(report: { reporter.handle($0) })
            switch outcome {
            case .failed(let summary):
                reporter.summary(summary, dryRun: false)
                FileHandle.standardError.write(Data("recite: the book was not bound: \(summary.failed) chapter(s) failed; an earlier book is kept.\n".utf8))
                throw ExitCode(ExitStatus.someFailed)
            case .readAlong(let summary, let book, let overlay):
                reporter.summary(summary, dryRun: false)
                for warning in book.warnings { reporter.handle(.notice(warning)) }
                let how = book.keptOriginalMarkup ? ", the book's own XHTML kept" : ""
                let pictures = book.images > 0 ? ", \(book.images) picture(s)" : ""
                let skipped = book.skipped > 0 ? "; \(book.skipped) \(overlay) could not be wrapped in its markup and are read without highlight" : ""
                reporter.book(path: book.path, chapters: book.chapters, duration: book.duration,
                              line: "wrote a read-along EPUB of \(book.chapters) chapters to \(book.path) (\(String(format: "%.1f", book.duration)) s\(how)\(pictures))\(skipped)")
            case .bound(let summary, let path, let chapters, let duration):
                reporter.summary(summary, dryRun: false)
                reporter.book(path: path, chapters: chapters, duration: duration,
                              line: "bound \(chapters) chapters into \(path) (\(String(format: "%.1f", duration)) s)")
            }
        }
    }
}
