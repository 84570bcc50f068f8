import ReciteScript

/// Segment stage: cuts a script into segments (a block, split where the voice changes or a
/// `<break>` stands) and writes each one's synthesis input.
public struct Segmenter: Sendable {
    public var pauses: PausePlan

    /// The most words a segment may say without clause punctuation. eSpeak NG silently drops the
    /// rest of a clause past its own limit (seen on a 68-token table row full of times), so a
    /// run-on stretch (a broken table, a list of figures) is cut into segments before that.
    public static let maximumClauseWords = 120

    public init(pauses: PausePlan = PausePlan()) {
        self.pauses = pauses
    }

    public func segments(of script: Script) -> [Segment] {
        var result: [Segment] = []
        for (b, block) in script.blocks.enumerated() {
            var writer = MarkupWriter()
            var voice: (String, String?)?
            var blockSegments: [Segment] = []

            func close(pauseAfter: Double) {
                let (language, name) = voice ?? (script.language, nil)
                let (markup, words, marks) = writer.finish()
                if words.isEmpty && marks.isEmpty, let last = blockSegments.indices.last {
                    // Nothing spoken since the last cut: the pause just adds to the one before.
                    blockSegments[last].pauseAfter += pauseAfter
                } else if !(words.isEmpty && marks.isEmpty && pauseAfter == 0) {
                    blockSegments.append(Segment(blockIndex: b, language: language, voiceName: name,
                                                 markup: words.isEmpty ? "" : markup, words: words,
                                                 marks: marks, pauseAfter: pauseAfter))
                }
                writer = MarkupWriter()
            }

            for (r, run) in block.runs.enumerated() {
                switch run.content {
                case .pause(let seconds):
                    close(pauseAfter: seconds)
                case .mark(let name):
                    writer.addMark(name)
                case .speech(let text):
                    let runVoice = (run.style.language ?? script.language, run.style.voiceName)
                    if let current = voice, current != runVoice, !writer.isEmpty {
                        close(pauseAfter: 0)
                    } else if writer.clauseWords >= Self.maximumClauseWords {
                        close(pauseAfter: 0)
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
}
