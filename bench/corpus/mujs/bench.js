// The mujs benchmark of the corpus: recursion (binary trees, tak, a
// recursive-descent expression parser and evaluator), string processing
// and regular expressions, JSON both ways, sorting with comparators,
// closures, prototypes and exceptions.
//
//   mujs bench.js ROUNDS
//
// Prints each result; a result that is not the known one ends the run
// with quit(1). Plain ES5: the same script runs under node (whose JSON
// keeps the order of insertion where mujs sorts the keys: one hash differs).

var rounds = (typeof scriptArgs !== "undefined" && scriptArgs.length) ?
    parseInt(scriptArgs[0], 10) : 1;
var out = (typeof print !== "undefined") ? print : console.log;
var failures = 0;

// want undefined: printed only, the check compares it with the baseline's.
function report(name, got, want) {
  var g = JSON.stringify(got), w = JSON.stringify(want);
  if (want === undefined || g === w) {
    out(name + ": " + g);
  } else {
    failures++;
    out(name + ": " + g + "  WRONG, expected " + w);
  }
}

// A linear congruential generator: the same numbers on every engine.
var seed = 1;
function rand() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor(seed / 65536);
}

// ------------------------------------------------------------ recursion

function TreeNode(left, right, item) {
  this.left = left;
  this.right = right;
  this.item = item;
}
TreeNode.prototype.check = function () {
  if (this.left === null) return this.item;
  return this.item + this.left.check() - this.right.check();
};
TreeNode.prototype.depth = function () {
  if (this.left === null) return 1;
  return 1 + Math.max(this.left.depth(), this.right.depth());
};
function bottomUp(item, depth) {
  if (depth === 0) return new TreeNode(null, null, item);
  return new TreeNode(bottomUp(2 * item - 1, depth - 1),
                      bottomUp(2 * item, depth - 1), item);
}

function binaryTrees(maxDepth) {
  var sum = 0, d, i, iterations;
  for (d = 4; d <= maxDepth; d += 2) {
    iterations = 1 << (maxDepth - d + 4);
    for (i = 1; i <= iterations; i++) {
      sum += bottomUp(i, d).check() + bottomUp(-i, d).check();
    }
  }
  var long = bottomUp(0, maxDepth);
  return [sum, long.check(), long.depth()];
}

function tak(x, y, z) {
  return y >= x ? z : tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y));
}

function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// Permutations by recursion, counting derangements.
function derangements(n) {
  var used = [], count = 0;
  function place(k) {
    if (k === n) { count++; return; }
    for (var v = 0; v < n; v++) {
      if (!used[v] && v !== k) { used[v] = true; place(k + 1); used[v] = false; }
    }
  }
  place(0);
  return count;
}

// ------------------------------------------------------------ a parser

// Recursive descent over + - * / % ^, unary minus, parentheses, names
// and calls; evaluates the tree it builds.
function Parser(text) { this.toks = text.match(/\d+(\.\d+)?|[A-Za-z_]\w*|\S/g) || []; this.pos = 0; }
Parser.prototype.peek = function () { return this.toks[this.pos]; };
Parser.prototype.next = function () { return this.toks[this.pos++]; };
Parser.prototype.expect = function (t) {
  var got = this.next();
  if (got !== t) throw new SyntaxError("expected " + t + ", got " + got);
};
Parser.prototype.expr = function () {
  var node = this.term();
  while (this.peek() === "+" || this.peek() === "-")
    node = { op: this.next(), a: node, b: this.term() };
  return node;
};
Parser.prototype.term = function () {
  var node = this.power();
  while (this.peek() === "*" || this.peek() === "/" || this.peek() === "%")
    node = { op: this.next(), a: node, b: this.power() };
  return node;
};
Parser.prototype.power = function () {
  var node = this.unary();
  if (this.peek() === "^") { this.next(); return { op: "^", a: node, b: this.power() }; }
  return node;
};
Parser.prototype.unary = function () {
  if (this.peek() === "-") { this.next(); return { op: "neg", a: this.unary() }; }
  return this.primary();
};
Parser.prototype.primary = function () {
  var t = this.next();
  if (t === "(") { var e = this.expr(); this.expect(")"); return e; }
  if (/^\d/.test(t)) return { num: parseFloat(t) };
  if (/^[A-Za-z_]/.test(t)) {
    if (this.peek() === "(") {
      this.next();
      var args = [];
      if (this.peek() !== ")") {
        args.push(this.expr());
        while (this.peek() === ",") { this.next(); args.push(this.expr()); }
      }
      this.expect(")");
      return { call: t, args: args };
    }
    return { name: t };
  }
  throw new SyntaxError("unexpected " + t);
};

