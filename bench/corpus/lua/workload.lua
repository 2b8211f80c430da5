-- bench/run's workload for the Lua interpreter: every script of this
-- directory at a larger scale, in one run of lua.
--   lua workload.lua
local dir = arg[0]:match("^(.*)[/\\]") or "."
local runs = {
  {"strings", 6}, {"tables", 4}, {"closures", 12}, {"nbody", 4},
  {"fannkuch", 2},
}
for _, r in ipairs(runs) do
  local script = dir .. "/" .. r[1] .. ".lua"
  arg = {[0] = script, tostring(r[2])}
  dofile(script)
end
