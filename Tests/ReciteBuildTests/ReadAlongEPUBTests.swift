import Foundation
import ReciteAudio
import ReciteEPUB
import ReciteTestSupport
import Testing

/// `recite book --format epub`: a read-along EPUB 3 whose Media Overlays point at text that exists,
/// with clips in order inside their audio, that EPUBCheck accepts, written atomically.
@Suite(.serialized) struct ReadAlongEPUBTests {
    /// Debian's epubcheck is a jar (its /usr/bin/epubcheck runs only where binfmt_misc is set up),
    /// so it is run through java.
    static let epubcheck = ["/usr/share/java/epubcheck.jar"].first { FileManager.default.fileExists(atPath: $0) }
        .flatMap { jar in FileManager.default.isExecutableFile(atPath: "/usr/bin/java") ? jar : nil }

    static func folder() throws -> URL {
        let input = EndToEndTests.temporaryFolder("epub-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("""
        ---
        title: Rivers & <Roads>
        author: Ann Writer
        ---

        # The start

        It begins on a quiet morning. The river ran past 8 m² of garden.

        - A list item here.
        - Another one, "quoted".

        > A quote to end with.

        ```swift
        let x = 1 < 2
        ```
        """.utf8).write(to: input.appendingPathComponent("1-start.md"))
        try Data("<speak><p>And then it ended. Nobody knew why.</p></speak>".utf8).write(to: input.appendingPathComponent("2-end.ssml"))
        return input
    }

    /// One chapter as the EPUB holds it: its XHTML, its overlay's pars and its audio's duration.
    struct Chapter {
        var xhtml: String
        var pars: [(id: String, begin: Double, end: Double)]
        var audioSeconds: Double
    }

    /// Reads every overlay of the book named in the package, with the document and audio it plays.
    static func chapters(of epub: URL) throws -> [Chapter] {
        let archive = try ZipArchive(path: epub.path)
        let package = String(decoding: try archive.read("OEBPS/package.opf"), as: UTF8.self)
        let overlays = matches(#"href="([^"]+\.smil)""#, in: package)
        #expect(!overlays.isEmpty)
        return try overlays.map { overlay in
            let smil = String(decoding: try archive.read("OEBPS/" + overlay), as: UTF8.self)
            let document = try #require(matches(##"<text src="([^"#]+)#"##, in: smil).first)
            let audioName = try #require(matches(#"<audio src="([^"]+)""#, in: smil).first)
            let audio = FileManager.default.temporaryDirectory.appendingPathComponent("recite-epub-\(UUID().uuidString).m4a")
            defer { try? FileManager.default.removeItem(at: audio) }
            try Data(try archive.read("OEBPS/" + audioName)).write(to: audio)
            let info = try SoundFile.info(of: audio.path)
            let ids = matches(##"<text src="[^"#]+#([^"]+)""##, in: smil)
            let begins = matches(#"clipBegin="([0-9.]+)s""#, in: smil).map { Double($0)! }
            let ends = matches(#"clipEnd="([0-9.]+)s""#, in: smil).map { Double($0)! }
            #expect(ids.count == begins.count && ids.count == ends.count)
            return Chapter(xhtml: String(decoding: try archive.read("OEBPS/" + document), as: UTF8.self),
                           pars: (0..<ids.count).map { (ids[$0], begins[$0], ends[$0]) },
                           audioSeconds: Double(info.frames) / Double(info.sampleRate))
        }
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { (text as NSString).substring(with: $0.range(at: 1)) }
    }

    @Test func aFolderBecomesAReadAlongEPUBWhoseOverlaysPointAtTextInOrder() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("epub-out")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub"])
        #expect(run.status == 0, "\(run.stderr)")
        let epub = out.appendingPathComponent("book.epub")

        // The mimetype entry comes first, stored, with no extra field (OCF).
        let head = try [UInt8](Data(contentsOf: epub).prefix(58))
        #expect(head[0..<4] == [0x50, 0x4B, 0x03, 0x04])
        #expect(head[8] == 0 && head[9] == 0, "mimetype is compressed")
        #expect(head[28] == 0 && head[29] == 0, "mimetype has an extra field")
        #expect(String(decoding: head[30..<38], as: UTF8.self) == "mimetype")
        #expect(String(decoding: head[38..<58], as: UTF8.self) == "application/epub+zip")

        let archive = try ZipArchive(path: epub.path)
        let package = String(decoding: try archive.read("OEBPS/package.opf"), as: UTF8.self)
        #expect(package.contains("<dc:title>Rivers &amp; &lt;Roads&gt;</dc:title>"))
        #expect(package.contains("<dc:creator>Ann Writer</dc:creator>"))
        #expect(package.contains(#"<meta property="media:active-class">-epub-media-overlay-active</meta>"#))
        // One duration per overlay and one for the book.
        #expect(package.components(separatedBy: #"property="media:duration""#).count - 1 == 3)
        #expect(package.components(separatedBy: ##"refines="#mo"##).count - 1 == 2)
        let nav = String(decoding: try archive.read("OEBPS/nav.xhtml"), as: UTF8.self)
        #expect(nav.contains(">Rivers &amp;</a>") && nav.contains(">2-end</a>"))

        let chapters = try Self.chapters(of: epub)
        #expect(chapters.count == 2)
        // Sentences by default: the first chapter's heading, two sentences, two items, a quote, the code.
        #expect(chapters[0].pars.count >= 7)
        #expect(chapters[0].xhtml.contains("<li>") && chapters[0].xhtml.contains("<blockquote>") && chapters[0].xhtml.contains("<pre><code>"))
        #expect(chapters[0].xhtml.contains("let x = 1 &lt; 2"))
        for chapter in chapters {
            var previousEnd = 0.0
            for par in chapter.pars {
                #expect(chapter.xhtml.contains("id=\"\(par.id)\""), "no element \(par.id)")
                #expect(par.begin >= previousEnd && par.begin < par.end, "clip \(par.id) out of order")
                #expect(par.end <= chapter.audioSeconds + 0.05, "clip \(par.id) ends after its audio")
                previousEnd = par.end
            }
        }
        // Each sentence's span holds its words as written.
        #expect(chapters[1].xhtml.contains(">And then it ended.</span>"))

        // A rerun renders nothing again: every chapter comes from the previous run.
        let again = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub", "--overlay", "words"])
        #expect(again.status == 0, "\(again.stderr)")
        let summary = try #require(RunSupport.summary(again.stderr), "\(again.stderr)")
        #expect(summary.unchanged == 2 && summary.synthesized == 0 && summary.fromCache == 0, "\(summary)")
        // Words: one par per shown word.
        let words = try Self.chapters(of: epub)
        #expect(words[1].pars.count == 7)
        #expect(words[0].pars.count > chapters[0].pars.count)
    }

    @Test(.enabled(if: epubcheck != nil, "epubcheck is not installed (Debian: apt-get install epubcheck, which brings Java); the EPUB is not validated"))
    func epubCheckFindsNoError() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("epub-check")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        // A folder, by sentence and by word, and an EPUB (with its cover) read along.
        let cover = input.appendingPathComponent("cover.png")
        try AudiobookTests.png().write(to: cover)
        let runs = [[input.path, "--overlay", "sentences", "--cover", cover.path], ["Samples/short-river.epub", "--overlay", "words"]]
        for arguments in runs {
            let run = try EndToEndTests.recite(["book"] + arguments + ["-o", out.path, "--format", "epub"])
            #expect(run.status == 0, "\(run.stderr)")
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/usr/bin/java")
            check.arguments = ["-jar", Self.epubcheck!, out.appendingPathComponent("book.epub").path]
            let pipe = Pipe()
            check.standardOutput = pipe
            check.standardError = pipe
            try check.run()
            let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            check.waitUntilExit()
            #expect(check.terminationStatus == 0, "\(report)")
            #expect(!report.contains("ERROR") && !report.contains("FATAL"), "\(report)")
            if arguments.contains("--cover") {
                let package = String(decoding: try ZipArchive(path: out.appendingPathComponent("book.epub").path).read("OEBPS/package.opf"), as: UTF8.self)
                #expect(package.contains(#"href="cover.png" media-type="image/png" properties="cover-image""#))
            }
        }
    }

    @Test func aFailedWriteLeavesNoPartialEPUBAndAFailedChapterKeepsTheEarlierOne() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("epub-atomic")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        // The book's place is taken by a folder: the rename fails, and nothing is left behind.
        try FileManager.default.createDirectory(at: out.appendingPathComponent("book.epub"), withIntermediateDirectories: true)
        let blocked = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub"])
        #expect(blocked.status != 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.contains("book.epub") }
        #expect(left == ["book.epub"], "\(left)")
        try FileManager.default.removeItem(at: out.appendingPathComponent("book.epub"))

        #expect(try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub"]).status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("book.epub"))
        try Data("<speak><p>Broken".utf8).write(to: input.appendingPathComponent("2-end.ssml"))
        let failed = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub"])
        #expect(failed.status == 1 && failed.stderr.contains("not bound"), "\(failed.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("book.epub")) == before)
    }

    @Test func anEPUB3KeepsItsOwnMarkupWithSpansAtTheSpokenSentences() throws {
        let out = EndToEndTests.temporaryFolder("epub-kept")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try EndToEndTests.recite(["book", "Samples/short-river.epub", "-o", out.path, "--format", "epub"])
        #expect(run.status == 0 && run.stderr.contains("own XHTML kept"), "\(run.stderr)")
        let original = try ZipArchive(path: Fixtures.repositoryRoot.appendingPathComponent("Samples/short-river.epub").path)
        let book = try ZipArchive(path: out.appendingPathComponent("book.epub").path)
        // Every entry of the original is there, the nav unchanged.
        #expect(Set(original.names).isSubset(of: Set(book.names)))
        #expect(try book.read("OPS/nav.xhtml") == original.read("OPS/nav.xhtml"))
        // A document with its spans removed is the original, byte for byte.
        for entry in ["OPS/text/source.xhtml", "OPS/text/sea.xhtml", "OPS/text/notes.xhtml"] {
            let patched = String(decoding: try book.read(entry), as: UTF8.self)
            #expect(patched.contains("<span id=\"recite-"), "\(entry) has no span")
            let unwrapped = patched.replacingOccurrences(of: #"<span id="recite-[0-9-]+">"#, with: "", options: .regularExpression)
            // The spans' end tags: as many as their starts, removed from the end of each.
            var text = unwrapped
            let count = patched.components(separatedBy: "<span id=\"recite-").count - 1
            let originalText = String(decoding: try original.read(entry), as: UTF8.self)
            #expect(originalText.components(separatedBy: "</span>").count - 1 + count == text.components(separatedBy: "</span>").count - 1)
            while text.count > originalText.count, let range = Self.firstExtraEnd(text, originalText) { text.removeSubrange(range) }
            #expect(text == originalText, "\(entry) changed beyond its spans")
        }
        #expect(String(decoding: try book.read("OPS/text/source.xhtml"), as: UTF8.self)
            .contains(#"<span id="recite-1-3">The river starts 1,200 m up, where three springs meet &amp; run together.</span>"#))
        let package = String(decoding: try book.read("OPS/package.opf"), as: UTF8.self)
        #expect(package.contains(#"<dc:title>A Short River</dc:title>"#) && package.contains(#"media-overlay="recite-mo-1""#))
        // Each overlay's pars point at spans that exist, clips in order inside their audio.
        let overlays = Self.matches(#"href="(recite-overlays/[^"]+)""#, in: package)
        #expect(overlays.count == 3)
        for overlay in overlays {
            let smil = String(decoding: try book.read("OPS/" + overlay), as: UTF8.self)
            let texts = Self.matches(#"<text src="\.\./([^"]+)""#, in: smil)
            let audios = Self.matches(#"<audio src="\.\./([^"]+)""#, in: smil)
            let begins = Self.matches(#"clipBegin="([0-9.]+)s""#, in: smil).map { Double($0)! }
            let ends = Self.matches(#"clipEnd="([0-9.]+)s""#, in: smil).map { Double($0)! }
            #expect(!texts.isEmpty && texts.count == audios.count && begins.count == texts.count && ends.count == texts.count)
            var previous: (audio: String, end: Double)?
            for k in texts.indices {
                let parts = texts[k].split(separator: "#").map(String.init)
                let document = String(decoding: try book.read("OPS/" + parts[0]), as: UTF8.self)
                #expect(document.contains("id=\"\(parts[1])\""), "no element \(texts[k])")
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("recite-clip-\(UUID().uuidString).m4a")
                defer { try? FileManager.default.removeItem(at: file) }
                try Data(try book.read("OPS/" + audios[k])).write(to: file)
                let info = try SoundFile.info(of: file.path)
                #expect(begins[k] < ends[k] && ends[k] <= Double(info.frames) / Double(info.sampleRate) + 0.05)
                if let previous, previous.audio == audios[k] { #expect(begins[k] >= previous.end) }
                previous = (audios[k], ends[k])
            }
        }
    }

    /// The first `</span>` in `text` that `original` does not have at the same place.
    static func firstExtraEnd(_ text: String, _ original: String) -> Range<String.Index>? {
        var a = text.startIndex, b = original.startIndex
        while a < text.endIndex {
            if text[a...].hasPrefix("</span>") && !(b < original.endIndex && original[b...].hasPrefix("</span>")) {
                return a..<text.index(a, offsetBy: 7)
            }
            guard b < original.endIndex, text[a] == original[b] else { return nil }
            a = text.index(after: a)
            b = original.index(after: b)
        }
        return nil
    }

    @Test func aFolderConfigurationAsksForAReadAlongEPUBByWord() throws {
        let input = try Self.folder(), out = EndToEndTests.temporaryFolder("epub-yml")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        try Data("book:\n  epub: true\n  overlay: words\n".utf8).write(to: input.appendingPathComponent("recite.yml"))
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("book.wav").path))
        let chapters = try Self.chapters(of: out.appendingPathComponent("book.epub"))
        #expect(chapters.map(\.pars.count).last == 7)  // "And then it ended. Nobody knew why.": a par per word

        try Data("book:\n  overlay: letters\n".utf8).write(to: input.appendingPathComponent("recite.yml"))
        let bad = try EndToEndTests.recite(["book", input.path, "-o", out.path])
        #expect(bad.status == 2 && bad.stderr.contains("sentences or words"), "\(bad.stderr)")
    }
}
