// What the duktape checks share, run before each of them in the same heap:
//
//   duk lib.js recursion.js
//
// report() prints a result and counts it wrong when it is not the known
// one; done() prints the count and throws on a failure, so that duk exits
// 1. Plain ES5: the scripts run under node as well, concatenated after
// this file (print falls back to console.log).

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

function done() {
  out("failures: " + failures);
  if (failures) throw new Error(failures + " wrong result(s)");
}

// A linear congruential generator: the same numbers on every engine.
var seed = 1;
function rand() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor(seed / 65536);
}
