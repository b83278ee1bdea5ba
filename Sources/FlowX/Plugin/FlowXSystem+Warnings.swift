import JSON
import OrderedCollections

extension FlowXSystem {
    /// Mistakes that do not stop a process but that the app would not notice on a device either:
    /// for every loaded process definition, each validator name that is neither a built-in (or is
    /// marked `"type": "custom"`) nor registered with `flowx.validator` / `renderer.validators`.
    /// The SDK's unknown-name rule makes such a validator pass; a data source's own `validate`
    /// callback may still answer it, which cannot be known before it is asked (`dataSourceAnswers`).
    ///
    /// This is the FlowX part of a static check: `ctlua check` has no per-system hook today, so a
    /// tool (or a test) calls this after loading the scripts and definitions.
    public func warnings() -> [FlowXWarning] {
        var result: [FlowXWarning] = []
        var seen: Set<String> = []
        let validators = renderer.validators
        let dataSourceAnswers = luaDataSource.callbacks?["validate"].functionValue != nil || !(renderer.dataSource is LuaDataSource)
        for name in renderer.definitions.keys.sorted() {
            guard let definition = renderer.definitions[name] else { continue }
            for screen in definition.screens {
                for form in screen.forms {
                    for field in form.fields {
                        for spec in field.validators {
                            let builtIn = !spec.isCustom && BuiltInValidator(rawValue: spec.name) != nil
                            guard !builtIn, validators.custom[spec.name] == nil else { continue }
                            guard seen.insert("\(name)\u{0}\(spec.name)").inserted else { continue }
                            result.append(FlowXWarning(process: name, screen: screen.id, field: field.key, validator: spec.name,
                                                       dataSourceMayAnswer: dataSourceAnswers))
                        }
                    }
                }
            }
        }
        return result
    }
}

/// A validator a process definition names that nothing registered answers for sure.
public struct FlowXWarning: Equatable, Sendable, CustomStringConvertible {
    public var process: String
    public var screen: String
    public var field: String
    public var validator: String
    /// A data source `validate` callback is set: it may answer the name when asked.
    public var dataSourceMayAnswer: Bool

    public var description: String { "flowx: " + detail }

    /// What is wrong, without the system's name.
    public var detail: String {
        "process '\(process)', screen '\(screen)', field '\(field)': no custom validator named '\(validator)' is registered"
            + (dataSourceMayAnswer ? " (the data source's validate may answer it)" : "; it will count as valid (the SDK's unknown-name rule)")
    }
}
