import Foundation
import ReciteEPUB
import ReciteTestSupport
import Testing

/// EPUB packages built by Python's `zipfile` (a writer that shares nothing with libzip), read
/// back: metadata, reading order and tables of contents as the EPUB 3 and EPUB 2 specifications
/// lay them out, and hostile archives refused with a message that names the book and the entry.
@Suite struct EPUBPackageTests {
    /// Writes `entries` (name → text) into a zip at a new path; `mimetype` first and stored, as
    /// the OCF specification asks. `zeros` adds an entry of that many zero bytes, deflated.
    static func epub(_ entries: [(String, String)], zeros: (name: String, count: Int)? = nil) throws -> String {
        let folder = Fixtures.scratch("epub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let spec = folder.appendingPathComponent("entries.json")
        try JSONSerialization.data(withJSONObject: entries.map { [$0.0, $0.1] }).write(to: spec)
        let book = folder.appendingPathComponent("book.epub").path
        let script = """
        import json, sys, zipfile
        entries = json.load(open(sys.argv[1]))
        with zipfile.ZipFile(sys.argv[2], "w") as z:
            z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
            for name, text in entries:
                z.writestr(name, text, compress_type=zipfile.ZIP_DEFLATED)
            if sys.argv[3]:
                z.writestr(sys.argv[3], b"\\0" * int(sys.argv[4]), compress_type=zipfile.ZIP_DEFLATED)
        """
        let outcome = try ExternalProgram.run(ExternalProgram.onPath("python3")!,
                                              ["-c", script, spec.path, book, zeros?.name ?? "", String(zeros?.count ?? 0)])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return book
    }

    static let container = ("META-INF/container.xml", """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """)

    static func opf(manifest: String, spine: String, metadata: String = "", spineAttributes: String = "") -> (String, String) {
        ("OEBPS/content.opf", """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="id">urn:uuid:1</dc:identifier>
            <dc:title>The Long River</dc:title>
            <dc:creator>Ann Writer</dc:creator>
            <dc:language>en-GB</dc:language>
            <dc:date>2019-04-01</dc:date>
            \(metadata)
          </metadata>
          <manifest>\(manifest)</manifest>
          <spine \(spineAttributes)>\(spine)</spine>
        </package>
        """)
    }

    static func chapter(_ id: String) -> String {
        "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><h1 id=\"\(id)\">Text</h1></body></html>"
    }

    @Test func anEPUB3BookGivesItsMetadataSpineAndNestedContents() throws {
        let nav = """
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
          <nav epub:type="landmarks"><ol><li><a href="text/one.xhtml">Start</a></li></ol></nav>
          <nav epub:type="toc"><ol>
            <li><a href="text/one.xhtml">Part One</a>
              <ol><li><a href="text/one.xhtml#s1">The Source</a></li>
                  <li><a href="text/one.xhtml#s%32">The Bend</a></li></ol></li>
            <li><span>Unlinked heading</span><ol><li><a href="text/two%20b.xhtml">Two</a></li></ol></li>
          </ol></nav></body></html>
        """
        let book = try Self.epub([Self.container, Self.opf(manifest: """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="c1" href="text/one.xhtml" media-type="application/xhtml+xml"/>
            <item id="c2" href="text/two%20b.xhtml" media-type="application/xhtml+xml"/>
            <item id="notes" href="text/notes.xhtml" media-type="application/xhtml+xml"/>
            <item id="img" href="images/cover.jpg" media-type="image/jpeg" properties="cover-image"/>
            """, spine: "<itemref idref=\"c1\"/><itemref idref=\"notes\" linear=\"no\"/><itemref idref=\"c2\"/>"),
            ("OEBPS/nav.xhtml", nav), ("OEBPS/text/one.xhtml", Self.chapter("s1")), ("OEBPS/text/two b.xhtml", Self.chapter("x"))])
        let package = try EPUBPackage.read(ZipArchive(path: book))
        #expect(package.metadata.title == "The Long River" && package.metadata.authors == ["Ann Writer"])
        #expect(package.metadata.language == "en-GB" && package.metadata.date == "2019-04-01")
        #expect(package.metadata.coverEntry == "OEBPS/images/cover.jpg")
        #expect(package.spine.map(\.entry) == ["OEBPS/text/one.xhtml", "OEBPS/text/notes.xhtml", "OEBPS/text/two b.xhtml"])
        #expect(package.spine.map(\.linear) == [true, false, true])
        let flat = TOCEntry.flatten(package.tableOfContents)
        #expect(flat.map(\.entry.title) == ["Part One", "The Source", "The Bend", "Two"])
        #expect(flat.map(\.depth) == [0, 1, 1, 0])
        #expect(flat.map(\.entry.fragment) == [nil, "s1", "s2", nil])
        #expect(flat.last?.entry.entry == "OEBPS/text/two b.xhtml")

        // One chapter per entry, each up to where the next begins; the notes are outside the reading order.
        let chapters = EPUBChapter.plan(package)
        #expect(chapters.map(\.title) == ["Part One", "The Source", "The Bend", "Two"])
        #expect(chapters.map(\.pieces) == [
            [.init(entry: "OEBPS/text/one.xhtml", to: "s1")],
            [.init(entry: "OEBPS/text/one.xhtml", from: "s1", to: "s2")],
            [.init(entry: "OEBPS/text/one.xhtml", from: "s2")],
            [.init(entry: "OEBPS/text/two b.xhtml")],
        ])
    }

    /// A book written in memory by libzip (as the fuzzer builds its books) is a zip Python's
    /// reader accepts, and reads the same from memory as from a file.
    @Test func aBookMadeInMemoryReadsTheSameFromMemoryAndFromAFile() throws {
        let nav = """
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
          <nav epub:type="toc"><ol><li><a href="one.xhtml">One</a></li><li><a href="two.xhtml">Two</a></li></ol></nav></body></html>
        """
        let entries = [Self.container, Self.opf(manifest: """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="c1" href="one.xhtml" media-type="application/xhtml+xml"/>
            <item id="c2" href="two.xhtml" media-type="application/xhtml+xml"/>
            """, spine: "<itemref idref=\"c1\"/><itemref idref=\"c2\"/>"),
            ("OEBPS/nav.xhtml", nav), ("OEBPS/one.xhtml", Self.chapter("a")), ("OEBPS/two.xhtml", Self.chapter("b"))]
        let bytes = try ZipArchive.archive(of: [("mimetype", Array("application/epub+zip".utf8), true)]
                                            + entries.map { ($0.0, Array($0.1.utf8), false) })
        let fromMemory = try EPUBPackage.read(ZipArchive(bytes: bytes, path: "memory.epub"))
        let file = Fixtures.scratch("epub-memory-\(UUID().uuidString).epub")
        try Data(bytes).write(to: file)
        let fromFile = try EPUBPackage.read(ZipArchive(path: file.path))
        #expect(fromMemory.metadata.title == "The Long River" && fromFile.metadata.title == "The Long River")
        #expect(fromMemory.spine.map(\.entry) == ["OEBPS/one.xhtml", "OEBPS/two.xhtml"])
        #expect(fromFile.spine.map(\.entry) == fromMemory.spine.map(\.entry))
        #expect(TOCEntry.flatten(fromMemory.tableOfContents).map(\.entry.title) == ["One", "Two"])
        #expect(try ZipArchive(bytes: bytes, path: "memory.epub").read("OEBPS/two.xhtml") == Array(Self.chapter("b").utf8))
        // An independent reader: every entry's checksum holds, mimetype first and stored.
        let check = try ExternalProgram.run(ExternalProgram.onPath("python3")!, ["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            first = z.infolist()[0]
            print(first.filename, first.compress_type == zipfile.ZIP_STORED, len(z.namelist()))
            """, file.path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "mimetype True 6")
    }

    @Test func bytesThatAreNoZipAreRefusedNamingTheBook() {
        #expect {
            try ZipArchive(bytes: Array("PK not really".utf8), path: "pasted.epub")
        } throws: { error in
            (error as? ZipArchive.Failure)?.message.hasPrefix("pasted.epub: not a readable zip archive") == true
        }
    }

    @Test func anEPUB2BookHasItsContentsInTheNCX() throws {
        let ncx = """
        <?xml version="1.0"?>
        <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
          <navPoint id="p1" playOrder="1"><navLabel><text>Chapter  One</text></navLabel><content src="one.xhtml"/>
            <navPoint id="p2" playOrder="2"><navLabel><text>A Section</text></navLabel><content src="one.xhtml#sec"/></navPoint>
          </navPoint>
        </navMap></ncx>
        """
        let book = try Self.epub([Self.container, Self.opf(manifest: """
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            <item id="c1" href="one.xhtml" media-type="application/xhtml+xml"/>
            <item id="cover" href="c.png" media-type="image/png"/>
            """, spine: "<itemref idref=\"c1\"/>", metadata: "<meta name=\"cover\" content=\"cover\"/>", spineAttributes: "toc=\"ncx\""),
            ("OEBPS/toc.ncx", ncx), ("OEBPS/one.xhtml", Self.chapter("sec"))])
        let package = try EPUBPackage.read(ZipArchive(path: book))
        let flat = TOCEntry.flatten(package.tableOfContents)
        #expect(flat.map(\.entry.title) == ["Chapter One", "A Section"])
        #expect(flat.map(\.depth) == [0, 1] && flat[1].entry.fragment == "sec")
        #expect(package.metadata.coverEntry == "OEBPS/c.png")
        #expect(EPUBChapter.plan(package).map(\.pieces) == [[.init(entry: "OEBPS/one.xhtml", to: "sec")],
                                                             [.init(entry: "OEBPS/one.xhtml", from: "sec")]])
    }

    @Test func hostileBooksAreRefusedWithTheirPlace() throws {
        let manifest = "<item id=\"c1\" href=\"one.xhtml\" media-type=\"application/xhtml+xml\"/>"
        let plain = [Self.container, Self.opf(manifest: manifest, spine: "<itemref idref=\"c1\"/>"), ("OEBPS/one.xhtml", Self.chapter("a"))]

        // A zip bomb: 200 MB of zeros deflate to a few hundred kilobytes.
        let bomb = try Self.epub(plain, zeros: ("OEBPS/one-big.xhtml", 200 * 1024 * 1024))
        let archive = try ZipArchive(path: bomb)
        #expect(throws: ZipArchive.Failure.self) { try archive.read("OEBPS/one-big.xhtml") }
        do { _ = try archive.read("OEBPS/one-big.xhtml") } catch { #expect(error.message.contains("MB uncompressed") || error.message.contains("zip bomb")) }
        var small = ZipArchive.Limits()
        small.entryBytes = 1024 * 1024 * 1024
        do { _ = try ZipArchive(path: bomb, limits: small).read("OEBPS/one-big.xhtml"); Issue.record("a bomb was read") } catch {
            #expect(error.message.contains("zip bomb"), "\(error.message)")
        }

        // A path that climbs out of the book.
        #expect(!ZipArchive.isSafe("../../etc/passwd") && !ZipArchive.isSafe("/etc/passwd") && ZipArchive.isSafe("OEBPS/a..b.xhtml"))
        let climbing = try Self.epub(plain + [("../outside.txt", "x")])
        do { _ = try ZipArchive(path: climbing).read("../outside.txt"); Issue.record("read outside") } catch {
            #expect(error.message.contains("leaves the book"))
        }

        // DRM: rights.xml, or encryption of more than fonts.
        let drm = try Self.epub(plain + [("META-INF/rights.xml", "<rights/>")])
        do { _ = try EPUBPackage.read(ZipArchive(path: drm)); Issue.record("DRM read") } catch {
            #expect("\(error)".contains("DRM") && "\(error)".contains("META-INF/rights.xml"), "\(error)")
        }
        let encryption = { (algorithm: String) in ("META-INF/encryption.xml", """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="\(algorithm)"/></enc:EncryptedData></encryption>
            """) }
        let encrypted = try Self.epub(plain + [encryption("http://www.w3.org/2001/04/xmlenc#aes128-cbc")])
        #expect(throws: EPUBError.self) { try EPUBPackage.read(try ZipArchive(path: encrypted)) }
        let fonts = try Self.epub(plain + [encryption("http://www.idpf.org/2008/embedding")])
        #expect(try EPUBPackage.read(ZipArchive(path: fonts)).spine.count == 1)

        // An external entity in the package document is not fetched.
        let xxe = try Self.epub([Self.container, ("OEBPS/content.opf", """
            <?xml version="1.0"?>
            <!DOCTYPE package [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:title>A &secret; title</dc:title></metadata>
            <manifest>\(manifest)</manifest><spine><itemref idref="c1"/></spine></package>
            """), ("OEBPS/one.xhtml", Self.chapter("a"))])
        // The reference stays unexpanded (libxml2 substitutes no entity for Recite): it says nothing.
        let package = try EPUBPackage.read(ZipArchive(path: xxe))
        #expect(package.metadata.title == "A  title")

        // Not a zip at all.
        let text = Fixtures.scratch("not-\(UUID().uuidString).epub")
        try Data("hello".utf8).write(to: text)
        do { _ = try ZipArchive(path: text.path); Issue.record("read a text file") } catch {
            #expect(error.message.contains("not a readable zip archive"))
        }
    }

    /// `&nbsp;` is an HTML entity XML does not know: the navigation document is then read as HTML.
    @Test func aNavigationDocumentWithHTMLEntitiesIsStillRead() throws {
        let nav = """
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
          <nav epub:type="toc"><ol><li><a href="one.xhtml">One&nbsp;Chapter</a></li><li><a href="one.xhtml#b">Two</a></li></ol></nav>
        </body></html>
        """
        let book = try Self.epub([Self.container, Self.opf(manifest: """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="c1" href="one.xhtml" media-type="application/xhtml+xml"/>
            """, spine: "<itemref idref=\"c1\"/>"), ("OEBPS/nav.xhtml", nav), ("OEBPS/one.xhtml", Self.chapter("b"))])
        let toc = TOCEntry.flatten(try EPUBPackage.read(ZipArchive(path: book)).tableOfContents)
        #expect(toc.map(\.entry.title) == ["One Chapter", "Two"])
        #expect(toc.map(\.entry.fragment) == [nil, "b"])
    }

    @Test func hrefsResolveInsideTheBook() {
        #expect(EPUBPackage.resolve("../text/a.xhtml#x", against: "OEBPS/nav") == "OEBPS/text/a.xhtml")
        #expect(EPUBPackage.resolve("./a%20b.xhtml", against: "OEBPS") == "OEBPS/a b.xhtml")
        #expect(EPUBPackage.resolve("../../../etc/passwd", against: "OEBPS") == nil)
        #expect(EPUBPackage.resolve("http://example.com/x.html", against: "OEBPS") == nil)
    }
}
