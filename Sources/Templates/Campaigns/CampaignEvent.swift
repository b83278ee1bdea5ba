import JSON

/// One event as triggers see it (SDK `CTEventAdapter`): a name, flattened properties,
/// Charged items, the user's location and, for a profile change, the attribute name.
public struct CampaignEvent: Sendable {
    /// The event name (`Charged`, `App Launched`, `<key>_change`, ...).
    public var name: String
    /// The properties triggers read.
    public var properties: JSONObject
    /// The Charged items (empty for other events).
    public var items: [JSONObject]
    /// The user's location (latitude, longitude), or nil when unknown.
    public var location: (latitude: Double, longitude: Double)?
    /// The profile attribute of a `<key>_change` event.
    public var profileAttrName: String?

    public init(name: String, properties: JSONObject? = nil, items: [JSONObject] = [],
                location: (latitude: Double, longitude: Double)? = nil, profileAttrName: String? = nil) {
        self.name = name
        self.properties = properties ?? [:]
        self.items = items
        self.location = location
        self.profileAttrName = profileAttrName
    }

    /// System property names (new and legacy) read from the app fields.
    static let systemProperties: [String: String] = [
        "CT App Version": "Version", "ct_app_version": "Version",
        "CT Latitude": "Latitude", "ct_latitude": "Latitude",
        "CT Longitude": "Longitude", "ct_longitude": "Longitude",
        "CT OS Version": "OS Version", "ct_os_version": "OS Version",
        "CT SDK Version": "SDK Version", "ct_sdk_version": "SDK Version",
        "CT Network Carrier": "Carrier", "ct_network_carrier": "Carrier",
        "CT Network Type": "Radio", "ct_network_type": "Radio",
        "CT Connected To WiFi": "wifi", "ct_connected_to_wifi": "wifi",
        "CT Bluetooth Version": "BluetoothVersion", "ct_bluetooth_version": "BluetoothVersion",
        "CT Bluetooth Enabled": "BluetoothEnabled", "ct_bluetooth_enabled": "BluetoothEnabled",
        "CT App Name": "appnId",
    ]

    /// The value a trigger condition reads for `name`: exact key, normalized key, a key
    /// normalized equal; then the aliases `Campaign id`↔`wzrk_id`, `Variant`↔`wzrk_pivot`
    /// and the system names (exact).
    public func propertyValue(_ name: String) -> JSONValue? {
        if let value = lookup(name) { return value }
        switch name {
        case "Campaign id": return lookup("wzrk_id")
        case "wzrk_id": return lookup("Campaign id")
        case "Variant": return lookup("wzrk_pivot")
        case "wzrk_pivot": return lookup("Variant")
        default: return Self.systemProperties[name].flatMap(lookup)
        }
    }

    private func lookup(_ name: String) -> JSONValue? {
        if let value = properties[name] { return value }
        let normalized = Self.normalize(name)
        if let value = properties[normalized] { return value }
        return properties.first { Self.normalize($0.key) == normalized }?.value
    }

    /// The values of `name` over every item that has it (exact, normalized, or normalized keys), or nil.
    public func itemValue(_ name: String) -> JSONValue? {
        let normalized = Self.normalize(name)
        var values: [JSONValue] = []
        for item in items {
            if let v = item[name] ?? item[normalized] ?? item.first(where: { Self.normalize($0.key) == normalized })?.value {
                values.append(v)
            }
        }
        return values.isEmpty ? nil : .array(values)
    }

    /// `CTUtils getNormalizedName`: every space removed, lowercased, trimmed.
    public static func normalize(_ name: String) -> String {
        if let ascii = NormalizedText.asciiNormalized(name) { return ascii }
        var ascii = true
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for b in name.utf8 {
            if b >= 0x80 { ascii = false; break }
            if b == 0x20 { continue }
            bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        if ascii {
            // Trim the remaining whitespace (tabs) as `whitespaceCharacterSet` does.
            while let last = bytes.last, last == 0x09 { bytes.removeLast() }
            while let first = bytes.first, first == 0x09 { bytes.removeFirst() }
            return String(decoding: bytes, as: UTF8.self)
        }
        return name.replacingOccurrences(of: " ", with: "").lowercased().trimmingCharacters(in: .whitespaces)
    }

    /// `CTUtils areEqualNormalizedName` (two nils are equal).
    public static func equalNormalized(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return normalize(a) == normalize(b)
        default: return false
        }
    }
}
