/// A chapter's Media Overlay (SMIL 3.0 as EPUB 3 profiles it): one `<par>` per fragment, in the
/// order of the text, each pairing the fragment's span with its clip of the chapter's audio. The
/// pars sit in the body itself: a `<seq epub:textref>` would have to name a fragment.
enum MediaOverlayDocument {
    static func smil(chapter: String, audio: String, fragments: [OverlayFragment]) -> String {
        let text = XMLText.escape(chapter), sound = XMLText.escape(audio)
        var pars = ""
        for (k, fragment) in fragments.enumerated() {
            pars += """
            <par id="p\(k + 1)"><text src="\(text)#\(XMLText.escape(fragment.id))"/>\
            <audio src="\(sound)" clipBegin="\(ClockValue.seconds(milliseconds: fragment.clipBegin))" \
            clipEnd="\(ClockValue.seconds(milliseconds: fragment.clipEnd))"/></par>

            """
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
        <body>
        \(pars)        </body>
        </smil>

        """
    }
}
