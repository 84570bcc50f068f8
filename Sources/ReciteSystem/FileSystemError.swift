import Foundation

/// A file or folder that could not be read or written, said so that a user can act on it: the
/// path, what the system answered, and what to do. Foundation's errors ("Error
/// Domain=NSCocoaErrorDomain Code=640 …") become one of these before a user sees them.
public struct FileSystemError: Error, CustomStringConvertible, Sendable {
    /// What was being done: "write", "read", "create the folder", "rename into place" …
    public var action: String
    public var path: String
    /// The system's error number (`errno`); 0 when it is not known.
    public var code: Int32

    public init(_ action: String, path: String, code: Int32 = errno) {
        self.action = action
        self.path = path
        self.code = code
    }

    /// The same from a Foundation error, taking its path and error number where it has them.
    public init(_ action: String, path: String, error: any Error) {
        let ns = error as NSError
        self.init(action, path: ns.userInfo[NSFilePathErrorKey] as? String ?? path, code: Self.code(of: ns))
    }

    public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }

    public var description: String { "Cannot \(action) \(path): \(reason)" }

    /// The system's words and what a user can do about them.
    public var reason: String {
        switch code {
        case ENOSPC, EDQUOT: "no space left on the device; the disk may be full. Free some space or choose another folder."
        case EACCES, EPERM: "permission denied. Check that this user may write there (or read it), or choose another folder."
        case EROFS: "the file system is read-only. Choose another folder."
        case EISDIR: "a folder stands where a file belongs. Move it away or choose another output."
        case ENOTDIR: "a file stands where a folder belongs. Move it away or choose another output."
        case ENOENT: "it does not exist (it may have been moved or deleted while Recite ran)."
        case 0: "the system gave no reason."
        default: String(cString: strerror(code)) + "."
        }
    }

    /// Any error as a user should read it: Foundation's and the system's turned into this type's
    /// words, every other error's own description as it is.
    public static func readable(_ error: any Error, action: String = "use") -> String {
        if let error = error as? FileSystemError { return error.description }
        guard isFoundation(error) else { return "\(error)" }
        let ns = error as NSError
        return FileSystemError(action, path: ns.userInfo[NSFilePathErrorKey] as? String ?? "a file", error: error).description
    }

    /// Foundation's own errors, whose descriptions are not for users.
    public static func isFoundation(_ error: any Error) -> Bool {
        error is CocoaError || error is POSIXError || type(of: error) == NSError.self
    }

    /// The POSIX error under a Foundation error, else the nearest one for its Cocoa code.
    private static func code(of error: NSError) -> Int32 {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileWriteFileExists: return EEXIST
        default: return 0
        }
    }
}
