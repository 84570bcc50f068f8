import Foundation
import ReciteBuild
import ReciteAudio
import ReciteSystem
import ReciteTiming

/// Joins a folder's rendered articles into one book: `NAME.EXT` with its chapters inside (WAV cue
/// points and labels; MP4 chapters, ID3v2 `CHAP`/`CTOC` or Vorbis `CHAPTERnnn` comments in the
/// compressed formats, with the book's tags and cover), `NAME.chapters.json`, `NAME.cue` and
/// `NAME.timing.json` (the whole book, each word with its source file). The articles are streamed
/// a chunk at a time, so memory does not grow with the book; every file is written atomically.
/// A subfolder of articles is a part: a chapter holding its articles' chapters.
public struct BookBinder {
    /// One chapter in the book, or a part (a subfolder) with its chapters.
    public struct Chapter: Codable, Sendable, Equatable {
        public var title: String
        /// Seconds from the start of the book: the chapter's first word, and the next one's start.
        public var start: Double
        public var end: Double
        /// The article, or the part's folder.
        public var source: String
        /// A part's chapters; nil for an article.
        public var chapters: [Chapter]?
        /// For an EPUB's chapter: how deep its table-of-contents entry is nested (0 at the top);
        /// the list stays flat, one chapter per entry, in reading order.
        public var depth: Int?

        /// The articles' chapters, parts opened.
        var leaves: [Chapter] { chapters.map { $0.flatMap(\.leaves) } ?? [self] }
    }

    /// `NAME.chapters.json`.
    public struct Chapters: Codable, Sendable, Equatable {
        public var format = "recite.chapters"
        public var version = 1
        public var title: String
        public var audio: String
        public var duration: Double
        public var chapters: [Chapter]

        /// Every article's chapter in order, whatever part it is in.
        public var articles: [Chapter] { chapters.flatMap(\.leaves) }
    }

    public var outputFolder: String
    public var name: String
    /// Silence between chapters, in seconds.
    public var chapterPause: Double
    /// The format of the book.
    public var format: AudioFormat
    /// The format of the articles' audio, read back to be joined (libsndfile reads all but M4B,
    /// so an M4B book is joined from FLAC articles).
    public var articleFormat: AudioFormat
    /// The book's tags and cover; its chapters are added here.
    public var metadata: AudioMetadata
    /// Bits per second for a lossy book; nil for the format's default.
    public var bitRate: Int?
    /// The cache folder that keeps encoded chapters (nil: the output folder's default cache).
    public var cacheFolder: String?
    /// Chapters encoded at once for a book bound from kept chapters.
    public var jobs = 1
    /// The title of each part (subfolder of the book's folder, as in the articles' output
    /// stems); a part without one is called by its folder's name.
    public var partTitles: [String: String] = [:]

    public init(outputFolder: String, name: String, chapterPause: Double, format: AudioFormat = .wav,
                articleFormat: AudioFormat? = nil, metadata: AudioMetadata = AudioMetadata(), bitRate: Int? = nil) {
        self.outputFolder = outputFolder
        self.name = name
        self.chapterPause = chapterPause
        self.format = format
        self.articleFormat = articleFormat ?? format
        self.metadata = metadata
        self.bitRate = bitRate
    }

    /// The format articles are rendered in for a book in `format`.
    /// Lossless, so a lossy book is encoded once, from the articles' samples: FLAC for every
    /// compressed book, WAV for a WAV book.
    public static func articleFormat(for format: AudioFormat) -> AudioFormat { format == .wav ? .wav : .flac }

    var audioExtension: String { "." + format.fileExtension }
    var articleExtension: String { "." + articleFormat.fileExtension }

    func path(_ suffix: String) -> String {
        URL(fileURLWithPath: outputFolder).appendingPathComponent(name + suffix).path
    }

    /// One article to bind: its source, its output stem (its audio and sidecar are `STEM.EXT` and
    /// `STEM.timing.json`), and for an EPUB's chapter, its title and depth in the table of contents.
    public struct Part: Sendable {
        public var source: String
        public var stem: String
        public var title: String?
        public var depth: Int?

        public init(source: String, stem: String, title: String? = nil, depth: Int? = nil) {
            self.source = source
            self.stem = stem
            self.title = title
            self.depth = depth
        }
    }

