import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTNotificationActionTest.m`:
// 7 of its 8 cases, same names and outcomes (`testInitWithNotificationButton` concerns native
// in-app buttons, which ctlua does not render).
@Suite struct CTNotificationActionTest {
    @Test func testInitWithJSONCustom() {
        let action = NotificationAction(json: [
            "android": "", "close": 1, "ios": "", "kv": [:], "templateId": "6633c45ae2a2f07007c031a6",
            "templateName": "Function1", "type": "custom-code", "vars": ["string": "hello"],
        ])
        #expect(action.type == .custom)
        #expect(action.customTemplate?.templateId == "6633c45ae2a2f07007c031a6")
        #expect(action.customTemplate?.templateName == "Function1")
        #expect(action.customTemplate?.vars == ["string": "hello"])
    }

    @Test func testInitWithJSONOpenURL() {
        let action = NotificationAction(json: ["android": "https://example.com/", "close": 1, "ios": "https://example.com/", "kv": [:], "type": "url"])
        #expect(action.type == .url)
        #expect(action.actionURL == "https://example.com/")
        #expect(action.customTemplate == nil)
    }

    @Test func testInitWithJSONKV() {
        let action = NotificationAction(json: ["android": "", "close": 1, "ios": "", "kv": ["key": "value"], "type": "kv"])
        #expect(action.type == .kv)
        #expect(action.customTemplate == nil)
        #expect(action.keyValues == ["key": "value"])
    }

    @Test func testInitWithJSONClose() {
        #expect(NotificationAction(json: ["android": "", "close": 1, "ios": "", "kv": [:], "type": "close"]).type == .close)
    }

    @Test func testInitWithJSONRFP() {
        let action = NotificationAction(json: ["android": "", "close": 1, "ios": "", "kv": [:], "fbSettings": 1, "type": "rfp"])
        #expect(action.type == .rfp)
        #expect(action.fallbackToSettings)
    }

    @Test func testInitWithOpenURL() {
        let action = NotificationAction(openURL: "https://example.com/")
        #expect(action.type == .url && action.actionURL == "https://example.com/")
    }

    @Test func testInitWithCloseAction() {
        let action = NotificationAction.close
        #expect(action.type == .close && action.actionURL == nil && action.keyValues == nil && action.customTemplate == nil)
    }

    @Test func anUnknownTypeIsUnknown() {
        #expect(NotificationAction(json: ["type": "teleport"]).type == .unknown)
        #expect(NotificationAction(json: [:]).type == .unknown)
    }
}
