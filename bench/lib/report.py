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


def derive(programs, variants):
    """Add the ratios against the baseline to every variant's figures."""
    for p in programs:
        V = p["variants"]
        base = V.get("baseline", {})
        for v in variants:
            r = V[v.key]
            r["link_median_s"] = median(r["link_s"])
            r["run_median_s"] = median(r["run_s"])
            r["text_ratio"] = ratio(r["text"], base.get("text"))
            r["link_ratio"] = ratio(r["link_median_s"],
                                    base.get("link_median_s"))
            r["instr_ratio"] = ratio(r["instructions"],
                                     base.get("instructions"))
            r["run_ratio"] = ratio(r["run_median_s"], base.get("run_median_s"))
            c = r["checks"]
            r["ok"] = bool(c and c["total"] and c["passed"] == c["total"]
                           and not r["errors"])
    geo = {}
    for v in variants:
        g = {}
        for k in ("text_ratio", "link_ratio", "instr_ratio", "run_ratio"):
            g[k] = geomean([p["variants"][v.key][k] for p in programs])
        geo[v.key] = g
    return geo


def pct(r):
    if r is None:
        return "n/a"
    x = (r - 1) * 100
    if abs(x) < 0.005:
        return "0.00%"
    return "%+.2f%%" % x


def fx(r):
    return "n/a" if r is None else "%.2f" % r


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
    if any(v.key == "gold-mergefunc" for v in variants):
        w("- ld.gold: the anchor is `LLVMgold.so` running LLVM's function "
          "merger through its own option `-plugin-opt=merge-functions` "
          "(the same code as ld.lld with `-enable-merge-functions`; the "
          "LLVM option spelling `-plugin-opt=-enable-merge-functions` "
          "changes nothing under `LLVMgold.so`); *gold+coalesce vs "
          "gold+LLVMgold mergefunc* compares `.text` with that anchor")
    w("")
    w("## Variants\n")
    w("| variant | link |")
    w("|---|---|")
    for v in variants:
        w("| %s | `%s` |" % (v.label, v.flags_text()))
    w("")
    w("## .text change against the baseline\n")
    w("![.text change per program and variant](%s)\n" % meta["svg_name"])
    keys = [v.key for v in variants]
    # gold+coalesce against gold's anchor, LLVMgold.so with the merger on.
    gold_pair = "gold-mergefunc" in keys and "gold-coalesce" in keys
    head = "| program | baseline .text | " + " | ".join(
        v.label for v in variants if v.key != "baseline") + \
        (" | gold+coalesce vs gold+LLVMgold mergefunc" if gold_pair
         else "") + " |"
    w(head)
    w("|---|---:|" + "---:|" * (len(variants) - 1 + int(gold_pair)))
    for p in programs:
        V = p["variants"]
        base = V.get("baseline", {}).get("text")
        cells = []
        for v in variants:
            if v.key == "baseline":
                continue
            r = V[v.key]
            c = pct(r["text_ratio"])
            if not r["ok"]:
                c += " **FAIL**"
            cells.append(c)
        if gold_pair:
            cells.append(pct(ratio(V["gold-coalesce"]["text"],
                                   V["gold-mergefunc"]["text"])))
        w("| %s | %s | %s |" % (p["name"], "{:,}".format(base) if base else
                                "n/a", " | ".join(cells)))
    cells = [pct(geo[v.key]["text_ratio"]) for v in variants
             if v.key != "baseline"]
    if gold_pair:
        cells.append(pct(geomean([
            ratio(p["variants"]["gold-coalesce"]["text"],
                  p["variants"]["gold-mergefunc"]["text"])
            for p in programs])))
    w("| **geometric mean** | | %s |" % " | ".join(cells))
    w("")
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
      "faster). *checks*: the program's own tests pass, and for the sqlite3 "
      "shell, xmllint, box2d, lua and zstd every check prints exactly what "
      "the baseline prints.\n")
    w("| program | variant | .text bytes | .text change | checks | link s | "
      "link ratio | instructions | instr. ratio | run s | wall ratio |")
    w("|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    for p in programs:
        for v in variants:
            r = p["variants"][v.key]
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p["name"], v.label,
                "{:,}".format(r["text"]) if r["text"] else "n/a",
                pct(r["text_ratio"]), check_text(r),
                "%.2f" % r["link_median_s"] if r["link_median_s"] else "n/a",
                fx(r["link_ratio"]),
                "{:,}".format(r["instructions"]) if r["instructions"]
                else ("n/a" if p["workload"] else ""),
                fx(r["instr_ratio"]) if p["workload"] else "",
                "%.3f" % r["run_median_s"] if r["run_median_s"] else
                ("n/a" if p["workload"] else ""),
                fx(r["run_ratio"]) if p["workload"] else ""))
    for v in variants:
        if v.key == "baseline":
            continue
        g = geo[v.key]
        w("| **geometric mean** | %s | | %s | | | %s | | %s | | %s |" % (
            v.label, pct(g["text_ratio"]), fx(g["link_ratio"]),
            fx(g["instr_ratio"]), fx(g["run_ratio"])))
    w("")
    w("## Programs\n")
    for p in programs:
        line = "- **%s** (`%s`): %s" % (p["name"], p["package"], p["describe"])
        if len(p["binaries"]) > 1:
            line += "; link time: %s" % p["timed"]
        if p["workload"] and native:
            line += "; runtime workload: %s" % p["workload"]
        w(line)
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
    return json.dumps({
        "schema": 1, "meta": meta,
        "variants": [{"key": v.key, "label": v.label,
                      "link": v.flags_text()} for v in variants],
        "programs": programs, "geomean": geo}, indent=1, sort_keys=True)


COLORS = {"baseline": "#888888", "mergefunc": "#9ecae1",
          "iroutliner": "#6baed6", "gmf": "#4292c6", "moutliner": "#2171b5",
          "icf": "#08519c", "llvm-all": "#08306b",
          "mergefunc-iroutliner": "#3182bd", "coalesce": "#e6550d",
          "coalesce-constants": "#fdae6b",
          "coalesce+": "#a63603", "gcc": "#31a354", "gold": "#bdbdbd",
          "gold-mergefunc": "#969696", "gold-coalesce": "#fd8d3c"}


def svg(programs, variants, geo, title):
    """Small multiples: one panel per program (and the geometric mean),
    one labelled horizontal bar per variant: the .text change in percent."""
    shown = [v for v in variants if v.key != "baseline"]
    rows = [(p["name"], {v.key: p["variants"][v.key]["text_ratio"]
                         for v in shown},
             {v.key: p["variants"][v.key]["ok"] for v in shown})
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
    label_w, plot_w, bar_h, gap = 150, 420, 14, 3
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
      '(-Oz, full LTO, ld.lld); left of the line = smaller. '
      'FAIL = a check failed.</text>')

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
