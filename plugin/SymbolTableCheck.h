//===- plugin/SymbolTableCheck.h - Bounds of a bitcode symbol table -------===//
//
// A bitcode file carries its symbol table (llvm/Object/IRSymtab.h) as a blob
// of offsets and sizes into itself and into the string table. LLVM reads it
// without checking them (lto::InputFile::create trusts the file), so one
// flipped bit in a size sends the reader past the end of the file: the GNU
// plugin, which is the linker's reader of bitcode, checks first.
//
// The table must also agree with the module it was built from: LTO walks
// the module's symbols and the table's in step when it adds the module
// (lto::LTO::addRegularLTO), and a module with fewer symbols than its
// table (a flipped bit in a linkage or a name) walks it off the end.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_PLUGIN_SYMBOLTABLECHECK_H
#define COALESCE_PLUGIN_SYMBOLTABLECHECK_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <string>

namespace llvm {
namespace lto {
class InputFile;
} // namespace lto
} // namespace llvm

namespace coalesce {
namespace gnu {

/// An error saying what is wrong with the symbol table of the bitcode in
/// Buffer; success if every range and string in it lies inside the file (or
/// it has none that LLVM would use as written: a missing or older table is
/// rebuilt from the module by LLVM itself).
llvm::Error verifySymbolTable(llvm::MemoryBufferRef Buffer);

/// An error saying what is wrong between Input's symbol table and its
/// module; success if they list the same symbols in the same order (as LTO
/// pairs them), or if the file holds more than one module or a module LLVM
/// cannot read (LLVM reports that itself). Reads the module's globals, not
/// their bodies.
llvm::Error verifySymbolsMatchModule(const llvm::lto::InputFile &Input);

} // namespace gnu
} // namespace coalesce

#endif
