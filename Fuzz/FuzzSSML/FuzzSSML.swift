import FuzzSupport
import ReciteSSML

/// SSML → script through libxml2, then the text stages (say-as, phoneme conversion, voices,
/// breaks and marks reach the normalizer, the pronouncer and the segmenter). The input folder does
/// not exist, so `<audio>` and `<lexicon>` references are checked but no file is read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let result = try? SSMLParser.parse(bytes: Fuzz.bytes(data, size), path: "/nonexistent-recite-fuzz/fuzz.ssml",
                                             inputRoot: "/nonexistent-recite-fuzz",
                                             isPlayableAudio: { _ in false }) else { return 0 }
    Fuzz.textStages(result.script)
    return 0
}
