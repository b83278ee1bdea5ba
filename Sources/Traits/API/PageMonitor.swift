/// The pages of a container: how many, which one is current, and observers told of changes
/// (`(newIndex, oldIndex)`, 0-based). Setting the current page to itself notifies nobody.
public final class PageMonitor {
    /// The number of step views in the container.
    public let numberOfPages: Int
    /// The current page, 0-based.
    public private(set) var currentPage: Int
    private var observers: [(Int, Int) throws -> Void] = []

    public init(numberOfPages: Int, currentPage: Int) {
        self.numberOfPages = numberOfPages
        self.currentPage = currentPage
    }

    /// Adds an observer called with `(newIndex, oldIndex)` after each change.
    public func addObserver(_ observer: @escaping (Int, Int) throws -> Void) {
        observers.append(observer)
    }

    /// Removes every observer (the presentation ended).
    public func removeAllObservers() { observers.removeAll() }

    /// Changes the current page and notifies the observers in the order they were added; the
    /// first observer error stops the notification and is thrown.
    public func set(currentPage: Int) throws {
        let previous = self.currentPage
        guard currentPage != previous else { return }
        self.currentPage = currentPage
        for observer in observers { try observer(currentPage, previous) }
    }
}
