import Foundation
import Testing
@testable import RecitePronounce

@Suite struct EspeakInventoryTests {
    static let tables: [(PhonemeTable, [EspeakInventory])] = [
        (EnglishPhonemes.table, [.english, .americanEnglish]),
        (FrenchPhonemes.table, [.french]),
        (GermanPhonemes.table, [.german]),
    ]

    @Test func everyMnemonicATableCanEmitIsInItsVoicesInventory() {
        for (table, inventories) in Self.tables {
            for inventory in inventories {
                let missing = table.mnemonics.subtracting(inventory.mnemonics)
                #expect(missing.isEmpty, "\(table.name) emits \(missing.sorted()) unknown to \(inventory.table)")
            }
        }
    }

    @Test func noTableHasTwoRulesForOneSpelling() {
        for (table, _) in Self.tables {
            let keys = table.rules.map(\.ipaString)
            #expect(Set(keys).count == keys.count, "\(table.name): \(keys.filter { k in keys.filter { $0 == k }.count > 1 })")
        }
    }

    @Test func separatorOnlyWhereTheLongestMatchWouldJoin() {
        let inventory = EspeakInventory.americanEnglish
        #expect(inventory.spell(["h", "a", "I", "d"]) == "ha|Id")     // a + I would read as aI
        #expect(inventory.spell(["h", "aI", "d"]) == "haId")
        #expect(inventory.spell(["t", "S"]) == "t|S")                  // t + S would read as tS
        #expect(inventory.spell(["aI", "3"]) == "aI|3")                // aI + 3 would read as aI3
        #expect(inventory.spell(["'", "m", "E", "Z", "3"]) == "'mEZ3")
    }

    /// The baked-in inventories must be the installed eSpeak NG's; regenerate with
    /// Tools/espeak_inventory.py after an upgrade.
    @Test(.enabled(if: PhonemeTableFile.installed != nil, "needs espeak-ng-data/phontab"))
    func inventoriesMatchTheInstalledPhonemeTables() throws {
        let file = try #require(PhonemeTableFile.installed)
        for inventory in [EspeakInventory.english, .americanEnglish, .french, .german] {
            #expect(file.mnemonics(of: inventory.table) == inventory.mnemonics, "\(inventory.table)")
        }
    }
}

/// Reads eSpeak NG's compiled phoneme tables (espeak-ng-data/phontab), for the test above; the layout
/// is described in Tools/espeak_inventory.py.
struct PhonemeTableFile {
    struct Table { var name: String; var includes: Int; var entries: [(code: UInt8, mnemonic: String, type: UInt8)] }
    let tables: [Table]

    static let installed: PhonemeTableFile? = {
        for directory in ["/usr/lib/x86_64-linux-gnu/espeak-ng-data", "/usr/lib/aarch64-linux-gnu/espeak-ng-data",
                          "/usr/share/espeak-ng-data", "/usr/local/share/espeak-ng-data"] {
            if let data = FileManager.default.contents(atPath: directory + "/phontab") {
                return PhonemeTableFile(data: [UInt8](data))
            }
        }
        return nil
    }()

    init(data: [UInt8]) {
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(data[at + $1]) << (8 * $1) } }
        var tables: [Table] = []
        var offset = 4
        for _ in 0..<Int(u32(0)) {
            let count = Int(data[offset]), includes = Int(data[offset + 1])
            let name = String(decoding: data[(offset + 4)..<(offset + 36)].prefix { $0 != 0 }, as: UTF8.self)
            offset += 36
            var entries: [(UInt8, String, UInt8)] = []
            for _ in 0..<count {
                let bytes = data[offset..<(offset + 4)].prefix { $0 != 0 }
                entries.append((data[offset + 10], String(decoding: bytes, as: UTF8.self), data[offset + 11]))
                offset += 16
            }
            tables.append(Table(name: name, includes: includes, entries: entries))
        }
        self.tables = tables
    }

    /// Mnemonics eSpeak NG's phoneme input accepts with table `name` (its own and included ones).
    func mnemonics(of name: String) -> Set<String> {
        guard let index = tables.firstIndex(where: { $0.name == name }) else { return [] }
        var byCode: [UInt8: (String, UInt8)] = [:]
        var chain: [Table] = []
        var i = index
        while true {
            chain.insert(tables[i], at: 0)
            if tables[i].includes == 0 { break }
            i = tables[i].includes - 1
        }
        for table in chain { for e in table.entries { byCode[e.code] = (e.mnemonic, e.type) } }
        let invalid: UInt8 = 15
        return Set(byCode.values.filter { m, type in
            !m.isEmpty && type != invalid && m.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }.map(\.0))
    }
}
