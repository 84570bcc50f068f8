import Foundation
import ReciteAudio
import ReciteBuild
import ReciteWorkers

/// `recite book`'s work: a folder of articles (or an EPUB) rendered as `recite build` renders
/// them, then bound into one audiobook with chapters, or written as a read-along EPUB 3. The
/// command line only parses its options into this.
public struct BookJob {
    /// The folder of articles, or an EPUB book.
    public var folder: String
    public var outputFolder: String
    public var pipeline: Pipeline
    /// The book's file name, without extension.
    public var name = "book"
    /// Tags and cover given on the command line; they win over recite.yml's and the front matter's.
    public var info = BookInfo()
    /// An order file (default: FOLDER/order.txt if present).
    public var orderFile: String?
    public var chapterPause: Double?
    public var overlay: OverlayGranularity?
    /// The audio format asked for; nil for the folder's recite.yml or the pipeline's.
    public var format: AudioFormat?
    /// A read-along EPUB 3 asked for (`--format epub`) instead of an audiobook.
    public var readAlong = false
    public var jobs = 1
    public var cacheFolder: String?

    public init(folder: String, outputFolder: String, pipeline: Pipeline) {
        self.folder = folder
        self.outputFolder = outputFolder
        self.pipeline = pipeline
    }

    /// What the job made.
    public enum Outcome {
        /// Articles failed: nothing was bound, and an earlier book is kept.
        case failed(summary: BuildRunner.Summary)
        case bound(summary: BuildRunner.Summary, path: String, chapters: Int, duration: Double)
        case readAlong(summary: BuildRunner.Summary, book: ReadAlongEPUBWriter.Summary, overlay: OverlayGranularity)
    }

    /// Renders and binds; `report` hears the build's events as they come.
    public func run(report: @escaping @Sendable (BuildRunner.Event) -> Void) throws -> Outcome {
        // The book's format: the option, else the folder's recite.yml, else the pipeline's.
        let configuration = URL(fileURLWithPath: folder).appendingPathComponent(Discovery.folderConfigurationName).path
        let hasConfiguration = FileManager.default.fileExists(atPath: configuration)
        let folderPipeline = hasConfiguration ? try Pipeline.loadFolderConfiguration(path: configuration, over: pipeline) : pipeline
        // A read-along EPUB is made from FLAC chapters, as an M4B book is, encoded to AAC.
        let isReadAlong = readAlong || (format == nil && folderPipeline.bookEPUB)
        let bookFormat = isReadAlong ? .m4b : format ?? folderPipeline.format
        let articleFormat = BookBinder.articleFormat(for: bookFormat)
        let found = try Discovery.jobs(for: [folder], excluding: outputFolder)
        if let clash = found.first(where: { $0.outputStem == name }) {
            throw ConfigurationError("\(clash.source) would be written as \(name).\(articleFormat.fileExtension), the book's name; choose another with --name.")
        }
        // An EPUB's chapters come in its reading order; a folder's, in file-name or order.txt order.
        let isEPUB = URL(fileURLWithPath: folder).pathExtension.lowercased() == "epub"
        let chapters = isEPUB ? found : try BookOrder.order(found, folder: folder, orderFile: orderFile)
        // Tags and cover are read (and a bad cover refused) before anything is rendered.
        let info = self.info
            .over(hasConfiguration ? try BookInfo.fromFolderConfiguration(path: configuration) : BookInfo())
            .over(isEPUB ? try BookInfo.fromEPUB(path: folder)
                  : BookInfo.fromFrontMatter(folder: folder, firstDocument: chapters.first { $0.format == .markdown }?.source))
        let input = URL(fileURLWithPath: folder).standardizedFileURL
        let bookTitle = (info.title ?? (isEPUB ? input.deletingPathExtension() : input).lastPathComponent).asTagText
        guard !bookTitle.isEmpty else { throw ConfigurationError("The book's title is empty; give one with --title.") }
        var metadata = try info.metadata(title: bookTitle)
        if metadata.artist == nil { metadata.artist = folderPipeline.artist }

        var binder = BookBinder(outputFolder: outputFolder, name: name, chapterPause: chapterPause ?? folderPipeline.chapterPause,
                                format: bookFormat, articleFormat: articleFormat, metadata: metadata,
                                bitRate: folderPipeline.bitRate)
        binder.cacheFolder = cacheFolder
        binder.jobs = jobs
        binder.partTitles = Self.partTitles(folder: folder, stems: chapters.map(\.outputStem))

        var options = BuildRunner.Options(inputs: [folder], outputFolder: outputFolder, pipeline: pipeline, jobs: jobs, cacheFolder: cacheFolder)
        options.format = articleFormat
        // Each article's chapter is encoded as soon as it is rendered, beside the synthesis
        // of the next ones, so the bind finds nearly all of them kept. A read-along EPUB's
        // audio is an M4B book's kept chapters (same key), so it is encoded the same way.
        let precoder = binder.chapterPrecoder()
        let output = outputFolder
        let runner = BuildRunner(options: options, report: { event in
            report(event)
            if let precoder, case .finished(let entry) = event, entry.status == .ok {
                precoder.submit(audio: URL(fileURLWithPath: output).appendingPathComponent(entry.outputs.audio).path)
            }
        })
        let summary = try runner.run()
        precoder?.finish()
        // The build kept freed memory for its next segments (`keepFreedMemory`); binding
        // needs none of it, and its own peak adds to what is kept.
        MemoryTuning.releaseFreedMemory()
        guard summary.failed == 0 else { return .failed(summary: summary) }
        if isReadAlong {
            let granularity = overlay ?? folderPipeline.overlay
            var writer = ReadAlongEPUBWriter(outputFolder: outputFolder, name: name, title: bookTitle,
                                             authors: info.author.map { [$0.asTagText] } ?? [],
                                             language: folderPipeline.language, granularity: granularity,
                                             cover: metadata.cover, bitRate: folderPipeline.bitRate)
            writer.renderedExtension = articleFormat.fileExtension
            writer.bookFolder = isEPUB ? nil : folder
            writer.cacheFolder = cacheFolder
            writer.jobs = jobs
            let book = try writer.write(chapters.map { ReadAlongEPUBWriter.Chapter(source: $0.source, stem: $0.outputStem, title: $0.chapterTitle,
                                                                                  chapterIndex: $0.format == .epub ? $0.chapter : nil) })
            return .readAlong(summary: summary, book: book, overlay: granularity)
        }
        let book = try binder.bind(chapters.map {
            BookBinder.Part(source: $0.source, stem: $0.outputStem, title: $0.chapterTitle, depth: $0.format == .epub ? $0.chapterDepth : nil)
        }, title: bookTitle)
        return .bound(summary: summary, path: "\(outputFolder)/\(name).\(bookFormat.fileExtension)",
                      chapters: book.articles.count, duration: book.duration)
    }

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
}
