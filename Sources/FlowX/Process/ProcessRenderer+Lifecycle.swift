import Engine
import JSON
import OrderedCollections

/// The call-time options of the SDK's `startProcess(workspaceId:projectId:name:params:isModal:
/// showLoader:completion:onProcessEnded:)` and `continueExistingProcess(uuid:name:isModal:...)`.
public struct StartOptions {
    public var workspaceId: String?
    public var projectId: String?
    /// Shown modally; nil: the definition's `modal`.
    public var isModal: Bool?
    /// Ask for the `startProcess` loader (the SDK's default is false).
    public var showLoader = false
    /// Called when the process reaches its end (not when the app stops it).
    public var onProcessEnded: (() -> Void)?
    /// The SDK's `onProcessStarted(uuid)`: called with the new instance's uuid once it started
    /// (before its first screen is shown). Not called by a continue.
    public var onProcessStarted: ((String) -> Void)?

    public init(workspaceId: String? = nil, projectId: String? = nil, isModal: Bool? = nil, showLoader: Bool = false,
                onProcessEnded: (() -> Void)? = nil) {
        self.workspaceId = workspaceId
        self.projectId = projectId
        self.isModal = isModal
        self.showLoader = showLoader
        self.onProcessEnded = onProcessEnded
    }
}

extension ProcessRenderer {
    // MARK: Session

    /// The SDK's `startSession()`: optional, the first start opens the session lazily.
    public func startSession() {
        guard !sessionStarted else { return }
        sessionStarted = true
        transcript.record("flowx.session.started", [:])
    }

    /// The SDK's `endSession()`: stops every started process (a complete clean-up).
    public func endSession() {
        for instance in instances where instance.state == .running { finish(instance, as: .stopped, showParent: false) }
        sessionStarted = false
        transcript.record("flowx.session.ended", [:])
    }

    // MARK: Starting, continuing, stopping

    /// Starts a process by name and shows its first screen; errors are thrown (the Swift and
    /// `flowx.start` form). ``startProcess(_:params:options:)`` is the SDK's form.
    @discardableResult
    public func start(_ name: String, params: JSONObject = [:], options: StartOptions = StartOptions()) throws(RendererError) -> ProcessInstance {
        try start(name, params: params, options: options, parent: nil, present: true)
    }

    /// The SDK's `startProcess`: the new instance's uuid, or `""` when it could not start (the
    /// reason is recorded as `flowx.process.failed`); it never throws.
    @discardableResult
    public func startProcess(_ name: String, params: JSONObject = [:], options: StartOptions = StartOptions(),
                             uiFlow: Bool = false) -> String {
        do {
            return try start(name, params: params, options: options, parent: nil, present: true, uiFlow: uiFlow).uuid
        } catch {
            transcript.record("flowx.process.failed", ["process": .string(name), "reason": .string(error.description)])
            return ""
        }
    }

    func start(_ name: String, params: JSONObject, options: StartOptions = StartOptions(), parent: ProcessInstance?,
               present: Bool, uiFlow: Bool = false) throws(RendererError) -> ProcessInstance {
        guard configuration != nil else { throw .configuration(.notConfigured) }
        guard let definition = definitions[name] else { throw .unknownProcess(name, known: definitions.keys.sorted()) }
        try checkReadyToStart()
        startSession()
        if options.showLoader || parent != nil { loader(.startProcess) }
        let instance = ProcessInstance(uuid: ProcessInstance.uuid(number: instances.count + 1), definition: definition,
                                       parent: parent, data: params)
        if let isModal = options.isModal { instance.isModal = isModal }
        instance.isUIFlow = uiFlow
        instance.onProcessEnded = options.onProcessEnded
        instances.append(instance)
        latest = instance
        var fields: JSONObject = ["process": .string(name), "uuid": .string(instance.uuid), "modal": .bool(instance.isModal)]
        if let workspaceId = options.workspaceId { fields["workspaceId"] = .string(workspaceId) }
        if let projectId = options.projectId { fields["projectId"] = .string(projectId) }
        if uiFlow { fields["uiFlow"] = true }
        transcript.record("flowx.process.started", fields)
        options.onProcessStarted?(instance.uuid)
        if present {
            clearScreen()
            current = instance
            show(instance.screen, of: instance)
        }
        return instance
    }

