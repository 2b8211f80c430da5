"""Results of bench/run: figures per program and variant, as Markdown, JSON
and an SVG chart of the .text change."""

import html
import json
import math


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def median(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


RATIOS = ("text_ratio", "link_ratio", "instr_ratio", "run_ratio")


def ratios(r, ref):
    return {"text_ratio": ratio(r["text"], ref.get("text")),
            "link_ratio": ratio(r["link_median_s"],
                                ref.get("link_median_s")),
            "instr_ratio": ratio(r["instructions"], ref.get("instructions")),
            "run_ratio": ratio(r["run_median_s"], ref.get("run_median_s"))}


def base_of(v):
    """The key of the variant all of v's ratios are against: the
    baseline, or for the ThinLTO variants thin-baseline."""
    return getattr(v, "base", "baseline")


def ref_of(v, variants):
    """The key of the variant v is compared with beside its base (the
    same objects without coalesce: baseline-pgo for coalesce-pgo), or
    None (also when the reference is the base: the ThinLTO variants)."""
    ref = getattr(v, "ref", "baseline")
    if ref != base_of(v) and ref in [u.key for u in variants]:
        return ref
    return None


def thin_run(variants):
    """Whether some variant's ratios are against another base than the
    baseline (the ThinLTO variants')."""
    return any(base_of(v) != "baseline" for v in variants)


def derive(programs, variants):
    """Add the ratios against its base (the baseline; thin-baseline for the
    ThinLTO variants) to every variant's figures, and for a variant with a
    reference of its own (coalesce-pgo: baseline-pgo) the ratios against
    that reference too, as "vs_ref"."""
    for p in programs:
        V = p["variants"]
        for v in variants:
            r = V[v.key]
            r["link_median_s"] = median(r["link_s"])
            r["run_median_s"] = median(r["run_s"])
        for v in variants:
            r = V[v.key]
            r.update(ratios(r, V.get(base_of(v), {})))
            r.pop("base", None)
            if base_of(v) != "baseline":
                r["base"] = base_of(v)
            ref = ref_of(v, variants)
            r.pop("vs_ref", None)
            r.pop("ref", None)
            if ref:
                r["ref"] = ref
                r["vs_ref"] = ratios(r, V[ref])
            c = r["checks"]
            r["ok"] = bool(c and c["total"] and c["passed"] == c["total"]
                           and not r["errors"])
    geo = {}
    for v in variants:
        g = {}
        for k in RATIOS:
            g[k] = geomean([p["variants"][v.key][k] for p in programs])
        if ref_of(v, variants):
            g["vs_ref"] = {k: geomean([
                p["variants"][v.key].get("vs_ref", {}).get(k)
                for p in programs]) for k in RATIOS}
        geo[v.key] = g
    return geo


def failed(r):
    """A variant's figures that failed (not one skipped: the profile
    variants of a program without a workload)."""
    return not r["ok"] and not r.get("skipped")


def pct(r):
    if r is None:
        return "n/a"
    x = (r - 1) * 100
    if abs(x) < 0.005:
        return "0.00%"
    return "%+.2f%%" % x


def fx(r):
    return "n/a" if r is None else "%.2f" % r


def fx4(r):
    """An instruction ratio: they repeat to a few parts per million."""
    return "n/a" if r is None else "%.4f" % r


def num(n):
    return "n/a" if n is None else "{:,}".format(n)


def check_text(r):
    c = r["checks"]
    if c is None:
        return "not run"
    if c["total"] is None:
        return "**FAIL**: " + ", ".join(c["failures"])
    if c["passed"] == c["total"] and not r["errors"]:
        t = "ok %d/%d" % (c["passed"], c["total"])
        if c.get("notes"):
            t += " (%s)" % "; ".join(c["notes"])
        return t
    fails = c["failures"][:6]
    more = len(c["failures"]) - len(fails)
    return "**FAIL** %d/%d: %s%s" % (
        c["passed"], c["total"], ", ".join(fails),
        " and %d more" % more if more else "")


def markdown(meta, programs, variants, geo):
    out = []
    w = out.append
    # Results from before --target are the host's (x86-64).
    target = meta.get("target", "x86_64")
    native = target == "x86_64"
    if native:
        w("# Real programs: coalesce against LLVM 22's size passes and "
          "GCC\n")
        w("`%s`. Every variant links the same bitcode objects (GCC: its own "
          "`-Os -flto` objects from the same sources).\n" % meta["command"])
    else:
        w("# Real programs on %s: coalesce against LLVM 22's size passes\n"
          % target)
        w("`%s`. Every variant links the same bitcode objects, compiled "
          "for %s (`clang-22 --target=%s-linux-gnu` against Debian's "
          "cross libraries) and linked by ld.lld on this x86-64 machine; "
          "the programs' checks run under `%s`.\n" % (
              meta["command"], target, target, meta.get("emulator")))
    w("- date: %s; total benchmark time: %s" % (meta["date"],
                                                meta["elapsed_text"]))
    w("- machine: %s" % meta["machine"])
    w("- tools: %s" % "; ".join(meta["tools"]))
    w("- corpus (npm and Debian source packages, pinned by sha256, cached "
      "outside the repository): %s" %
      ", ".join("`%s@%s`" % (c["package"], c["version"])
                for c in meta["corpus"]))
    if native:
        w("- link time: median of %d links of the program's main binary, "
          "taken in rounds over the variants, one link at a time; runtime: "
          "instructions executed (valgrind --tool=callgrind, all threads) "
          "and wall time (median of %d runs, in rounds over the variants)" %
          (meta["link_reps"], meta["run_reps"]))
    else:
        w("- link time: median of %d links of the program's main binary, "
          "taken in rounds over the variants, one link at a time (a cross "
          "link on this machine)" % meta["link_reps"])
        w("- runtime: not measured. callgrind does not run under qemu, and "
          "wall time under qemu would time the emulator's translation, not "
          "the %s code: the instruction and run columns stay n/a" % target)
        w("- not on %s: GCC (`-Os -flto` would be another compiler, the "
          "cross GCC) and ld.gold with `LLVMgold.so` or `coalesce.so` (the "
          "host's linker; the comparison is the x86-64 run's), and the "
          "programs that link Debian's native gtest and benchmark archives "
          "(re2's tests and benchmark, abseil's tests)" % target)
    if target == "aarch64":
        w("- LLVM runs its machine outliner by default on AArch64 for "
          "functions with `minsize`, which is every function at `-Oz`: the "
          "baseline is already outlined, and *machine outliner* "
          "(`-enable-machine-outliner`) asks for what the baseline does")
    w("- `.text`: bytes of the `.text` section (llvm-size -A); programs "
      "made of several binaries (test suites) give the sum")
    if native:
        w("- instructions executed are the runtime figure to read: they "
          "repeat to a few parts per million (db_bench, with a background "
          "thread: to about 0.1%), while wall times on this shared 2-core "
          "VM move in steps of about 50 ms, so wall ratios of short runs "
          "are noisy; link times share the machine with other work too")
    if any(getattr(v, "profile", False) for v in variants):
        w("- *-pgo* variants, with the profile of the workload in the "
          "bitcode (as a user who builds with PGO gives it to coalesce): "
          "for every program with a workload, its sources are compiled "
          "with `-fprofile-instr-generate` (`clang-22 -Oz -flto`), linked "
          "as the baseline, the workload is run once with "
          "`LLVM_PROFILE_FILE` set, `llvm-profdata merge` makes the "
          "`.profdata`, and the sources are compiled again with "
          "`-fprofile-instr-use` of it; *baseline-pgo* links those objects "
          "as the baseline does, *coalesce-pgo* as coalesce does. "
          "coalesce-pgo's ratios of link time, instructions and wall time "
          "are against baseline-pgo (the same objects), its `.text` "
          "change against the baseline and, in its own column, against "
          "baseline-pgo. Programs without a workload have nothing to "
          "profile: their -pgo variants are *skipped*")
    if any(getattr(v, "lto", "full") == "thin" for v in variants):
        w("- *thin-* variants, ThinLTO: the same sources compiled with "
          "`clang-22 -Oz -flto=thin` (the same command as the baseline's "
          "objects otherwise), linked with `-flto=thin` by ld.lld, which "
          "runs the ThinLTO backends in the link (in parallel, ld.lld's "
          "default `--thinlto-jobs`), so their link time includes them; "
          "coalesce runs in every backend on its module, its report is "
          "the link's (every module). Their ratios (`.text` change, link "
          "time, instructions, wall time) are against **thin-baseline**, "
          "the same ThinLTO objects linked with nothing added; "
          "thin-baseline's own are against the baseline, what ThinLTO "
          "costs against full LTO. Their checks compare their output with "
          "the baseline's, as every variant's do")
    if any(v.key == "thin-gmf-icf" for v in variants):
        w("- *thin-global-merge-func+icf*: under ThinLTO, LLVM's "
          "global-merge-func needs the hashes of the functions of every "
          "module: `-codegen-data-thinlto-two-rounds` runs the backends "
          "twice, the first round to gather them, the second to merge "
          "with them (both in its link time)")
    if any(v.key == "thin-coalesce-scan-icf" for v in variants):
        w("- *thin-coalesce+scan+icf*: merging across modules under ld.lld: "
          "before the link, `coalesce-backend --scan --icf` reads the "
          "link's bitcode and plans which functions equal up to constants "
          "in different modules share a body; every backend takes its "
          "part (`-coalesce-cross-module-plan=`); `--icf=all` folds the "
          "backends' copies of each shared body. The scan's time is in its "
          "link time")
    if any(v.key == "gold-mergefunc" for v in variants):
        w("- ld.gold: the anchor is `LLVMgold.so` running LLVM's function "
          "merger through its own option `-plugin-opt=merge-functions` "
          "(the same code as ld.lld with `-enable-merge-functions`; the "
          "LLVM option spelling `-plugin-opt=-enable-merge-functions` "
          "changes nothing under `LLVMgold.so`); *gold+coalesce vs "
          "gold+LLVMgold mergefunc* compares `.text` with that anchor")
    w("")
    keys = [v.key for v in variants]
    label = {v.key: v.label for v in variants}
    thin = thin_run(variants)
    w("## Variants\n")
    if thin:
        # Which baseline each variant's ratios are against.
        w("| variant | link | ratios against |")
        w("|---|---|---|")
        for v in variants:
            w("| %s | `%s` | %s |" % (
                v.label, v.flags_text(), "" if v.key == "baseline" else
                label.get(base_of(v), base_of(v))))
    else:
        w("| variant | link |")
        w("|---|---|")
        for v in variants:
            w("| %s | `%s` |" % (v.label, v.flags_text()))
    w("")
    if thin:
        w("## .text change against the baseline, and for ThinLTO against "
          "thin-baseline\n")
        w("The ThinLTO variants' changes (*vs thin-baseline*) are against "
          "thin-baseline, the same ThinLTO objects linked with nothing "
          "added; the others' against the baseline (full LTO), "
          "thin-baseline's too.\n")
    else:
        w("## .text change against the baseline\n")
    w("![.text change per program and variant](%s)\n" % meta["svg_name"])
    # Pairs beside the baseline: gold+coalesce against gold's anchor,
    # LLVMgold.so with the merger on; coalesce-pgo against baseline-pgo.
    pairs = []
    if "gold-mergefunc" in keys and "gold-coalesce" in keys:
        pairs.append(("gold-coalesce", "gold-mergefunc"))
    pairs += [(v.key, ref_of(v, variants)) for v in variants
              if ref_of(v, variants)]
    head = "| program | baseline .text | " + " | ".join(
        v.label if base_of(v) == "baseline" else "%s vs %s" % (
            v.label, label.get(base_of(v), base_of(v)))
        for v in variants if v.key != "baseline") + "".join(
            " | %s vs %s" % (label[a], label[b]) for a, b in pairs) + " |"
    w(head)
    w("|---|---:|" + "---:|" * (len(variants) - 1 + len(pairs)))
    for p in programs:
        V = p["variants"]
        base = V.get("baseline", {}).get("text")
        cells = []
        for v in variants:
            if v.key == "baseline":
                continue
            r = V[v.key]
            if r.get("skipped"):
                cells.append("skipped")
                continue
            c = pct(r["text_ratio"])
            if not r["ok"]:
                c += " **FAIL**"
            cells.append(c)
        for a, b in pairs:
            cells.append("skipped" if V[a].get("skipped") else
                         pct(ratio(V[a]["text"], V[b]["text"])))
        w("| %s | %s | %s |" % (p["name"], "{:,}".format(base) if base else
                                "n/a", " | ".join(cells)))
    cells = [pct(geo[v.key]["text_ratio"]) for v in variants
             if v.key != "baseline"]
    for a, b in pairs:
        cells.append(pct(geomean([
            ratio(p["variants"][a]["text"], p["variants"][b]["text"])
            for p in programs])))
    w("| **geometric mean** | | %s |" % " | ".join(cells))
    w("")
    if native and any(p["workload"] for p in programs):
        w("## .text and instructions executed, per program\n")
        w("Every program with a workload: its size and the instructions "
          "its workload executes (callgrind), side by side. Ratios below 1 "
          "(changes below 0) are smaller or fewer.%s\n" % (
              " The -pgo rows are also compared with their own reference, "
              "the same profile-built objects linked as the baseline." if
              any(ref_of(v, variants) for v in variants) else ""))
        for p in programs:
            if not p["workload"]:
                continue
            w("### %s\n" % p["name"])
            head, rows = compact_rows(p, variants, markdown=True)
            w("| " + " | ".join(head) + " |")
            w("|---|" + "---:|" * (len(head) - 1))
            for row in rows:
                w("| " + " | ".join(row) + " |")
            w("")
    prof = profile_section(programs, variants, geo)
    if prof:
        w(prof)
    thin_text = thin_section(programs, variants)
    if thin_text:
        w(thin_text)
    scan_text = scan_section(programs, variants)
    if scan_text:
        w(scan_text)
    stages = stage_rows(programs, keys)
    if stages:
        w("## Each stage: predicted against measured\n")
        w("What coalesce's report predicted each stage saves (its size "
          "model, `bytes_saved.by_stage`) beside what the stage measured: "
          "*merge*, the `.text` of the baseline less that of *coalesce, "
          "identical only*; *merge-constants*, that of *coalesce, identical "
          "only* less that of *coalesce*. Programs made of several binaries "
          "give the figures of the binary the links are timed on.\n")
        w("| program | stage | predicted bytes | measured bytes | "
          "predicted / measured |")
        w("|---|---|---:|---:|---:|")
        for name, stage, pred, meas in stages:
            w("| %s | %s | %s | %s | %s |" % (
                name, stage, "{:,}".format(pred), "{:,}".format(meas),
                fx(ratio(pred, meas))))
        for stage in STAGES:
            pred = sum(r[2] for r in stages if r[1] == stage)
            meas = sum(r[3] for r in stages if r[1] == stage)
            w("| **all programs** | %s | %s | %s | %s |" % (
                stage, "{:,}".format(pred), "{:,}".format(meas),
                fx(ratio(pred, meas))))
        w("")
    w("## Every program and variant\n")
    w("Ratios are against the baseline (1.00 = same; below 1 is smaller or "
      "faster)%s%s. *checks*: the program's own tests pass, and for the "
      "sqlite3 shell, xmllint, box2d, lua and zstd every check prints "
      "exactly what the baseline prints.\n" % (
          "; the ThinLTO variants' (thin-*, but thin-baseline's) against "
          "thin-baseline" if thin else "", "".join(
              "; %s's link, instruction and wall ratios against %s, as "
              "marked" % (label[a], label[b])
              for a, b in pairs if a != "gold-coalesce")))
    w("| program | variant | .text bytes | .text change | checks | link s | "
      "link ratio | instructions | instr. ratio | run s | wall ratio |")
    w("|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    def against(r, k):
        """A runtime ratio against the variant's reference, marked when
        that is not the baseline."""
        if r.get("vs_ref"):
            return "%s vs %s" % (fx(r["vs_ref"][k]), label[r["ref"]])
        return fx(r[k])

    for p in programs:
        for v in variants:
            r = p["variants"][v.key]
            if r.get("skipped"):
                w("| %s | %s | | | skipped: %s | | | | | | |" % (
                    p["name"], v.label, r["skipped"]))
                continue
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p["name"], v.label,
                "{:,}".format(r["text"]) if r["text"] else "n/a",
                pct(r["text_ratio"]), check_text(r),
                "%.2f" % r["link_median_s"] if r["link_median_s"] else "n/a",
                against(r, "link_ratio"),
                "{:,}".format(r["instructions"]) if r["instructions"]
                else ("n/a" if p["workload"] else ""),
                against(r, "instr_ratio") if p["workload"] else "",
                "%.3f" % r["run_median_s"] if r["run_median_s"] else
                ("n/a" if p["workload"] else ""),
                against(r, "run_ratio") if p["workload"] else ""))
    for v in variants:
        if v.key == "baseline":
            continue
        g = dict(geo[v.key])
        if ref_of(v, variants):
            g["ref"] = ref_of(v, variants)
        w("| **geometric mean** | %s | | %s | | | %s | | %s | | %s |" % (
            v.label, pct(g["text_ratio"]), against(g, "link_ratio"),
            against(g, "instr_ratio"), against(g, "run_ratio")))
    w("")
    link_cost_section(w, programs, variants)
    w("## Programs\n")
    for p in programs:
        line = "- **%s** (`%s`): %s" % (p["name"], p["package"], p["describe"])
        if len(p["binaries"]) > 1:
            line += "; link time: %s" % p["timed"]
        if p["workload"] and native:
            line += "; runtime workload: %s" % p["workload"]
        w(line)
        pr = p.get("profile")
        if pr:
            w("  - profile of the workload (-pgo variants): `%s`, %s "
              "functions with counts, total count %s, from %d raw "
              "profile%s" % (pr["profdata"], num(pr.get("total_functions")),
                             num(pr.get("total_count")), pr["raw_files"],
                             "" if pr["raw_files"] == 1 else "s"))
        for v in variants:
            cr = p["variants"][v.key].get("coalesce_report")
            if cr and cr.get("functions"):
                f, m = cr["functions"], cr.get("merges_by_kind") or {}
                w("  - %s%s: coalesce merged %d of %d functions (%s), %d "
                  "functions left" % (
                      v.label, "" if len(p["binaries"]) == 1 else
                      " (%s)" % p["timed"], sum(m.values()), f["before"],
                      ", ".join("%d %s" % (n, k) for k, n in m.items()),
                      f["after"]))
                sym = cr.get("symbols")
                if sym:
                    w("    - in the symbol table: %s" % "; ".join(
                        "%s %d functions, %s bytes" % (
                            k, x["functions"], "{:,}".format(x["bytes"]))
                        for k, x in sym.items()))
    errs = [(p["name"], v.label, e) for p in programs for v in variants
            for e in p["variants"][v.key]["errors"]]
    if errs:
        w("\n## Failures\n")
        for name, label, e in errs:
            w("- %s, %s:\n\n  ```\n  %s\n  ```" % (
                name, label, "\n  ".join(e.strip().splitlines()[-12:])))
    return "\n".join(out) + "\n"


