import Foundation

/// Decides whether a file an SSML document names (`<audio src>`, `<lexicon uri>`) may be used:
/// only a relative path that, with symbolic links resolved, stays inside the input folder.
///
/// Documents come from anywhere (a cloud service's examples, a colleague's folder), so a reference
/// is a request, not a permission: a URL would be a fetch, an absolute path or a `..` escape a read
/// of something the user never gave Recite. Nothing is opened here but the path's own metadata.
struct LocalResource {
    /// The input folder, with its symbolic links resolved.
    let root: String
    /// The folder of the document, as the user named it (references are relative to it).
    let documentFolder: String

    init(root: String, documentPath: String) {
        self.root = Self.realPath(root) ?? URL(fileURLWithPath: root).standardizedFileURL.path
        let folder = (documentPath as NSString).deletingLastPathComponent
        documentFolder = folder.isEmpty ? "." : folder
    }

    enum Resolution: Equatable {
        /// Inside the folder and present: the path as the user would name it.
        case file(String)
        /// Inside the folder, but no such file.
        case missing(String)
        /// Not honoured, and why (a phrase: "it is a URL").
        case refused(String)
    }

    func resolve(_ reference: String) -> Resolution {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .refused("it is empty") }
        if Self.hasScheme(trimmed) { return .refused("it is a URL, and Recite fetches nothing") }
        guard let decoded = trimmed.removingPercentEncoding else { return .refused("it is not a valid path") }
        if decoded.hasPrefix("/") || decoded.hasPrefix("~") || decoded.hasPrefix("\\") {
            return .refused("it is an absolute path; name a file inside the input folder relative to the document")
        }
        if decoded.contains("\0") || decoded.contains("?") || decoded.contains("#") {
            return .refused("it is not a plain relative path")
        }
        let joined = URL(fileURLWithPath: documentFolder).appendingPathComponent(decoded).standardizedFileURL.path
        // What the path really names, links followed; a missing file is judged by its folder.
        let real: String
        if let path = Self.realPath(joined) {
            real = path
        } else if let folder = Self.realPath((joined as NSString).deletingLastPathComponent) {
            real = folder + "/" + (joined as NSString).lastPathComponent
        } else {
            return Self.isInside(joined, root) ? .missing(display(decoded)) : .refused("it leads outside the input folder")
        }
        guard Self.isInside(real, root) else { return .refused("it leads outside the input folder") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), !isFolder.boolValue else {
            return .missing(display(decoded))
        }
        return .file(display(decoded))
    }

    /// The file as the user would name it: the document's folder joined with the reference.
    private func display(_ reference: String) -> String {
        let joined = documentFolder == "." ? reference : documentFolder + "/" + reference
        return (joined as NSString).standardizingPath
    }

    /// `http:`, `file:`, `data:`, `C:` …: anything that starts like a URI scheme.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The path with every symbolic link resolved, or nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