var env = { x: 3, y: 4, big: 1000 };
var funcs = {
  max: function (a) { return Math.max.apply(null, a); },
  min: function (a) { return Math.min.apply(null, a); },
  sqrt: function (a) { return Math.sqrt(a[0]); },
  fact: function (a) { return a[0] <= 1 ? 1 : a[0] * funcs.fact([a[0] - 1]); }
};
function evaluate(n) {
  if ("num" in n) return n.num;
  if ("name" in n) {
    if (!(n.name in env)) throw new ReferenceError("unbound " + n.name);
    return env[n.name];
  }
  if ("call" in n) return funcs[n.call](n.args.map(evaluate));
  var a = evaluate(n.a);
  switch (n.op) {
  case "neg": return -a;
  case "+": return a + evaluate(n.b);
  case "-": return a - evaluate(n.b);
  case "*": return a * evaluate(n.b);
  case "/": return a / evaluate(n.b);
  case "%": return a % evaluate(n.b);
  case "^": return Math.pow(a, evaluate(n.b));
  }
  throw new Error("bad node");
}
function show(n) {
  if ("num" in n) return String(n.num);
  if ("name" in n) return n.name;
  if ("call" in n) return n.call + "(" + n.args.map(show).join(",") + ")";
  if (n.op === "neg") return "(-" + show(n.a) + ")";
  return "(" + show(n.a) + n.op + show(n.b) + ")";
}

function randomExpr(depth) {
  var r = rand() % 10;
  if (depth === 0 || r < 2) return String(rand() % 100);
  if (r === 2) return ["x", "y", "big"][rand() % 3];
  if (r === 3) return "(" + randomExpr(depth - 1) + ")";
  if (r === 4) return "-" + randomExpr(depth - 1);
  if (r === 5) return "max(" + randomExpr(depth - 1) + "," + randomExpr(depth - 1) + ")";
  return randomExpr(depth - 1) + " " + "+-*%"[rand() % 4] + " " + randomExpr(depth - 1);
}

function parserRound(n) {
  var total = 0, nodes = 0, text, tree, v, i;
  for (i = 0; i < n; i++) {
    text = randomExpr(4);
    tree = new Parser(text).expr();
    v = evaluate(tree);
    if (isFinite(v)) total = (total + Math.round(v * 1000)) % 1000000007;
    nodes += show(tree).length;
    // The printed form parses to the same tree.
    if (show(new Parser(show(tree)).expr()) !== show(tree)) throw new Error("round trip " + text);
  }
  return [total, nodes];
}

// ------------------------------------------------------------ strings

var WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do " +
             "eiusmod tempor incididunt ut labore et dolore magna aliqua").split(" ");

