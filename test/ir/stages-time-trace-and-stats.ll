; RUN: %opt-coalesce -passes=coalesce -coalesce-merge-similar -coalesce-runtime-budget=1000 -coalesce-outline-min-total=0 -coalesce-outline-min-benefit=8 -time-trace -time-trace-granularity=0 -time-trace-file=%t.full.json -stats -disable-output %S/Inputs/stages.ll 2> %t.full.stats
; RUN: %python %test_tools/trace_events.py %t.full.json | FileCheck %s --check-prefix=FULL
; RUN: FileCheck %s --check-prefix=STATS < %t.full.stats
; RUN: %opt-coalesce -passes='coalesce<thinlto>' -time-trace -time-trace-granularity=0 -time-trace-file=%t.thin.json -stats -disable-output %S/Inputs/stages.ll 2> %t.thin.stats
; RUN: %python %test_tools/trace_events.py %t.thin.json | FileCheck %s --check-prefix=THIN
; RUN: FileCheck %s --check-prefix=THIN-STATS < %t.thin.stats
; Purpose: every stage of the pipeline is an event of LLVM's time trace (opt -time-trace; ld.lld --time-trace), and its counters print with -stats on an LLVM built without statistics (Debian's). On Inputs/stages.ll, where identical merging, merging up to constants, similar merging (asked for) and outlining each have work, the full-LTO pipeline's trace holds an event for each stage the driver runs ("coalesce: stage", its name the detail) and for each of its rounds ("coalesce: round", detail "<stage>, round N": the last round of merging up to constants and of outlining finds nothing, the one round of similar merging merges nothing, so no second), and inside them the algorithms' own events (hotness, merge identical, merge up to constants, merge similar, similarity and outlining), and -stats prints each stage's counters; in a ThinLTO backend the trace holds share bodies too. (The cross-module stage, a pass of its own that needs a plan, is traced in stages-time-trace-across-modules.ll.)

; The coalesce events of the trace, one name a line, sorted.
; FULL:      coalesce: hotness
; FULL-NEXT: coalesce: merge identical
; FULL-NEXT: coalesce: merge similar
; FULL-NEXT: coalesce: merge up to constants
; FULL-NEXT: coalesce: outlining
; FULL-NEXT: coalesce: round merge similar, round 1
; FULL-NEXT: coalesce: round merge up to constants, round 1
; FULL-NEXT: coalesce: round merge up to constants, round 2
; FULL-NEXT: coalesce: round merge, round 1
; FULL-NEXT: coalesce: round outline, round 1
; FULL-NEXT: coalesce: round outline, round 2
; FULL-NEXT: coalesce: similarity
; FULL-NEXT: coalesce: stage merge
; FULL-NEXT: coalesce: stage merge similar
; FULL-NEXT: coalesce: stage merge up to constants
; FULL-NEXT: coalesce: stage outline
; FULL-EMPTY:

; THIN:      coalesce: hotness
; THIN-NEXT: coalesce: merge identical
; THIN-NEXT: coalesce: merge up to constants
; THIN-NEXT: coalesce: outlining
; THIN-NEXT: coalesce: round merge up to constants, round 1
; THIN-NEXT: coalesce: round merge, round 1
; THIN-NEXT: coalesce: round outline, round 1
; THIN-NEXT: coalesce: round share bodies, round 1
; THIN-NEXT: coalesce: share bodies
; THIN-NEXT: coalesce: similarity
; THIN-NEXT: coalesce: stage merge
; THIN-NEXT: coalesce: stage merge up to constants
; THIN-NEXT: coalesce: stage outline
; THIN-NEXT: coalesce: stage share bodies
; THIN-EMPTY:

; STATS: Statistics Collected
; STATS-DAG: {{[1-9][0-9]*}} coalesce-hotness {{ *}}- Estimates of how often the program runs each block
; STATS-DAG: 1 coalesce-merge {{ *}}- Functions turned into thunks to an equal body
; STATS-DAG: 2 coalesce-merge-constants {{ *}}- Functions merged up to constants
; STATS-DAG: {{[1-9][0-9]*}} coalesce-merge-similar {{ *}}- Candidate pairs aligned
; STATS-DAG: {{[1-9][0-9]*}} coalesce-outline {{ *}}- Groups of similar regions the similarity analysis found
; STATS-DAG: 1 coalesce-outline {{ *}}- Functions outlined from groups of similar regions
; STATS-DAG: 2 coalesce-outline {{ *}}- Regions replaced by a call of an outlined function

; THIN-STATS: {{[1-9][0-9]*}} coalesce-share-bodies - Functions named by their content for the linker to keep one of