# The stages of coalesce that ld.lld's time trace shows (harness
# TRACE_STAGES), in the link-cost table's order.
COST_STAGES = ("hotness", "similarity", "outlining", "merge identical",
               "merge up to constants", "merge similar")


def link_cost_section(w, programs, variants):
    """Per program and coalesce variant: link time and peak memory against
    the baseline's, and seconds per stage of one traced link."""
    keyed = [v for v in variants if v.key != "baseline" and any(
        p["variants"].get(v.key, {}).get("link_stages") for p in programs)]
    if not keyed:
        return
    w("## What the link costs\n")
    w("Link time (median) and peak memory (median of the links' largest "
      "process, the linker) against the baseline's; then, from one more "
      "link through ld.lld with `--time-trace`, the seconds coalesce takes "
      "in all and per stage (rounds summed), and code generation's, for "
      "scale.\n")
    w("| program | variant | link | peak memory | coalesce s | %s | code "
      "generation s | coalesce / code generation |" % " | ".join(
          s + " s" for s in COST_STAGES))
    w("|---|---|---:|---:|---:|%s---:|---:|" % ("---:|" * len(COST_STAGES)))
    geo_link, geo_peak = {}, {}
    for p in programs:
        base = p["variants"].get("baseline", {})
        base_kib = median(base.get("link_kib") or [])
        for v in keyed:
            r = p["variants"].get(v.key, {})
            st = r.get("link_stages")
            if not st:
                continue
            peak = ratio(median(r.get("link_kib") or []), base_kib)
            geo_link.setdefault(v.key, []).append(r.get("link_ratio"))
            geo_peak.setdefault(v.key, []).append(peak)
            w("| %s | %s | %s | %s (%s MiB) | %.2f | %s | %.2f | %s |" % (
                p["name"], v.label, fx(r.get("link_ratio")), fx(peak),
                "%.0f" % (median(r["link_kib"]) / 1024) if r.get("link_kib")
                else "n/a", st["coalesce"],
                " | ".join("%.2f" % st[s] for s in COST_STAGES),
                st["codegen"], fx(ratio(st["coalesce"], st["codegen"]))))
    for v in keyed:
        cells = ["**geometric mean**", v.label, fx(geomean(geo_link[v.key])),
                 fx(geomean(geo_peak[v.key]))] + [""] * (len(COST_STAGES) + 3)
        w("| %s |" % " | ".join(cells))
    w("")


