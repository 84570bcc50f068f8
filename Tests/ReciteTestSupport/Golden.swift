import Foundation
import Testing

/// Compares `actual` with a golden file; `RECITE_UPDATE_GOLDEN=1 swift test` rewrites the files.
public func expectGolden(_ actual: String, file name: String, folder: URL,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECITE_UPDATE_GOLDEN"] != nil {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "differs from \(name); run RECITE_UPDATE_GOLDEN=1 swift test to accept", sourceLocation: sourceLocation)
}
