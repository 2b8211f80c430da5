//===- plugin/GnuPlugin.cpp - coalesce as a GNU linker plugin -------------===//
//
// ld.gold, ld.bfd and mold load coalesce.so with -plugin and call onload(),
// the entry point of the linker plugin interface (binutils plugin-api.h).
// LLVMgold.so does the same job but cannot load pass plugins; this plugin
// does full LTO through llvm::lto, and the coalesce pipeline runs on the
// merged module before code generation because the LTO backend loads this
// same .so as a pass plugin (lto::Config::PassPlugins): the callback in
// PassPlugin.cpp adds the pipeline at the FullLinkTimeOptimizationLast
// extension point, exactly as under ld.lld --load-pass-plugin.
//
// The flow, one linker callback per stage:
//
//   onload            Read the transfer vector: the linker's services and
//                     facts (output kind and name), then the -plugin-opt=
//                     options (GnuPluginOptions.cpp). Register the hooks.
//   claim_file        Called for inputs (bfd and gold offer every input,
//                     mold only bitcode). Claim the file if it is LLVM
//                     bitcode, keep its bytes, tell the linker its symbols.
//   all_symbols_read  Every symbol is resolved. Ask the linker how
//                     (get_symbols), turn that into lto::SymbolResolution,
//                     run LTO with coalesce, give the objects back to the
//                     linker (add_input_file).
//   cleanup           Remove the temporary objects.
//
// Where the linkers differ: bfd passes the options after the hooks, offers
// no get_symbols_v3 (every file it claims is in the link) and no --wrap
// list; mold negotiates the API version and restarts itself unless the
// plugin takes version 1, and may then call claim_file from several
// threads; gold picks archive members through the archive index and says
// which claimed members it left out (LDPS_NO_SYMS).
//
// Problems reach the user through the linker's message callback, each as an
// error; the last as LDPL_FATAL, which ends the link before it writes any
// output. The temporary objects are removed first.
//
//===----------------------------------------------------------------------===//

#include "plugin/GnuPlugin.h"
#include "plugin/BitcodeCountCheck.h"
#include "plugin/LinkReport.h"
#include "plugin/Survive.h"
#include "plugin/SymbolTableCheck.h"
#include "plugin/ThinCache.h"

#include "core/crossmodule/CrossModule.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/LTO/Config.h"
#include "llvm/LTO/LTO.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstdint>
#include <cstdio>
#include <dlfcn.h>
#include <link.h>
#include <map>
#include <memory>
#include <mutex>
#include <unistd.h>

#ifndef HAVE_STDINT_H
#define HAVE_STDINT_H 1
#endif
#include <plugin-api.h>

using namespace llvm;

extern "C" __attribute__((visibility("default"))) ld_plugin_status
onload(ld_plugin_tv *TV);

namespace coalesce {
namespace gnu {
namespace {

//===-- State ---------------------------------------------------------------//

ld_plugin_status messageBeforeOnload(int Level, const char *Format, ...) {
  // Only used if a linker passed no message callback at all.
  std::fputs("coalesce: the linker gave no message callback\n", stderr);
  return LDPS_ERR;
}

/// What the transfer vector gave: the linker's services and facts.
struct Linker {
  std::string Name = "the linker"; ///< gold, bfd or mold, once known.
  ld_plugin_message Message = messageBeforeOnload;
  ld_plugin_add_symbols AddSymbols = nullptr;
  ld_plugin_get_symbols GetSymbols = nullptr; ///< The newest one offered.
  int GetSymbolsVersion = 0;
  ld_plugin_add_input_file AddInputFile = nullptr;
  ld_plugin_get_wrap_symbols GetWrapSymbols = nullptr;
  ld_plugin_get_api_version GetApiVersion = nullptr;
  bool ClaimHookRegistered = false, AllSymbolsReadHookRegistered = false;
  int OutputKind = LDPO_EXEC;
  std::string OutputName;
};

/// One claimed bitcode file: its bytes, its LLVM view and the symbols the
/// linker was told about (and fills in with resolutions).
struct ClaimedFile {
  void *Handle = nullptr;
  std::string Name; ///< The file, or "archive(member at offset)".
  std::unique_ptr<MemoryBuffer> Buffer;
  std::unique_ptr<lto::InputFile> Input;
  /// Given to LTO (the linker used it), and as a ThinLTO module.
  bool InLink = false, Thin = false;
  std::vector<ld_plugin_symbol> Symbols;
  BumpPtrAllocator Alloc; ///< Owns the names the symbols point to.
  StringSaver Saver{Alloc};
};

/// Facts about one symbol name over every claimed file that mentions it.
struct SymbolFacts {
  /// Every copy may be left out of the dynamic symbol table (linkonce_odr
  /// and unnamed_addr): another module that needs one has its own.
  bool CanOmitFromDynSym = true;
  /// Every copy has default visibility: a shared object may export it.
  bool DefaultVisibility = true;
  /// --wrap=NAME renames references after LTO: NAME and __real_NAME must
  /// not be inlined or otherwise looked through.
  bool LinkerRedefined = false;
  /// NAME and __wrap_NAME are referenced once references are renamed.
  bool UsedAfterWrap = false;
};

struct State {
  Linker L;
  PluginOptions Opts;
  std::string SelfPath; ///< This .so, which the LTO backend loads again.
  std::mutex Mutex;     ///< claim_file may run on several threads (mold).
  std::vector<std::unique_ptr<ClaimedFile>> Files;
  std::map<const void *, size_t> FileIndex; ///< Handle -> position in Files.
  StringMap<SymbolFacts> Facts;
  bool LTODone = false;
  std::mutex TempMutex;
  std::string TempDir;                ///< Created for the generated objects.
  std::vector<std::string> TempFiles; ///< Removed at cleanup.
};

State &state() {
  static State S;
  return S;
}

//===-- Messages ------------------------------------------------------------//

std::string prefixed(const Twine &Msg) {
  std::string S = Msg.str();
  return StringRef(S).starts_with("coalesce: ") ? S : "coalesce: " + S;
}

void say(int Level, const Twine &Msg) {
  state().L.Message(Level, "%s", prefixed(Msg).c_str());
}

void removeTemporaries();

/// Ends the link: says the problems, the last one as LDPL_FATAL. Returns
/// LDPS_ERR for the rare linker whose LDPL_FATAL comes back.
ld_plugin_status failAll(ArrayRef<std::string> Problems) {
  removeTemporaries();
  for (size_t I = 0; I < Problems.size(); ++I)
    say(I + 1 == Problems.size() ? LDPL_FATAL : LDPL_ERROR, Problems[I]);
  return LDPS_ERR;
}

ld_plugin_status fail(const Twine &Problem) {
  return failAll(ArrayRef<std::string>{Problem.str()});
}

/// LLVM's report_fatal_error, through the linker rather than straight to
/// stderr and exit(1).
void fatalErrorHandler(void *, const char *Reason, bool) {
  fail(Twine("LLVM error: ") + Reason);
}

//===-- onload --------------------------------------------------------------//

ld_plugin_status claimFile(const ld_plugin_input_file *File, int *Claimed);
ld_plugin_status allSymbolsRead();
ld_plugin_status cleanup();

/// Where this .so lives: the LTO backend loads it as a pass plugin by path.
std::string selfPath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&::onload), &Info) || !Info.dli_fname)
    return "";
  SmallString<256> Real;
  if (sys::fs::real_path(Info.dli_fname, Real))
    return Info.dli_fname;
  return std::string(Real);
}