def compact_rows(p, variants, markdown=False):
    """(head, rows) of one program's table of .text and instructions:
    against the baseline (the ThinLTO variants: against thin-baseline, in
    a column that says which), and for a variant with a reference of its
    own (coalesce-pgo) against that too."""
    refs = sorted({ref_of(v, variants) for v in variants} - {None})
    label = {v.key: v.label for v in variants}
    thin = thin_run(variants)
    if thin:
        head = ["variant", ".text bytes", ".text change", "instructions",
                "instr. ratio", "against"]
    else:
        head = ["variant", ".text bytes", ".text vs baseline",
                "instructions", "instr. vs baseline"]
    if refs:
        name = refs[0] if len(refs) == 1 else "reference"
        head += [".text vs " + name, "instr. vs " + name]
    rows = []
    for v in variants:
        r = p["variants"][v.key]
        if r.get("skipped"):
            rows.append([v.label, "skipped: " + r["skipped"]] +
                        [""] * (len(head) - 2))
            continue
        fail = "" if r["ok"] else (" **FAIL**" if markdown else " FAIL")
        base = v.key == "baseline"
        row = [v.label + fail, num(r["text"]),
               "" if base else pct(r["text_ratio"]), num(r["instructions"]),
               "" if base else fx4(r["instr_ratio"])]
        if thin:
            row.append("" if base else label.get(base_of(v), base_of(v)))
        if refs:
            vr = r.get("vs_ref")
            row += [pct(vr["text_ratio"]), fx4(vr["instr_ratio"])] if vr \
                else ["", ""]
        rows.append(row)
    return head, rows


