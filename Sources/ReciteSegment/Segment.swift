import ReciteScript

/// The unit of synthesis: a stretch of one block in one voice, what it says as a typed value
/// (`speech`, which every engine builds its own input from), and which of its tokens are the
/// script's words. Engines report their events by token, so that is all a segment needs to
/// time its words; it holds no engine's markup.
public struct Segment: Sendable, Equatable {
    /// Index of the block this segment belongs to, in the script.
    public var blockIndex: Int
    /// The voice: language (BCP 47) and, if the markup named one, an eSpeak NG voice name.
    public var language: String
    public var voiceName: String?
    /// What the markup asked of the voice besides its name (`<voice gender age variant>`).
    public var voiceTraits: VoiceTraits
    /// What is said: the words with their punctuation, phonemes, spelling and prosody. Empty for
    /// a segment that is only a pause, marks or a clip.
    public var speech: SpeechInput
    /// A recorded sound played instead of synthesis (SSML `<audio>`): the file's path.
    public var clip: String?
    /// The source of the clip's element, for the timing sidecar.
    public var clipSource: SourceSpan?
    /// The words, in order, each with its token in `speech`.
    public var words: [SegmentWord]
    /// Marks, each placed before the word with the given index (`words.count`: at the end).
    public var marks: [SegmentMark]
    /// Silence after this segment, in seconds (a `<break>`, or the pause after its block).
    public var pauseAfter: Double

    public init(blockIndex: Int, language: String, voiceName: String?, voiceTraits: VoiceTraits = VoiceTraits(),
                speech: SpeechInput = SpeechInput(), words: [SegmentWord], marks: [SegmentMark],
                pauseAfter: Double, clip: String? = nil, clipSource: SourceSpan? = nil) {
        self.blockIndex = blockIndex
        self.language = language
        self.voiceName = voiceName
        self.voiceTraits = voiceTraits
        self.speech = speech
        self.clip = clip
        self.clipSource = clipSource
        self.words = words
        self.marks = marks
        self.pauseAfter = pauseAfter
    }
}

/// One spoken word of a segment.
public struct SegmentWord: Sendable, Equatable {
    /// Index of the word's token in the segment's `speech` (what engine events point at).
    public var token: Int
    /// The word as said, without surrounding punctuation.
    public var spoken: String
    /// The source bytes it stands for.
    public var source: SourceSpan
    /// Index of the script run it came from (several words may share one run).
    public var runIndex: Int

    public init(token: Int, spoken: String, source: SourceSpan, runIndex: Int) {
        self.token = token
        self.spoken = spoken
        self.source = source
        self.runIndex = runIndex
    }
}

/// A named mark inside a segment.
public struct SegmentMark: Sendable, Equatable {
    public var name: String
    /// Index of the word the mark precedes.
    public var beforeWord: Int

    public init(name: String, beforeWord: Int) {
        self.name = name
        self.beforeWord = beforeWord
    }
}
