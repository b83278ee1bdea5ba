extension StandardTraits {
    static let decoration: [(type: String, source: String)] = []
}
