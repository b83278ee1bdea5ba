import Engine
import JSON
import SystemKit

/// The campaign steps and transcript events of the templates plug-in (campaigns docs).
extension TemplatesSystem {
    static var campaignSteps: [SystemStep<TemplatesSystem>] {
        [
            SystemStep(
                "event", value: .string, parameters: ["props": .object], input: UserEvent.self,
                summary: "records an event (`app.event`): nested props flatten to `a.b`; evaluated against server-side, client-side and delayed in-apps",
                example: #"{"event": "Product Viewed", "props": {"price": 60}}"#
            ) { system, event, _ in system.campaigns.recordUserEvent(event.name, properties: event.props) },
            SystemStep(
                "charged", value: .record(members: ["details": .object, "items": .arrayOf(.object)], required: []), input: Charged.self,
                summary: "records a Charged event with details and items (`app.charged`); triggers may test `itemProperties`",
                example: #"{"charged": {"details": {"Amount": 120}, "items": [{"name": "shoe", "price": 60}]}}"#
            ) { system, charged, _ in system.campaigns.recordUserCharged(details: charged.details, items: charged.items) },
            SystemStep(
                "profile", value: .object, input: JSONObject.self,
                summary: "pushes profile properties (`app.profile`): one `<key>_change` event per changed key",
                example: #"{"profile": {"tier": "gold"}}"#
            ) { system, profile, _ in system.campaigns.pushUserProfile(profile) },
            SystemStep(
                "location", value: .arrayOf(.number), input: Location.self,
                summary: "sets the user's location `[lat, lng]` (`app.location`): used by `geoRadius` of later events",
                example: #"{"location": [52.52, 13.40]}"#
            ) { system, location, _ in system.campaigns.setLocation(latitude: location.latitude, longitude: location.longitude) },
            SystemStep(
                "background", value: .boolean, input: Bool.self,
                summary: "sends the app to background (`app.background`): timers pause, nothing shows",
                example: #"{"background": true}"#
            ) { system, _, _ in system.campaigns.background() },
            SystemStep(
                "foreground", value: .anyOf([.boolean, .object]), input: Foreground.self,
                summary: "brings the app to foreground (`app.foreground`): timers resume or are discarded; after 20 minutes without events a new session starts (an object: the launch's response)",
                example: #"{"foreground": true}"#
            ) { system, foreground, _ in system.foreground(response: foreground.response) },
            SystemStep(
                "reset", value: .boolean, input: Bool.self,
                summary: "a fresh install (`app.reset`): every campaign store and counter wiped, new session",
                example: #"{"reset": true}"#
            ) { system, _, _ in system.campaigns.reset() },
            SystemStep(
                "login", value: .anyOf([.string, .object]), parameters: ["props": .object], input: Login.self,
                summary: "`app.login` (`onUserLogin:`): an identity, or a profile with `Identity`/`Email`; a new identity on a device that already has one switches to a new user (their own counters, lists and queue), a known one switches back",
                example: #"{"login": "user-2"}"#
            ) { system, login, _ in system.campaigns.login(login.profile) },
            SystemStep(
                "delegate", value: .anyOf([.null, .record(members: ["shouldShow": .boolean, "veto": .arrayOf(.anyOf([.string, .number])), "shouldHandleURL": .boolean], required: [])]),
                input: Delegate.self, summary: "sets the app's in-app delegate (`app.delegate`) with fixed answers: `shouldShow` (false: every in-app is refused), `veto` (the campaign ids refused), `shouldHandleURL` (false: URL actions are not opened); null removes it",
                example: #"{"delegate": {"veto": [1001]}}"#
            ) { system, answers, _ in
                guard let answers = answers.fixed else {
                    system.controller.appDelegate = nil
                    return
                }
                let delegate = InAppAppDelegate()
                let show = answers.shouldShow
                let veto = answers.veto
                if show != nil || !veto.isEmpty {
                    delegate.shouldShow = { n, _ in
                        guard show ?? true else { return false }
                        return !veto.contains(CampaignData.campaignId(n.json) ?? "")
                    }
                }
                if let open = answers.shouldHandleURL { delegate.shouldHandleURL = { _ in open } }
                system.controller.appDelegate = delegate
            },
            SystemStep(
                "suspend", value: .boolean, input: Bool.self,
                summary: "suspends in-app rendering (`templates.suspend`): show attempts do nothing",
                example: #"{"suspend": true}"#
            ) { system, _, _ in system.controller.suspend() },
            SystemStep(
                "discard", value: .anyOf([.boolean, .record(members: ["dismissVisible": .boolean], required: [])]), input: Discard.self,
                summary: "discards in-apps (`templates.discard`): each show attempt drops the head in-app; `dismissVisible` hides the displayed one",
                example: #"{"discard": {"dismissVisible": true}}"#
            ) { system, discard, _ in system.controller.discard(dismissVisible: discard.dismissVisible) },
            SystemStep(
                "resume", value: .boolean, input: Bool.self,
                summary: "resumes in-app rendering (`templates.resume`) and makes a show attempt",
                example: #"{"resume": true}"#
            ) { system, _, _ in system.controller.resume() },
        ]
    }

