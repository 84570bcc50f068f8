import Foundation
import ReciteBuild
import ReciteAudio

/// The fixed and package-level files of a read-along EPUB: `META-INF/container.xml`, the OPF
/// package document, the navigation document and the stylesheet that highlights the active
/// fragment.
enum PackageDocuments {
    /// The class reading systems put on the element being read (`media:active-class`).
    static let activeClass = "-epub-media-overlay-active"

    static let container = """
    <?xml version="1.0" encoding="UTF-8"?>
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
    </container>

    """

    static let stylesheet = """
    body { font-family: serif; line-height: 1.5; margin: 0 5%; }
    pre { white-space: pre-wrap; font-family: monospace; }
    .\(activeClass) { background-color: #ffe08a; color: #000; border-radius: 0.2em; }

    """

    /// One chapter as the package lists it; the files are relative to the package document.
    struct Chapter {
        var title: String
        var document: String
        var overlay: String
        var audio: String
        var audioMediaType: String
        /// The overlay's duration, in milliseconds.
        var duration: Int
        /// The headings inside the chapter, listed under it in the navigation document.
        var headings: [ChapterDocument.Heading] = []
    }

    /// A picture a chapter shows, relative to the package document.
    struct Image {
        var file: String
        var mediaType: String
    }

    struct Cover {
        var file: String
        var mediaType: String
    }

    static func package(title: String, authors: [String], language: String, identifier: String, modified: Date,
                        chapters: [Chapter], cover: Cover?, images: [Image] = []) -> String {
        var metadata = """
        <dc:identifier id="book-id">\(XMLText.escape(identifier))</dc:identifier>
        <dc:title>\(XMLText.escape(title))</dc:title>
        <dc:language>\(XMLText.escape(language))</dc:language>

        """
        for author in authors { metadata += "<dc:creator>\(XMLText.escape(author))</dc:creator>\n" }
        metadata += "<meta property=\"dcterms:modified\">\(timestamp(modified))</meta>\n"
        for (k, chapter) in chapters.enumerated() {
            metadata += "<meta property=\"media:duration\" refines=\"#mo\(k + 1)\">\(ClockValue.full(milliseconds: chapter.duration))</meta>\n"
        }
        metadata += "<meta property=\"media:duration\">\(ClockValue.full(milliseconds: chapters.map(\.duration).reduce(0, +)))</meta>\n"
        metadata += "<meta property=\"media:active-class\">\(activeClass)</meta>\n"
        if cover != nil { metadata += "<meta name=\"cover\" content=\"cover\"/>\n" }

        var manifest = """
        <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
        <item id="style" href="style.css" media-type="text/css"/>

        """
        if let cover {
            manifest += "<item id=\"cover\" href=\"\(XMLText.escape(cover.file))\" media-type=\"\(cover.mediaType)\" properties=\"cover-image\"/>\n"
        }
        for (k, image) in images.enumerated() {
            manifest += "<item id=\"img\(k + 1)\" href=\"\(XMLText.escape(image.file))\" media-type=\"\(image.mediaType)\"/>\n"
        }
        var spine = ""
        for (k, chapter) in chapters.enumerated() {
            manifest += """
            <item id="c\(k + 1)" href="\(XMLText.escape(chapter.document))" media-type="application/xhtml+xml" media-overlay="mo\(k + 1)"/>
            <item id="mo\(k + 1)" href="\(XMLText.escape(chapter.overlay))" media-type="application/smil+xml"/>
            <item id="a\(k + 1)" href="\(XMLText.escape(chapter.audio))" media-type="\(chapter.audioMediaType)"/>

            """
            spine += "<itemref idref=\"c\(k + 1)\"/>\n"
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(XMLText.escape(language))">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
        \(metadata)</metadata>
        <manifest>
        \(manifest)</manifest>
        <spine>
        \(spine)</spine>
        </package>

        """
    }

    /// An `<ol>` of `headings`: each one holds the deeper ones that follow it.
    static func list(_ headings: ArraySlice<ChapterDocument.Heading>, document: String) -> String {
        var out = "<ol>\n"
        var i = headings.startIndex
        while i < headings.endIndex {
            let heading = headings[i]
            var j = i + 1
            while j < headings.endIndex, headings[j].level > heading.level { j += 1 }
            let inner = j > i + 1 ? "\n" + list(headings[(i + 1)..<j], document: document) : ""
            out += "<li><a href=\"\(XMLText.escape(document))#\(heading.id)\">\(XMLText.escape(heading.text.asTagText))</a>\(inner)</li>\n"
            i = j
        }
        return out + "</ol>"
    }

    /// `CCYY-MM-DDThh:mm:ssZ`, as `dcterms:modified` takes it.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The navigation document: the table of contents, one entry per chapter, its headings
    /// nested under it by level.
    static func navigation(title: String, language: String, chapters: [Chapter]) -> String {
        let items = chapters.map { chapter in
            let headings = chapter.headings.filter { !$0.text.asTagText.isEmpty }
            let nested = headings.isEmpty ? "" : "\n" + list(headings[...], document: chapter.document)
            return "<li><a href=\"\(XMLText.escape(chapter.document))\">\(XMLText.escape(chapter.title))</a>\(nested)</li>"
        }.joined(separator: "\n")
        return XMLText.xhtmlOpening(language: language, title: title) + """
        <nav epub:type="toc" id="toc">
        <h1>\(XMLText.escape(title))</h1>
        <ol>
        \(items)
        </ol>
        </nav>
        </body>
        </html>

        """
    }
}
