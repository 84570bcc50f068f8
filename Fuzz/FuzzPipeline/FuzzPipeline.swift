import FuzzSupport
import ReciteBuild

/// A pipeline YAML file parsed and validated over the built-in default. Only the text is read:
/// the rule folders and lexicons it names are not opened.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    _ = try? Pipeline.parse(yaml: text, path: "/nonexistent-recite-fuzz/pipeline.yml")
    return 0
}
