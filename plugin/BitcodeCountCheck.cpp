//===- plugin/BitcodeCountCheck.cpp - Counts LLVM allocates by, checked ----===//
//
// See BitcodeCountCheck.h. A walk of each module's blocks with LLVM's
// bitstream cursor: the attribute blocks and the type table are read
// record by record, a function block's first record only (the writer puts
// DECLAREBLOCKS there), every other block is skipped by its length.
// A stream error ends the walk without a finding: LLVM's reader reports it.
//
//===----------------------------------------------------------------------===//

#include "plugin/BitcodeCountCheck.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamReader.h"
#include "llvm/Support/Error.h"

#include <optional>

using namespace llvm;

namespace coalesce {
namespace gnu {

namespace {

/// Turns an Expected into its value, or ends the walk (returns false from
/// the enclosing function) on a stream error.
#define TAKE_OR_STOP(Var, Expr)                                                \
  auto Var##OrErr = (Expr);                                                    \
  if (!Var##OrErr) {                                                           \
    consumeError(Var##OrErr.takeError());                                      \
    return false;                                                              \
  }                                                                            \
  auto Var = std::move(*Var##OrErr)

class Walker {
public:
  explicit Walker(StringRef Module)
      : Stream(Module), Bits(uint64_t(Module.size()) * 8) {
    Stream.setBlockInfo(&BlockInfo);
  }

  /// The first count or index found too large, as an error.
  Error run() {
    walkEntries();
    if (!Problem)
      return Error::success();
    return createStringError("implausible count: " + *Problem);
  }

private:
  /// The entries of one level, to its end: the end of the stream at the
  /// top, the block's EndBlock inside the module.
  bool walkEntries() {
    while (!Stream.AtEndOfStream()) {
      TAKE_OR_STOP(Entry, Stream.advance());
      switch (Entry.Kind) {
      case BitstreamEntry::SubBlock:
        if (!subBlock(Entry.ID))
          return false;
        continue;
      case BitstreamEntry::Record: {
        TAKE_OR_STOP(Code, Stream.skipRecord(Entry.ID));
        (void)Code;
        continue;
      }
      case BitstreamEntry::EndBlock:
        return true;
      default:
        return false;
      }
    }
    return true;
  }

  /// Handles the block whose ID was just read (the cursor is at its
  /// header); false ends the walk.
  bool subBlock(unsigned ID) {
    switch (ID) {
    case bitc::BLOCKINFO_BLOCK_ID: {
      TAKE_OR_STOP(Info, Stream.ReadBlockInfoBlock());
      if (!Info)
        return false;
      BlockInfo = std::move(*Info);
      return true;
    }
    case bitc::MODULE_BLOCK_ID:
      return walkModule();
    case bitc::PARAMATTR_BLOCK_ID:
    case bitc::PARAMATTR_GROUP_BLOCK_ID:
    case bitc::TYPE_BLOCK_ID_NEW:
      return walkRecords(ID);
    case bitc::FUNCTION_BLOCK_ID:
      return peekFunction();
    default:
      return !errorToBool(Stream.SkipBlock());
    }
  }

  bool walkModule() {
    if (errorToBool(Stream.EnterSubBlock(bitc::MODULE_BLOCK_ID)))
      return false;
    return walkEntries();
  }

  /// The records of an attribute block or of the type table.
  bool walkRecords(unsigned ID) {
    if (errorToBool(Stream.EnterSubBlock(ID)))
      return false;
    SmallVector<uint64_t, 64> Record;
    while (true) {
      TAKE_OR_STOP(Entry, Stream.advanceSkippingSubblocks());
      if (Entry.Kind == BitstreamEntry::EndBlock)
        return true;
      if (Entry.Kind != BitstreamEntry::Record)
        return false;
      Record.clear();
      TAKE_OR_STOP(Code, Stream.readRecord(Entry.ID, Record));
      if (!checkRecord(ID, Code, Record))
        return false;
    }
  }

  /// False (and Problem set) if the record holds a number past Bits.
  bool checkRecord(unsigned ID, unsigned Code, ArrayRef<uint64_t> Record) {
    if (ID == bitc::PARAMATTR_GROUP_BLOCK_ID &&
        Code == bitc::PARAMATTR_GRP_CODE_ENTRY && Record.size() >= 2)
      return checkIndex(Record[1]);  // [grpid, idx, attr...]
    if (ID == bitc::PARAMATTR_BLOCK_ID &&
        Code == bitc::PARAMATTR_CODE_ENTRY_OLD) {
      for (size_t I = 0; I + 1 < Record.size(); I += 2)
        if (!checkIndex(Record[I]))  // [paramidx, attr]...
          return false;
      return true;
    }
    if (ID == bitc::TYPE_BLOCK_ID_NEW && Code == bitc::TYPE_CODE_NUMENTRY &&
        !Record.empty() && Record[0] > Bits)
      return found("the type table claims " + std::to_string(Record[0]) +
                   " types");
    return true;
  }

  /// LLVM reads the index as 32 bits; ~0U is the function's own.
  bool checkIndex(uint64_t Raw) {
    unsigned Index = unsigned(Raw);
    if (Index == ~0U || Index <= Bits)
      return true;
    return found("an attribute group's index is " + std::to_string(Index));
  }

  /// A function block's first record, on a copy of the cursor; the cursor
  /// itself skips the block.
  bool peekFunction() {
    BitstreamCursor Peek = Stream;
    if (errorToBool(Stream.SkipBlock()))
      return false;
    unsigned Words = 0;
    if (errorToBool(Peek.EnterSubBlock(bitc::FUNCTION_BLOCK_ID, &Words)))
      return false;
    SmallVector<uint64_t, 8> Record;
    Expected<BitstreamEntry> Entry = Peek.advanceSkippingSubblocks();
    if (!Entry || Entry->Kind != BitstreamEntry::Record) {
      consumeError(Entry.takeError());
      return true; // The walk goes on after the block.
    }
    Expected<unsigned> Code = Peek.readRecord(Entry->ID, Record);
    if (!Code) {
      consumeError(Code.takeError());
      return true;
    }
    if (*Code == bitc::FUNC_CODE_DECLAREBLOCKS && !Record.empty() &&
        Record[0] > uint64_t(Words) * 32)
      return found("a function claims " + std::to_string(Record[0]) +
                   " basic blocks in " + std::to_string(uint64_t(Words) * 4) +
                   " bytes");
    return true;
  }

  bool found(const std::string &What) {
    Problem = What + " (the module has " + std::to_string(Bits / 8) +
              " bytes)";
    return false;
  }

  BitstreamBlockInfo BlockInfo;
  BitstreamCursor Stream;
  uint64_t Bits;
  /// What found() saw; the walk stops there.
  std::optional<std::string> Problem;
};

#undef TAKE_OR_STOP

} // namespace

Error verifyBitcodeCounts(MemoryBufferRef Buffer) {
  Expected<BitcodeFileContents> Contents = getBitcodeFileContents(Buffer);
  if (!Contents) {
    consumeError(Contents.takeError());
    return Error::success(); // lto::InputFile::create reports it.
  }
  for (BitcodeModule &M : Contents->Mods)
    if (Error E = Walker(M.getBuffer()).run())
      return E;
  return Error::success();
}

} // namespace gnu
} // namespace coalesce