def profile_section(programs, variants, geo):
    """Markdown: each variant with a reference of its own (coalesce-pgo)
    against it, beside the same comparison without the profile (coalesce
    against the baseline) and what the profile does alone (baseline-pgo
    against the baseline). Empty without such a variant."""
    by_key = {v.key: v for v in variants}
    pairs = [(v, by_key[ref_of(v, variants)]) for v in variants
             if ref_of(v, variants)]
    if not pairs:
        return ""
    out = []
    w = out.append
    w("## With the profile of the workload\n")
    w("The same comparison with and without the profile of the workload in "
      "the bitcode: *coalesce-pgo vs baseline-pgo* links the same objects, "
      "compiled with `-fprofile-instr-use`, with and without coalesce. "
      "`.text`: change; instructions executed (callgrind) and wall time "
      "(median): ratio. *profile alone*: baseline-pgo against the "
      "baseline.\n")
    cols = []  # (header, cell of a program, cell of the geometric means)

    def col(head, ratio_of, geo_of, fmt):
        cols.append((head, lambda p: fmt(ratio_of(p)), fmt(geo_of())))

    for v, b in pairs:
        plain = getattr(v, "plain", None)
        pb = getattr(b, "plain", None) or "baseline"
        both = plain in by_key and pb in by_key
        name = "%s vs %s" % (v.label, b.label)
        if both:
            col(".text: %s vs %s" % (by_key[plain].label, by_key[pb].label),
                lambda p, k=plain: p["variants"][k]["text_ratio"],
                lambda k=plain: geo[k]["text_ratio"], pct)
        col(".text: " + name,
            lambda p, k=v.key: p["variants"][k].get("vs_ref", {}).get(
                "text_ratio"),
            lambda k=v.key: geo[k]["vs_ref"]["text_ratio"], pct)
        if both:
            col("instructions: %s vs %s" % (by_key[plain].label,
                                            by_key[pb].label),
                lambda p, k=plain: p["variants"][k]["instr_ratio"],
                lambda k=plain: geo[k]["instr_ratio"], fx4)
        col("instructions: " + name,
            lambda p, k=v.key: p["variants"][k].get("vs_ref", {}).get(
                "instr_ratio"),
            lambda k=v.key: geo[k]["vs_ref"]["instr_ratio"], fx4)
        col("wall: " + name,
            lambda p, k=v.key: p["variants"][k].get("vs_ref", {}).get(
                "run_ratio"),
            lambda k=v.key: geo[k]["vs_ref"]["run_ratio"], fx)
    for b in sorted({b.key for _, b in pairs}):
        col(".text: %s alone" % by_key[b].label,
            lambda p, k=b: p["variants"][k]["text_ratio"],
            lambda k=b: geo[k]["text_ratio"], pct)
        col("instructions: %s alone" % by_key[b].label,
            lambda p, k=b: p["variants"][k]["instr_ratio"],
            lambda k=b: geo[k]["instr_ratio"], fx4)
    w("| program | " + " | ".join(c[0] for c in cols) + " |")
    w("|---|" + "---:|" * len(cols))
    skipped = []
    for p in programs:
        if any(p["variants"][v.key].get("skipped") for v, _ in pairs):
            skipped.append(p["name"])
            continue
        w("| %s | %s |" % (p["name"], " | ".join(c[1](p) for c in cols)))
    w("| **geometric mean** | %s |" % " | ".join(c[2] for c in cols))
    w("")
    if skipped:
        w("Without a workload, so without a profile (their -pgo variants "
          "skipped): %s.\n" % ", ".join(skipped))
    return "\n".join(out)


