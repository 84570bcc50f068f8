import ArgumentParser
import Foundation
import ReciteAudio
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

    /// Each part's title: the `title` of the subfolder's index.md front matter, else its name.
    static func partTitles(folder: String, stems: [String]) -> [String: String] {
        var titles: [String: String] = [:]
        for stem in stems {
            guard let slash = stem.firstIndex(of: "/") else { continue }
            let part = String(stem[..<slash])
            guard titles[part] == nil else { continue }
            let info = BookInfo.fromFrontMatter(folder: URL(fileURLWithPath: folder).appendingPathComponent(part).path, firstDocument: nil)
            titles[part] = info.title ?? part
        }
        return titles
    }

    func validate() throws {
        guard !name.isEmpty, !name.contains("/") else { throw ValidationError("--name is a file name without a folder.") }
        if let chapterPause, !(0...60).contains(chapterPause) { throw ValidationError("--chapter-pause takes 0 to 60 seconds.") }
    }

    func run() throws {
        MemoryTuning.keepFreedMemory()
        let reporter = reporting.reporter()
        try exitingOnRunErrors {
            let pipeline = try render.loadPipeline()
            let output = render.output
            // The book's format: the option, else the folder's recite.yml, else the pipeline's.
            let configuration = URL(fileURLWithPath: folder).appendingPathComponent(Discovery.folderConfigurationName).path
            let hasConfiguration = FileManager.default.fileExists(atPath: configuration)
            let folderPipeline = hasConfiguration ? try Pipeline.loadFolderConfiguration(path: configuration, over: pipeline) : pipeline
            // A read-along EPUB is made from FLAC chapters, as an M4B book is, encoded to AAC.
            let isReadAlong = render.format == .epub || (render.format == nil && folderPipeline.bookEPUB)
            let format = isReadAlong ? .m4b : render.format?.audio ?? folderPipeline.format
            let articleFormat = BookBinder.articleFormat(for: format)
            let found = try Discovery.jobs(for: [folder], excluding: output)
            if let clash = found.first(where: { $0.outputStem == name }) {
                throw ConfigurationError("\(clash.source) would be written as \(name).\(articleFormat.fileExtension), the book's name; choose another with --name.")
            }
            // An EPUB's chapters come in its reading order; a folder's, in file-name or order.txt order.
            let isEPUB = URL(fileURLWithPath: folder).pathExtension.lowercased() == "epub"
            let chapters = isEPUB ? found : try BookOrder.order(found, folder: folder, orderFile: order)
            // Tags and cover are read (and a bad cover refused) before anything is rendered.
            let info = BookInfo(title: title, author: author, cover: cover)
                .over(hasConfiguration ? try BookInfo.fromFolderConfiguration(path: configuration) : BookInfo())
                .over(isEPUB ? try BookInfo.fromEPUB(path: folder)
                      : BookInfo.fromFrontMatter(folder: folder, firstDocument: chapters.first { $0.format == .markdown }?.source))
            let input = URL(fileURLWithPath: folder).standardizedFileURL
            let bookTitle = (info.title ?? (isEPUB ? input.deletingPathExtension() : input).lastPathComponent).asTagText
            guard !bookTitle.isEmpty else { throw ConfigurationError("The book's title is empty; give one with --title.") }
            var metadata = try info.metadata(title: bookTitle)
            if metadata.artist == nil { metadata.artist = folderPipeline.artist }

            var binder = BookBinder(outputFolder: output, name: name, chapterPause: chapterPause ?? folderPipeline.chapterPause,
                                    format: format, articleFormat: articleFormat, metadata: metadata,
                                    bitRate: folderPipeline.bitRate)
            binder.cacheFolder = render.cache
            binder.jobs = render.jobs
            binder.partTitles = Self.partTitles(folder: folder, stems: chapters.map(\.outputStem))

            var options = BuildRunner.Options(inputs: [folder], outputFolder: output, pipeline: pipeline, jobs: render.jobs, cacheFolder: render.cache)
            options.format = articleFormat
            // Each article's chapter is encoded as soon as it is rendered, beside the synthesis
            // of the next ones, so the bind finds nearly all of them kept. A read-along EPUB's
            // audio is an M4B book's kept chapters (same key), so it is encoded the same way.
            let precoder = binder.chapterPrecoder()
            let runner = BuildRunner(options: options, report: { event in
                reporter.handle(event)
                if let precoder, case .finished(let entry) = event, entry.status == .ok {
                    precoder.submit(audio: URL(fileURLWithPath: output).appendingPathComponent(entry.outputs.audio).path)
                }
            })
            let summary = try runner.run()
            precoder?.finish()
            reporter.summary(summary, dryRun: false)
            // The build kept freed memory for its next segments (`keepFreedMemory`); binding
            // needs none of it, and its own peak adds to what is kept.
            MemoryTuning.releaseFreedMemory()
            guard summary.failed == 0 else {
                FileHandle.standardError.write(Data("recite: the book was not bound: \(summary.failed) chapter(s) failed; an earlier book is kept.\n".utf8))
                throw ExitCode(ExitStatus.someFailed)
            }
            if isReadAlong {
                var writer = ReadAlongEPUBWriter(outputFolder: output, name: name, title: bookTitle,
                                                 authors: info.author.map { [$0.asTagText] } ?? [],
                                                 language: folderPipeline.language, granularity: overlay ?? folderPipeline.overlay,
                                                 cover: metadata.cover, bitRate: folderPipeline.bitRate)
                writer.renderedExtension = articleFormat.fileExtension
                writer.bookFolder = isEPUB ? nil : folder
                writer.cacheFolder = render.cache
                writer.jobs = render.jobs
                let book = try writer.write(chapters.map { ReadAlongEPUBWriter.Chapter(source: $0.source, stem: $0.outputStem, title: $0.chapterTitle,
                                                                                      chapterIndex: $0.format == .epub ? $0.chapter : nil) })
                for warning in book.warnings { reporter.handle(.notice(warning)) }
                let how = book.keptOriginalMarkup ? ", the book's own XHTML kept" : ""
                let pictures = book.images > 0 ? ", \(book.images) picture(s)" : ""
                let skipped = book.skipped > 0 ? "; \(book.skipped) \(overlay ?? folderPipeline.overlay) could not be wrapped in its markup and are read without highlight" : ""
                reporter.book(path: book.path, chapters: book.chapters, duration: book.duration,
                              line: "wrote a read-along EPUB of \(book.chapters) chapters to \(book.path) (\(String(format: "%.1f", book.duration)) s\(how)\(pictures))\(skipped)")
                return
            }
            let book = try binder.bind(chapters.map {
                BookBinder.Part(source: $0.source, stem: $0.outputStem, title: $0.chapterTitle, depth: $0.format == .epub ? $0.chapterDepth : nil)
            }, title: bookTitle)
            let path = "\(output)/\(name).\(format.fileExtension)"
            reporter.book(path: path, chapters: book.articles.count, duration: book.duration,
                          line: "bound \(book.articles.count) chapters into \(path) (\(String(format: "%.1f", book.duration)) s)")
        }
    }
}
