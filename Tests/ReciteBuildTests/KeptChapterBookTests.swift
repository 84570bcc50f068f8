import Foundation
import ReciteAudio
import ReciteBook
import ReciteBuild
import ReciteTestSupport
import ReciteTiming
import Testing

/// Books bound from kept, encoded chapters (M4B, Opus, MP3, Ogg Vorbis) and FLAC books joined from their articles' frames: where each chapter's audio really
/// is, checked on the book decoded by FFmpeg's own program (it shares no code path with Recite's
/// remux), what a rerun encodes again, and what a killed run leaves.
@Suite(.serialized) struct KeptChapterBookTests {
    static let ffmpeg = ExternalProgram.onPath("ffmpeg")
    static let sox = ExternalProgram.onPath("sox")

    /// Four articles of a few sentences, different enough that each one's opening is found by
    /// its own waveform.
    static func folder() throws -> URL {
        let input = EndToEndTests.temporaryFolder("kept-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let texts = [
            "# Rivers\n\nThe river ran past the old mill, and the miller counted sacks of flour until dusk.\n",
            "# Mountains\n\nSeven peaks rise above the valley; snow stays on them until the middle of June.\n",
            "# Harbours\n\nBoats came in at noon with herring, and the gulls followed them all the way to the quay.\n",
            "# Forests\n\nUnder the beeches it is cool even in August, and the ground is soft with old leaves.\n",
        ]
        for (i, text) in texts.enumerated() { try Data(text.utf8).write(to: input.appendingPathComponent("\(i + 1)-article.md")) }
        return input
    }

    /// 16-bit mono samples of `file` at `rate`, decoded by the ffmpeg program.
    static func decode(_ file: URL, rate: Int) throws -> [Int16] {
        let raw = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).raw")
        defer { try? FileManager.default.removeItem(at: raw) }
        let outcome = try ExternalProgram.run(ffmpeg!, ["-v", "error", "-i", file.path, "-map", "0:a", "-ac", "1", "-ar", String(rate),
                                                        "-f", "s16le", "-y", raw.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try Data(contentsOf: raw).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Where in `book` the 100 ms of `article` from its first loud sample best match, searched
    /// `around` ± 0.3 s: the lag with the highest normalized correlation.
    static func locate(_ article: [Int16], in book: [Int16], around expected: Int, rate: Int) -> (onset: Int, found: Int) {
        let onset = article.firstIndex { abs(Int($0)) > 2000 } ?? 0
        let snippet = article[onset..<min(article.count, onset + rate / 10)].map(Double.init)
        let energy = snippet.reduce(0) { $0 + $1 * $1 }
        var best = (score: -2.0, at: 0)
        for at in max(0, expected + onset - rate * 3 / 10)...min(book.count - snippet.count, expected + onset + rate * 3 / 10) {
            var dot = 0.0, power = 0.0
            for (i, s) in snippet.enumerated() {
                let b = Double(book[at + i])
                dot += s * b
                power += b * b
            }
            let score = dot / max(1, (energy * power).squareRoot())
            if score > best.score { best = (score, at) }
        }
        return (onset, best.at)
    }

    @Test(.enabled(if: ffmpeg != nil, "needs ffmpeg (Debian's; .ci/install-deps --test installs it)"), arguments: ["m4b", "opus", "mp3", "ogg"])
    func eachChapterStartsInTheAudioWhereChaptersJSONSaysIt(_ format: String) throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-\(format)")
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", format, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let chapters = try AudiobookTests.chapters(out).articles
        let rate = 22050
        let book = try Self.decode(out.appendingPathComponent("book.\(format)"), rate: rate)
        var joined = 0.0
        for (index, chapter) in chapters.enumerated() {
            let stem = "\(index + 1)-article"
            let article = try Self.decode(out.appendingPathComponent(stem + ".flac"), rate: rate)
            let firstWord = try RunSupport.sidecar(out, stem).words.first?.start ?? 0
            // The article's audio starts at its chapter's start less its own lead-in to the first word.
            let expected = Int(((chapter.start - firstWord) * Double(rate)).rounded())
            let (onset, found) = Self.locate(article, in: book, around: expected, rate: rate)
            #expect(abs(found - (expected + onset)) <= rate / 50, "\(format) chapter \(index + 1): off by \(Double(found - expected - onset) / Double(rate)) s")
            // And close to where it starts when the articles' samples are joined (2 s pauses).
            #expect(abs(chapter.start - firstWord - joined) < 0.03, "\(format) chapter \(index + 1) drifted from the joined layout")
            joined += Double(article.count) / Double(rate) + 2
        }
        let duration = Double(book.count) / Double(rate)
        let expectedDuration = try AudiobookTests.chapters(out).duration
        #expect(abs(duration - expectedDuration) < 0.05, "\(format): decoded \(duration) s, chapters.json \(expectedDuration) s")
        #expect(abs(duration - (joined - 2)) < 0.05, "\(format): decoded \(duration) s, the articles and pauses \(joined - 2) s")
    }

    /// Vorbis chapters encoded apart overlap where they meet: the book must decode alike in
    /// libvorbis (sox) and FFmpeg's own decoder, with the same length (its granule positions
    /// agree with its packets), and the pauses between chapters stay silent (no click).
    @Test(.enabled(if: ffmpeg != nil && sox != nil, "needs ffmpeg and sox (.ci/install-deps --test installs them)"))
    func anOggBookDecodesAlikeInLibvorbisAndFFmpegWithSilentJoins() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-ogg")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "ogg"])
        #expect(run.status == 0, "\(run.stderr)")
        let book = out.appendingPathComponent("book.ogg")
        let ffmpegSamples = try Self.decode(book, rate: 22050)
        let raw = out.appendingPathComponent("sox.raw")
        let sox = try ExternalProgram.run(Self.sox!, ["-V2", book.path, "-t", "raw", "-e", "signed", "-b", "16", raw.path])
        #expect(sox.status == 0 && !sox.stderr.lowercased().contains("error"), "\(sox.stderr)")
        let soxSamples = try Data(contentsOf: raw).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(soxSamples.count == ffmpegSamples.count, "libvorbis \(soxSamples.count) samples, FFmpeg \(ffmpegSamples.count)")
        let largest = zip(soxSamples, ffmpegSamples).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(largest <= 4, "the two decoders differ by \(largest)")
        // Each pause (2 s after an article's audio ends), away from the chapters' own edges.
        let chapters = try AudiobookTests.chapters(out).articles
        for (index, chapter) in chapters.dropLast().enumerated() {
            let stem = "\(index + 1)-article"
            let length = Double(try SoundFile.info(of: out.appendingPathComponent(stem + ".flac").path).frames) / 22050
            let start = chapter.start - (try RunSupport.sidecar(out, stem).words.first?.start ?? 0)
            let pause = ffmpegSamples[Int((start + length + 0.1) * 22050)..<Int((start + length + 1.9) * 22050)]
            #expect(pause.map { abs(Int($0)) }.max() ?? 0 < 100, "chapter \(index + 1): the pause after it is not silent")
        }
    }

