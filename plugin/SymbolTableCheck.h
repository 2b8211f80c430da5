//===- plugin/SymbolTableCheck.h - Bounds of a bitcode symbol table -------===//
//
// A bitcode file carries its symbol table (llvm/Object/IRSymtab.h) as a blob
// of offsets and sizes into itself and into the string table. LLVM reads it
// without checking them (lto::InputFile::create trusts the file), so one
// flipped bit in a size sends the reader past the end of the file: the GNU
// plugin, which is the linker's reader of bitcode, checks first.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_SYMBOLTABLECHECK_H
#define COALESCE_PLUGIN_SYMBOLTABLECHECK_H

#include "llvm/Support/MemoryBufferRef.h"

#include <string>

namespace coalesce {
namespace gnu {

/// What is wrong with the symbol table of the bitcode in Buffer, or "" if
/// every range and string in it lies inside the file (or it has none that
/// LLVM would use as written: a missing or older table is rebuilt from the
/// module by LLVM itself).
std::string checkSymbolTable(llvm::MemoryBufferRef Buffer);

} // namespace gnu
} // namespace coalesce

#endif
