/// The timing sidecar, version 1 (schema in DESIGN.md): every spoken word with its time in the
/// stitched audio and the source bytes it stands for.
///
/// A recorded sound spliced in (SSML `<audio src>`) says no words; it appears in `blocks` with
/// kind `audio`, the time it plays, and the bytes of its element (`text` is the element as
/// written), in time order among the other blocks.
public struct TimingSidecar: Codable, Sendable, Equatable {
    public var format = "recite.timing"
    public var version = 1
    /// The source file, as the user named it.
    public var source: String
    /// The audio file's name, relative to the sidecar.
    public var audio: String
    public var sampleRate: Int
    /// Seconds.
    public var duration: Double
    public var words: [Word]
    public var sentences: [Sentence]
    public var blocks: [BlockTiming]
    public var marks: [Mark]
    /// The voices that read the document, most words first: a neural voice by its name
    /// (`af_heart`, `af_bella(2)+af_sky(1)`), eSpeak NG's as `espeak-ng:` and its voice or
    /// language (`espeak-ng:en-us`). Absent in sidecars written before it was added.
    public var voices: [String]? = nil

    public init(source: String, audio: String, sampleRate: Int, duration: Double, words: [Word],
                sentences: [Sentence], blocks: [BlockTiming], marks: [Mark]) {
        self.source = source
        self.audio = audio
        self.sampleRate = sampleRate
        self.duration = duration
        self.words = words
        self.sentences = sentences
        self.blocks = blocks
        self.marks = marks
    }

    public struct Word: Codable, Sendable, Equatable {
        public var start: Double
        public var end: Double
        /// What was said.
        public var spoken: String
        /// The source text it stands for (several spoken words may share one).
        public var text: String
        public var offset: Int
        public var length: Int
        public var line: Int
        public var column: Int
        /// The phonemes eSpeak NG spoke for the word, in IPA (with `--phonemes` only).
        public var phonemes: String?
        /// In a book's sidecar: the source file the word is in (offsets are in that file).
        public var file: String?
    }

    public struct Sentence: Codable, Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var text: String
        public var offset: Int
        public var length: Int
        /// In a book's sidecar: the source file.
        public var file: String?
    }

    public struct BlockTiming: Codable, Sendable, Equatable {
        public var kind: String
        /// Heading level (1…6); absent for other blocks.
        public var level: Int?
        public var text: String
        public var start: Double
        public var end: Double
        public var offset: Int
        public var length: Int
        /// In a book's sidecar: the source file.
        public var file: String?
    }

    public struct Mark: Codable, Sendable, Equatable {
        public var name: String
        public var time: Double
    }
}
