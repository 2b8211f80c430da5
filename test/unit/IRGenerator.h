//===- test/unit/IRGenerator.h - Seeded generator of LLVM IR functions ----===//
//
// Test-only: generates modules of hundreds to thousands of functions as IR
// text, deterministically from a seed. See IRGenerator.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_TEST_UNIT_IRGENERATOR_H
#define COALESCE_TEST_UNIT_IRGENERATOR_H

#include <string>
#include <utility>
#include <vector>

namespace irgen {

/// Which instruction kinds a module's functions are built from. Mixed uses
/// every kind.
enum class Family {
  Arithmetic,
  VectorAggregate,
  Memory,
  Address,
  Conversion,
  CompareSelect,
  Calls,
  ControlFlow,
  ExceptionHandling,
  Mixed,
};

const char *familyName(Family F);

struct GeneratedModule {
  std::string IR;
  /// Generated function names (not the module's fixed helpers), in
  /// generation order.
  std::vector<std::string> Names;
  /// For each generated function, the base it derives from: functions of
  /// one group are the base, its renamed duplicates and its mutants.
  std::vector<unsigned> Group;
  /// Pairs that differ only by local names and block layout: they must
  /// compare equal.
  std::vector<std::pair<std::string, std::string>> MustBeEqual;
  /// Pairs that, in addition, differ only in spellings the order documents
  /// as equivalent: GEP index spellings of one constant offset, ptr or i64
  /// in address space 0, !prof metadata, attribute order. They must compare
  /// equal too.
  std::vector<std::pair<std::string, std::string>> EqualBySpelling;
};

/// About 4 functions per base: the base, renamed duplicates, and mutants
/// with one knob changed.
GeneratedModule generateModule(Family F, unsigned Seed, unsigned NumBases);

namespace detail {
/// Constants of type Ty (as IR text) the generator may use as operands:
/// zeros of both signs, NaNs with payloads, vector and pointer constants.
/// Null, with N = 0, for types without a table.
const char *const *constantsOf(const std::string &Ty, size_t &N);
/// Declarations, helper functions and metadata every module starts with.
const char *moduleHeader();
} // namespace detail

} // namespace irgen

#endif
