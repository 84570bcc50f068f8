import Foundation
import ReciteAudio
import ReciteEPUB
import ReciteTestSupport
import Testing

/// What a read-along EPUB holds besides its overlays: audio copied from the chapters kept for
/// books (nothing encoded twice, clips where the audio is), the documents' pictures, and a table
/// of contents with each chapter's headings.
@Suite(.serialized) struct ReadAlongEPUBContentTests {
    /// EPUBCheck's report on `epub`, or nil when it is not installed.
    static func epubCheck(_ epub: URL) throws -> (status: Int32, report: String)? {
        guard let jar = ReadAlongEPUBTests.epubcheck else { return nil }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/java")
        check.arguments = ["-jar", jar, epub.path]
        let pipe = Pipe()
        check.standardOutput = pipe
        check.standardError = pipe
        try check.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        return (check.terminationStatus, report)
    }

    static func expectValid(_ epub: URL) throws {
        guard let (status, report) = try epubCheck(epub) else { return }
        #expect(status == 0 && !report.contains("ERROR") && !report.contains("FATAL"), "\(report)")
    }

    @Test func anEPUBAndAnM4BOfTheSameArticlesEncodeEachChapterOnce() throws {
        let input = try ReadAlongEPUBTests.folder(), out = EndToEndTests.temporaryFolder("epub-kept-chapters")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        func book(_ format: String) throws {
            let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", format])
            #expect(run.status == 0, "\(format): \(run.stderr)")
        }
        // The EPUB keeps one encoded chapter per article, as an M4B book would.
        try book("epub")
        let articles = KeptChapterBookTests.kept(out)
        #expect(articles.count == 2, "\(articles.keys.sorted())")
        // The M4B book adds only the pause between them (one silence); its articles are the EPUB's.
        try book("m4b")
        let kept = KeptChapterBookTests.kept(out)
        #expect(kept.count == 3, "\(kept.keys.sorted())")
        for (name, date) in articles { #expect(kept[name] == date, "the M4B book encoded \(name) again") }
        // Rebinding either encodes nothing.
        for format in ["epub", "m4b", "epub"] {
            try book(format)
            #expect(KeptChapterBookTests.kept(out) == kept, "the \(format) run encoded a chapter again")
        }
        try Self.expectValid(out.appendingPathComponent("book.epub"))
        // No scratch audio is left beside the book.
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".book.epub") }
        #expect(left.isEmpty, "\(left)")
        // The kept chapters are recorded as the EPUB's, so pruning the cache keeps them.
        let uses = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(".recite-cache/chapters/books").path)
        #expect(uses.count == 2, "\(uses)")
    }

    @Test(.enabled(if: KeptChapterBookTests.ffmpeg != nil, "needs ffmpeg (Debian's; .ci/install-deps --test installs it)"))
    func eachChaptersAudioStartsWhereItsClipsSay() throws {
        let input = try ReadAlongEPUBTests.folder(), out = EndToEndTests.temporaryFolder("epub-clip-times")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub"])
        #expect(run.status == 0, "\(run.stderr)")
        let archive = try ZipArchive(path: out.appendingPathComponent("book.epub").path)
        let rate = 22050
        for (index, stem) in ["1-start", "2-end"].enumerated() {
            // The m4a's decoded samples (its edit list applied by FFmpeg's own program) against the
            // chapter's FLAC: the AAC priming must be trimmed, or every clip would play late.
            let m4a = out.appendingPathComponent(String(format: "chapter-%03d.m4a", index + 1))
            try Data(try archive.read(String(format: "OEBPS/chapter-%03d.m4a", index + 1))).write(to: m4a)
            let audio = try KeptChapterBookTests.decode(m4a, rate: rate)
            let article = try KeptChapterBookTests.decode(out.appendingPathComponent(stem + ".flac"), rate: rate)
            let (onset, found) = KeptChapterBookTests.locate(article, in: audio, around: 0, rate: rate)
            #expect(abs(found - onset) <= rate / 50, "\(stem): the audio is \(Double(found - onset) / Double(rate)) s off its FLAC")
            // Whole frames of padding at the end at most.
            #expect(audio.count >= article.count && audio.count - article.count < 2 * 1024 * rate / 22050, "\(stem): \(audio.count) samples, the FLAC \(article.count)")
        }
    }

    @Test func aDocumentsPicturesAreCopiedAndThoseOutsideTheFolderAreLeftOutWithAWarning() throws {
        let input = EndToEndTests.temporaryFolder("epub-pictures"), out = EndToEndTests.temporaryFolder("epub-pictures-out")
        let outside = input.deletingLastPathComponent().appendingPathComponent("\(input.lastPathComponent)-outside.png")
        defer {
            for url in [input, out, outside] { try? FileManager.default.removeItem(at: url) }
        }
        try FileManager.default.createDirectory(at: input.appendingPathComponent("pics"), withIntermediateDirectories: true)
        let png = AudiobookTests.png()
        try png.write(to: input.appendingPathComponent("pics/heron.png"))
        try png.write(to: outside)
        // Over the 20 MB a picture may be (a sparse file: nothing is written).
        #expect(FileManager.default.createFile(atPath: input.appendingPathComponent("pics/huge.png").path, contents: nil))
        let huge = try FileHandle(forWritingTo: input.appendingPathComponent("pics/huge.png"))
        try huge.truncate(atOffset: 21 * 1024 * 1024)
        try huge.close()
        try Data("""
        # Birds

        The heron stands still in the shallows.

        ![A grey heron & its <reflection>](pics/heron.png)

        ![Far away](https://example.com/bird.png)

        ![Outside](../\(outside.lastPathComponent))

        ![Huge](pics/huge.png)

        It waits for a fish. <img src="pics/heron.png" alt="The same heron&#8217;s &amp; reflection"/>

        ```markdown
        ![In code](nowhere.png)
        ```
        """.utf8).write(to: input.appendingPathComponent("birds.md"))
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub"])
        #expect(run.status == 0, "\(run.stderr)")
        for (line, what) in [(7, "not a local file"), (9, "outside the book's folder"), (11, "more than the 20 MB")] {
            #expect(run.stderr.contains("birds.md:\(line): warning:") && run.stderr.contains(what), "line \(line): \(run.stderr)")
        }
        #expect(!run.stderr.contains("nowhere.png"), "an image written in code was taken for a picture: \(run.stderr)")
        let epub = out.appendingPathComponent("book.epub")
        let archive = try ZipArchive(path: epub.path)
        // One file for the picture shown twice, byte for byte, and nothing else.
        #expect(archive.names.filter { $0.hasPrefix("OEBPS/images/") } == ["OEBPS/images/001.png"])
        #expect(try archive.read("OEBPS/images/001.png") == [UInt8](png))
        let package = String(decoding: try archive.read("OEBPS/package.opf"), as: UTF8.self)
        #expect(package.contains(#"href="images/001.png" media-type="image/png""#))
        let chapter = String(decoding: try archive.read("OEBPS/chapter-001.xhtml"), as: UTF8.self)
        #expect(chapter.contains(#"<figure><img src="images/001.png" alt="A grey heron &amp; its &lt;reflection&gt;"/></figure>"#), "\(chapter)")
        // Character references in an attribute are decoded once, then escaped for XHTML.
        #expect(chapter.contains(#"<img src="images/001.png" alt="The same heron’s &amp; reflection"/>"#), "\(chapter)")
        // The picture comes after the sentence before it in the document.
        let sentence = try #require(chapter.range(of: "still in the shallows."))
        let picture = try #require(chapter.range(of: "<figure>"))
        #expect(sentence.upperBound < picture.lowerBound)
        try Self.expectValid(epub)
    }

    @Test func theTableOfContentsNestsEachChaptersHeadings() throws {
        let input = EndToEndTests.temporaryFolder("epub-headings"), out = EndToEndTests.temporaryFolder("epub-headings-out")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("""
        # Lakes

        Lakes are still.

        ## Deep lakes

        Some are very deep.

        ### The deepest

        One is deeper than all.

        ## Shallow lakes

        Others are shallow.
        """.utf8).write(to: input.appendingPathComponent("1-lakes.md"))
        try Data("# Seas\n\nSeas are salty.\n".utf8).write(to: input.appendingPathComponent("2-seas.md"))
        let run = try EndToEndTests.recite(["book", input.path, "-o", out.path, "--format", "epub"])
        #expect(run.status == 0, "\(run.stderr)")
        let epub = out.appendingPathComponent("book.epub")
        let archive = try ZipArchive(path: epub.path)
        let chapter = String(decoding: try archive.read("OEBPS/chapter-001.xhtml"), as: UTF8.self)
        #expect(chapter.contains(#"<h2 id="h1">"#) && chapter.contains(#"<h3 id="h2">"#) && chapter.contains(#"<h2 id="h3">"#), "\(chapter)")
        let nav = String(decoding: try archive.read("OEBPS/nav.xhtml"), as: UTF8.self)
        let expected = """
        <li><a href="chapter-001.xhtml">Lakes</a>
        <ol>
        <li><a href="chapter-001.xhtml#h1">Deep lakes</a>
        <ol>
        <li><a href="chapter-001.xhtml#h2">The deepest</a></li>
        </ol></li>
        <li><a href="chapter-001.xhtml#h3">Shallow lakes</a></li>
        </ol></li>
        <li><a href="chapter-002.xhtml">Seas</a></li>
        """
        #expect(nav.contains(expected), "\(nav)")
        try Self.expectValid(epub)
    }
}
