// Strings: building, slicing, searching, case, char codes, split/join,
// padding and repetition by hand, a Caesar cipher, run-length coding,
// a word count, Unicode (UTF-16 units) and string comparison.

var text = "The quick brown fox jumps over the lazy dog. " +
  "Pack my box with five dozen liquor jugs! How vexingly quick daft zebras jump.";

report("basics", [text.length, text.indexOf("fox"), text.lastIndexOf("quick"),
                  text.charAt(4), text.charCodeAt(0), text.substring(10, 19),
                  text.substr(-5, 4), text.slice(-11, -1), text.toUpperCase().slice(0, 9),
                  "  pad  ".trim() + "|"],
       [122, 16, 99, "q", 84, "brown fox", "jump", "ebras jump", "THE QUICK",
        "pad|"]);

var words = text.toLowerCase().split(/[^a-z]+/).filter(function (w) { return w; });
var freq = {};
words.forEach(function (w) { freq[w] = (freq[w] || 0) + 1; });
var letters = {};
text.toLowerCase().replace(/[a-z]/g, function (ch) {
  letters[ch] = (letters[ch] || 0) + 1; return ch;
});
var common = Object.keys(letters).sort(function (x, y) {
  return letters[y] - letters[x] || (x < y ? -1 : 1);
}).slice(0, 6);
report("words", [words.length, freq.quick, freq.the, Object.keys(letters).length,
                 common.join("")], [23, 2, 2, 26, "oeiuah"]);

function caesar(s, k) {
  var res = "";
  for (var i = 0; i < s.length; i++) {
    var c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) c = (c - 65 + k + 26) % 26 + 65;
    else if (c >= 97 && c <= 122) c = (c - 97 + k + 26) % 26 + 97;
    res += String.fromCharCode(c);
  }
  return res;
}
var enc = caesar(text, 13);
report("caesar", [enc.slice(0, 20), caesar(enc, -13) === text],
       ["Gur dhvpx oebja sbk ", true]);

function rle(s) {
  return s.replace(/(.)\1*/g, function (run, ch) {
    return run.length > 1 ? run.length + ch : ch;
  });
}
function unrle(s) {
  return s.replace(/(\d+)(.)/g, function (m, n, ch) {
    return new Array(+n + 1).join(ch);
  });
}
var runs = "aaaabbbcccccccccccdeffffffffffffffffffffgg";
report("run length", [rle(runs), unrle(rle(runs)) === runs],
       ["4a3b11cde20f2g", true]);

function pad(s, n, ch) { s = String(s); while (s.length < n) s = ch + s; return s; }
var table = [];
for (var i = 1; i <= 12; i++) {
  table.push(pad(i, 3, " ") + pad((i * i).toString(2), 8, "0") + pad(i.toString(16), 3, "."));
}
report("padding", table.join("|"));

// Building a long string and scanning it.
var parts = [], s;
for (i = 0; i < 3000; i++) parts.push(String.fromCharCode(97 + (i * 7) % 26) + i);
s = parts.join(",");
var count = 0, pos = -1;
while ((pos = s.indexOf("a", pos + 1)) !== -1) count++;
report("long string", [s.length, count, s.split(",").length, s.slice(5000, 5020)],
       [16889, 116, 3000, "018,j1019,q1020,x102"]);

report("unicode", ["h\u00e9llo w\u00f6rld \u4e16\u754c".length,
                   "\u00e9".charCodeAt(0), "\ud83d\ude00".length,
                   escape("a b\u00e9"), encodeURIComponent("x=1&y=\u00e9"),
                   decodeURIComponent("%E2%82%AC"), "\u03a3\u03c3".toLowerCase()],
       [14, 233, 2, "a%20b%E9", "x%3D1%26y%3D%C3%A9", "\u20ac", "\u03c3\u03c3"]);

var list = ["banana", "Apple", "cherry", "apple", "Banana", "date", "10", "9", "1"];
report("comparison", [list.slice().sort(), "abc" < "abd", "Z" < "a", "10" < "9",
                      "a".localeCompare("b")],
       [["1", "10", "9", "Apple", "Banana", "apple", "banana", "cherry", "date"],
        true, true, true, -1]);

// Reversing words, palindromes.
function isPalindrome(s) {
  s = s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return s === s.split("").reverse().join("");
}
report("palindromes", ["A man, a plan, a canal: Panama", "Was it a car or a cat I saw?",
                       "Not one", "No lemon, no melon"].map(isPalindrome),
       [true, true, false, true]);
report("reverse words", text.split(" ").reverse().slice(0, 5).join(" "),
       "jump. zebras daft quick vexingly");
done();
