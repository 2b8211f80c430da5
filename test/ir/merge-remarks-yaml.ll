; RUN: %opt-coalesce -passes=coalesce-merge -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck %s --check-prefix=YAML --input-file=%t.yaml
; Purpose: -pass-remarks-output writes one !Passed remark (pass coalesce-merge, name Merged) per merge with merged/kept names, kind, estimated bytes and rewritten calls, and a !Missed NotMerged remark with the reason for an equal pair that cannot be merged.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; YAML:      --- !Passed
; YAML-NEXT: Pass:            coalesce-merge
; YAML-NEXT: Name:            Merged
; YAML-NEXT: Function:        first
; YAML-NEXT: Args:
; YAML-NEXT:   - String:          'merged '
; YAML-NEXT:   - Merged:          second
; YAML-NEXT:   - String:          ' into '
; YAML-NEXT:   - Kept:            first
; YAML-NEXT:   - String:          ' as '
; YAML-NEXT:   - Kind:            replaced
; YAML-NEXT:   - String:          ', ~'
; YAML-NEXT:   - EstimatedBytes:  '{{[1-9][0-9]*}}'
; YAML:      --- !Passed
; YAML-NEXT: Pass:            coalesce-merge
; YAML-NEXT: Name:            Merged
; YAML-NEXT: Function:        api1
; YAML:        - Merged:          api2
; YAML:        - Kept:            api1
; YAML:        - Kind:            thunk
; YAML:        - CallsRewritten:  '1'
; YAML:      --- !Missed
; YAML-NEXT: Pass:            coalesce-merge
; YAML-NEXT: Name:            NotMerged
; YAML-NEXT: Function:        va2
; YAML:        - Other:           va1
; YAML:        - Reason:          'varargs: a thunk cannot forward variable arguments'
; YAML-NOT:  --- !

define internal i32 @first(i32 %a) unnamed_addr {
  %s = mul i32 %a, 7
  ret i32 %s
}

define internal i32 @second(i32 %x) unnamed_addr {
  %t = mul i32 %x, 7
  ret i32 %t
}

define i32 @api1(i32 %a) {
  %s = xor i32 %a, 5
  %t = mul i32 %s, 7
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

define i32 @api2(i32 %a) {
  %s = xor i32 %a, 5
  %t = mul i32 %s, 7
  %u = call i32 @ext(i32 %t)
  %v = add i32 %u, %s
  ret i32 %v
}

declare i32 @ext(i32)

define i32 @caller() {
  %a = call i32 @first(i32 1)
  %b = call i32 @second(i32 2)
  %c = call i32 @api2(i32 3)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}

define i32 @va1(i32 %a, ...) {
  %r = mul i32 %a, 9
  ret i32 %r
}

define i32 @va2(i32 %a, ...) {
  %r = mul i32 %a, 9
  ret i32 %r
}
