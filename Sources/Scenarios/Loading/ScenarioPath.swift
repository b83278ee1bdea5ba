import SystemKit

/// Paths inside scenario files (`steps[3].deliver.vars`): the plug-in kit's rendering, which
/// takes precedence over the `$.a[3]` rendering of the JSON module inside this module.
public typealias JSONPath = SystemKit.JSONPath

/// The scenario loader's parser (it lives in SystemKit, shared with systems' file loaders).
typealias ScenarioJSONParser = SystemKit.PositionedJSONParser
