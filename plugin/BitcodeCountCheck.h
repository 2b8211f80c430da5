//===- plugin/BitcodeCountCheck.h - Counts LLVM allocates by, checked ------===//
//
// A few records of a bitcode module hold a count or an index that LLVM's
// bitcode reader allocates by before it reads what the count describes:
// an attribute group's index (AttributeList::get makes an array of index+1
// attribute sets), the type table's number of entries (TypeList.resize) and
// a function's number of basic blocks (one BasicBlock each). One bit
// flipped in the index of a function's own attributes (~0U) leaves an index
// just under 2^32: an array of up to 32 GiB. glibc refuses it at once (LLVM
// then aborts with "out of memory"); mold's mimalloc maps it and zeroing it
// ran ld.mold into the kernel's OOM killer, with coalesce.so as without it
// (tools/fuzz/broken.py, mold seeds 1587, 2267, 2687, 2747, 5307, 5467,
// 10387). The GNU plugin checks these numbers first, as LLVM's bitstream
// reader checks an array's length: nothing in a module can need more
// elements than the module has bits.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_BITCODECOUNTCHECK_H
#define COALESCE_PLUGIN_BITCODECOUNTCHECK_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <string>

namespace coalesce {
namespace gnu {

/// An error naming the count or index in the bitcode in Buffer that exceeds
/// the size of its module in bits; success if none does (or the file is
/// unreadable in some other way: LLVM's reader reports that itself).
llvm::Error verifyBitcodeCounts(llvm::MemoryBufferRef Buffer);

} // namespace gnu
} // namespace coalesce

#endif
