import Foundation

/// What the feed remembers between runs (`OUT/.recite-feed.json`): when each episode was first
/// published and last seen, so nightly runs keep every `pubDate` and a removed document's item
/// can stay for `--feed-keep-days`. Keyed by the document's output path without extension.
public struct FeedState: Codable, Sendable, Equatable {
    public var format = "recite.feed-state"
    public var version = 1
    public var episodes: [String: Episode]

    public struct Episode: Codable, Sendable, Equatable {
        /// The first run that had the document's audio: the item's `pubDate`.
        public var published: Date
        /// The last run whose inputs held the document.
        public var lastSeen: Date
        /// The last title and description the document gave (a document that fails keeps them).
        public var title: String?
        public var description: String?

        public init(published: Date, lastSeen: Date, title: String? = nil, description: String? = nil) {
            self.published = published
            self.lastSeen = lastSeen
            self.title = title
            self.description = description
        }
    }

    public init(episodes: [String: Episode] = [:]) {
        self.episodes = episodes
    }

    /// The state in `path`; empty when there is none or it cannot be read (dates start again).
    public static func load(_ path: String) -> FeedState {
        guard let data = FileManager.default.contents(atPath: path),
              let state = try? decoder.decode(FeedState.self, from: data), state.format == "recite.feed-state" else { return FeedState() }
        return state
    }

    public func json() throws -> Data {
        let encoder = FeedJSON.encoder
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
