// A workload for GLM: a scene of transforms (matrices, quaternions,
// projections), per-vertex lighting and colour conversion, a field of
// Perlin and simplex noise, packing to half floats and normalised
// integers, and geometric queries, in float and double. Every result
// goes into a running sum printed at the end (with %a, exactly), so the
// output is the same on every run and every correct build.
//
// Usage: driver [FRAMES]   (default 60)

#include <glm/glm.hpp>
#include <glm/gtc/color_space.hpp>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/noise.hpp>
#include <glm/gtc/packing.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/round.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtc/ulp.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double total = 0;
unsigned long long bits = 0;

void add(double x) { total += x; }
void add(glm::vec4 v) { total += v.x + 2 * v.y + 3 * v.z + 4 * v.w; }
void add_bits(unsigned long long b) { bits = bits * 31 + b; }

template <typename T>
void transforms(int frame, int n, std::vector<glm::vec<3, T>>& pts) {
  using vec3 = glm::vec<3, T>;
  using vec4 = glm::vec<4, T>;
  using mat4 = glm::mat<4, 4, T>;
  using quat = glm::qua<T>;
  T t = static_cast<T>(frame) / 60;
  mat4 proj = glm::perspective(T(0.9), T(16) / 9, T(0.1), T(100));
  mat4 view = glm::lookAt(vec3(4 * glm::cos(t), 3, 4 * glm::sin(t)),
                          vec3(0), vec3(0, 1, 0));
  quat a = glm::angleAxis(t, glm::normalize(vec3(1, 2, 3)));
  quat b = glm::angleAxis(-2 * t, glm::normalize(vec3(-3, 1, 2)));
  for (int i = 0; i < n; ++i) {
    T s = static_cast<T>(i) / n;
    quat q = glm::slerp(a, b, s);
    mat4 model = glm::translate(mat4(1), vec3(s, -s, 2 * s)) *
                 glm::mat4_cast(q) * glm::scale(mat4(1), vec3(1 + s));
    mat4 mvp = proj * view * model;
    vec4 p = mvp * vec4(pts[i % pts.size()], 1);
    vec3 ndc = vec3(p) / p.w;
    mat4 nm = glm::inverseTranspose(model);
    vec3 nrm = glm::normalize(vec3(nm * vec4(pts[(i + 1) % pts.size()], 0)));
    vec3 light = glm::normalize(vec3(1, 1, -1));
    T diffuse = glm::max(glm::dot(nrm, light), T(0));
    vec3 r = glm::reflect(-light, nrm);
    T spec = glm::pow(glm::max(glm::dot(r, glm::normalize(-ndc)), T(0)), 16);
    vec3 proj2 = glm::project(pts[i % pts.size()], view * model, proj,
                              glm::vec<4, T>(0, 0, 1920, 1080));
    vec3 back = glm::unProject(proj2, view * model, proj,
                               glm::vec<4, T>(0, 0, 1920, 1080));
    add(static_cast<double>(ndc.x + ndc.y + diffuse + spec +
                            glm::distance(back, pts[i % pts.size()])));
    add(static_cast<double>(glm::determinant(mvp)));
    pts[i % pts.size()] = glm::mix(pts[i % pts.size()], nrm, T(0.01));
  }
  quat e = glm::quat_cast(glm::inverse(view));
  vec3 angles = glm::eulerAngles(e);
  add(static_cast<double>(angles.x + angles.y + angles.z));
}

void colours_and_noise(int frame, int n) {
  for (int i = 0; i < n; ++i) {
    float x = static_cast<float>(i % 37) / 7.f + static_cast<float>(frame);
    float y = static_cast<float>(i / 37) / 5.f;
    glm::vec2 p2(x, y);
    glm::vec3 p3(x, y, static_cast<float>(frame) * 0.25f);
    glm::vec4 p4(x, y, p3.z, 0.5f);
    float n2 = glm::perlin(p2) + glm::simplex(p2);
    float n3 = glm::perlin(p3) + glm::simplex(p3);
    float n4 = glm::perlin(p4, glm::vec4(8.f)) + glm::simplex(p4);
    glm::vec3 lin(glm::fract(n2) , glm::fract(n3), glm::fract(n4));
    glm::vec3 srgb = glm::convertLinearToSRGB(lin);
    glm::vec3 back = glm::convertSRGBToLinear(srgb);
    add(static_cast<double>(n2 + n3 + n4 + glm::length(back - lin)));
    add_bits(glm::packHalf2x16(glm::vec2(n2, n3)));
    add_bits(glm::packUnorm4x8(glm::vec4(srgb, 1.f)));
    add_bits(glm::packSnorm4x16(glm::vec4(n2, n3, n4, -n2) * 0.25f));
    add_bits(glm::packF2x11_1x10(glm::abs(glm::vec3(n2, n3, n4))));
    glm::vec4 u = glm::unpackUnorm4x8(static_cast<glm::uint>(bits));
    add(u);
    add_bits(static_cast<unsigned long long>(
        glm::ceilPowerOfTwo(static_cast<int>(bits & 0xffff) + 1)));
    add_bits(static_cast<unsigned long long>(
        glm::float_distance(n2, glm::next_float(n2, 3))));
  }
}

}  // namespace

int main(int argc, char** argv) {
  int frames = argc > 1 ? std::atoi(argv[1]) : 60;
  std::vector<glm::vec3> pf;
  std::vector<glm::dvec3> pd;
  for (int i = 0; i < 257; ++i) {
    float a = static_cast<float>(i) * 0.37f;
    pf.push_back(glm::vec3(glm::cos(a), glm::sin(1.3f * a), glm::cos(a) *
                           glm::sin(a)) * 2.f);
    pd.push_back(glm::dvec3(pf.back()));
  }
  for (int frame = 0; frame < frames; ++frame) {
    transforms<float>(frame, 1500, pf);
    transforms<double>(frame, 1000, pd);
    colours_and_noise(frame, 600);
  }
  std::printf("frames %d\nsum %a\nbits %016llx\n", frames, total, bits);
  std::printf("point %a %a %a\n", static_cast<double>(pf[5].x), pd[7].y,
              pd[11].z);
  return 0;
}
