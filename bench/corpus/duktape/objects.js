// Objects: prototype chains and inheritance, property enumeration and
// deletion, getters and setters, Object.defineProperty/keys/create/freeze,
// arrays as objects, a hash table of many keys, instanceof and typeof.

function Shape(name) { this.name = name; }
Shape.prototype.area = function () { return 0; };
Shape.prototype.describe = function () {
  return this.name + "(" + this.area().toFixed(2) + ")";
};
function Rect(w, h) { Shape.call(this, "rect"); this.w = w; this.h = h; }
Rect.prototype = Object.create(Shape.prototype);
Rect.prototype.constructor = Rect;
Rect.prototype.area = function () { return this.w * this.h; };
function Square(s) { Rect.call(this, s, s); this.name = "square"; }
Square.prototype = Object.create(Rect.prototype);
Square.prototype.constructor = Square;
function Circle(r) { Shape.call(this, "circle"); this.r = r; }
Circle.prototype = Object.create(Shape.prototype);
Circle.prototype.area = function () { return Math.PI * this.r * this.r; };

var shapes = [new Rect(2, 3), new Square(4), new Circle(1.5), new Shape("dot")];
report("inheritance", shapes.map(function (s) {
  return [s.describe(), s instanceof Rect, s instanceof Shape,
          s.constructor === Square];
}), [["rect(6.00)", true, true, false], ["square(16.00)", true, true, true],
     ["circle(7.07)", false, true, false], ["dot(0.00)", false, true, false]]);

var o = {b: 2, a: 1, 10: "ten", 2: "two", c: {d: [1, 2, {e: 3}]}};
o.z = 26; delete o.a; o.a = "again";
var keys = [];
for (var k in o) keys.push(k);
report("enumeration", [keys, Object.keys(o.c.d[2]), "a" in o, o.hasOwnProperty("toString")],
       [["2", "10", "b", "c", "z", "a"], ["e"], true, false]);

var temp = {
  _c: 25,
  get f() { return this._c * 9 / 5 + 32; },
  set f(v) { this._c = (v - 32) * 5 / 9; }
};
var fs = [temp.f];
temp.f = 212; fs.push(temp._c);
temp.f = -40; fs.push(temp._c, temp.f);
report("getters/setters", fs, [77, 100, -40, -40]);

var frozen = Object.freeze({x: 1, y: [1]});
frozen.x = 2; frozen.y.push(2);
var hidden = {};
Object.defineProperty(hidden, "secret", {value: 42, enumerable: false,
                                         writable: false});
hidden.visible = 1; hidden.secret = 7;
report("defineProperty/freeze",
       [frozen.x, frozen.y, Object.isFrozen(frozen), Object.keys(hidden),
        hidden.secret, Object.getOwnPropertyNames(hidden).sort()],
       [1, [1, 2], true, ["visible"], 42, ["secret", "visible"]]);

// A hash table of many keys: inserts, lookups, deletes.
var table = {}, i, key, hits = 0, size = 0;
for (i = 0; i < 20000; i++) {
  key = "k" + ((i * 7919) % 10007);
  if (table[key] === undefined) { table[key] = i; size++; }
  else table[key] += i;
}
for (i = 0; i < 10007; i += 3) {
  if (("k" + i) in table) { hits++; delete table["k" + i]; }
}
var left = 0, sum = 0;
for (key in table) { left++; sum += table[key]; }
report("hash table", [size, hits, left, sum], [10007, 3336, 6671, 133309320]);

// Arrays: sparse, length, holes, methods.
var a = [1, 2, 3];
a[10] = 11;
var holes = 0;
for (i = 0; i < a.length; i++) if (!(i in a)) holes++;
a.length = 2;
var b = [5, 1, 4].concat([2, 3]).reverse();
report("arrays", [holes, a, b.slice(), b.indexOf(4), b.lastIndexOf(9), b.join("-"),
                  [[1, 2], [3]].concat([[4]]).length, Array.isArray(b),
                  b.slice(-2), b.splice(1, 2, "x", "y", "z"), b],
       [7, [1, 2], [3, 2, 4, 1, 5], 2, -1, "3-2-4-1-5", 3, true, [1, 5],
        [2, 4], [3, "x", "y", "z", 1, 5]]);

// Array methods with callbacks.
var nums = [];
for (i = 1; i <= 30; i++) nums.push(i);
report("array callbacks", [
  nums.filter(function (x) { return x % 7 === 0; }),
  nums.map(function (x) { return x * x; }).reduce(function (p, x) { return p + x; }, 0),
  nums.reduceRight(function (p, x) { return p + "," + x; }, "").length,
  nums.some(function (x) { return x > 29; }),
  nums.every(function (x) { return x > 0; })
], [[7, 14, 21, 28], 9455, 81, true, true]);

report("typeof", [typeof 1, typeof "s", typeof {}, typeof [], typeof null,
                  typeof undefined, typeof function () {}, typeof true,
                  Object.prototype.toString.call([]),
                  Object.prototype.toString.call(null)],
       ["number", "string", "object", "object", "object", "undefined",
        "function", "boolean", "[object Array]", "[object Null]"]);

// A linked structure: a doubly linked list with a sentinel.
function List() { this.head = {}; this.head.next = this.head.prev = this.head; this.n = 0; }
List.prototype.push = function (v) {
  var node = {v: v, prev: this.head.prev, next: this.head};
  this.head.prev.next = node; this.head.prev = node; this.n++;
};
List.prototype.remove = function (pred) {
  for (var x = this.head.next; x !== this.head; x = x.next) {
    if (pred(x.v)) { x.prev.next = x.next; x.next.prev = x.prev; this.n--; }
  }
};
List.prototype.toArray = function () {
  var res = [];
  for (var x = this.head.prev; x !== this.head; x = x.prev) res.push(x.v);
  return res;
};
var l = new List();
for (i = 0; i < 20; i++) l.push(i * 3);
l.remove(function (v) { return v % 2 === 0; });
report("linked list", [l.n, l.toArray()],
       [10, [57, 51, 45, 39, 33, 27, 21, 15, 9, 3]]);
done();
