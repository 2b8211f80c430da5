//===- core/hotness/Hotness.h - How often the program runs each block -----===//
//
// Every stage that adds work at run time (an outlined call, a constant
// passed as an argument) asks how often the code it changes runs in the
// whole program, not within its function: a function without a loop is
// hot when the program's loops call it. See the essay in Hotness.cpp and
// docs/hotness.md.
//
//===----------------------------------------------------------------------===//
#ifndef COALESCE_HOTNESS_HOTNESS_H
#define COALESCE_HOTNESS_HOTNESS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class Module;
} // namespace llvm

namespace coalesce {

struct HotnessOptions {
  /// Without a profile, a block that runs again and again (in a loop, or
  /// in a function called again and again) is hot if it runs on at least
  /// this share, in thousandths, of its loop's iterations (outside loops:
  /// of its function's calls); 0: nothing is hot. With a profile, the
  /// profile summary's thresholds decide.
  unsigned HotSharePerMille = 62;
  /// Without a profile, the share a block is reached on counts only the
  /// branches whose odds are evidence: an edge taken with this probability
  /// (in thousandths) or more counts as taken. LLVM's guesses about data
  /// (a pointer against null, a value against zero, floats compared) are
  /// 375 and up; its evidence (a cold call, an unreachable or noreturn
  /// end, __builtin_expect, a loop's exit per iteration) is far below.
  /// 1000: every edge counts (the estimate before issue 37).
  /// bench/results/hotness-accuracy.md scores the choices.
  unsigned UninformedPerMille = 300;
  /// Without a profile, the code after a loop is reached as often as the
  /// loop is entered, on its exit's share of the loop's exits (false: on
  /// the exit's odds per iteration, one in 32).
  bool LoopExitsOnce = true;
  /// With a profile, a block is hot if its count is among the largest that
  /// together make this share (in millionths) of the profile's counts.
  unsigned ProfileHotPerMillion = 999000;
  /// The module is one of a program whose other modules are optimized
  /// apart (a ThinLTO backend's): without a profile, a function they may
  /// call (one not local to the module, or whose address is taken) may be
  /// called again and again from their loops, and its likely blocks are
  /// hot.
  bool CalledFromOtherModules = false;
  /// Without a profile, a call through a pointer is followed to the
  /// functions of its type whose address is taken only when there are at
  /// most this many of them (calls so followed also close cycles of
  /// recursion). Every one by default: bench/results/hotness-accuracy.md
  /// scores lower limits, and 64 (fewer false hot bytes on every program)
  /// let lua's workload execute 0.20% more instructions where following
  /// all gives 0.08%.
  unsigned MaxIndirectTargets = ~0u;
  /// Without a profile, every function in a cycle of the call graph (one
  /// calling itself included) runs again and again, as a loop's body
  /// does.
  bool RecursionRepeats = true;
};

/// Why M's profile summary cannot serve (ProfileSummaryInfo would abort on
/// it: a detailed summary that stops short of the percentiles the hot and
/// cold thresholds are read at; or it cannot be read at all), or "" if it
/// can or M has none. Hotness then goes on without the profile, as for a
/// module without one; the pipeline passes the reason on as a warning.
std::string profileSummaryProblem(const llvm::Module &M,
                                  const HotnessOptions &O);

/// What ProgramHotness::compute keeps of each function from one snapshot
/// to the next: the block frequencies of its step 1, taken again only for
/// the functions whose code they read has changed since. One per run of
/// the pipeline, on its thread.
class HotnessCache {
public:
  HotnessCache();
  ~HotnessCache();
  HotnessCache(const HotnessCache &) = delete;
  HotnessCache &operator=(const HotnessCache &) = delete;
  /// In the last snapshot: functions analysed, and analyses kept.
  unsigned analysed() const;
  unsigned kept() const;

private:
  friend class ProgramHotness;
  struct Functions;
  std::unique_ptr<Functions> Of;
};

/// How often each block runs per run of the program: from the profile in
/// the module where there is one (function entry counts, branch weights),
/// else a static estimate over the call graph. A snapshot: blocks created
/// after it run 0 times by it.
class ProgramHotness {
public:
  /// Estimates for every function of M with a body. With a Cache, the
  /// analyses of functions unchanged since its last snapshot are kept:
  /// the result is the same as without one.
  static ProgramHotness compute(llvm::Module &M, const HotnessOptions &O,
                                HotnessCache *Cache = nullptr);
  /// An estimate by which nothing runs: for weighing bytes alone (tests,
  /// tools).
  static ProgramHotness none() { return ProgramHotness(); }