    /// `{"event": name, "props"?}`.
    struct UserEvent: StepInput {
        let name: String, props: JSONObject
        init(step: StepReader) throws(LocatedProblem) {
            name = try step.value.string()
            props = try step.parameter("props").optionalObject() ?? [:]
        }
    }

    /// `{"charged": {"details"?, "items"?}}`.
    struct Charged: StepInput {
        let details: JSONObject, items: [JSONObject]
        init(step: StepReader) throws(LocatedProblem) {
            details = try step.value["details"].optionalObject() ?? [:]
            var items: [JSONObject] = []
            for item in try step.value["items"].optionalArray() ?? [] { items.append(try item.object()) }
            self.items = items
        }
    }

    /// `{"location": [latitude, longitude]}`.
    struct Location: StepInput {
        let latitude: Double, longitude: Double
        init(step: StepReader) throws(LocatedProblem) {
            let values = try step.value.array()
            guard values.count == 2 else { throw step.value.problem("location needs [latitude, longitude], got \(values.count) number\(values.count == 1 ? "" : "s")") }
            latitude = try values[0].number()
            longitude = try values[1].number()
        }
    }

    /// `{"foreground": true}` or the launch's response.
    struct Foreground: StepInput {
        let response: JSONObject?
        init(step: StepReader) throws(LocatedProblem) {
            response = step.value.value?.objectValue == nil ? nil : try step.value.object()
        }
    }

    /// `{"login": identity}` or a profile, with `props` added where the profile has no such key.
    struct Login: StepInput {
        let profile: JSONObject
        init(step: StepReader) throws(LocatedProblem) {
            var profile: JSONObject
            if let identity = step.value.value?.stringValue { profile = ["Identity": .string(identity)] } else { profile = try step.value.object() }
            for (key, value) in try step.parameter("props").optionalObject() ?? [:] where profile[key] == nil { profile[key] = value }
            self.profile = profile
        }
    }

    /// `{"delegate": null}` (removes it) or fixed answers.
    struct Delegate: StepInput {
        struct Answers: Sendable { let shouldShow: Bool?, veto: Set<String>, shouldHandleURL: Bool? }
        let fixed: Answers?
        init(step: StepReader) throws(LocatedProblem) {
            guard !step.value.isAbsent else { fixed = nil; return }
            var veto: Set<String> = []
            for id in try step.value["veto"].optionalArray() ?? [] {
                guard let campaign = CampaignData.campaignId(.object(["ti": try id.any()])) else { throw id.problem("expected a campaign id") }
                veto.insert(campaign)
            }
            fixed = Answers(shouldShow: try step.value["shouldShow"].optionalBool(), veto: veto,
                            shouldHandleURL: try step.value["shouldHandleURL"].optionalBool())
        }
    }

    /// `{"discard": true}` or `{"discard": {"dismissVisible"?}}`.
    struct Discard: StepInput {
        let dismissVisible: Bool
        init(step: StepReader) throws(LocatedProblem) {
            dismissVisible = step.value.value?.objectValue == nil ? false : try step.value["dismissVisible"].bool(default: false)
        }
    }