/// Whether LLVMgold.so is in the process. gold and bfd offer an input to
/// each plugin in the order they were loaded, and the first claim wins.
bool llvmGoldLoaded() {
  auto Visit = [](dl_phdr_info *Info, size_t, void *) -> int {
    return Info->dlpi_name &&
           sys::path::filename(Info->dlpi_name) == "LLVMgold.so";
  };
  return dl_iterate_phdr(Visit, nullptr) != 0;
}

/// Reads the transfer vector. The options are only collected here: bfd
/// passes them after its other entries, the message callback among them.
ld_plugin_status readTransferVector(ld_plugin_tv *TV,
                                    std::vector<std::string> &Options) {
  Linker &L = state().L;
  for (; TV->tv_tag != LDPT_NULL; ++TV) {
    switch (static_cast<int>(TV->tv_tag)) {
    case LDPT_GOLD_VERSION:
      L.Name = "gold";
      break;
    case LDPT_GNU_LD_VERSION:
      L.Name = "bfd";
      break;
    case LDPT_LINKER_OUTPUT:
      L.OutputKind = TV->tv_u.tv_val;
      break;
    case LDPT_OUTPUT_NAME:
      L.OutputName = TV->tv_u.tv_string;
      break;
    case LDPT_OPTION:
      Options.push_back(TV->tv_u.tv_string);
      break;
    case LDPT_MESSAGE:
      L.Message = TV->tv_u.tv_message;
      break;
    case LDPT_REGISTER_CLAIM_FILE_HOOK:
      if (TV->tv_u.tv_register_claim_file(claimFile) != LDPS_OK)
        return LDPS_ERR;
      L.ClaimHookRegistered = true;
      break;
    case LDPT_REGISTER_ALL_SYMBOLS_READ_HOOK:
      if (TV->tv_u.tv_register_all_symbols_read(allSymbolsRead) != LDPS_OK)
        return LDPS_ERR;
      L.AllSymbolsReadHookRegistered = true;
      break;
    case LDPT_REGISTER_CLEANUP_HOOK:
      if (TV->tv_u.tv_register_cleanup(cleanup) != LDPS_OK)
        return LDPS_ERR;
      break;
    case LDPT_ADD_SYMBOLS:
      if (!L.AddSymbols)
        L.AddSymbols = TV->tv_u.tv_add_symbols;
      break;
    case LDPT_ADD_SYMBOLS_V2:
      L.AddSymbols = TV->tv_u.tv_add_symbols;
      break;
    case LDPT_GET_SYMBOLS:
    case LDPT_GET_SYMBOLS_V2:
    case LDPT_GET_SYMBOLS_V3: {
      int Version = TV->tv_tag == LDPT_GET_SYMBOLS      ? 1
                    : TV->tv_tag == LDPT_GET_SYMBOLS_V2 ? 2
                                                        : 3;
      if (Version > L.GetSymbolsVersion) {
        L.GetSymbols = TV->tv_u.tv_get_symbols;
        L.GetSymbolsVersion = Version;
      }
      break;
    }
    case LDPT_ADD_INPUT_FILE:
      L.AddInputFile = TV->tv_u.tv_add_input_file;
      break;
    case LDPT_GET_WRAP_SYMBOLS:
      L.GetWrapSymbols = TV->tv_u.tv_get_wrap_symbols;
      break;
    case LDPT_GET_API_VERSION:
      L.GetApiVersion = TV->tv_u.tv_get_api_version;
      break;
    default:
      break;
    }
  }
  return LDPS_OK;
}

/// mold asks plugins for their API version; unless the plugin takes version
/// 1 (get_symbols_v3, claim_file safe to call from several threads) it
/// restarts itself to drop unused archive members. This plugin takes 1.
void negotiateApiVersion(Linker &L) {
  if (!L.GetApiVersion)
    return;
  const char *Id = nullptr, *Version = nullptr;
  L.GetApiVersion("coalesce", "0.1", LAPI_V0, LAPI_V1, &Id, &Version);
  // Only the name: mold 1.10 hands back a version string it already freed.
  if (Id && *Id)
    L.Name = Id;
}

