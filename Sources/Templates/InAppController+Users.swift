import Engine
import JSON

extension InAppController {
    /// A user switch (`CTInAppStore deviceIdDidChange:` sets its queue to nil, so the next read
    /// loads the new user's): the store queue is saved under the old user's file and replaced
    /// by the one saved under `fileName`. The displayed and pending in-apps belong to the
    /// display manager, which is not a switch-user delegate: they stay.
    ///
    /// Makes no show attempt: the App Launched of the new user's session does.
    func switchStore(to fileName: String) {
        guard fileName != queueFileName else { return }
        if storage != nil, !isRetired {
            // The old user's queue, without the display manager's in-apps (they stay); not
            // written when the file already holds these bytes (saved at the last idle).
            let old: JSONValue = .object([
                "version": 1, "displayed": .null, "pending": .array([]), "queue": .array(queue.map(\.persisted)),
            ])
            do {
                saver.write(try Self.encodeJSON(old))
            } catch {
                reportError("templates: cannot save \(queueFileName): \(error)")
            }
        }
        queueFileName = fileName
        queue = []
        saver.assumeSaved(nil)
        guard let storage else { return }
        do {
            if let bytes = try storage.read(fileName) { queue = try Self.parseState(Self.decodeJSON(bytes)) }
        } catch {
            let aside = (try? storage.moveAside(fileName)) ?? "(not moved)"
            reportError("templates: \(fileName) is corrupt (\(error)); moved aside to \(aside)")
        }
        markChanged()
    }
}
