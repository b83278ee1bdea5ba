import ArgumentParser
import SystemKit

/// Where an option may be written: every option applies wherever it is written, or is a usage
/// error (exit 2); none is parsed and dropped.
///
/// ArgumentParser gives the options the root declares (`--sandbox`, the limits, `--state-dir`,
/// `-e`) to the root wherever they appear, so `ctlua --sandbox run x.lua` or `ctlua check
/// --timeout 1 x.lua` would parse and be ignored by the subcommand. Before parsing, options
/// written before a subcommand are moved after its name (`ctlua --timeout 1 run x.lua` is
/// `ctlua run --timeout 1 x.lua`); after parsing, a root option that the chosen subcommand does
/// not apply is refused.
enum OptionPlacement {
    /// The root's options that take a value (the others are flags). A test compares this list
    /// with the root's definition (`--experimental-dump-help`).
    static let rootValueOptions: Set<String> = ["-e", "--max-memory", "--max-instructions", "--timeout", "--state-dir"]
    static let rootFlags: Set<String> = ["--sandbox"]
    /// Options that print and exit: written before a subcommand, left where they are.
    static let informational: Set<String> = ["-h", "--help", "--version"]

    /// The root options each subcommand applies; a subcommand missing here applies none.
    /// `run` parses its own (``RunInvocation``): it applies every root option but `-e`.
    static let applied: [String: Set<String>] = [
        "run": ["--sandbox", "--max-memory", "--max-instructions", "--timeout", "--state-dir"],
        "test": ["--max-memory", "--max-instructions", "--timeout"],
        "check": ["--max-memory", "--max-instructions", "--timeout"],
    ]

    static var rootOptions: Set<String> { rootValueOptions.union(rootFlags) }

    /// `arguments` with the root's options written before a subcommand's name moved after it;
    /// an error message for another option written there (a subcommand's own options go after
    /// its name: `ctlua --tap test` is refused, not guessed).
    static func normalize(_ arguments: [String], subcommands: Set<String>) -> Result<[String], Misplaced> {
        var i = 0
        while i < arguments.count, arguments[i].hasPrefix("-"), arguments[i] != "-", arguments[i] != "--" {
            let name = arguments[i].split(separator: "=", maxSplits: 1).first.map(String.init) ?? arguments[i]
            if informational.contains(name) { return .success(arguments) }
            guard rootOptions.contains(name) else {
                guard let sub = arguments[(i + 1)...].first(where: { subcommands.contains($0) }) else { return .success(arguments) }
                return .failure(Misplaced(option: name, subcommand: sub))
            }
            i += rootValueOptions.contains(arguments[i]) ? 2 : 1
        }
        guard i > 0, i < arguments.count, subcommands.contains(arguments[i]) else { return .success(arguments) }
        return .success([arguments[i]] + arguments[..<i] + arguments[(i + 1)...])
    }

    /// An option that is not the root's, written before a subcommand.
    struct Misplaced: Error, CustomStringConvertible {
        var option: String
        var subcommand: String
        var description: String {
            "\(option) before `\(subcommand)`: only ctlua's own options (`ctlua --help`) go before a subcommand; "
                + "a subcommand's options go after its name (`ctlua \(subcommand) --help` lists them)"
        }
    }

    /// The first root option in `arguments` (up to a `--`) that `subcommand` does not apply.
    static func refused(in arguments: [String], subcommand: String) -> String? {
        let accepted = applied[subcommand] ?? []
        for token in arguments {
            if token == "--" { return nil }
            let name = token.split(separator: "=", maxSplits: 1).first.map(String.init) ?? token
            if rootOptions.contains(name), !accepted.contains(name) { return name }
        }
        return nil
    }

    /// `ctlua help NAME...` names commands that exist (ArgumentParser prints the root's help for
    /// any other name, exit 0); nil when they do, else the unknown name.
    static func unknownHelpTopic(_ arguments: [String], subcommands: Set<String>) -> String? {
        guard arguments.first == "help" else { return nil }
        return arguments.dropFirst().first { !$0.hasPrefix("-") && !subcommands.contains($0) }
    }
}
