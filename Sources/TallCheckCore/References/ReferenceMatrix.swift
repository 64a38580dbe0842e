/// What every supported device loads for every name the app's code asks for: the device matrix
/// behind `missing-image` and `tallcheck references`.
public struct ReferenceMatrix: Sendable {
    /// One reference, and what each representative device loads for it.
    public struct Row: Sendable {
        public var reference: ImageReference
        /// The name looked up: the literal, or the set a generated symbol names. Nil for a
        /// pattern, or a symbol no set matches: nothing is looked up.
        public var lookedUp: String?
        /// In ``ReferenceMatrix/devices`` order; empty when nothing is looked up.
        public var loads: [Resolution]
        /// Devices (by representative name) where the answer rests on reports, not documents:
        /// a storyboard's higher-scale-only image on a 1x screen.
        public var uncertain: Set<String>
        /// For a pattern, or a symbol: the image sets and loose asset names it can mean.
        public var matches: [String]

        /// Whether some device gets nothing (or, for storyboards, probably nothing).
        public var isMissingSomewhere: Bool {
            !reference.inOtherBundle && !reference.keepsOnly && loads.contains { $0.file == nil }
        }
    }

    public var devices: SupportedDevices
    public var rows: [Row]

    /// A name asked for one way: the same question resolves alike wherever it is asked.
    private struct Question: Hashable {
        var name: String
        var lookup: ImageLookup
        var mode: ResolveMode
    }

    /// - Parameter matchingPatterns: whether to list what each pattern can match (``Row/matches``):
    ///   listings show it; rules that ask what is missing do not need it (a pattern is never
    ///   missing), and it costs a pass over every image name per pattern.
    /// - Parameter recordingTries: whether each load lists where loose files were looked for
    ///   (``Resolution/tried``): listings show it; rules read only what loads.
    public init(_ inventory: Inventory, matchingPatterns: Bool = true, recordingTries: Bool = true) {
        let devices = SupportedDevices(inventory)
        let names = matchingPatterns ? AssetNames(inventory) : nil
        // The same name asked for the same way resolves alike: once per distinct question.
        var questions: [Question] = []
        var seen: Set<Question> = []
        var prepared: [(reference: ImageReference, name: String?, matches: [String])] = []
        // The same pattern (`flag_*`) is often built in many files: match it once.
        var patternMatches: [NamePattern: [String]] = [:]
        let symbols = AssetSymbolNaming.Index(inventory.catalogSets)
        for reference in inventory.references {
            var name: String?
            var matches: [String] = []
            switch reference.name {
            // `imageNamed:@""` clears an image on purpose: nothing is looked up.
            case .literal(let literal): name = literal.isEmpty ? nil : literal
            case .pattern(let pattern):
                if let known = patternMatches[pattern] {
                    matches = known
                } else if let names {
                    matches = names.matching(pattern)
                    patternMatches[pattern] = matches
                }
            case .symbol(let symbol):
                let sets = symbols.sets(for: symbol)
                matches = sets.map(\.name)
                name = sets.count == 1 ? sets[0].name : nil
            }
            if let name {
                let lookup = reference.lookup == .interfaceBuilder ? .named : reference.lookup
                let question = Question(name: name, lookup: lookup, mode: reference.mode)
                if seen.insert(question).inserted { questions.append(question) }
            }
            prepared.append((reference, name, matches))
        }
        let resolver = PhaseTimings.shared.measure("        resolver index") {
            ImageResolver(inventory, names: Set(questions.map(\.name)), recordingTries: recordingTries)
        }
        let answers = PhaseTimings.shared.measure("        \(questions.count) names on each device (both cores)") {
            questions.concurrentMap(batchSize: 8) { question in
                devices.representatives.map {
                    resolver.resolve(question.name, on: $0.device, mode: question.mode, lookup: question.lookup)
                }
            }
        }
        let byQuestion = Dictionary(uniqueKeysWithValues: zip(questions, answers))
        self.devices = devices
        rows = PhaseTimings.shared.measure("        rows") {
            Self.rows(prepared, byQuestion: byQuestion, devices: devices)
        }
        // Its tables hold a string for each file: freed on another thread, not before the rules
        // that wait for this matrix (2–3 ms on 20,000 images).
        releaseInBackground(consume resolver)
    }

    private static func rows(
        _ prepared: [(reference: ImageReference, name: String?, matches: [String])],
        byQuestion: [Question: [Resolution]], devices: SupportedDevices
    ) -> [Row] {
        // On both cores: a row for each reference of the app, after the names resolved.
        prepared.concurrentMap(batchSize: 256) { item in
            guard let name = item.name else {
                return Row(reference: item.reference, lookedUp: nil, loads: [], uncertain: [], matches: item.matches)
            }
            let lookup = item.reference.lookup == .interfaceBuilder ? .named : item.reference.lookup
            var loads = byQuestion[Question(name: name, lookup: lookup, mode: item.reference.mode)] ?? []
            var uncertain: Set<String> = []
            if item.reference.lookup == .interfaceBuilder {
                // Reported: a nib shows nothing on a 1x screen for an image with only @2x/@3x
                // files, although imageNamed: finds them (docs/image-references.md).
                for index in loads.indices {
                    if case .higherScaleOnly = loads[index].reason {
                        uncertain.insert(devices.representatives[index].name)
                        loads[index].file = nil
                    }
                }
            }
            for index in loads.indices
            where loads[index].remarks.contains(where: Self.isUncertain) || loads[index].reason.isUncertain {
                uncertain.insert(devices.representatives[index].name)
            }
            return Row(
                reference: item.reference, lookedUp: name, loads: loads, uncertain: uncertain, matches: item.matches)
        }
    }

    static func isUncertain(_ note: ResolutionNote) -> Bool {
        if case .looseFileForCatalogAPI = note { return true }
        return false
    }
}

/// The names images can be asked for by: catalog image sets and loose assets' base names, for
/// patterns (`flag_*`) to match against.
struct AssetNames {
    /// Image set names (`Icons/star`) and loose base names (`flag_fr`), with bundle folders
    /// (`Levels/map1`) where they have one.
    let all: [String]

    init(_ inventory: Inventory) {
        var names = inventory.catalogSets.filter { $0.kind == .imageSet }.map(\.name)
        for asset in inventory.assets {
            names.append(asset.key.folder.isEmpty ? asset.key.base : "\(asset.key.folder)/\(asset.key.base)")
        }
        all = Array(Set(names)).sorted()
    }

    /// The names a pattern can produce: the name itself, its last component, or either with an
    /// image extension (`"flag_%@.png"`).
    func matching(_ pattern: NamePattern) -> [String] {
        all.filter { name in
            let last = String(name.split(separator: "/").last ?? "")
            return [name, last].contains { candidate in
                pattern.matches(candidate)
                    || ["png", "jpg", "jpeg", "gif"].contains { pattern.matches("\(candidate).\($0)") }
            }
        }
    }
}
