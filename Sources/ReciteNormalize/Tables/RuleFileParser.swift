import ReciteScript
import ReciteYAML
import Yams

/// Turns the YAML rule files of one language into `LanguageRules`.
///
/// Files are applied in order, so a regional file (`en-GB.numbers.yml`) given after the language's
/// own (`en.numbers.yml`) replaces only the keys it names. A malformed file is an error that names
/// it: a user's typo must not silently turn a table off.
enum RuleFileParser {
    /// Applies one file's text, whose kind (`units`, `money` …) comes from its name, to `rules`.
    static func apply(_ text: String, kind: String, fileName: String, to rules: LanguageRules) throws {
        let loaded: Any?
        if let problem = YAMLGuard.problem(in: text) {
            throw RuleFileError(file: fileName, message: "\(problem.message) (line \(problem.line), column \(problem.column)); a rule file is a mapping of tables (see Pipelines/rules)")
        }
        do {
            loaded = try YAMLGuard.load(text)
        } catch let refusal as YAMLGuard.Refusal {
            throw RuleFileError(file: fileName, message: "\(refusal.message) (line \(refusal.line), column \(refusal.column))")
        } catch {
            throw RuleFileError(file: fileName, message: "is not valid YAML: \(error)")
        }
        guard let map = loaded as? [String: Any] else {
            if loaded == nil { return }
            throw RuleFileError(file: fileName, message: "must be a mapping of keys to tables")
        }
        switch kind {
        case "units": applyUnits(map, to: rules)
        case "money": applyMoney(map, to: rules)
        case "abbreviations": applyAbbreviations(map, to: rules)
        case "symbols": applySymbols(map, to: rules)
        case "numbers": try applyNumbers(map, fileName: fileName, to: rules)
        case "initialisms": applyInitialisms(map, to: rules)
        default:
            throw RuleFileError(file: fileName, message: "has an unknown kind \"\(kind)\"; name it LANG.units.yml, LANG.money.yml, LANG.abbreviations.yml, LANG.symbols.yml, LANG.numbers.yml or LANG.initialisms.yml")
        }
    }

    // MARK: - One function per kind

    static func applyUnits(_ map: [String: Any], to rules: LanguageRules) {
        rules.unitPrefixes.merge(strings(map["prefixes"])) { $1 }
        rules.prefixableUnits.merge(strings(map["prefixable"]).mapValues(Inflected.init)) { $1 }
        rules.units.merge(strings(map["units"]).mapValues(Inflected.init)) { $1 }
        rules.ambiguousUnits.formUnion(list(map["ambiguous"]))
        rules.unfoldedCapitals.formUnion(list(map["notFolded"]))
        rules.letterUnits.formUnion(list(map["letters"]))
        rules.listedUnits.formUnion(list(map["listed"]))
        rules.quantityUnits.formUnion(list(map["quantities"]))
        rules.measureKinds.merge(strings(map["measureKinds"])) { $1 }
        rules.temperatureWords.formUnion(list(map["temperatureWords"]).map { $0.lowercased() })
        rules.decimalOnlyUnits.formUnion(list(map["afterDecimals"]))
        rules.powers.merge(strings(map["powers"]).mapValues(Inflected.init)) { $1 }
        if let b = map["powerAfter"] as? Bool { rules.powerAfter = b }
        if let b = map["powerJoined"] as? Bool { rules.powerJoined = b }
        if let p = map["per"] { rules.per = "\(p)" }
    }

    static func applyMoney(_ map: [String: Any], to rules: LanguageRules) {
        rules.currencies.merge(strings(map["currencies"]).mapValues(Currency.init)) { $1 }
        rules.letterCurrencies.merge(strings(map["letters"]).mapValues(Currency.init)) { $1 }
        rules.moneyRates.merge(strings(map["rates"])) { $1 }
        rules.currencyWords.formUnion(list(map["words"]))
        rules.magnitudes.merge(strings(map["magnitudes"])) { $1 }
    }

    static func applyAbbreviations(_ map: [String: Any], to rules: LanguageRules) {
        rules.abbreviations.merge(strings(map["always"])) { $1 }
        rules.beforeName.merge(strings(map["beforeName"])) { $1 }
        rules.streets.merge(strings(map["streets"])) { $1 }
        rules.beforeNumber.merge(strings(map["beforeNumber"])) { $1 }
        rules.afterNumber.merge(strings(map["afterNumber"])) { $1 }
        rules.days.merge(strings(map["days"])) { $1 }
        rules.afterPer.merge(strings(map["afterPer"])) { $1 }
        rules.beforeLetter.formUnion(list(map["beforeLetter"]).map { $0.lowercased() })
        rules.regnalNames.formUnion(list(map["regnalNames"]))
        rules.regnalTitles.formUnion(list(map["regnalTitles"]).map { $0.lowercased() })
        rules.regions.merge(strings(map["regions"])) { $1 }
        rules.compass.merge(strings(map["compass"])) { $1 }
        rules.numberedBy.formUnion(list(map["numberedBy"]).map { $0.lowercased() })
        rules.beforeCounty.merge(strings(map["beforeCounty"])) { $1 }
        rules.counties.formUnion(list(map["counties"]))
    }

