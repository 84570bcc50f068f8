import Foundation
import ReciteTestSupport
import Testing

/// The module structure docs/design.md describes, checked against the sources: `Package.swift`
/// says the truth about what each module uses, every C library has one Swift wrapper, and eSpeak
/// NG's markup never leaves its engine.
@Suite struct ArchitectureTests {
    /// A Swift target of `Package.swift`: its name, the folder of its files, what it declares it
    /// depends on.
    struct Target {
        let name: String
        let folder: URL
        let dependencies: Set<String>
    }

    static let root = Fixtures.repositoryRoot

    /// The targets, read from the manifest's text (`.target`, `.executableTarget`, `.testTarget`
    /// with their `dependencies:` and `path:`); the fuzz and benchmark targets, added under an
    /// environment switch, are left out.
    static let targets: [Target] = {
        let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        let main = manifest.components(separatedBy: "// MARK: - Fuzzing")[0]
        let declaration = try! Regex(#"\.(target|executableTarget|testTarget)\(name: "(\w+)""#)
        let quoted = try! Regex(#""(\w+)""#)
        let found = main.matches(of: declaration)
        return found.indices.map { index in
            let match = found[index]
            let kind = String(match.output[1].substring!), name = String(match.output[2].substring!)
            // A target's arguments run to the next declaration.
            let rest = main[match.range.upperBound..<(index + 1 < found.count ? found[index + 1].range.lowerBound : main.endIndex)]
            var dependencies = Set<String>()
            if let list = rest.range(of: #"dependencies: \[[^\]]*\]"#, options: .regularExpression) {
                for item in rest[list].matches(of: quoted) { dependencies.insert(String(item.output[1].substring!)) }
                dependencies.remove("swift-argument-parser")
            }
            let path = rest.firstMatch(of: try! Regex(#"path: "([^"]+)""#)).map { String($0.output[1].substring!) }
            let folder = path ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: name, folder: root.appendingPathComponent(folder), dependencies: dependencies)
        }
    }()

    /// The modules a target's Swift files import, of those the package can depend on (its own
    /// targets and its packages' products; not Foundation, Glibc or Testing).
    static func imports(of target: Target, among known: Set<String>) -> [String: [String]] {
        var found: [String: [String]] = [:]
        let files = FileManager.default.enumerator(at: target.folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let line = try! Regex(#"^(?:@testable |@_exported )?import (\w+)"#).anchorsMatchLineEndings()
        for file in files {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for match in text.matches(of: line) {
                let module = String(match.output[1].substring!)
                if known.contains(module) { found[module, default: []].append(file.lastPathComponent) }
            }
        }
        return found
    }

    static var knownModules: Set<String> {
        Set(targets.map(\.name)).union(["Yams", "ArgumentParser"]).union(systemLibraries)
    }

    static var systemLibraries: Set<String> {
        let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        return Set(manifest.matches(of: try! Regex(#"\.systemLibrary\(name: "(\w+)""#)).map { String($0.output[1].substring!) })
    }

    @Test func theManifestIsRead() {
        // The parse above must see the whole package, or the checks below would pass on nothing.
        let names = Set(Self.targets.map(\.name))
        #expect(names.isSuperset(of: ["ReciteScript", "ReciteSynth", "ReciteEspeak", "ReciteNeural", "ReciteBuild", "ReciteBook", "recite",
                                      "ReciteTestSupport", "ReciteScriptTests"]))
        #expect(Self.systemLibraries.isSuperset(of: ["CEspeakNG", "COnnxRuntime", "CFFmpeg", "CLibCrypto"]))
        #expect(Self.targets.first { $0.name == "recite" }?.dependencies.contains("ArgumentParser") == true)
    }

    /// `MemberImportVisibility` makes a file import what it uses; this makes the manifest list
    /// exactly those imports, so `Package.swift` reads as the true dependency graph.
    @Test(arguments: targets.map(\.name))
    func aTargetDependsOnExactlyWhatItsFilesImport(_ name: String) throws {
        let target = try #require(Self.targets.first { $0.name == name })
        let imported = Self.imports(of: target, among: Self.knownModules)
        let undeclared = Set(imported.keys).subtracting(target.dependencies).subtracting([name])
        let unused = target.dependencies.subtracting(imported.keys)
        #expect(undeclared.isEmpty, "\(name) imports \(undeclared.sorted()) (in \(undeclared.sorted().map { imported[$0]!.sorted() })) without declaring them")
        #expect(unused.isEmpty, "\(name) declares \(unused.sorted()), which none of its files imports")
    }

    /// Each C library is reached through one module, its wrapper; the rest of Recite, its tests
    /// included, sees Swift.
    @Test func eachCLibraryHasOneWrapper() {
        var users: [String: Set<String>] = [:]
        for target in Self.targets {
            for module in Self.imports(of: target, among: Self.systemLibraries).keys { users[module, default: []].insert(target.name) }
        }
        for library in Self.systemLibraries {
            #expect(users[library]?.count == 1, "\(library) is imported by \(users[library]?.sorted() ?? [])")
        }
    }

    /// The engine's own input (its SSML, its code-point positions) is built and read inside the
    /// eSpeak NG engine only: every other module speaks in tokens of `SpeechInput`.
    @Test func eSpeakMarkupStaysInsideItsEngine() {
        for target in Self.targets where target.folder.path.contains("/Sources/") && target.name != "ReciteEspeak" {
            let files = FileManager.default.enumerator(at: target.folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                let usesMarkup = text.contains("EspeakMarkup")
                #expect(!usesMarkup, "\(target.name)/\(file.lastPathComponent) uses eSpeak NG's markup")
            }
        }
    }
}