    /// The SDK's `continueExistingProcess(uuid:name:isModal:...)`: shows a running process again
    /// (its current screen, after a `reloadProcess` loader). `name`, when given, must be its name.
    public func resume(_ uuid: String, name: String? = nil, options: StartOptions? = nil) throws(RendererError) {
        guard let instance = instances.first(where: { $0.uuid == uuid }) else { throw .unknownInstance(uuid) }
        if let name, name != instance.definition.name { throw .wrongName(uuid, name: name, actual: instance.definition.name) }
        guard instance.state == .running else { throw .notRunning(instance.definition.name, instance.state.rawValue) }
        try checkReadyToStart()
        if let options {
            if let isModal = options.isModal { instance.isModal = isModal }
            if let onEnded = options.onProcessEnded { instance.onProcessEnded = onEnded }
        }
        // `showLoader` "a boolean indicating whether the loader should be displayed", default false.
        if options?.showLoader == true { loader(.reloadProcess) }
        clearScreen()
        current = instance
        transcript.record("flowx.process.resumed", ["process": .string(instance.definition.name), "uuid": .string(uuid)])
        show(instance.screen, of: instance)
    }

    /// The SDK's `continueLatestProcess`: continues the latest process started (the instance the
    /// renderer tracks), as `continueExistingProcess` does with its uuid. Its uuid, or `""` when
    /// there is none running (the reason recorded as `flowx.process.failed`); it never throws.
    @discardableResult
    public func continueLatestProcess(options: StartOptions? = nil) -> String {
        guard let instance = latest else {
            transcript.record("flowx.process.failed", ["process": .null, "reason": "flowx: continueLatestProcess: no process was started"])
            return ""
        }
        do {
            try resume(instance.uuid, options: options)
            return instance.uuid
        } catch {
            transcript.record("flowx.process.failed", ["process": .string(instance.definition.name), "reason": .string(error.description)])
            return ""
        }
    }

    /// The SDK's `updateAuthorization(token:)`: "When the access token of the auth session
    /// changes, you can update it in the renderer": the session's token is replaced.
    public func updateAuthorization(token: String) {
        sessionToken = token
    }

    /// The SDK's `stopProcess(name:)`: cleans up every running instance of that process. One on
    /// screen leaves it; the process that started it, if running, shows again.
    public func stopProcess(_ name: String) {
        let running = instances.filter { $0.definition.name == name && $0.state == .running }
        if running.isEmpty { transcript.record("flowx.process.stopped", ["process": .string(name), "running": false]) }
        for instance in running { finish(instance, as: .stopped) }
    }

    /// The user taps the close button of the modal process shown: the data source's
    /// `dismissRequested` runs and decides. As in the SDK, the renderer itself closes nothing:
    /// the app keeps the process, or asks for a confirmation and then calls `stopProcess`.
    public func dismiss() throws(RendererError) {
        guard let instance = current, instance.state == .running else { throw .noProcess }
        guard instance.isModal else { throw .notModal(instance.definition.name) }
        transcript.record("flowx.dismiss.requested", ["process": .string(instance.definition.name), "uuid": .string(instance.uuid)])
        contained("dismissRequested") { try self.dataSource.dismissRequested(process: instance.definition.name) }
    }

    /// A `startProject` action: the new process starts but is not shown; `newProcessStarted(uuid)`
    /// leaves its presentation to the app (`continueExistingProcess`), as in the SDK.
    func startProject(_ name: String, from instance: ProcessInstance) throws(RendererError) {
        let started = try start(name, params: [:], parent: instance, present: false)
        contained("newProcessStarted") { try self.dataSource.newProcessStarted(uuid: started.uuid) }
    }

    /// Ends `instance` (ended or stopped); one on screen leaves it and its parent, if running,
    /// shows again. `onProcessEnded` runs for an end.
    func finish(_ instance: ProcessInstance, as state: ProcessInstance.State, showParent: Bool = true) {
        guard instance.state == .running else { return }
        instance.state = state
        let fields: JSONObject = ["process": .string(instance.definition.name), "uuid": .string(instance.uuid)]
        if state == .ended { transcript.record("flowx.process.ended", fields) } else { transcript.record("flowx.process.stopped", fields) }
        let onEnded = instance.onProcessEnded
        instance.onProcessEnded = nil
        if current === instance {
            clearScreen()
            current = nil
            if showParent, let parent = instance.parent, parent.state == .running { try? resume(parent.uuid, options: StartOptions(showLoader: true)) }
        }
        if state == .ended, let onEnded { onEnded() }
    }

    /// The SDK's order: configuration, session (`FXSessionConfig`), theme, then start or continue.
    func checkReadyToStart() throws(RendererError) {
        guard configuration != nil else { throw .configuration(.notConfigured) }
        guard theme != nil else { throw .themeNotSetUp }
    }
}
