#!/usr/bin/env python3
"""Count real function bodies in a textual LLVM IR module (.ll).

A *definition* is a `define`. It is a *forwarding thunk* when it has a
single basic block whose instructions, apart from casts, extractvalue,
insertvalue and the final `ret`, are exactly one direct `call` of another,
non-intrinsic function. Every other definition is a *real body*: the thing
identical-function merging is meant to reduce, since a thunk costs a jump
and a body costs its whole size.

The module must be printed by LLVM (opt -S, clang -S, llvm-dis): the parser
relies on the printer's canonical layout (`define ... {` on one line, body
lines indented, `}` alone in column 0, label lines in column 0).

Used as a library by differential_check.py, and as a command:

    count_bodies.py FILE.ll [--list]

prints `defines=N thunks=T bodies=B` (and with --list, one line per
definition: `body NAME` or `thunk NAME -> CALLEE`).
"""

import re
import sys

# A global's name as the IR printer writes it: quoted (a `"` inside is
# escaped as \22, so the quotes never nest) or bare.
NAME = r'@(?:"[^"]*"|[-a-zA-Z$._0-9]+)'
NAME_RE = re.compile(NAME)

LINKAGES = {
    "private", "internal", "available_externally", "linkonce", "weak",
    "common", "appending", "extern_weak", "linkonce_odr", "weak_odr",
    "external",
}
VISIBILITIES = {"default", "hidden", "protected"}

CASTS = {
    "trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi",
    "uitofp", "sitofp", "ptrtoint", "ptrtoaddr", "inttoptr", "bitcast",
    "addrspacecast",
}
FORWARDING_NOISE = CASTS | {"extractvalue", "insertvalue", "ret"}

DEFINE_RE = re.compile(r"^define\s+(?P<prefix>.*?)(?P<name>" + NAME +
                       r")\(")
# `@g = [linkage] [...] global|constant|alias|ifunc ...`
GLOBAL_RE = re.compile(r"^(?P<name>" + NAME + r")\s*=\s*(?P<rest>.*)$")
GLOBAL_KIND_RE = re.compile(r"\b(global|constant|alias|ifunc)\b")
ASSIGN_RE = re.compile(r"^\s*%[-a-zA-Z$._0-9\"]+\s*=\s*")
CALLEE_RE = re.compile(r"\bcall\b.*?(" + NAME + r")\(")


def unquote(name):
    """`@"a b"` -> `a b`, `@foo` -> `foo`."""
    name = name[1:]
    if name.startswith('"'):
        name = name[1:-1]
    return name


class Function:
    def __init__(self, name, linkage, visibility, header):
        self.name = name
        self.linkage = linkage
        self.visibility = visibility
        self.header = header
        self.blocks = 1
        self.instructions = []  # (opcode, text)
        self.callee = None  # set when the definition is a thunk
        self.body_lines = []  # lines between `{` and `}`, with keep_text

    @property
    def is_thunk(self):
        return self.callee is not None


class Global:
    """A global variable, alias or ifunc."""

    def __init__(self, name, kind, linkage, visibility, is_definition,
                 target=None):
        self.name = name
        self.target = target  # aliasee name, for aliases
        self.kind = kind
        self.linkage = linkage
        self.visibility = visibility
        self.is_definition = is_definition


class Module:
    def __init__(self, path):
        self.path = path
        self.functions = {}  # name -> Function, definitions only
        self.declarations = set()  # declared (not defined) function names
        self.globals = {}  # name -> Global

    @property
    def thunks(self):
        return [f for f in self.functions.values() if f.is_thunk]

    @property
    def bodies(self):
        return [f for f in self.functions.values() if not f.is_thunk]

    def final_body(self, name, limit=64):
        """The real body that `name` runs, following thunks and aliases;
        None when `name` is not defined here."""
        while limit:
            limit -= 1
            f = self.functions.get(name)
            if f is not None:
                if not f.is_thunk or f.callee not in self.functions and \
                        f.callee not in self.globals:
                    return name
                name = f.callee
                continue
            g = self.globals.get(name)
            if g is not None and g.kind == "alias" and g.target:
                name = g.target
                continue
            return None
        return name

    def definitions(self):
        """name -> (kind, linkage, visibility) of every defined symbol."""
        defs = {}
        for f in self.functions.values():
            defs[f.name] = ("function", f.linkage, f.visibility)
        for g in self.globals.values():
            if g.is_definition:
                defs[g.name] = (g.kind, g.linkage, g.visibility)
        return defs


ATTACHMENT_RE = re.compile(r",?\s*![-a-zA-Z$._0-9]+ ![0-9]+")
COMMENT_RE = re.compile(r"\s*;.*$")


