/// A Media Overlay (SMIL 3.0 as EPUB 3 profiles it): one `<par>` per fragment, in the order of the
/// text, each pairing an element of a content document with its clip of an audio file. The pars
/// sit in the body itself: a `<seq epub:textref>` would have to name a fragment.
enum MediaOverlayDocument {
    /// Pars whose text and audio are relative URLs from the overlay, clips in milliseconds.
    static func smil(pars: [(text: String, audio: String, begin: Int, end: Int)]) -> String {
        var body = ""
        for (k, par) in pars.enumerated() {
            body += """
            <par id="p\(k + 1)"><text src="\(XMLText.escape(par.text))"/>\
            <audio src="\(XMLText.escape(par.audio))" clipBegin="\(ClockValue.seconds(milliseconds: par.begin))" \
            clipEnd="\(ClockValue.seconds(milliseconds: par.end))"/></par>

            """
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
        <body>
        \(body)</body>
        </smil>

        """
    }

    /// A generated chapter's overlay: its document's fragments, clips of its one audio file.
    static func smil(chapter: String, audio: String, fragments: [OverlayFragment]) -> String {
        smil(pars: fragments.map { (text: chapter + "#" + $0.id, audio: audio, begin: $0.clipBegin, end: $0.clipEnd) })
    }
}
