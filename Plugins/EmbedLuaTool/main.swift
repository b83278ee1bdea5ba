import Foundation

// `EmbedLuaTool OUTPUT FILE...`: writes OUTPUT, a Swift file declaring `EmbeddedLua.files`,
// each FILE's name mapped to its text (the EmbedLua build plugin runs it).
let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedLuaTool OUTPUT FILE...\n".utf8))
    exit(2)
}

/// `text` as a Swift string literal.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

var swift = """
    // Generated at build time by the EmbedLua plugin from Library/lua/*.lua: edit those files.

    enum EmbeddedLua {
        /// Each Lua file of Library/lua, by file name.
        static let files: [String: String] = [

    """
for path in arguments.dropFirst() {
    do {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        swift += "        \(literal(URL(fileURLWithPath: path).lastPathComponent)): \(literal(text)),\n"
    } catch {
        FileHandle.standardError.write(Data("EmbedLuaTool: \(path): \(error)\n".utf8))
        exit(1)
    }
}
swift += arguments.count == 1 ? "        :\n    ]\n}\n" : "    ]\n}\n"
do { try swift.write(toFile: output, atomically: true, encoding: .utf8) } catch {
    FileHandle.standardError.write(Data("EmbedLuaTool: \(output): \(error)\n".utf8))
    exit(1)
}