    static func applyInitialisms(_ map: [String: Any], to rules: LanguageRules) {
        rules.saidAsWords.merge(strings(map["saidAsWords"])) { $1 }
        rules.spelledWords.formUnion(list(map["spelled"]))
        rules.capitalPairs.formUnion(list(map["pairs"]))
        // The dictionaries are long: one string of words apart, not a YAML list.
        rules.dictionaryWords.formUnion(list(map["words"]).flatMap { $0.split(separator: " ").map { $0.lowercased() } })
        rules.dictionaryNames.formUnion(list(map["names"]).flatMap { $0.split(separator: " ").map { $0.lowercased() } })
    }

    static func applySymbols(_ map: [String: Any], to rules: LanguageRules) {
        rules.symbols.merge(strings(map["symbols"])) { $1 }
        rules.symbolsBeforeNumber.merge(strings(map["beforeNumber"])) { $1 }
        rules.pauses.formUnion(list(map["pauses"]))
        rules.words.merge(strings(map["words"]).mapValues(Inflected.init)) { $1 }
    }

    static func applyNumbers(_ map: [String: Any], fileName: String, to rules: LanguageRules) throws {
        if let s = map["decimalSeparator"] as? String, let c = s.first { rules.decimalSeparator = c }
        if map["groupSeparators"] != nil { rules.groupSeparators = Set(list(map["groupSeparators"]).compactMap(\.first)) }
        if let s = map["dateOrder"] as? String {
            guard let order = DateOrder(rawValue: s) else {
                throw RuleFileError(file: fileName, message: "has dateOrder \"\(s)\"; use MDY or DMY")
            }
            rules.dateOrder = order
        }
        if let s = map["dateStyle"] as? String {
            guard let style = DateStyle(rawValue: s) else {
                throw RuleFileError(file: fileName, message: "has dateStyle \"\(s)\"; use monthFirst, dayFirst or dayNumber")
            }
            rules.dateStyle = style
        }
        if let b = map["hundredAnd"] as? Bool { rules.hundredAnd = b }
        if let n = map["maxCardinalDigits"] as? Int { rules.maxCardinalDigits = n }
        if let b = map["spellNumbers"] as? Bool { rules.spellNumbers = b }
        if let months = map["months"] as? [Any] {
            rules.months = [:]
            rules.monthNames = []
            for (index, entry) in months.enumerated() {
                let names = list(entry)
                rules.monthNames.append(names.first ?? "")
                for name in names { rules.months[name.lowercased()] = index + 1 }
            }
        }
        rules.meridiems.merge(strings(map["meridiems"])) { $1 }
        rules.timeZones.formUnion(list(map["timeZones"]).map { $0.lowercased() })
        rules.codeWords.formUnion(list(map["codeWords"]).map { $0.lowercased() })
        rules.dateWords.formUnion(list(map["dateWords"]).map { $0.lowercased() })
        rules.pairedAfter.formUnion(list(map["pairedAfter"]).map { $0.lowercased() })
        rules.pairedBefore.formUnion(list(map["pairedBefore"]).map { $0.lowercased() })
        rules.modelNouns.formUnion(list(map["modelNouns"]).map { $0.lowercased() })
        rules.versionNames.formUnion(list(map["versionNames"]).map { $0.lowercased() })
        if let name = map["numberWords"].map({ "\($0)" }) {
            if name == "en" {
                rules.numberWords = nil
            } else if let words = NumberWordsCatalog.named(name) {
                rules.numberWords = words
            } else {
                throw RuleFileError(file: fileName, message: "has numberWords \"\(name)\"; use one of \(NumberWordsCatalog.names.joined(separator: ", "))")
            }
        }
        for (mark, gender) in strings(map["ordinalMarks"]) {
            switch gender {
            case "masculine": rules.ordinalMarks[mark] = .masculine
            case "feminine": rules.ordinalMarks[mark] = .feminine
            default: throw RuleFileError(file: fileName, message: "has ordinal mark \"\(mark)\" of gender \"\(gender)\"; use masculine or feminine")
            }
        }
        if let b = map["firstDayOrdinal"] as? Bool { rules.firstDayOrdinal = b }
        if let agreement = map["agreement"] as? [String: Any] {
            rules.feminineNouns.formUnion(list(agreement["feminine"]).map { $0.lowercased() })
            rules.masculineNouns.formUnion(list(agreement["masculine"]).map { $0.lowercased() })
            rules.feminineEndings += list(agreement["feminineEndings"])
            rules.notNouns.formUnion(list(agreement["notNouns"]).map { $0.lowercased() })
        }
    }

    // MARK: - YAML values

    /// A mapping's entries as strings.
    static func strings(_ value: Any?) -> [String: String] {
        guard let map = value as? [AnyHashable: Any] else { return [:] }
        var out: [String: String] = [:]
        for (k, v) in map { out["\(k.base)"] = "\(v)" }
        return out
    }

    static func list(_ value: Any?) -> [String] {
        if let items = value as? [Any] { return items.map { "\($0)" } }
        if let item = value { return ["\(item)"] }
        return []
    }
}

/// A rule file that cannot be used, with a sentence that says why.
public struct RuleFileError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var message: String

    public var description: String { "Rule file \"\(file)\" \(message)." }
}
