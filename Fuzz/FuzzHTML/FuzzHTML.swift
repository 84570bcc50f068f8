import FuzzSupport
import ReciteHTML

/// A web page → script through libxml2's HTML parser and the reader-view extraction, in both
/// modes, then the text stages. Any bytes are a page: tag soup, any encoding, any depth.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    for content in [HTMLOptions.Content.article, .whole] {
        guard let result = try? HTMLReader.read(bytes: bytes, path: "fuzz.html", options: HTMLOptions(content: content, byline: true)) else { continue }
        Fuzz.textStages(result.script)
    }
    return 0
}
