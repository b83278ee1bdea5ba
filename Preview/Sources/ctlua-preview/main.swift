import CTLuaPreview

// `ctlua-preview [PATH...]` (`ctlua preview` runs it): parsed and run here, as an async command.
do {
    let command = try PreviewCommand.parse(Array(CommandLine.arguments.dropFirst()))
    try await command.run()
} catch {
    PreviewCommand.exit(withError: error)
}
