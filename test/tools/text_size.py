#!/usr/bin/env python3
"""The size of the .text section of ELF files, and an ordering check on it.

    text_size.py FILE...
        prints `.text N bytes FILE` for each file.

    text_size.py [--all-text] --le LABEL=FILE LABEL=FILE [LABEL=FILE...]
        prints `.text N bytes LABEL (FILE)` for each, then checks that the
        sizes do not decrease from left to right: .text(first) <=
        .text(second) <= ... On a violation it prints, for every adjacent
        pair out of order, both labels, both files and both sizes, and
        exits 1.

    --all-text sums every section named .text or .text.* (objects keep
    comdat functions, such as C++ template instances, in sections of their
    own).

Reads the section headers itself (ELF32 and ELF64, either byte order), so
it needs no binutils. A file that is not ELF, or has no .text, is an error
(exit 2).
"""

import struct
import sys


class Error(Exception):
    pass


ALL_TEXT = False


def text_bytes(path):
    """The sh_size of the section named .text in the ELF file at path (with
    ALL_TEXT, the sum over .text and .text.*)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Error("%s: %s" % (path, e.strerror))
    if len(data) < 16 or data[:4] != b"\x7fELF":
        raise Error("%s: not an ELF file" % path)
    ei_class, ei_data = data[4], data[5]
    if ei_class not in (1, 2) or ei_data not in (1, 2):
        raise Error("%s: unknown ELF class or byte order" % path)
    end = "<" if ei_data == 1 else ">"
    if ei_class == 2:  # ELF64
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3A)
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size
        sh = struct.Struct(end + "IIQQQQ")
    else:  # ELF32
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x2E)
        sh = struct.Struct(end + "IIIIII")
    if shoff == 0 or shnum == 0:
        raise Error("%s: no section headers" % path)
    if shoff + shnum * shentsize > len(data):
        raise Error("%s: truncated section header table" % path)

    def header(i):
        name, _type, _flags, _addr, offset, size = sh.unpack_from(
            data, shoff + i * shentsize)
        return name, offset, size

    _, str_off, str_size = header(shstrndx)
    names = data[str_off:str_off + str_size]
    total = None
    for i in range(shnum):
        name, _, size = header(i)
        stop = names.find(b"\0", name)
        section = names[name:stop]
        if section == b".text" or (ALL_TEXT and section.startswith(b".text.")):
            total = (total or 0) + size
    if total is None:
        raise Error("%s: no .text section" % path)
    return total


def check_order(specs):
    entries = []
    for spec in specs:
        label, sep, path = spec.rpartition("=")
        if not sep or not label or not path:
            raise Error("--le wants LABEL=FILE, got '%s'" % spec)
        entries.append((label, path, text_bytes(path)))
    for label, path, size in entries:
        print(".text %d bytes %s (%s)" % (size, label, path))
    bad = 0
    for (la, pa, sa), (lb, pb, sb) in zip(entries, entries[1:]):
        if sa > sb:
            bad += 1
            print("text_size: error: .text with %s is larger than with %s: "
                  "%d bytes (%s) > %d bytes (%s), %d bytes more"
                  % (la, lb, sa, pa, sb, pb, sa - sb), file=sys.stderr)
    if bad:
        return 1
    print("ok: " + " <= ".join("%s (%d)" % (l, s) for l, _, s in entries))
    return 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    global ALL_TEXT
    if argv[0] == "--all-text":
        ALL_TEXT = True
        argv = argv[1:]
    try:
        if argv and argv[0] == "--le":
            if len(argv) < 3:
                raise Error("--le wants at least two LABEL=FILE arguments")
            return check_order(argv[1:])
        for path in argv:
            print(".text %d bytes %s" % (text_bytes(path), path))
        return 0
    except Error as e:
        print("text_size: error: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