def shape(fn):
    """The text of `fn` without its name, comments and metadata
    attachments: two definitions with the same shape differ at most in
    metadata (`!tbaa`, `!llvm.loop`, ...) or in what their names refer to."""
    header = fn.header.replace("@" + fn.name + "(", "@(", 1)
    header = re.sub(r'@"[^"]*"\(|@[-a-zA-Z$._0-9]+\(', "@(", header, count=1)
    lines = [ATTACHMENT_RE.sub("", COMMENT_RE.sub("", l))
             for l in fn.body_lines]
    return header + "\n" + "\n".join(l for l in lines if l.strip())


def _prefix_attrs(tokens, default_linkage):
    linkage = next((t for t in tokens if t in LINKAGES), default_linkage)
    visibility = next((t for t in tokens if t in VISIBILITIES), "default")
    return linkage, visibility


def _opcode(line):
    """The opcode of an instruction line (call-site prefixes skipped)."""
    text = ASSIGN_RE.sub("", line).strip()
    words = text.split()
    while words and words[0] in ("tail", "musttail", "notail"):
        words.pop(0)
    return words[0] if words else ""


def _classify(fn):
    if fn.blocks != 1:
        return
    calls = [text for op, text in fn.instructions
             if op not in FORWARDING_NOISE]
    if len(calls) != 1 or _opcode(calls[0]) != "call":
        return
    m = CALLEE_RE.search(calls[0])
    if not m:
        return  # indirect call
    callee = unquote(m.group(1))
    if callee == fn.name or callee.startswith("llvm."):
        return
    if not fn.instructions or fn.instructions[-1][0] != "ret":
        return
    fn.callee = callee


def parse(path, keep_text=False):
    """Parses the module at `path` (textual IR). With keep_text, every
    function keeps its body lines (for shape())."""
    mod = Module(path)
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    current = None
    seen_instruction = False
    for line in lines:
        if current is not None:
            if line == "}":
                _classify(current)
                mod.functions[current.name] = current
                current = None
                continue
            if keep_text:
                current.body_lines.append(line)
            stripped = line.strip()
            if not stripped or stripped.startswith(";"):
                continue
            if stripped.startswith("#dbg_"):
                continue  # debug records are not instructions
            if not line[0].isspace():
                # A label. The entry block may be labelled too; only a
                # label after some instruction starts a second block.
                if seen_instruction:
                    current.blocks += 1
                continue
            seen_instruction = True
            current.instructions.append((_opcode(stripped), stripped))
            continue
        if line.startswith("define "):
            m = DEFINE_RE.match(line)
            if not m:
                raise ValueError("%s: cannot parse definition line: %s" %
                                 (path, line))
            linkage, vis = _prefix_attrs(m.group("prefix").split(),
                                         "external")
            current = Function(unquote(m.group("name")), linkage, vis, line)
            seen_instruction = False
            if line.rstrip().endswith("}"):  # `define ... { ... }` one line
                raise ValueError("%s: one-line definition not supported: %s"
                                 % (path, line))
            continue
        if line.startswith("declare "):
            m = re.search(NAME + r"\(", line)
            if m:
                mod.declarations.add(unquote(m.group(0)[:-1]))
            continue
        if line.startswith("@"):
            m = GLOBAL_RE.match(line)
            if not m:
                continue
            rest = m.group("rest")
            km = GLOBAL_KIND_RE.search(rest)
            if not km:
                continue
            tokens = rest[:km.start()].split()
            # A variable with `external`/`extern_weak` written out is a
            # declaration; an external definition has no linkage keyword.
            is_def = not ({"external", "extern_weak"} & set(tokens)) or \
                km.group(1) in ("alias", "ifunc")
            linkage, vis = _prefix_attrs(tokens, "external")
            name = unquote(m.group("name"))
            target = None
            if km.group(1) == "alias":
                tm = NAME_RE.search(rest, km.end())
                target = unquote(tm.group(0)) if tm else None
            mod.globals[name] = Global(name, km.group(1), linkage, vis, is_def,
                                       target)
    if current is not None:
        raise ValueError("%s: unterminated definition of @%s" %
                         (path, current.name))
    return mod


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.stderr.write(__doc__)
        return 2
    mod = parse(args[0])
    print("defines=%d thunks=%d bodies=%d" %
          (len(mod.functions), len(mod.thunks), len(mod.bodies)))
    if "--list" in argv:
        for f in sorted(mod.functions.values(), key=lambda f: f.name):
            if f.is_thunk:
                print("thunk %s -> %s" % (f.name, f.callee))
            else:
                print("body %s" % f.name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
