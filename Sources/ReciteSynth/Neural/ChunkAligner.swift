import ReciteAlign

/// Carries positions on eSpeak NG's audio of a chunk onto the neural audio of the same chunk,
/// by aligning the two spectrally (`SpeechAligner`: MFCCs and dynamic time warping).
enum ChunkAligner {
    /// Positions in `reference` → positions in `target`, non-decreasing, inside the target.
    static func map(_ positions: [Int], reference: [Int16], referenceRate: Int, target: [Int16], targetRate: Int) -> [Int] {
        SpeechAligner.map(positions, reference: reference, referenceRate: referenceRate, target: target, targetRate: targetRate)
    }
}