/// mold reports a -r link as an executable (LDPO_EXEC), which would let LTO
/// internalize and drop every definition. Its command line says the truth.
bool moldLinksRelocatable() {
  auto Args = MemoryBuffer::getFileAsStream("/proc/self/cmdline");
  if (!Args)
    return false;
  SmallVector<StringRef, 64> Words;
  (*Args)->getBuffer().split(Words, '\0');
  return any_of(Words, [](StringRef W) {
    return W == "-r" || W == "--relocatable" || W == "-relocatable";
  });
}

/// What the plugin cannot work without; returns a problem or "".
std::string checkServices(const Linker &L) {
  const std::pair<bool, const char *> Needs[] = {
      {L.ClaimHookRegistered, "register_claim_file"},
      {L.AllSymbolsReadHookRegistered, "register_all_symbols_read"},
      {L.AddSymbols != nullptr, "add_symbols"},
      {L.GetSymbols != nullptr, "get_symbols"},
      {L.AddInputFile != nullptr, "add_input_file"}};
  for (auto [Offered, Service] : Needs)
    if (!Offered)
      return L.Name + " does not offer " + Service + ", which the plugin needs";
  if (L.OutputKind != LDPO_REL && L.OutputKind != LDPO_EXEC &&
      L.OutputKind != LDPO_DYN && L.OutputKind != LDPO_PIE)
    return "unknown output kind " + std::to_string(L.OutputKind) + " from " +
           L.Name;
  return "";
}

/// The -plugin-opt= options; returns every problem.
std::vector<std::string> readOptions(ArrayRef<std::string> Options,
                                     PluginOptions &Opts) {
  std::vector<std::string> Problems;
  for (const std::string &O : Options) {
    std::string Error = parsePluginOption(O, Opts);
    if (!Error.empty())
      Problems.push_back(Error);
  }
  std::string Error;
  if (Problems.empty() && !applyWordOptions(Opts, Error))
    Problems.push_back(Error);
  return Problems;
}

ld_plugin_status onload(ld_plugin_tv *TV) {
  State &S = state();
  // The linker's services and facts, and the options, which are read once
  // the message callback is known.
  std::vector<std::string> Options;
  if (readTransferVector(TV, Options) != LDPS_OK)
    return fail("could not register the plugin's hooks with " + S.L.Name);
  // mold: take API version 1, or it restarts itself.
  negotiateApiVersion(S.L);
  if (S.L.Name == "mold" && moldLinksRelocatable())
    S.L.OutputKind = LDPO_REL;
  if (std::string Problem = checkServices(S.L); !Problem.empty())
    return fail(Problem);
  if (std::vector<std::string> Problems = readOptions(Options, S.Opts);
      !Problems.empty())
    return failAll(Problems);
  // -flto on the clang link line: LLVMgold.so gets the bitcode first.
  if (llvmGoldLoaded())
    say(LDPL_WARNING,
        "LLVMgold.so is loaded too and claims the bitcode before coalesce "
        "can; coalesce will not run. The clang driver adds LLVMgold.so when "
        "-flto is on the link line: link without -flto");
  // The path the LTO backend loads the pass plugin from.
  S.SelfPath = selfPath();
  if (S.SelfPath.empty())
    return fail("cannot find the path of coalesce.so itself (dladdr)");
  // Code generation for any target the bitcode names; LLVM's fatal errors
  // through the linker.
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmParsers();
  InitializeAllAsmPrinters();
  install_fatal_error_handler(fatalErrorHandler);
  return LDPS_OK;
}

//===-- claim_file ----------------------------------------------------------//

/// Raw bitcode ('BC' 0xC0DE) or the wrapper some producers write around it.
/// Fat objects (ELF with a .llvm.lto section) are left to the linker, which
/// then uses their machine code.
bool isBitcode(const ld_plugin_input_file &File) {
  unsigned char Magic[4];
  if (File.filesize < 4 ||
      pread(File.fd, Magic, sizeof(Magic), File.offset) != sizeof(Magic))
    return false;
  static const unsigned char Raw[] = {'B', 'C', 0xC0, 0xDE};
  static const unsigned char Wrapper[] = {0xDE, 0xC0, 0x17, 0x0B};
  return !memcmp(Magic, Raw, 4) || !memcmp(Magic, Wrapper, 4);
}

/// The name of an input in messages, unique among the inputs: an archive
/// member is named after its archive, its member name (read from the ar
/// header before it, if short) and its offset.
std::string inputName(const ld_plugin_input_file &File) {
  if (File.offset == 0)
    return File.name;
  std::string Member;
  char Header[60];
  if (File.offset >= 60 &&
      pread(File.fd, Header, sizeof(Header), File.offset - 60) == 60 &&
      Header[58] == '`' && Header[59] == '\n') {
    StringRef Field = StringRef(Header, 16).rtrim(' ');
    if (!Field.starts_with("/") && !Field.starts_with("#1/")) {
      Field.consume_back("/");
      Member = Field.str() + " ";
    }
  }
  return (Twine(File.name) + "(" + Member + "at " + Twine(File.offset) + ")")
      .str();
}

/// A file whose bitcode LLVM cannot read: truncated, corrupt, or written by
/// an incompatible LLVM (the last may only show when LTO loads the module).
std::string bitcodeProblem(StringRef Name, Error E) {
  std::string Why = toString(std::move(E));
  if (StringRef(Why).contains("Incompatible epoch"))
    Why += " (written by an incompatible LLVM; this coalesce.so reads the "
           "bitcode of LLVM " LLVM_VERSION_STRING " and older)";
  return (Name + ": cannot read the bitcode: " + Why).str();
}

