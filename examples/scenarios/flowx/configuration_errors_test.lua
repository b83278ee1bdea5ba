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
