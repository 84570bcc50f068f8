/// `manifest.json` in the output folder: every document of the run, its outputs and status.
public struct Manifest: Codable, Sendable, Equatable {
    public var format = "recite.manifest"
    public var version = 1
    public var documents: [Entry]

    public struct Entry: Codable, Sendable, Equatable {
        public enum Status: String, Codable, Sendable { case ok, failed }

        public var source: String
        public var status: Status
        /// Paths relative to the output folder.
        public var outputs: Outputs
        /// Seconds of audio (for a failed document: of the earlier output it kept, if any).
        public var duration: Double?
        public var words: Int?
        /// Segments whose audio came from the cache.
        public var cacheHits: Int?
        /// What decided the outputs (see `DocumentFingerprint`); unchanged means nothing to redo.
        public var fingerprint: String?
        /// True when this run found the document unchanged and left its outputs as they were.
        public var unchanged: Bool?
        /// `path:line:column: error: …` for a failed document.
        public var error: String?
        public var warnings: [String]?
        /// Other files the document named (SSML clips and lexicons), whose contents are part of
        /// its fingerprint: a rerun checks them without parsing the document again.
        public var dependencies: [String]?
        /// The document's title and description as a feed shows them (front matter, HTML
        /// `<title>` and meta description, the EPUB chapter's entry, else its first heading and
        /// paragraph); written when the run makes a feed.
        public var title: String?
        public var summary: String?
        /// The voices that read the document, most words first (as its timing sidecar has them).
        public var voices: [String]?

        public init(source: String, status: Status, outputs: Outputs, duration: Double?, words: Int?,
                    cacheHits: Int? = nil, error: String?, warnings: [String]?) {
            self.source = source
            self.status = status
            self.outputs = outputs
            self.duration = duration
            self.words = words
            self.cacheHits = cacheHits
            self.error = error
            self.warnings = warnings
        }

        public struct Outputs: Codable, Sendable, Equatable {
            public var audio: String
            public var timing: String
            /// Captions and the read-along page, when the run asked for them.
            public var vtt: String?
            public var srt: String?
            public var html: String?
            /// Podcasting 2.0 JSON transcript and chapters, when the run makes a feed.
            public var transcript: String?
            public var chapters: String?

            /// Every output file of the document.
            public var all: [String] { [audio, timing] + [vtt, srt, html, transcript, chapters].compactMap { $0 } }
        }
    }
}
