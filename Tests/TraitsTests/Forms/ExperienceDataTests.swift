import JSON
import Testing
@testable import Traits

/// The SDK's `ExperienceDataTests`: form items of option selects (validation, order, bounds,
/// leading fill), named after the SDK's cases.
@Suite struct ExperienceDataTests {
    /// The SDK tests' `OptionSelectModel(selectMode:optionCount:...)`: options "0"…"n-1", control hidden.
    static func model(_ mode: ExperienceComponent.FormModel.SelectMode, options: Int, min: Int?, max: Int?,
                      defaults: [String] = [], leadingFill: Bool = false) -> ExperienceComponent.FormModel {
        let spacer = ExperienceComponent(type: "spacer", id: "s", properties: [:], children: [], form: nil)
        return ExperienceComponent.FormModel(
            kind: "optionSelect", label: "Label", attributeName: nil, defaultValue: defaults, required: (min ?? 0) > 0, selectMode: mode,
            options: (0..<options).map { .init(value: "\($0)", content: spacer, selectedContent: nil) }, minSelections: min,
            maxSelections: max, leadingFill: leadingFill, controlPosition: "hidden", maxLength: nil)
    }

    @Test func testSingleSelectRequired() {
        var item = FormItem(model: Self.model(.single, options: 5, min: 1, max: nil))
        #expect(!item.isSatisfied)
        item.setValue("2")
        #expect(item.isSatisfied && item.value.text == "2")
        item.setValue("4")
        #expect(item.isSatisfied && item.value.text == "4")
    }

    @Test func testMultiSelectOrder() {
        var item = FormItem(model: Self.model(.multi, options: 5, min: nil, max: nil))
        #expect(item.isSatisfied)
        var seen: [String] = []
        for value in ["0", "1", "0", "0"] {
            item.setValue(value)
            seen.append(item.value.text)
        }
        #expect(seen == ["0", "0\n1", "1", "1\n0"])
    }

    @Test func testMultiSelectMinSelections() {
        var item = FormItem(model: Self.model(.multi, options: 5, min: 1, max: nil))
        #expect(!item.isSatisfied)
        var satisfied: [Bool] = []
        for value in ["0", "1", "1", "0"] {
            item.setValue(value)
            satisfied.append(item.isSatisfied)
        }
        #expect(satisfied == [true, true, true, false])
    }

    @Test func testMultiSelectMaxSelections() {
        var item = FormItem(model: Self.model(.multi, options: 5, min: nil, max: 2))
        var seen: [String] = []
        for value in ["0", "1", "2", "1", "2"] {
            item.setValue(value)
            seen.append(item.value.text)
        }
        #expect(seen == ["0", "0\n1", "0\n1", "0", "0\n2"], "exceeding max not set")
    }

    @Test func testDefaultExceedsMax() {
        var item = FormItem(model: Self.model(.multi, options: 5, min: nil, max: 2, defaults: ["0", "1", "2"]))
        #expect(!item.isSatisfied)
        #expect(item.value.text == "0\n1\n2")
        item.setValue("3")
        #expect(item.value.text == "0\n1\n2", "exceeding max not set")
        for value in ["2", "1", "3"] { item.setValue(value) }
        #expect(item.value.text == "0\n3")
    }

    @Test func testMinSelectionsOverride() {
        var item = FormItem(model: Self.model(.multi, options: 2, min: 5, max: nil))
        item.setValue("0")
        #expect(!item.isSatisfied)
        item.setValue("1")
        #expect(item.isSatisfied)
    }

    @Test func testMaxSelectionsOverride() {
        var item = FormItem(model: Self.model(.multi, options: 5, min: 3, max: 2))
        for value in ["0", "1", "2"] { item.setValue(value) }
        #expect(item.value.text == "0\n1\n2")
        item.setValue("3")
        #expect(item.value.text == "0\n1\n2")
    }

    @Test func testLeadingFill() {
        var item = FormItem(model: Self.model(.single, options: 5, min: nil, max: nil, defaults: ["3"], leadingFill: true))
        #expect(item.value.text == "3")
        #expect(["1", "2", "3", "4", "5"].map(item.isSelected) == [true, true, true, false, false])
        item.setValue("1")
        #expect(item.value.text == "1")
        #expect(["1", "2", "3", "4", "5"].map(item.isSelected) == [true, false, false, false, false])
    }

    @Test func testLeadingFillDoesNotApplyForMultiSelect() {
        let item = FormItem(model: Self.model(.multi, options: 5, min: nil, max: nil, defaults: ["3"], leadingFill: true))
        #expect(item.value.text == "3")
        #expect(["1", "2", "3", "4", "5"].map(item.isSelected) == [false, false, true, false, false])
    }

    /// The submit's profile update: `_appcuesForm_<slug>` per field and its `attributeName`.
    @Test func profileUpdateSlugsTheLabelAndSetsTheAttribute() {
        var model = Self.model(.single, options: 2, min: nil, max: nil)
        model.label = "Où habitez-vous?"
        model.attributeName = "city"
        var item = FormItem(model: model)
        item.setValue("1")
        let state = ExperienceData.StepState(formItems: ["f": item])
        #expect(state.profileUpdate == ["_appcuesForm_ou-habitez-vous": .string("1"), "city": .string("1")])
        #expect(state.formResponse == .array([.object(["fieldId": .string("f"), "fieldType": .string("optionSelect"),
                                                       "fieldRequired": .bool(false), "value": .string("1"), "label": .string("Où habitez-vous?"),
                                                       "position": .string("1")])]))
    }
}
