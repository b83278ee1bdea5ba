import Engine
import JSON

/// The users the simulated device has logged in (`CTLoginInfoProvider` and the device id of
/// `CTDeviceInfo`), saved as `users.json`: the current CleverTap ID, the CleverTap ID cached
/// for each identity (`"Identity:alice"`), and a counter of the IDs made so far.
///
/// The SDK keys every in-app store by account and device id; ctlua keeps one file per ID:
/// the first ID of the device uses `campaigns.json` and `inapp-queue.json`, later ones
/// `campaigns-<n>.json` and `inapp-queue-<n>.json`.
struct UserRegistry {
    /// The storage file of the registry.
    static let storageName = "users.json"
    /// The current CleverTap ID (a user switch changes it).
    var current = UserRegistry.deviceId(1)
    /// `"<key>:<identifier>"` → CleverTap ID (`cacheGUID:forKey:andIdentifier:`).
    var identities: [String: String] = [:]
    /// CleverTap IDs made so far (`forceNewDeviceID`): the next one is `count + 1`.
    var count = 1

    /// The CleverTap ID number `n` (deterministic, so transcripts are stable).
    static func deviceId(_ n: Int) -> String { "-ctlua-\(n)" }

    /// The number of a CleverTap ID made here (1 for anything else).
    static func number(_ deviceId: String) -> Int {
        Int(deviceId.dropFirst("-ctlua-".count)).map { min(max($0, 1), Int(maxCount)) } ?? 1
    }

    /// The most IDs a device makes (far past any test; a larger count in the file is corrupt).
    static let maxCount: Int64 = 1 << 40

    /// The file of the campaign state of the current user.
    var campaignsFile: String { Self.file(Campaigns.storageName, current) }
    /// The file of the store queue of the current user.
    var queueFile: String { Self.file(InAppController.storageName, current) }

    static func file(_ base: String, _ deviceId: String) -> String {
        let n = number(deviceId)
        guard n > 1, base.hasSuffix(".json") else { return base }
        return "\(base.dropLast(5))-\(n).json"
    }

    /// No identity was ever cached (`isAnonymousDevice`).
    var isAnonymousDevice: Bool { identities.isEmpty }

    /// A new CleverTap ID (`forceNewDeviceID`).
    mutating func makeDeviceId() -> String {
        count = min(count + 1, Int(Self.maxCount) + 1)
        return Self.deviceId(count)
    }

    var json: JSONValue {
        .object([
            "version": 1, "current": .string(current), "count": .integer(Int64(count)),
            "identities": .object(JSONObject(uniqueKeysWithValues: identities.keys.sorted().map { ($0, .string(identities[$0]!)) })),
        ])
    }

    static func read(_ json: JSONValue) -> UserRegistry? {
        guard case .object(let o) = json, o["version"]?.integerValue == 1, let current = o["current"]?.stringValue else { return nil }
        var r = UserRegistry()
        r.current = current
        // A count past any real device (a tampered file) would overflow the next ID: corrupt.
        guard let count = o["count"].map({ $0.integerValue }) ?? 1, (1...maxCount).contains(count) else { return nil }
        r.count = max(Int(count), number(current))
        for (k, v) in o["identities"]?.objectValue ?? [:] { if let id = v.stringValue { r.identities[k] = id } }
        return r
    }
}
