import Foundation
import ReciteAudio
import ReciteTestSupport
import ReciteTiming
import Testing

/// `--loudness`: each file is measured by FFmpeg's `ebur128` and `astats` filters (the `ffmpeg`
/// program, an independent check of what libebur128 and the limiter did).
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs the ffmpeg program (Debian's ffmpeg) to measure"))
struct LoudnessTests {
    static let article = """
        # The lighthouse

        The keeper climbed the hundred and twelve steps every evening at dusk, and lit the lamp.

        Ships passed far out at sea; some signalled back, most did not. In winter the storms came \
        from the west, and the spray reached the gallery.

        - Oil for the lamp came by boat each month.
        - The lens was polished every morning.

        Nobody lives there now. The light is automatic, and the keeper's cottage is a museum.
        """

    /// What FFmpeg measures of a file.
    struct Measure {
        var integrated: Double, truePeak: Double, rms: Double, peak: Double
    }

    static func measure(_ path: String, start: Double? = nil, length: Double? = nil) throws -> Measure {
        var cut: [String] = []
        if let start { cut += ["-ss", String(start)] }
        if let length { cut += ["-t", String(length)] }
        let run = try RunSupport.run("/usr/bin/ffmpeg", ["-hide_banner", "-nostats"] + cut + ["-i", path, "-af",
                                                         "ebur128=peak=true,astats=measure_perchannel=none", "-f", "null", "-"])
        func number(after label: String, in text: Substring) -> Double? {
            guard let range = text.range(of: label) else { return nil }
            return Double(text[range.upperBound...].split(whereSeparator: \.isWhitespace).first ?? "")
        }
        let summary = run.stderr[(run.stderr.range(of: "Summary:")?.upperBound ?? run.stderr.startIndex)...]
        return Measure(integrated: try #require(number(after: "I:", in: summary)),
                       truePeak: try #require(number(after: "Peak:", in: summary)),
                       rms: try #require(number(after: "RMS level dB:", in: run.stderr[...])),
                       peak: try #require(number(after: "Peak level dB:", in: run.stderr[...])))
    }

    static func folder(_ files: [String: String]) throws -> (input: URL, out: URL) {
        let root = Fixtures.scratch("recite-loudness-\(UUID().uuidString)")
        let input = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: input.appendingPathComponent(name)) }
        return (input, root.appendingPathComponent("out"))
    }

    /// Podcast: −16 ± 1 LUFS and a true peak of at most −1 dBTP, in a lossless and a lossy file,
    /// whatever the voice's own level; a rerun synthesizes nothing.
    @Test(arguments: [("en-us", "wav"), ("en-gb+f3", "mp3")])
    func podcastLoudnessMeetsApplesTarget(_ voice: String, _ format: String) throws {
        let (input, out) = try Self.folder(["lighthouse.md": Self.article])
        let plain = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", voice, "--format", format])
        #expect(plain.status == 0, "\(plain.stderr)")
        let before = try Self.measure(out.appendingPathComponent("lighthouse.\(format)").path)
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", voice, "--format", format, "--loudness", "podcast"])
        #expect(run.status == 0, "\(run.stderr)")
        // Leveled from the kept segments: nothing synthesized again.
        #expect(RunSupport.summary(run.stderr)?.synthesized == 0, "\(run.stderr)")
        let after = try Self.measure(out.appendingPathComponent("lighthouse.\(format)").path)
        #expect(abs(before.integrated + 16) > 2, "the voice was at \(before.integrated) LUFS already: this proves nothing")
        #expect(abs(after.integrated + 16) <= 1, "\(after)")
        #expect(after.truePeak <= -1.0, "\(after)")
        let sidecar = try RunSupport.sidecar(out, "lighthouse")
        let info = try SoundFile.info(of: out.appendingPathComponent("lighthouse.\(format)").path)
        #expect(abs(info.duration - sidecar.duration) < 0.1)
        let again = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", voice, "--format", format, "--loudness", "podcast"])
        #expect(RunSupport.summary(again.stderr)?.unchanged == 1, "\(again.stderr)")
    }

    /// A document that changes voice (SSML, English then French) is leveled per voice: the two
    /// stretches measure within 1.5 LU of each other and of the target.
    @Test func aDocumentThatSwitchesVoiceDoesNotJump() throws {
        let english = String(repeating: "The tide came in over the flats, slowly, and the birds rose from the water. ", count: 4)
        let french = String(repeating: "La marée montait sur les vasières, lentement, et les oiseaux s'envolaient. ", count: 4)
        let ssml = """
            <speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">
            <p>\(english)</p>
            <p><voice name="fr+f2" xml:lang="fr"><prosody volume="x-soft">\(french)</prosody></voice></p>
            </speak>
            """
        let (input, out) = try Self.folder(["tide.ssml": ssml])
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--loudness", "podcast"])
        #expect(run.status == 0, "\(run.stderr)")
        let path = out.appendingPathComponent("tide.wav").path
        let sidecar = try RunSupport.sidecar(out, "tide")
        let frenchStart = try #require(sidecar.words.first { $0.spoken.lowercased().hasPrefix("la") || $0.text == "La" }).start
        let first = try Self.measure(path, start: 0, length: frenchStart)
        let second = try Self.measure(path, start: frenchStart)
        #expect(abs(first.integrated - second.integrated) <= 1.5, "English \(first.integrated), French \(second.integrated) LUFS")
        #expect(abs(first.integrated + 16) <= 1.5 && abs(second.integrated + 16) <= 1.5)
    }

    /// Audiobook (ACX): RMS −23 to −18 dB, peaks at most −3 dBFS, pauses digital silence, room
    /// tone of 0.5–1 s at the head and 1–5 s at the tail, and the sidecar moved by the head's length.
    @Test func audiobookLoudnessMeetsACX() throws {
        let (input, out) = try Self.folder(["lighthouse.md": Self.article])
        let plain = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", "en-us"])
        #expect(plain.status == 0)
        let unleveled = try RunSupport.sidecar(out, "lighthouse")
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--voice", "en-us", "--loudness", "audiobook"])
        #expect(run.status == 0, "\(run.stderr)")
        let path = out.appendingPathComponent("lighthouse.wav").path
        let measured = try Self.measure(path)
        #expect((-23 ... -18).contains(measured.rms), "\(measured)")
        #expect(measured.peak <= -3, "\(measured)")
        let samples = try SoundFile.readSamples(path)
        let sampleRate = try SoundFile.info(of: path).sampleRate
        let firstSound = try #require(samples.firstIndex { $0 != 0 }), lastSound = try #require(samples.lastIndex { $0 != 0 })
        let head = Double(firstSound) / Double(sampleRate), tail = Double(samples.count - 1 - lastSound) / Double(sampleRate)
        #expect(head >= 0.5 && head <= 1.0 + 0.2, "head room tone \(head) s")
        #expect(tail >= 1 && tail <= 5, "tail room tone \(tail) s")
        let sidecar = try RunSupport.sidecar(out, "lighthouse")
        #expect(sidecar.words.count == unleveled.words.count)
        for (word, plainWord) in zip(sidecar.words, unleveled.words) {
            #expect(abs(word.start - plainWord.start - 0.75) < 0.001, "\(word.spoken)")
        }
        #expect(abs(sidecar.duration - Double(samples.count) / Double(sampleRate)) < 0.001)
    }

    /// A book bound from leveled articles (M4B) and a read-along EPUB's chapter audio meet the
    /// podcast target too.
    @Test func booksAndEPUBChaptersAreLeveledToo() throws {
        let (input, out) = try Self.folder(["1-lighthouse.md": Self.article, "2-tide.md": Self.article.replacingOccurrences(of: "lighthouse", with: "harbour")])
        let book = try RunSupport.recite(["book", input.path, "-o", out.path, "--format", "m4b", "--voice", "en-us", "--loudness", "podcast"])
        #expect(book.status == 0, "\(book.stderr)")
        let bound = try Self.measure(out.appendingPathComponent("book.m4b").path)
        #expect(abs(bound.integrated + 16) <= 1 && bound.truePeak <= -1.0, "\(bound)")
        let epubOut = out.appendingPathComponent("epub")
        let epub = try RunSupport.recite(["book", input.path, "-o", epubOut.path, "--format", "epub", "--voice", "en-us", "--loudness", "podcast"])
        #expect(epub.status == 0, "\(epub.stderr)")
        let unpacked = out.appendingPathComponent("unpacked")
        #expect(try RunSupport.run("/usr/bin/env", ["python3", "-m", "zipfile", "-e", epubOut.appendingPathComponent("book.epub").path, unpacked.path]).status == 0)
        let chapter = unpacked.appendingPathComponent("OEBPS/chapter-001.m4a")
        let measured = try Self.measure(chapter.path)
        #expect(abs(measured.integrated + 16) <= 1 && measured.truePeak <= -1.0, "\(measured)")
    }

    @Test func aLoudnessThatIsNotOneIsRefused() throws {
        let (input, out) = try Self.folder(["a.md": "Words.\n"])
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--loudness", "loud"])
        #expect(run.status != 0 && run.status != 1)
        #expect(run.stderr.contains("podcast"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
