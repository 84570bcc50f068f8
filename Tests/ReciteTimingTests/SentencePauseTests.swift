import Foundation
import ReciteScript
import ReciteSegment
import ReciteSynth
import ReciteTestSupport
@testable import ReciteTiming
import ReciteWorkers
import Testing

/// A paragraph cut into sentence segments sounds as the uncut paragraph did: real workers (which
/// put eSpeak NG's state back before each segment, as in a build) render both, and the word
/// timings of the two are compared.
@Suite struct SentencePauseTests {
    /// Sentences ending in each punctuation, followed by words that start with a vowel, a stop
    /// (whose closure is silent) and a fricative.
    let text = """
        The garden was quiet. Carried by the river, the letter arrived late! Is it ancient? \
        Which heavy door opened first? An evening market filled the square. Teachers walked home. \
        Suddenly it rained. Often the painter noticed nothing.
        """

    func timings(cut: Bool) throws -> (words: [TimingSidecar.Word], duration: Double) {
        let source = SourceText(path: "p.md", text: text)
        var runs: [Run] = []
        var offset = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            runs.append(Run(.speech(String(word)), source: SourceSpan(offset: offset, length: word.utf8.count, line: 1, column: offset + 1)))
            offset += word.utf8.count + 1
        }
        let script = Script(path: "p.md", language: "en-US",
                            blocks: [Block(kind: .paragraph, source: SourceSpan(offset: 0, length: offset - 1, line: 1, column: 1), runs: runs)])
        let segments = Segmenter(cutsSentences: cut, sentenceWords: 1).segments(of: script)
        #expect(segments.count == (cut ? 8 : 1))
        let pool = try WorkerPool(size: 1, configuration: WorkerConfiguration(warmLanguage: "en-US", warmVoice: nil),
                                  executable: Fixtures.reciteExecutable.path)
        let audio = try pool.synthesize(segments.map {
            SynthesisRequest(speech: $0.speech, language: "en-US", voiceName: nil, rate: 175, pitch: 50, volume: 100)
        })
        var stitcher = Stitcher(sampleRate: audio[0].sampleRate, script: script, source: source, audioName: "p.wav")
        for (segment, piece) in zip(segments, audio) { _ = stitcher.append(segment, audio: piece) }
        let sidecar = stitcher.finish()
        return (sidecar.words, sidecar.duration)
    }

    /// Tolerance: each pause between two sentences within 50 ms of the uncut one, and the
    /// paragraph's length within 100 ms (measured over a 3,000-word article: median difference
    /// 0 ms, 95% within 39 ms, the rest where eSpeak NG's uncut pause was itself unusually long).
    @Test func pausesBetweenSentencesStayAsEspeakMadeThem() throws {
        let whole = try timings(cut: false)
        let cut = try timings(cut: true)
        try #require(whole.words.count == cut.words.count)
        #expect(whole.words.map(\.offset) == cut.words.map(\.offset))
        var pauses = 0
        let bytes = Array(text.utf8)
        for i in 1..<whole.words.count {
            // A pause between sentences: the word before (its span takes its punctuation here) ends a sentence.
            let end = whole.words[i - 1].offset + whole.words[i - 1].length
            guard ".!?".utf8.contains(bytes[end - 1]) else { continue }
            let uncut = whole.words[i].start - whole.words[i - 1].end
            let pause = cut.words[i].start - cut.words[i - 1].end
            #expect(abs(pause - uncut) <= 0.05, "pause before word \(i): \(pause) s cut, \(uncut) s uncut")
            pauses += 1
        }
        #expect(pauses == 7)
        #expect(abs(cut.duration - whole.duration) <= 0.1)
    }
}
