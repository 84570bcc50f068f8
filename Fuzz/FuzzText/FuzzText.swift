import FuzzSupport
import ReciteMarkdown
import ReciteScript

/// The whole text pipeline of a Markdown document, as a build runs it before synthesis:
/// parse → normalize → pronounce → segment.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let source = try? SourceText(path: "fuzz.md", bytes: Fuzz.bytes(data, size)) else { return 0 }
    Fuzz.textStages(MarkdownParser.parse(source))
    return 0
}
