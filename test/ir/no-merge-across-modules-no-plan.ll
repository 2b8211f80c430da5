; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-verify -disable-output %t/m.ll 2>&1 | FileCheck %s --check-prefix=NOPLAN
; RUN: not %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/missing.json -coalesce-verify -disable-output %t/m.ll 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.json
; RUN: not %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/text.json -coalesce-verify -disable-output %t/m.ll 2>&1 | FileCheck %s --check-prefix=NOTJSON -DFILE=%t/text.json
; RUN: not %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/version2.json -coalesce-verify -disable-output %t/m.ll 2>&1 | FileCheck %s --check-prefix=VERSION -DFILE=%t/version2.json
; RUN: not %opt-coalesce -passes=coalesce-merge-across-modules -coalesce-cross-module-plan=%t/site.json -coalesce-verify -disable-output %t/m.ll 2>&1 | FileCheck %s --check-prefix=SITE -DFILE=%t/site.json
; Purpose: the backend's pass named without a plan is an error that says it needs one; a plan that cannot be read (no such file), is not JSON, is not a version 1 plan, or names a parameter site beyond its sites is an error naming the plan's file and what is wrong with it.

; NOPLAN:  error: coalesce: coalesce-merge-across-modules needs a plan: -coalesce-cross-module-plan=FILE
; MISSING: error: coalesce: cannot read the cross-module plan '[[FILE]]': {{[Nn]}}o such file or directory
; NOTJSON: error: coalesce: the cross-module plan '[[FILE]]': not JSON:
; VERSION: error: coalesce: the cross-module plan '[[FILE]]': not a coalesce cross-module plan (version 1)
; SITE:    error: coalesce: the cross-module plan '[[FILE]]': family 0: 'parameters' must be ascending sites below 'sites'

;--- m.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @f(i32 %x) {
  %m = mul i32 %x, 31
  ret i32 %m
}

;--- text.json
families: none

;--- version2.json
{"coalesce-cross-module-plan": 2, "families": []}

;--- site.json
{"coalesce-cross-module-plan": 1, "families": [{"template": "__coalesce.0", "sites": 1, "parameters": [1], "members": []}]}
