import Foundation
import ReciteScript
import Testing

/// Paths shared by the test targets.
public enum Fixtures {
    /// The built `recite` executable: the test bundle and it sit in the same build folder.
    public static let reciteExecutable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("recite").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("recite")
    }()

    /// The repository root (tests run from anywhere).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// Whether this process runs under the address sanitizer (`make asan`).
    public static let underAddressSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// `../shared` beside the checkout, present in CI and on developers' machines, absent in a
    /// user's clone: tests that need it are skipped there.
    public static let shared: URL? = {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("corpus").path) ? url : nil
    }()
}

extension Fixtures {
    /// A path for a test's files, inside a folder of this test process's own that is removed when
    /// the process exits (and, if it crashed, by the next test run): rendered corpora are large,
    /// and many runs must not fill the disk.
    public static func scratch(_ name: String) -> URL {
        scratchRoot.appendingPathComponent(name)
    }

    static let scratchRoot: URL = {
        let base = FileManager.default.temporaryDirectory
        let fm = FileManager.default
        // Roots of earlier test processes that are gone.
        for name in (try? fm.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix("recite-tests-") {
            if let pid = Int32(name.dropFirst("recite-tests-".count)), kill(pid, 0) != 0 {
                try? fm.removeItem(at: base.appendingPathComponent(name))
            }
        }
        let root = base.appendingPathComponent("recite-tests-\(getpid())")
        try? fm.createDirectory(at: root, withIntermediateDirectories: true)
        scratchRootPath = strdup(root.path)
        atexit {
            if let path = scratchRootPath { try? FileManager.default.removeItem(atPath: String(cString: path)) }
        }
        return root
    }()
}

/// The scratch root as a C string, for the exit handler (which cannot capture context).
nonisolated(unsafe) private var scratchRootPath: UnsafeMutablePointer<CChar>?

extension Fixtures {
    /// The arguments of a `recite build` or `recite book` run, with `--voice espeak` when neither
    /// they nor the pipeline they name choose a voice: the default, a natural voice, takes about
    /// a second a sentence, and most tests are not about the voice. Tests of the default say
    /// `--voice` nowhere and call `recite` without this.
    public static func namingVoice(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, command == "build" || command == "book", !arguments.contains("--voice") else {
            return arguments
        }
        if let index = arguments.firstIndex(of: "--pipeline"), index + 1 < arguments.count,
           let text = try? String(contentsOfFile: arguments[index + 1], encoding: .utf8),
           text.split(separator: "\n").contains(where: { $0.hasPrefix("voice:") }) {
            return arguments
        }
        return arguments + ["--voice", "espeak"]
    }
}
