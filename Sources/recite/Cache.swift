import ArgumentParser
import Foundation
import ReciteBuild
import ReciteBook
import ReciteCache

/// `recite cache prune`: removes the segment cache's entries that the last complete run did not
/// use; `recite cache info`: what the cache holds.
struct Cache: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the segment cache.",
        subcommands: [Prune.self, Info.self])

    /// The cache folder named by `--cache`, or the default one of `-o OUT`.
    struct Location: ParsableArguments {
        @Option(help: "Cache folder (default: OUT/.recite-cache of --output).")
        var cache: String?

        @Option(name: .shortAndLong, help: "The output folder whose default cache to use.")
        var output: String?

        func validate() throws {
            if cache == nil && output == nil { throw ValidationError("Name the cache with --cache DIR, or its build's output folder with -o OUT.") }
        }

        var folder: String { cache ?? BuildRunner.defaultCacheFolder(for: output!) }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Count the cache's entries (whole and damaged) and its size.")

        @OptionGroup var location: Location

        func run() throws {
            let stats = SegmentCache(folder: location.folder).statistics()
            print("\(stats.entries) entries, \(stats.damaged) damaged, \(stats.bytes) bytes in \(location.folder)")
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove cache entries that the last complete build did not use.")

        @OptionGroup var location: Location

        func run() throws {
            let folder = location.folder
            guard let keep = BuildRunner.keysInUse(in: folder) else {
                FileHandle.standardError.write(Data("recite: \(folder) has no record of a complete build (\(BuildRunner.lastRunKeysFile(in: folder))); run recite build first.\n".utf8))
                throw ExitCode(ExitStatus.configuration)
            }
            let removed = try SegmentCache(folder: folder).prune(keeping: keep)
            print("removed \(removed) cache entries, kept \(keep.count)")
            let chapters = try BookBinder.pruneKeptChapters(cacheFolder: folder)
            if chapters > 0 { print("removed \(chapters) kept book chapters that no book's last bind used") }
        }
    }
}
