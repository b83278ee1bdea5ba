extension StandardTraits {
    static let presentation: [(type: String, source: String)] = []
}
