// Recursion: tak, ackermann, fib, n-queens, permutations, the towers of
// Hanoi, mutual recursion, a recursive flood fill and a deep chain.

function tak(x, y, z) {
  return y >= x ? z : tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y));
}
function ack(m, n) {
  return m === 0 ? n + 1 : n === 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1));
}
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

function queens(n) {
  var cols = [], count = 0, first = null;
  function safe(r, c) {
    for (var i = 0; i < r; i++) {
      if (cols[i] === c || Math.abs(cols[i] - c) === r - i) return false;
    }
    return true;
  }
  function place(r) {
    if (r === n) { if (!first) first = cols.slice(); count++; return; }
    for (var c = 0; c < n; c++) {
      if (safe(r, c)) { cols[r] = c; place(r + 1); }
    }
  }
  place(0);
  return [count, first];
}

function permutations(xs) {
  if (xs.length <= 1) return [xs.slice()];
  var res = [];
  for (var i = 0; i < xs.length; i++) {
    var rest = xs.slice(0, i).concat(xs.slice(i + 1));
    var ps = permutations(rest);
    for (var j = 0; j < ps.length; j++) res.push([xs[i]].concat(ps[j]));
  }
  return res;
}

function hanoi(n, from, to, via, moves) {
  if (n === 0) return moves;
  hanoi(n - 1, from, via, to, moves);
  moves.push(from + to);
  return hanoi(n - 1, via, to, from, moves);
}

function isEven(n) { return n === 0 ? true : isOdd(n - 1); }
function isOdd(n) { return n === 0 ? false : isEven(n - 1); }

function flood(grid, r, c) {
  if (r < 0 || c < 0 || r >= grid.length || c >= grid[r].length ||
      grid[r][c] !== ".") return 0;
  grid[r][c] = "#";
  return 1 + flood(grid, r + 1, c) + flood(grid, r - 1, c) +
    flood(grid, r, c + 1) + flood(grid, r, c - 1);
}

function gcd(a, b) { return b === 0 ? a : gcd(b, a % b); }

function sumTo(n) { return n === 0 ? 0 : n + sumTo(n - 1); }

function partitions(n, k) {
  if (n === 0) return 1;
  if (n < 0 || k === 0) return 0;
  return partitions(n - k, k) + partitions(n, k - 1);
}

report("tak 18 12 6", tak(18, 12, 6), 7);
report("ack 2 9, 3 4", [ack(2, 9), ack(3, 4)], [21, 125]);
report("fib 20", fib(20), 6765);
report("queens 6 7 8", [queens(6), queens(7)[0], queens(8)[0]],
       [[4, [1, 3, 5, 0, 2, 4]], 40, 92]);
var ps = permutations([1, 2, 3, 4, 5]);
report("permutations 5", [ps.length, ps[0], ps[57], ps[119]],
       [120, [1, 2, 3, 4, 5], [3, 2, 4, 5, 1], [5, 4, 3, 2, 1]]);
var moves = hanoi(10, "a", "c", "b", []);
report("hanoi 10", [moves.length, moves.slice(0, 7).join(" ")],
       [1023, "ab ac bc ab ca cb ab"]);
report("even/odd 5001", [isEven(5000), isOdd(5001), isEven(777)],
       [true, true, false]);
var rows = [], r, c;
for (r = 0; r < 24; r++) {
  var row = [];
  for (c = 0; c < 40; c++) row.push((r * 7 + c * 13) % 11 === 0 ? "x" : ".");
  rows.push(row);
}
report("flood", [flood(rows, 0, 1), rows[5].join("")],
       [872, "##########x##########x##########x#######"]);
report("gcd", [gcd(1071, 462), gcd(832040, 514229)], [21, 1]);
report("sum to 3000", sumTo(3000), 4501500);
report("partitions 40", partitions(40, 40), 37338);
done();
