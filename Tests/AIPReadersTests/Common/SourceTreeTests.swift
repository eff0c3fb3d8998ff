import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite struct SourceTreeTests {
    @Test func listsMatchingFilesAtAnyDepthInByteOrderSkippingHiddenOnes() throws {
        let folder = try TemporaryFolder()
        for path in ["eaip/LFAT.html", "eaip/EBOS.HTML", "eaip/fr/LFQA.html", "eaip/b.htm", "eaip/notes.txt",
                     "eaip/.hidden.html", "eaip/.git/x.html", "eaip/Z.html", "other/EHRD.html"] {
            try folder.write("x", to: path)
        }
        let tree = SourceTree(root: folder.url)
        #expect(try tree.files(under: "eaip", extensions: ["html", "htm"])
                == ["eaip/EBOS.HTML", "eaip/LFAT.html", "eaip/Z.html", "eaip/b.htm", "eaip/fr/LFQA.html"])
    }

    @Test func aMissingFolderListsNothing() throws {
        let folder = try TemporaryFolder()
        #expect(try SourceTree(root: folder.url).files(under: "aip-pdf", extensions: ["pdf"]).isEmpty)
    }

    @Test func aFileWhereTheFolderShouldBeIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("x", to: "border")
        #expect {
            try SourceTree(root: folder.url).files(under: "border", extensions: ["csv"])
        } throws: { ($0 as? SourceError)?.kind == .notARegularFile }
    }

    @Test func linkedFilesAreListedButLinkedFoldersAreNotFollowed() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("x", to: "elsewhere/a.csv")
        let border = folder.url.appendingPathComponent("border")
        try FileManager.default.createDirectory(at: border, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: border.appendingPathComponent("a.csv"), withDestinationURL: target)
        try FileManager.default.createSymbolicLink(at: border.appendingPathComponent("loop"), withDestinationURL: border)
        #expect(try SourceTree(root: folder.url).files(under: "border", extensions: ["csv"]) == ["border/a.csv"])
    }

    @Test func aFolderNamedLikeTheFileIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("x", to: "ourairports/airports.csv/oops.txt")
        #expect {
            try SourceTree(root: folder.url).file("ourairports/airports.csv")
        } throws: { ($0 as? SourceError)?.kind == .notARegularFile }
    }
}
