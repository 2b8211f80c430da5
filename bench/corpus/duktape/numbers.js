// Numbers: formatting (toString in bases, toFixed, toPrecision,
// toExponential, the shortest round trip of doubles), parsing, integer
// and bit arithmetic, Math, big integers in arrays of digits (factorial,
// powers), a sieve, and floating-point sums. Where Duktape's own number
// conversions (numconv: not always correctly rounded) differ from other
// engines, the result is printed only: the check compares it with the
// baseline's.

report("to string", [0.1 + 0.2, 1 / 3, 2 / 3, 1e21, 1e-7, 123456789012345680000,
                     -0, 5e-324, 1.7976931348623157e308, 255..toString(16),
                     (-255).toString(2), 0.5.toString(3)].map(String),
       ["0.30000000000000004", "0.3333333333333333", "0.6666666666666666", "1e+21",
        "1e-7", "123456789012345680000", "0", "5e-324", "1.7976931348623157e+308",
        "ff", "-11111111", "0.1111111111111111111111111111111112"]);
report("to string, engine's own", [(1e21).toString(36), (2 / 3).toString(7),
                                  9007199254740993, 1.0000000000000002e300]);

report("formats", [(1234.5678).toFixed(2), (0.000001234).toPrecision(2),
                   (123456).toExponential(3), (1.005).toFixed(2), (-1.5).toFixed(0),
                   (1e21).toFixed(2), (0).toExponential(), (255).toPrecision(10),
                   Math.PI.toFixed(10), (12345.6789).toPrecision(3)],
       ["1234.57", "0.0000012", "1.235e+5", "1.00", "-2", "1e+21", "0e+0",
        "255.0000000", "3.1415926536", "1.23e+4"]);

report("parsing", [parseInt("42px"), parseInt("0x1f"), parseInt("z", 36),
                   parseInt("  -17  "), parseInt("1e3"), parseFloat("3.14abc"),
                   parseFloat(".5e-3"), Number("0b101" === "x" ? 0 : "12e2"),
                   Number(""), Number(" 12 "), String(Number("1.2.3")),
                   String(parseInt("abc")), +"0x10", Number("-Infinity")],
       [42, 31, 35, -17, 1, 3.14, 0.0005, 1200, 0, 12, "NaN", "NaN", 16, -Infinity]);

report("integers", [(0x7fffffff + 1) | 0, -1 >>> 0, 1 << 31, -16 >> 2, -16 >>> 28,
                    ~5, 5 & 3, 5 | 3, 5 ^ 3, 7 % -3, -7 % 3, Math.pow(2, 53) + 1,
                    0.1 * 3, 1e16 + 1],
       [-2147483648, 4294967295, -2147483648, -4, 15, -6, 1, 7, 6, 1, -1,
        9007199254740992, 0.30000000000000004, 10000000000000000]);

report("math", [Math.floor(-2.5), Math.ceil(-2.5), Math.round(-2.5), Math.round(2.5),
                Math.abs(-3), Math.max(), Math.min(1, "0", 2), Math.sqrt(2),
                Math.sin(Math.PI / 6).toFixed(12), Math.atan2(1, 1) * 4,
                Math.exp(1), Math.log(100) / Math.LN10, Math.pow(2, -1074)].map(String),
       ["-3", "-2", "-2", "3", "3", "-Infinity", "0", "1.4142135623730951",
        "0.500000000000", "3.141592653589793", "2.718281828459045", "2", "5e-324"]);

// Big numbers as arrays of decimal digits (base 1e7 limbs).
function bigMul(a, k) {
  var carry = 0, res = [];
  for (var i = 0; i < a.length; i++) {
    var v = a[i] * k + carry;
    res.push(v % 10000000);
    carry = Math.floor(v / 10000000);
  }
  while (carry) { res.push(carry % 10000000); carry = Math.floor(carry / 10000000); }
  return res;
}
function bigStr(a) {
  var s = String(a[a.length - 1]);
  for (var i = a.length - 2; i >= 0; i--) s += ("000000" + a[i]).slice(-7);
  return s;
}
var fact = [1], i;
for (i = 2; i <= 300; i++) fact = bigMul(fact, i);
var f300 = bigStr(fact), digitSum = 0;
for (i = 0; i < f300.length; i++) digitSum += +f300[i];
var pow = [1];
for (i = 0; i < 1000; i++) pow = bigMul(pow, 2);
var p1000 = bigStr(pow);
report("big integers", [f300.length, digitSum, f300.slice(0, 20), p1000.length,
                        p1000.slice(-20)],
       [615, 2466, "30605751221644063603", 302, "24386837205668069376"]);

function primesBelow(n) {
  var comp = [], res = [];
  for (var i = 2; i < n; i++) {
    if (!comp[i]) { res.push(i); for (var j = i * i; j < n; j += i) comp[j] = true; }
  }
  return res;
}
var ps = primesBelow(50000);
report("primes", [ps.length, ps[ps.length - 1], ps[1000]], [5133, 49999, 7927]);

// Floating-point sums, naive and compensated.
var naive = 0, sum = 0, c = 0;
for (i = 1; i <= 100000; i++) {
  var x = 1 / (i * i);
  naive += x;
  var y = x - c, t = sum + y;
  c = (t - sum) - y;
  sum = t;
}
report("sums", [naive, sum], [1.6449240668982423, 1.6449240668982263]);
report("sums, engine's own", Math.sqrt(sum * 6));

// Number conversions through strings and back, many values.
var mismatches = 0, lens = 0;
seed = 99;
for (i = 0; i < 5000; i++) {
  var v = (rand() * 32768 + rand()) / (1 + rand()) * Math.pow(10, rand() % 40 - 20);
  var s = String(v);
  lens += s.length;
  if (Number(s) !== v) mismatches++;
  if (parseFloat(v.toExponential(16)) !== v) mismatches++;
}
report("round trips", [mismatches, lens]);
done();
