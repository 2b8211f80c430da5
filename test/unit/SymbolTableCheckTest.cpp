//===- test/unit/SymbolTableCheckTest.cpp - plugin/SymbolTableCheck -------===//
//
// The GNU plugin checks a bitcode file's symbol table before LLVM reads it
// (LLVM trusts its offsets and sizes). The gauntlet found the crash: one
// flipped bit in a symbol name's size made ld.mold with coalesce.so read
// past the file (tools/fuzz/broken.py, seed 667). Here the same damage is
// done on purpose to a table LLVM wrote, one field at a time. It found a
// second crash (seeds 2867 and others): a flipped bit in the module left it
// with fewer symbols than its table, which LTO walks in step with it.
//
//===----------------------------------------------------------------------===//

#include "plugin/SymbolTableCheck.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Object/IRSymtab.h"
#include "llvm/Support/raw_ostream.h"

#include "BitcodeOf.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace coalesce::gnu;
namespace storage = llvm::irsymtab::storage;

namespace {

/// Bitcode of a small module with a comdat, with its symbol table (the
/// writer builds one for a module with a data layout).
SmallVector<char, 0> writeBitcode() {
  return bitcodeOf(R"(
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
$k = comdat any
@g = global i32 1, comdat($k)
declare void @ext()
define void @f() {
  call void @ext()
  ret void
}
)");
}

/// The header of the symbol table in Bitcode, writable in place.
storage::Header &headerIn(SmallVectorImpl<char> &Bitcode) {
  Expected<BitcodeFileContents> BFC = getBitcodeFileContents(
      MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()), "t.bc"));
  EXPECT_TRUE(bool(BFC));
  EXPECT_GE(BFC->Symtab.size(), sizeof(storage::Header));
  size_t At = BFC->Symtab.data() - Bitcode.data();
  return *reinterpret_cast<storage::Header *>(Bitcode.data() + At);
}

/// The symbols and the modules the header H lists, writable in place.
storage::Symbol *symbolsOf(storage::Header &H) {
  return reinterpret_cast<storage::Symbol *>(reinterpret_cast<char *>(&H) +
                                             H.Symbols.Offset);
}
storage::Module *modulesOf(storage::Header &H) {
  return reinterpret_cast<storage::Module *>(reinterpret_cast<char *>(&H) +
                                             H.Modules.Offset);
}

std::string check(const SmallVectorImpl<char> &Bitcode) {
  // The finding as text, "" for none.
  return toString(verifySymbolTable(
      MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()), "t.bc")));
}

TEST(SymbolTableCheck, TableLLVMWroteIsFine) {
  SmallVector<char, 0> B = writeBitcode();
  EXPECT_EQ(check(B), "");
  EXPECT_EQ(headerIn(B).Symbols.Size, 3u);
}

TEST(SymbolTableCheck, SymbolNamePastTheStringTable) {
  SmallVector<char, 0> B = writeBitcode();
  storage::Header &H = headerIn(B);
  storage::Symbol *Sym = symbolsOf(H);
  Sym[1].Name.Size = Sym[1].Name.Size + (1u << 20); // The seed's flipped bit.
  EXPECT_EQ(check(B), "corrupt symbol table: a symbol name lies outside the "
                      "string table");
}

TEST(SymbolTableCheck, RangePastTheTable) {
  SmallVector<char, 0> B = writeBitcode();
  headerIn(B).Symbols.Size = 1u << 24;
  EXPECT_EQ(check(B),
            "corrupt symbol table: a range lies outside the symbol table");
}

TEST(SymbolTableCheck, ComdatIndexPastTheComdats) {
  SmallVector<char, 0> B = writeBitcode();
  storage::Header &H = headerIn(B);
  storage::Symbol *Sym = symbolsOf(H);
  for (unsigned K = 0; K < H.Symbols.Size; ++K)
    if (Sym[K].ComdatIndex != uint32_t(-1))
      Sym[K].ComdatIndex = 7;
  EXPECT_EQ(check(B),
            "corrupt symbol table: a symbol names a comdat that is not there");
}

TEST(SymbolTableCheck, ModuleSymbolsPastTheSymbols) {
  SmallVector<char, 0> B = writeBitcode();
  storage::Header &H = headerIn(B);
  storage::Module *Mod = modulesOf(H);
  Mod[0].End = 40;
  EXPECT_EQ(check(B), "corrupt symbol table: a module's symbols lie outside "
                      "the symbol table");
}

TEST(SymbolTableCheck, OtherVersionIsLLVMsToRebuild) {
  SmallVector<char, 0> B = writeBitcode();
  storage::Header &H = headerIn(B);
  H.Version = 2;
  H.Symbols.Size = 1u << 24; // Never read: LLVM rebuilds the table.
  EXPECT_EQ(check(B), "");
}

/// checkSymbolsMatchModule on Bitcode, read as LTO reads it.
std::string match(const SmallVectorImpl<char> &Bitcode) {
  Expected<std::unique_ptr<lto::InputFile>> In = lto::InputFile::create(
      MemoryBufferRef(StringRef(Bitcode.data(), Bitcode.size()), "t.bc"));
  EXPECT_TRUE(bool(In));
  if (!In) {
    consumeError(In.takeError());
    return "no input";
  }
  return toString(verifySymbolsMatchModule(**In));
}

TEST(SymbolTableCheck, TableMatchesTheModuleLLVMWrote) {
  EXPECT_EQ(match(writeBitcode()), "");
}

TEST(SymbolTableCheck, SymbolsInAnotherOrderThanTheModule) {
  SmallVector<char, 0> B = writeBitcode();
  storage::Symbol *Sym = symbolsOf(headerIn(B));
  std::swap(Sym[0], Sym[2]); // The module lists ext, f, g.
  EXPECT_EQ(match(B), "corrupt symbol table: symbol 0 of the symbol table is "
                      "'g', the module's is 'ext'");
}

TEST(SymbolTableCheck, ModuleHasSymbolsTheTableDoesNotList) {
  SmallVector<char, 0> B = writeBitcode();
  modulesOf(headerIn(B))[0].End = 2;
  EXPECT_EQ(match(B), "corrupt symbol table: the module has symbols its "
                      "symbol table does not list");
}

} // namespace
