import Engine
import JSON

/// User switching (`CleverTap onUserLogin:` → `_asyncSwitchUser:` → `CTSwitchUserDelegate
/// deviceIdDidChange:`), campaigns docs "Users".
extension Campaigns {
    /// The identity keys the SDK reads (`CleverTapIdentifiers` default: Identity and Email).
    static let identityKeys = ["Identity", "Email"]

    /// The current CleverTap ID.
    public var deviceId: String { users.current }

    /// Reads `users.json` and replays `users.journal` over it (missing: the device's first ID;
    /// corrupt: moved aside, reported; unreadable: kept, in `unreadable`). A torn last journal
    /// record (never acknowledged) is cut off.
    func loadUsers() {
        guard let storage else { return }
        var snapshotIdentities = 0
        for name in [UserRegistry.storageName, UsersJournal.fileName] {
            do {
                guard let bytes = try storage.read(name) else { continue }
                if name == UserRegistry.storageName {
                    guard let r = UserRegistry.read(try InAppController.decodeJSON(bytes)) else {
                        throw InAppController.PersistenceError.malformed("not a version 1 object")
                    }
                    users = r
                    snapshotIdentities = r.identities.count
                } else {
                    let journal = try UsersJournal.parse(bytes)
                    for record in journal.records { users.apply(record) }
                    if journal.length < bytes.count { try storage.truncate(name, to: journal.length) }
                    usersJournal.assumeSaved(users, records: journal.records.count, length: journal.length, snapshotIdentities: snapshotIdentities)
                }
            } catch let error as StorageError {
                unreadable = unreadable ?? Self.refusal(error, file: name)
            } catch {
                let aside = (try? storage.moveAside(name)) ?? "(not moved)"
                transcript.record("error", ["message": .string("templates: \(name) is corrupt (\(error)); moved aside to \(aside)")])
            }
        }
        usersJournal.assumeSaved(users, records: usersJournal.records, length: usersJournal.length, snapshotIdentities: snapshotIdentities)
    }

    /// Marks the users changed: a journal record (durable) once the driving call's run loop is
    /// idle, before the call returns, so a switch survives `kill -9` once acknowledged.
    func saveUsers() {
        guard !isRetired else { return }
        usersJournal.markChanged()
    }

    /// Caches the current CleverTap ID for each identity of a profile push (`cacheGUIDSforProfile:`).
    func cacheIdentities(_ profile: JSONObject) {
        for key in Self.identityKeys {
            guard let text = profile[key].flatMap(Self.identifier), !text.isEmpty else { continue }
            let cacheKey = key + ":" + text
            if users.identities[cacheKey] == nil {
                users.identities[cacheKey] = users.current
                usersJournal.cache(cacheKey, users.current)
            }
        }
    }

    /// The identifier text of a primitive value (`"%@"`), nil for tables and null.
    static func identifier(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .double(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        case .bool(let b): return b ? "1" : "0"
        default: return nil
        }
    }

    /// `onUserLogin:`. Without an identity, or on a device where no identity was ever pushed,
    /// or when the identity maps to the current ID, the profile is pushed on the current user.
    /// Otherwise the user switches to the ID cached for the identity (or a new one): the new
    /// user's stores are loaded, a new session starts with App Launched, then the profile is
    /// pushed and client-side in-apps are evaluated for App Launched.
    public func login(_ profile: JSONObject) {
        var haveIdentifier = false
        var cached: String?
        for key in Self.identityKeys {
            guard let value = profile[key] else { continue }
            guard let text = Self.identifier(value) else {
                transcript.record("log", ["message": .string("onUserLogin: Aborting the operation. Non-primitive value for the identifier key = \(key)")])
                return
            }
            guard !text.isEmpty else { continue }
            haveIdentifier = true
            cached = users.identities[key + ":" + text]
            if cached != nil { break }
        }
        let identity = Self.identityKeys.lazy.compactMap { profile[$0].flatMap(Self.identifier) }.first
        func record(_ switched: Bool) {
            transcript.record("app.login", [
                "identity": identity.map(JSONValue.string) ?? .null, "deviceId": .string(users.current), "switched": .bool(switched),
            ])
        }
        if !haveIdentifier || users.isAnonymousDevice || cached == users.current {
            record(false)
            self.profile(profile)
            return
        }
        let target = cached ?? users.makeDeviceId()
        switchUser(to: target)
        record(true)
        startSession()
        self.profile(profile)
        onAppLaunched(success: true)
    }

    /// `deviceIdDidChange:` on every switch-user delegate, with what each does in the SDK:
    /// `CTImpressionManager` resets the session and forgets cached impressions,
    /// `CTInAppFCManager` reloads the counts, `CTInAppTriggerManager` reads the new user's keys,
    /// `CTInAppStore` reloads the queue and every in-app list. Everything they read is the
    /// new user's. `CTInAppEvaluationManager` is not a switch-user delegate: the evaluated
    /// and suppressed ids in memory stay and go with the new user. The display manager is
    /// not one either: the displayed and pending in-apps, timers, the in-action cache, the
    /// delivery mode and location stay.
    func switchUser(to target: String) {
        // The old user's state is written now: the new user's file is read next.
        saver.saveNow()
        let evaluated = data.evaluated, evaluatedProfile = data.evaluatedProfile, suppressed = data.suppressed
        users.current = target
        saveUsers()
        dataFileName = users.campaignsFile
        saver.assumeSaved(nil)
        load(switching: true)
        data.evaluated = evaluated
        data.evaluatedProfile = evaluatedProfile
        data.suppressed = suppressed
        markChanged()
        controller.switchStore(to: users.queueFile)
    }
}
