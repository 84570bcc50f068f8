import ReciteScript

/// Segment stage: cuts a script into segments (sentences of a block, split where the voice
/// changes, a `<break>` stands or an `<audio>` clip plays) and gives each one what it says, typed.
/// A clip is a segment of its own, with nothing to say: its samples come from its file, not from
/// synthesis.
///
/// Segments are sentences (or a few short ones), not paragraphs, so that any paragraph, however
/// long (a book pasted without blank lines), streams through the worker pool in bounded memory
/// and in parallel. A cut lies where eSpeak NG would end a sentence anyway.
public struct Segmenter: Sendable {
    public var pauses: PausePlan

    /// The most words a segment may say without clause punctuation. eSpeak NG silently drops the
    /// rest of a clause past its own limit (seen on a 68-token table row full of times), so a
    /// run-on stretch (a broken table, a list of figures) is cut into segments before that.
    public static let maximumClauseWords = 120

    /// Words from which a long sentence is cut at its next clause punctuation (a comma, a
    /// semicolon …), so that no segment holds much more than half a minute of speech.
    public static let clauseCutWords = 60

    /// Cut blocks at sentence and clause ends (off: a block is cut only where it must be, as
    /// before sentence segments; tests compare the two).
    public var cutsSentences = true

    /// Words a segment holds before a sentence end cuts it: a few short sentences make one
    /// segment, since each segment costs the build and a worker a fixed price (a request, a
    /// cache entry, a reset of eSpeak NG). A sentence of 40 words is about 15 s of speech.
    public var sentenceWords = 40

    public init(pauses: PausePlan = PausePlan(), cutsSentences: Bool = true, sentenceWords: Int = 40) {
        self.pauses = pauses
        self.cutsSentences = cutsSentences
        self.sentenceWords = sentenceWords
    }

    public func segments(of script: Script) -> [Segment] {
        var result: [Segment] = []
        for (b, block) in script.blocks.enumerated() {
            var writer = SpeechInputBuilder()
            var voice: Voice?
            var blockSegments: [Segment] = []

            func close(pauseAfter: Double, cut: Bool = false) {
                let current = voice ?? Voice(language: script.language, name: nil, traits: VoiceTraits())
                let (speech, words, marks) = writer.finish(standIn: cut && writer.wordCount > 0)
                if words.isEmpty && marks.isEmpty, let last = blockSegments.indices.last {
                    // Nothing spoken since the last cut: the pause just adds to the one before.
                    blockSegments[last].pauseAfter += pauseAfter
                } else if !(words.isEmpty && marks.isEmpty && pauseAfter == 0) {
                    blockSegments.append(Segment(blockIndex: b, language: current.language, voiceName: current.name,
                                                 voiceTraits: current.traits,
                                                 speech: words.isEmpty ? SpeechInput() : speech, words: words,
                                                 marks: marks, pauseAfter: pauseAfter))
                }
                writer = SpeechInputBuilder()
            }

            for (r, run) in block.runs.enumerated() {
                switch run.content {
                case .pause(let seconds):
                    close(pauseAfter: seconds)
                case .mark(let name):
                    writer.addMark(name)
                case .audio(let path):
                    close(pauseAfter: 0)
                    blockSegments.append(Segment(blockIndex: b, language: script.language, voiceName: nil,
                                                 words: [], marks: [], pauseAfter: 0, clip: path, clipSource: run.source))
                case .speech(let text):
                    let runVoice = Voice(language: run.style.language ?? script.language, name: run.style.voiceName,
                                         traits: run.style.voiceTraits)
                    if let current = voice, current != runVoice, !writer.isEmpty {
                        close(pauseAfter: 0)
                    } else if writer.clauseWords >= Self.maximumClauseWords {
                        close(pauseAfter: 0)
                    } else if cutsSentences, writer.wordCount > 0, endsSegment(writer, before: text) {
                        let marks = writer.takeTrailingMarks()
                        close(pauseAfter: 0, cut: true)
                        for mark in marks { writer.addMark(mark) }
                    }
                    voice = runVoice
                    writer.add(text, style: run.style, source: run.source, runIndex: r)
                }
            }
            close(pauseAfter: 0)
            if let last = blockSegments.indices.last {
                blockSegments[last].pauseAfter += pauses.after(block.kind)
            }
            result += blockSegments
        }
        return result
    }

    /// Whether the segment written so far ends before `next`: at a sentence end, or at a clause
    /// end once the sentence is long.
    private func endsSegment(_ writer: SpeechInputBuilder, before next: String) -> Bool {
        switch writer.boundary {
        case .none: false
        case .clause: writer.wordCount >= Self.clauseCutWords
        case .sentence: writer.wordCount >= sentenceWords && SentenceBoundary.startsSentence(next[...])
        }
    }

    /// What decides the voice of a stretch: a change cuts the segment.
    private struct Voice: Equatable {
        var language: String
        var name: String?
        var traits: VoiceTraits
    }
}