  /// Executions of BB per run of the program.
  double count(const llvm::BasicBlock &BB) const;
  /// Calls of F per run of the program.
  double entryCount(const llvm::Function &F) const;
  /// Code that must stay as it is: no call is added to it.
  bool isHot(const llvm::BasicBlock &BB) const;
  /// Code the profile shows (almost) never runs: what is added there costs
  /// nothing worth counting. Never true without a profile.
  bool isCold(const llvm::BasicBlock &BB) const;
  /// Instructions the program executes per run, estimated: the measure of
  /// a run-time budget.
  double executed() const { return Executed; }
  /// The share of them F executes (its blocks' counts times their
  /// instructions).
  double executedIn(const llvm::Function &F) const;
  bool fromProfile() const { return Profile; }

  /// What the static estimate (without a profile) read of a block: whether
  /// it is reached on the hot share of its loop's iterations or of its
  /// function's calls (Likely), is in a loop of its function (InLoop), and
  /// whether its function is called again and again (Repeated). Hot is
  /// Likely and (InLoop or Repeated). For scoring the estimate
  /// (tools/coalesce-hotness); all false with a profile.
  struct StaticReasons {
    bool Likely = false, InLoop = false, Repeated = false;
    /// Its function is in a cycle of the call graph (itself included).
    bool Recursive = false;
    /// The share of its loop's iterations (outside loops, of its
    /// function's calls) it is reached on: Likely is this against
    /// HotnessOptions::HotSharePerMille.
    float Share = 0;
  };
  StaticReasons reasons(const llvm::BasicBlock &BB) const;

private:
  /// The essay's laws hold (asserted after every estimate).
  bool wellFormed() const;

  struct Block {
    double Count = 0;
    bool Hot = false, Cold = false;
    StaticReasons Why;
  };
  llvm::DenseMap<const llvm::BasicBlock *, Block> Blocks;
  llvm::DenseMap<const llvm::Function *, double> Entries;
  llvm::DenseMap<const llvm::Function *, double> Work;
  double Executed = 0;
  bool Profile = false;
};

/// The run time the whole pipeline may add to the program: a share of the
/// instructions it is estimated to execute, spent by every stage that adds
/// work, across all their rounds.
class RunTimeBudget {
public:
  RunTimeBudget(double Executed, unsigned PerMille)
      : Cap(Executed * PerMille / 1000) {}
  /// A budget that affords anything: for weighing bytes alone, or for
  /// counting what is spent.
  static RunTimeBudget unlimited() {
    return RunTimeBudget(std::numeric_limits<double>::infinity(), 1000);
  }
  /// Whether Added more instructions per run still fit.
  bool affords(double Added) const { return Spent + Added <= Cap; }
  /// Added may be negative: a stage giving back what a choice it undid
  /// had spent. What is spent never falls below nothing.
  void spend(double Added) {
    [[maybe_unused]] double Before = Spent;
    Spent += Added;
    assert(Spent >= -1e-9 * (std::abs(Before) + std::abs(Added)) &&
           "more run time given back than was spent");
  }
  double cap() const { return Cap; }
  double spent() const { return Spent; }

  /// The functions given new calls so far, by name (an outlining stage
  /// charges what a function's first new call costs its register
  /// allocation once, however many calls follow, in any round).
  bool disturbed(llvm::StringRef Function) const {
    return Disturbed.contains(Function);
  }
  void setDisturbed(llvm::StringRef Function, bool Is) {
    if (Is)
      Disturbed.insert(Function);
    else
      Disturbed.erase(Function);
  }

private:
  double Cap;
  double Spent = 0;
  llvm::StringSet<> Disturbed;
};

} // namespace coalesce

#endif