function makeText(n) {
  var parts = [];
  for (var i = 0; i < n; i++) {
    var w = WORDS[rand() % WORDS.length];
    if (rand() % 7 === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    parts.push(w);
    if (rand() % 11 === 0) parts.push(String(rand() % 1000) + ((rand() % 2) ? "." : ","));
  }
  return parts.join(" ");
}

function stringRound(n) {
  var text = makeText(n);
  var freq = {};
  text.toLowerCase().replace(/[a-z]+/g, function (w) { freq[w] = (freq[w] || 0) + 1; return w; });
  var keys = Object.keys(freq).sort(function (a, b) { return freq[b] - freq[a] || (a < b ? -1 : 1); });
  var numbers = text.match(/\d+[.,]/g) || [];
  var caps = text.split(/\s+/).filter(function (w) { return /^[A-Z]/.test(w); }).length;
  var rot = text.slice(0, 2000).replace(/[a-z]/g, function (c) {
    return String.fromCharCode((c.charCodeAt(0) - 97 + 13) % 26 + 97);
  });
  var h = 0;
  for (var i = 0; i < rot.length; i++) h = (h * 31 + rot.charCodeAt(i)) % 1000000007;
  var reversed = text.split("").reverse().join("");
  return [keys.slice(0, 5), freq[keys[0]], numbers.length, caps, h,
          reversed.length === text.length, text.indexOf("magna"),
          text.lastIndexOf("dolor"), text.replace(/ +/g, "_").length];
}

// ------------------------------------------------------------ JSON

function makeRecords(n) {
  var recs = [];
  for (var i = 0; i < n; i++) {
    recs.push({
      id: i, name: WORDS[rand() % WORDS.length] + "-" + i,
      score: (rand() % 10000) / 100, active: rand() % 3 !== 0,
      tags: [WORDS[rand() % WORDS.length], WORDS[rand() % WORDS.length]],
      nested: { depth: i % 5, list: [i, i * 2, { z: "s\"q\\\n" + i }] }
    });
  }
  return recs;
}

function deepNest(d) { return d === 0 ? { leaf: true } : { d: d, child: deepNest(d - 1), arr: [d] }; }
function nestDepth(o) { return o.leaf ? 0 : 1 + nestDepth(o.child); }

function jsonRound(n) {
  var recs = makeRecords(n);
  var text = JSON.stringify(recs);
  var back = JSON.parse(text);
  var again = JSON.stringify(back);
  var pretty = JSON.stringify(back.slice(0, 20), null, 2);
  var picked = JSON.parse(text, function (k, v) { return k === "tags" ? v.length : v; });
  var active = back.filter(function (r) { return r.active; });
  var total = active.reduce(function (s, r) { return s + r.score; }, 0);
  var nest = JSON.parse(JSON.stringify(deepNest(20)));
  var h = 0;
  // Record by record: charCodeAt walks mujs's UTF-8 strings from the start.
  for (var i = 0; i < back.length; i++) {
    var rec = JSON.stringify(back[i]);
    for (var j = 0; j < rec.length; j += 3) h = (h * 33 + rec.charCodeAt(j)) % 1000000007;
  }
  return [text.length, again === text, pretty.length, picked[3].tags, active.length,
          Math.round(total * 100), nestDepth(nest), h];
}

// ------------------------------------------------------------ sorting

function mergeSort(a, less) {
  if (a.length < 2) return a;
  var mid = a.length >> 1;
  var l = mergeSort(a.slice(0, mid), less), r = mergeSort(a.slice(mid), less);
  var res = [], i = 0, j = 0;
  while (i < l.length && j < r.length) res.push(less(r[j], l[i]) ? r[j++] : l[i++]);
  return res.concat(l.slice(i), r.slice(j));
}

// Recursion into the smaller part only: mujs's value stack is small.
function quickSort(a, lo, hi) {
  while (lo < hi) {
    var p = a[(lo + hi) >> 1], i = lo, j = hi, t;
    while (i <= j) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i <= j) { t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (j - lo < hi - i) { quickSort(a, lo, j); lo = i; }
    else { quickSort(a, i, hi); hi = j; }
  }
}

function sortRound(n) {
  var a = [], i;
  for (i = 0; i < n; i++) a.push(rand());
  var b = a.slice().sort(function (x, y) { return x - y; });
  var m = mergeSort(a, function (x, y) { return x < y; });
  var q = a.slice(); quickSort(q, 0, q.length - 1);
  var same = true;
  for (i = 0; i < n; i++) if (b[i] !== m[i] || b[i] !== q[i]) same = false;
  var strs = a.slice(0, 2000).map(function (x) { return "k" + (x % 997); }).sort();
  var objs = a.slice(0, 2000).map(function (x, k) { return { k: x % 50, i: k }; });
  var stable = mergeSort(objs, function (x, y) { return x.k < y.k; });
  var okStable = true;
  for (i = 1; i < stable.length; i++)
    if (stable[i - 1].k === stable[i].k && stable[i - 1].i > stable[i].i) okStable = false;
  var cs = 0;
  for (i = 0; i < n; i++) cs = (cs + (i + 1) * b[i]) % 1000000007;
  return [same, okStable, strs[0], strs[strs.length - 1], cs];
}

// ------------------------------------------------------------ closures

function closureRound(n) {
  function counter() { var c = 0; return { inc: function () { return ++c; }, get: function () { return c; } }; }
  function compose() {
    var fs = Array.prototype.slice.call(arguments);
    return function (x) { for (var i = fs.length - 1; i >= 0; i--) x = fs[i](x); return x; };
  }
  function memo(f) {
    var cache = {};
    return function (k) { return k in cache ? cache[k] : (cache[k] = f(k)); };
  }
  var c = counter(), i, fibs = [];
  for (i = 0; i < n; i++) c.inc();
  var f = compose(function (x) { return x * 2; }, function (x) { return x + 3; }, function (x) { return x * x; });
  var mfib = memo(function (k) { return k < 2 ? k : mfib(k - 1) + mfib(k - 2); });
  // Bottom up: mujs's value stack is too small for mfib(70) at once.
  for (i = 0; i <= 70; i++) fibs.push(mfib(i));
  var caught = 0;
  for (i = 0; i < 200; i++) {
    try { if (i % 3 === 0) throw new RangeError("r" + i); null.x; }
    catch (e) { caught += e instanceof RangeError ? 2 : 1; }
    finally { caught++; }
  }
  return [c.get(), [1, 2, 3, 4].map(f), fibs[70], caught];
}

// ------------------------------------------------------------ the run

function oneRound(r) {
  seed = 42 + r;
  report("tak 18 12 6", tak(18, 12, 6), 7);
  report("fib 22", fib(22), 17711);
  report("derangements 8", derangements(8), 14833);
  report("binary trees 10", binaryTrees(10), [-2720, -1, 11]);
  report("expressions", parserRound(600));
  report("strings", stringRound(6000));
  report("json", jsonRound(600));
  report("sorting", sortRound(6000));
  report("closures", closureRound(5000), [5000, [8, 14, 24, 38], 190392490709135, 467]);
}

for (var r = 0; r < rounds; r++) {
  out("round " + r);
  oneRound(r);
}
out("failures: " + failures);
if (failures) { if (typeof quit !== "undefined") quit(1); else process.exit(1); }
