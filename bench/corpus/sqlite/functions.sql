-- Built-in functions: strings, numbers, dates, JSON, window functions.
.mode list
.headers off
SELECT printf('%5d|%-6s|%08.3f|%x|%e|%q|%c', 42, 'ab', 3.14159, 255, 12345.678, 'it''s', 'xyz');
SELECT substr('coalescence', 3, 4), replace('a-b-c', '-', '+'), instr('banana', 'nan'),
       upper('mixed Case'), lower('MIXED'), length('héllo'), hex('AZ'), quote('q''t'),
       trim('  pad  '), ltrim('xxy', 'x'), rtrim('yxx', 'x'), reverse_test
  FROM (SELECT 'n/a' AS reverse_test);
SELECT 'abc' LIKE 'A%', 'abc' GLOB 'A*', 'x' || NULL, coalesce(NULL, NULL, 'z'),
       ifnull(NULL, 1), nullif(3, 3), iif(1 < 2, 'yes', 'no');
SELECT 7 / 2, 7 / 2.0, 7 % 3, -7 % 3, abs(-4.5), round(2.675, 2), 1 << 10, ~5, 6 & 3, 6 | 3;
SELECT sqrt(2), pow(2, 10), ln(exp(1)), log10(1000), floor(-1.5), ceil(1.2), pi(), mod(10, 4), degrees(pi());
SELECT typeof(1), typeof(1.0), typeof('1'), typeof(x'01'), typeof(NULL), cast('12abc' AS INTEGER), cast(3.99 AS INTEGER);
SELECT date('2024-02-28', '+1 day'), date('2023-02-28', '+1 day'), time('12:34:56', '+90 minutes'),
       datetime('2000-01-01 00:00:00', '+1000000 seconds'), strftime('%Y/%j/%w %H', '2024-12-31 23:00'),
       julianday('2024-01-01') - julianday('2023-01-01'), unixepoch('2001-09-09 01:46:40'),
       date('2024-01-31', 'start of month', '+1 month', '-1 day');
SELECT json_object('a', 1, 'b', json_array(1, 2.5, 'x', NULL), 'c', json('{"d":true}'));
SELECT json_extract('{"a":{"b":[10,20,30]}}', '$.a.b[1]'), '{"k":"v"}' ->> '$.k', json_type('[1,{}]', '$[1]'),
       json_valid('{bad'), json_array_length('[1,2,3,4]'), json_set('{"a":1}', '$.b', 2), json_remove('[0,1,2]', '$[1]');
SELECT key, value, type FROM json_each('{"x":1,"y":[2,3],"z":"w"}') ORDER BY key;
SELECT fullkey, atom FROM json_tree('{"p":{"q":[1,2]},"r":null}') WHERE atom IS NOT NULL ORDER BY fullkey;
SELECT json_group_array(v) FROM (SELECT value AS v FROM json_each('[3,1,2]') ORDER BY v);
CREATE TABLE t(g TEXT, v INTEGER);
INSERT INTO t VALUES ('a', 5), ('a', 3), ('b', 9), ('a', 7), ('b', 1), ('c', 4), ('b', 9);
SELECT g, v, row_number() OVER w, rank() OVER w, dense_rank() OVER w,
       sum(v) OVER (PARTITION BY g ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
       lag(v, 1, -1) OVER w, lead(v) OVER w, first_value(v) OVER w,
       ntile(2) OVER w, round(percent_rank() OVER w, 3), round(cume_dist() OVER w, 3)
  FROM t WINDOW w AS (PARTITION BY g ORDER BY v) ORDER BY g, v;
SELECT g, total(v), avg(v), min(v), max(v), count(DISTINCT v) FROM t GROUP BY g HAVING count(*) > 1;
SELECT v, sum(v) OVER (ORDER BY v RANGE BETWEEN 2 PRECEDING AND 2 FOLLOWING) FROM t ORDER BY v;
SELECT group_concat(DISTINCT g) FROM t;
SELECT zeroblob(4), length(zeroblob(100)), unicode('€'), char(72, 105), likelihood(1, 0.5);
SELECT format('%,d', 1234567), format('%.3s', 'abcdef'), format('%!.2f', 1.005), octet_length('€');
SELECT max(1, 'a', x'00'), min(2, 1.5), 0.1 + 0.2, 1e308 * 10, -0.0, 9223372036854775807 + 1;
