import Foundation
import ReciteTestSupport
import ReciteTiming
import Testing

/// `recite build --captions … --html` end to end: the files beside the audio, what they show,
/// and an unchanged-document rerun that still honours a new request for captions.
@Suite(.serialized) struct CaptionOutputTests {
    /// The cues of a WebVTT file: start and end in milliseconds, and the lines.
    static func cues(ofWebVTT text: String) -> [(start: Int, end: Int, lines: [String])] {
        func milliseconds(_ stamp: Substring) -> Int {
            let parts = stamp.split(separator: ":")
            let seconds = parts[2].split(separator: ".")
            return ((Int(parts[0])! * 60 + Int(parts[1])!) * 60 + Int(seconds[0])!) * 1000 + Int(seconds[1])!
        }
        return text.components(separatedBy: "\n\n").dropFirst().compactMap { block in
            let lines = block.split(separator: "\n")
            guard let timing = lines.first?.components(separatedBy: " --> "), timing.count == 2 else { return nil }
            return (milliseconds(Substring(timing[0])), milliseconds(Substring(timing[1])), lines.dropFirst().map(String.init))
        }
    }

    /// Layout rules on real text: at most 2 lines of 42 characters (a line that is one long word
    /// excepted), about 7 s at most (one-word cues excepted), in order, never overlapping, each
    /// starting at a word's start.
    static func checkRules(vtt: URL, timing: URL) throws {
        let cues = Self.cues(ofWebVTT: try String(contentsOf: vtt, encoding: .utf8))
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: timing))
        let starts = Set(sidecar.words.map { Int(($0.start * 1000).rounded()) })
        #expect(!cues.isEmpty)
        var previousEnd = 0
        for cue in cues {
            #expect((1...2).contains(cue.lines.count), "\(cue.lines)")
            for line in cue.lines where line.count > 42 {
                #expect(!line.contains(" "), "\(vtt.lastPathComponent): a line of \(line.count) characters: \(line)")
            }
            let oneWord = cue.lines.count == 1 && !cue.lines[0].contains(" ")
            #expect(cue.end - cue.start <= 7000 || oneWord, "\(vtt.lastPathComponent): \(cue.lines) lasts \(cue.end - cue.start) ms")
            #expect(cue.start >= previousEnd && cue.start < cue.end)
            #expect(starts.contains(cue.start))
            previousEnd = cue.end
        }
    }

    @Test func captionsAndPagesAreWrittenBesideTheAudioAndARerunHonoursThem() throws {
        let out = EndToEndTests.temporaryFolder("captions")
        let document = "Samples/studio-with-figures.md"
        let plain = try EndToEndTests.recite(["build", document, "-o", out.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        let vtt = out.appendingPathComponent("studio-with-figures.vtt")
        let srt = out.appendingPathComponent("studio-with-figures.srt")
        let html = out.appendingPathComponent("studio-with-figures.html")
        #expect(!FileManager.default.fileExists(atPath: vtt.path))

        // Same document, now with captions: not skipped as unchanged, and the files appear.
        let asked = try EndToEndTests.recite(["build", document, "-o", out.path, "--captions", "vtt,srt", "--html"])
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stderr.contains("0 unchanged"), "\(asked.stderr)")
        let captions = try String(contentsOf: vtt, encoding: .utf8)
        #expect(captions.hasPrefix("WEBVTT\n\n00:00:00.000 --> "))
        #expect(captions.contains("38 m²") && captions.contains("$1,250/mo"), "the source text is shown")
        #expect(!captions.contains("square meters") && !captions.contains("thirty"), "not the spoken expansion")
        #expect(try String(contentsOf: srt, encoding: .utf8).hasPrefix("1\n00:00:00,000 --> "))
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains(#"<audio controls preload="auto" src="studio-with-figures.wav">"#))
        try Self.checkRules(vtt: vtt, timing: out.appendingPathComponent("studio-with-figures.timing.json"))
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains(#""vtt" : "studio-with-figures.vtt""#) && manifest.contains(#""html" : "studio-with-figures.html""#))

        // Asked again: unchanged. A caption file gone: made again.
        let again = try EndToEndTests.recite(["build", document, "-o", out.path, "--captions", "vtt,srt", "--html"])
        #expect(again.stderr.contains("1 unchanged"), "\(again.stderr)")
        try FileManager.default.removeItem(at: srt)
        let repaired = try EndToEndTests.recite(["build", document, "-o", out.path, "--captions", "vtt,srt", "--html"])
        #expect(repaired.stderr.contains("0 unchanged"), "\(repaired.stderr)")
        #expect(FileManager.default.fileExists(atPath: srt.path))
    }

    @Test func aPipelineAsksForCaptionsAndABadFormatIsAUsageError() throws {
        let folder = EndToEndTests.temporaryFolder("captions-pipeline")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pipeline = folder.appendingPathComponent("p.yml")
        try Data("captions: [srt]\n".utf8).write(to: pipeline)
        let out = folder.appendingPathComponent("out")
        let result = try EndToEndTests.recite(["build", "Samples/welcome.ssml", "-o", out.path, "--pipeline", pipeline.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("welcome.srt").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("welcome.vtt").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("welcome.html").path))
        let srt = try String(contentsOf: out.appendingPathComponent("welcome.srt"), encoding: .utf8)
        #expect(srt.contains("Abbreviations can be expanded: W3C."), "the <sub> shows its written text")

        let bad = try EndToEndTests.recite(["build", "Samples", "-o", out.path, "--captions", "vtt,ass"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'vtt,ass'") && bad.stderr.contains("--captions"), "\(bad.stderr)")
        try Data("captions: [ass]\n".utf8).write(to: pipeline)
        let badPipeline = try EndToEndTests.recite(["build", "Samples", "-o", out.path, "--pipeline", pipeline.path])
        #expect(badPipeline.status == 2, "\(badPipeline.stderr)")
        #expect(badPipeline.stderr.contains("captions"), "\(badPipeline.stderr)")
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/corpus beside the checkout"))
    func captionsOfRealArticlesKeepTheLayoutRules() throws {
        let corpus = Fixtures.shared!.appendingPathComponent("corpus/markdown")
        let names = ["01-rust-1.71.0-release", "19-heat-pump-review", "13-fr-livre-de-recettes"]
        let out = EndToEndTests.temporaryFolder("captions-corpus")
        let result = try EndToEndTests.recite(["build"] + names.map { corpus.appendingPathComponent($0 + ".md").path }
                                              + ["-o", out.path, "--captions", "vtt"])
        #expect(result.status == 0, "\(result.stderr)")
        for name in names {
            try Self.checkRules(vtt: out.appendingPathComponent(name + ".vtt"), timing: out.appendingPathComponent(name + ".timing.json"))
        }
    }
}
