import Foundation
import ReciteBuild
import ReciteAudio
import ReciteEPUB
import ReciteScript
import ReciteTiming

/// Writes a book's rendered chapters as one read-along EPUB 3, `NAME.epub`: per chapter an XHTML
/// document with a span per sentence (or word), its audio in a core media type, and a Media
/// Overlay tying each span to its clip; a navigation document, the book's metadata and cover, and
/// `media:active-class` so that reading systems highlight what is being read.
///
/// The chapters' audio is copied from the kept chapters an M4B book is bound from
/// (`KeptChapterAudio`) into files beside the output, and libzip reads them from there while it
/// writes the archive, so memory does not grow with the book. The EPUB is written atomically: a
/// failure leaves no partial EPUB and keeps an earlier one.
public struct ReadAlongEPUBWriter {
    /// One rendered chapter: its source, its output stem (`STEM.flac` and `STEM.timing.json` in
    /// the output folder) and its title when the book gives one (an EPUB's table of contents).
    public struct Chapter: Sendable {
        public var source: String
        public var stem: String
        public var title: String?
        /// For an EPUB's chapter: its index in the book's chapters (`EPUBChapter.plan`).
        public var chapterIndex: Int?

        public init(source: String, stem: String, title: String? = nil, chapterIndex: Int? = nil) {
            self.source = source
            self.stem = stem
            self.title = title
            self.chapterIndex = chapterIndex
        }
    }

    /// What was written.
    public struct Summary: Sendable {
        public var path: String
        public var chapters: Int
        /// Seconds of audio in the book.
        public var duration: Double
        /// True when the book's own XHTML was kept (an EPUB 3 input), false when it was generated.
        public var keptOriginalMarkup = false
        /// Sentences or words of the original markup that could not be wrapped in a span.
        public var skipped = 0
        /// Pictures copied into the book.
        public var images = 0
        /// What was left out, located (`path:line: warning: …`): pictures not copied.
        public var warnings: [String] = []
    }

    public var outputFolder: String
    public var name: String
    public var title: String
    public var authors: [String]
    /// BCP 47.
    public var language: String
    public var granularity: OverlayGranularity
    public var cover: CoverArt?
    /// The extension of the chapters' rendered audio (the articles' format).
    public var renderedExtension = "flac"
    /// The folder of the book's documents: pictures outside it are not copied (nil: each
    /// document's own folder).
    public var bookFolder: String?
    /// The cache folder that keeps encoded chapters (nil: the output folder's default cache).
    public var cacheFolder: String?
    /// Chapters encoded at once.
    public var jobs = 1
    let bitRate: Int?
    /// `dcterms:modified`.
    public var modified = Date()

    public init(outputFolder: String, name: String, title: String, authors: [String], language: String,
                granularity: OverlayGranularity, cover: CoverArt?, bitRate: Int?) {
        self.outputFolder = outputFolder
        self.name = name
        self.title = title
        self.authors = authors
        self.language = language
        self.granularity = granularity
        self.cover = cover
        self.bitRate = bitRate
    }

    /// The path of the EPUB.
    public var path: String { URL(fileURLWithPath: outputFolder).appendingPathComponent(name + ".epub").path }

