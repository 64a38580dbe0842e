// libFuzzer entry point for the source reference scanners, compiled into the TallCheckKit module
// by Scripts/fuzz (`sources`). Any bytes, as Swift, Objective-C, C#, Interface Builder XML and XAML:
// no crash, no hang, and every reference at a real place in the file.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSources(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Lines end at LF, CR or CR LF, as compilers count them.
    let lines =
        zip(bytes, bytes.dropFirst() + [0]).filter { byte, next in
            byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next != UInt8(ascii: "\n"))
        }.count + 1
    let snippets = SwiftReferenceScanner.references(in: bytes, path: "f.swift")
    // swift-syntax is exponential in unclosed `[` after a name; lints never parse whole files.
    let brackets = bytes.lazy.filter { $0 == UInt8(ascii: "[") }.count
    let whole = brackets > 12 ? snippets : SwiftReferenceScanner.referencesParsingWholeFile(in: bytes, path: "f.swift")
    // Parsing only the expressions finds what parsing the whole file finds, at the same places,
    // for code that parses (broken code, and editor placeholders `<#…#>`, which never compile,
    // are recovered differently in and out of context).
    if brackets <= 12, !SwiftReferenceScanner.hasSyntaxErrors(bytes), !bytes.containsBytes(Array("<#".utf8)),
        !SwiftReferenceScanner.hasRegexLiterals(bytes)
    {
        precondition(
            snippets.map { [$0.line, $0.column] } == whole.map { [$0.line, $0.column] },
            "snippets \(snippets.map(\.shownName)) vs whole file \(whole.map(\.shownName))")
    }
    var references = snippets + whole
    references += ObjectiveCReferenceScanner.references(in: bytes, path: "f.m")
    references += CSharpReferenceScanner(tallSuffixFunctions: ["Tall"]).references(in: bytes, path: "f.cs")
    references += (try? InterfaceBuilderReferenceScanner.references(in: bytes, path: "f.xib")) ?? []
    // XAML: every name keeps only, never reports (MAUI's build renames images).
    let xaml = XAMLReferenceScanner.references(in: bytes, path: "f.xaml")
    precondition(xaml.allSatisfy { $0.keepsOnly && $0.literalName?.isEmpty == false })
    references += xaml
    // Availability else-branches narrow platforms, never widen them, and move nothing.
    let narrowed = AvailabilityBranches.apply(to: references, in: bytes)
    precondition(narrowed.map(\.line) == references.map(\.line))
    precondition(zip(narrowed, references).allSatisfy { new, old in
        (new.platforms ?? Set(Platform.allCases)).isSubset(of: old.platforms ?? Set(Platform.allCases))
    })
    // So do a ternary's arms that a platform's fixed `let` takes away.
    let folded = ConstantBranches.apply(to: references, in: bytes)
    precondition(folded.map(\.line) == references.map(\.line))
    precondition(zip(folded, references).allSatisfy { new, old in
        (new.platforms ?? Set(Platform.allCases)).isSubset(of: old.platforms ?? Set(Platform.allCases))
    })
    for reference in references {
        precondition(reference.line >= 1 && reference.line <= lines && reference.column >= 1, "\(reference)")
    }
    // The conditional compilation directives, in every dialect: transitions in line order, within the file.
    for dialect in [PlatformConditions.Dialect.swift, .c, .cSharp] {
        let conditions = PlatformConditions(source: bytes, dialect: dialect)
        let at = conditions.transitions.map(\.line)
        precondition(at == at.sorted() && at.allSatisfy { $0 >= 1 && $0 <= lines + 1 }, "\(at)")
    }
    // The same bytes as a data file: every name short, none lost to a crash.
    var dataNames: Set<String> = []
    DataNamesInput.names(in: DataNamesInput.utf8(bytes), into: &dataNames)
    precondition(dataNames.allSatisfy { $0.utf8.count <= 3 * DataNamesInput.maxNameBytes })  // U+FFFD is 3 bytes
    DataNamesInput.webNames(in: bytes, into: &dataNames)
    precondition(dataNames.allSatisfy { $0.utf8.count <= 3 * DataNamesInput.maxNameBytes })
    // The names code spells (unused-image): at lines of the file, each short.
    let codeNames =
        SwiftCodeNames.names(in: bytes)
        + CodeName.names(
            in: SourceTokenizer.tokens(bytes, dialect: .objectiveC, keepsIdentifiers: false), dialect: .objectiveC)
        + CodeName.names(in: SourceTokenizer.tokens(bytes, dialect: .cSharp), dialect: .cSharp)
    for name in codeNames {
        precondition(name.line >= 1 && name.line <= lines, "\(name)")
        // A C# string tied to a static member names it as `Type.Member`.
        precondition(name.member.map { $0.split(separator: ".", omittingEmptySubsequences: false).count == 2 } ?? true)
    }
    // The outlet facts (issue 35): assignments at lines of the file, within the bounds.
    for swift in [true, false] {
        let outlets = OutletFacts.code(in: bytes, swift: swift)
        precondition(outlets.assignments.count <= OutletFacts.maxAssignments)
        precondition(outlets.nameReturns.allSatisfy { $0.names.count <= OutletFacts.maxNames })
        for assignment in outlets.assignments {
            precondition(assignment.line >= 1 && assignment.line <= lines, "\(assignment)")
        }
    }
    if let scanned = try? InterfaceBuilderReferenceScanner.scan(bytes, path: "f.xib") {
        precondition(scanned.outlets.imageViews.allSatisfy { $0.lines.allSatisfy { $0 >= 1 && $0 <= lines } })
    }
    // The same bytes as a package manifest and a CocoaPods resources script: paths stay inside.
    for target in SwiftPackage(manifest: bytes, path: "P/Package.swift").targets {
        precondition(target.folder.hasPrefix("P/") && !target.folder.split(separator: "/").contains(".."))
    }
    let pods = CocoaPodsResources(script: bytes, path: "Pods/Target Support Files/Pods-A/Pods-A-resources.sh")
    precondition(pods.paths.allSatisfy { $0.hasPrefix("Pods/") && !$0.split(separator: "/").contains("..") })
    // The same bytes as a build configuration file: every setting a plain name.
    for (key, _) in XcodeConfigFile(bytes: bytes).settings {
        precondition(!key.isEmpty && !key.contains("="), key)
    }
    return 0
}
