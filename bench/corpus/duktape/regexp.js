// Regular expressions (Duktape's own regexp compiler and backtracking
// matcher): groups, alternation, quantifiers greedy and lazy,
// backreferences, lookahead, flags, exec with lastIndex, replace with
// functions and $ patterns, split, and a tokenizer built on them.

var log = "2023-04-01 12:00:03 GET /index.html 200 512\n" +
  "2023-04-01 12:00:09 POST /api/login 401 87\n" +
  "2023-04-02 08:15:44 GET /img/logo.png 304 0\n" +
  "2023-04-02 09:01:10 GET /api/items?id=42&sort=asc 200 2048\n" +
  "2023-04-03 23:59:59 DELETE /api/items/42 204 0\n";

var line = /^(\d{4})-(\d\d)-(\d\d) ([\d:]+) ([A-Z]+) (\S+) (\d{3}) (\d+)$/gm;
var m, rows = [];
while ((m = line.exec(log)) !== null) {
  rows.push([m[3], m[5], m[6].replace(/\?.*/, ""), +m[7], +m[8], line.lastIndex]);
}
report("log lines", rows,
       [["01", "GET", "/index.html", 200, 512, 43],
        ["01", "POST", "/api/login", 401, 87, 86],
        ["02", "GET", "/img/logo.png", 304, 0, 130],
        ["02", "GET", "/api/items", 200, 2048, 189],
        ["03", "DELETE", "/api/items/42", 204, 0, 236]]);

report("tests", [/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test("a.b+c@ex-ample.co.uk"),
                 /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test("no@tld"),
                 /colou?r/i.test("COLOR"), /\bcat\b/.test("concatenate"),
                 /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/.test("192.168.1.255"),
                 /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/.test("256.1.1.1")],
       [true, false, true, false, true, false]);

report("greedy/lazy", ["<a><b></b></a>".match(/<.+>/)[0], "<a><b></b></a>".match(/<.+?>/)[0],
                       "aaa".match(/a{2,}/)[0], "aaaa".match(/a{1,3}?/)[0],
                       "xaaay".replace(/a*/g, "-")],
       ["<a><b></b></a>", "<a>", "aaa", "a", "-x--y-"]);

report("backreferences", ["hello wworld  foo foo bar".match(/(\w)\1/g),
                          /(\w+) \1/.exec("say bye bye now")[1],
                          "abcabcabc".replace(/(abc)\1/, "[$1]"),
                          /^(a+)\1$/.test("aaaa"), /^(a+)\1$/.test("aaa")],
       [["ll", "ww", "oo", "oo"], "bye", "[abc]abc", true, false]);

report("lookahead", ["price: 100 dollars, 200 euros".match(/\d+(?= euros)/)[0],
                     "abc123def".replace(/\d(?!\d)/, "#"),
                     "1234567890".replace(/\B(?=(\d{3})+(?!\d))/g, ","),
                     /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/.test("Passw0rdX"),
                     /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/.test("password")],
       ["200", "abc12#def", "1,234,567,890", true, false]);

report("replace", ["John Smith".replace(/(\w+)\s(\w+)/, "$2, $1"),
                   "a-b_c d".replace(/[-_ ](.)/g, function (m, c) { return c.toUpperCase(); }),
                   "camelCaseStringHere".replace(/[A-Z]/g, function (c) { return "_" + c.toLowerCase(); }),
                   "x".replace(/x/, "$$"), "abc".replace(/b/, "[$`|$&|$']"),
                   "aaa".replace("a", "b")],
       ["Smith, John", "aBCD", "camel_case_string_here", "$", "a[a|b|c]c", "baa"]);

report("split", ["a1b2c3d".split(/\d/), "a, b;c  d".split(/[,; ]+/),
                 "one  two".split(/(\s+)/), "abc".split(""), "a,b,c".split(",", 2)],
       [["a", "b", "c", "d"], ["a", "b", "c", "d"], ["one", "  ", "two"],
        ["a", "b", "c"], ["a", "b"]]);

var flags = /ab+c/gim;
report("flags", [flags.source, flags.global, flags.ignoreCase, flags.multiline,
                 String(/a\/b/), "ABBC abc".match(/ab+c/gi).length,
                 "x\ny".match(/^y/m) !== null, "x\ny".match(/^y/) === null],
       ["ab+c", true, true, true, "/a\\/b/", 2, true, true]);

// A tokenizer of arithmetic with a sticky-like loop over lastIndex.
function tokens(src) {
  var re = /\s*(?:(\d+\.?\d*(?:[eE][-+]?\d+)?)|([A-Za-z_]\w*)|(\*\*|[-+*\/%()=,]))/g;
  var res = [], mt, at = 0;
  re.lastIndex = 0;
  while (at < src.length && (mt = re.exec(src)) !== null && mt.index === at) {
    res.push(mt[1] ? "n:" + mt[1] : mt[2] ? "id:" + mt[2] : mt[3]);
    at = re.lastIndex;
  }
  return res;
}
report("tokenizer", tokens("x = 3.5e2 * (y1 + 42) ** 2 % max(a, b)"),
       ["id:x", "=", "n:3.5e2", "*", "(", "id:y1", "+", "n:42", ")", "**",
        "n:2", "%", "id:max", "(", "id:a", ",", "id:b", ")"]);

// Many matches over a long generated text.
var words = [], i;
for (i = 0; i < 2000; i++) words.push(["alpha", "beta", "gamma", "delta"][rand() % 4] + (rand() % 100));
var big = words.join(" ");
var counts = {};
big.replace(/([a-z]+)(\d+)/g, function (all, w, n) {
  counts[w] = (counts[w] || 0) + (+n % 7 === 0 ? 1 : 0); return all;
});
report("long text", [big.length, big.match(/a\d+\b/g).length, counts,
                     big.replace(/(\w)(\w*)/g, function (a, f, r) { return f.toUpperCase() + r; }).slice(0, 40)],
       [15296, 2000, {gamma: 83, delta: 72, beta: 81, alpha: 78},
        "Gamma58 Delta92 Beta44 Gamma37 Alpha98 G"]);
done();