def thin_pairs(variants):
    """(thin, thin base, full, full base): each ThinLTO variant with a
    base of its own (thin-baseline) whose plain variant, the same link in
    full LTO, ran with its base too (thin-coalesce: coalesce against the
    baseline)."""
    by_key = {v.key: v for v in variants}
    out = []
    for v in variants:
        plain = getattr(v, "plain", None)
        if getattr(v, "lto", "full") != "thin" or base_of(v) == "baseline" \
                or base_of(v) not in by_key or plain not in by_key:
            continue
        full = by_key[plain]
        if base_of(full) in by_key and getattr(full, "lto", "full") == "full":
            out.append((v.key, base_of(v), full.key, base_of(full)))
    return out


def saving(r):
    """What a .text ratio saves, as a fraction (0.027 = 2.7% smaller)."""
    return None if r is None else 1 - r


def share(thin, full):
    """thin's saving as a share of full's, or None when full saves
    nothing."""
    if thin is None or full is None or full <= 0:
        return None
    return thin / full


def thin_savings(programs, variants):
    """For each of thin_pairs: per program, the .text ThinLTO variant
    saves over its base and the full-LTO one over its own, and the first
    as a share of the second; and over the programs where both linked and
    passed, the geometric means of the two .text ratios, the share of
    their savings (the figure to read), and the geometric mean of the
    per-program shares where both saved."""
    out = []
    for tk, tb, fk, fb in thin_pairs(variants):
        rows, tr, fr, shares = [], [], [], []
        for p in programs:
            V = p["variants"]
            t, f = V[tk]["text_ratio"], V[fk]["text_ratio"]
            ok = V[tk]["ok"] and V[fk]["ok"] and None not in (t, f)
            row = {"program": p["name"], "ok": ok,
                   "thin_base_vs_full_base": ratio(V[tb]["text"],
                                                   V[fb]["text"]),
                   "thin_text_ratio": t, "full_text_ratio": f,
                   "thin_saving": saving(t), "full_saving": saving(f),
                   "share": share(saving(t), saving(f)) if ok else None}
            rows.append(row)
            if ok:
                tr.append(t)
                fr.append(f)
                if row["share"] is not None and row["share"] > 0:
                    shares.append(row["share"])
        gt, gf = geomean(tr), geomean(fr)
        out.append({
            "thin": tk, "thin_base": tb, "full": fk, "full_base": fb,
            "programs": rows,
            "geomean": {"programs": len(tr), "thin_text_ratio": gt,
                        "full_text_ratio": gf,
                        "thin_base_vs_full_base": geomean(
                            [r["thin_base_vs_full_base"] for r in rows
                             if r["ok"]]),
                        "share": share(saving(gt), saving(gf)),
                        "share_geomean": geomean(shares),
                        "share_programs": len(shares)}})
    return out


