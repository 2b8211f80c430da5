-- Fannkuch-redux: every permutation of 1..n, counting the prefix reversals
-- until 1 comes first (integer arrays, tight loops).
--   lua fannkuch.lua [SCALE]   n = 8 (SCALE 1), 9 (SCALE 2..), 10 (SCALE 8..)
local SCALE = tonumber(arg and arg[1]) or 1

local function fannkuch(n)
  local perm, perm1, count = {}, {}, {}
  for i = 1, n do perm1[i] = i end
  local maxflips, checksum, r, sign = 0, 0, n, 1
  while true do
    while r ~= 1 do count[r] = r; r = r - 1 end
    for i = 1, n do perm[i] = perm1[i] end
    local flips = 0
    local k = perm[1]
    while k ~= 1 do
      local i, j = 1, k
      while i < j do
        perm[i], perm[j] = perm[j], perm[i]
        i, j = i + 1, j - 1
      end
      flips = flips + 1
      k = perm[1]
    end
    if flips > maxflips then maxflips = flips end
    checksum = checksum + sign * flips
    sign = -sign
    -- The next permutation, in the order the checksum is defined for:
    -- rotate the first r + 1 elements; count[r + 1] says how many
    -- rotations of them are left.
    while true do
      if r == n then return checksum, maxflips end
      local first = perm1[1]
      for i = 1, r do perm1[i] = perm1[i + 1] end
      perm1[r + 1] = first
      count[r + 1] = count[r + 1] - 1
      if count[r + 1] > 0 then break end
      r = r + 1
    end
  end
end

-- Known results: n = 7 gives 228 and 16.
local c, m = fannkuch(7)
assert(c == 228 and m == 16, c .. " " .. m)
print("fannkuch 7", c, m)

local n = SCALE >= 8 and 10 or (SCALE >= 2 and 9 or 8)
c, m = fannkuch(n)
print("fannkuch " .. n, c, m)
