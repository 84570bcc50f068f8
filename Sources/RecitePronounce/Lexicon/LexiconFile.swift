import Foundation

/// Reads a lexicon file of any supported form, chosen by its extension: `.pls` or `.xml` (W3C
/// PLS 1.0), `.yml`/`.yaml` and `.tsv` (the compact forms for hand editing).
public enum LexiconFile {
    public static func load(path: String) throws(LexiconError) -> Lexicon {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LexiconError(path: path, message: "cannot read the lexicon; check that the file exists and is readable.")
        }
        return try read([UInt8](data), path: path)
    }

    /// Reads a lexicon already in memory; `path`'s extension picks the form, as for `load(path:)`,
    /// and names the lexicon in errors. No file is touched.
    public static func read(_ bytes: [UInt8], path: String) throws(LexiconError) -> Lexicon {
        switch (path as NSString).pathExtension.lowercased() {
        case "pls", "xml":
            return try PLSReader.read(bytes, path: path)
        case "yml", "yaml":
            return try CompactLexiconReader.readYAML(String(decoding: bytes, as: UTF8.self), path: path)
        case "tsv", "txt":
            return try CompactLexiconReader.readTSV(String(decoding: bytes, as: UTF8.self), path: path)
        default:
            throw LexiconError(path: path, message: "unknown lexicon format; name the file .pls (W3C PLS), .yml or .tsv.")
        }
    }
}
