//===- plugin/SymbolTableCheck.cpp - Bounds of a bitcode symbol table -----===//
//
// See SymbolTableCheck.h. The checks follow the layout of irsymtab::storage:
// a header of ranges (modules, comdats, symbols, uncommon symbol facts,
// dependent libraries) into the table, and strings into the string table;
// a module's symbols and a symbol's comdat and uncommon facts are indices
// into those ranges.
//
// checkSymbolsMatchModule pairs the table's symbols with the module's the
// way LTO does: the module's symbols in ModuleSymbolTable order, leaving
// out those that are not global or are format-specific (llvm.* names and
// the like), which the table leaves out too.
//
//===----------------------------------------------------------------------===//

#include "plugin/SymbolTableCheck.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Object/IRSymtab.h"
#include "llvm/Object/ModuleSymbolTable.h"
#include "llvm/Support/Error.h"

using namespace llvm;
namespace storage = llvm::irsymtab::storage;

namespace coalesce {
namespace gnu {

namespace {

class Checker {
public:
  Checker(StringRef Symtab, StringRef Strtab)
      : Symtab(Symtab), Strtab(Strtab) {}

  /// What is wrong, or success.
  Error run() {
    auto &H = *reinterpret_cast<const storage::Header *>(Symtab.data());
    if (H.Version != storage::Header::kCurrentVersion)
      return Error::success(); // LLVM rebuilds a table of another version.
    for (const storage::Str *S : {&H.Producer, &H.TargetTriple,
                                  &H.SourceFileName, &H.COFFLinkerOpts})
      if (!inStrtab(*S))
        return fail("a header string lies outside the string table");
    if (!inSymtab(H.Modules) || !inSymtab(H.Comdats) ||
        !inSymtab(H.Symbols) || !inSymtab(H.Uncommons) ||
        !inSymtab(H.DependentLibraries))
      return fail("a range lies outside the symbol table");
    ArrayRef<storage::Comdat> Comdats = H.Comdats.get(Symtab);
    ArrayRef<storage::Symbol> Symbols = H.Symbols.get(Symtab);
    ArrayRef<storage::Uncommon> Uncommons = H.Uncommons.get(Symtab);
    for (const storage::Comdat &C : Comdats)
      if (!inStrtab(C.Name))
        return fail("a comdat name lies outside the string table");
    for (const storage::Str &S : H.DependentLibraries.get(Symtab))
      if (!inStrtab(S))
        return fail("a library name lies outside the string table");
    for (const storage::Uncommon &U : Uncommons)
      if (!inStrtab(U.COFFWeakExternFallbackName) || !inStrtab(U.SectionName))
        return fail("a section name lies outside the string table");
    for (const storage::Module &M : H.Modules.get(Symtab)) {
      if (M.Begin > M.End || M.End > Symbols.size())
        return fail("a module's symbols lie outside the symbol table");
      uint64_t Uncommon = M.UncBegin;
      for (const storage::Symbol &S : Symbols.slice(M.Begin, M.End - M.Begin)) {
        if (!inStrtab(S.Name) || !inStrtab(S.IRName))
          return fail("a symbol name lies outside the string table");
        if (S.ComdatIndex != uint32_t(-1) && S.ComdatIndex >= Comdats.size())
          return fail("a symbol names a comdat that is not there");
        if ((S.Flags >> storage::Symbol::FB_has_uncommon) & 1)
          if (Uncommon++ >= Uncommons.size())
            return fail("a symbol's facts lie outside the symbol table");
      }
    }
    return Error::success();
  }

private:
  static Error fail(const char *What) {
    return createStringError(Twine("corrupt symbol table: ") + What);
  }
  bool inStrtab(const storage::Str &S) const {
    return uint64_t(S.Offset) + S.Size <= Strtab.size();
  }
  template <typename T> bool inSymtab(const storage::Range<T> &R) const {
    return uint64_t(R.Offset) + uint64_t(R.Size) * sizeof(T) <= Symtab.size();
  }

  StringRef Symtab, Strtab;
};

} // namespace

Error verifySymbolTable(MemoryBufferRef Buffer) {
  Expected<BitcodeFileContents> Contents = getBitcodeFileContents(Buffer);
  if (!Contents) {
    consumeError(Contents.takeError());
    return Error::success(); // lto::InputFile::create reports it.
  }
  StringRef Symtab = Contents->Symtab, Strtab = Contents->StrtabForSymtab;
  if (Symtab.size() < sizeof(storage::Header) || Strtab.empty())
    return Error::success(); // LLVM rebuilds a missing table.
  // Its words are unaligned little-endian integers, read in place.
  return Checker(Symtab, Strtab).run();
}

Error verifySymbolsMatchModule(const lto::InputFile &Input) {
  auto Corrupt = [](const Twine &Why) {
    return createStringError("corrupt symbol table: " + Why);
  };
  Expected<std::vector<BitcodeModule>> Modules =
      getBitcodeModuleList(Input.getFileBuffer());
  if (!Modules) {
    consumeError(Modules.takeError());
    return Error::success();
  }
  if (Modules->size() != 1)
    return Error::success(); // Whose symbols are whose is lto::InputFile's.
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> M = (*Modules)[0].getLazyModule(
      Context, /*ShouldLazyLoadMetadata=*/true, /*IsImporting=*/false);
  if (!M) {
    consumeError(M.takeError());
    return Error::success(); // LTO reads it again and reports why it cannot.
  }
  ModuleSymbolTable Table;
  Table.addModule(M->get());
  ArrayRef<lto::InputFile::Symbol> Listed = Input.symbols();
  size_t I = 0;
  for (ModuleSymbolTable::Symbol Sym : Table.symbols()) {
    uint32_t Flags = Table.getSymbolFlags(Sym);
    if (!(Flags & object::BasicSymbolRef::SF_Global) ||
        (Flags & object::BasicSymbolRef::SF_FormatSpecific))
      continue;
    if (I == Listed.size())
      return Corrupt("the module has symbols its symbol table does not list");
    auto *GV = dyn_cast_if_present<GlobalValue *>(Sym);
    StringRef IRName = Listed[I].getIRName();
    if (GV ? GV->getName() != IRName : !IRName.empty())
      return Corrupt("symbol " + Twine(I) + " of the symbol table is '" +
                     IRName + "', the module's is '" +
                     (GV ? GV->getName() : "") + "'");
    ++I;
  }
  if (I != Listed.size())
    return Corrupt("the symbol table lists " + Twine(Listed.size()) +
                   " symbols, the module has " + Twine(I));
  return Error::success();
}

} // namespace gnu
} // namespace coalesce