def thin_section(programs, variants):
    """Markdown: what each ThinLTO variant saves over thin-baseline beside
    what the same link in full LTO saves over the baseline (thin-coalesce
    beside coalesce), per program and as a share. Empty without such a
    pair."""
    got = thin_savings(programs, variants)
    if not got:
        return ""
    label = {v.key: v.label for v in variants}
    out = []
    w = out.append
    w("## ThinLTO against full LTO: what each saves over its own "
      "baseline\n")
    w("*share*: the `.text` a ThinLTO variant saves over thin-baseline as "
      "a share of what the same link in full LTO saves over the baseline "
      "(1.00 = as much; 0.65 = 65%; n/a where the full-LTO link saves "
      "nothing). The geometric-mean row's share is that of the "
      "geometric-mean savings, over the programs where both linked and "
      "passed their checks. *thin-baseline vs baseline*: what ThinLTO "
      "costs (or saves) in `.text` by itself.\n")
    head = ["program", ".text: thin-baseline vs baseline"]
    for s in got:
        head += [".text: %s vs %s" % (label[s["full"]], label[s["full_base"]]),
                 ".text: %s vs %s" % (label[s["thin"]], label[s["thin_base"]]),
                 "share: %s / %s" % (label[s["thin"]], label[s["full"]])]
    w("| " + " | ".join(head) + " |")
    w("|---|" + "---:|" * (len(head) - 1))
    for i, p in enumerate(programs):
        cells = [pct(got[0]["programs"][i]["thin_base_vs_full_base"])]
        for s in got:
            r = s["programs"][i]
            fail = "" if r["ok"] else " **FAIL**"
            cells += [pct(r["full_text_ratio"]) + fail,
                      pct(r["thin_text_ratio"]) + fail, fx(r["share"])]
        w("| %s | %s |" % (p["name"], " | ".join(cells)))
    cells = [pct(got[0]["geomean"]["thin_base_vs_full_base"])]
    for s in got:
        g = s["geomean"]
        cells += [pct(g["full_text_ratio"]), pct(g["thin_text_ratio"]),
                  "**%s**" % fx(g["share"])]
    w("| **geometric mean** | %s |" % " | ".join(cells))
    w("")
    for s in got:
        g = s["geomean"]
        thin, full = label[s["thin"]], label[s["full"]]
        if g["share"] is None:
            say = "%s: no share, %s saves nothing over its own baseline" % (
                thin, full)
        else:
            say = "%s saves %.0f%% of what %s saves over its own " \
                "baseline" % (thin, 100 * g["share"], full)
        more = ""
        if g["share_programs"] > 1:
            more = "; the geometric mean of the per-program shares is " \
                "%s, over the %d where both save" % (
                    fx(g["share_geomean"]), g["share_programs"])
        w("%s (geometric means over %d program%s: %s against %s)%s.\n" % (
            say, g["programs"], "" if g["programs"] == 1 else "s",
            pct(g["thin_text_ratio"]), pct(g["full_text_ratio"]), more))
    return "\n".join(out)


SCAN, WITHOUT_SCAN = "thin-coalesce-scan-icf", "thin-coalesce-icf"


