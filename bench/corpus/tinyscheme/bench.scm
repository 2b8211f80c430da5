; The tinyscheme benchmark of the corpus: recursive functions (tak, fib,
; ackermann, n-queens), list sorting, association lists and vectors,
; strings, closures, call/cc and macros from init.scm.
;
;   scheme -1 bench.scm ROUNDS
;
; (init.scm from the working directory first.) Prints each result; a
; result that is not the known one ends the run with (quit 1).

(define rounds
  (if (and (pair? *args*) (string->number (car *args*)))
      (string->number (car *args*))
      1))

(define failures 0)

(define (report name got want)
  (display name) (display ": ") (write got)
  (if (not (equal? got want))
      (begin (set! failures (+ failures 1))
             (display "  WRONG, expected ") (write want)))
  (newline))

; ------------------------------------------------------------ recursion

(define (tak x y z)
  (if (not (< y x))
      z
      (tak (tak (- x 1) y z)
           (tak (- y 1) z x)
           (tak (- z 1) x y))))

(define (fib n)
  (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))

(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))

; Non-tail recursion over a list, then the same with an accumulator.
(define (count-up n) (if (= n 0) '() (cons n (count-up (- n 1)))))
(define (sum-list l) (if (null? l) 0 (+ (car l) (sum-list (cdr l)))))
(define (sum-iter l acc) (if (null? l) acc (sum-iter (cdr l) (+ acc (car l)))))

; ------------------------------------------------------------ n-queens

(define (queens board-size)
  ; count the placements by permutations of the rows still left
  (define (ok? row dist placed)
    (or (null? placed)
        (and (not (= (car placed) (+ row dist)))
             (not (= (car placed) (- row dist)))
             (ok? row (+ dist 1) (cdr placed)))))
  (define (try left placed)
    (if (null? left)
        1
        (let loop ((cands left) (before '()) (n 0))
          (if (null? cands)
              n
              (let ((r (car cands)))
                (loop (cdr cands) (cons r before)
                      (if (ok? r 1 placed)
                          (+ n (try (append before (cdr cands))
                                    (cons r placed)))
                          n)))))))
  (define (iota1 n) (if (= n 0) '() (append (iota1 (- n 1)) (list n))))
  (try (iota1 board-size) '()))

; The same count, placing queen by queen.
(define (queens-count n)
  (define (safe? q qs d)
    (or (null? qs)
        (and (not (= q (car qs)))
             (not (= (abs (- q (car qs))) d))
             (safe? q (cdr qs) (+ d 1)))))
  (define (place k qs)
    (if (= k 0)
        1
        (let loop ((q 1) (total 0))
          (if (> q n)
              total
              (loop (+ q 1)
                    (if (safe? q qs 1)
                        (+ total (place (- k 1) (cons q qs)))
                        total))))))
  (place n '()))

; ------------------------------------------------------------ sorting

(define seed 12345)
(define (rand!)
  (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
  (quotient seed 65536))

(define (random-list n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons (rand!) acc)))))

(define (merge-lists a b less?)
  (cond ((null? a) b)
        ((null? b) a)
        ((less? (car b) (car a)) (cons (car b) (merge-lists a (cdr b) less?)))
        (else (cons (car a) (merge-lists (cdr a) b less?)))))

(define (split l)
  (if (or (null? l) (null? (cdr l)))
      (cons l '())
      (let ((rest (split (cddr l))))
        (cons (cons (car l) (car rest)) (cons (cadr l) (cdr rest))))))

(define (merge-sort l less?)
  (if (or (null? l) (null? (cdr l)))
      l
      (let ((halves (split l)))
        (merge-lists (merge-sort (car halves) less?)
                     (merge-sort (cdr halves) less?) less?))))

(define (quick-sort l)
  (if (null? l)
      '()
      (let ((p (car l)))
        (let part ((xs (cdr l)) (lo '()) (hi '()))
          (cond ((null? xs) (append (quick-sort lo) (list p) (quick-sort hi)))
                ((< (car xs) p) (part (cdr xs) (cons (car xs) lo) hi))
                (else (part (cdr xs) lo (cons (car xs) hi))))))))

(define (insertion-sort l)
  (define (insert x sorted)
    (if (or (null? sorted) (<= x (car sorted)))
        (cons x sorted)
        (cons (car sorted) (insert x (cdr sorted)))))
  (fold (lambda (acc x) (insert x acc)) '() l))

(define (list-head l k)
  (if (= k 0) '() (cons (car l) (list-head (cdr l) (- k 1)))))

(define (sorted? l)
  (or (null? l) (null? (cdr l))
      (and (<= (car l) (cadr l)) (sorted? (cdr l)))))

(define (checksum l)
  (let loop ((l l) (i 1) (acc 0))
    (if (null? l) acc
        (loop (cdr l) (+ i 1) (modulo (+ acc (* i (car l))) 1000000007)))))

; ------------------------------------------------------------ data

; Binary trees: build, count, mirror.
(define (make-tree d)
  (if (= d 0) '() (list d (make-tree (- d 1)) (make-tree (- d 1)))))
(define (tree-size t)
  (if (null? t) 0 (+ 1 (tree-size (cadr t)) (tree-size (caddr t)))))
(define (tree-sum t)
  (if (null? t) 0 (+ (car t) (tree-sum (cadr t)) (tree-sum (caddr t)))))
(define (mirror t)
  (if (null? t) '() (list (car t) (mirror (caddr t)) (mirror (cadr t)))))

; Association lists and symbols.
(define (word-counts words)
  (let loop ((ws words) (table '()))
    (if (null? ws)
        table
        (let ((e (assq (car ws) table)))
          (if e
              (begin (set-cdr! e (+ (cdr e) 1)) (loop (cdr ws) table))
              (loop (cdr ws) (cons (cons (car ws) 1) table)))))))

(define symbols '(alpha beta gamma delta epsilon zeta eta theta iota kappa))

(define (symbol-stream n)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc
        (loop (+ i 1) (cons (list-ref symbols (modulo (rand!) 10)) acc)))))

; Strings and numbers. (This snapshot's string-ref, string-set!,
; vector-ref and vector-set! refuse every exact index, and init.scm's
; string comparisons and conversions use them: numbers and symbols
; stand in for characters.)
(define (number-strings n)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc)
        (loop (+ i 1) (cons (number->string (* i i)) acc)))))

(define (reverse-digits n)
  (let loop ((n n) (acc 0))
    (if (= n 0) acc (loop (quotient n 10) (+ (* acc 10) (remainder n 10))))))

(define (palindromes n)
  (let loop ((i 0) (count 0))
    (if (= i n) count
        (loop (+ i 1) (if (= (* i i) (reverse-digits (* i i)))
                          (+ count 1) count)))))

(define (digit-sum-of-strings strs)
  (let loop ((l strs) (acc 0))
    (if (null? l) acc
        (loop (cdr l)
              (+ acc (string->number (substring (car l) 0 1))
                 (string-length (car l)))))))

(define (join strs sep)
  (if (null? strs) ""
      (let loop ((l (cdr strs)) (acc (car strs)))
        (if (null? l) acc (loop (cdr l) (string-append acc sep (car l)))))))

; Closures and higher-order functions.
(define (compose . fs)
  (if (null? fs) (lambda (x) x)
      (lambda (x) ((car fs) ((apply compose (cdr fs)) x)))))
(define (make-counter)
  (let ((n 0)) (lambda () (set! n (+ n 1)) n)))
(define (fold f init l)
  (if (null? l) init (fold f (f init (car l)) (cdr l))))

; call/cc: an early exit from a deep search.
(define (find-first pred l)
  (call-with-current-continuation
   (lambda (return)
     (for-each (lambda (x) (if (pred x) (return x))) l)
     #f)))

; A macro from init.scm's define-macro.
(define-macro (swap! a b)
  `(let ((tmp ,a)) (set! ,a ,b) (set! ,b tmp)))

; ------------------------------------------------------------ the run

(define (one-round r)
  (report "tak 18 12 6" (tak 18 12 6) 7)
  (report "fib 20" (fib 20) 6765)
  (report "ack 2 9" (ack 2 9) 21)
  (report "ack 3 4" (ack 3 4) 125)
  (let ((l (count-up 2000)))
    (report "sum 1..2000" (list (sum-list l) (sum-iter l 0)) '(2001000 2001000)))
  (report "queens 7" (queens-count 7) 40)
  (report "queens (permutations) 6" (queens 6) 4)
  (set! seed (+ 12345 r))
  (let* ((l (random-list 800))
         (m (merge-sort l <))
         (q (quick-sort l))
         (i (insertion-sort (list-head l 200))))
    (report "merge sort" (list (sorted? m) (length m)) '(#t 800))
    (report "quick sort = merge sort" (equal? m q) #t)
    (report "insertion sort" (list (sorted? i) (length i)) '(#t 200))
    (display "sort checksum: ") (display (checksum m)) (newline))
  (let ((t (make-tree 10)))
    (report "tree" (list (tree-size t) (tree-sum t) (tree-sum (mirror t)))
            '(1023 2036 2036)))
  (let ((counts (word-counts (symbol-stream 1500))))
    (report "word counts" (apply + (map cdr counts)) 1500)
    (display "counts: ")
    (write (map (lambda (s) (assq s counts)) symbols))
    (newline))
  (let ((strs (number-strings 600)))
    (report "palindromic squares" (palindromes 600) 14)
    (report "string digits" (digit-sum-of-strings strs) 4959)
    (report "joined length" (string-length (join strs ",")) 3736))
  (let ((f (compose (lambda (x) (* x 2)) (lambda (x) (+ x 3)) (lambda (x) (* x x))))
        (c (make-counter)))
    (report "compose" (map f '(1 2 3 4)) '(8 14 24 38))
    (for-each (lambda (x) (c)) (count-up 100))
    (report "counter" (c) 101)
    (report "fold" (fold (lambda (acc x) (+ (* acc 3) x)) 0 '(1 2 3 4 5)) 179))
  (report "call/cc" (find-first (lambda (x) (> (* x x) 1000)) (count-up 500)) 500)
  (let ((a 1) (b 2))
    (swap! a b)
    (report "swap!" (list a b) '(2 1))))

(let loop ((r 0))
  (if (< r rounds)
      (begin
        (display "round ") (display r) (newline)
        (one-round r)
        (loop (+ r 1)))))

(display "failures: ") (display failures) (newline)
(if (> failures 0) (quit 1))
