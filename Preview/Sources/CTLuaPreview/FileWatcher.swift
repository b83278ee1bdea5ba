import Foundation

/// Polls the modification times and sizes of the `.lua` and `.json` files under the preview's
/// paths (every 0.3 s; polling works on every file system, containers and network mounts
/// included) and reports the files that changed, appeared or went away.
struct FileWatcher: Sendable {
    var paths: [String]
    var interval: Duration = .milliseconds(300)

    struct Stamp: Equatable, Sendable {
        var modified: Date
        var size: Int
    }

    /// Calls `changed` with the absolute paths that differ from the previous poll, until the task
    /// is cancelled.
    func run(_ changed: @escaping @Sendable ([String]) -> Void) async {
        var stamps = snapshot()
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = snapshot()
            let differing = Set(now.keys.filter { now[$0] != stamps[$0] }).union(Set(stamps.keys).subtracting(now.keys))
            stamps = now
            if !differing.isEmpty { changed(differing.sorted()) }
        }
    }

    /// Every `.json` and `.lua` file under the paths (hidden entries, `__snapshots__` and build
    /// folders skipped), by absolute path.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let fm = FileManager.default
        for path in paths {
            let base = URL(fileURLWithPath: path).standardizedFileURL.path
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: base, isDirectory: &isFolder) else { continue }
            var files = [base]
            if isFolder.boolValue {
                files = []
                guard let enumerator = fm.enumerator(atPath: base) else { continue }
                while let relative = enumerator.nextObject() as? String {
                    let name = (relative as NSString).lastPathComponent
                    if name.hasPrefix(".") || name == "__snapshots__" || name == "node_modules" {
                        enumerator.skipDescendants()
                        continue
                    }
                    if name.hasSuffix(".json") || name.hasSuffix(".lua") { files.append(base + "/" + relative) }
                }
            }
            for file in files {
                guard let attributes = try? fm.attributesOfItem(atPath: file),
                      (attributes[.type] as? FileAttributeType) == .typeRegular else { continue }
                stamps[file] = Stamp(modified: attributes[.modificationDate] as? Date ?? .distantPast,
                                     size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
            }
        }
        return stamps
    }
}
