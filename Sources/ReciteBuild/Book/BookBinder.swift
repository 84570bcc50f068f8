import Foundation
import ReciteAudio
import ReciteTiming

/// Joins a folder's rendered articles into one book: `NAME.wav` with a labelled cue point per
/// chapter, `NAME.chapters.json`, `NAME.cue` and `NAME.timing.json` (the whole book, each word
/// with its source file). The articles are streamed a chunk at a time, so memory does not grow
/// with the book; every file is written atomically.
public struct BookBinder {
    /// One chapter in the book.
    public struct Chapter: Codable, Sendable, Equatable {
        public var title: String
        /// Seconds from the start of the book: the chapter's first word, and the next one's start.
        public var start: Double
        public var end: Double
        public var source: String
    }

    /// `NAME.chapters.json`.
    public struct Chapters: Codable, Sendable, Equatable {
        public var format = "recite.chapters"
        public var version = 1
        public var title: String
        public var audio: String
        public var duration: Double
        public var chapters: [Chapter]
    }

    public var outputFolder: String
    public var name: String
    /// Silence between chapters, in seconds.
    public var chapterPause: Double
    /// The format of the articles' audio and of the book's.
    public var format: AudioFormat
    public var metadata: AudioMetadata

    public init(outputFolder: String, name: String, chapterPause: Double, format: AudioFormat = .wav,
                metadata: AudioMetadata = AudioMetadata()) {
        self.outputFolder = outputFolder
        self.name = name
        self.chapterPause = chapterPause
        self.format = format
        self.metadata = metadata
    }

    var audioExtension: String { "." + format.fileExtension }

    func path(_ suffix: String) -> String {
        URL(fileURLWithPath: outputFolder).appendingPathComponent(name + suffix).path
    }

    /// Binds `parts` in order: each article's source and output stem (its WAV and sidecar are
    /// `STEM.wav` and `STEM.timing.json` under the output folder).
    public func bind(_ parts: [(source: String, stem: String)], title: String) throws -> Chapters {
        let folder = URL(fileURLWithPath: outputFolder)
        func sidecar(_ stem: String) throws -> TimingSidecar {
            try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: folder.appendingPathComponent(stem + ".timing.json")))
        }
        // First pass: where each chapter starts (libsndfile takes cue points before the audio).
        var chapters: [Chapter] = []
        var cues: [CuePoint] = []
        var offsets: [Int] = []
        var frames = 0
        var sampleRate = 0
        for (index, part) in parts.enumerated() {
            let timing = try sidecar(part.stem)
            let info = try SoundFile.info(of: folder.appendingPathComponent(part.stem + audioExtension).path)
            if index == 0 { sampleRate = info.sampleRate }
            guard info.sampleRate == sampleRate, info.channels == 1 else {
                throw SoundFile.Failure(message: "\(part.source) is at \(info.sampleRate) Hz, the book at \(sampleRate) Hz; render every chapter with one voice rate.")
            }
            if index > 0 { frames += pauseFrames(sampleRate) }
            offsets.append(frames)
            let firstWord = timing.words.first?.start ?? 0
            let chapterTitle = timing.blocks.first { $0.kind == "title" || $0.kind == "heading" }?.text
                ?? URL(fileURLWithPath: part.source).deletingPathExtension().lastPathComponent
            chapters.append(Chapter(title: chapterTitle, start: Self.round(Double(frames) / Double(sampleRate) + firstWord), end: 0, source: part.source))
            cues.append(CuePoint(frame: frames + Int((firstWord * Double(sampleRate)).rounded()), label: chapterTitle))
            frames += info.frames
        }
        guard !parts.isEmpty else { throw SoundFile.Failure(message: "The book has no chapter to join.") }

        // Second pass: the audio, streamed, and the book's sidecar.
        var book = TimingSidecar(source: title, audio: name + audioExtension, sampleRate: sampleRate, duration: 0,
                                 words: [], sentences: [], blocks: [], marks: [])
        try AtomicOutput.write(to: path(audioExtension)) { temporary in
            let writer = try SoundWriter(path: temporary, sampleRate: sampleRate, format: format, metadata: metadata)
            // Cue points and their labels are a WAV feature; other formats rely on the chapters
            // file and the CUE sheet.
            if format == .wav { try writer.setCues(cues) }
            for (index, part) in parts.enumerated() {
                if index > 0 { try writer.write([Int16](repeating: 0, count: pauseFrames(sampleRate))) }
                _ = try SoundFile.stream(folder.appendingPathComponent(part.stem + audioExtension).path) { try writer.write($0) }
                let offset = Double(offsets[index]) / Double(sampleRate)
                let timing = try sidecar(part.stem)
                timing.appended(to: &book, at: offset, file: part.source)
            }
            try writer.close()
            if format == .wav { try WAVLabels.append(cues.map(\.label), to: temporary) }
        }
        let duration = Double(frames) / Double(max(1, sampleRate))
        for i in chapters.indices {
            chapters[i].end = i + 1 < chapters.count ? chapters[i + 1].start : Self.round(duration)
        }
        book.sampleRate = sampleRate
        book.duration = Self.round(duration)
        let result = Chapters(title: title, audio: name + audioExtension, duration: book.duration, chapters: chapters)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicOutput.write(try encoder.encode(result), to: path(".chapters.json"))
        try AtomicOutput.write(Data(CueSheet.text(result).utf8), to: path(".cue"))
        try AtomicOutput.write(to: path(".timing.json")) { try TimingSidecarWriter.write(book, to: $0) }
        return result
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
        for (i, chapter) in book.chapters.enumerated() {
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
