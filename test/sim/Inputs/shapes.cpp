// Classes with virtual functions, constructors and destructors: the
// repetition object-oriented C++ brings (vtables, field copies).
#include <memory>
#include <string>
#include <vector>

struct Shape {
  std::string Name;
  explicit Shape(std::string N) : Name(std::move(N)) {}
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual double perimeter() const = 0;
  virtual void scale(double F) = 0;
};

struct Rect : Shape {
  double W, H;
  Rect(double W, double H) : Shape("rect"), W(W), H(H) {}
  double area() const override { return W * H; }
  double perimeter() const override { return 2 * (W + H); }
  void scale(double F) override { W *= F; H *= F; }
};

struct Ellipse : Shape {
  double A, B;
  Ellipse(double A, double B) : Shape("ellipse"), A(A), B(B) {}
  double area() const override { return 3.14159265358979 * A * B; }
  double perimeter() const override {
    return 3.14159265358979 * (3 * (A + B) - ((3 * A + B) * (A + 3 * B)) / (A + B));
  }
  void scale(double F) override { A *= F; B *= F; }
};

struct Triangle : Shape {
  double X, Y, Z;
  Triangle(double X, double Y, double Z) : Shape("triangle"), X(X), Y(Y), Z(Z) {}
  double area() const override {
    double S = (X + Y + Z) / 2;
    return S * (S - X) * (S - Y) * (S - Z);
  }
  double perimeter() const override { return X + Y + Z; }
  void scale(double F) override { X *= F; Y *= F; Z *= F; }
};

struct Box : Shape {
  double W, H, D;
  Box(double W, double H, double D) : Shape("box"), W(W), H(H), D(D) {}
  double area() const override { return 2 * (W * H + H * D + W * D); }
  double perimeter() const override { return 4 * (W + H + D); }
  void scale(double F) override { W *= F; H *= F; D *= F; }
};

double total(const std::vector<std::unique_ptr<Shape>> &Shapes) {
  double Sum = 0;
  for (const auto &S : Shapes)
    Sum += S->area() + S->perimeter();
  return Sum;
}

std::vector<std::unique_ptr<Shape>> make() {
  std::vector<std::unique_ptr<Shape>> V;
  V.push_back(std::make_unique<Rect>(1, 2));
  V.push_back(std::make_unique<Ellipse>(3, 4));
  V.push_back(std::make_unique<Triangle>(3, 4, 5));
  V.push_back(std::make_unique<Box>(1, 2, 3));
  for (auto &S : V)
    S->scale(2);
  return V;
}
