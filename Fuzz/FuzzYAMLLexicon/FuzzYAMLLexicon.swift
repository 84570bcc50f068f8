import FuzzSupport

/// A lexicon read from memory (`.yml`), compiled for its language (phoneme conversion,
/// inflections), then used on a document made of its own entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLLexicon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.lexicon(Fuzz.bytes(data, size), path: "fuzz.yml")
    return 0
}
