-- Strings: formatting, patterns, gsub with every kind of replacement,
-- string.pack, utf8, and a small JSON encoder and parser built on them.
--   lua strings.lua [SCALE]
local SCALE = tonumber(arg and arg[1]) or 1

local function digest(s)
  -- A 32-bit FNV-1a of a string: one line of output stands for a lot.
  local h = 2166136261
  for i = 1, #s do
    h = ((h ~ s:byte(i)) * 16777619) & 0xffffffff
  end
  return string.format("%08x", h)
end

-- Formatting of integers and floats.
local parts = {}
for i = -20, 20 do
  local x = i * 1234.5678 / 7
  parts[#parts + 1] = string.format("%d|%5.2f|%e|%g|%x|%-6s|%q|%a", i, x, x,
                                    x, i & 0xff, "s" .. i, "q\n" .. i, x)
end
local formatted = table.concat(parts, ";")
print("format", #formatted, digest(formatted))
assert(string.format("%5.1f", 3.14159) == "  3.1")
assert(tostring(1e15) == "1e+15" and tostring(2^53) == "9.007199254741e+15")
assert(tostring(10 // 3) == "3" and tostring(10 / 2) == "5.0")
assert(math.tointeger(3.0) == 3 and string.format("%.3f", 2 / 3) == "0.667")

-- A text to work on.
local words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
               "theta", "iota", "kappa", "lambda", "mu"}
local lines = {}
for i = 1, 400 * SCALE do
  local w = {}
  for j = 1, 8 + i % 5 do
    w[j] = words[(i * 7 + j * 3) % #words + 1]
  end
  lines[i] = string.format("%04d: %s = %d.%02d;", i, table.concat(w, " "),
                           i * 37 % 1000, i % 100)
end
local text = table.concat(lines, "\n")

-- Patterns: find, match, gmatch, captures, frontier, balanced.
local count, sum = 0, 0
for key, int, frac in text:gmatch("(%d+): [%a ]+ = (%d+)%.(%d+);") do
  count = count + 1
  sum = sum + tonumber(key) + tonumber(int) * 100 + tonumber(frac)
end
print("gmatch", count, sum)
local firsts = 0
for w in text:gmatch("%f[%a]%a+%f[%A]") do
  if w:sub(1, 1) == "e" then firsts = firsts + 1 end
end
print("frontier", firsts)
local s, e, cap1, cap2 = text:find("(th%a+) (l%a+)", 1)
print("find", s, e, cap1, cap2, text:find("lambda", 1, true))
print("balanced", ("f(a(b)c) g(d)"):match("%b()"), ("x[[y]]z"):match("%[(%b[])%]"))

-- gsub: string, table, function replacements, anchors, %0 and limits.
local upper = text:gsub("%a+", string.upper)
local abbrev = text:gsub("(%a)%a*", {alpha = "A", beta = "B"})
local swapped = text:gsub("(%d+)%.(%d+)", "%2.%1")
local limited, n = text:gsub("a", "A", 100)
local counted = select(2, text:gsub("%s", ""))
print("gsub", digest(upper), digest(abbrev), digest(swapped), n, counted,
      digest(limited))
print("anchor", ("  trim me  "):gsub("^%s+", ""):gsub("%s+$", "") .. "|",
      (("hello world"):gsub("o", "[%0]")))

-- rep, reverse, byte, char, upper, lower, sub with negative indices.
local r = ("ab"):rep(5, ",")
assert(r == "ab,ab,ab,ab,ab")
print("misc", r, ("stressed"):reverse(), ("Lua"):byte(1, -1))
print("chars", string.char(72, 105, 33), ("MiXeD"):lower(), ("MiXeD"):upper(),
      ("abcdef"):sub(-3), ("abcdef"):sub(2, -2), #("x"):rep(1000))

-- string.pack / unpack round trips.
local packed = {}
for i = 1, 200 * SCALE do
  packed[#packed + 1] = string.pack("<i4 d s1 z B", i * 1000 - 7, i / 8,
                                    "k" .. i, "z" .. i, i % 256)
end
local blob = table.concat(packed)
local pos, total = 1, 0
while pos <= #blob do
  local a, d, s1, z, b
  a, d, s1, z, b, pos = string.unpack("<i4 d s1 z B", blob, pos)
  total = total + a + d + #s1 + #z + b
end
print("pack", #blob, total, digest(blob))
assert(string.unpack(">I2", "\1\2") == 258)
assert(string.packsize("i4 i8 d") >= 20)

-- utf8.
local u = utf8.char(72, 228, 8364, 128512, 955, 0x10FFFF)
local codes = {}
for _, c in utf8.codes(u) do codes[#codes + 1] = c end
print("utf8", #u, utf8.len(u), table.concat(codes, ","), utf8.offset(u, 3),
      utf8.codepoint(u, utf8.offset(u, 4)))
print("utf8 pattern", select(2, u:gsub(utf8.charpattern, "")))

-- A JSON encoder and a recursive-descent parser.
local function encode(v, out)
  local t = type(v)
  if t == "table" then
    if #v > 0 or next(v) == nil then
      out[#out + 1] = "["
      for i = 1, #v do
        if i > 1 then out[#out + 1] = "," end
        encode(v[i], out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        encode(k, out)
        out[#out + 1] = ":"
        encode(v[k], out)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c)
      return string.format("\\u%04x", c:byte())
    end) .. '"'
  elseif math.type(v) == "integer" then
    out[#out + 1] = tostring(v)
  elseif t == "number" then
    out[#out + 1] = string.format("%.17g", v)
  else
    out[#out + 1] = tostring(v)
  end
  return out
end

local function decode(str)
  local pos = 1
  local value
  local function ws() pos = str:find("[^ \t\r\n]", pos) or #str + 1 end
  local function expect(c)
    assert(str:sub(pos, pos) == c, "expected " .. c .. " at " .. pos)
    pos = pos + 1
  end
  local function string_()
    expect('"')
    local buf = {}
    while true do
      local c = str:sub(pos, pos)
      if c == '"' then pos = pos + 1; break end
      if c == "\\" then
        local hex = str:match("^u(%x%x%x%x)", pos + 1)
        buf[#buf + 1] = utf8.char(tonumber(hex, 16))
        pos = pos + 6
      else
        local run = str:match('^[^"\\]+', pos)
        buf[#buf + 1] = run
        pos = pos + #run
      end
    end
    return table.concat(buf)
  end
  function value()
    ws()
    local c = str:sub(pos, pos)
    if c == "{" then
      pos = pos + 1
      local obj = {}
      ws()
      if str:sub(pos, pos) == "}" then pos = pos + 1; return obj end
      repeat
        ws()
        local k = string_()
        ws(); expect(":")
        obj[k] = value()
        ws()
        local d = str:sub(pos, pos)
        pos = pos + 1
      until d == "}"
      return obj
    elseif c == "[" then
      pos = pos + 1
      local arr = {}
      ws()
      if str:sub(pos, pos) == "]" then pos = pos + 1; return arr end
      repeat
        arr[#arr + 1] = value()
        ws()
        local d = str:sub(pos, pos)
        pos = pos + 1
      until d == "]"
      return arr
    elseif c == '"' then
      return string_()
    elseif str:find("^true", pos) then pos = pos + 4; return true
    elseif str:find("^false", pos) then pos = pos + 5; return false
    else
      local num = str:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
      pos = pos + #num
      return math.tointeger(tonumber(num)) or tonumber(num)
    end
  end
  return value()
end

local doc = {}
for i = 1, 150 * SCALE do
  doc[i] = {id = i, name = words[i % #words + 1] .. "\t" .. i,
            score = i / 7, tags = {words[i % 5 + 1], words[i % 3 + 2]},
            ok = i % 2 == 0, nested = {depth = {i, i * i, {i % 10}}}}
end
local json = table.concat(encode(doc, {}))
local back = decode(json)
local json2 = table.concat(encode(back, {}))
assert(json == json2, "json round trip")
print("json", #json, digest(json), #back, back[7].name, back[10].score)
print("strings ok")
