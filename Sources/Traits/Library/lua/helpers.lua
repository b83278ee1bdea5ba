-- Helpers every built-in trait receives as its chunk argument: config decoding that mirrors
-- Swift's `Decodable` (a member of the wrong type fails the whole config; optional members may be
-- absent or null), styles, colors, the headless screen, and rectangles.
local D = {}
local NULL = json.null
function D.isObject(v) return type(v) == "table" and not json.isarray(v) end
function D.isArray(v) return type(v) == "table" and json.isarray(v) end
local function fits(kind, v)
  if kind == "string" then return type(v) == "string"
  elseif kind == "number" then return type(v) == "number"
  elseif kind == "integer" then return math.type(v) == "integer" or (type(v) == "number" and v == math.floor(v) and v > -2^53 and v < 2^53)
  elseif kind == "boolean" then return type(v) == "boolean"
  elseif kind == "object" then return D.isObject(v)
  elseif kind == "array" then return D.isArray(v)
  elseif type(kind) == "function" then return kind(v)
  elseif type(kind) == "table" then for _, c in ipairs(kind) do if v == c then return true end end return false
  end
  return false
end
local function describe(v)
  if type(v) == "string" then return string.format("%q", v) end
  if v == NULL then return "null" end
  if D.isArray(v) then return "array" end
  if type(v) == "table" then return "object" end
  return type(v)
