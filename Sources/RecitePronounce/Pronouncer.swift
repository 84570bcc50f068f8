import ReciteScript

/// Pronunciation stage: gives words the phonemes a lexicon asks for.
///
/// The stage is in place so the pipeline has its final shape; with no lexicon loaded it returns
/// the script unchanged. Lexicon files (PLS, YAML) arrive with the pronunciation issue.
public struct Pronouncer: Sendable {
    /// Lower-cased word → eSpeak NG phoneme mnemonics.
    public var entries: [String: String]

    public init(entries: [String: String] = [:]) {
        self.entries = entries
    }

    public func pronounce(_ script: Script) -> Script {
        guard !entries.isEmpty else { return script }
        var result = script
        for b in result.blocks.indices {
            for r in result.blocks[b].runs.indices {
                guard let spoken = result.blocks[b].runs[r].spoken,
                      let phonemes = entries[spoken.lowercased()] else { continue }
                result.blocks[b].runs[r].style.phonemes = phonemes
            }
        }
        return result
    }
}
