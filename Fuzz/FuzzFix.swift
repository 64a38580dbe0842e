// libFuzzer entry points for what `tallcheck fix` reads and writes, compiled into the
// TallCheckKit module by Scripts/fuzz. With FUZZ_PNG_REWRITE the input is a PNG for
// tc_png_rewrite (PNGRewriter): a file it writes must be smaller and decode to the same pixels
// as the input, and writing it again must find nothing smaller or refuse. Otherwise the input is
// project text for ProjectText, CatalogContentsText and MSBuildText: whatever it is, each
// returns within its bounds, and every edit it makes lies inside the text, with edits that
// remove a filename or add one leaving text that reads again.
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
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzFixText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        func inside(_ edits: [TextEdit]) {
            for edit in edits { precondition(edit.range.lowerBound >= 0 && edit.range.upperBound <= bytes.count) }
            _ = TextEdit.apply(edits, to: bytes)
        }
        if let text = ProjectText(bytes) {
            for id in text.objects.keys.sorted().prefix(50) {
                inside(text.removing(object: id))
                if let edit = text.replacing("path", of: id, with: "a@2x~ipad.png") { inside([edit]) }
            }
            inside(text.commentEdits(renaming: "a", to: "b"))
        }
        if let contents = CatalogContentsText(bytes) {
            for index in contents.entries.indices.prefix(50) {
                if let edit = contents.removingFilename(ofEntry: index) {
                    inside([edit])
                    precondition(CatalogContentsText(TextEdit.apply([edit], to: bytes)) != nil, "removal broke the JSON")
                }
                if let edit = contents.addingFilename("x\"@2x.png", toEntry: index) {
                    inside([edit])
                    precondition(CatalogContentsText(TextEdit.apply([edit], to: bytes)) != nil, "addition broke the JSON")
                }
            }
        }
        for path in ["Resources/x~ipad@2x.png", "x.png"] {
            inside(MSBuildText.renaming(bytes, projectPath: "App.csproj", path: path, to: "x@2x~ipad.png") ?? [])
            inside(MSBuildText.removing(bytes, projectPath: "App.csproj", path: path) ?? [])
        }
        return 0
    }
#endif
