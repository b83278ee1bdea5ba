-- flowx: substitution tags, media items and enumerations: known keys, unknown keys, parents, the cache.
flowx.configure{baseURL = "https://api.example", enginePath = "engine",
                imageBaseURL = "https://cdn.example", organizationId = "org-1"}
flowx.setTags{["loan.title"] = "Your loan"}
flowx.setMedia{logo = "https://cdn.example/logo.png"}
flowx.setEnumerations{
  countries = {{code = "RO", content = "Romania", order = 2, childContentDescription = {name = "counties"}},
               {code = "MD", content = "Moldova", order = 1}},
  counties = {{code = "CJ", content = "Cluj", order = 1}},
}
assert(flowx.tag("loan.title") == "Your loan")
assert(flowx.tag("nope") == nil)
assert(flowx.mediaURL("logo") == "https://cdn.example/logo.png")
assert(flowx.mediaURL("nope") == nil)

local countries = flowx.enumeration("countries")
assert(#countries == 2 and countries[1].code == "MD", "items come in order")
assert(countries[2].childContentDescription.name == "counties")
assert(flowx.enumeration("counties", "countries")[1].content == "Cluj")
assert(flowx.enumeration("countries", "counties") == nil, "countries is not a child of counties")
assert(flowx.enumeration("planets") == nil)
flowx.enumeration("countries")

local lookups = app.events("flowx.enumeration")
assert(lookups[1].cached == false and lookups[#lookups].cached == true, "the second lookup is cached")
flowx.changeLocale("ro-RO", "ro")
flowx.enumeration("countries")
lookups = app.events("flowx.enumeration")
assert(lookups[#lookups].cached == false, "a new language fetches again")
