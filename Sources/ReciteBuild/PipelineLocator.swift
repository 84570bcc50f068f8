import Foundation

/// Finds pipeline files: a path as given, or a name looked up in `Pipelines/` beside the current
/// folder or above the `recite` executable (a checkout's `.build/…/recite`).
public enum PipelineLocator {
    /// The pipeline for `name` (a path or a name such as `audiobook`), or `Pipelines/default.yml`
    /// when none is named (and the built-in default if there is no such file).
    public static func load(_ name: String?) throws(ConfigurationError) -> Pipeline {
        guard let name else {
            if let found = find("default") { return try Pipeline.load(path: found) }
            return .builtIn
        }
        if FileManager.default.fileExists(atPath: name) { return try Pipeline.load(path: name) }
        if let found = find(name) { return try Pipeline.load(path: found) }
        throw ConfigurationError("No pipeline \"\(name)\": give a path to a YAML file, or the name of one in Pipelines/.")
    }

    static func find(_ name: String) -> String? {
        let file = name.hasSuffix(".yml") || name.hasSuffix(".yaml") ? name : name + ".yml"
        var folders = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            folders.append(executable)
            executable = executable.deletingLastPathComponent()
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("Pipelines").appendingPathComponent(file).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }
}
