-- Functions: closures and upvalues, varargs, coroutines, errors, goto,
-- integer and bitwise arithmetic, the compiler (load of generated code),
-- string.dump, the debug library and files.
--   lua closures.lua [SCALE]
local SCALE = tonumber(arg and arg[1]) or 1

-- Closures sharing and capturing upvalues.
local function counter()
  local n = 0
  return function(d) n = n + (d or 1); return n end,
         function() return n end
end
local inc, get = counter()
for i = 1, 1000 do inc(i % 3) end
local makers = {}
for i = 1, 10 do makers[i] = function(x) return x * i + get() end end
local total = 0
for i = 1, 10 do total = total + makers[i](i) end
print("closures", get(), total)

-- Function composition and memoization.
local function compose(...)
  local fs = table.pack(...)
  return function(x)
    for i = fs.n, 1, -1 do x = fs[i](x) end
    return x
  end
end
local f = compose(function(x) return x + 1 end, function(x) return x * 2 end,
                  math.abs)
local function memo(fn)
  local cache = {}
  return function(n)
    local v = cache[n]
    if v == nil then v = fn(n); cache[n] = v end
    return v
  end
end
local fib
fib = memo(function(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end)
local function slowfib(n) if n < 2 then return n end return slowfib(n - 1) + slowfib(n - 2) end
print("compose", f(-5), fib(90), slowfib(20 + SCALE // 4))

-- Varargs.
local function va(...)
  local n = select("#", ...)
  local last = n > 0 and select(n, ...) or nil
  return n, last, ...
end
print("varargs", select("#", va()), select("#", va(nil, nil)),
      (va(1, 2, 3)), va(1, nil, 3))
local function sum(...)
  local s = 0
  for _, v in ipairs({...}) do s = s + v end
  return s
end
print("sum", sum(table.unpack({1, 2, 3, 4, 5, 6, 7, 8, 9, 10})))

-- Coroutines: generators, a pipeline, wrap, status, yield across pcall.
local function gen(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i) end
  end)
end
local function filter(pred, g)
  return coroutine.wrap(function()
    for v in g do if pred(v) then coroutine.yield(v) end end
  end)
end
local function map(fn, g)
  return coroutine.wrap(function()
    for v in g do coroutine.yield(fn(v)) end
  end)
end
local acc = 0
for v in map(function(x) return x * x end,
             filter(function(x) return x % 3 == 0 end, gen(3000 * SCALE))) do
  acc = acc + v
end
local co = coroutine.create(function(a, b)
  local c = coroutine.yield(a + b)
  local ok, err = pcall(function()
    local d = coroutine.yield(c * 2)
    error({code = d})
  end)
  return ok, err.code
end)
local r1 = {coroutine.resume(co, 1, 2)}
local r2 = {coroutine.resume(co, 10)}
local r3 = {coroutine.resume(co, 99)}
print("coroutines", acc, r1[2], r2[2], r3[2], r3[3], coroutine.status(co),
      coroutine.isyieldable(), select(2, coroutine.resume(co)))

-- Errors: error objects, levels, xpcall with a handler, error in __index.
local function thrower(kind)
  if kind == 1 then error("plain", 0)
  elseif kind == 2 then error({reason = "table"})
  elseif kind == 3 then local t = nil; return t.field
  elseif kind == 4 then return 1 + {}
  else return "fine" end
end
for kind = 1, 5 do
  local ok, err = pcall(thrower, kind)
  if type(err) == "table" then err = err.reason end
  err = tostring(err):gsub("^.-:%d+: ", "")
  print("error", kind, ok, err)
end
print("xpcall", xpcall(function() error("deep") end,
                       function(m) return "handled: " .. m:gsub("^.-:%d+: ", "") end))

-- goto, integer division and modulo of negatives, bitwise, overflow.
local i, found = 1, nil
::again::
if i * i < 500 then i = i + 1; goto again end
found = i
print("goto", found)
print("ints", 7 // 2, -7 // 2, 7 % -3, -7 % 3, 7.5 // 2, -7.5 % 2,
      math.maxinteger + 1 == math.mininteger, 1 << 62, 1 << 64, -1 >> 60,
      0xF0 | 0x0F, 0xFF & 0x3C, 0xFF ~ 0x0F, ~0, 3 / 0, -3 / 0,
      math.type(1), math.type(1.0), math.type("1"), 10 == 10.0, "10" + 5,
      "3" * "4", 2^10, 10 // 0.0)
print("math", math.floor(-3.5), math.ceil(-3.5), math.fmod(7, -3),
      math.abs(math.mininteger), math.ult(1, -1), math.max(3, 9, 1),
      math.min(2.5, -1), string.format("%.6f %.6f %.6f", math.sin(1),
      math.exp(1), math.log(100, 10)), math.tointeger("8"), tonumber("0x1p4"),
      tonumber("z", 36), tonumber("  12  "), tonumber("1e2"))
local h = 0
for k = 1, 200000 * SCALE do
  h = (h * 31 + k) & 0xffffffff
  h = h ~ (h >> 13)
end
print("hash loop", h)

-- The compiler: generate, load and run many small functions.
local src = {}
for k = 1, 200 * SCALE do
  src[#src + 1] = string.format(
    "do local function f%d(a, b) local t = {a, b, %d} if a > b then " ..
    "return t[1] * %d + t[3] else return (t[2] - a) // 2 end end\n" ..
    "R[#R + 1] = f%d(%d, %d) end", k, k, k % 17, k, k % 13, k % 11)
end
local chunk = table.concat(src, "\n")
local env = {R = {}}
local fn = assert(load(chunk, "=generated", "t", env))
fn()
local rs = 0
for _, v in ipairs(env.R) do rs = rs + v end
print("load", #chunk, #env.R, rs)
local bad, msg = load("return 1 +", "=broken")
print("syntax", bad, msg)

-- string.dump and reload of a binary chunk.
local function poly(x) return 3 * x * x - 2 * x + 7 end
local dumped = string.dump(poly, true)
local reloaded = load(dumped, "=dumped", "b")
print("dump", reloaded(5), reloaded(-2.5), poly(5) == reloaded(5))

-- The debug library: getinfo, getlocal, upvalues, a count hook.
local function probe(a, b)
  local info = debug.getinfo(1, "nSlu")
  local names = {}
  for k = 1, 10 do
    local name = debug.getlocal(1, k)
    if not name then break end
    names[#names + 1] = name
  end
  return info.nparams, info.short_src, table.concat(names, ",")
end
print("debug", debug.getupvalue(inc, 1), probe(1, 2))
local hooks = 0
debug.sethook(function() hooks = hooks + 1 end, "", 1000)
for k = 1, 100000 do local _ = k * 2 end
debug.sethook()
print("hook", hooks > 0)
print("traceback", (debug.traceback("tb", 1):gsub("\n.*", "")))

-- Files: write, seek, read by lines and numbers, then remove.
local name = os.tmpname()
local fh = assert(io.open(name, "w"))
for k = 1, 500 do fh:write(k, " ", k * 1.5, " line", k, "\n") end
fh:close()
fh = assert(io.open(name, "r"))
local nums, lines = 0, 0
while true do
  local a, b = fh:read("n", "n")
  if not a then break end
  nums = nums + a + b
  fh:read("l")
  lines = lines + 1
end
fh:seek("set", 0)
local all = fh:read("a")
fh:close()
local count = 0
for l in io.lines(name) do count = count + #l end
os.remove(name)
print("io", lines, nums, #all, count, os.date("!%Y-%m-%d %H:%M:%S", 86400 * 365),
      os.time({year = 2000, month = 1, day = 1, hour = 12}) ~= nil)
print("closures ok")
