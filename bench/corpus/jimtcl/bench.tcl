# The jimtcl benchmark of the corpus: recursive procedures (tak, fib,
# ackermann, n-queens, a tree of lists), sorting with a Tcl comparator,
# dicts and arrays, strings and regular expressions, upvar/uplevel,
# tailcall, lambdas and Jim's oo classes.
#
#   jimsh bench.tcl ROUNDS
#
# Prints each result; a result that is not the known one ends the run
# with exit 1.

set rounds [expr {$argc > 0 ? [lindex $argv 0] : 1}]
set failures 0

proc report {name got {want ""}} {
    global failures
    if {$want ne "" && $got ne $want} {
        incr failures
        puts "$name: $got  WRONG, expected $want"
    } else {
        puts "$name: $got"
    }
}

# A linear congruential generator: the same numbers everywhere.
set seed 1
proc rand {} {
    global seed
    set seed [expr {($seed * 1103515245 + 12345) % 2147483648}]
    return [expr {$seed / 65536}]
}

# ------------------------------------------------------------ recursion

proc tak {x y z} {
    if {$y >= $x} { return $z }
    tak [tak [expr {$x - 1}] $y $z] [tak [expr {$y - 1}] $z $x] \
        [tak [expr {$z - 1}] $x $y]
}

proc fib {n} {
    if {$n < 2} { return $n }
    expr {[fib [expr {$n - 1}]] + [fib [expr {$n - 2}]]}
}

proc ack {m n} {
    if {$m == 0} { return [expr {$n + 1}] }
    if {$n == 0} { return [ack [expr {$m - 1}] 1] }
    ack [expr {$m - 1}] [ack $m [expr {$n - 1}]]
}

proc queens {n {row 0} {cols {}}} {
    if {$row == $n} { return 1 }
    set count 0
    for {set c 0} {$c < $n} {incr c} {
        set ok 1
        set r 0
        foreach q $cols {
            if {$q == $c || abs($q - $c) == $row - $r} { set ok 0; break }
            incr r
        }
        if {$ok} { incr count [queens $n [expr {$row + 1}] [concat $cols $c]] }
    }
    return $count
}

# Binary trees as nested lists {item left right}.
proc make-tree {item depth} {
    if {$depth == 0} { return [list $item {} {}] }
    list $item [make-tree [expr {2 * $item - 1}] [expr {$depth - 1}]] \
        [make-tree [expr {2 * $item}] [expr {$depth - 1}]]
}
proc check-tree {t} {
    lassign $t item l r
    if {$l eq ""} { return $item }
    expr {$item + [check-tree $l] - [check-tree $r]}
}
proc tree-depth {t} {
    lassign $t item l r
    if {$l eq ""} { return 1 }
    set a [tree-depth $l]
    set b [tree-depth $r]
    expr {1 + ($a > $b ? $a : $b)}
}

# Tail calls: a loop as recursion without growing the stack.
proc count-down {n acc} {
    if {$n == 0} { return $acc }
    tailcall count-down [expr {$n - 1}] [expr {$acc + $n}]
}

# ------------------------------------------------------------ sorting

proc merge-sort {l cmp} {
    set n [llength $l]
    if {$n < 2} { return $l }
    set mid [expr {$n / 2}]
    set a [merge-sort [lrange $l 0 $mid-1] $cmp]
    set b [merge-sort [lrange $l $mid end] $cmp]
    set res {}
    set i 0; set j 0
    set la [llength $a]; set lb [llength $b]
    while {$i < $la && $j < $lb} {
        if {[{*}$cmp [lindex $b $j] [lindex $a $i]] < 0} {
            lappend res [lindex $b $j]; incr j
        } else {
            lappend res [lindex $a $i]; incr i
        }
    }
    concat $res [lrange $a $i end] [lrange $b $j end]
}

proc numcmp {a b} { expr {$a < $b ? -1 : $a > $b ? 1 : 0} }

proc sort-round {n} {
    set l {}
    for {set i 0} {$i < $n} {incr i} { lappend l [rand] }
    set a [lsort -integer $l]
    set b [merge-sort $l numcmp]
    set c [lsort -command numcmp $l]
    set d [lsort -integer -decreasing -unique $l]
    set words [lmap x [lrange $l 0 499] { format w%03d [expr {$x % 977}] }]
    set cs 0
    set i 1
    foreach x $a { set cs [expr {($cs + $i * $x) % 1000000007}]; incr i }
    list [expr {$a eq $b && $b eq $c}] [llength $d] [lindex [lsort $words] 0] $cs
}

# ------------------------------------------------------------ data

set WORDS {lorem ipsum dolor sit amet consectetur adipiscing elit sed do
    eiusmod tempor incididunt ut labore et dolore magna aliqua}