    /// A FLAC book is its articles' frames joined: decoded, it is their samples with the pauses
    /// between, sample for sample, and the CRCs a strict decoder checks hold.
    @Test(.enabled(if: ffmpeg != nil, "needs ffmpeg (Debian's; .ci/install-deps --test installs it)"))
    func aFLACBookIsItsArticlesJoinedSampleForSample() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-flac")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "flac"])
        #expect(run.status == 0, "\(run.stderr)")
        let rate = 22050
        var expected: [Int16] = []
        for index in 0..<4 {
            if index > 0 { expected += [Int16](repeating: 0, count: 2 * rate) }
            expected += try Self.decode(out.appendingPathComponent("\(index + 1)-article.flac"), rate: rate)
        }
        let checked = try ExternalProgram.run(Self.ffmpeg!, ["-v", "error", "-err_detect", "crccheck",
                                                             "-i", out.appendingPathComponent("book.flac").path, "-f", "null", "-"])
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.stderr)")
        let book = try Self.decode(out.appendingPathComponent("book.flac"), rate: rate)
        #expect(book.count == expected.count)
        #expect(book == expected, "the book's samples differ from its articles'")
        let chapters = try AudiobookTests.chapters(out)
        #expect(abs(chapters.duration - Double(expected.count) / Double(rate)) < 0.001)
    }

    /// The kept chapters' packet files, by path, with their modification times.
    static func kept(_ out: URL) -> [String: Date] {
        let root = out.appendingPathComponent(".recite-cache/chapters")
        let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".packets") } ?? []
        return Dictionary(uniqueKeysWithValues: names.map { name in
            (name, (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(name).path)[.modificationDate] as? Date) ?? .distantPast)
        })
    }

    /// Each article's chapter is encoded as soon as the article is rendered, beside the synthesis
    /// of the next ones: when the bind starts, every article's chapter is kept already, and the
    /// bind encodes only the silences between them.
    @Test(arguments: ["m4b", "mp3"])
    func chaptersAreKeptBeforeTheBindStarts(_ format: String) throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-early-\(format)")
        let killed = try RunSupport.recite(["book", input.path, "-o", out.path, "--format", format, "--jobs", "2"],
                                           environment: ["RECITE_KILL_AT": "bind"])
        #expect(killed.status == SIGKILL, "the run was to be killed as the bind started: \(killed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("book.\(format)").path))
        let early = Self.kept(out)
        #expect(early.count == 4, "the four articles' chapters, no silence yet: \(early.keys.sorted())")
        let bound = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", format, "--jobs", "2"])
        #expect(bound.status == 0, "\(bound.stderr)")
        let after = Self.kept(out)
        for (name, date) in early { #expect(after[name] == date, "\(name) was encoded again") }
        #expect(try AudiobookTests.chapters(out).articles.count == 4)
    }

    @Test func aRebindEncodesOnlyTheNewArticle() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-rebind")
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"]).status == 0)
        let first = Self.kept(out)
        // Four articles and the pause between them (one silence, the same each time, or two
        // lengths, as the articles' ends fall in the codec's frames).
        #expect(first.count >= 5 && first.count <= 7, "\(first.keys.sorted())")
        let again = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.kept(out) == first, "an unchanged book encoded a chapter again")

        try Data("# Deserts\n\nNothing grows here but thorn bushes, and the wind is never still.\n".utf8)
            .write(to: input.appendingPathComponent("5-article.md"))
        let added = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"])
        #expect(added.status == 0, "\(added.stderr)")
        let after = Self.kept(out)
        let new = Set(after.keys).subtracting(first.keys)
        #expect(new.count >= 1 && new.count <= 2, "one article (and perhaps one silence length) is new: \(new)")
        for (name, date) in first { #expect(after[name] == date, "\(name) was encoded again") }
        #expect(try AudiobookTests.chapters(out).articles.count == 5)
    }

    @Test(arguments: ["encode", "remux", "write book.m4b"])
    func aRunKilledWhileBindingLeavesYesterdaysBook(_ place: String) throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-kill-\(place)")
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"]).status == 0)
        let names = ["book.m4b", "book.chapters.json", "book.timing.json", "book.cue"]
        let yesterday = try names.map { try Data(contentsOf: out.appendingPathComponent($0)) }

        try Data("# Deserts\n\nNothing grows here but thorn bushes, and the wind is never still.\n".utf8)
            .write(to: input.appendingPathComponent("5-article.md"))
        let killed = try RunSupport.recite(["book", input.path, "-o", out.path, "--format", "m4b"], environment: ["RECITE_KILL_AT": place])
        #expect(killed.status == SIGKILL, "the run was to be killed at \(place): \(killed.stderr)")
        #expect(try names.map { try Data(contentsOf: out.appendingPathComponent($0)) } == yesterday, "yesterday's book changed")

        let next = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try AudiobookTests.chapters(out).articles.count == 5)
        let left = FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".partial") } ?? []
        #expect(left.isEmpty, "the killed run's temporary files are left: \(left)")
    }

    @Test func aKeptChapterThatIsTornIsEncodedAgain() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-torn")
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "opus"]).status == 0)
        let root = out.appendingPathComponent(".recite-cache/chapters")
        let victim = try #require(Self.kept(out).keys.sorted().first)
        let path = root.appendingPathComponent(victim).path
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(EncodedChapterFile.header(of: path) == nil)
        let again = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "opus"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == whole.count)
    }

    @Test func pruneRemovesKeptChaptersNoBookUses() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("kept-prune")
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"]).status == 0)
        let before = Self.kept(out)
        try FileManager.default.removeItem(at: input.appendingPathComponent("4-article.md"))
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"]).status == 0)
        #expect(Self.kept(out) == before, "a rebind removes nothing itself")
        let prune = try EndToEndTests.recite(["cache", "prune", "-o", out.path])
        #expect(prune.status == 0, "\(prune.stderr)")
        let after = Self.kept(out)
        #expect(after.count < before.count && Set(after.keys).isSubset(of: before.keys), "\(before.keys.sorted()) → \(after.keys.sorted())")
        // What the book uses is kept: a rebind encodes nothing.
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b"]).status == 0)
        #expect(Self.kept(out) == after)
    }
}
