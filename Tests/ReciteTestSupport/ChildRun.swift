import Foundation
import Testing

/// Runs a program for a test with a deadline, so a hang fails its test instead of the whole suite.
///
/// Its output goes to files, not pipes: reading a pipe to its end waits for every process that
/// holds it, and a worker `recite` left behind would then hang the test with nothing said. After
/// the program exits, a process still holding those files is one it left running: the test fails
/// naming it (an outside program's, such as Chromium's helpers, are killed without a word).
public enum ChildRun {
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Longer than any one run of the suite takes on a loaded machine (the longest, the corpus
    /// test's folder, takes about 90 s), short enough that a hang is seen well within CI's time.
    public static let defaultDeadline: TimeInterval = 600

    public static func run(_ executable: String, _ arguments: [String], input: String? = nil,
                           environment: [String: String] = [:], directory: URL? = nil,
                           deadline: TimeInterval = defaultDeadline, reportsLeftBehind: Bool = true) throws -> Outcome {
        let scratch = Fixtures.scratch("recite-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        for url in [outURL, errURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        // Close-on-exec, so that a program another test starts meanwhile does not hold them too.
        let outHandle = try writing(outURL), errHandle = try writing(errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        try? outHandle.close()
        try? errHandle.close()
        if let input {
            // On a thread of its own: a child that does not read its input must not block us.
            let writer = stdin.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: Data(input.utf8))
                try? writer.close()
            }
        }

        let command = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " ")
        if exited.wait(timeout: .now() + deadline) == .timedOut {
            let tree = descendants(of: process.processIdentifier) + [process.processIdentifier]
            for pid in tree { kill(pid, SIGKILL) }
            exited.wait()
            Issue.record("\(command) did not finish within \(Int(deadline)) s and was killed; it said: \(tail(errURL))")
        }
        // A worker may take a moment to see its parent gone; one still there after 10 s was left.
        var leftBehind = holders(of: [outURL.path, errURL.path])
        for _ in 0..<100 where reportsLeftBehind && !leftBehind.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            leftBehind = holders(of: [outURL.path, errURL.path])
        }
        if !leftBehind.isEmpty {
            let described = leftBehind.map { "\($0) (\(commandLine(of: $0)))" }.joined(separator: ", ")
            for pid in leftBehind { kill(pid, SIGKILL) }
            if reportsLeftBehind { Issue.record("\(command) exited leaving processes running: \(described)") }
        }
        let stdout = (try? Data(contentsOf: outURL)) ?? Data(), stderr = (try? Data(contentsOf: errURL)) ?? Data()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func writing(_ url: URL) throws -> FileHandle {
        let fd = open(url.path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// The processes descended from `pid`, from /proc's parent links.
    static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (name)": the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
        }
        var found: [Int32] = [], frontier: Set<Int32> = [pid]
        while !frontier.isEmpty {
            let next = parents.filter { frontier.contains($0.value) }.map(\.key)
            found += next
            frontier = Set(next)
        }
        return found
    }

    /// The processes that have one of `paths` open.
    static func holders(of paths: [String]) -> [Int32] {
        let wanted = Set(paths.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        var found: [Int32] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != getpid(),
                  let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(entry)/fd") else { continue }
            if fds.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/fd/\($0)")).map(wanted.contains) == true }) {
                found.append(pid)
            }
        }
        return found
    }

    static func commandLine(of pid: Int32) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "?" }
        return String(decoding: data, as: UTF8.self).split(separator: "\0").joined(separator: " ")
    }

    /// The last lines of a file, for a message.
    static func tail(_ url: URL) -> String {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(20).joined(separator: "\n")
    }
}