proc make-text {n} {
    global WORDS
    set parts {}
    set nw [llength $WORDS]
    for {set i 0} {$i < $n} {incr i} {
        set w [lindex $WORDS [expr {[rand] % $nw}]]
        if {[rand] % 7 == 0} { set w [string totitle $w] }
        lappend parts $w
        if {[rand] % 11 == 0} { lappend parts "[expr {[rand] % 1000}]," }
    }
    join $parts " "
}

proc string-round {n} {
    set text [make-text $n]
    set freq [dict create]
    foreach w [regexp -all -inline {[a-z]+} [string tolower $text]] {
        dict incr freq $w
    }
    set top [lrange [lsort -stride 2 -index 1 -integer -decreasing $freq] 0 9]
    set nums [regexp -all {\d+,} $text]
    set caps [llength [lsearch -all -regexp [split $text " "] {^[A-Z]}]]
    set rot [string map {a n b o c p d q e r f s g t h u i v j w k x l y m z
        n a o b p c q d r e s f t g u h v i w j x k y l z m} [string range $text 0 1999]]
    set h 0
    foreach ch [split $rot ""] { set h [expr {($h * 31 + [scan $ch %c]) % 1000000007}] }
    array set count {}
    foreach w [split $text " "] { incr count([string length $w]) }
    set lens {}
    foreach k [lsort -integer [array names count]] { lappend lens $k $count($k) }
    list $top $nums $caps $h [string length [string reverse $text]] \
        [string first magna $text] [regsub -all { +} $text _ x] $lens
}

proc dict-round {n} {
    set d [dict create]
    for {set i 0} {$i < $n} {incr i} {
        dict set d key[expr {[rand] % 500}] sub[expr {$i % 7}] $i
    }
    set total 0
    dict for {k v} $d {
        dict for {k2 v2} $v { incr total $v2 }
    }
    set nested [dict create a [dict create b [dict create c 1]]]
    dict set nested a b d 2
    dict with nested {}
    list [dict size $d] $total [dict get $nested a b] [llength [dict keys $d key1*]]
}

# upvar and uplevel: a counter in the caller's frame.
proc bump {var by} { upvar 1 $var v; incr v $by }
proc in-caller {script} { uplevel 1 $script }

proc frame-round {n} {
    set x 0
    for {set i 0} {$i < $n} {incr i} { bump x $i }
    set y 0
    for {set i 0} {$i < $n} {incr i} { in-caller {incr y 2} }
    set f [lambda {a b} { expr {$a * $b + 1} }]
    set s 0
    foreach i [range $n] { incr s [$f $i 3] }
    list $x $y $s
}

# Jim's oo: classes, methods, inheritance.
class Shape {name {}}
Shape method area {} { return 0 }
Shape method describe {} { return "$name:[$self area]" }
class Rect Shape {w 0 h 0}
Rect method area {} { expr {$w * $h} }
class Square Rect {}
Square method setside {s} { set w $s; set h $s }

proc oo-round {n} {
    set total 0
    set descs {}
    for {set i 0} {$i < $n} {incr i} {
        if {$i % 2} {
            set o [Rect new [list name r$i w $i h 3]]
        } else {
            set o [Square new [list name s$i]]
            $o setside $i
        }
        incr total [$o area]
        if {$i < 4} { lappend descs [$o describe] }
        $o destroy
    }
    list $total $descs
}

# Errors, catch and try.
proc error-round {n} {
    set caught 0
    for {set i 0} {$i < $n} {incr i} {
        try {
            if {$i % 3 == 0} { error "e$i" }
            if {$i % 3 == 1} { expr {1 / 0} }
            incr caught 10
        } on error {msg opts} {
            incr caught [string length $msg]
        } finally {
            incr caught
        }
    }
    set rc [catch {return -code break} msg]
    list $caught $rc
}

# ------------------------------------------------------------ the run

proc one-round {r} {
    global seed
    set seed [expr {42 + $r}]
    report "tak 18 12 6" [tak 18 12 6] 7
    report "fib 18" [fib 18] 2584
    report "ack 2 7" [ack 2 7] 17
    report "queens 6" [queens 6] 4
    set t [make-tree 0 10]
    report "tree" [list [check-tree $t] [tree-depth $t]] {-1 11}
    report "tailcall" [count-down 20000 0] 200010000
    report "sorting" [sort-round 3000]
    report "strings" [string-round 3000]
    report "dicts" [dict-round 3000]
    report "frames" [frame-round 3000] {4498500 6000 13498500}
    report "oo" [oo-round 500]
    report "errors" [error-round 300]
}

for {set r 0} {$r < $rounds} {incr r} {
    puts "round $r"
    one-round $r
}
puts "failures: $failures"
if {$failures} { exit 1 }
