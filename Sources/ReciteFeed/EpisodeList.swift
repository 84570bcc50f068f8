import Foundation

/// Decides which documents are episodes of this run's feed and updates what the feed remembers.
///
/// A document in this run's inputs whose audio exists is an episode (a failed one too, with its
/// earlier files). A document no longer in the inputs stays for `keepDays` after it was last seen
/// if its audio is still there, else it goes, and so does its memory.
public struct EpisodeList: Sendable {
    /// A document the manifest knows.
    public struct Candidate: Sendable, Equatable {
        /// Output path without extension: the episode's identity.
        public var stem: String
        /// Whether this run's inputs hold it.
        public var present: Bool
        /// Whether its audio file exists.
        public var audioExists: Bool
        /// The audio's modification time: the first `pubDate` of a document rendered before the
        /// feed was turned on.
        public var audioModified: Date?
        /// Title and description from this run's rendering (nil when it was not rendered or failed).
        public var title: String?
        public var description: String?

        public init(stem: String, present: Bool, audioExists: Bool, audioModified: Date? = nil,
                    title: String? = nil, description: String? = nil) {
            self.stem = stem
            self.present = present
            self.audioExists = audioExists
            self.audioModified = audioModified
            self.title = title
            self.description = description
        }
    }

    public var keepDays: Int

    public init(keepDays: Int) {
        self.keepDays = keepDays
    }

    /// The episodes' stems, newest first (ties by stem), and the state to store.
    public func update(_ state: FeedState, with candidates: [Candidate], now: Date) -> (stems: [String], state: FeedState) {
        var next = FeedState()
        for candidate in candidates where candidate.audioExists {
            let earlier = state.episodes[candidate.stem]
            if candidate.present {
                let first = earlier?.published ?? Self.wholeSeconds(min(candidate.audioModified ?? now, now))
                next.episodes[candidate.stem] = FeedState.Episode(
                    published: first, lastSeen: now, title: candidate.title ?? earlier?.title,
                    description: candidate.description ?? earlier?.description)
            } else if let earlier, now.timeIntervalSince(earlier.lastSeen) <= Double(keepDays) * 86_400 {
                next.episodes[candidate.stem] = earlier
            }
        }
        let stems = next.episodes.keys.sorted { a, b in
            let (x, y) = (next.episodes[a]!.published, next.episodes[b]!.published)
            return x != y ? x > y : a < b
        }
        return (stems, next)
    }

    /// The state stores whole seconds (ISO 8601): a date is cut to them before it is compared.
    public static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
