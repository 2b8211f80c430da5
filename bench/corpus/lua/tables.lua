-- Tables: arrays and hashes, sorting, the table library, metatables and
-- classes, weak tables and the garbage collector.
--   lua tables.lua [SCALE]
local SCALE = tonumber(arg and arg[1]) or 1
math.randomseed(42)

-- A fixed pseudo-random sequence of our own (math.random's algorithm is
-- Lua's, but this one is the script's).
local seed = 12345
local function rand(n)
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed % n + 1
end

-- Arrays: insert, remove, move, concat, unpack, sort with comparators.
local arr = {}
for i = 1, 5000 * SCALE do arr[i] = rand(100000) end
table.sort(arr)
for i = 2, #arr do assert(arr[i - 1] <= arr[i]) end
local recs = {}
for i = 1, 3000 * SCALE do
  recs[i] = {key = rand(50), name = "n" .. rand(1000), seq = i}
end
table.sort(recs, function(a, b)
  if a.key ~= b.key then return a.key > b.key end
  if a.name ~= b.name then return a.name < b.name end
  return a.seq < b.seq
end)
print("sort", arr[1], arr[#arr // 2], arr[#arr], recs[1].key, recs[1].name,
      recs[#recs].key, recs[#recs].seq)

local q = {}
for i = 1, 1000 do table.insert(q, i) end
for i = 1, 300 do table.insert(q, 1, -i) end
local removed = 0
for _ = 1, 400 do removed = removed + table.remove(q, 1) end
for _ = 1, 100 do removed = removed + table.remove(q) end
local moved = table.move(q, 1, 10, 5, {})
print("queue", #q, removed, table.concat(q, ",", 1, 5), #moved, moved[5],
      select("#", table.unpack(q, 1, 50)), table.pack(1, nil, 3).n)

-- Hashes: counting, deletion while traversing, integer and float keys.
local freq = {}
for i = 1, 20000 * SCALE do
  local k = "k" .. rand(2000)
  freq[k] = (freq[k] or 0) + 1
end
local keys = {}
for k in pairs(freq) do keys[#keys + 1] = k end
table.sort(keys, function(a, b)
  if freq[a] ~= freq[b] then return freq[a] > freq[b] end
  return a < b
end)
for k, v in pairs(freq) do
  if v < 8 then freq[k] = nil end  -- clearing fields during next() is allowed
end
local left = 0
for _ in pairs(freq) do left = left + 1 end
local mixed = {[1] = "int", [1.5] = "float", [2^53] = "big", [-0.0] = "zero"}
print("hash", #keys, keys[1], freq[keys[1]], keys[#keys], left,
      mixed[1.0], mixed[3 / 2], mixed[0], mixed[2^53])

-- Metatables: a vector class with operators, __index chains, __newindex,
-- __call, __len, __concat, __eq, __lt, __le, __tostring, __close.
local Vec = {}
Vec.__index = Vec
local function vec(x, y) return setmetatable({x = x, y = y}, Vec) end
Vec.__add = function(a, b) return vec(a.x + b.x, a.y + b.y) end
Vec.__sub = function(a, b) return vec(a.x - b.x, a.y - b.y) end
Vec.__mul = function(a, b)
  if type(a) == "number" then return vec(a * b.x, a * b.y) end
  if type(b) == "number" then return vec(a.x * b, a.y * b) end
  return a.x * b.x + a.y * b.y
end
Vec.__unm = function(a) return vec(-a.x, -a.y) end
Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Vec.__lt = function(a, b) return a:len2() < b:len2() end
Vec.__le = function(a, b) return a:len2() <= b:len2() end
Vec.__len = function(a) return math.sqrt(a:len2()) end
Vec.__tostring = function(a) return string.format("(%g,%g)", a.x, a.y) end
Vec.__concat = function(a, b) return tostring(a) .. tostring(b) end
function Vec:len2() return self.x * self.x + self.y * self.y end

local acc = vec(0, 0)
for i = 1, 5000 * SCALE do
  local v = vec(i % 7 - 3, i % 5 - 2)
  acc = acc + v * 0.5 - (-v) * 0.25
  if v < acc then acc = acc - vec(0.125, 0) end
end
print("vec", tostring(acc), #vec(3, 4), vec(1, 2) == vec(1, 2),
      vec(1, 1) <= vec(2, 2), vec(1, 2) .. vec(3, 4), vec(1, 2) * vec(3, 4))

-- Classes by __index chains.
local Animal = {sound = "...", legs = 4}
Animal.__index = Animal
function Animal.new(cls, name) return setmetatable({name = name}, cls) end
function Animal:speak() return self.name .. " says " .. self.sound end
local Dog = setmetatable({sound = "woof"}, Animal)
Dog.__index = Dog
local Bird = setmetatable({sound = "tweet", legs = 2}, Animal)
Bird.__index = Bird
function Bird:speak() return Animal.speak(self) .. " and flies" end
local zoo = {}
for i = 1, 300 do
  local cls = ({Animal, Dog, Bird})[i % 3 + 1]
  zoo[i] = cls:new("a" .. i)
end
local legs, talk = 0, 0
for _, a in ipairs(zoo) do
  legs = legs + a.legs
  talk = talk + #a:speak()
end
print("classes", legs, talk, zoo[2]:speak(), zoo[3]:speak())

-- Proxies: __index and __newindex functions, __call, __pairs is gone in
-- 5.4 but __close is new.
local log = {}
local store = {}
local proxy = setmetatable({}, {
  __index = function(_, k) log[#log + 1] = "get " .. k; return store[k] end,
  __newindex = function(_, k, v) log[#log + 1] = "set " .. k; store[k] = v end,
  __call = function(self, a, b) return a * b + (self.base or 0) end,
})
proxy.base = 10
proxy.x = proxy(3, 4)
print("proxy", proxy.x, #log, table.concat(log, ";"))
do
  local closed = {}
  do
    local a <close> = setmetatable({}, {__close = function() closed[#closed + 1] = "a" end})
    local b <close> = setmetatable({}, {__close = function() closed[#closed + 1] = "b" end})
  end
  print("close", table.concat(closed, ","))
end

-- Weak tables and the collector.
local cache = setmetatable({}, {__mode = "k"})
local keep = {}
for i = 1, 1000 do
  local k = {i}
  cache[k] = i
  if i % 10 == 0 then keep[#keep + 1] = k end
end
collectgarbage()
collectgarbage()
local alive = 0
for _ in pairs(cache) do alive = alive + 1 end
local finalized = 0
for i = 1, 100 do
  setmetatable({}, {__gc = function() finalized = finalized + 1 end})
end
collectgarbage()
print("weak", alive, #keep, finalized)
collectgarbage("generational")
local junk = 0
for i = 1, 20000 * SCALE do
  local t = {i, tostring(i), {i}}
  junk = junk + #t[2]
end
collectgarbage("incremental")
print("gc", junk, collectgarbage("step", 0) ~= nil)

-- A matrix product and a sieve on integer arrays.
local function matmul(a, b, n)
  local c = {}
  for i = 1, n do
    local ci, ai = {}, a[i]
    for j = 1, n do
      local s = 0
      for k = 1, n do s = s + ai[k] * b[k][j] end
      ci[j] = s
    end
    c[i] = ci
  end
  return c
end
local n = 40 + 10 * SCALE
local a, b = {}, {}
for i = 1, n do
  a[i], b[i] = {}, {}
  for j = 1, n do a[i][j] = (i * j) % 7 - 3; b[i][j] = (i + 2 * j) % 5 - 2 end
end
local c = matmul(a, b, n)
local trace = 0
for i = 1, n do trace = trace + c[i][i] end
local sieve, primes = {}, 0
for i = 2, 100000 * SCALE do
  if not sieve[i] then
    primes = primes + 1
    for j = i * i, 100000 * SCALE, i do sieve[j] = true end
  end
end
print("matrix", n, trace, c[1][n], "primes", primes)
print("tables ok")
