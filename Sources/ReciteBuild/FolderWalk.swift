import Foundation
import CoreFoundation  // where Swift on Linux finds `stat`'s fields first

/// Lists the files under a folder, visiting each real folder once.
///
/// Folders people fill by hand and sync tools hold symbolic links; one back to a parent (`up -> ..`)
/// made the walk endless, and two made it 2^n paths long. A link to a folder is therefore followed
/// only when it leads outside the folder being walked and to a folder not yet walked: a link to
/// a folder inside it would read the same documents a second time under another name, and a link
/// to one already walked (an ancestor on the path, or another link's target) or to a folder
/// that holds the root would loop. Each
/// skipped link is named in one warning. Links to files are followed as ever; a document name on
/// something that is not a regular file (a named pipe) is skipped with a warning.
enum FolderWalk {
    /// Relative paths of the regular files under `root`, sorted, skipping hidden entries and the
    /// `excluded` folder (the output). `shownAs` is how the user named the root, for warnings.
    static func files(under root: URL, shownAs: String, excluding excluded: String,
                      warn: (String) -> Void) -> [String] {
        let fm = FileManager.default
        let rootReal = realPath(root.path) ?? root.path
        var visited: Set<FolderID> = []
        if let id = FolderID(path: root.path) { visited.insert(id) }
        var result: [String] = []
        func visit(_ folder: URL, _ prefix: String) {
            guard folder.path != excluded,
                  let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = folder.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
                let shown = shownAs.hasSuffix("/") ? shownAs + prefix + name : shownAs + "/" + prefix + name
                guard isFolder.boolValue else {
                    // A named pipe would block the run that reads it, a device would never end.
                    if isRegularFile(url.path) {
                        result.append(prefix + name)
                    } else if Discovery.format(of: url.path, sniffing: false) != nil {
                        warn("\(shown): not a regular file (a pipe, socket or device); skipped.")
                    }
                    continue
                }
                guard let id = FolderID(path: url.path) else { continue }
                if visited.contains(id) {
                    warn("\(shown): a link to a folder already read (\(realPath(url.path) ?? "?")); skipped, so its documents are read once.")
                    continue
                }
                if isLink(url.path), let target = realPath(url.path) {
                    if rootReal.hasPrefix(target.hasSuffix("/") ? target : target + "/") {
                        warn("\(shown): a link to \(target), which holds the folder being read; skipped, as it would read that folder again.")
                        continue
                    }
                    if isWalked(target, under: rootReal, excluding: excluded) {
                        warn("\(shown): a link to \(target), inside the folder being read; skipped, so its documents are read once, at their own path.")
                        continue
                    }
                }
                visited.insert(id)
                visit(url, prefix + name + "/")
            }
        }
        visit(root, "")
        return result
    }

    /// A folder's identity on disk, whatever path leads to it.
    struct FolderID: Hashable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// A regular file, after links.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the walk reaches `target` by its own path: it lies under the root, outside the
    /// excluded folder, and no folder on the way is hidden (hidden folders are never read).
    static func isWalked(_ target: String, under root: String, excluding excluded: String) -> Bool {
        guard target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return false }
        if let excludedReal = realPath(excluded), target == excludedReal || target.hasPrefix(excludedReal + "/") { return false }
        return !target.dropFirst(root.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
