import Foundation
import ReciteAudio
@testable import ReciteBook
import ReciteBuild
import ReciteTestSupport
import Testing

/// Books as audiobook players read them, checked with readers that share no code with Recite's
/// writer: ffprobe (Debian's ffmpeg) for chapters, tags, codec and cover, and PyPI's mutagen for
/// the ID3v2 frames. Expected values come from the book's own `chapters.json` and the options given.
@Suite(.serialized) struct AudiobookTests {
    static let ffprobe = ExternalProgram.onPath("ffprobe")

    /// A Python with mutagen: `RECITE_TAGS_PYTHON`, or the venv `.ci/install-deps --test` makes.
    static let mutagenPython: String? = {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return [ProcessInfo.processInfo.environment["RECITE_TAGS_PYTHON"], home + "/venvs/tags/bin/python"]
            .compactMap { $0 }
            .first { FileManager.default.isExecutableFile(atPath: $0) && (try? ExternalProgram.run($0, ["-c", "import mutagen"]).status) == 0 }
    }()

    /// What ffprobe says of a file.
    struct Probe: Decodable {
        struct Stream: Decodable {
            var codec_name: String?
            var codec_type: String?
            var profile: String?
            var sample_rate: String?
            var disposition: [String: Int]?
        }
        struct Chapter: Decodable {
            var start_time: String
            var end_time: String
            var tags: [String: String]?
        }
        struct Format: Decodable {
            var duration: String?
            var bit_rate: String?
            var tags: [String: String]?
        }
        var streams: [Stream]
        var chapters: [Chapter]
        var format: Format

