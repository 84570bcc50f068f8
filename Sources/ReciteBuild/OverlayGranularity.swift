/// What one `<par>` of a Media Overlay highlights: a sentence (the default: readers follow a
/// sentence more calmly than a word that jumps) or a word (`--overlay words`, for learners).
public enum OverlayGranularity: String, Sendable, CaseIterable, Codable {
    case sentences
    case words
}
