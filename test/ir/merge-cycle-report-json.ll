; RUN: %opt-coalesce -passes=coalesce-merge -coalesce-verify -coalesce-print-merges -coalesce-report=%t.json -S %s 2> %t.list | FileCheck %s
; RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
; RUN: FileCheck %s --check-prefix=LIST --input-file=%t.list
; Purpose: a merge found only through the classes of the callees is marked in the report: mutually recursive twins that also call a shared declaration fold in one run, and only the first merge (ping2, whose call to pong2 needed the classes) has "by_call_classes": true in the JSON report and ", equal through its callees' classes" in the listing; pong2, equal to pong by name once ping2 is gone, has neither.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @trace(i32)

; JSON:      "merges": [
; JSON-NEXT:   {
; JSON-NEXT:     "by_call_classes": true,
; JSON-NEXT:     "callers_rewritten": 0,
; JSON-NEXT:     "estimated_bytes": {{[1-9][0-9]*}},
; JSON-NEXT:     "kept": "ping",
; JSON-NEXT:     "kind": "replaced",
; JSON-NEXT:     "merged": "ping2",
; JSON-NEXT:     "stage": "merge"
; JSON-NEXT:   },
; JSON-NEXT:   {
; JSON-NEXT:     "callers_rewritten": 0,
; JSON-NEXT:     "estimated_bytes": {{[1-9][0-9]*}},
; JSON-NEXT:     "kept": "pong",
; JSON-NEXT:     "kind": "replaced",
; JSON-NEXT:     "merged": "pong2",
; JSON-NEXT:     "stage": "merge"
; JSON-NEXT:   }
; JSON-NEXT: ],
; JSON-NOT:  by_call_classes

; LIST:      coalesce: kept 'ping'
; LIST-NEXT:   merged 'ping2' (replaced, equal through its callees' classes, ~{{[0-9]+}} bytes)
; LIST-NEXT: coalesce: kept 'pong'
; LIST-NEXT:   merged 'pong2' (replaced, ~{{[0-9]+}} bytes)
; LIST-NEXT: coalesce: 5 functions before, 3 after

; CHECK-LABEL: define internal i32 @ping(
; CHECK:         call void @trace(i32 %n)
; CHECK:         %r = call i32 @pong(i32 %m)
define internal i32 @ping(i32 %n) {
entry:
  call void @trace(i32 %n)
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

; CHECK-LABEL: define internal i32 @pong(
; CHECK:         call void @trace(i32 %n)
; CHECK:         %r = call i32 @ping(i32 %m)
define internal i32 @pong(i32 %n) {
entry:
  call void @trace(i32 %n)
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
done:
  ret i32 1
}

; CHECK-NOT: define {{.*}} @ping2(
define internal i32 @ping2(i32 %n) {
entry:
  call void @trace(i32 %n)
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @pong2(i32 %m)
  %s = add i32 %r, 3
  ret i32 %s
done:
  ret i32 0
}

; CHECK-NOT: define {{.*}} @pong2(
define internal i32 @pong2(i32 %n) {
entry:
  call void @trace(i32 %n)
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call i32 @ping2(i32 %m)
  %s = mul i32 %r, 5
  ret i32 %s
done:
  ret i32 1
}

; CHECK-LABEL: define i32 @main(
; CHECK-NEXT:    %a = call i32 @ping(i32 7)
; CHECK-NEXT:    %b = call i32 @ping(i32 8)
define i32 @main() {
  %a = call i32 @ping(i32 7)
  %b = call i32 @ping2(i32 8)
  %s = add i32 %a, %b
  ret i32 %s
}
