import Foundation
import Testing

@testable import TallCheckCore

/// What a `Contents.json` entry says, in every spelling Xcode has written.
@Suite struct CatalogEntryTests {
    /// Xcode 6's WatchKit image sets spell the case size `screenWidth`, as a range of points.
    @Test func xcode6WatchEntriesAreSlotsOfTheirOwn() throws {
        let json = """
            {"images":[
              {"idiom":"watch","scale":"2x"},
              {"filename":"bg@2x.png","screenWidth":"{130,145}","scale":"2x","idiom":"watch"},
              {"filename":"bg42@2x.png","screenWidth":"{146,165}","scale":"2x","idiom":"watch"},
              {"filename":"new@2x.png","screen-width":"<=145","scale":"2x","idiom":"watch"}
            ]}
            """
        let entries = try JSONDecoder().decode(CatalogContents.self, from: Data(json.utf8)).images ?? []
        #expect(entries.map(\.screenWidth) == [nil, "{130,145}", "{146,165}", "<=145"])
        #expect(Set(entries.map(\.slotKey)).count == 4, "each case size is a slot of its own")
        // The 38 mm watch is 136 pt wide, the 42 mm one 156 pt.
        #expect(entries[1].fitsScreen(width: 136) && !entries[1].fitsScreen(width: 156))
        #expect(entries[2].fitsScreen(width: 156) && !entries[2].fitsScreen(width: 136))
        #expect(entries[3].fitsScreen(width: 136) && !entries[3].fitsScreen(width: 156))
    }
}
