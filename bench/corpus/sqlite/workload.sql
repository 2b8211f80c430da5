-- The runtime workload: generate, index, join, aggregate, sort, update.
-- Deterministic (no random()); about 0.2 s natively.
CREATE TABLE item(id INTEGER PRIMARY KEY, grp INTEGER, name TEXT, price REAL, qty INTEGER);
WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < 40000)
INSERT INTO item SELECT n, (n * 7919) % 97, printf('item-%06d-%s', (n * 104729) % 1000003, hex(n)),
                        ((n * 31337) % 10000) / 100.0, (n * 17) % 50 FROM i;
CREATE TABLE sale(id INTEGER PRIMARY KEY, item INTEGER, day INTEGER, n INTEGER);
WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < 60000)
INSERT INTO sale SELECT n, 1 + (n * 2654435761) % 40000, n % 365, 1 + n % 9 FROM i;
CREATE INDEX item_grp ON item(grp, price);
CREATE INDEX sale_item ON sale(item);
SELECT grp, count(*), round(sum(price * qty), 2) FROM item GROUP BY grp ORDER BY 3 DESC LIMIT 5;
SELECT i.grp, sum(s.n), round(sum(s.n * i.price), 2) FROM sale s JOIN item i ON i.id = s.item
  GROUP BY i.grp ORDER BY 3 DESC LIMIT 5;
SELECT name FROM item ORDER BY name DESC LIMIT 3;
SELECT day, count(*) FROM sale GROUP BY day HAVING count(*) > 164 ORDER BY day LIMIT 5;
UPDATE item SET price = price * 1.05 WHERE grp % 3 = 0;
DELETE FROM sale WHERE day BETWEEN 100 AND 120;
SELECT count(*), round(avg(price), 4) FROM item WHERE price > 50;
SELECT count(DISTINCT substr(name, 6, 3)) FROM item;
SELECT sum(length(gc)) FROM (SELECT group_concat(name) AS gc FROM item GROUP BY grp);
SELECT item, n, rank() OVER (PARTITION BY day % 7 ORDER BY n DESC, id) AS r FROM sale WHERE id % 997 = 0 ORDER BY id LIMIT 5;
