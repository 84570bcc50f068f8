import Foundation
import ReciteFeed

/// The podcast feed a run writes (`--feed`, or `feed:` in a pipeline or a folder's `recite.yml`):
/// the channel's title, author, description, artwork and language, and where it is served.
/// Every key may be left out; `resolved` gives the defaults.
public struct FeedSettings: Sendable, Equatable {
    /// `feed: false` turns off a feed that a pipeline below asks for.
    public var enabled = true
    public var title: String?
    public var author: String?
    public var description: String?
    /// An absolute http(s) URL used as it is, or a file (relative paths were resolved against the
    /// YAML file that named it) copied beside the feed.
    public var image: String?
    public var language: String?
    /// The URL the output folder is served at (`--base-url`).
    public var baseURL: String?
    /// Days a removed document's item stays in the feed (`--feed-keep-days`); 0 by default.
    public var keepDays: Int?

    public init(enabled: Bool = true, title: String? = nil, author: String? = nil, description: String? = nil,
                image: String? = nil, language: String? = nil, baseURL: String? = nil, keepDays: Int? = nil) {
        self.enabled = enabled
        self.title = title
        self.author = author
        self.description = description
        self.image = image
        self.language = language
        self.baseURL = baseURL
        self.keepDays = keepDays
    }

    /// These settings over `lower`: what these name wins.
    func over(_ lower: FeedSettings?) -> FeedSettings {
        guard let lower else { return self }
        return FeedSettings(enabled: enabled, title: title ?? lower.title, author: author ?? lower.author,
                            description: description ?? lower.description, image: image ?? lower.image,
                            language: language ?? lower.language, baseURL: baseURL ?? lower.baseURL,
                            keepDays: keepDays ?? lower.keepDays)
    }

    /// The name of the artwork copied beside the feed.
    static func imageCopyName(_ path: String) -> String {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return "feed-image" + (ext.isEmpty ? "" : "." + ext)
    }

    /// Whether `image` is a URL rather than a file.
    var imageIsURL: Bool {
        image.map { $0.lowercased().hasPrefix("http://") || $0.lowercased().hasPrefix("https://") } ?? false
    }

    /// Checks what a feed needs before any document is rendered: a base URL that is an absolute
    /// http(s) URL, a keep-days count that makes sense, an artwork file that is there.
    func checked() throws(ConfigurationError) -> FeedAddress {
        guard let baseURL, !baseURL.isEmpty else {
            throw ConfigurationError("--feed needs the address the output folder is served at: pass --base-url URL "
                + "(for example --base-url http://192.168.1.20:8000/), or set feed: {base-url: URL} in the pipeline or recite.yml.")
        }
        if let problem = FeedAddress.problem(with: baseURL) {
            throw ConfigurationError("--base-url: \(problem); pass the absolute http or https URL the output folder is served at, "
                + "for example --base-url http://192.168.1.20:8000/.")
        }
        if let keepDays, !(0...36_500).contains(keepDays) {
            throw ConfigurationError("--feed-keep-days takes 0 to 36500 days; got \(keepDays).")
        }
        if let image, !imageIsURL, !FileManager.default.isReadableFile(atPath: image) {
            throw ConfigurationError("feed.image: \(image) cannot be read; name a JPEG or PNG file (relative to the YAML file) or an http(s) URL.")
        }
        return FeedAddress(baseURL)!
    }
}

extension FeedSettings {
    /// `feed:` in a YAML file: `true`/`false`, or a mapping of the channel's keys. `base-url` and
    /// `keep-days` may also be spelled `baseURL` and `keepDays`, as the pipeline's other keys are.
    struct File: Decodable {
        var settings: FeedSettings

        private enum Keys: String, CodingKey {
            case enabled, title, author, description, image, language
            case baseURL, baseDashURL = "base-url", keepDays, keepDashDays = "keep-days"
        }

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let flag = try? single.decode(Bool.self) {
                settings = FeedSettings(enabled: flag)
                return
            }
            let keyed = try decoder.container(keyedBy: Keys.self)
            settings = FeedSettings(
                enabled: try keyed.decodeIfPresent(Bool.self, forKey: .enabled) ?? true,
                title: try keyed.decodeIfPresent(String.self, forKey: .title),
                author: try keyed.decodeIfPresent(String.self, forKey: .author),
                description: try keyed.decodeIfPresent(String.self, forKey: .description),
                image: try keyed.decodeIfPresent(String.self, forKey: .image),
                language: try keyed.decodeIfPresent(String.self, forKey: .language),
                baseURL: try keyed.decodeIfPresent(String.self, forKey: .baseDashURL) ?? keyed.decodeIfPresent(String.self, forKey: .baseURL),
                keepDays: try keyed.decodeIfPresent(Int.self, forKey: .keepDashDays) ?? keyed.decodeIfPresent(Int.self, forKey: .keepDays))
        }

        /// The settings with a file image resolved against the YAML file's folder.
        func resolved(relativeTo yamlPath: String) -> FeedSettings {
            var s = settings
            if let image = s.image, !s.imageIsURL, !image.hasPrefix("/") {
                let folder = URL(fileURLWithPath: yamlPath).deletingLastPathComponent()
                s.image = image.hasPrefix("~") ? (image as NSString).expandingTildeInPath
                    : folder.appendingPathComponent(image).standardizedFileURL.path
            }
            return s
        }
    }
}
