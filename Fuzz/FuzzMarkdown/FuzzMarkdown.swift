import FuzzSupport
import ReciteMarkdown
import ReciteScript

/// Markdown → script: decoding (UTF-8 is checked), front matter, template tags, cmark-gfm and the
/// walk that maps its nodes back to source ranges. The input's length picks the options, so a
/// crash reproduces from its file alone.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let source = try? SourceText(path: "fuzz.md", bytes: Fuzz.bytes(data, size)) else { return 0 }
    let codeBlocks: [MarkdownOptions.CodeBlocks] = [.announce, .read, .skip]
    let options = MarkdownOptions(codeBlocks: codeBlocks[size % 3], skipTemplateTags: size % 2 == 0)
    _ = MarkdownParser.parse(source, options: options)
    return 0
}
