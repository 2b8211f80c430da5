//===- plugin/Survive.cpp - Reading bitcode without crashing the host -----===//

#include "plugin/Survive.h"

#include "llvm/Support/CrashRecoveryContext.h"

using namespace llvm;

namespace coalesce {

bool survives(function_ref<void()> Fn, AfterwardsHandlers Then) {
  CrashRecoveryContext::Enable(); // Once: it does nothing when enabled.
  CrashRecoveryContext CRC;
  bool Ok = CRC.RunSafely(Fn);
  if (Then == AfterwardsHandlers::Go)
    CrashRecoveryContext::Disable();
  return Ok;
}

} // namespace coalesce
