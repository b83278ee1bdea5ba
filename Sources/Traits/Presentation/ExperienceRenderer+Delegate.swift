import JSON

/// An app's presentation delegate, as the SDK's `AppcuesPresentationDelegate`: the app's own
/// (`Appcues.presentationDelegate`) or an embed frame's (`AppcuesFrameView.presentationDelegate`).
public struct PresentationDelegate {
    /// Called with the callback's name (``ExperienceRenderer/PresentationCallback``) and the
    /// metadata (`id`, `name`, `isOverlay`, `isEmbed`, `frameID`); the result counts for
    /// `canDisplayExperience` only (false refuses the presentation).
    public var call: (_ callback: ExperienceRenderer.PresentationCallback, _ metadata: JSONValue) throws -> Bool
    public init(_ call: @escaping (_ callback: ExperienceRenderer.PresentationCallback, _ metadata: JSONValue) throws -> Bool) {
        self.call = call
    }
}

extension ExperienceRenderer {
    /// The methods of the SDK's `AppcuesPresentationDelegate`.
    public enum PresentationCallback: String, CaseIterable, Sendable {
        case canDisplayExperience
        case experienceWillAppear
        case experienceDidAppear
        case experienceStepDidChange
        case experienceWillDisappear
        case experienceDidDisappear
    }

    /// The SDK's `ExperienceData.delegateMetadata()`: the id formatted (lower case), the name,
    /// `isOverlay` for the modal context, `isEmbed` and the `frameID` for an embed.
    public static func delegateMetadata(_ data: ExperienceData) -> JSONValue {
        let frame = frameID(data)
        var metadata: JSONObject = ["id": .string(Experience.formatted(data.model.id)), "name": .string(data.model.name),
                                    "isOverlay": .bool(frame == nil), "isEmbed": .bool(frame != nil)]
        if let frame { metadata["frameID"] = .string(frame) }
        return .object(metadata)
    }

    /// The delegates asked for `data`, in the SDK's order: its frame's (`clientControllerPresentationDelegate`), then the app's.
    private func presentationDelegates(for data: ExperienceData) -> [(String, PresentationDelegate)] {
        var delegates: [(String, PresentationDelegate)] = []
        if let frame = Self.frameID(data), let delegate = frames[frame]?.presentationDelegate { delegates.append(("frame", delegate)) }
        if let presentationDelegate { delegates.append(("app", presentationDelegate)) }
        return delegates
    }

    /// Tells the delegates (`experienceWillAppear`, ...): each call is a `presentation.delegate`
    /// event (`callback`, `metadata`, `delegate`: `frame` or `app`); an error is recorded
    /// (source `presentationDelegate <callback>`) and the presentation goes on.
    func notifyDelegates(_ callback: PresentationCallback, _ data: ExperienceData) {
        let delegates = presentationDelegates(for: data)
        guard !delegates.isEmpty else { return }
        let metadata = Self.delegateMetadata(data)
        for (owner, delegate) in delegates {
            transcript.record("presentation.delegate", ["callback": .string(callback.rawValue), "metadata": metadata, "delegate": .string(owner)])
            do { _ = try delegate.call(callback, metadata) } catch {
                transcript.record("error", ["message": .string(ExperienceRenderer.message(error)),
                                            "source": .string("presentationDelegate \(callback.rawValue)")])
            }
        }
    }

    /// `canDisplayExperience(metadata:)` of each delegate until one refuses (an error refuses);
    /// each answer is a `presentation.delegate` event with its `result`.
    func delegatesAllow(_ data: ExperienceData) -> Bool {
        let delegates = presentationDelegates(for: data)
        guard !delegates.isEmpty else { return true }
        let metadata = Self.delegateMetadata(data)
        for (owner, delegate) in delegates {
            var allowed = false
            do { allowed = try delegate.call(.canDisplayExperience, metadata) } catch {
                transcript.record("error", ["message": .string(ExperienceRenderer.message(error)),
                                            "source": .string("presentationDelegate canDisplayExperience")])
            }
            transcript.record("presentation.delegate", ["callback": "canDisplayExperience", "metadata": metadata,
                                                        "delegate": .string(owner), "result": .bool(allowed)])
            if !allowed { return false }
        }
        return true
    }
}
