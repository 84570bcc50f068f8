import FuzzSupport

/// A lexicon read from memory (`.tsv`), compiled for its language (phoneme conversion,
/// inflections), then used on a document made of its own entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTSVLexicon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.lexicon(Fuzz.bytes(data, size), path: "fuzz.tsv")
    return 0
}