end
local function expected(kind)
  if type(kind) == "string" then return (kind == "integer" or kind == "object" or kind == "array") and "an " .. kind or "a " .. kind end
  if type(kind) == "table" then
    local names = {}
    for _, c in ipairs(kind) do names[#names + 1] = tostring(c) end
    return "one of " .. table.concat(names, ", ")
  end
  return "a value of its type"
end
--- Decodes `config` with `schema` ({key = kind} with kind "!..." or {required = true, ...}):
--- returns the decoded table, or nil when the config is absent or does not fit (Decodable's `try?`);
--- when it does not fit, also why (`config.presentationStyle: expected one of ..., got "x"`), the
--- first wrong member by name, for the run's `warning`.
function D.decode(config, schema)
  if config == nil or config == NULL then return nil end
  if not D.isObject(config) then return nil, "config: expected an object, got " .. describe(config) end
  local keys = {}
  for key in pairs(schema) do keys[#keys + 1] = key end
  table.sort(keys)
  local out = {}
  for _, key in ipairs(keys) do
    local spec = schema[key]
    local kind, required = spec, false
    if type(spec) == "string" and spec:sub(1, 1) == "!" then kind, required = spec:sub(2), true end
    if type(spec) == "table" and spec.required then kind, required = spec.kind, true end
    local v = config[key]
    if v == nil or v == NULL then
      if required then return nil, "config." .. key .. ": missing required key" end
    elseif not fits(kind, v) then
      return nil, "config." .. key .. ": expected " .. expected(kind) .. ", got " .. describe(v)
    else
      out[key] = (kind == "integer") and math.tointeger(v) or v
    end
  end
  return out
end
--- A dynamic color `{light = "#hex", dark = "#hex"?}`.
function D.color(v)
  return D.isObject(v) and type(v.light) == "string" and (v.dark == nil or v.dark == NULL or type(v.dark) == "string")
end
local styleNumbers = {"paddingTop", "paddingLeading", "paddingBottom", "paddingTrailing", "marginTop", "marginLeading",
  "marginBottom", "marginTrailing", "height", "width", "fontSize", "letterSpacing", "lineHeight", "cornerRadius", "borderWidth"}
local styleStrings = {"verticalAlignment", "horizontalAlignment", "fontName", "textAlignment"}
local styleColors = {"foregroundColor", "backgroundColor", "borderColor"}
--- An `ExperienceComponent.Style`: every known member of the right type.
function D.style(v)
  if not D.isObject(v) then return false end
  for _, k in ipairs(styleNumbers) do if v[k] ~= nil and v[k] ~= NULL and type(v[k]) ~= "number" then return false end end
  for _, k in ipairs(styleStrings) do if v[k] ~= nil and v[k] ~= NULL and type(v[k]) ~= "string" then return false end end
  for _, k in ipairs(styleColors) do if v[k] ~= nil and v[k] ~= NULL and not D.color(v[k]) then return false end end
  return true
end
--- The padding a style gives a step: {top, leading, bottom, trailing} (0 when unset).
function D.padding(style)
  style = style or {}
  return json.object{top = style.paddingTop or 0, leading = style.paddingLeading or 0,
                     bottom = style.paddingBottom or 0, trailing = style.paddingTrailing or 0}
end
--- The visual members of a style, as view properties.
function D.look(view, style)
  if not style then return end
  if style.backgroundColor then view:set("backgroundColor", style.backgroundColor.light) end
  if style.cornerRadius then view:set("cornerRadius", style.cornerRadius) end
  if style.borderColor then view:set("borderColor", style.borderColor.light) end
  if style.borderWidth then view:set("borderWidth", style.borderWidth) end
  if style.width then view:set("width", style.width) end
  if style.height then view:set("height", style.height) end
end
--- The headless screen: the app view `screen`'s width and height (else 390 x 844), and its
--- `safeArea` {top, left, bottom, right} (else none).
function D.screen()
  for _, v in ipairs(traits.appViews()) do
    if v.id == "screen" and type(v.width) == "number" and type(v.height) == "number" then
      local safe = D.isObject(v.safeArea) and v.safeArea or {}
      local function n(x) return type(x) == "number" and x or 0 end
      return v.width, v.height, json.object{top = n(safe.top), left = n(safe.left), bottom = n(safe.bottom), right = n(safe.right)}
    end
  end
  return 390, 844, json.object{top = 0, left = 0, bottom = 0, right = 0}
end
--- The bounds of a view: its `width`/`height` properties, else the screen's.
function D.bounds(view)
  local w, h = D.screen()
  local vw, vh = view:get("width"), view:get("height")
  if type(vw) == "number" and type(vh) == "number" then return vw, vh end
  return w, h
end
--- Runs `f` after the app's views change while the experience is shown (nil stops it).
function D.observeLayout(view, key, f) view:onLayout(key, f) end
--- The app views a selector may match, as the SDK's element targeting lists them: not hidden,
--- with a frame (x, y, width, height) whose centre is inside the screen's safe area, its
--- rectangle cut to that area; views without a frame are listed at 0, 0 with no size.
function D.targetableViews()
  local w, h, safe = D.screen()
  local minX, minY, maxX, maxY = safe.left, safe.top, w - safe.right, h - safe.bottom
  local views = {}
  for _, v in ipairs(traits.appViews()) do
    if v.hidden ~= true then
      local x, y, vw, vh = v.x, v.y, v.width, v.height
      if type(x) == "number" and type(y) == "number" and type(vw) == "number" and type(vh) == "number" then
        local cx, cy = x + vw / 2, y + vh / 2
        if cx >= minX and cx <= maxX and cy >= minY and cy <= maxY then
          local x1, y1 = math.max(x, minX), math.max(y, minY)
          v.x, v.y = x1, y1
          v.width, v.height = math.min(x + vw, maxX) - x1, math.min(y + vh, maxY) - y1
          views[#views + 1] = v
        end
      else
        v.x, v.y, v.width, v.height = 0, 0, 0, 0
        views[#views + 1] = v
      end
    end
  end
  return views
end
function D.rect(x, y, w, h) return json.object{x = x, y = y, width = w, height = h} end
--- A rectangle grown by `spread` on every side.
function D.spread(r, spread)
  if type(spread) ~= "number" then return r end
  return D.rect(r.x - spread, r.y - spread, r.width + 2 * spread, r.height + 2 * spread)
end
--- The first child of `view` of this kind, or nil.
function D.child(view, kind)
  for _, c in ipairs(view:children()) do if c.kind == kind then return c end end
  return nil
end
function D.removeChild(view, kind)
  local c = D.child(view, kind)
  if c then c:remove() end
end
return D
