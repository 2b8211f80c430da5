// The duktape workload of the corpus: a small Lisp (reader, a recursive
// evaluator with environments and closures) running programs written in
// it, binary trees built and walked, a recursive-descent parser of
// arithmetic, JSON round trips of a generated document and merge sorts
// with comparators.
//
//   duk -e "var ROUNDS = 2" lib.js bench.js
//
// Prints each result; a result that is not the known one makes done()
// throw, and duk exit 1. Plain ES5: runs under node too (concatenated
// after lib.js).

var rounds = typeof ROUNDS === "number" ? ROUNDS : 1;

// ------------------------------------------------------------ a Lisp

function Sym(name) { this.name = name; }
var symbols = {};
function sym(name) {
  return symbols.hasOwnProperty(name) ? symbols[name] : (symbols[name] = new Sym(name));
}
function Pair(car, cdr) { this.car = car; this.cdr = cdr; }
var NIL = null;

function read(src) {
  var toks = src.replace(/;[^\n]*/g, "").replace(/([()'])/g, " $1 ")
    .split(/\s+/).filter(function (t) { return t.length; });
  var pos = 0;
  function form() {
    var t = toks[pos++];
    if (t === "(") {
      var items = [];
      while (toks[pos] !== ")") items.push(form());
      pos++;
      var lst = NIL;
      for (var i = items.length - 1; i >= 0; i--) lst = new Pair(items[i], lst);
      return lst;
    }
    if (t === "'") return new Pair(sym("quote"), new Pair(form(), NIL));
    if (/^-?\d+$/.test(t)) return parseInt(t, 10);
    if (t === "#t") return true;
    if (t === "#f") return false;
    return sym(t);
  }
  var forms = [];
  while (pos < toks.length) forms.push(form());
  return forms;
}

function Env(vars, outer) { this.vars = vars; this.outer = outer; }
Env.prototype.find = function (s) {
  for (var e = this; e; e = e.outer) {
    if (e.vars.hasOwnProperty(s.name)) return e;
  }
  throw new Error("unbound " + s.name);
};
function Lambda(params, body, env) { this.params = params; this.body = body; this.env = env; }

var S = {quote: sym("quote"), iff: sym("if"), define: sym("define"),
         lambda: sym("lambda"), begin: sym("begin"), let: sym("let"),
         set: sym("set!"), cond: sym("cond"), els: sym("else"),
         and: sym("and"), or: sym("or")};

function evaluate(x, env) {
  for (;;) {
    if (x instanceof Sym) return env.find(x).vars[x.name];
    if (!(x instanceof Pair)) return x;
    var op = x.car, args = x.cdr;
    if (op === S.quote) return args.car;
    if (op === S.iff) {
      x = evaluate(args.car, env) !== false ? args.cdr.car
        : (args.cdr.cdr ? args.cdr.cdr.car : false);
      continue;
    }
    if (op === S.define) {
      if (args.car instanceof Pair) {
        env.vars[args.car.car.name] = new Lambda(args.car.cdr, args.cdr, env);
      } else {
        env.vars[args.car.name] = evaluate(args.cdr.car, env);
      }
      return null;
    }
    if (op === S.set) {
      env.find(args.car).vars[args.car.name] = evaluate(args.cdr.car, env);
      return null;
    }
    if (op === S.lambda) return new Lambda(args.car, args.cdr, env);
    if (op === S.begin) {
      for (; args.cdr; args = args.cdr) evaluate(args.car, env);
      x = args.car;
      continue;
    }
    if (op === S.let) {
      var vars = {};
      for (var b = args.car; b; b = b.cdr) vars[b.car.car.name] = evaluate(b.car.cdr.car, env);
      env = new Env(vars, env);
      for (args = args.cdr; args.cdr; args = args.cdr) evaluate(args.car, env);
      x = args.car;
      continue;
    }
    if (op === S.cond) {
      var clause = args;
      while (clause && clause.car.car !== S.els && evaluate(clause.car.car, env) === false) {
        clause = clause.cdr;
      }
      if (!clause) return false;
      x = clause.car.cdr.car;
      continue;
    }
    if (op === S.and || op === S.or) {
      var v = op === S.and;
      for (; args; args = args.cdr) {
        v = evaluate(args.car, env);
        if ((op === S.and) === (v === false)) return v;
      }
      return v;
    }
    var f = evaluate(op, env), vals = [];
    for (; args; args = args.cdr) vals.push(evaluate(args.car, env));
    if (typeof f === "function") return f.apply(null, vals);
    var frame = {}, p = f.params, i = 0;
    for (; p; p = p.cdr) frame[p.car.name] = vals[i++];
    env = new Env(frame, f.env);
    for (var body = f.body; body.cdr; body = body.cdr) evaluate(body.car, env);
    x = body.car;
  }
}

function lispString(v) {
  if (v === NIL) return "()";
  if (v instanceof Sym) return v.name;
  if (v === true) return "#t";
  if (v === false) return "#f";
  if (v instanceof Pair) {
    var parts = [];
    for (; v instanceof Pair; v = v.cdr) parts.push(lispString(v.car));
    return "(" + parts.join(" ") + (v === NIL ? "" : " . " + lispString(v)) + ")";
  }
  return String(v);
}

function globals() {
  return new Env({
    "+": function (a, b) { return a + b; }, "-": function (a, b) { return a - b; },
    "*": function (a, b) { return a * b; }, "<": function (a, b) { return a < b; },
    "=": function (a, b) { return a === b; }, ">": function (a, b) { return a > b; },
    "quotient": function (a, b) { return Math.floor(a / b); },
    "remainder": function (a, b) { return a % b; },
    "cons": function (a, b) { return new Pair(a, b); },
    "car": function (p) { return p.car; }, "cdr": function (p) { return p.cdr; },
    "null?": function (p) { return p === NIL; }, "not": function (v) { return v === false; },
    "list": function () {
      var l = NIL;
      for (var i = arguments.length - 1; i >= 0; i--) l = new Pair(arguments[i], l);
      return l;
    }
  }, null);
}

var PRELUDE = [
  "(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))",
  "(define (tak x y z) (if (not (< y x)) z (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))",
  "(define (range a b) (if (> a b) '() (cons a (range (+ a 1) b))))",
  "(define (map f l) (if (null? l) '() (cons (f (car l)) (map f (cdr l)))))",
  "(define (filter p l) (cond ((null? l) '()) ((p (car l)) (cons (car l) (filter p (cdr l)))) (else (filter p (cdr l)))))",
  "(define (foldl f acc l) (if (null? l) acc (foldl f (f acc (car l)) (cdr l))))",
  "(define (append a b) (if (null? a) b (cons (car a) (append (cdr a) b))))",
  "(define (qsort l) (if (null? l) '() (let ((p (car l)) (rest (cdr l)))" +
  " (append (qsort (filter (lambda (x) (< x p)) rest)) (cons p (qsort (filter (lambda (x) (not (< x p))) rest)))))))",
  "(define (scramble n) (map (lambda (i) (remainder (* i 7919) 1009)) (range 1 n)))",
  "(define (count-change amount coins) (cond ((= amount 0) 1) ((or (< amount 0) (null? coins)) 0)" +
  " (else (+ (count-change amount (cdr coins)) (count-change (- amount (car coins)) coins)))))",
  "(define (make-counter) (let ((n 0)) (lambda () (set! n (+ n 1)) n)))",
  "(define (repeat k f) (if (= k 0) 0 (begin (f) (repeat (- k 1) f))))",
  "(define (queens board-size) (define (ok? row dist placed) (cond ((null? placed) #t)" +
  " ((or (= (car placed) (+ row dist)) (= (car placed) (- row dist)) (= (car placed) row)) #f)" +
  " (else (ok? row (+ dist 1) (cdr placed))))) (define (try k placed)" +
  " (if (= k 0) 1 (foldl (lambda (acc row) (if (ok? row 1 placed) (+ acc (try (- k 1) (cons row placed))) acc))" +
  " 0 (range 1 board-size)))) (try board-size '()))"
].join("\n");

function lispRound() {
  var env = globals(), res = [];
  read(PRELUDE).forEach(function (f) { evaluate(f, env); });
  var progs = ["(fib 13)", "(tak 10 6 2)", "(foldl + 0 (qsort (scramble 80)))",
               "(let ((l (qsort (scramble 60)))) (list (car l) (car (cdr l)) (foldl (lambda (a x) x) 0 l)))",
               "(count-change 40 '(50 25 10 5 1))", "(queens 5)",
               "(let ((c (make-counter))) (repeat 100 c) (c))"];
  progs.forEach(function (p) { res.push(lispString(evaluate(read(p)[0], env))); });
  return res;
}

// ------------------------------------------------------------ trees

function TreeNode(left, right, item) { this.left = left; this.right = right; this.item = item; }
function bottomUp(item, depth) {
  if (depth === 0) return new TreeNode(null, null, item);
  return new TreeNode(bottomUp(2 * item - 1, depth - 1), bottomUp(2 * item, depth - 1), item);
}
function check(t) { return t.left === null ? t.item : t.item + check(t.left) - check(t.right); }
function binaryTrees(maxDepth) {
  var sum = 0;
  for (var d = 4; d <= maxDepth; d += 2) {
    var iterations = 1 << (maxDepth - d + 2);
    for (var i = 1; i <= iterations; i++) sum += check(bottomUp(i, d)) + check(bottomUp(-i, d));
  }
  return sum;
}

// A binary search tree with insertion, in-order walk and height.
function bstInsert(t, k) {
  if (t === null) return {k: k, l: null, r: null};
  if (k < t.k) t.l = bstInsert(t.l, k); else if (k > t.k) t.r = bstInsert(t.r, k);
  return t;
}
function bstWalk(t, acc) { if (t) { bstWalk(t.l, acc); acc.push(t.k); bstWalk(t.r, acc); } return acc; }
function bstHeight(t) { return t ? 1 + Math.max(bstHeight(t.l), bstHeight(t.r)) : 0; }
function bstRound(n) {
  var t = null;
  for (var i = 0; i < n; i++) t = bstInsert(t, rand() % 100000);
  var keys = bstWalk(t, []);
  return [keys.length, keys[0], keys[keys.length >> 1], bstHeight(t)];
}

// ------------------------------------------------------------ expressions

function parseExpr(src) {
  var pos = 0;
  function peek() { while (src[pos] === " ") pos++; return src[pos]; }
  function num() {
    var start = pos;
    while (pos < src.length && /[0-9.]/.test(src[pos])) pos++;
    return parseFloat(src.slice(start, pos));
  }
  function atom() {
    var c = peek();
    if (c === "(") { pos++; var v = sum(); peek(); pos++; return v; }
    if (c === "-") { pos++; return -atom(); }
    return num();
  }
  function power() { var b = atom(); if (peek() === "^") { pos++; return Math.pow(b, power()); } return b; }
  function product() {
    var v = power();
    for (var c = peek(); c === "*" || c === "/" || c === "%"; c = peek()) {
      pos++;
      var r = power();
      v = c === "*" ? v * r : c === "/" ? v / r : v % r;
    }
    return v;
  }
  function sum() {
    var v = product();
    for (var c = peek(); c === "+" || c === "-"; c = peek()) {
      pos++;
      v = c === "+" ? v + product() : v - product();
    }
    return v;
  }
  return sum();
}
function randomExpr(depth) {
  if (depth === 0 || rand() % 4 === 0) return String(1 + rand() % 9);
  var ops = ["+", "-", "*", "/", "%", "^"], op = ops[rand() % 6];
  var e = randomExpr(depth - 1) + " " + op + " " +
    (op === "^" ? String(rand() % 4) : randomExpr(depth - 1));
  return rand() % 2 ? "(" + e + ")" : e;
}
function exprRound(n) {
  var total = 0, len = 0, big = 0;
  for (var i = 0; i < n; i++) {
    var e = randomExpr(6), v = parseExpr(e);
    len += e.length;
    if (Math.abs(v) < 1e9) total += v; else big++;
  }
  return [len, big, Math.round(total * 1000) / 1000];
}

// ------------------------------------------------------------ JSON, sorting

function jsonRound(n) {
  var orders = [];
  for (var i = 0; i < n; i++) {
    var items = [];
    for (var k = 0; k <= rand() % 4; k++) {
      items.push({sku: "SKU-" + (rand() % 1000), qty: 1 + rand() % 5, price: (rand() % 10000) / 100});
    }
    orders.push({id: i, who: ["ada", "alan", "grace", "ken"][rand() % 4], items: items});
  }
  var text = JSON.stringify({orders: orders}), back, total = 0;
  for (i = 0; i < 4; i++) { back = JSON.parse(text); text = JSON.stringify(back, null, 1); }
  back.orders.forEach(function (o) { o.items.forEach(function (it) { total += it.qty * it.price; }); });
  return [text.length, Math.round(total * 100) / 100];
}

// A merge sort of our own, top-down: Duktape's Array.prototype.sort picks
// its pivots at random (seeded by the clock), and the work it does with
// them would differ run to run.
function mergeSort(xs, cmp) {
  if (xs.length < 2) return xs;
  var mid = xs.length >> 1;
  var a = mergeSort(xs.slice(0, mid), cmp), b = mergeSort(xs.slice(mid), cmp);
  var res = [], i = 0, j = 0;
  while (i < a.length && j < b.length) res.push(cmp(b[j], a[i]) < 0 ? b[j++] : a[i++]);
  while (i < a.length) res.push(a[i++]);
  while (j < b.length) res.push(b[j++]);
  return res;
}

function sortRound(n) {
  var recs = [];
  for (var i = 0; i < n; i++) recs.push({name: "n" + (rand() % 500), age: rand() % 90, id: i});
  recs = mergeSort(recs, function (a, b) {
    return a.name < b.name ? -1 : a.name > b.name ? 1 : a.age - b.age || a.id - b.id;
  });
  var words = mergeSort(recs.map(function (r) { return r.age + ":" + r.name; }),
                        function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
  var nums = mergeSort(recs.map(function (r) { return r.age * 1000 + r.id % 1000; }),
                       function (a, b) { return b - a; });
  return [recs[0].id, recs[n - 1].id, words[n >> 1], nums[0], nums[n - 1]];
}

// ------------------------------------------------------------ the run

function oneRound(r) {
  seed = 42 + r;
  report("lisp", lispRound(),
         ["233", "3", "41068", "(25 29 1005)", "31", "10", "101"]);
  report("binary trees 8", binaryTrees(8), -168);
  report("bst", bstRound(2500));
  report("expressions", exprRound(500));
  report("json", jsonRound(250));
  report("sorting", sortRound(2000));
}

for (var r = 0; r < rounds; r++) {
  out("round " + r);
  oneRound(r);
}
done();
