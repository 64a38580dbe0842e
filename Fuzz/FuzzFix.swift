// libFuzzer entry points for what `tallcheck fix` reads and writes, compiled into the
// TallCheckKit module by Scripts/fuzz. With FUZZ_PNG_REWRITE the input is a PNG for
// tc_png_rewrite (PNGRewriter): a file it writes must be smaller and decode to the same pixels
// as the input, and writing it again must find nothing smaller or refuse. Otherwise the input is
// project text for ProjectText, CatalogContentsText and MSBuildText: whatever it is, each
// returns within its bounds and every edit it makes lies inside the text; a project that reads
// still reads after each edit, with a path written reading back as written; a filename is
// removed or added only where an entry names exactly one or none, leaving text that reads again.
#if FUZZ_PNG_REWRITE
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzPNGRewrite(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        guard case .success(let rewritten?) = PNGRewriter.rewrite(bytes) else { return 0 }
        precondition(rewritten.count < bytes.count, "a rewritten file is not smaller")
        var old = bytes
        var new = rewritten
        let reader = PNGContent()
        precondition(
            (try? reader.pixelDigest(ofMemory: &old).get()) == (try? reader.pixelDigest(ofMemory: &new).get()),
            "a rewritten file decodes to other pixels")
        if case .success(let again?) = PNGRewriter.rewrite(rewritten) {
            precondition(again.count < rewritten.count)
        }
        return 0
    }
#else
    /// Values a rename writes: plain, and with every character OpenStep text and XML escape.
    let fuzzNewPaths = ["a@2x~ipad.png", "d/\u{e9}\"q\" 'x' \\ <&> \t\n\r\u{1}\u{7F}.png", "e\u{301}*/.png"]

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzFixText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        func inside(_ edits: [TextEdit]) -> [UInt8] {
            for edit in edits { precondition(edit.range.lowerBound >= 0 && edit.range.upperBound <= bytes.count) }
            return TextEdit.apply(edits, to: bytes)
        }
        if let text = ProjectText(bytes) {
            checkProjectEdits(text, inside)
        }
        if let contents = CatalogContentsText(bytes) {
            for index in contents.entries.indices.prefix(50) {
                let named = contents.filenameCount(ofEntry: index)
                if let edit = contents.removingFilename(ofEntry: index) {
                    precondition(named == 1, "a filename removed from an entry that names it \(named) times")
                    guard let after = CatalogContentsText(inside([edit])) else {
                        preconditionFailure("removal broke the JSON")
                    }
                    precondition(after.entries.count == contents.entries.count, "removal changed the entries")
                    precondition(after.filenameCount(ofEntry: index) == 0, "removal left a filename")
                } else {
                    precondition(named != 1, "the one filename of an entry is not removed")
                }
                if let edit = contents.addingFilename("x\"@2x.png", toEntry: index) {
                    precondition(named == 0, "a filename added to an entry that names one")
                    guard let after = CatalogContentsText(inside([edit])) else {
                        preconditionFailure("addition broke the JSON")
                    }
                    precondition(after.entries.count == contents.entries.count, "addition changed the entries")
                    precondition(after.filenameCount(ofEntry: index) == 1, "addition gave no one filename")
                }
            }
        }
        for path in ["Resources/x~ipad@2x.png", "x.png"] {
            _ = inside(MSBuildText.renaming(bytes, projectPath: "App.csproj", path: path, to: "x@2x~ipad.png") ?? [])
            _ = inside(MSBuildText.removing(bytes, projectPath: "App.csproj", path: path) ?? [])
        }
        return 0
    }

    /// A project text's edits, as `tallcheck fix` makes them: each lies inside the text; on a
    /// text that reads as a project (OpenStep text that passes `OpenStepSyntax`, XML this
    /// reads), a value written reads back as written, a removed object is gone, renamed
    /// comments leave every comment whole, and the text still reads.
    func checkProjectEdits(_ text: ProjectText, _ inside: ([TextEdit]) -> [UInt8]) {
        let reads: ([UInt8]) -> Bool =
            switch text.format {
            case .openStep: { (try? OpenStepSyntax.check($0)) != nil }
            case .xml: { ProjectText($0).map { $0.format == .xml && $0.uneditable == nil } ?? false }
            case .binary: { _ in false }
            }
        let readBefore = reads(text.bytes)
        for id in text.objects.keys.sorted().prefix(24) {
            let removed = inside(text.removing(object: id))
            if readBefore {
                precondition(reads(removed), "removing \(id) broke the project")
                let after = ProjectText(removed)
                precondition(after?.objects[id] == nil, "\(id) is still defined")
                precondition(after?.listEntries[id] == nil, "\(id) is still listed")
            }
            for value in fuzzNewPaths {
                guard let edit = text.replacing("path", of: id, with: value) else {
                    precondition(
                        text.format != .openStep || text.value("path", of: id) == nil, "OpenStep text takes any value")
                    continue
                }
                let written = inside([edit])
                if readBefore {
                    precondition(reads(written), "writing a path broke the project")
                    precondition(ProjectText(written)?.value("path", of: id) == value, "a path does not read back")
                }
            }
        }
        for name in text.commentNames.keys.sorted().prefix(8) {
            let renamed = inside(text.commentEdits(renaming: name, to: "n@2x~ipad.png"))
            if readBefore { precondition(reads(renamed), "renaming comments broke the project") }
            let again = ProjectText(renamed)
            precondition(again != nil, "renaming comments broke a comment")
            precondition(
                again!.tokens.count == text.tokens.count, "renaming comments changed the tokens")
        }
    }
#endif
