# Instruments a module of gen_merge_module.py (used by
# test/differential/generated-2000-dense.test): every body starts by counting
# its call in p[8] and recording its argument in p[9], past the eight words
# the generated bodies use. Equal bodies stay equal and distinct ones
# distinct; the point is that no body is smaller than the thunk that merging
# it may need, as some two-instruction leaves are otherwise. coalesce rightly
# keeps such a twin (a thunk would be no smaller; the size model decides, see
# docs/size-model.md) where mergefunc makes a thunk of it, and then the real
# bodies the two keep are not comparable.
/^entry:$/a\
  %cnt.slot = getelementptr inbounds i64, ptr %p, i64 8\
  %cnt.old = load i64, ptr %cnt.slot, align 8\
  %cnt.new = add i64 %cnt.old, 1\
  store i64 %cnt.new, ptr %cnt.slot, align 8\
  %cnt.arg = getelementptr inbounds i64, ptr %p, i64 9\
  store i64 %a, ptr %cnt.arg, align 8
