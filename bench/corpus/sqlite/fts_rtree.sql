-- Full-text search (FTS5) and R-tree virtual tables.
.mode list
CREATE VIRTUAL TABLE docs USING fts5(title, body, tokenize = 'porter');
INSERT INTO docs VALUES
  ('merging', 'Identical functions are merged into one body when their addresses do not matter.'),
  ('outlining', 'Similar sequences of instructions are outlined into new functions and called.'),
  ('folding', 'The linker folds identical sections; code folding saves bytes in the text section.'),
  ('thunks', 'A thunk keeps the address of a merged function and tail-calls the kept body.'),
  ('sizes', 'Code size matters for embedded programs and for caches; smaller text loads faster.');
SELECT title FROM docs WHERE docs MATCH 'merge' ORDER BY rank;
SELECT title FROM docs WHERE docs MATCH 'function* NOT thunk' ORDER BY title;
SELECT title, snippet(docs, 1, '[', ']', '...', 4) FROM docs WHERE docs MATCH 'text' ORDER BY title;
SELECT title, highlight(docs, 0, '<', '>') FROM docs WHERE docs MATCH 'title:fold*';
SELECT count(*) FROM docs WHERE docs MATCH 'NEAR(identical functions, 3)';
SELECT title FROM docs WHERE docs MATCH '"code folding" OR body:cache*' ORDER BY bm25(docs), title;
CREATE VIRTUAL TABLE boxes USING rtree(id, x0, x1, y0, y1);
WITH RECURSIVE i(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM i WHERE n < 199)
INSERT INTO boxes SELECT n, (n * 37) % 100, (n * 37) % 100 + (n % 7) + 1,
                          (n * 53) % 100, (n * 53) % 100 + (n % 5) + 1 FROM i;
SELECT count(*) FROM boxes WHERE x0 >= 10 AND x1 <= 30 AND y0 >= 40 AND y1 <= 80;
SELECT id FROM boxes WHERE x0 <= 50 AND x1 >= 50 AND y0 <= 50 AND y1 >= 50 ORDER BY id;
SELECT sum(id), min(x0), max(y1) FROM boxes WHERE x1 < 20;