    /// Binds `parts` in order: each article's source and output stem (its audio and sidecar are
    /// `STEM.EXT` and `STEM.timing.json` under the output folder).
    public func bind(_ parts: [Part], title: String) throws -> Chapters {
        KillPoint.reach("bind")
        let folder = URL(fileURLWithPath: outputFolder)
        func sidecar(_ stem: String) throws -> TimingSidecar {
            try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: folder.appendingPathComponent(stem + ".timing.json")))
        }
        func audio(_ part: Part) -> String { folder.appendingPathComponent(part.stem + articleExtension).path }
        // First pass: each article's length, title and first word.
        var articles: [Article] = []
        var sampleRate = 0
        for (index, part) in parts.enumerated() {
            let timing = try sidecar(part.stem)
            let info = try SoundFile.info(of: audio(part))
            if index == 0 { sampleRate = info.sampleRate }
            guard info.sampleRate == sampleRate, info.channels == 1 else {
                throw SoundFile.Failure(message: "\(part.source) is at \(info.sampleRate) Hz, the book at \(sampleRate) Hz; render every chapter with one voice rate.")
            }
            let chapterTitle = part.title ?? timing.blocks.first { $0.kind == "title" || $0.kind == "heading" }?.text
                ?? URL(fileURLWithPath: part.source).deletingPathExtension().lastPathComponent
            articles.append(Article(audio: audio(part), frames: info.frames, firstWord: timing.words.first?.start ?? 0, title: chapterTitle))
        }
        guard !parts.isEmpty else { throw SoundFile.Failure(message: "The book has no chapter to join.") }
        // Where each article starts: in the joined samples, or among the kept chapters' packets.
        let layout = ChapterEncoder.keepsPackets(format)
            ? try packetLayout(articles, sampleRate: sampleRate)
            : sampleLayout(articles, sampleRate: sampleRate)
        var chapters = zip(parts, articles).enumerated().map { index, pair in
            Chapter(title: pair.1.title.asTagText, start: Self.round(layout.starts[index] + pair.1.firstWord), end: 0,
                    source: pair.0.source, depth: pair.0.depth)
        }
        for i in chapters.indices {
            chapters[i].end = i + 1 < chapters.count ? chapters[i + 1].start : Self.round(layout.duration)
        }
        // An EPUB's chapters say their nesting by depth; a folder's articles, by their subfolders.
        let nested = parts.contains { $0.depth != nil } ? chapters : nest(chapters, stems: parts.map(\.stem))
        var tags = metadata
        tags.chapters = Self.marks(nested)

        // Second pass: the audio, streamed or remuxed.
        // The book, its chapter list, cue sheet and sidecar replace the last bind's together.
        let batch = AtomicBatch()
        try batch.write(to: path(audioExtension)) { temporary in
            if let pieces = layout.pieces {
                try BookRemuxer.write(path: temporary, format: format, chapters: pieces, metadata: tags)
            } else if format == .flac {
                try FLACBookJoiner.write(path: temporary, articles: articles.map { ($0.audio, $0.frames) },
                                         pause: pauseFrames(sampleRate), sampleRate: sampleRate, metadata: tags)
            } else {
                try writeSamples(articles, to: temporary, sampleRate: sampleRate, tags: tags)
            }
        }
        if layout.pieces != nil {
            try store.recordUse(layout.keys, book: URL(fileURLWithPath: path(audioExtension)).standardizedFileURL.path)
        }
        var book = TimingSidecar(source: title, audio: name + audioExtension, sampleRate: sampleRate, duration: Self.round(layout.duration),
                                 words: [], sentences: [], blocks: [], marks: [])
        for (index, part) in parts.enumerated() {
            try sidecar(part.stem).appended(to: &book, at: layout.starts[index], file: part.source)
        }
        book.sampleRate = sampleRate
        book.duration = Self.round(layout.duration)
        let result = Chapters(title: title, audio: name + audioExtension, duration: book.duration, chapters: nested)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try batch.write(try encoder.encode(result), to: path(".chapters.json"))
        try batch.write(Data(CueSheet.text(result).utf8), to: path(".cue"))
        try batch.write(to: path(".timing.json")) { try TimingSidecarWriter.write(book, to: $0) }
        try batch.commit()
        return result
    }

    /// An article to join: its audio file, length in samples, first word (seconds) and title.
    struct Article {
        var audio: String
        var frames: Int
        var firstWord: Double
        var title: String
    }

    /// Where each article starts in the book (seconds), the book's length, and for a book bound
    /// from kept chapters, the chapters' packet files in order (silences between articles among them).
    struct Layout {
        var starts: [Double]
        var duration: Double
        var pieces: [(path: String, header: EncodedChapterFile.Header)]?
        /// The kept chapters' keys, recorded once the book is written (`EncodedChapterStore.prune`).
        var keys: [String] = []
    }

    /// Removes the kept chapters of `cacheFolder` that no book's last bind used; returns how many.
    public static func pruneKeptChapters(cacheFolder: String) throws -> Int {
        try EncodedChapterStore(cacheFolder: cacheFolder).prune()
    }

    var store: EncodedChapterStore {
        EncodedChapterStore(cacheFolder: cacheFolder ?? BuildRunner.defaultCacheFolder(for: outputFolder))
    }

    /// Articles one after the other with `chapterPause` of silence between them.
    func sampleLayout(_ articles: [Article], sampleRate: Int) -> Layout {
        var starts: [Double] = [], frames = 0
        for (index, article) in articles.enumerated() {
            if index > 0 { frames += pauseFrames(sampleRate) }
            starts.append(Double(frames) / Double(sampleRate))
            frames += article.frames
        }
        return Layout(starts: starts, duration: Double(frames) / Double(max(1, sampleRate)), pieces: nil)
    }

    /// Writes the articles' samples into one WAV file, a chunk at a time.
    private func writeSamples(_ articles: [Article], to temporary: String, sampleRate: Int, tags: AudioMetadata) throws {
        let writer = try SoundWriter(path: temporary, sampleRate: sampleRate, format: format, metadata: tags, bitRate: bitRate)
        // Cue points and their labels are a WAV feature; other formats rely on the chapters
        // file and the CUE sheet.
        let starts = sampleLayout(articles, sampleRate: sampleRate).starts
        let cues = zip(articles, starts).map { article, start in
            CuePoint(frame: Int((start * Double(sampleRate)).rounded()) + Int((article.firstWord * Double(sampleRate)).rounded()), label: article.title)
        }
        if format == .wav { try writer.setCues(cues) }
        for (index, article) in articles.enumerated() {
            if index > 0 { try writer.write([Int16](repeating: 0, count: pauseFrames(sampleRate))) }
            _ = try SoundFile.stream(article.audio) { try writer.write($0) }
        }
        try writer.close()
        if format == .wav { try WAVLabels.append(cues.map(\.label), to: temporary) }
    }

    /// The kept chapters of a book bound by remuxing (`BookRemuxer`): each article encoded once
    /// (those not kept yet, `jobs` at a time), with silences between them sized so that each
    /// article starts within half a codec frame of where it starts in the joined samples (the
    /// encoders' delay and padding would otherwise add up over a hundred chapters). The starts
    /// returned are where the packets put each article, exactly.
    func packetLayout(_ articles: [Article], sampleRate: Int) throws -> Layout {
        let store = self.store
        let fileRate = format.fileRate(for: sampleRate)
        let settings = ChapterEncoder.settings(format, inputRate: sampleRate, bitRate: bitRate)
        let shape = try ChapterEncoder.shape(format, sampleRate: fileRate, bitRate: bitRate)
        let keys = try articles.map { try store.key(audioFile: $0.audio, settings: settings) }
        let headers = try store.ensure(zip(keys, articles).map { ($0, .file($1.audio)) }, sizes: articles.map(\.frames),
                                       format: format, bitRate: bitRate, jobs: jobs)
        // The packets of the encoder's delay (and of padding to whole frames) around a silence.
        let delayPackets = (shape.delay + shape.frameSize - 1) / shape.frameSize
        func keptSilence(_ frames: Int) throws -> (key: String, header: EncodedChapterFile.Header) {
            let key = store.key(silence: frames, settings: settings)
            return (key, try store.ensure([(key, .silence(frames: frames, sampleRate: fileRate))], format: format, bitRate: bitRate, jobs: 1)[0])
        }
        var pieces: [(path: String, header: EncodedChapterFile.Header)] = []
        var used = keys
        var starts: [Double] = []
        var position = 0, joined = 0
        var previous: EncodedChapterFile.Header?
        for (index, article) in articles.enumerated() {
            if index > 0 {
                joined += pauseFrames(sampleRate)
                let target = Int((Double(joined) * Double(fileRate) / Double(sampleRate)).rounded())
                var frames = (Int((Double(target - position) / Double(shape.frameSize)).rounded()) - delayPackets) * shape.frameSize
                var silence: (key: String, header: EncodedChapterFile.Header, miss: Int)?
                // A Vorbis silence's own padding and its overlaps with the chapters around it
                // are known once it is encoded: it is sized again while the article lands more
                // than a frame from its place (twice at most; the closest is kept, and kept
                // silences are reused by later binds).
                for _ in 0..<3 where frames > 0 {
                    let made = try keptSilence(frames)
                    let miss = position + made.header.lead(after: previous) + made.header.length + headers[index].lead(after: made.header) - target
                    if silence == nil || abs(miss) < abs(silence!.miss) { silence = (made.key, made.header, miss) }
                    guard made.header.firstBlock != nil, abs(miss) > shape.frameSize else { break }
                    frames -= (miss / shape.frameSize) * shape.frameSize
                }
                if let silence {
                    pieces.append((store.path(silence.key), silence.header))
                    used.append(silence.key)
                    position += silence.header.lead(after: previous) + silence.header.length
                    previous = silence.header
                }
            }
            let lead = headers[index].lead(after: previous)
            starts.append(Double(position + lead) / Double(fileRate))
            pieces.append((store.path(keys[index]), headers[index]))
            position += lead + headers[index].length
            previous = headers[index]
            joined += article.frames
        }
        return Layout(starts: starts, duration: Double(position - shape.delay) / Double(fileRate), pieces: pieces,
                      keys: Array(Set(used)).sorted())
    }

    /// Groups the chapters of articles in a subfolder (their stems start with it) into a part.
    func nest(_ chapters: [Chapter], stems: [String]) -> [Chapter] {
        var result: [Chapter] = []
        for (chapter, stem) in zip(chapters, stems) {
            guard let slash = stem.firstIndex(of: "/") else {
                result.append(chapter)
                continue
            }
            let folder = String(stem[..<slash])
            if let last = result.last, last.chapters != nil, last.source == folder {
                result[result.count - 1].chapters!.append(chapter)
                result[result.count - 1].end = chapter.end
            } else {
                let title = (partTitles[folder] ?? folder).asTagText
                result.append(Chapter(title: title, start: chapter.start, end: chapter.end, source: folder, chapters: [chapter]))
            }
        }
        return result
    }

    /// The chapters written inside the audio file: one per article, titled as in
    /// `chapters.json` (the formats' lists are flat, so a part is known by its chapters there).
    static func marks(_ chapters: [Chapter]) -> [ChapterMark] {
        chapters.flatMap(\.leaves).map { ChapterMark(title: $0.title, start: $0.start, end: $0.end) }
    }

    private func pauseFrames(_ sampleRate: Int) -> Int { Int((chapterPause * Double(sampleRate)).rounded()) }

    static func round(_ seconds: Double) -> Double { TimingSidecar.rounded(seconds) }
}

/// A CUE sheet for a book: one track per chapter, times in minutes, seconds and frames (1/75 s).
public enum CueSheet {
    public static func text(_ book: BookBinder.Chapters) -> String {
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "'") + "\"" }
        let type = book.audio.lowercased().hasSuffix(".mp3") ? "MP3" : "WAVE"
        var lines = ["REM GENERATOR \"Recite\"", "TITLE \(quoted(book.title))", "FILE \(quoted(book.audio)) \(type)"]
        for (i, chapter) in book.articles.enumerated() {
            lines.append(String(format: "  TRACK %02d AUDIO", i + 1))
            lines.append("    TITLE \(quoted(chapter.title))")
            lines.append("    INDEX 01 \(time(chapter.start))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `mm:ss:ff`.
    static func time(_ seconds: Double) -> String {
        let frames = Int((seconds * 75).rounded())
        return String(format: "%02d:%02d:%02d", frames / (75 * 60), (frames / 75) % 60, frames % 75)
    }
}
