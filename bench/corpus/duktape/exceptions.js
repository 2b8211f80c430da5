// Exceptions: throw and catch across recursion, finally blocks and their
// order, rethrow, custom error types by prototype, the engine's own
// errors (TypeError, ReferenceError, RangeError, SyntaxError from eval and
// JSON), error messages, nested try in loops with break and continue.

function ValidationError(field, msg) {
  this.name = "ValidationError";
  this.field = field;
  this.message = msg;
}
ValidationError.prototype = Object.create(Error.prototype);
ValidationError.prototype.constructor = ValidationError;

function validate(rec) {
  if (typeof rec.age !== "number") throw new ValidationError("age", "not a number");
  if (rec.age < 0) throw new ValidationError("age", "negative");
  if (!/^[a-z]+$/.test(rec.name)) throw new ValidationError("name", "bad name " + rec.name);
  return rec.name + ":" + rec.age;
}
var recs = [{name: "ann", age: 3}, {name: "Bob", age: 4}, {name: "cy", age: -1},
            {name: "di", age: "7"}, {name: "ed", age: 70}];
report("custom errors", recs.map(function (r) {
  try { return validate(r); } catch (e) {
    return [e instanceof ValidationError, e instanceof Error, e.field, e.message, String(e)];
  }
}), ["ann:3", [true, true, "name", "bad name Bob", "ValidationError: bad name Bob"],
     [true, true, "age", "negative", "ValidationError: negative"],
     [true, true, "age", "not a number", "ValidationError: not a number"], "ed:70"]);

// Unwinding through recursion: the depth at which it was thrown.
function dive(n, limit) {
  if (n === limit) throw {depth: n};
  return dive(n + 1, limit) + 1;
}
var depths = [];
[10, 100, 500].forEach(function (lim) {
  try { dive(0, lim); } catch (e) { depths.push(e.depth); }
});
report("unwinding", depths, [10, 100, 500]);

var order = [];
function f(k) {
  try {
    order.push("try" + k);
    if (k === 1) throw new Error("one");
    if (k === 2) return "ret2";
    order.push("body" + k);
  } catch (e) {
    order.push("catch" + k + ":" + e.message);
    return "caught" + k;
  } finally {
    order.push("finally" + k);
    if (k === 3) return "override3";
  }
  return "end" + k;
}
report("finally", [[0, 1, 2, 3].map(f), order],
       [["end0", "caught1", "ret2", "override3"],
        ["try0", "body0", "finally0", "try1", "catch1:one", "finally1", "try2",
         "finally2", "try3", "body3", "finally3"]]);

function engineError(code) {
  try { code(); return "none"; } catch (e) { return e.name; }
}
report("engine errors", [
  engineError(function () { null.x; }),
  engineError(function () { undefinedVariable + 1; }),
  engineError(function () { new Array(-1); }),
  engineError(function () { (1).toFixed(200); }),
  engineError(function () { eval("var = 1"); }),
  engineError(function () { JSON.parse("{"); }),
  engineError(function () { decodeURIComponent("%"); }),
  engineError(function () { var o = {}; o.f(); }),
  engineError(function () { "use strict"; Object.freeze([1]).push(2); }),
  engineError(function () { return 1; })
], ["TypeError", "ReferenceError", "RangeError", "RangeError", "SyntaxError",
    "SyntaxError", "URIError", "TypeError", "TypeError", "none"]);

// Rethrow and wrap.
function parseAll(xs) {
  var res = [];
  for (var i = 0; i < xs.length; i++) {
    try {
      res.push(JSON.parse(xs[i]));
    } catch (e) {
      if (xs[i] === "fatal") {
        var w = new Error("wrapped at " + i);
        w.cause = e.name;
        throw w;
      }
      res.push("bad");
      continue;
    } finally {
      res.push("|");
    }
  }
  return res;
}
var wrapped;
try { parseAll(["1", "[2]", "x", "fatal", "3"]); } catch (e) { wrapped = [e.message, e.cause]; }
report("rethrow", [parseAll(["1", "{\"a\":2}", "?", "null"]), wrapped],
       [[1, "|", {a: 2}, "|", "bad", "|", null, "|"], ["wrapped at 3", "SyntaxError"]]);

// Many exceptions in a loop with break/continue through finally.
var caught = 0, fin = 0, i;
for (i = 0; i < 3000; i++) {
  try {
    try {
      if (i % 3 === 0) throw new RangeError("r" + i);
      if (i % 5 === 0) continue;
      if (i === 2999) break;
      null.x;
    } finally { fin++; }
  } catch (e) { caught += e instanceof RangeError ? 2 : 1; }
}
report("loop", [caught, fin, i], [3599, 3000, 2999]);

// Errors thrown from getters, toString and callbacks.
var trap = {get v() { throw new Error("getter"); }, toString: function () { throw new TypeError("str"); }};
var msgs = [];
try { trap.v; } catch (e) { msgs.push(e.message); }
try { "" + trap; } catch (e) { msgs.push(e.name); }
try { [3, 1, 2].sort(function () { throw new Error("cmp"); }); } catch (e) { msgs.push(e.message); }
try { [1, 2].map(function (x) { if (x === 2) throw x; return x; }); } catch (e) { msgs.push(e); }
report("thrown from callbacks", msgs, ["getter", "TypeError", "cmp", 2]);
done();
