-- luacheck settings for scripts that ctlua runs (written by `ctlua init`).
std = "lua54"
-- ctlua's modules: globals in every script (and `require`-able).
read_globals = {"json", "app", "ui", "templates", "flowx", "hooks", "traits"}
-- Presenters and traits often ignore arguments they are given.
unused_args = false
max_line_length = false
-- Lua scenarios also have the assertion helpers and their steps.
files["**/*_test.lua"] = {read_globals = {"expect", "step"}}