ld_plugin_symbol pluginSymbol(const lto::InputFile &Input,
                              const lto::InputFile::Symbol &Sym,
                              StringSaver &Saver) {
  ld_plugin_symbol P;
  memset(&P, 0, sizeof(P));
  P.name = const_cast<char *>(Saver.save(Sym.getName()).data());
  P.version = nullptr;
  if (Sym.isUndefined())
    P.def = Sym.isWeak() ? LDPK_WEAKUNDEF : LDPK_UNDEF;
  else if (Sym.isCommon())
    P.def = LDPK_COMMON;
  else
    P.def = Sym.isWeak() ? LDPK_WEAKDEF : LDPK_DEF;
  P.symbol_type = Sym.isExecutable() ? LDST_FUNCTION : LDST_VARIABLE;
  P.section_kind = LDSSK_DEFAULT;
  switch (Sym.getVisibility()) {
  case GlobalValue::DefaultVisibility:
    P.visibility = LDPV_DEFAULT;
    break;
  case GlobalValue::HiddenVisibility:
    P.visibility = LDPV_HIDDEN;
    break;
  case GlobalValue::ProtectedVisibility:
    P.visibility = LDPV_PROTECTED;
    break;
  }
  P.size = Sym.isCommon() ? Sym.getCommonSize() : 0;
  // The comdat key lets the linker keep one copy of a group, among bitcode
  // and native objects alike. A nodeduplicate comdat has no key: every
  // copy stays.
  int Comdat = Sym.getComdatIndex();
  if (Comdat != -1) {
    auto [Key, Kind] = Input.getComdatTable()[Comdat];
    if (Kind != Comdat::NoDeduplicate)
      P.comdat_key = const_cast<char *>(Saver.save(Key).data());
  }
  P.resolution = LDPR_UNKNOWN;
  return P;
}

constexpr const char *ReaderCrashed =
    "cannot read the bitcode: LLVM's reader crashed on it (the file is "
    "damaged)";

ld_plugin_status claimFile(const ld_plugin_input_file *File, int *Claimed) {
  *Claimed = 0;
  // bfd and gold offer every input: objects, shared libraries, linker
  // scripts, archives. Anything that is not bitcode stays theirs.
  if (!isBitcode(*File))
    return LDPS_OK;
  State &S = state();
  std::string Name = inputName(*File);
  if (S.LTODone)
    return fail(Name + ": bitcode offered after link-time optimization ran; "
                       "give it to the linker with the other inputs");

  auto F = std::make_unique<ClaimedFile>();
  F->Handle = File->handle;
  F->Name = Name;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getOpenFileSlice(sys::fs::convertFDToNativeFile(File->fd),
                                     Name, File->filesize, File->offset);
  if (!Buffer)
    return fail(Name + ": cannot read: " + Buffer.getError().message());
  F->Buffer = std::move(*Buffer);
  if (std::string Why = checkSymbolTable(F->Buffer->getMemBufferRef());
      !Why.empty())
    return fail(Name + ": cannot read the bitcode: " + Why);
  // LLVM's reader would allocate by these before reading LTO's modules.
  if (std::string Why = checkBitcodeCounts(F->Buffer->getMemBufferRef());
      !Why.empty())
    return fail(Name + ": cannot read the bitcode: " + Why);
  Expected<std::unique_ptr<lto::InputFile>> Input =
      lto::InputFile::create(F->Buffer->getMemBufferRef());
  if (!Input)
    return fail(bitcodeProblem(Name, Input.takeError()));
  // LTO pairs the table's symbols with the module's when it adds the file.
  std::string Why;
  if (!survives([&] { Why = checkSymbolsMatchModule(**Input); }))
    return fail(Name + ": " + ReaderCrashed);
  if (!Why.empty())
    return fail(Name + ": cannot read the bitcode: " + Why);
  F->Input = std::move(*Input);
  for (const lto::InputFile::Symbol &Sym : F->Input->symbols())
    F->Symbols.push_back(pluginSymbol(*F->Input, Sym, F->Saver));

  std::unique_lock<std::mutex> Lock(S.Mutex);
  for (const lto::InputFile::Symbol &Sym : F->Input->symbols()) {
    SymbolFacts &Facts = S.Facts[Sym.getName()];
    Facts.CanOmitFromDynSym &= Sym.canBeOmittedFromSymbolTable();
    Facts.DefaultVisibility &=
        Sym.getVisibility() == GlobalValue::DefaultVisibility;
  }
  if (!F->Symbols.empty() && S.L.AddSymbols(F->Handle, F->Symbols.size(),
                                            F->Symbols.data()) != LDPS_OK) {
    Lock.unlock();
    return fail(Name + ": " + S.L.Name + " did not take the symbols");
  }
  // A linker that offers the same handle twice keeps its last claim.
  auto [It, New] = S.FileIndex.try_emplace(F->Handle, S.Files.size());
  if (New)
    S.Files.push_back(std::move(F));
  else
    S.Files[It->second] = std::move(F);
  *Claimed = 1;
  return LDPS_OK;
}

//===-- all_symbols_read: resolutions ---------------------------------------//

/// --wrap=NAME (gold; mold offers the call but lists nothing; bfd does not
/// offer it). References to NAME become __wrap_NAME and references to
/// __real_NAME become NAME, after LTO: LTO must not inline NAME or
/// __real_NAME, and must keep NAME and __wrap_NAME.
bool readWrapSymbols(State &S, std::string &Error) {
  if (!S.L.GetWrapSymbols)
    return true;
  uint64_t Count = 0;
  const char **Names = nullptr;
  if (S.L.GetWrapSymbols(&Count, &Names) != LDPS_OK) {
    Error = S.L.Name + " did not give the --wrap list";
    return false;
  }
  for (uint64_t I = 0; Names && I < Count; ++I) {
    StringRef Name = Names[I];
    S.Facts[Name].LinkerRedefined = true;
    S.Facts["__real_" + Name.str()].LinkerRedefined = true;
    S.Facts[Name].UsedAfterWrap = true;
    S.Facts["__wrap_" + Name.str()].UsedAfterWrap = true;
  }
  return true;
}

