import Foundation
import ReciteAudio
import ReciteCaptions
import ReciteHTML
import ReciteMarkdown
import ReciteNormalize
import ReciteScript
import ReciteSegment
import ReciteYAML
import Yams

/// Everything a run needs to know that is not in the documents: voice, prosody, pauses and how
/// Markdown's non-prose parts are read. Read from a YAML file in `Pipelines/`.
public struct Pipeline: Sendable, Equatable {
    /// Document language when the document names none (BCP 47).
    public var language: String
    /// The voice for documents in `language` (`VoiceAssignment`): a Kokoro voice (`af_heart`, a
    /// blend `af_bella+af_sky`), a Piper voice (`en_US-joe-medium`, `NAME#SPEAKER`, a path to
    /// `X.onnx`), an eSpeak NG voice (`en-gb+f3`), or `espeak` for eSpeak NG in every language;
    /// nil to read each language with its natural voice where one is installed.
    public var voice: String?
    /// The voice for each other language (`voices: {es: em_alex, en-GB: bm_george}`), by BCP 47
    /// tag; a tag without a region (`es`) stands for all its regions.
    public var voices: [String: String] = [:]
    /// A multi-speaker neural voice's speaker (a number or a name); `NAME#SPEAKER` does the same.
    public var speaker: String?
    /// Words per minute, 80…450.
    public var rate: Int
    /// Base pitch, 0…100.
    public var pitch: Int
    /// Volume, 0…200.
    public var volume: Int
    public var pauses: PausePlan
    public var markdown: MarkdownOptions
    /// Folder of normalization tables (`LANG.KIND.yml`), read at run time so a user can add a unit
    /// or an abbreviation without rebuilding; nil for the copy built into Recite.
    public var rulesFolder: String?
    /// The user's own rule files (`PATTERN → REPLACEMENT`), applied before the tables.
    public var userRuleFiles: [String]
    /// What an emoji says: nothing, or its name.
    public var emoji: Normalizer.EmojiReading = .skip
    /// Lexicon files (PLS, YAML, TSV), in order of precedence: a later one overrides an earlier.
    public var lexicons: [String] = []
    /// Give every word of the timing sidecar the phonemes eSpeak NG spoke for it (IPA).
    public var phonemes = false
    /// `recite book`: the silence between chapters, in seconds.
    public var chapterPause = 2.0
    /// `recite book`: write a read-along EPUB 3 (`book: { epub: true }`) instead of an audio book.
    public var bookEPUB = false
    /// `recite book` as EPUB: a Media Overlay fragment per sentence or per word (`book: { overlay: words }`).
    public var overlay: OverlayGranularity = .sentences
    /// The audio format of the outputs (the timing sidecars are the same whatever it is).
    public var format: AudioFormat = .wav
    /// Whether a pipeline file or `--format` named `format`; when none did, a feed's documents
    /// are MP3, which every podcast app plays.
    public var formatChosen = false
    /// Bits per second for the formats FFmpeg's libraries encode (M4B, and a book's MP3, Opus,
    /// Ogg); nil for each format's default for speech.
    public var bitRate: Int?
    /// The loudness each document's audio is brought to (`loudness:`; off keeps the voices' own).
    public var loudness: LoudnessTarget = .off
    /// Artist and album tags for the outputs (each file's title is its document's title).
    public var artist: String?
    public var album: String?
    /// Caption files written beside each document's audio, built from its timings.
    public var captions: [CaptionFormat] = []
    /// Whether each document also gets a read-along page, `NAME.html` (the `readAlong:` key, or
    /// `html: true|false` as before).
    public var html = false
    /// What is read of an HTML input: its article (a reader view's) or its whole body
    /// (`html: article|whole`).
    public var htmlContent: HTMLOptions.Content = .article
    /// Whether an HTML input's byline is read after its title (`html: {byline: true}`).
    public var htmlByline = false
    /// The podcast feed's settings (`feed:`), if this pipeline names any.
    public var feed: FeedSettings?
    /// Whether each document also gets what a feed links to: its captions, `NAME.transcript.json`
    /// and `NAME.chapters.json` (set for every document of a run that writes a feed).
    public var feedFiles = false

    /// How the HTML reader reads a page: this pipeline's choices, and its code-block reading and
    /// language as for Markdown.
    public var htmlOptions: HTMLOptions {
        HTMLOptions(content: htmlContent, byline: htmlByline,
                    codeBlocks: HTMLOptions.CodeBlocks(rawValue: markdown.codeBlocks.rawValue) ?? .announce,
                    codeAnnouncement: markdown.codeAnnouncement, defaultLanguage: language)
    }

