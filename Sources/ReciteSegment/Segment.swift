import ReciteScript

/// The unit of synthesis: a stretch of one block in one voice, what it says as a typed value
/// (`speech`, which every engine builds its own input from), and a table from the positions
/// eSpeak NG's events give back to the script's words.
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
    /// eSpeak NG's rendering of `speech` (`EspeakMarkup`): the text whose code-point positions
    /// word events carry, for every engine (the neural voices take their times from eSpeak NG's
    /// rendering). Empty when `speech` is.
    public var markup: String
    /// A recorded sound played instead of synthesis (SSML `<audio>`): the file's path.
    public var clip: String?
    /// The source of the clip's element, for the timing sidecar.
    public var clipSource: SourceSpan?
    /// The words, in order, with their place in `markup`.
    public var words: [SegmentWord]
    /// Marks, each placed before the word with the given index (`words.count`: at the end).
    public var marks: [SegmentMark]
    /// Silence after this segment, in seconds (a `<break>`, or the pause after its block).
    public var pauseAfter: Double
    /// Where, in `markup`, a stand-in for the next sentence's first word starts, when the segment
    /// was cut out of a block at a sentence or clause end. eSpeak NG ends an utterance with a
    /// longer silence than it leaves between two sentences (7 to 80 ms more at 175 words a
    /// minute), so a cut segment is synthesized with one more word, and its audio is cut where
    /// that word starts: the pause after the cut is the one eSpeak NG makes mid-paragraph.
    public var lookahead: Int?

    public init(blockIndex: Int, language: String, voiceName: String?, voiceTraits: VoiceTraits = VoiceTraits(),
                speech: SpeechInput = SpeechInput(), markup: String, words: [SegmentWord], marks: [SegmentMark],
                pauseAfter: Double, clip: String? = nil, clipSource: SourceSpan? = nil) {
        self.blockIndex = blockIndex
        self.language = language
        self.voiceName = voiceName
        self.voiceTraits = voiceTraits
        self.speech = speech
        self.markup = markup
        self.clip = clip
        self.clipSource = clipSource
        self.words = words
        self.marks = marks
        self.pauseAfter = pauseAfter
    }
}

/// One spoken word of a segment.
public struct SegmentWord: Sendable, Equatable {
    /// Code-point range of the word in the segment's `markup` (what word events point at).
    public var textRange: Range<Int>
    /// The word as said, without surrounding punctuation.
    public var spoken: String
    /// The source bytes it stands for.
    public var source: SourceSpan
    /// Index of the script run it came from (several words may share one run).
    public var runIndex: Int

    public init(textRange: Range<Int>, spoken: String, source: SourceSpan, runIndex: Int) {
        self.textRange = textRange
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
