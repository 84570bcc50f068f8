import Foundation
import ReciteAudio
@testable import ReciteBook
import ReciteBuild
import ReciteTestSupport
import ReciteTiming
import Testing

/// EPUB books as a user runs them: `recite book BOOK.epub` (one chapter per table-of-contents
/// entry, nested ones included, entries into fragments of one file starting where their element
/// is spoken) and `recite build BOOK.epub` (one file per chapter). The books are written by
/// Python's zipfile; the expected chapters are the table of contents written here.
@Suite(.serialized) struct EPUBEndToEndTests {
    /// A book of three XHTML files: the first holds two sections that the contents point into
    /// (`#one-b`), nested under "Part One"; the third is not in the contents and joins the second's chapter.
    static func book() throws -> URL {
        let folder = EndToEndTests.temporaryFolder("epub-in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func xhtml(_ body: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\"><head><title>x</title></head><body>\n\(body)\n</body></html>"
        }
        let entries: [(String, String)] = [
            ("META-INF/container.xml", """
             <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
             <rootfiles><rootfile full-path="OPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
             """),
            ("OPS/package.opf", """
             <?xml version="1.0" encoding="UTF-8"?>
             <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
             <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:x</dc:identifier>
             <dc:title>The River Book</dc:title><dc:creator>Ann Writer</dc:creator><dc:language>en</dc:language>
             <dc:date>2018-02-03</dc:date></metadata>
             <manifest>
               <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
               <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
               <item id="b" href="b.xhtml" media-type="application/xhtml+xml"/>
               <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>
             </manifest>
             <spine><itemref idref="a"/><itemref idref="b"/><itemref idref="c"/></spine></package>
             """),
            ("OPS/nav.xhtml", """
             <?xml version="1.0" encoding="UTF-8"?>
             <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
             <nav epub:type="toc"><ol>
               <li><a href="a.xhtml">Part One</a><ol>
                 <li><a href="a.xhtml#one-a">The Source</a></li>
                 <li><a href="a.xhtml#one-b">The Bend</a></li></ol></li>
               <li><a href="b.xhtml">The Sea</a></li>
             </ol></nav></body></html>
             """),
            ("OPS/a.xhtml", xhtml("""
             <h1>Part One</h1>
             <section id="one-a"><h2>The Source</h2><p>Rain falls on the hills &amp; gathers.</p></section>
             <section id="one-b"><h2>The Bend</h2><p>The river turns west at the mill.</p></section>
             """)),
            ("OPS/b.xhtml", xhtml("<h1>The Sea</h1><p>At last the water meets the sea.</p>")),
            ("OPS/c.xhtml", xhtml("<p>An afterword nobody listed.</p>")),
        ]
        let spec = folder.appendingPathComponent("entries.json")
        try JSONSerialization.data(withJSONObject: entries.map { [$0.0, $0.1] }).write(to: spec)
        let book = folder.appendingPathComponent("river.epub")
        let outcome = try ExternalProgram.run(ExternalProgram.onPath("python3")!, ["-c", """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[2], "w") as z:
                z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
                for name, text in json.load(open(sys.argv[1])):
                    z.writestr(name, text, compress_type=zipfile.ZIP_DEFLATED)
            """, spec.path, book.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return book
    }

    @Test func anEPUBBecomesABookWithAChapterPerContentsEntry() throws {
        let book = try Self.book(), out = EndToEndTests.temporaryFolder("epub-book")
        let run = try EndToEndTests.recite(["book", book.path, "-o", out.path, "--format", "flac"])
        #expect(run.status == 0, "\(run.stderr)")
        let chapters = try JSONDecoder().decode(BookBinder.Chapters.self, from: Data(contentsOf: out.appendingPathComponent("book.chapters.json")))
        #expect(chapters.title == "The River Book")
        #expect(chapters.chapters.map(\.title) == ["Part One", "The Source", "The Bend", "The Sea"])
        #expect(chapters.chapters.map { $0.depth ?? -1 } == [0, 1, 1, 0])

        // Each chapter says its own stretch: the fragment's section starts its chapter, the
        // unlisted afterword joins the chapter before it.
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("book.timing.json")))
        func words(_ chapter: BookBinder.Chapter) -> [String] {
            sidecar.words.filter { $0.start >= chapter.start - 0.01 && $0.start < chapter.end - 0.01 }.map { $0.text.lowercased() }
        }
        #expect(words(chapters.chapters[0]) == ["part", "one"])
        #expect(words(chapters.chapters[1]).first == "the" && words(chapters.chapters[1]).contains("rain"))
        #expect(!words(chapters.chapters[1]).contains("mill"))
        #expect(words(chapters.chapters[2]).contains("mill") && !words(chapters.chapters[2]).contains("rain"))
        #expect(words(chapters.chapters[3]).contains("afterword"))
        // Entities are decoded: "&amp;" is read, whatever its reading is, and no word is "amp".
        #expect(!sidecar.words.contains { $0.text.lowercased() == "amp" })

        // The tags come from the package document.
        if let ffprobe = ExternalProgram.onPath("ffprobe") {
            let tags = try ExternalProgram.run(ffprobe, ["-v", "error", "-show_entries", "format_tags", "-of", "json",
                                                         out.appendingPathComponent("book.flac").path])
            #expect(tags.stdout.contains("Ann Writer") && tags.stdout.contains("2018"), "\(tags.stdout)")
        }
    }

    @Test func buildWritesOneFilePerChapterUnderTheBooksName() throws {
        let book = try Self.book(), out = EndToEndTests.temporaryFolder("epub-build")
        let run = try EndToEndTests.recite(["build", book.path, "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("river").path).filter { $0.hasSuffix(".wav") }.sorted()
        #expect(files == ["001-part-one.wav", "002-the-source.wav", "003-the-bend.wav", "004-the-sea.wav"])
        let again = try EndToEndTests.recite(["build", book.path, "-o", out.path])
        #expect(again.stderr.contains("4 unchanged"), "\(again.stderr)")
    }

    @Test func aBookWithDRMIsRefusedSayingSo() throws {
        let book = try Self.book()
        let outcome = try ExternalProgram.run(ExternalProgram.onPath("python3")!, ["-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "a") as z:
                z.writestr("META-INF/rights.xml", "<rights/>")
            """, book.path])
        #expect(outcome.status == 0)
        let run = try EndToEndTests.recite(["book", book.path, "-o", EndToEndTests.temporaryFolder("epub-drm").path])
        #expect(run.status == 2 && run.stderr.contains("DRM"), "\(run.stderr)")
    }
}
