extension StandardTraits {
    static let targeting: [(type: String, source: String)] = []
}