/// A section named like a C identifier gets __start_/__stop_ symbols from the
/// linker, which native code may use: its contents must stay.
bool isCIdentifier(StringRef S) {
  return !S.empty() && (isAlpha(S[0]) || S[0] == '_') &&
         all_of(S.drop_front(), [](char C) { return C == '_' || isAlnum(C); });
}

/// The linker's resolution of one symbol, in lto's terms.
lto::SymbolResolution resolve(const ld_plugin_symbol &Sym,
                              const lto::InputFile::Symbol &IRSym,
                              const SymbolFacts &Facts, int OutputKind) {
  lto::SymbolResolution R;
  bool Defined = Sym.def != LDPK_UNDEF && Sym.def != LDPK_WEAKUNDEF;
  switch (Sym.resolution) {
  case LDPR_PREVAILING_DEF: // Also referenced from native objects.
    R.Prevailing = Defined;
    R.VisibleToRegularObj = true;
    break;
  case LDPR_PREVAILING_DEF_IRONLY: // Referenced from bitcode only.
    R.Prevailing = Defined;
    break;
  case LDPR_PREVAILING_DEF_IRONLY_EXP: // ... but exported: a shared object
    R.Prevailing = Defined;            // the linker cannot see may use it.
    R.ExportDynamic = true;
    R.VisibleToRegularObj = !Facts.CanOmitFromDynSym;
    break;
  case LDPR_RESOLVED_DYN: // Defined in a shared object.
    R.ExportDynamic = true;
    break;
  default: // Undefined, preempted, or resolved elsewhere in the output.
    break;
  }
  bool Executable = OutputKind == LDPO_EXEC || OutputKind == LDPO_PIE;
  // A shared object exports what it defines with default visibility.
  if (OutputKind == LDPO_DYN && R.Prevailing && Facts.DefaultVisibility)
    R.ExportDynamic = true;
  // -r: the output is linked again; every definition must stay.
  if (OutputKind == LDPO_REL)
    R.VisibleToRegularObj = true;
  if (isCIdentifier(IRSym.getSectionName()) || Facts.UsedAfterWrap)
    R.VisibleToRegularObj = true;
  R.LinkerRedefined = Facts.LinkerRedefined;
  // Nothing outside the output can replace the definition: an executable's
  // own, or one that is not exported.
  R.FinalDefinitionInLinkageUnit = Sym.resolution != LDPR_RESOLVED_DYN &&
                                   Sym.resolution != LDPR_UNDEF &&
                                   Sym.resolution != LDPR_UNKNOWN &&
                                   (Executable || !Facts.DefaultVisibility);
  return R;
}

//===-- all_symbols_read: LTO -----------------------------------------------//

/// Problems met while LTO runs, from any thread.
struct Problems {
  std::mutex Mutex;
  std::vector<std::string> List;
  void add(const Twine &Msg) {
    std::lock_guard<std::mutex> Lock(Mutex);
    List.push_back(prefixed(Msg));
  }
  void add(Error E, const std::string &Context) {
    handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
      add(Context.empty() ? EI.message() : Context + ": " + EI.message());
    });
  }
};

/// LLVM's diagnostics: errors are collected and end the link after LTO;
/// warnings and remarks go to the linker as they come.
void diagnose(Problems &P, const DiagnosticInfo &DI) {
  std::string Text;
  raw_string_ostream OS(Text);
  DiagnosticPrinterRawOStream DP(OS);
  DI.print(DP);
  switch (DI.getSeverity()) {
  case DS_Error:
    P.add(Text);
    break;
  case DS_Warning: {
    std::lock_guard<std::mutex> Lock(P.Mutex);
    say(LDPL_WARNING, Text);
    break;
  }
  case DS_Remark:
  case DS_Note: {
    std::lock_guard<std::mutex> Lock(P.Mutex);
    say(LDPL_INFO, Text);
    break;
  }
  }
}

TargetOptions targetOptions(const State &S) {
  TargetOptions T;
  // Constructors in .init_array, as clang emits them without LTO.
  T.UseInitArray = true;
  // A section per function and per variable, as ld.lld asks of LTO, so
  // --gc-sections works per function; not for -r, whose output would keep
  // them all.
  bool Split = S.L.OutputKind != LDPO_REL;
  T.FunctionSections = S.Opts.FunctionSections.value_or(Split);
  T.DataSections = S.Opts.DataSections.value_or(Split);
  return T;
}

/// Where the object (or assembly) of one LTO task goes.
std::string outputPath(const State &S, unsigned Task) {
  const PluginOptions &O = S.Opts;
  if (O.Output == PluginOptions::Emit::Asm)
    return Task == 0 ? S.L.OutputName
                     : S.L.OutputName + "." + std::to_string(Task);
  if (O.SaveTemps)
    return S.L.OutputName + (Task == 0 ? "" : "." + std::to_string(Task)) +
           ".lto.o";
  return S.TempDir + "/lto." + std::to_string(Task) + ".o";
}

/// emit-llvm: the optimized module (coalesce has run) to the output file;
/// then LTO stops.
bool writeBitcode(const State &S, Problems &P, unsigned Task, const Module &M) {
  std::string Path =
      Task == 0 ? S.L.OutputName : S.L.OutputName + "." + std::to_string(Task);
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC) {
    P.add("cannot write '" + Path + "': " + EC.message());
    return false;
  }
  WriteBitcodeToFile(M, Out.os());
  Out.os().close();
  if (Out.os().has_error()) {
    P.add("cannot write '" + Path + "': " + Out.os().error().message());
    Out.os().clear_error();
  } else {
    Out.keep();
  }
  return false;
}