    /// The built-in default; `Pipelines/default.yml` holds the same values (a test checks it).
    public static let builtIn = Pipeline(language: "en-US", voice: nil, rate: 175, pitch: 50, volume: 100,
                                         pauses: PausePlan(), markdown: MarkdownOptions())

    public init(language: String, voice: String?, rate: Int, pitch: Int, volume: Int,
                pauses: PausePlan, markdown: MarkdownOptions, rulesFolder: String? = nil, userRuleFiles: [String] = []) {
        self.language = language
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.pauses = pauses
        self.markdown = markdown
        self.rulesFolder = rulesFolder
        self.userRuleFiles = userRuleFiles
    }
}

/// A configuration problem: the run stops before any document (exit status 2).
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension Pipeline {
    /// The file form: every key optional, so a pipeline names only what it changes.
    struct File: Decodable {
        var language: String?
        var voice: String?
        var voices: [String: String]?
        var speaker: String?
        var rate: Int?
        var pitch: Int?
        var volume: Int?
        var pauses: Pauses?
        var markdown: Markdown?
        var normalization: Normalization?
        var lexicons: [String]?
        var phonemes: Bool?
        var book: Book?
        var format: String?
        var loudness: String?
        var metadata: Metadata?

        struct Metadata: Decodable {
            var artist: String?
            var album: String?
        }

        struct Book: Decodable {
            var chapterPause: Double?
            /// A read-along EPUB instead of an audio book, and what its overlay highlights.
            var epub: Bool?
            var overlay: String?
            /// The book's tags and cover (`BookInfo`): read by `recite book`, not part of the pipeline.
            var title, author, album, year, genre, comment, cover: String?
        }
        /// Kilobits per second for the lossy formats (AAC, MP3, Opus, Vorbis).
        var bitRate: Int?
        /// Only in a folder's `recite.yml`: the pipeline it builds on.
        var pipeline: String?
        var captions: [String]?
        var html: HTML?
        var readAlong: Bool?
        var feed: FeedSettings.File?

        /// `html:` is either the read-along page switch it always was (`true`/`false`), or what
        /// is read of HTML inputs (`article`/`whole`), or a mapping of `read:`, `byline:` and
        /// `readAlong:`.
        struct HTML: Decodable {
            var readAlong: Bool?
            var read: String?
            var byline: Bool?

            private enum Keys: String, CodingKey { case read, byline, readAlong }

            init(from decoder: any Decoder) throws {
                if let single = try? decoder.singleValueContainer() {
                    if let flag = try? single.decode(Bool.self) { readAlong = flag; return }
                    if let mode = try? single.decode(String.self) { read = mode; return }
                }
                let keyed = try decoder.container(keyedBy: Keys.self)
                read = try keyed.decodeIfPresent(String.self, forKey: .read)
                byline = try keyed.decodeIfPresent(Bool.self, forKey: .byline)
                readAlong = try keyed.decodeIfPresent(Bool.self, forKey: .readAlong)
            }
        }

        struct Pauses: Decodable {
            var title, heading, paragraph, listItem, quote, tableCell, code: Double?
        }
        struct Normalization: Decodable {
            var rules: String?
            var userRules: [String]?
            var emoji: Normalizer.EmojiReading?
        }
        struct Markdown: Decodable {
            var codeBlocks: MarkdownOptions.CodeBlocks?
            var codeAnnouncement: String?
            var skipTemplateTags: Bool?
        }
    }

    /// What decides the normalizer: two pipelines with the same inputs can share one.
    var normalizerInputs: [String] {
        [rulesFolder ?? "-", "\(emoji)"] + userRuleFiles
    }

    /// The normalizer this pipeline asks for: its tables, the user's rules, its emoji reading.
    public func makeNormalizer() throws(ConfigurationError) -> Normalizer {
        do {
            return try Normalizer.load(rulesFolder: rulesFolder.map { URL(fileURLWithPath: $0) },
                                       userRuleFiles: userRuleFiles.map { URL(fileURLWithPath: $0) }, emoji: emoji)
        } catch {
            throw ConfigurationError("Cannot load the normalization rules: \(error)")
        }
    }

    /// The pipeline a folder's `recite.yml` asks for: the one it names with `pipeline:` (or
    /// `base`), with its own settings over it.
    public static func loadFolderConfiguration(path: String, over base: Pipeline) throws(ConfigurationError) -> Pipeline {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("Cannot read \(path): \(error.localizedDescription)")
        }
        var start = base
        try refuseHostile(text, path: path)
        if let name = (try? YAMLDecoder().decode(File.self, from: text))?.pipeline {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let candidate = folder.appendingPathComponent(name).path
            start = try PipelineLocator.load(FileManager.default.fileExists(atPath: candidate) ? candidate : name)
        }
        return try parse(yaml: text, path: path, over: start)
    }

    /// Refuses YAML that Yams cannot read safely (see `YAMLGuard`), with its place.
    static func refuseHostile(_ yaml: String, path: String) throws(ConfigurationError) {
        func refused(_ line: Int, _ column: Int, _ message: String) -> ConfigurationError {
            ConfigurationError("\(path):\(line):\(column): error: The pipeline \(message); a pipeline is a mapping of settings (see Pipelines/default.yml).")
        }
        if let problem = YAMLGuard.problem(in: yaml) { throw refused(problem.line, problem.column, problem.message) }
        do {
            _ = try YAMLGuard.checkedNode(yaml)
        } catch let refusal as YAMLGuard.Refusal {
            throw refused(refusal.line, refusal.column, refusal.message)
        } catch {
            // Not valid YAML: the decoder that follows says where.
        }
    }

    /// Loads a pipeline file over `base` (the built-in default unless told otherwise).
    public static func load(path: String, over base: Pipeline = .builtIn) throws(ConfigurationError) -> Pipeline {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("Cannot read pipeline \(path): \(error.localizedDescription)")
        }
        return try parse(yaml: text, path: path, over: base)
    }

    public static func parse(yaml: String, path: String, over base: Pipeline = .builtIn) throws(ConfigurationError) -> Pipeline {
        try refuseHostile(yaml, path: path)
        let file: File
        do {
            file = try YAMLDecoder().decode(File.self, from: yaml)
        } catch {
            throw ConfigurationError("\(path): error: \(Self.describe(error)). See Pipelines/default.yml for the keys a pipeline may set.")
        }
        var p = base
        if let v = file.language { p.language = v }
        if let v = file.voice {
            // A voice given as a path is relative to the pipeline file, as its other paths are.
            let isPath = v.contains("/") || v.hasSuffix(".onnx")
            p.voice = v.isEmpty ? nil : isPath && !v.hasPrefix("/") && !v.hasPrefix("~")
                ? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(v).standardizedFileURL.path : v
        }
        if let v = file.voices {
            for (tag, voice) in v {
                let tag = tag.trimmingCharacters(in: .whitespaces)
                guard !tag.isEmpty, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                    throw ConfigurationError("\(path): error: voices: \"\(tag)\" is not a language tag; write one as BCP 47 does (es, en-GB, pt-BR).")
                }
                p.voices[tag.replacingOccurrences(of: "_", with: "-")] = voice.trimmingCharacters(in: .whitespaces)
            }
        }
        if let v = file.speaker { p.speaker = v.isEmpty ? nil : v }
        if let v = file.rate { p.rate = v }
        if let v = file.pitch { p.pitch = v }
        if let v = file.volume { p.volume = v }
        if let q = file.pauses {
            if let v = q.title { p.pauses.title = v }
            if let v = q.heading { p.pauses.heading = v }
            if let v = q.paragraph { p.pauses.paragraph = v }
            if let v = q.listItem { p.pauses.listItem = v }
            if let v = q.quote { p.pauses.quote = v }
            if let v = q.tableCell { p.pauses.tableCell = v }
            if let v = q.code { p.pauses.code = v }
        }
        if let m = file.markdown {
            if let v = m.codeBlocks { p.markdown.codeBlocks = v }
            if let v = m.codeAnnouncement { p.markdown.codeAnnouncement = v }
            if let v = m.skipTemplateTags { p.markdown.skipTemplateTags = v }
        }
        if let n = file.normalization {
            // Paths in a pipeline are relative to the pipeline file.
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            func resolve(_ p: String) -> String { p.hasPrefix("/") ? p : folder.appendingPathComponent(p).standardizedFileURL.path }
            if let v = n.rules { p.rulesFolder = v.isEmpty ? nil : resolve(v) }
            if let v = n.userRules { p.userRuleFiles = v.map(resolve) }
            if let v = n.emoji { p.emoji = v }
        }
        // Paths in a pipeline are relative to the pipeline file; lexicons add to the base's.
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        if let v = file.lexicons {
            p.lexicons += v.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).standardizedFileURL.path }
        }
        if let v = file.phonemes { p.phonemes = v }
        if let v = file.book?.chapterPause { p.chapterPause = v }
        if let v = file.book?.epub { p.bookEPUB = v }
        if let v = file.book?.overlay {
            guard let overlay = OverlayGranularity(rawValue: v.lowercased()) else {
                throw ConfigurationError("\(path): error: book.overlay: \"\(v)\" is not an overlay; use sentences or words.")
            }
            p.overlay = overlay
        }
        if let v = file.format {
            guard let format = AudioFormat(rawValue: v.lowercased()) else {
                throw ConfigurationError("\(path): error: format: \"\(v)\" is not an audio format; use wav, flac, ogg, opus, mp3 or m4b.")
            }
            p.format = format
            p.formatChosen = true
        }
        if let v = file.loudness {
            guard let target = LoudnessTarget(v) else {
                throw ConfigurationError("\(path): error: loudness: \"\(v)\" is not a loudness; use \(LoudnessTarget.choices).")
            }
            p.loudness = target
        }
        if let v = file.bitRate {
            guard (8...320).contains(v) else {
                throw ConfigurationError("\(path): error: bitRate: \(v) kb/s; use 8 to 320 (64 is clear for speech in AAC or MP3, 32 in Opus).")
            }
            p.bitRate = v * 1000
        }
        if let v = file.metadata?.artist { p.artist = v }
        if let v = file.metadata?.album { p.album = v }
        if let names = file.captions {
            p.captions = try names.map { (name) throws(ConfigurationError) in
                guard let format = CaptionFormat(rawValue: name.lowercased()) else {
                    throw ConfigurationError("\(path): error: captions: \"\(name)\" is not a caption format; use vtt, srt or both ([vtt, srt]).")
                }
                return format
            }
        }
        if let h = file.html {
            if let v = h.readAlong { p.html = v }
            if let v = h.byline { p.htmlByline = v }
            if let v = h.read {
                guard let content = HTMLOptions.Content(rawValue: v.lowercased()) else {
                    throw ConfigurationError("\(path): error: html: \"\(v)\" is not a way of reading HTML; use article (the article, as a reader view shows it), whole (the whole page), or true/false for the read-along page.")
                }
                p.htmlContent = content
            }
        }
        if let v = file.readAlong { p.html = v }
        if let v = file.feed { p.feed = v.resolved(relativeTo: path).over(p.feed) }
        p.markdown.defaultLanguage = p.language
        try p.validate(path: path)
        return p
    }

    func validate(path: String) throws(ConfigurationError) {
        func check(_ ok: Bool, _ message: String) throws(ConfigurationError) {
            if !ok { throw ConfigurationError("\(path): error: \(message)") }
        }
        try check((80...450).contains(rate), "rate is \(rate) words per minute; use 80 to 450.")
        try check((0...100).contains(pitch), "pitch is \(pitch); use 0 to 100.")
        try check((0...200).contains(volume), "volume is \(volume); use 0 to 200.")
        let pauseValues = [pauses.title, pauses.heading, pauses.paragraph, pauses.listItem, pauses.quote,
                           pauses.tableCell, pauses.code]
        try check(pauseValues.allSatisfy { (0...30).contains($0) }, "pauses are seconds from 0 to 30.")
        try check((0...60).contains(chapterPause), "book.chapterPause is \(chapterPause) seconds; use 0 to 60.")
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c),
             DecodingError.dataCorrupted(let c):
            let key = c.codingPath.map(\.stringValue).joined(separator: ".")
            return key.isEmpty ? c.debugDescription : "\(key): \(c.debugDescription)"
        default:
            return "\(error)"
        }
    }
}

extension Pipeline {
    /// The book's tags and cover as a folder's `recite.yml` gives them (`book:` title, author,
    /// album, year, genre, comment, cover), for `recite book`; not part of the pipeline.
    public struct BookTags: Sendable {
        public var title, author, album, year, genre, comment, cover: String?
    }

    /// The `book:` tags of the folder configuration `text` (from `path`), read with the same
    /// limits as a pipeline; nil when it has none.
    public static func bookTags(inFolderConfiguration text: String, path: String) throws(ConfigurationError) -> BookTags? {
        try refuseHostile(text, path: path)
        let book: File.Book?
        do {
            book = try YAMLDecoder().decode(File.self, from: text).book
        } catch {
            throw ConfigurationError("\(path): error: \(error). The book: keys are title, author, album, year, genre, comment and cover.")
        }
        return book.map { BookTags(title: $0.title, author: $0.author, album: $0.album, year: $0.year,
                                   genre: $0.genre, comment: $0.comment, cover: $0.cover) }
    }
}
