import Engine
import JSON
import SystemKit

/// The steps and events of native in-apps, the push primer and the HTML JS bridge.
extension TemplatesSystem {
    static var nativeSteps: [SystemStep<TemplatesSystem>] {
        [
            SystemStep(
                "promptPushPrimer", value: .object, input: JSONObject.self,
                summary: "`app.promptPushPrimer` (`CTLocalInApp` + `promptPushPrimer:`): while push is not enabled, shows the local push primer at once (`inAppType` `alert` or `half-interstitial`, `titleText`, `messageText`, `positiveBtnText`, `negativeBtnText`, `followDeviceOrientation`, `fallbackToSettings`, colors, `imageUrl`); its first button asks the OS, the second declines",
                example: #"{"promptPushPrimer": {"titleText": "Stay informed", "messageText": "Allow notifications?", "positiveBtnText": "Allow", "negativeBtnText": "Later"}}"#
            ) { system, options, _ in
                // The same table as `app.promptPushPrimer`'s, read by its one reader.
                let local = try PushPrimerBinding.localInApp(options) { SystemError("promptPushPrimer: \($0)") }
                system.campaigns.promptPushPrimer(local.settings)
            },
            SystemStep(
                "promptForPushPermission", value: .boolean, input: Bool.self,
                summary: "`app.promptForPushPermission(fallbackToSettings)`: the OS prompt when push is not determined (answered with `pushAnswer`); when denied, the app's settings if the value is true",
                example: #"{"promptForPushPermission": true}"#
            ) { system, fallbackToSettings, _ in
                system.campaigns.promptForPushPermission(fallbackToSettings: fallbackToSettings)
            },
            SystemStep(
                "jsBridge", value: .named("a JS bridge message `{\"action\": ...}`", .custom { value, path in
                    guard let o = value.objectValue else { return [(path, "expected an object, got \(value.typeName)")] }
                    guard let action = o["action"] else { return [(path, "missing member 'action'")] }
                    return ValueShape.string.check(action, at: path.key("action"))
                }), input: JSONObject.self,
                summary: "a message an HTML in-app's page posts to the SDK's JS bridge (`templates.jsBridge`): `recordEventWithProps`, `profilePush`, `recordChargedEvent`, `onUserLogin`, `triggerInAppAction` (`actionJson`, `callToAction`, `buttonId`), `dismissInAppNotification`, `promptForPushPermission` (`showFallbackSettings`)",
                example: #"{"jsBridge": {"action": "triggerInAppAction", "actionJson": {"type": "close"}, "callToAction": "No thanks"}}"#
            ) { system, message, _ in system.jsBridge(message) },
            SystemStep(
                "device", value: .record(members: ["online": .boolean, "landscape": .boolean, "pushStatus": .string, "pushAnswer": .boolean,
                                                 "discardedEvents": .arrayOf(.string)], required: []),
                input: JSONObject.self, summary: "changes the simulated device (`app.configure`): `online` (false: HTML in-apps are dropped), `landscape` (the orientation native in-apps are checked against), `pushStatus` (`notDetermined`, `denied`, `authorized`), `pushAnswer` (what the user answers to the OS prompt), `discardedEvents` (event names the SDK's validation drops)",
                example: #"{"device": {"online": false}}"#
            ) { system, options, _ in
                // The same table as `app.configure`'s, read by its one reader.
                try PushPrimerBinding.configure(system, options) { SystemError("device: \($0)") }
            },
        ]
    }

    static var nativeEventTypes: [EventType] {
        [
            EventType("native.presenting", fields: ["id", "template", "(ti)", "type"],
                      meaning: "a native in-app (interstitial, cover, header, footer, alert, image-only, PiP, HTML, a local push primer) is shown as headless views (`inapp`, `inapp.title`, `inapp.message`, `inapp.media`, `inapp.button.N`, `inapp.close`, `inapp.html`)"),
            EventType("native.presented", fields: ["id", "template", "(ti)", "type"],
                      meaning: "the native in-app is on screen (`notificationDidShow:`): caps counted, Notification Viewed, the app's `didShow`"),
            EventType("native.dismissed", fields: ["id", "template", "(ti)", "type"],
                      meaning: "the native in-app was hidden (a button, the close button, `close`, the JS bridge): the next in-app may show"),
            EventType("push.prompt", fields: ["fbSettings", "status", "presented"],
                      meaning: "the SDK asked for push permission (`promptForPushPermission`, a primer's accept, an `rfp` button): `presented` when the OS prompt appeared (status `notDetermined`)"),
            EventType("push.response", fields: ["accepted"], meaning: "the push permission answer (the OS prompt, or a primer declined)"),
            EventType("push.settings", fields: [], meaning: "push was denied and the fallback opened the app's notification settings"),
            EventType("html.bridge", fields: ["action", "known"], meaning: "an HTML in-app's page posted a JS bridge message"),
        ]
    }
}
