import FuzzSupport
import ReciteBuild
import ReciteEPUB
import ReciteHTML
import ReciteScript

/// An EPUB two ways: the fuzzer's bytes as a zip archive (libzip's reader, the limits), and a
/// well-formed zip built in memory from them, so that the parts inside (container, package
/// document, navigation, NCX, XHTML) are what gets mutated, not the zip's checksums. Each book is
/// read as `recite build` reads it: package, chapter plan, every chapter through the HTML reader,
/// then the text stages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEPUB(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    readBook(bytes)
    if let built = try? ZipArchive.archive(of: BookParts.entries(from: bytes)) { readBook(built) }
    return 0
}

func readBook(_ bytes: [UInt8]) {
    guard let archive = try? ZipArchive(bytes: bytes, path: "fuzz.epub"),
          let package = try? EPUBPackage.read(archive) else { return }
    _ = TOCEntry.flatten(package.tableOfContents)
    for index in EPUBChapter.plan(package).indices.prefix(16) {
        guard let chapter = try? EPUBChapterReader.read(archive, book: "fuzz.epub", chapter: index, defaultLanguage: "en-US",
                                                        readXHTML: readXHTML) else { continue }
        Fuzz.textStages(chapter.script)
    }
}

func readXHTML(_ bytes: [UInt8], path: String) throws(DocumentError) -> (script: Script, warnings: [Warning]) {
    var options = HTMLOptions(content: .whole)
    options.readsTitle = false
    let result = try HTMLReader.read(bytes: bytes, path: path, options: options)
    return (result.script, result.warnings)
}

/// The fuzzer's bytes as the parts of a book: split at NUL bytes, the k-th piece replaces the
/// k-th part of a small valid EPUB 3 (pieces missing keep the valid part), so a mutation of one
/// part reaches the reader with the others intact.
enum BookParts {
    static let names = ["META-INF/container.xml", "OEBPS/content.opf", "OEBPS/nav.xhtml", "OEBPS/one.xhtml",
                        "OEBPS/two.xhtml", "OEBPS/toc.ncx"]
    static let valid: [String] = [
        """
        <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
        """,
        """
        <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">\
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>\
        <dc:title>T</dc:title><dc:language>en</dc:language></metadata><manifest>\
        <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>\
        <item id="one" href="one.xhtml" media-type="application/xhtml+xml"/>\
        <item id="two" href="two.xhtml" media-type="application/xhtml+xml"/>\
        <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest>\
        <spine toc="ncx"><itemref idref="one"/><itemref idref="two"/></spine></package>
        """,
        """
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>\
        <nav epub:type="toc"><ol><li><a href="one.xhtml">One</a><ol><li><a href="one.xhtml#b">B</a></li></ol></li>\
        <li><a href="two.xhtml">Two</a></li></ol></nav></body></html>
        """,
        """
        <html xmlns="http://www.w3.org/1999/xhtml"><body><h1>One</h1><p>It cost $5 on 12/05/2020.</p>\
        <p id="b">Part B, 8 m².</p></body></html>
        """,
        """
        <html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Two</h1><p>The end.</p></body></html>
        """,
        """
        <?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>\
        <navPoint id="p1"><navLabel><text>One</text></navLabel><content src="one.xhtml"/></navPoint></navMap></ncx>
        """,
    ]

    static func entries(from bytes: [UInt8]) -> [(name: String, bytes: [UInt8], stored: Bool)] {
        let pieces = bytes.split(separator: 0, omittingEmptySubsequences: false)
        var entries: [(name: String, bytes: [UInt8], stored: Bool)] = [("mimetype", Array("application/epub+zip".utf8), true)]
        for (k, name) in names.enumerated() {
            entries.append((name, k < pieces.count ? Array(pieces[k]) : Array(valid[k].utf8), false))
        }
        return entries
    }
}