    static var campaignEventTypes: [EventType] {
        [
            EventType("event.recorded", fields: ["name", "props"], meaning: "an event was recorded: `app.event`, `app.charged`, a profile change, App Launched, Notification Viewed/Clicked"),
            EventType("validation.error", fields: ["code", "message", "(event)", "(details)"],
                      meaning: "the SDK's validation reported an error for an event, Charged or a profile (`CTValidationResult`: code and message; `details`: the sub-results of a changed event name); the cleaned name and data are recorded"),
            EventType("event.dropped", fields: ["name", "code", "message"],
                      meaning: "an event was not recorded: empty name, or a restricted (`App Launched`, `Notification Viewed`, ...) or discarded name (513)"),
            EventType("session.started", fields: [], meaning: "a new session (launch, foreground after 20 minutes, reset): session counts back to 0"),
            EventType("inapp.response", fields: ["keys"], meaning: "a server response was handled (`templates.deliver`, a launch's response)"),
            EventType("inapp.mode", fields: ["mode", "cleared"], meaning: "a response's `inapp_delivery_mode` (null: absent) changed the mode and cleared stored lists (`setMode:`): `cleared` maps each list that held in-apps (`cs`, `ss`, `ssInAction`) to the ids it held"),
            EventType("inapp.triggered", fields: ["ti", "event", "list", "eligible"],
                      meaning: "an event matched an in-app's triggers (its trigger count +1); `eligible`: its limits passed; `list`: `cs`, `cs-delayed`, `ss`, `ss-inaction`, `applaunched`..."),
            EventType("inapp.suppressed", fields: ["ti", "wzrk_id"], meaning: "a selected in-app with `suppressed: true` was recorded instead of shown"),
            EventType("inapp.evaluated", fields: ["ti"], meaning: "a server-side in-app matched: its id goes to `inapps_eval` for the next request"),
            EventType("inapp.scheduled", fields: ["ti", "kind", "due"], meaning: "a delayed or in-action timer started (`due`: engine time)"),
            EventType("inapp.fired", fields: ["ti", "kind", "due"], meaning: "a delayed or in-action timer ended"),
            EventType("inapp.fetch", fields: ["tgtId"], meaning: "an in-action timer ended: the SDK asks the server for the content (`wzrk_fetch`)"),
            EventType("inapp.rendering", fields: ["status", "(dismissVisible)"], meaning: "`suspend`, `discard` or `resume`"),
            EventType("notification.viewed", fields: ["wzrk_id", "props"], meaning: "an in-app called `presented()`: caps counted, Notification Viewed recorded"),
            EventType("notification.clicked", fields: ["wzrk_id", "props", "wzrk_c2a"], meaning: "an action was triggered: Notification Clicked recorded first"),
            EventType("app.background", fields: [], meaning: "the app went to background"),
            EventType("app.foreground", fields: [], meaning: "the app came back to foreground"),
            EventType("app.reset", fields: [], meaning: "a fresh install: campaign stores and counters wiped"),
            EventType("app.login", fields: ["identity", "deviceId", "switched"],
                      meaning: "`app.login` (`onUserLogin:`): `switched` when the user changed (`deviceId`: the CleverTap ID now current, whose counters, lists and queue are loaded)"),
            EventType("delegate.show", fields: ["id", "template", "ti", "show"], meaning: "the app's `shouldShow` callback answered (false: the in-app is skipped, reason `delegate`)"),
            EventType("delegate.shown", fields: ["id", "template", "ti"], meaning: "the app's `didShow` callback ran (`inAppNotificationDidShow:`)"),
            EventType("delegate.tapped", fields: ["kv"], meaning: "the app's `buttonTapped` callback ran for a `kv` action"),
            EventType("delegate.dismissed", fields: ["id", "template", "ti", "extras", "actionExtras"], meaning: "the app's `dismissed` callback ran (`inAppNotificationDismissedWithExtras:andActionExtras:`)"),
            EventType("delegate.url", fields: ["url", "channel", "open"], meaning: "the app's `shouldHandleURL` callback answered for a `url` action (false: not opened)"),
            EventType("system.function", fields: ["name", "(url)", "(fbSettings)", "presented"],
                      meaning: "a system app function ran (`ctsystem_openurl`, `ctsystem_apprating`, `ctsystem_pushpermission`): what the device would do, and whether it counts as presented"),
        ]
    }
}
