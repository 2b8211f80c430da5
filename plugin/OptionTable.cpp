//===- plugin/OptionTable.cpp - The table of coalesce's options -----------===//

#include "plugin/OptionTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace llvm;

namespace coalesce {

namespace {
constexpr bool Output = true, Where = false;

const OptionInfo Table[] = {
#define COALESCE_OPTION(KIND, ID, NAME, VALUE, FIELD, PARAM, KEY, HELP,       \
                        GUIDE)                                                 \
  {OptionId::ID, OptionKind::KIND, NAME, VALUE, PARAM, KEY, HELP, GUIDE},
#include "plugin/OptionTable.def"
};

// The value of a field as a word gives it, and back.
std::string show(bool V) { return V ? "true" : "false"; }
std::string show(unsigned V) { return std::to_string(V); }
std::string show(const std::string &V) { return V; }
// A Percent field holds the fraction.
std::string showPercent(double V) {
  return std::to_string(unsigned(std::lround(V * 100)));
}

void assign(bool &Slot, StringRef V) {
  Slot = V.empty() || V.equals_insensitive("true") || V == "1";
}
void assign(unsigned &Slot, StringRef V) { V.getAsInteger(10, Slot); }
void assign(std::string &Slot, StringRef V) { Slot = V.str(); }
void assignPercent(double &Slot, StringRef V) {
  unsigned N = 0;
  V.getAsInteger(10, N);
  Slot = fractionOfPercent(N);
}
} // namespace

ArrayRef<OptionInfo> optionTable() { return Table; }

const OptionInfo *findOption(StringRef Name) {
  for (const OptionInfo &O : Table)
    if (O.Name == Name)
      return &O;
  return nullptr;
}

std::string optionValue(const HostOptions &H, const OptionInfo &O) {
  switch (O.Id) {
#define COALESCE_OPTION(KIND, ID, NAME, VALUE, FIELD, ...)                     \
  case OptionId::ID:                                                           \
    return show##KIND(H.FIELD);
#define showFlag show
#define showNumber show
#define showText show
#include "plugin/OptionTable.def"
#undef showFlag
#undef showNumber
#undef showText
  }
  return "";
}

void setOption(HostOptions &H, const OptionInfo &O, StringRef Value) {
  switch (O.Id) {
#define COALESCE_OPTION(KIND, ID, NAME, VALUE, FIELD, ...)                     \
  case OptionId::ID:                                                           \
    assign##KIND(H.FIELD, Value);                                              \
    break;
#define assignFlag assign
#define assignNumber assign
#define assignText assign
#include "plugin/OptionTable.def"
#undef assignFlag
#undef assignNumber
#undef assignText
  }
  deriveOptions(H);
}

double fractionOfPercent(unsigned Percent) {
  return std::min(100u, Percent) / 100.0;
}

void deriveOptions(HostOptions &H) {
  H.Core.Similar.MaxParameters = H.Core.Constants.MaxParameters;
}

Error checkOptionWord(StringRef Word) {
  StringRef Body = Word.ltrim('-');
  auto [Name, Value] = Body.split('=');
  bool HasValue = Body.contains('=');
  auto Fail = [&](const Twine &Why) {
    return createStringError("'" + Word + "'" + Why);
  };
  if (!Name.starts_with("coalesce-"))
    return Fail(" is not a coalesce option (every option starts with "
                "-coalesce-)");
  const OptionInfo *O = findOption(Name);
  if (!O) {
    std::string List;
    for (const OptionInfo &K : Table)
      List += (List.empty() ? "-" : ", -") + K.Name.str();
    return createStringError("unknown option '" + Word + "' (known: " + List +
                             ")");
  }
  switch (O->Kind) {
  case OptionKind::Flag:
    if (HasValue && !is_contained({"true", "false", "1", "0"}, Value.lower()))
      return Fail(": the value must be true or false");
    return Error::success();
  case OptionKind::Number:
  case OptionKind::Percent: {
    unsigned N;
    if (!HasValue || Value.getAsInteger(10, N))
      return Fail(": needs a number, as in -" + Name + "=50");
    return Error::success();
  }
  case OptionKind::Text:
    if (!HasValue || Value.empty())
      return Fail(": needs a value, as in -" + Name + "=FILE");
    return Error::success();
  }
  return Error::success();
}

Error setOptionWord(HostOptions &H, StringRef Word) {
  if (Error E = checkOptionWord(Word))
    return E;
  auto [Name, Value] = Word.ltrim('-').split('=');
  setOption(H, *findOption(Name), Value);
  return Error::success();
}

std::string optionGuideTable() {
  const HostOptions Defaults;
  std::string T = "| option | default | meaning |\n|---|---|---|\n";
  for (const OptionInfo &O : Table) {
    std::string Default = optionValue(Defaults, O);
    if (O.Kind == OptionKind::Flag)
      Default = Default == "true" ? "on" : "off";
    else if (Default.empty())
      Default = "none";
    std::string Form = "-" + O.Name.str();
    if (O.Kind != OptionKind::Flag)
      Form += "=<" + O.Value.str() + ">";
    T += "| `" + Form + "` | " + Default + " | " + O.Guide.str() + " |\n";
  }
  return T;
}

ScanOptions scanOptionsFrom(const HostOptions &H) {
  ScanOptions O;
  O.Constants = H.Core.Constants;
  O.Hotness = H.Core.Hotness;
  // As in a backend: a function other modules call may be called from
  // their loops.
  O.Hotness.CalledFromOtherModules = true;
  O.RunTimeBudgetPerMille = H.Core.RunTimeBudgetPerMille;
  return O;
}

std::vector<std::string> splitOptionWords(StringRef Text) {
  SmallVector<StringRef, 8> Split;
  SplitString(Text, Split);
  return std::vector<std::string>(Split.begin(), Split.end());
}

Expected<std::vector<std::string>> environmentOptionWords() {
  const char *Env = std::getenv("COALESCE_OPTIONS");
  std::vector<std::string> Words = splitOptionWords(Env ? Env : "");
  for (const std::string &W : Words)
    if (!StringRef(W).starts_with("-"))
      return createStringError("COALESCE_OPTIONS: '" + W +
                               "' is not an option (write -" + W + ")");
  return Words;
}

} // namespace coalesce