    /// Writes the book from `chapters`, rendered already: an EPUB 3's own markup when they are all
    /// the chapters of one (`OriginalMarkupOverlay`), else a generated document per chapter.
    public func write(_ chapters: [Chapter]) throws -> Summary {
        guard !chapters.isEmpty else { throw ReadAlongEPUBError("The book has no chapter to write; give a folder with Markdown, HTML or SSML documents, or an EPUB.") }
        let folder = URL(fileURLWithPath: outputFolder)
        let scratch = folder.appendingPathComponent(".\(name).epub.\(getpid()).audio")
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        if let book = Self.singleEPUB(chapters) {
            do {
                return try writeOverlaid(book, chapters: chapters, scratch: scratch)
            } catch is OriginalMarkupOverlay.Unsuitable {
                // An EPUB 2 book, or one with overlays already: its text is generated instead.
            }
        }

        let encoder = audioEncoder
        let audioFiles = try encode(chapters, into: scratch, with: encoder)
        var entries: [ZipArchive.Entry] = [
            ZipArchive.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), stored: true),
            ZipArchive.Entry(name: "META-INF/container.xml", bytes: Array(PackageDocuments.container.utf8), stored: false),
            ZipArchive.Entry(name: "OEBPS/style.css", bytes: Array(PackageDocuments.stylesheet.utf8), stored: false),
        ]
        var listed: [PackageDocuments.Chapter] = []
        var pictures = BookPictures()
        for (k, chapter) in chapters.enumerated() {
            let base = String(format: "chapter-%03d", k + 1)
            let sidecar = try Self.sidecar(folder.appendingPathComponent(chapter.stem + ".timing.json").path)
            let chapterTitle = Self.title(of: chapter, sidecar: sidecar, number: k + 1)
            let source = Self.sourceText(chapter.source)
            var document = ChapterDocument(sidecar: sidecar, source: source, title: chapterTitle,
                                           language: language, granularity: granularity, stylesheet: "style.css")
            document.figures = pictures.figures(of: chapter.source, sidecar: sidecar, bookFolder: bookFolder)
            let made = document.make()
            let audioName = "\(base).\(encoder.fileExtension)"
            let smil = MediaOverlayDocument.smil(chapter: "\(base).xhtml", audio: audioName, fragments: made.fragments)
            entries.append(ZipArchive.Entry(name: "OEBPS/\(base).xhtml", bytes: Array(made.xhtml.utf8), stored: false))
            entries.append(ZipArchive.Entry(name: "OEBPS/\(base).smil", bytes: Array(smil.utf8), stored: false))
            entries.append(ZipArchive.Entry(name: "OEBPS/\(audioName)", content: .file(audioFiles[k]), stored: true))
            listed.append(PackageDocuments.Chapter(title: chapterTitle, document: "\(base).xhtml", overlay: "\(base).smil",
                                                   audio: audioName, audioMediaType: encoder.mediaType,
                                                   duration: ClockValue.milliseconds(sidecar.duration), headings: made.headings))
        }
        for image in pictures.copied {
            entries.append(ZipArchive.Entry(name: "OEBPS/" + image.entry, content: .file(image.file), stored: true))
        }
        var coverFile: PackageDocuments.Cover?
        if let cover {
            let file = cover.kind == .png ? "cover.png" : "cover.jpg"
            coverFile = PackageDocuments.Cover(file: file, mediaType: cover.kind.rawValue)
            entries.append(ZipArchive.Entry(name: "OEBPS/\(file)", bytes: [UInt8](cover.data), stored: true))
        }
        let package = PackageDocuments.package(title: title, authors: authors, language: language,
                                               identifier: Self.identifier(title: title, sources: chapters.map(\.source)),
                                               modified: modified, chapters: listed, cover: coverFile,
                                               images: pictures.copied.map { PackageDocuments.Image(file: $0.entry, mediaType: $0.mediaType) })
        entries.insert(ZipArchive.Entry(name: "OEBPS/package.opf", bytes: Array(package.utf8), stored: false), at: 2)
        let navigation = PackageDocuments.navigation(title: title, language: language, chapters: listed)
        entries.insert(ZipArchive.Entry(name: "OEBPS/nav.xhtml", bytes: Array(navigation.utf8), stored: false), at: 3)
        try AtomicOutput.write(to: path) { try ZipArchive.write(entries, to: $0) }
        return Summary(path: path, chapters: chapters.count, duration: Double(listed.map(\.duration).reduce(0, +)) / 1000,
                       images: pictures.copied.count, warnings: pictures.warnings)
    }

    /// The EPUB all the chapters come from, if they come from one.
    static func singleEPUB(_ chapters: [Chapter]) -> String? {
        guard let first = chapters.first, URL(fileURLWithPath: first.source).pathExtension.lowercased() == "epub",
              chapters.allSatisfy({ $0.source == first.source && $0.chapterIndex != nil }) else { return nil }
        return first.source
    }

    /// The EPUB itself with overlays (`OriginalMarkupOverlay`).
    func writeOverlaid(_ book: String, chapters: [Chapter], scratch: URL) throws -> Summary {
        let folder = URL(fileURLWithPath: outputFolder)
        let packageFolder = ZipPath.folder(of: try EPUBPackage.read(ZipArchive(path: book)).packageEntry)
        var rendered: [OriginalMarkupOverlay.Chapter] = []
        var audio: [(entry: String, file: String, mediaType: String)] = []
        var duration = 0
        let encoder = audioEncoder
        let audioFiles = try encode(chapters, into: scratch, with: encoder)
        for (k, chapter) in chapters.enumerated() {
            let sidecar = try Self.sidecar(folder.appendingPathComponent(chapter.stem + ".timing.json").path)
            let entry = "\(packageFolder)\(OriginalMarkupOverlay.prefix)audio/\(String(format: "chapter-%03d", k + 1)).\(encoder.fileExtension)"
            audio.append((entry, audioFiles[k], encoder.mediaType))
            rendered.append(OriginalMarkupOverlay.Chapter(index: chapter.chapterIndex!, sidecar: sidecar, audioEntry: entry))
            duration += ClockValue.milliseconds(sidecar.duration)
        }
        let result = try OriginalMarkupOverlay(book: book, granularity: granularity, modified: modified).make(rendered, audio: audio)
        try AtomicOutput.write(to: path) { try ZipArchive.write(result.entries, to: $0) }
        return Summary(path: path, chapters: chapters.count, duration: Double(duration) / 1000, keptOriginalMarkup: true, skipped: result.skipped)
    }

    static func sidecar(_ path: String) throws -> TimingSidecar {
        do {
            return try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ReadAlongEPUBError("Cannot read \(path) (\(error.localizedDescription)); render the book again.")
        }
    }

    /// The chapters' audio: AAC packets kept for books, copied into one file per chapter.
    var audioEncoder: any ChapterAudioEncoder {
        KeptChapterAudio(store: EncodedChapterStore(cacheFolder: cacheFolder ?? BuildRunner.defaultCacheFolder(for: outputFolder)),
                         bitRate: bitRate, jobs: jobs, book: URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// Every chapter's audio for the EPUB, as files in `scratch` (in the chapters' order).
    func encode(_ chapters: [Chapter], into scratch: URL, with encoder: any ChapterAudioEncoder) throws -> [String] {
        let folder = URL(fileURLWithPath: outputFolder)
        let outputs = chapters.indices.map { scratch.appendingPathComponent(String(format: "chapter-%03d.", $0 + 1) + encoder.fileExtension).path }
        try encoder.encode(chapters.map { folder.appendingPathComponent($0.stem + "." + renderedExtension).path }, to: outputs)
        return outputs
    }

    /// The chapter's title: the book's, else its first heading as the sidecar has it, else its
    /// file name, else its number (a table of contents entry must have text).
    static func title(of chapter: Chapter, sidecar: TimingSidecar, number: Int) -> String {
        let candidates = [chapter.title, sidecar.blocks.first { $0.kind == "title" || $0.kind == "heading" }?.text,
                          URL(fileURLWithPath: chapter.source).deletingPathExtension().lastPathComponent]
        for candidate in candidates {
            let text = (candidate ?? "").asTagText
            if !text.isEmpty { return text }
        }
        return "Chapter \(number)"
    }

    /// The source file as the sidecar's byte offsets count it; nil for an EPUB's chapter (its
    /// XHTML is inside the book: the shown text is then the sidecar's words, without punctuation).
    static func sourceText(_ path: String) -> SourceText? {
        guard URL(fileURLWithPath: path).pathExtension.lowercased() != "epub",
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? SourceText(path: path, bytes: [UInt8](data))
    }

    /// A stable `urn:uuid:` for the book, from its title and chapters' sources, so that a reading
    /// system keeps its place and highlights when the book is written again.
    static func identifier(title: String, sources: [String]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in ([title] + sources).joined(separator: "\u{0}").utf8 {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b &+ UInt64(byte)) &* 0x9e37_79b9_7f4a_7c15
        }
        let hex = String(format: "%016llx%016llx", a, b)
        let c = Array(hex)
        func part(_ r: Range<Int>) -> String { String(c[r]) }
        return "urn:uuid:\(part(0..<8))-\(part(8..<12))-4\(part(13..<16))-8\(part(17..<20))-\(part(20..<32))"
    }
}

/// A read-along EPUB that cannot be written, and what to do.
public struct ReadAlongEPUBError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
