import CJansson

/// The jansson library ctlua was built against.
public enum JanssonVersion {
    /// `2.14`: the release of the headers (Debian's `libjansson-dev`).
    public static let release = JANSSON_VERSION
}
