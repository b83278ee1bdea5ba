/// Where a navigation comes from: the three places the SDK runs screen hooks.
public enum InvocationPoint: String, Sendable, CaseIterable {
    /// Opening a screen from a cell tap: the screen is pushed.
    case cell
    /// Opening a screen from the navigation bar: the screen is pushed.
    case navbar
    /// Root navigation (menu, tabs): the screen replaces the whole stack.
    case menu
    /// A screen-picker tab switch: the screen replaces the top of the stack.
    case picker

    /// `cell, navbar, menu, picker` for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