/// Whether M passes the IR verifier; if not, a problem: What, and why.
bool verified(Problems &P, const Module &M, const char *What) {
  std::string Why;
  raw_string_ostream OS(Why);
  if (!verifyModule(M, &OS))
    return true;
  StringRef First = StringRef(Why).split('\n').first;
  P.add(Twine(What) + ": " + First);
  return false;
}

lto::Config ltoConfig(const State &S, Problems &P) {
  const PluginOptions &O = S.Opts;
  lto::Config C;
  C.CPU = O.CPU;
  C.Options = targetOptions(S);
  if (S.L.OutputKind == LDPO_EXEC)
    C.RelocModel = Reloc::Static;
  else if (S.L.OutputKind == LDPO_REL)
    C.RelocModel = std::nullopt; // As the bitcode says.
  else
    C.RelocModel = Reloc::PIC_;
  C.OptLevel = O.OptLevel;
  C.CGOptLevel = *CodeGenOpt::getLevel(O.OptLevel);
  C.PTO.LoopVectorization = C.PTO.SLPVectorization = O.OptLevel > 1;
  // LTO would verify before and after optimization; the hooks below do it
  // (unless disable-verify), the first while a crash is still the input's.
  C.DisableVerify = true;
  C.OverrideTriple = O.Triple;
  C.DefaultTriple = sys::getDefaultTargetTriple();
  C.DiagHandler = [&P](const DiagnosticInfo &DI) { diagnose(P, DI); };
  // The modules are read, linked and verified: from here a crash is not the
  // input's (survives()).
  C.PreOptModuleHook = [&O, &P](unsigned, const Module &M) {
    bool Ok = O.DisableVerify ||
              verified(P, M, "the linked module is broken (a damaged input?)");
    CrashRecoveryContext::Disable();
    return Ok;
  };
  // The coalesce pipeline: this .so again, as a pass plugin.
  C.PassPlugins.push_back(S.SelfPath);
  C.RemarksFilename = O.RemarksFilename;
  C.RemarksPasses = O.RemarksPasses;
  C.RemarksFormat = O.RemarksFormat;
  C.RemarksWithHotness = O.RemarksWithHotness;
  C.PostOptModuleHook = [&S, &O, &P](unsigned Task, const Module &M) {
    if (!O.DisableVerify &&
        !verified(P, M, "optimization broke the module (a bug: please report "
                        "it with -plugin-opt=save-temps)"))
      return false;
    return O.Output != PluginOptions::Emit::LLVM || writeBitcode(S, P, Task, M);
  };
  if (O.Output == PluginOptions::Emit::Asm) {
    C.CGFileType = CodeGenFileType::AssemblyFile;
    C.Options.MCOptions.AsmVerbose = true;
  }
  return C;
}

/// Adds every claimed file the linker used to LTO with its resolutions.
/// Returns false if LLVM crashed reading one: LTO is then in pieces.
bool addInputs(State &S, lto::LTO &LTO, Problems &P) {
  for (std::unique_ptr<ClaimedFile> &F : S.Files) {
    ld_plugin_status Status =
        S.L.GetSymbols(F->Handle, F->Symbols.size(), F->Symbols.data());
    if (Status == LDPS_NO_SYMS)
      continue; // A claimed archive member the linker did not use.
    if (Status != LDPS_OK) {
      P.add(F->Name + ": " + S.L.Name + " gave no symbol resolutions");
      continue;
    }
    F->InLink = true;
    Expected<BitcodeLTOInfo> Info =
        F->Input->getSingleBitcodeModule().getLTOInfo();
    F->Thin = Info && Info->IsThinLTO;
    if (!Info)
      consumeError(Info.takeError());
    std::vector<lto::SymbolResolution> Res;
    ArrayRef<lto::InputFile::Symbol> IRSyms = F->Input->symbols();
    for (size_t I = 0; I < F->Symbols.size(); ++I)
      Res.push_back(resolve(F->Symbols[I], IRSyms[I],
                            S.Facts.lookup(IRSyms[I].getName()),
                            S.L.OutputKind));
    Error E = Error::success();
    if (!survives([&] { E = LTO.add(std::move(F->Input), Res); })) {
      consumeError(std::move(E));
      P.add(F->Name + ": " + ReaderCrashed);
      return false;
    }
    if (E)
      P.add(bitcodeProblem(F->Name, std::move(E)));
  }
  return true;
}

/// mcpu= and mtriple= name something LLVM knows. (Unchecked, an unknown CPU
/// is only a note on stderr and the code is generated for a generic one.)
bool checkTarget(const State &S, Problems &P) {
  const PluginOptions &O = S.Opts;
  if (O.CPU.empty() && O.Triple.empty())
    return true;
  std::string TripleName = O.Triple;
  if (TripleName.empty() && !S.Files.empty() && S.Files.front()->Input)
    TripleName = S.Files.front()->Input->getTargetTriple().str();
  if (TripleName.empty())
    TripleName = sys::getDefaultTargetTriple();
  Triple TT(TripleName);
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(TT, Error);
  if (!T) {
    P.add("-plugin-opt=mtriple=" + TripleName + ": " + Error);
    return false;
  }
  if (O.CPU.empty())
    return true;
  std::unique_ptr<MCSubtargetInfo> STI(T->createMCSubtargetInfo(TT, O.CPU, ""));
  if (!STI || !STI->isCPUStringValid(O.CPU)) {
    P.add("-plugin-opt=mcpu=" + O.CPU + ": not a CPU LLVM knows for " +
          TripleName);
    return false;
  }
  return true;
}

