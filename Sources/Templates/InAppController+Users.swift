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
            if let bytes = try storage.read(fileName) {
                queue = try Self.parseState(Self.decodeJSON(bytes))
            } else if displayed == nil, pending.isEmpty {
                // A missing file reads as the empty state: a new user's empty queue costs no write.
                saver.assumeSaved(try? Self.encodeJSON(persistedState))
            }
        } catch let error as StorageError {
            // Unreadable (permissions, a directory in its place): kept as it is, never overwritten.
            saver.stop()
            reportError("templates: \(error); \(fileName) is kept as it is: this user's queue is not loaded "
                        + "and no queue is saved for the rest of the run: fix its permissions or move it away")
        } catch {
            let aside = (try? storage.moveAside(fileName)) ?? "(not moved)"
            reportError("templates: \(fileName) is corrupt (\(error)); moved aside to \(aside)")
        }
        markChanged()
    }
}
