/// What `<voice>` asks of the voice besides its name and language.
public struct VoiceTraits: Sendable, Hashable, Codable {
    public enum Gender: String, Sendable, Hashable, Codable, CaseIterable {
        case male, female, neutral
    }

    public var gender: Gender?
    /// Age in years.
    public var age: Int?
    /// Which of several matching voices (1-based), as SSML `variant` counts them.
    public var variant: Int?

    public init(gender: Gender? = nil, age: Int? = nil, variant: Int? = nil) {
        self.gender = gender
        self.age = age
        self.variant = variant
    }

    public var isEmpty: Bool { gender == nil && age == nil && variant == nil }
}
