import ReciteScript
import ReciteXML

/// The elements that name other files: `<audio src>` and `<lexicon uri>`, honoured only inside
/// the input folder (see `LocalResource`).
extension SSMLWalker {
    /// `<audio>`: the clip when its file is inside the folder and playable; otherwise the element's
    /// children are read, with a warning.
    mutating func audio(_ element: XMLElement, style: RunStyle, tagStart: Int, at location: SourceLocation,
                        selfClosing: Bool) -> Reading {
        let fallback = element.hasSpokenContent ? "its text is read instead" : "nothing is played"
        guard let src = element.attributes["src"] else {
            warnings.append(Warning(path: source.path, location: location, message: "<audio> has no src; \(fallback)."))
            return .children(style)
        }
        switch resources.resolve(src) {
        case .refused(let reason):
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<audio src=\"\(src)\"> is skipped: \(reason); \(fallback)."))
        case .missing(let path):
            dependencies.append(path)
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<audio src=\"\(src)\">: \(path) does not exist; \(fallback)."))
        case .file(let path):
            dependencies.append(path)
            guard isPlayableAudio(path) else {
                warnings.append(Warning(path: source.path, location: location,
                                        message: "<audio src=\"\(src)\">: \(path) is not a WAV or FLAC file Recite can read; \(fallback)."))
                break
            }
            let end = selfClosing ? cursor.position : { skipChildren(of: element); _ = cursor.leaveElement(); return cursor.position }()
            builder.appendAudio(path, origin: tagStart..<end)
            return .consumed
        }
        return .children(style)
    }

    /// `<lexicon uri>`: noted in `Script.lexicons` for the pronunciation stage.
    mutating func lexicon(_ element: XMLElement, at location: SourceLocation) {
        guard let uri = element.attributes["uri"] else {
            warnings.append(Warning(path: source.path, location: location, message: "<lexicon> has no uri; it is ignored (inline lexicons are not read: put the entries in a PLS file and name it with uri)."))
            return
        }
        switch resources.resolve(uri) {
        case .refused(let reason):
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<lexicon uri=\"\(uri)\"> is skipped: \(reason)."))
        case .missing(let path):
            dependencies.append(path)
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<lexicon uri=\"\(uri)\">: \(path) does not exist; it is skipped."))
        case .file(let path):
            dependencies.append(path)
            if !lexicons.contains(path) { lexicons.append(path) }
        }
    }
}

extension XMLElement {
    /// True if the element holds text to read (besides white space and `<desc>`).
    var hasSpokenContent: Bool {
        children.contains {
            switch $0 {
            case .text(let t): !t.allSatisfy(\.isWhitespace)
            case .element(let e): e.name != "desc" && e.hasSpokenContent
            default: false
            }
        }
    }
}