/// What decides a ThinLTO backend's object and report besides LLVM's cache
/// key: this plugin's own bytes, the plan, and every coalesce and LLVM
/// option, but those that only say where output goes (OptionTable.def's
/// Where: -coalesce-report=, -coalesce-print-merges; the plan's file).
std::string cacheSalt(const State &S, StringRef Plan) {
  SHA1 Hash;
  Hash.update("coalesce thin cache 1");
  // The cross-module plan, which the backends read from a temporary file.
  Hash.update(Plan);
  Hash.update(ArrayRef<uint8_t>{0});
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> Self =
          MemoryBuffer::getFile(S.SelfPath))
    Hash.update((*Self)->getBuffer());
  auto Add = [&](StringRef Word) {
    const OptionInfo *O = findOption(Word.ltrim('-').split('=').first);
    if (O && !O->DecidesOutput)
      return;
    Hash.update(Word);
    Hash.update(ArrayRef<uint8_t>{0});
  };
  for (const std::string &W : S.Opts.CoalesceWords)
    Add(W);
  Add("--");
  for (const std::string &W : S.Opts.LLVMWords)
    Add(W);
  Add("--");
  if (const char *Env = std::getenv("COALESCE_OPTIONS"))
    for (const std::string &W : splitOptionWords(Env))
      Add(W);
  return toHex(Hash.result());
}

/// Merging across modules: with two ThinLTO modules or more, a scan over
/// them all (core/crossmodule) plans which functions equal up to constants
/// in different modules share a body. The plan goes to a file the backends
/// read (-coalesce-cross-module-plan=), and its text to PlanText (the
/// cache's key). Nothing when the user gave a plan or turned it off.
bool planAcrossModules(State &S, Problems &P, std::string &PlanText) {
  HostOptions H;
  std::string Error;
  if (!hostOptions(H, Error)) {
    P.add(Error);
    return false;
  }
  if (!H.CrossModulePlanPath.empty()) {
    // The user's own plan: its text keys the cache all the same.
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> Given =
            MemoryBuffer::getFile(H.CrossModulePlanPath))
      PlanText = (*Given)->getBuffer().str();
    return true;
  }
  if (!H.MergeAcrossModules)
    return true;
  std::vector<ScanInput> Inputs;
  for (const std::unique_ptr<ClaimedFile> &F : S.Files)
    if (F->InLink && F->Thin)
      Inputs.push_back({F->Name, F->Buffer->getMemBufferRef()});
  if (Inputs.size() < 2)
    return true;
  ScanOptions Options = scanOptionsFrom(H);
  Options.Threads = S.Opts.Jobs;
  Options.Guard = [](function_ref<void()> Fn) { return survives(Fn); };
  CrossModulePlan Plan;
  if (!scanModules(Inputs, Options, Plan, Error)) {
    P.add("the scan across modules: " + Error);
    return false;
  }
  if (Plan.Families.empty())
    return true;
  PlanText = Plan.toJSON();
  std::string Path;
  if (S.Opts.SaveTemps) {
    Path = S.L.OutputName + ".coalesce-plan.json";
  } else {
    SmallString<128> Temp;
    if (std::error_code EC =
            sys::fs::createTemporaryFile("coalesce-plan", "json", Temp)) {
      P.add("cannot create a file for the cross-module plan: " +
            EC.message());
      return false;
    }
    Path = std::string(Temp);
    std::lock_guard<std::mutex> Lock(S.TempMutex);
    S.TempFiles.push_back(Path);
  }
  std::error_code EC;
  raw_fd_ostream Out(Path, EC);
  if (!EC) {
    Out << PlanText;
    Out.close();
    EC = Out.error();
  }
  if (EC) {
    P.add("cannot write the cross-module plan '" + Path + "': " +
          EC.message());
    return false;
  }
  if (!parseOptionWords({"coalesce-cross-module-plan=" + Path},
                        "the cross-module scan", Error)) {
    P.add(Error);
    return false;
  }
  return true;
}

