// Closures: counters, accumulators, composition, currying, memoization,
// closures captured in loops, a module pattern, generators of sequences
// and Function.prototype.bind/call/apply.

function counter(start) {
  var n = start;
  return {
    inc: function () { return ++n; },
    add: function (k) { n += k; return n; },
    get: function () { return n; }
  };
}

function compose() {
  var fs = Array.prototype.slice.call(arguments);
  return function (x) {
    for (var i = fs.length - 1; i >= 0; i--) x = fs[i](x);
    return x;
  };
}

function curry(f) {
  return function curried() {
    var args = Array.prototype.slice.call(arguments);
    if (args.length >= f.length) return f.apply(this, args);
    return function () {
      return curried.apply(this, args.concat(Array.prototype.slice.call(arguments)));
    };
  };
}

function memo(f) {
  var cache = {}, misses = 0;
  var g = function (k) {
    if (k in cache) return cache[k];
    misses++;
    return (cache[k] = f(k));
  };
  g.misses = function () { return misses; };
  return g;
}

// A stream of numbers as a chain of closures.
function naturals(from) {
  return { head: from, tail: function () { return naturals(from + 1); } };
}
function filterS(p, s) {
  while (!p(s.head)) s = s.tail();
  return { head: s.head, tail: function () { return filterS(p, s.tail()); } };
}
function sieve(s) {
  return { head: s.head, tail: function () {
    return sieve(filterS(function (x) { return x % s.head !== 0; }, s.tail()));
  } };
}
function takeS(n, s) {
  var res = [];
  while (n-- > 0) { res.push(s.head); s = s.tail(); }
  return res;
}

var Bank = (function () {
  var accounts = {}, log = [];
  function audit(msg) { log.push(msg); }
  return {
    open: function (name, amount) { accounts[name] = amount; audit("open " + name); },
    move: function (from, to, amount) {
      if (accounts[from] < amount) { audit("refused " + from); return false; }
      accounts[from] -= amount; accounts[to] += amount;
      audit(from + ">" + to + ":" + amount);
      return true;
    },
    total: function () {
      var t = 0;
      for (var k in accounts) t += accounts[k];
      return t;
    },
    log: function () { return log.slice(); }
  };
})();

var c = counter(10), i;
for (i = 0; i < 1000; i++) c.inc();
c.add(-11);
report("counter", c.get(), 999);

var f = compose(function (x) { return x * 2; }, function (x) { return x + 3; },
                function (x) { return x * x; });
report("compose", [1, 2, 3, 4].map(f), [8, 14, 24, 38]);

var add3 = curry(function (a, b, c) { return a + b * 10 + c * 100; });
report("curry", [add3(1)(2)(3), add3(1, 2)(3), add3(1)(2, 3), add3(4, 5, 6)],
       [321, 321, 321, 654]);

var mfib = memo(function (k) { return k < 2 ? k : mfib(k - 1) + mfib(k - 2); });
var fibs = [];
for (i = 0; i <= 78; i++) fibs.push(mfib(i));
report("memo fib 78", [fibs[78], mfib.misses()], [8944394323791464, 79]);

var fs = [];
for (i = 0; i < 5; i++) {
  fs.push((function (j) { return function () { return j * j; }; })(i));
}
var shared = [];
for (i = 0; i < 5; i++) shared.push(function () { return i; });
report("captured", [fs.map(function (g) { return g(); }),
                    shared.map(function (g) { return g(); })],
       [[0, 1, 4, 9, 16], [5, 5, 5, 5, 5]]);

report("sieve", takeS(25, sieve(naturals(2))),
       [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
        71, 73, 79, 83, 89, 97]);

Bank.open("ann", 100); Bank.open("bob", 50); Bank.open("cy", 0);
Bank.move("ann", "bob", 30); Bank.move("bob", "cy", 100);
Bank.move("bob", "cy", 80); Bank.move("cy", "ann", 5);
report("module", [Bank.total(), Bank.log()],
       [150, ["open ann", "open bob", "open cy", "ann>bob:30", "refused bob",
              "bob>cy:80", "cy>ann:5"]]);

function Point(x, y) { this.x = x; this.y = y; }
Point.prototype.scaled = function (k) { return new Point(this.x * k, this.y * k); };
var p = new Point(2, 3);
var scale = p.scaled.bind(p, 10);
var sum = function (a, b) { return this.x + this.y + a + b; };
report("bind/call/apply", [scale(), sum.call(p, 1, 2), sum.apply(p, [3, 4]),
                           Math.max.apply(null, [4, 9, 2])],
       [{x: 20, y: 30}, 8, 12, 9]);

// Closures over closures: a tiny event system.
function emitter() {
  var handlers = {};
  return {
    on: function (ev, h) { (handlers[ev] = handlers[ev] || []).push(h); },
    emit: function (ev, v) {
      var hs = handlers[ev] || [], res = [];
      for (var k = 0; k < hs.length; k++) res.push(hs[k](v));
      return res;
    }
  };
}
var e = emitter(), total = 0;
e.on("n", function (v) { total += v; return total; });
e.on("n", function (v) { return v * v; });
e.on("s", function (v) { return v.toUpperCase(); });
var got = [];
for (i = 1; i <= 5; i++) got.push(e.emit("n", i));
got.push(e.emit("s", "abc"), e.emit("none", 1));
report("emitter", got,
       [[1, 1], [3, 4], [6, 9], [10, 16], [15, 25], ["ABC"], []]);
done();
