import Foundation
import ReciteSSML

/// One document to render and where its outputs go.
public struct Job: Sendable, Equatable {
    public enum Format: String, Sendable { case markdown, ssml, html, epub }

    /// The source file, as the user named it (or joined under the folder they named).
    public var source: String
    public var format: Format
    /// Output path without extension, relative to the output folder (`articles/flat`).
    public var outputStem: String
    /// The `recite.yml` of the folder it was found in (the folder named on the command line),
    /// whose settings apply over the run's pipeline.
    public var folderConfiguration: String? = nil
    /// The folder the user named that holds the document (or the document's own folder): files
    /// the document names (SSML `<audio src>`, `<lexicon uri>`) are honoured only inside it.
    public var inputRoot: String? = nil
    /// For an EPUB: which chapter of the book (its place in `EPUBChapter.plan`), its title in the
    /// table of contents, and how deep that entry is nested (0 at the top).
    public var chapter: Int? = nil
    public var chapterTitle: String? = nil
    public var chapterDepth = 0

    /// The input folder, or the document's own folder.
    public var root: String {
        if let inputRoot { return inputRoot }
        let folder = (source as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}

/// Discover stage: turns the paths on the command line into jobs. Folders are walked recursively
/// and mirrored under the output folder.
public enum Discovery {
    public static let markdownExtensions: Set<String> = ["md", "markdown"]
    /// Saved web pages, read through the HTML reader.
    public static let htmlExtensions: Set<String> = ["html", "htm"]
    /// A folder's own settings file.
    public static let folderConfigurationName = "recite.yml"

    /// `warn` hears of each link to a folder that is skipped (see `FolderWalk`).
    public static func jobs(for paths: [String], excluding outputFolder: String,
                            warn: (String) -> Void = { _ in }) throws(ConfigurationError) -> [Job] {
        let fm = FileManager.default
        let excluded = URL(fileURLWithPath: outputFolder).standardizedFileURL.path
        var jobs: [Job] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ConfigurationError("\(path): no such file or folder.")
            }
            if isFolder.boolValue {
                let root = URL(fileURLWithPath: path).standardizedFileURL
                let configuration = root.appendingPathComponent(folderConfigurationName).path
                let hasConfiguration = fm.fileExists(atPath: configuration)
                for relative in FolderWalk.files(under: root, shownAs: path, excluding: excluded, warn: warn) {
                    let file = path.hasSuffix("/") ? path + relative : path + "/" + relative
                    if let format = format(of: file) {
                        let job = Job(source: file, format: format, outputStem: stem(relative),
                                      folderConfiguration: hasConfiguration ? configuration : nil, inputRoot: path)
                        jobs += format == .epub ? try EPUBJobs.chapters(of: job) : [job]
                    }
                }
            } else {
                guard let format = format(of: path, named: true) else {
                    throw ConfigurationError("\(path): not a Markdown (.md, .markdown), SSML (.ssml, or .xml with a <speak> root), HTML (.html, .htm) or EPUB (.epub) document.")
                }
                let job = Job(source: path, format: format, outputStem: stem(URL(fileURLWithPath: path).lastPathComponent))
                jobs += format == .epub ? try EPUBJobs.chapters(of: job) : [job]
            }
        }
        return disambiguate(jobs)
    }

    /// The format of a file from its extension (and, for `.xml`, its root element, unless
    /// `sniffing` is off: a named pipe must not be opened).
    static func format(of path: String, named: Bool = false, sniffing: Bool = true) -> Job.Format? {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if markdownExtensions.contains(ext) { return .markdown }
        if ext == "ssml" { return .ssml }
        if htmlExtensions.contains(ext) { return .html }
        if ext == "epub" { return .epub }
        if ext == "xml", sniffing, let data = FileManager.default.contents(atPath: path),
           SSMLParser.looksLikeSSML(Array(data.prefix(4096))) {
            return .ssml
        }
        return nil
    }

    static func stem(_ relative: String) -> String {
        let url = URL(fileURLWithPath: relative)
        let ext = url.pathExtension
        return ext.isEmpty ? relative : String(relative.dropLast(ext.count + 1))
    }

    /// `notes.md` and `notes.ssml` in one folder would both become `notes.wav`: such jobs keep
    /// their extension in the output name (`notes.md.wav`).
    static func disambiguate(_ jobs: [Job]) -> [Job] {
        var count: [String: Int] = [:]
        for job in jobs { count[job.outputStem, default: 0] += 1 }
        return jobs.map { job in
            guard count[job.outputStem]! > 1 else { return job }
            var j = job
            j.outputStem += "." + URL(fileURLWithPath: job.source).pathExtension
            return j
        }
    }
}
