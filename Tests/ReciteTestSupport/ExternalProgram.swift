import Foundation

/// Runs the independent programs tests check Recite's outputs with (ffprobe, Python packages,
/// Chromium), and finds them.
public enum ExternalProgram {
    public struct Outcome {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `name` on the `PATH`, or nil.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Errors go to a file, so neither stream can fill up and block the child while we read the other.
        let errorFile = Fixtures.scratch("recite-stderr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: errorFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errorFile)) ?? Data()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                       stderr: String(decoding: errors, as: UTF8.self))
    }
}
