import Foundation

/// A Podcasting 2.0 JSON transcript (`NAME.transcript.json`, `application/json`): the text of
/// the episode in timed pieces, which apps show and search. Recite's pieces are its caption cues.
public struct PodcastTranscript: Encodable, Sendable, Equatable {
    public var version = "1.0.0"
    public var segments: [Segment]

    public struct Segment: Encodable, Sendable, Equatable {
        /// Seconds from the start of the audio.
        public var startTime: Double
        public var endTime: Double
        public var body: String

        public init(startTime: Double, endTime: Double, body: String) {
            self.startTime = startTime
            self.endTime = endTime
            self.body = body
        }
    }

    public init(segments: [Segment]) {
        self.segments = segments
    }

    public func json() throws -> Data {
        try FeedJSON.encoder.encode(self)
    }
}

/// Podcasting 2.0 JSON chapters (`NAME.chapters.json`, `application/json+chapters`): where each
/// part of the episode starts and what it is called; apps show a chapter list and skip by it.
public struct PodcastChapters: Encodable, Sendable, Equatable {
    public var version = "1.2.0"
    public var chapters: [Chapter]

    public struct Chapter: Encodable, Sendable, Equatable {
        public var startTime: Double
        public var title: String

        public init(startTime: Double, title: String) {
            self.startTime = startTime
            self.title = title
        }
    }

    public init(chapters: [Chapter]) {
        self.chapters = chapters
    }

    public func json() throws -> Data {
        try FeedJSON.encoder.encode(self)
    }
}

enum FeedJSON {
    /// Keys in the order the specifications show them does not matter to readers; sorted keys
    /// make the files the same bytes run to run.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
