@testable import AIPBuild
import AIPBundleKit
import Testing

@Suite struct StageRegistryTests {
    @Test func everyBundleFileHasARegisteredStageAndEveryStageWritesAFile() {
        for file in BundleFiles.all {
            #expect(StageRegistry.names.contains(file.stage), "\(file.name) is owned by \(file.stage), which is not registered")
        }
        for stage in StageRegistry.all {
            #expect(!stage.files.isEmpty, "\(stage.name) writes no registered bundle file")
            for upstream in stage.upstream {
                let index = StageRegistry.names.firstIndex(of: upstream)
                #expect(index != nil && index! < StageRegistry.names.firstIndex(of: stage.name)!, "\(stage.name) must run after \(upstream)")
            }
        }
    }

    @Test func onlySelectsEachNamedStageOnceInRegistryOrder() throws {
        #expect(try StageRegistry.select("airports, airports,").map(\.name) == ["airports"])
        #expect(try StageRegistry.select(nil).map(\.name) == StageRegistry.names)
        #expect(throws: StageSelectionError.self) { try StageRegistry.select(" , ") }
        #expect(throws: StageSelectionError.self) { try StageRegistry.select("airports,cities2") }
    }
}
