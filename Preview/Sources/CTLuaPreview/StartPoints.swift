import CTLuaKit
import Foundation

/// The places a session can start from: a blank engine in the project's folder, then each JSON
/// scenario under the paths (its setup and scripts; `.lua` scenarios are scripts, not starts).
enum StartPoints {
    static func find(paths: [String], project: ProjectFolder, catalog: SystemCatalog) -> (starts: [StartPoint], problems: [String]) {
        var starts = [StartPoint(id: 0, kind: .blank, label: "blank engine (the project's folder)", folder: project.root)]
        let (files, errors) = ScenarioDiscovery.find(paths, isSystemFile: { catalog.fileKind(of: $0)?.name })
        for found in files where found.file.hasSuffix(".json") {
            let folder = (found.file as NSString).deletingLastPathComponent
            starts.append(StartPoint(id: starts.count, kind: .scenario, label: found.relativePath, file: found.file,
                                     relativePath: project.relative(found.file), folder: folder))
        }
        return (starts, errors.map(\.description))
    }
}
