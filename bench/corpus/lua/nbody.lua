-- The five Jovian planets, integrated with symplectic Euler steps
-- (float arithmetic, field access on small tables, sqrt).
--   lua nbody.lua [SCALE]   SCALE x 20000 steps
local SCALE = tonumber(arg and arg[1]) or 1

local PI = math.pi
local SOLAR_MASS = 4 * PI * PI
local DAYS_PER_YEAR = 365.24

local function body(x, y, z, vx, vy, vz, mass)
  return {x = x, y = y, z = z,
          vx = vx * DAYS_PER_YEAR, vy = vy * DAYS_PER_YEAR,
          vz = vz * DAYS_PER_YEAR, mass = mass * SOLAR_MASS}
end

local function system()
  return {
    body(0, 0, 0, 0, 0, 0, 1),  -- the sun
    body(4.84143144246472090e+00, -1.16032004402742839e+00,
         -1.03622044471123109e-01, 1.66007664274403694e-03,
         7.69901118419740425e-03, -6.90460016972063023e-05,
         9.54791938424326609e-04),
    body(8.34336671824457987e+00, 4.12479856412430479e+00,
         -4.03523417114321381e-01, -2.76742510726862411e-03,
         4.99852801234917238e-03, 2.30417297573763929e-05,
         2.85885980666130812e-04),
    body(1.28943695621391310e+01, -1.51111514016986312e+01,
         -2.23307578892655734e-01, 2.96460137564761618e-03,
         2.37847173959480950e-03, -2.96589568540237556e-05,
         4.36624404335156298e-05),
    body(1.53796971148509165e+01, -2.59193146099879641e+01,
         1.79258772950371181e-01, 2.68067772490389322e-03,
         1.62824170038242295e-03, -9.51592254519715870e-05,
         5.15138902046611451e-05),
  }
end

local function offset_momentum(b)
  local px, py, pz = 0, 0, 0
  for i = 1, #b do
    local bi = b[i]
    px = px + bi.vx * bi.mass
    py = py + bi.vy * bi.mass
    pz = pz + bi.vz * bi.mass
  end
  b[1].vx = -px / SOLAR_MASS
  b[1].vy = -py / SOLAR_MASS
  b[1].vz = -pz / SOLAR_MASS
end

local function energy(b)
  local e = 0
  for i = 1, #b do
    local bi = b[i]
    e = e + 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz)
    for j = i + 1, #b do
      local bj = b[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      e = e - bi.mass * bj.mass / math.sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end

local function advance(b, dt)
  local n = #b
  for i = 1, n do
    local bi = b[i]
    local bx, by, bz, bm = bi.x, bi.y, bi.z, bi.mass
    local bvx, bvy, bvz = bi.vx, bi.vy, bi.vz
    for j = i + 1, n do
      local bj = b[j]
      local dx, dy, dz = bx - bj.x, by - bj.y, bz - bj.z
      local d2 = dx * dx + dy * dy + dz * dz
      local mag = dt / (d2 * math.sqrt(d2))
      local bmm, bjm = bm * mag, bj.mass * mag
      bvx, bvy, bvz = bvx - dx * bjm, bvy - dy * bjm, bvz - dz * bjm
      bj.vx = bj.vx + dx * bmm
      bj.vy = bj.vy + dy * bmm
      bj.vz = bj.vz + dz * bmm
    end
    bi.vx, bi.vy, bi.vz = bvx, bvy, bvz
    bi.x, bi.y, bi.z = bx + dt * bvx, by + dt * bvy, bz + dt * bvz
  end
end

-- The published figures for 1000 steps check the arithmetic.
local b = system()
offset_momentum(b)
local e0 = string.format("%.9f", energy(b))
for _ = 1, 1000 do advance(b, 0.01) end
local e1 = string.format("%.9f", energy(b))
assert(e0 == "-0.169075164", e0)
assert(e1 == "-0.169087605", e1)
print("nbody 1000", e0, e1)

b = system()
offset_momentum(b)
local steps = 20000 * SCALE
for _ = 1, steps do advance(b, 0.01) end
print(string.format("nbody %d %.9f", steps, energy(b)))
