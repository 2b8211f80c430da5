// Archive member: shapes whose corners() are identical.
#include "common.h"

namespace {
struct Square : Shape {
  long side;
  explicit Square(long s) : side(s) {}
  long area() const override { return side * side; }
  int corners() const override { return 4; }
};
struct Rect : Shape {
  long w, h;
  Rect(long w, long h) : w(w), h(h) {}
  long area() const override { return w * h; }
  int corners() const override { return 4; }
};
struct Circle : Shape {
  long r;
  explicit Circle(long r) : r(r) {}
  long area() const override { return 3 * r * r; }
  int corners() const override { return 0; }
};
} // namespace

Shape *make_shape(int kind, long size) {
  int v[] = {kind, int(size)};
  size += Acc<int>::sum(v, 2) % 3;
  if (kind == 0)
    return new Square(size);
  if (kind == 1)
    return new Rect(size, size + 1);
  return new Circle(size);
}
