
/// The languages of Kokoro-82M v1.0's voices, told by a voice name's first letter (`ef_dora` is
/// Spanish), as Kokoro's own pipeline tells them.
///
/// Recite says a voice from eSpeak NG's IPA in the voice's language, put in the symbols the model
/// was trained on (`MisakiPhonemes`). misaki does the same for Spanish, French, Italian, Brazilian
/// Portuguese and Hindi; for Japanese and Mandarin it has G2P of its own that runs only in Python,
/// so those voices are installed but not read (`unavailableReason`).
public enum KokoroLanguage: String, Sendable, CaseIterable, Codable {
    case americanEnglish = "a", britishEnglish = "b", spanish = "e", french = "f", hindi = "h"
    case italian = "i", brazilianPortuguese = "p", japanese = "j", mandarin = "z"

    /// The language of the voice `name` (`af_heart`), from its first letter.
    public init?(voiceName name: String) {
        guard let first = name.first, let language = KokoroLanguage(rawValue: String(first)) else { return nil }
        self = language
    }

    /// BCP 47.
    public var tag: String {
        switch self {
        case .americanEnglish: "en-US"
        case .britishEnglish: "en-GB"
        case .spanish: "es"
        case .french: "fr-FR"
        case .hindi: "hi"
        case .italian: "it"
        case .brazilianPortuguese: "pt-BR"
        case .japanese: "ja"
        case .mandarin: "cmn"
        }
    }

    /// eSpeak NG's voice for the phonemes (the codes misaki and kokoro-onnx give eSpeak NG).
    public var espeakVoice: String {
        switch self {
        case .americanEnglish: "en-us"
        case .britishEnglish: "en-gb"
        case .spanish: "es"
        case .french: "fr-fr"
        case .hindi: "hi"
        case .italian: "it"
        case .brazilianPortuguese: "pt-br"
        case .japanese: "ja"
        case .mandarin: "cmn"
        }
    }

    /// In words, for `recite voices` and messages.
    public var displayName: String {
        switch self {
        case .americanEnglish: "American English"
        case .britishEnglish: "British English"
        case .spanish: "Spanish"
        case .french: "French"
        case .hindi: "Hindi"
        case .italian: "Italian"
        case .brazilianPortuguese: "Brazilian Portuguese"
        case .japanese: "Japanese"
        case .mandarin: "Mandarin Chinese"
        }
    }

    /// Why Recite does not read this language's voices, or nil when it does.
    public var unavailableReason: String? {
        switch self {
        case .japanese:
            "Kokoro's Japanese needs misaki's own G2P (MeCab and UniDic), which runs only in Python; eSpeak NG 1.51's Japanese IPA in its place says each kanji as \u{201C}Chinese letter\u{201D} and measured 550.2–689.6% character error (Whisper base) against 32.1–34.6% for misaki's, not within the 2 points required (docs/voices.md)"
        case .mandarin:
            "Kokoro's Mandarin needs misaki's own G2P (jieba and pypinyin), which runs only in Python; eSpeak NG 1.51's Mandarin IPA in its place spells most hanzi as English letters and numbers and measured 96.1–174.7% character error (Whisper base) against 14.7–33.5% for misaki's, not within the 2 points required (docs/voices.md)"
        default: nil
        }
    }

    /// The natural voice a document in this language is read with when no voice is named: of
    /// English, the best graded in Kokoro-82M's voice list; of the others, the first it lists.
    public var defaultVoice: String? {
        switch self {
        case .americanEnglish: "af_heart"
        case .britishEnglish: "bf_emma"
        case .spanish: "ef_dora"
        case .french: "ff_siwis"
        case .hindi: "hf_alpha"
        case .italian: "if_sara"
        case .brazilianPortuguese: "pf_dora"
        case .japanese, .mandarin: nil
        }
    }

    /// The language whose voices read a document tagged `tag` (BCP 47, any case): English of
    /// Britain and of the countries that write as Britain does takes the British voices, other
    /// English the American ones; Portugal's Portuguese has no voice (Kokoro's are Brazilian).
    public static func forDocument(_ tag: String) -> KokoroLanguage? {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let base = parts.first else { return nil }
        let region = parts.dropFirst().first { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }
        switch base {
        case "en": return region.map { britishRegions.contains($0) } == true ? .britishEnglish : .americanEnglish
        case "es": return .spanish
        case "fr": return .french
        case "hi": return .hindi
        case "it": return .italian
        case "pt": return region == "pt" ? nil : .brazilianPortuguese
        case "ja": return .japanese
        case "zh", "cmn": return .mandarin
        default: return nil
        }
    }

    private static let britishRegions: Set<String> = ["gb", "uk", "ie", "au", "nz", "za", "in"]
}