def scan_rows(programs):
    """Per program where both links ran: the scan's plan (families, the
    bytes it predicted) against what it measurably saved, the .text of the
    same ThinLTO link without the scan less the .text with it."""
    rows = []
    for p in programs:
        V = p.get("variants") or {}
        a, b = V.get(WITHOUT_SCAN), V.get(SCAN)
        if not (a and b and a.get("text") and b.get("text")):
            continue
        plan = b.get("scan_plan") or {}
        rows.append({"name": p["name"], "families": plan.get("families"),
                     "predicted": plan.get("predicted"),
                     "measured": a["text"] - b["text"],
                     "text": a["text"], "ok": not (failed(a) or failed(b))})
    return rows


def scan_section(programs, variants):
    """Markdown: the cross-module scan audited, per program (issue 38: the
    scan adds no bytes)."""
    keys = {v.key for v in variants}
    if not {SCAN, WITHOUT_SCAN} <= keys:
        return ""
    rows = scan_rows(programs)
    if not rows:
        return ""
    out = []
    w = out.append
    w("## The scan across modules: planned against measured\n")
    w("*predicted*: the bytes the families of the scan's plan were priced "
      "to save (their `saved`, summed over the program's links); "
      "*measured*: thin-coalesce+icf's `.text` less "
      "thin-coalesce+scan+icf's, the same ThinLTO link without and with "
      "the plan. A negative measured saving is a program the scan made "
      "larger.\n")
    w("| program | families | predicted | measured | measured / .text |")
    w("|---|---:|---:|---:|---:|")
    larger = []
    for r in rows:
        fail = "" if r["ok"] else " **FAIL**"
        w("| %s | %s | %s | %s%s | %+.3f%% |" % (
            r["name"], num(r["families"]), num(r["predicted"]),
            num(r["measured"]), fail, 100.0 * r["measured"] / r["text"]))
        if r["measured"] < 0:
            larger.append(r)
    pred = sum(r["predicted"] or 0 for r in rows)
    meas = sum(r["measured"] for r in rows)
    w("| **total** | %s | %s | %s | |" % (
        num(sum(r["families"] or 0 for r in rows)), num(pred), num(meas)))
    w("")
    if larger:
        w("Larger with the scan: %s.\n" % ", ".join(
            "%s (%+d bytes)" % (r["name"], r["measured"]) for r in larger))
    else:
        w("No program is larger with the scan than without it (%d "
          "program%s).\n" % (len(rows), "" if len(rows) == 1 else "s"))
    return "\n".join(out)


def text_table(head, rows, indent="  "):
    """Plain-text columns: the first left-aligned, the others right."""
    width = [max(len(x) for x in c) for c in zip(head, *rows)]
    lines = []
    for row in [head] + rows:
        cells = [row[0].ljust(width[0])] + [
            c.rjust(n) for c, n in zip(row[1:], width[1:])]
        lines.append(indent + "  ".join(cells).rstrip())
    return lines


def text_summary(programs, variants, native=True):
    """What bench/run prints at the end: for every program with a
    workload, its table of .text and instructions (compact_rows); for the
    others, the .text change of every variant on one line."""
    out = []
    for p in programs:
        if p["workload"] and native:
            out.append("%s: .text and instructions executed (workload: %s)"
                       % (p["name"], p["workload"]))
            out += text_table(*compact_rows(p, variants))
            continue
        if len(variants) == 1:
            out.append("%s: %s .text %s bytes" % (
                p["name"], variants[0].key,
                "{:,}".format(p["variants"][variants[0].key]["text"] or 0)))
            continue
        out.append("%s: %s" % (p["name"], ", ".join(
            "%s %s%s" % (v.key, "skipped" if p["variants"][v.key].get(
                "skipped") else pct(p["variants"][v.key]["text_ratio"]),
                "" if base_of(v) == "baseline" else " vs " + base_of(v))
            for v in variants if v.key != "baseline")))
    for s in thin_savings(programs, variants):
        g = s["geomean"]
        out.append("%s vs %s against %s vs %s: share of the saving %s "
                   "(geomean %s against %s; %s)" % (
                       s["thin"], s["thin_base"], s["full"], s["full_base"],
                       fx(g["share"]), pct(g["thin_text_ratio"]),
                       pct(g["full_text_ratio"]), ", ".join(
                           "%s %s" % (r["program"], fx(r["share"]))
                           for r in s["programs"])))
    return "\n".join(out) + "\n"


STAGES = ("merge", "merge-constants", "outline")


def stage_rows(programs, keys):
    """(program, stage, predicted, measured) for every program where the
    baseline, "coalesce, identical only" and "coalesce" all linked (and
    "coalesce, merging only", for the outliner's row): the timed binary's
    .text differences against the report's by_stage."""
    if not all(k in keys for k in ("baseline", "coalesce-merge", "coalesce")):
        return []
    split = "coalesce-constants" in keys
    rows = []
    for p in programs:
        V = p["variants"]
        timed = p.get("timed")

        def text(key):
            by = V[key].get("text_by_binary") or {}
            return by.get(timed, V[key].get("text"))

        def predicted(key, stage):
            cr = V[key].get("coalesce_report") or {}
            by = (cr.get("bytes_saved") or {}).get("by_stage") or {}
            return by.get(stage, 0)

        base, merge, full = (text("baseline"), text("coalesce-merge"),
                             text("coalesce"))
        if None in (base, merge, full):
            continue
        rows.append((p["name"], "merge", predicted("coalesce-merge", "merge"),
                     base - merge))
        if not split:
            rows.append((p["name"], "merge-constants",
                         predicted("coalesce", "merge-constants"),
                         merge - full))
            continue
        merged = text("coalesce-constants")
        if merged is None:
            continue
        rows.append((p["name"], "merge-constants",
                     predicted("coalesce-constants", "merge-constants"),
                     merge - merged))
        rows.append((p["name"], "outline", predicted("coalesce", "outline"),
                     merged - full))
    return rows


