import FuzzSupport
import ReciteNormalize

/// `recite normalize`: each line read as words, in one of the languages with rule tables (the
/// input's length picks it, and whether emoji are named).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNormalize(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let languages = ["en-US", "en-GB", "de-DE", "fr-FR", "es"]
    var normalizer = Fuzz.normalizer
    normalizer.emoji = size % 2 == 0 ? .skip : .name
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        _ = normalizer.normalize(line: String(line), language: languages[size % languages.count])
    }
    return 0
}
