-- Recursive common table expressions: numbers, strings, a tree, a grid.
.mode list
WITH RECURSIVE fib(i, a, b) AS (SELECT 1, 0, 1 UNION ALL SELECT i + 1, b, a + b FROM fib WHERE i < 70)
SELECT group_concat(a, ' ') FROM fib;
WITH RECURSIVE n(x) AS (SELECT 2 UNION ALL SELECT x + 1 FROM n WHERE x < 300)
SELECT group_concat(x, ',') FROM n
 WHERE NOT EXISTS (SELECT 1 FROM n AS d WHERE d.x < n.x AND d.x * d.x <= n.x AND n.x % d.x = 0);
WITH RECURSIVE collatz(n, steps) AS (SELECT 27, 0 UNION ALL
  SELECT CASE WHEN n % 2 THEN 3 * n + 1 ELSE n / 2 END, steps + 1 FROM collatz WHERE n > 1)
SELECT max(steps), max(n) FROM collatz;
CREATE TABLE node(id INTEGER PRIMARY KEY, parent INTEGER, name TEXT);
INSERT INTO node VALUES (1, NULL, 'root'), (2, 1, 'core'), (3, 1, 'plugin'), (4, 2, 'Compare.cpp'),
  (5, 2, 'Merge.cpp'), (6, 3, 'Options.cpp'), (7, 2, 'outline'), (8, 7, 'Outline.cpp');
WITH RECURSIVE walk(id, path, depth) AS (
  SELECT id, name, 0 FROM node WHERE parent IS NULL
  UNION ALL SELECT node.id, walk.path || '/' || node.name, depth + 1
  FROM node JOIN walk ON node.parent = walk.id ORDER BY 2)
SELECT depth, path FROM walk;
WITH RECURSIVE
  xs(x) AS (SELECT -2.0 UNION ALL SELECT x + 0.05 FROM xs WHERE x < 0.5),
  ys(y) AS (SELECT -1.0 UNION ALL SELECT y + 0.1 FROM ys WHERE y < 1.0),
  it(cx, cy, zx, zy, k) AS (
    SELECT x, y, 0.0, 0.0, 0 FROM xs, ys
    UNION ALL SELECT cx, cy, zx * zx - zy * zy + cx, 2.0 * zx * zy + cy, k + 1
    FROM it WHERE zx * zx + zy * zy < 4.0 AND k < 30),
  pts(cx, cy, k) AS (SELECT cx, cy, max(k) FROM it GROUP BY cx, cy),
  rows(cy, line) AS (SELECT cy, group_concat(substr(' .:-=+*#%@', 1 + min(k / 3, 9), 1), '')
                     FROM (SELECT * FROM pts ORDER BY cx) GROUP BY cy)
SELECT line FROM rows ORDER BY cy;
WITH RECURSIVE s(i, str) AS (SELECT 0, '' UNION ALL SELECT i + 1, str || char(97 + (i * 7) % 26) FROM s WHERE i < 40)
SELECT str FROM s WHERE i = 40;