def to_json(meta, programs, variants, geo):
    data = {
        "schema": 1, "meta": meta,
        "variants": [{"key": v.key, "label": v.label,
                      "link": v.flags_text()} for v in variants],
        "programs": programs, "geomean": geo}
    if thin_run(variants):
        for d, v in zip(data["variants"], variants):
            d["base"] = base_of(v)
            d["lto"] = getattr(v, "lto", "full")
        data["thin_vs_full"] = thin_savings(programs, variants)
    return json.dumps(data, indent=1, sort_keys=True)


COLORS = {"baseline": "#888888", "mergefunc": "#9ecae1",
          "iroutliner": "#6baed6", "gmf": "#4292c6", "moutliner": "#2171b5",
          "icf": "#08519c", "llvm-all": "#08306b",
          "mergefunc-iroutliner": "#3182bd", "coalesce": "#e6550d",
          "coalesce-constants": "#fdae6b",
          "coalesce+": "#a63603", "gcc": "#31a354", "gold": "#bdbdbd",
          "gold-mergefunc": "#969696", "gold-coalesce": "#fd8d3c",
          "baseline-pgo": "#756bb1", "coalesce-pgo": "#d94801",
          "thin-baseline": "#636363", "thin-icf": "#08519c",
          "thin-gmf-icf": "#4292c6", "thin-coalesce": "#e6550d",
          "thin-coalesce-icf": "#a63603",
          "thin-coalesce-scan-icf": "#7f2704"}


def svg(programs, variants, geo, title):
    """Small multiples: one panel per program (and the geometric mean),
    one labelled horizontal bar per variant: the .text change in percent."""
    shown = [v for v in variants if v.key != "baseline"]
    # ok: True, False (a check failed) or "skipped".
    rows = [(p["name"], {v.key: p["variants"][v.key]["text_ratio"]
                         for v in shown},
             {v.key: "skipped" if p["variants"][v.key].get("skipped")
              else p["variants"][v.key]["ok"] for v in shown})
            for p in programs]
    rows.append(("geometric mean", {v.key: geo[v.key]["text_ratio"]
                                    for v in shown},
                 {v.key: True for v in shown}))
    vals = [(r - 1) * 100 for _, d, _ in rows for r in d.values()
            if r is not None]
    lo = min([0.0] + vals)
    hi = max([0.0] + vals)
    span = max(hi - lo, 1e-9)
    lo -= span * 0.08
    hi += span * 0.08
    span = hi - lo
    # Room for the longest label (thin-global-merge-func+icf).
    label_w = max(150, 10 + int(5.8 * max([len(v.label) for v in shown] +
                                           [0])))
    plot_w, bar_h, gap = 420, 14, 3
    panel_h = 24 + len(shown) * (bar_h + gap) + 10
    cols = 2
    width = cols * (label_w + plot_w + 90) + 20
    nrows = (len(rows) + cols - 1) // cols
    height = 60 + nrows * panel_h + 20
    e = []
    a = e.append
    a('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
      'font-family="sans-serif" font-size="11">' % (width, height))
    a('<rect width="100%" height="100%" fill="white"/>')
    a('<text x="10" y="22" font-size="15" font-weight="bold">%s</text>' %
      html.escape(title))
    a('<text x="10" y="40" fill="#444">.text change against the baseline '
      '(-Oz, full LTO, ld.lld)%s; left of the line = smaller. '
      'FAIL = a check failed.</text>' % (
          "; ThinLTO (thin-*) but thin-baseline: against thin-baseline"
          if thin_run(variants) else ""))

    def xpos(x0, val):
        return x0 + label_w + (val - lo) / span * plot_w

    for i, (name, d, ok) in enumerate(rows):
        cx = 10 + (i % cols) * (label_w + plot_w + 90)
        cy = 55 + (i // cols) * panel_h
        a('<text x="%d" y="%d" font-weight="bold" font-size="12">%s</text>' %
          (cx, cy + 14, html.escape(name)))
        zero = xpos(cx, 0.0)
        top = cy + 22
        bottom = top + len(shown) * (bar_h + gap)
        a('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000"/>' %
          (zero, top - 2, zero, bottom))
        for j, v in enumerate(shown):
            y = top + j * (bar_h + gap)
            a('<text x="%d" y="%d" text-anchor="end">%s</text>' % (
                cx + label_w - 6, y + bar_h - 3, html.escape(v.label)))
            r = d.get(v.key)
            if ok.get(v.key) == "skipped":
                a('<text x="%.1f" y="%d" fill="#888">skipped (no workload)'
                  '</text>' % (zero + 4, y + bar_h - 3))
                continue
            if r is None:
                a('<text x="%.1f" y="%d" fill="#c00">n/a</text>' %
                  (zero + 4, y + bar_h - 3))
                continue
            val = (r - 1) * 100
            x1, x2 = sorted((zero, xpos(cx, val)))
            a('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' %
              (x1, y, max(x2 - x1, 0.8), bar_h, COLORS.get(v.key, "#555")))
            txt = "%+.2f%%" % val + ("" if ok.get(v.key) else " FAIL")
            # Values to the right of the zero line or of the bar: never
            # over the labels.
            a('<text x="%.1f" y="%d"%s>%s</text>' % (
                max(x2, zero) + 3, y + bar_h - 3,
                "" if ok.get(v.key) else ' fill="#c00"', txt))
    a('</svg>')
    return "\n".join(e) + "\n"
