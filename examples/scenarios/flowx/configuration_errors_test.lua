-- flowx: the configuration names every missing mandatory field, checks BCP 47 locales and fills defaults.
local ok, err = pcall(flowx.configure, {baseURL = "https://api.example", enginePath = "engine"})
assert(not ok and err:find("missing the mandatory fields imageBaseURL, organizationId", 1, true), err)

ok, err = pcall(flowx.configure, {baseURL = "https://api.example", enginePath = "engine", imageBaseURL = "x",
                                  organizationId = "org-1", locale = "en_US"})
assert(not ok and err:find("locale 'en_US' is not a BCP 47 language tag", 1, true), err)

local config = flowx.configure{baseURL = "https://api.example", enginePath = "engine", imageBaseURL = "x", organizationId = "org-1"}
assert(config.locale == "en-us" and config.language == "en", "defaults")

ok, err = pcall(flowx.changeLocale, "de-CH-1996", "de")
assert(ok, err)
ok, err = pcall(flowx.changeLocale, "12-34", "de")
assert(not ok and err:find("not a BCP 47", 1, true), err)

-- A process starts only once configured: a fresh engine is, here; unknown names are named.
ok, err = pcall(flowx.start, "missing")
assert(not ok and err:find("no process definition named 'missing'", 1, true), err)

-- changeLocaleSettings: either argument may be left out (nil keeps it).
flowx.changeLocaleSettings(nil, "ro")
flowx.changeLocaleSettings("ro-RO")
local configured = {}
for _, e in ipairs(app.events("flowx.configured")) do configured[#configured + 1] = e.locale .. "/" .. e.language end
assert(configured[#configured] == "ro-RO/ro", configured[#configured])

-- The SDK's order: session, then theme, then a process starts.
ok, err = pcall(flowx.setupTheme, "loan-theme")
assert(not ok and err:find("setupTheme needs a valid session first", 1, true), err)
flowx.loadProcess{name = "tiny", screens = {{id = "only"}}}
assert(flowx.startProcess("tiny") == "", "no theme yet: the start fails with an empty uuid")
flowx.session("jwt-token")
flowx.setupTheme("loan-theme", "../../flowx/theme.json")   -- `..` is refused: no fallback, the setup still finishes
assert(flowx.startProcess("tiny") ~= "")