/// Runs LTO; returns the objects for the linker, in task order.
std::vector<std::string> runLTO(State &S, Problems &P) {
  const PluginOptions &O = S.Opts;
  // The configuration: target, --wrap list, options, save-temps hooks.
  if (!checkTarget(S, P))
    return {};
  std::string WrapError;
  if (!readWrapSymbols(S, WrapError)) {
    P.add(WrapError);
    return {};
  }
  lto::Config Conf = ltoConfig(S, P);
  if (O.SaveTemps)
    if (Error E = Conf.addSaveTemps(S.L.OutputName + ".",
                                    /*UseInputModulePath=*/false)) {
      P.add(std::move(E),
            "save-temps: cannot write '" + S.L.OutputName + ".*'");
      return {};
    }
  // One LTO for the link: the claimed files with the linker's resolutions.
  lto::ThinBackend Backend =
      lto::createInProcessThinBackend(heavyweight_hardware_concurrency(O.Jobs));
  auto LTOPtr = std::make_unique<lto::LTO>(std::move(Conf), Backend, O.Jobs);
  lto::LTO &LTO = *LTOPtr;
  if (!addInputs(S, LTO, P)) {
    (void)LTOPtr.release(); // Torn by the crash: not even destroyed.
    return {};
  }
  if (!P.List.empty())
    return {};

  // The objects go to a temporary directory (save-temps: next to the
  // output; emit-asm: the output).
  if (O.Output == PluginOptions::Emit::Object && !O.SaveTemps) {
    SmallString<128> Dir;
    if (std::error_code EC =
            sys::fs::createUniqueDirectory("coalesce-lto", Dir)) {
      P.add("cannot create a temporary directory for the generated objects: " +
            EC.message());
      return {};
    }
    S.TempDir = std::string(Dir);
  }

  // Functions equal up to constants in different modules: the plan every
  // backend gets.
  std::string PlanText;
  if (!planAcrossModules(S, P, PlanText))
    return {};

  std::map<unsigned, std::string> Outputs; // Guarded by S.TempMutex.
  auto AddStream =
      [&](unsigned Task,
          const Twine &) -> Expected<std::unique_ptr<CachedFileStream>> {
    std::string Path = outputPath(S, Task);
    int FD;
    if (std::error_code EC =
            sys::fs::openFileForWrite(Path, FD, sys::fs::CD_CreateAlways))
      return createStringError(EC,
                               "cannot write '" + Path + "': " + EC.message());
    std::lock_guard<std::mutex> Lock(S.TempMutex);
    Outputs[Task] = Path;
    if (O.Output == PluginOptions::Emit::Object && !O.SaveTemps)
      S.TempFiles.push_back(Path);
    return std::make_unique<CachedFileStream>(
        std::make_unique<raw_fd_ostream>(FD, /*shouldClose=*/true), Path);
  };
  // With cache-dir=, ThinLTO backends whose inputs are unchanged take their
  // objects (and their modules' reports) from the cache instead.
  std::unique_ptr<ThinCache> Cache;
  if (!O.CacheDir.empty()) {
    auto AddBuffer = [&](unsigned Task, const Twine &,
                         std::unique_ptr<MemoryBuffer> MB) {
      Expected<std::unique_ptr<CachedFileStream>> Out = AddStream(Task, "");
      if (!Out) {
        P.add(Out.takeError(), "");
        return;
      }
      *(*Out)->OS << MB->getBuffer();
      cantFail((*Out)->commit());
    };
    HostOptions H;
    std::string HostError;
    if (!hostOptions(H, HostError)) {
      P.add(HostError);
      return {};
    }
    Expected<std::unique_ptr<ThinCache>> Opened =
        ThinCache::open(O.CacheDir, cacheSalt(S, PlanText), H, AddBuffer,
                        AddStream);
    if (!Opened) {
      P.add(Opened.takeError(), "cache-dir=" + O.CacheDir);
      return {};
    }
    Cache = std::move(*Opened);
  }
  // Linking the modules (LLVM reads their bodies now), then optimization
  // (coalesce included) and code generation.
  Error E = Error::success();
  if (!survives([&] {
        E = LTO.run(AddStream, Cache ? Cache->fileCache() : FileCache());
      })) {
    consumeError(std::move(E));
    P.add("cannot read the bitcode: LLVM crashed linking the modules (an "
          "input file is damaged)");
    (void)LTOPtr.release();
  } else if (E) {
    P.add(std::move(E), "");
  }
  // Every ThinLTO backend is done: the reports of those that ran are kept
  // in the cache, and all of them make the link's.
  if (Cache && P.List.empty())
    if (Error CE = Cache->finish(O.CachePolicy))
      P.add(std::move(CE), "cache-dir=" + O.CacheDir);
  std::string ReportError;
  if (!writeLinkReport(ReportError))
    P.add(ReportError);

  std::vector<std::string> Files;
  for (auto &[Task, Path] : Outputs) {
    if (!P.List.empty() && O.Output != PluginOptions::Emit::Object)
      sys::fs::remove(Path); // No partial output.
    Files.push_back(Path);
  }
  return Files;
}

/// emit-llvm and emit-asm wrote the output; the linker must not go on and
/// replace it with a link of nothing. Leave at once, as LLVMgold.so does,
/// and without running static destructors while the linker is mid-link.
[[noreturn]] void finishWithoutLinking() {
  removeTemporaries();
  outs().flush();
  errs().flush();
  std::fflush(nullptr);
  _exit(0);
}

ld_plugin_status allSymbolsRead() {
  State &S = state();
  S.LTODone = true;
  if (S.Files.empty())
    return LDPS_OK;
  // Resolutions, LTO and coalesce, code generation.
  Problems P;
  std::vector<std::string> Objects = runLTO(S, P);
  // The inputs are in the objects now (or nowhere, on a problem).
  S.Files.clear();
  if (!P.List.empty())
    return failAll(P.List);
  // emit-llvm, emit-asm: the output is written.
  if (S.Opts.Output != PluginOptions::Emit::Object)
    finishWithoutLinking();
  // The objects, for the linker to link in place of the bitcode.
  for (const std::string &Path : Objects)
    if (S.L.AddInputFile(Path.c_str()) != LDPS_OK)
      return fail(S.L.Name + " did not take the generated object '" + Path +
                  "'");
  // mold maps and reads an added object at once, and on a later error exits
  // without calling the cleanup hook: its temporaries can go now. gold and
  // bfd read them later.
  if (S.L.Name == "mold")
    removeTemporaries();
  return LDPS_OK;
}

//===-- cleanup -------------------------------------------------------------//

void removeTemporaries() {
  State &S = state();
  std::lock_guard<std::mutex> Lock(S.TempMutex);
  for (const std::string &Path : S.TempFiles)
    sys::fs::remove(Path);
  S.TempFiles.clear();
  if (!S.TempDir.empty())
    sys::fs::remove(S.TempDir);
  S.TempDir.clear();
}

ld_plugin_status cleanup() {
  removeTemporaries();
  return LDPS_OK;
}

} // namespace
} // namespace gnu
} // namespace coalesce

/// The linker plugin's entry point, beside the pass plugin's
/// (llvmGetPassPluginInfo in PassPlugin.cpp).
extern "C" __attribute__((visibility("default"))) ld_plugin_status
onload(ld_plugin_tv *TV) {
  return coalesce::gnu::onload(TV);
}
