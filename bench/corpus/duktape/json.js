// JSON: stringify with indentation, replacer functions and arrays,
// toJSON, parse with a reviver, escapes, numbers, nesting, round trips of
// a generated document, errors of malformed input; and Duktape's own
// JX/JC encodings where the engine has them.

var doc = {
  name: "caf\u00e9 \"quoted\"\n\ttab", id: 7, ratio: 0.1 + 0.2, big: 1e21,
  small: -5e-7, neg0: -0, list: [1, "two", null, true, false, [], {}],
  nested: {a: {b: {c: {d: [1, [2, [3, [4]]]]}}}},
  skip: undefined, fn: function () {}, when: {toJSON: function () { return "2023-01-01"; }}
};
report("stringify", JSON.stringify(doc),
       '{"name":"caf\u00e9 \\"quoted\\"\\n\\ttab","id":7,"ratio":0.30000000000000004,' +
       '"big":1e+21,"small":-5e-7,"neg0":0,"list":[1,"two",null,true,false,[],{}],' +
       '"nested":{"a":{"b":{"c":{"d":[1,[2,[3,[4]]]]}}}},"when":"2023-01-01"}');
report("indent", JSON.stringify({a: [1, {b: 2}], c: "x"}, null, 2),
       '{\n  "a": [\n    1,\n    {\n      "b": 2\n    }\n  ],\n  "c": "x"\n}');
report("replacer", [JSON.stringify(doc, ["id", "nested", "a"]),
                    JSON.stringify({a: 1, b: "2", c: [3, "4"]}, function (k, v) {
                      return typeof v === "string" ? v + "!" : v;
                    }, "\t")],
       ['{"id":7,"nested":{"a":{}}}', '{\n\t"a": 1,\n\t"b": "2!",\n\t"c": [\n\t\t3,\n\t\t"4!"\n\t]\n}']);

var parsed = JSON.parse('{"x": [1, 2.5, -3e2, "\\u0041\\n"], "y": {"z": null},' +
                        ' "when": "2023-06-15", "t": true}', function (k, v) {
  if (typeof v === "number") return v * 2;
  if (k === "when") return v.split("-").map(Number);
  return v;
});
report("parse/reviver", parsed,
       {x: [2, 5, -600, "A\n"], y: {z: null}, when: [2023, 6, 15], t: true});

var bad = ['{"a":1,}', "[1,2", '{"a" 1}', "tru", '"\\x41"', "01", "", "{'a':1}", "[1]x"];
report("malformed", bad.map(function (s) {
  try { JSON.parse(s); return "ok"; } catch (e) { return e.name; }
}), ["SyntaxError", "SyntaxError", "SyntaxError", "SyntaxError", "SyntaxError",
     "SyntaxError", "SyntaxError", "SyntaxError", "SyntaxError"]);

// A generated document of orders, round-tripped many times.
function makeDoc(n) {
  var names = ["ada", "grace", "alan", "edsger", "barbara", "ken"];
  var orders = [];
  for (var i = 0; i < n; i++) {
    var items = [];
    for (var k = 0; k <= rand() % 4; k++) {
      items.push({sku: "SKU-" + (rand() % 1000), qty: 1 + rand() % 5,
                  price: (rand() % 10000) / 100, tags: rand() % 2 ? ["gift"] : []});
    }
    orders.push({id: i, customer: {name: names[rand() % names.length], vip: rand() % 3 === 0},
                 items: items, note: rand() % 4 ? null : "leave at door \u2192 \"back\""});
  }
  return {version: 1, orders: orders};
}
seed = 7;
var d = makeDoc(300), text = JSON.stringify(d), total = 0, i, j;
for (i = 0; i < 20; i++) {
  var back = JSON.parse(text);
  text = JSON.stringify(back);
}
back.orders.forEach(function (o) {
  o.items.forEach(function (it) { total += it.qty * it.price; });
});
var vip = back.orders.filter(function (o) { return o.customer.vip; }).length;
report("round trips", [text.length, vip, Math.round(total * 100) / 100,
                       JSON.stringify(back) === JSON.stringify(d)],
       [57030, 87, 86253.81, true]);

// Deep nesting both ways.
var deep = [];
for (i = 0; i < 200; i++) deep = [deep, {k: i}];
var s = JSON.stringify(deep);
var depth = 0;
for (var p = JSON.parse(s); p.length; p = p[0]) depth++;
report("deep", [s.length, depth], [2292, 200]);

var cyc = {a: 1}; cyc.self = cyc;
var cycErr;
try { JSON.stringify(cyc); } catch (e) { cycErr = e.name; }
report("cycle", cycErr, "TypeError");

if (typeof Duktape === "object") {
  var jx = Duktape.enc("jx", {u: undefined, n: NaN, i: -Infinity, f: function f() {},
                              b: [1, 2]});
  var jc = Duktape.enc("jc", {u: undefined, n: NaN, s: "\u00ff"});
  report("jx/jc", [jx, jc, String(Duktape.dec("jx", jx).i)],
         ["{u:undefined,n:NaN,i:-Infinity,f:{_func:true},b:[1,2]}",
          '{"u":{"_undef":true},"n":{"_nan":true},"s":"\\u00ff"}', "-Infinity"]);
}
done();