        var audio: Stream? { streams.first { $0.codec_type == "audio" } }
        var hasCover: Bool { streams.contains { $0.disposition?["attached_pic"] == 1 } }
        /// Tags by lower-case key: containers spell them differently (TITLE, title).
        var tags: [String: String] { Dictionary((format.tags ?? [:]).map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a }) }
    }

    static func probe(_ file: URL) throws -> Probe {
        let outcome = try ExternalProgram.run(ffprobe!, ["-v", "error", "-show_chapters", "-show_format", "-show_streams",
                                                         "-of", "json", file.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONDecoder().decode(Probe.self, from: Data(outcome.stdout.utf8))
    }

    /// A small PNG (64×48), built byte by byte: signature, IHDR, IDAT, IEND.
    static func png() -> Data {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8((v >> (8 * UInt32($0))) & 0xFF) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(UInt32(body.count)) + typed + be32(crc(typed))
        }
        // Stored (uncompressed) deflate blocks of rows of grey pixels.
        let width = 64, height = 48
        let raw = (0..<height).flatMap { _ in [UInt8(0)] + [UInt8](repeating: 0x80, count: width) }
        var adler = (a: UInt32(1), b: UInt32(0))
        for byte in raw { adler.a = (adler.a + UInt32(byte)) % 65521; adler.b = (adler.b + adler.a) % 65521 }
        let length = UInt16(raw.count)
        let deflate: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + raw + be32(adler.b << 16 | adler.a)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", deflate) + chunk("IEND", []))
    }

    static func chapters(_ folder: URL) throws -> BookBinder.Chapters {
        try JSONDecoder().decode(BookBinder.Chapters.self, from: Data(contentsOf: folder.appendingPathComponent("book.chapters.json")))
    }

    @Test(.enabled(if: ffprobe != nil, "needs ffprobe (Debian's ffmpeg; .ci/install-deps --test installs it)"))
    func anM4BBookHasWhatAudiobookPlayersRead() throws {
        let input = try BookTests.folder(), out = EndToEndTests.temporaryFolder("m4b-book")
        let cover = out.deletingLastPathComponent().appendingPathComponent("cover-\(UUID().uuidString).png")
        try Self.png().write(to: cover)
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b", "--title", "A River Book",
                                            "--author", "Ann Writer", "--cover", cover.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("[ipod"), "FFmpeg's own log lines leak: \(run.stderr)")
        let book = out.appendingPathComponent("book.m4b")
        let probe = try Self.probe(book), expected = try Self.chapters(out)

        #expect(probe.audio?.codec_name == "aac" && probe.audio?.profile == "LC")
        #expect(probe.tags["major_brand"]?.trimmingCharacters(in: .whitespaces) == "M4B")
        #expect(probe.tags["title"] == "A River Book" && probe.tags["album"] == "A River Book")
        #expect(probe.tags["artist"] == "Ann Writer" && probe.tags["album_artist"] == "Ann Writer")
        #expect(probe.hasCover)
        #expect(abs((Double(probe.format.duration ?? "") ?? 0) - expected.duration) < 0.15)
        // One chapter per article, titled and timed as chapters.json has them.
        #expect(probe.chapters.count == expected.articles.count)
        for (read, chapter) in zip(probe.chapters, expected.articles) {
            #expect(abs((Double(read.start_time) ?? -1) - chapter.start) < 0.15, "\(chapter.title)")
        }
        #expect(probe.chapters.map { $0.tags?["title"] ?? "" } == expected.articles.map(\.title))
        // The chapters were rendered as FLAC, kept for the next run, which binds without rendering.
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("1-start.flac").path))
        let again = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "m4b", "--title", "A River Book"])
        #expect(again.status == 0 && again.stderr.contains("3 unchanged"), "\(again.stderr)")
    }

    @Test(.enabled(if: ffprobe != nil, "needs ffprobe (Debian's ffmpeg; .ci/install-deps --test installs it)"),
          arguments: ["mp3", "opus", "ogg", "flac"])
    func compressedBooksCarryTheirChaptersAndCover(_ format: String) throws {
        let input = try BookTests.folder(), out = EndToEndTests.temporaryFolder("book-\(format)")
        let cover = out.deletingLastPathComponent().appendingPathComponent("cover-\(UUID().uuidString).png")
        try Self.png().write(to: cover)
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", format, "--cover", cover.path])
        #expect(run.status == 0, "\(run.stderr)")
        let probe = try Self.probe(out.appendingPathComponent("book.\(format)")), expected = try Self.chapters(out)
        #expect(probe.chapters.count == 3)
        for (read, chapter) in zip(probe.chapters, expected.articles) {
            #expect(abs((Double(read.start_time) ?? -1) - chapter.start) < 0.15, "\(format): \(chapter.title)")
        }
        #expect(probe.chapters.map { $0.tags?["title"] ?? "" } == ["The start", "In the middle", "10-end"])
        #expect(probe.hasCover, "\(format): no cover picture")
    }

    @Test(.enabled(if: mutagenPython != nil, "needs Python's mutagen (.ci/install-deps --test puts it in ~/venvs/tags)"))
    func anMP3BookHasID3ChapterFramesAndATableOfContents() throws {
        let input = try BookTests.folder(), out = EndToEndTests.temporaryFolder("book-id3")
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "mp3", "--author", "Ann Writer"]).status == 0)
        let script = """
        import json, sys, mutagen.id3
        tags = mutagen.id3.ID3(sys.argv[1])
        chaps = sorted(tags.getall("CHAP"), key=lambda c: c.start_time)
        tocs = tags.getall("CTOC")
        print(json.dumps({"starts": [c.start_time for c in chaps],
                          "titles": [str(c.sub_frames["TIT2"]) if "TIT2" in c.sub_frames else "" for c in chaps],
                          "toc": [list(t.child_element_ids) for t in tocs],
                          "ids": [c.element_id for c in chaps], "artist": str(tags.get("TPE1", "")),
                          "albumArtist": str(tags.get("TPE2", ""))}))
        """
        let outcome = try ExternalProgram.run(Self.mutagenPython!, ["-c", script, out.appendingPathComponent("book.mp3").path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        struct Frames: Decodable { var starts: [Int]; var titles: [String]; var toc: [[String]]; var ids: [String]; var artist: String; var albumArtist: String }
        let frames = try JSONDecoder().decode(Frames.self, from: Data(outcome.stdout.utf8))
        let expected = try Self.chapters(out)
        #expect(frames.titles == ["The start", "In the middle", "10-end"])
        #expect(zip(frames.starts, expected.articles).allSatisfy { abs(Double($0) / 1000 - $1.start) < 0.15 })
        #expect(frames.toc.count == 1 && Set(frames.toc[0]) == Set(frames.ids))
        #expect(frames.artist == "Ann Writer" && frames.albumArtist == "Ann Writer")
    }

    @Test(.enabled(if: ffprobe != nil, "needs ffprobe (Debian's ffmpeg; .ci/install-deps --test installs it)"))
    func optionsOverRecitesYmlOverFrontMatter() throws {
        let input = try BookTests.folder(), out = EndToEndTests.temporaryFolder("book-tags")
        try Data("---\ntitle: From the front matter\nauthor: Front Author\ndate: 2019-06-01\ngenre: History\n---\n# Opening\n\nA start.\n".utf8)
            .write(to: input.appendingPathComponent("index.md"))
        try Data("book:\n  author: Yaml Author\n  comment: \"Line one\\nline two\"\n".utf8).write(to: input.appendingPathComponent("recite.yml"))
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "flac", "--title", "Given\u{1}Title"])
        #expect(run.status == 0, "\(run.stderr)")
        let tags = try Self.probe(out.appendingPathComponent("book.flac")).tags
        #expect(tags["title"] == "Given Title")          // the option, its control character made a space
        #expect(tags["artist"] == "Yaml Author")         // recite.yml over the front matter
        #expect(tags["date"] == "2019" && tags["genre"] == "History")  // the front matter where nothing else says
        #expect(tags["comment"] == "Line one line two")  // tags are one line
        #expect(try Self.chapters(out).articles.first?.title == "From the front matter")  // index.md opens the book
    }

    @Test func aBadCoverIsRefusedAndTheEarlierBookKept() throws {
        let input = try BookTests.folder(), out = EndToEndTests.temporaryFolder("book-cover")
        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "flac"]).status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("book.flac"))
        let scratch = out.deletingLastPathComponent()
        let text = scratch.appendingPathComponent("cover-\(UUID().uuidString).jpg")
        try Data("not a picture".utf8).write(to: text)
        let huge = scratch.appendingPathComponent("cover-\(UUID().uuidString).jpg")
        try (Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(count: CoverArt.byteLimit + 1)).write(to: huge)
        for (cover, says) in [(text.path, "neither a JPEG nor a PNG"), (huge.path, "under 10 MB"),
                              (scratch.appendingPathComponent("missing.png").path, "cannot read the cover")] {
            let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "flac", "--cover", cover])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains(cover) && run.stderr.contains(says), "\(run.stderr)")
            #expect(try Data(contentsOf: out.appendingPathComponent("book.flac")) == before)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test(.enabled(if: ffprobe != nil, "needs ffprobe (Debian's ffmpeg; .ci/install-deps --test installs it)"))
    func buildWritesOneM4BPerDocumentAndKeepsItOnARerun() throws {
        let input = EndToEndTests.temporaryFolder("m4b-doc-in"), out = EndToEndTests.temporaryFolder("m4b-doc")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("# Short\n\nThe river ran past 8 m² of garden.\n".utf8).write(to: input.appendingPathComponent("doc.md"))
        let run = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--format", "m4b", "--bitrate", "48"])
        #expect(run.status == 0, "\(run.stderr)")
        let probe = try Self.probe(out.appendingPathComponent("doc.m4b"))
        let sidecar = try JSONDecoder().decode(SidecarDuration.self, from: Data(contentsOf: out.appendingPathComponent("doc.timing.json")))
        #expect(probe.audio?.codec_name == "aac" && probe.tags["title"] == "Short")
        #expect(abs((Double(probe.format.duration ?? "") ?? 0) - sidecar.duration) < 0.15)
        let again = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--format", "m4b", "--bitrate", "48"])
        #expect(again.stderr.contains("1 unchanged"), "\(again.stderr)")
    }

    /// AAC is encoded at a constant quality (`AACQuality`), so `--bitrate` must still be what a
    /// document of running speech averages, within a quarter, and a higher rate must give a larger
    /// file. (A list with long pauses averages less: silence costs few bits at constant quality.)
    @Test(.enabled(if: ffprobe != nil, "needs ffprobe (Debian's ffmpeg; .ci/install-deps --test installs it)"))
    func anM4BAveragesTheBitRateAskedFor() throws {
        let input = Fixtures.repositoryRoot.appendingPathComponent("Samples/studio-with-figures.md")
        var rates: [Double] = []
        for kbps in [32, 64] {
            let out = EndToEndTests.temporaryFolder("m4b-rate-\(kbps)")
            defer { try? FileManager.default.removeItem(at: out) }
            let run = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--format", "m4b", "--bitrate", "\(kbps)"])
            #expect(run.status == 0, "\(run.stderr)")
            let rate = (Double(try Self.probe(out.appendingPathComponent("studio-with-figures.m4b")).format.bit_rate ?? "") ?? 0) / 1000
            #expect(abs(rate - Double(kbps)) < Double(kbps) / 4, "asked for \(kbps) kb/s, got \(rate)")
            rates.append(rate)
        }
        #expect(rates[0] < rates[1])
    }

    struct SidecarDuration: Decodable { var duration: Double }

    /// An EPUB part that only opens its chapters says nothing: its file must still be one its
    /// readers (libsndfile, FFmpeg's) open, and the next run must find it in place.
    @Test(arguments: ["flac", "ogg", "opus", "mp3", "m4b"])
    func aDocumentWithNothingToSayIsAValidFile(_ format: String) throws {
        let input = EndToEndTests.temporaryFolder("empty-in"), out = EndToEndTests.temporaryFolder("empty-\(format)")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data().write(to: input.appendingPathComponent("empty.md"))
        #expect(try EndToEndTests.recite(["build", input.path, "-o", out.path, "--format", format]).status == 0)
        let info = try SoundFile.info(of: out.appendingPathComponent("empty.\(format)").path)
        #expect(info.channels == 1 && info.duration < 0.1)
        let again = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--format", format])
        #expect(again.stderr.contains("1 unchanged"), "\(again.stderr)")
    }

    @Test func coverSizesAreReadFromTheirHeaders() throws {
        #expect(try CoverArt(data: Self.png()).size! == (64, 48))
        // A JPEG: SOI, an APP0 segment of 16 bytes, then a baseline start of frame 300 high, 200 wide.
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
                        + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x00, 0xC8, 0x03] + [UInt8](repeating: 0, count: 9))
        #expect(try CoverArt(data: jpeg).size! == (200, 300))
        #expect(throws: SoundFile.Failure.self) { try CoverArt(data: Data([0xFF, 0xD8, 0xFF, 0xD9])) }
    }
}
