/* Vector and matrix helpers where the same arithmetic appears with its
   operands in a different order: a*b+c*d next to d*c+b*a. Floating-point
   addition and multiplication commute, so these are one computation. */
typedef struct { double x, y, z; } vec3;
typedef struct { double m[3][3]; } mat3;

double dot(const vec3 *a, const vec3 *b) {
  return a->x * b->x + a->y * b->y + a->z * b->z;
}

double dot_rev(const vec3 *a, const vec3 *b) {
  return b->x * a->x + b->y * a->y + b->z * a->z;
}

void cross(vec3 *r, const vec3 *a, const vec3 *b) {
  r->x = a->y * b->z - a->z * b->y;
  r->y = a->z * b->x - a->x * b->z;
  r->z = a->x * b->y - a->y * b->x;
}

void cross_alt(vec3 *r, const vec3 *a, const vec3 *b) {
  r->x = b->z * a->y - b->y * a->z;
  r->y = b->x * a->z - b->z * a->x;
  r->z = b->y * a->x - b->x * a->y;
}

void mat_vec(vec3 *r, const mat3 *m, const vec3 *v) {
  r->x = m->m[0][0] * v->x + m->m[0][1] * v->y + m->m[0][2] * v->z;
  r->y = m->m[1][0] * v->x + m->m[1][1] * v->y + m->m[1][2] * v->z;
  r->z = m->m[2][0] * v->x + m->m[2][1] * v->y + m->m[2][2] * v->z;
}

void mat_tvec(vec3 *r, const mat3 *m, const vec3 *v) {
  r->x = v->x * m->m[0][0] + v->y * m->m[1][0] + v->z * m->m[2][0];
  r->y = v->x * m->m[0][1] + v->y * m->m[1][1] + v->z * m->m[2][1];
  r->z = v->x * m->m[0][2] + v->y * m->m[1][2] + v->z * m->m[2][2];
}

int same_point(const vec3 *a, const vec3 *b) {
  return a->x == b->x && a->y == b->y && a->z == b->z;
}

int same_point_rev(const vec3 *a, const vec3 *b) {
  return b->x == a->x && b->y == a->y && b->z == a->z;
}

double clampd(double v, double lo, double hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

void clamp_vec(vec3 *v, double lo, double hi) {
  v->x = v->x < lo ? lo : (v->x > hi ? hi : v->x);
  v->y = v->y < lo ? lo : (v->y > hi ? hi : v->y);
  v->z = v->z < lo ? lo : (v->z > hi ? hi : v->z);
}

void lerp(vec3 *r, const vec3 *a, const vec3 *b, double t) {
  r->x = a->x + (b->x - a->x) * t;
  r->y = a->y + (b->y - a->y) * t;
  r->z = a->z + (b->z - a->z) * t;
}

void lerp_alt(vec3 *r, const vec3 *a, const vec3 *b, double t) {
  r->x = t * (b->x - a->x) + a->x;
  r->y = t * (b->y - a->y) + a->y;
  r->z = t * (b->z - a->z) + a->z;
}
