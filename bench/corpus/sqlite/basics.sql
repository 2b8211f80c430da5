-- Tables, constraints, joins, aggregates, views, triggers, transactions,
-- and the shell's own output modes and dot-commands.
.headers on
.mode column
CREATE TABLE dept(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE emp(id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  dept INTEGER REFERENCES dept(id), salary REAL CHECK (salary > 0),
  hired TEXT, boss INTEGER REFERENCES emp(id));
INSERT INTO dept(name) VALUES ('tools'), ('kernel'), ('docs'), ('empty');
INSERT INTO emp VALUES
  (1, 'ada', 1, 120000, '2019-03-01', NULL),
  (2, 'brian', 2, 98000.5, '2020-07-15', 1),
  (3, 'chen', 2, 101000, '2018-01-09', 1),
  (4, 'dora', 3, 67000, '2021-11-30', 2),
  (5, 'emil', 1, 88000, '2022-02-02', 1),
  (6, 'fay', 2, 91000, '2017-05-05', 3),
  (7, 'gus', NULL, 50000, '2023-09-09', NULL);
SELECT d.name AS dept, count(e.id) AS n, round(avg(e.salary), 2) AS avg,
       max(e.salary) AS top, group_concat(e.name, '|') AS who
  FROM dept d LEFT JOIN emp e ON e.dept = d.id
  GROUP BY d.id ORDER BY n DESC, dept;
SELECT e.name, b.name AS boss FROM emp e LEFT JOIN emp b ON e.boss = b.id
  ORDER BY e.name;
SELECT name FROM emp WHERE salary > (SELECT avg(salary) FROM emp)
  ORDER BY salary DESC;
SELECT name FROM emp WHERE dept IN (SELECT id FROM dept WHERE name LIKE 'k%')
  EXCEPT SELECT name FROM emp WHERE salary < 95000;
CREATE VIEW payroll AS SELECT dept, sum(salary) AS total FROM emp GROUP BY dept;
SELECT * FROM payroll ORDER BY total;
CREATE TABLE audit(at INTEGER, what TEXT);
CREATE TRIGGER emp_raise AFTER UPDATE OF salary ON emp BEGIN
  INSERT INTO audit VALUES (new.id, old.salary || ' -> ' || new.salary);
END;
BEGIN;
UPDATE emp SET salary = salary * 1.1 WHERE dept = 2;
SAVEPOINT s1;
DELETE FROM emp WHERE id = 7;
ROLLBACK TO s1;
COMMIT;
SELECT * FROM audit ORDER BY at;
SELECT count(*) FROM emp;
INSERT OR IGNORE INTO emp VALUES (8, 'hal', 1, -5, NULL, NULL);
SELECT changes();
INSERT OR REPLACE INTO dept VALUES (4, 'void');
INSERT INTO emp VALUES (9, 'ida', 4, 10, NULL, NULL)
  ON CONFLICT(id) DO UPDATE SET salary = excluded.salary;
UPDATE emp SET name = upper(name) WHERE id IN (1, 9) RETURNING id, name;
.mode csv
SELECT * FROM emp ORDER BY id;
.mode json
SELECT id, name, salary FROM emp WHERE id < 4 ORDER BY id;
.mode line
SELECT * FROM dept WHERE id = 2;
.mode list
.separator " : "
SELECT id, name FROM dept ORDER BY id;
.mode box
SELECT id, name, hired FROM emp ORDER BY hired LIMIT 3;
.mode markdown
SELECT dept, total FROM payroll ORDER BY dept;
.mode insert emp
SELECT * FROM emp WHERE id = 2;
.schema emp
.dump dept
