// Class hierarchies with identical overrides, identical virtual and
// deleting destructors, and class templates with virtual members
// instantiated for many types. Vtables and RTTI take the functions'
// addresses, so most of these must keep distinct addresses.
#include <memory>
#include <vector>

struct Shape {
  virtual ~Shape();
  virtual int sides() const = 0;
  virtual double area() const = 0;
  virtual int id() const { return 0; }
  int tag = 0;
};
Shape::~Shape() {}

struct Square : Shape { double s; int sides() const override; double area() const override; };
struct Rect : Shape { double s; int sides() const override; double area() const override; };
struct Rhombus : Shape { double s; int sides() const override { return 4; } double area() const override { return s * s; } int id() const override { return tag; } };
struct Kite : Shape { double s; int sides() const override { return 4; } double area() const override { return s * s; } int id() const override { return tag; } };
int Square::sides() const { return 4; }
int Rect::sides() const { return 4; }
double Square::area() const { return s * s; }
double Rect::area() const { return s * s; }

// Out-of-line, external, identical: the address of each may be compared.
int externalA(int x) { return x * 3 + 1; }
int externalB(int x) { return x * 3 + 1; }
int externalC(int y) { return y * 3 + 1; }

template <typename T> struct Holder {
  virtual ~Holder() {}
  virtual T get() const { return value; }
  virtual void set(T v) { value = v; }
  virtual bool empty() const { return value == T(); }
  virtual std::size_t size() const { return sizeof(T); }
  T value{};
};

template <typename T> struct Counter : Holder<T> {
  int hits = 0;
  T get() const override { return this->value; }
  void set(T v) override { ++hits; this->value = v; }
};

enum E1 { E1a };
enum E2 { E2a };
struct Opaque;

template <typename T> __attribute__((noinline)) std::unique_ptr<Holder<T>> makeHolder(bool counted) {
  if (counted)
    return std::make_unique<Counter<T>>();
  return std::make_unique<Holder<T>>();
}
#define H(T) template std::unique_ptr<Holder<T>> makeHolder<T>(bool);
H(int)
H(unsigned)
H(E1)
H(E2)
H(long)
H(long long)
H(unsigned long)
H(Opaque *)
H(int *)
H(char)
H(signed char)
H(short)
H(unsigned short)

std::vector<std::unique_ptr<Shape>> shapes() {
  std::vector<std::unique_ptr<Shape>> v;
  v.push_back(std::make_unique<Square>());
  v.push_back(std::make_unique<Rect>());
  v.push_back(std::make_unique<Rhombus>());
  v.push_back(std::make_unique<Kite>());
  return v;
}
int (*externals[])(int) = {externalA, externalB, externalC};
