// An uncaught exception thrown deep in a recursion: duk prints the error
// with its stack trace and exits 1, after what was printed before it.

function f(n) {
  if (n === 0) {
    throw new TypeError("deep " + [1, 2, 3].map(function (x) { return x * (n + 3); }));
  }
  f(n - 1);
}
print(JSON.stringify({a: [1, {b: "c"}], d: 1.5e300}));
f(3);
print("not reached");
