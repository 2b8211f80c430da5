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
  /// For the passes of the LTO run's backends (GnuPlugin.h).
  BackendInputs Backends;
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

/// Each of E's messages, in order: an Error may hold several (joinErrors),
/// and the linker is told each as a message of its own.
std::vector<std::string> messages(Error E) {
  std::vector<std::string> Out;
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
    Out.push_back(EI.message());
  });
  return Out;
}

/// E with "Context: " before each of its messages.
Error inContext(const Twine &Context, Error E) {
  Error Out = Error::success();
  for (const std::string &M : messages(std::move(E)))
    Out = joinErrors(std::move(Out), createStringError(Context + ": " + M));
  return Out;
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

/// Ends the link with E's problems (the hooks' way out).
ld_plugin_status fail(Error E) { return failAll(messages(std::move(E))); }

/// LLVM's report_fatal_error, through the linker rather than straight to
/// stderr and exit(1).
void fatalErrorHandler(void *, const char *Reason, bool) {
  fail(createStringError(Twine("LLVM error: ") + Reason));
}

//===-- onload --------------------------------------------------------------//

ld_plugin_status claimFile(const ld_plugin_input_file *File, int *Claimed);
ld_plugin_status allSymbolsRead();
ld_plugin_status cleanup();

/// Where this .so lives: the LTO backend loads it as a pass plugin by path.
Expected<std::string> selfPath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&::onload), &Info) || !Info.dli_fname ||
      !*Info.dli_fname)
    return createStringError(
        "cannot find the path of coalesce.so itself (dladdr)");
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
Error readTransferVector(ld_plugin_tv *TV, std::vector<std::string> &Options) {
  Linker &L = state().L;
  auto Unregistered = [&] {
    return createStringError("could not register the plugin's hooks with " +
                             L.Name);
  };
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
        return Unregistered();
      L.ClaimHookRegistered = true;
      break;
    case LDPT_REGISTER_ALL_SYMBOLS_READ_HOOK:
      if (TV->tv_u.tv_register_all_symbols_read(allSymbolsRead) != LDPS_OK)
        return Unregistered();
      L.AllSymbolsReadHookRegistered = true;
      break;
    case LDPT_REGISTER_CLEANUP_HOOK:
      if (TV->tv_u.tv_register_cleanup(cleanup) != LDPS_OK)
        return Unregistered();
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
  return Error::success();
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

/// What the plugin cannot work without: an error naming what is missing.
Error checkServices(const Linker &L) {
  const std::pair<bool, const char *> Needs[] = {
      {L.ClaimHookRegistered, "register_claim_file"},
      {L.AllSymbolsReadHookRegistered, "register_all_symbols_read"},
      {L.AddSymbols != nullptr, "add_symbols"},
      {L.GetSymbols != nullptr, "get_symbols"},
      {L.AddInputFile != nullptr, "add_input_file"}};
  for (auto [Offered, Service] : Needs)
    if (!Offered)
      return createStringError(L.Name + " does not offer " + Service +
                               ", which the plugin needs");
  if (L.OutputKind != LDPO_REL && L.OutputKind != LDPO_EXEC &&
      L.OutputKind != LDPO_DYN && L.OutputKind != LDPO_PIE)
    return createStringError("unknown output kind " + Twine(L.OutputKind) +
                             " from " + L.Name);
  return Error::success();
}

/// The -plugin-opt= options: every one that is wrong, each an error.
Error readOptions(ArrayRef<std::string> Options, PluginOptions &Opts) {
  Error All = Error::success();
  for (const std::string &O : Options)
    All = joinErrors(std::move(All), parsePluginOption(O, Opts));
  if (All)
    return All;
  return applyWordOptions(Opts);
}

/// What onload does: the linker's services and facts, then the options,
/// which are read once the message callback is known.
Error load(ld_plugin_tv *TV) {
  State &S = state();
  std::vector<std::string> Options;
  if (Error E = readTransferVector(TV, Options))
    return E;
  // mold: take API version 1, or it restarts itself.
  negotiateApiVersion(S.L);
  if (S.L.Name == "mold" && moldLinksRelocatable())
    S.L.OutputKind = LDPO_REL;
  if (Error E = checkServices(S.L))
    return E;
  if (Error E = readOptions(Options, S.Opts))
    return E;
  // -flto on the clang link line: LLVMgold.so gets the bitcode first.
  if (llvmGoldLoaded())
    say(LDPL_WARNING,
        "LLVMgold.so is loaded too and claims the bitcode before coalesce "
        "can; coalesce will not run. The clang driver adds LLVMgold.so when "
        "-flto is on the link line: link without -flto");
  // The path the LTO backend loads the pass plugin from.
  Expected<std::string> Self = selfPath();
  if (!Self)
    return Self.takeError();
  S.SelfPath = std::move(*Self);
  // Code generation for any target the bitcode names; LLVM's fatal errors
  // through the linker.
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmParsers();
  InitializeAllAsmPrinters();
  install_fatal_error_handler(fatalErrorHandler);
  return Error::success();
}

ld_plugin_status onload(ld_plugin_tv *TV) {
  if (Error E = load(TV))
    return fail(std::move(E));
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
/// One error, whatever E holds: all of it is why Name cannot be read.
Error bitcodeError(StringRef Name, Error E) {
  std::string Why = toString(std::move(E));
  if (StringRef(Why).contains("Incompatible epoch"))
    Why += " (written by an incompatible LLVM; this coalesce.so reads the "
           "bitcode of LLVM " LLVM_VERSION_STRING " and older)";
  return createStringError(Name + ": cannot read the bitcode: " + Why);
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

/// Reads a bitcode input the linker offered: its bytes, checked before
/// LLVM reads them (SymbolTableCheck.h, BitcodeCountCheck.h), its LTO view
/// and the symbols to tell the linker.
Expected<std::unique_ptr<ClaimedFile>>
readClaimedFile(const ld_plugin_input_file &File, const std::string &Name) {
  auto F = std::make_unique<ClaimedFile>();
  F->Handle = File.handle;
  F->Name = Name;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getOpenFileSlice(sys::fs::convertFDToNativeFile(File.fd),
                                     Name, File.filesize, File.offset);
  if (!Buffer)
    return createStringError(Name + ": cannot read: " +
                             Buffer.getError().message());
  F->Buffer = std::move(*Buffer);
  auto Unreadable = [&](Error E) {
    return createStringError(Name + ": cannot read the bitcode: " +
                             toString(std::move(E)));
  };
  if (Error E = verifySymbolTable(F->Buffer->getMemBufferRef()))
    return Unreadable(std::move(E));
  // LLVM's reader would allocate by these before reading LTO's modules.
  if (Error E = verifyBitcodeCounts(F->Buffer->getMemBufferRef()))
    return Unreadable(std::move(E));
  Expected<std::unique_ptr<lto::InputFile>> Input =
      lto::InputFile::create(F->Buffer->getMemBufferRef());
  if (!Input)
    return bitcodeError(Name, Input.takeError());
  // LTO pairs the table's symbols with the module's when it adds the file.
  Error Mismatch = Error::success();
  if (!survives([&] { Mismatch = verifySymbolsMatchModule(**Input); })) {
    consumeError(std::move(Mismatch));
    return createStringError(Name + ": " + ReaderCrashed);
  }
  if (Mismatch)
    return Unreadable(std::move(Mismatch));
  F->Input = std::move(*Input);
  for (const lto::InputFile::Symbol &Sym : F->Input->symbols())
    F->Symbols.push_back(pluginSymbol(*F->Input, Sym, F->Saver));
  return F;
}

/// Tells the linker F's symbols and keeps F; claim_file may run on several
/// threads (mold).
Error addClaimedFile(State &S, std::unique_ptr<ClaimedFile> F) {
  std::lock_guard<std::mutex> Lock(S.Mutex);
  for (const lto::InputFile::Symbol &Sym : F->Input->symbols()) {
    SymbolFacts &Facts = S.Facts[Sym.getName()];
    Facts.CanOmitFromDynSym &= Sym.canBeOmittedFromSymbolTable();
    Facts.DefaultVisibility &=
        Sym.getVisibility() == GlobalValue::DefaultVisibility;
  }
  if (!F->Symbols.empty() && S.L.AddSymbols(F->Handle, F->Symbols.size(),
                                            F->Symbols.data()) != LDPS_OK)
    return createStringError(F->Name + ": " + S.L.Name +
                             " did not take the symbols");
  // A linker that offers the same handle twice keeps its last claim.
  auto [It, New] = S.FileIndex.try_emplace(F->Handle, S.Files.size());
  if (New)
    S.Files.push_back(std::move(F));
  else
    S.Files[It->second] = std::move(F);
  return Error::success();
}

ld_plugin_status claimFile(const ld_plugin_input_file *File, int *Claimed) {
  *Claimed = 0;
  // bfd and gold offer every input: objects, shared libraries, linker
  // scripts, archives. Anything that is not bitcode stays theirs.
  if (!isBitcode(*File))
    return LDPS_OK;
  State &S = state();
  std::string Name = inputName(*File);
  if (S.LTODone)
    return fail(createStringError(
        Name + ": bitcode offered after link-time optimization ran; give it "
               "to the linker with the other inputs"));
  Expected<std::unique_ptr<ClaimedFile>> F = readClaimedFile(*File, Name);
  if (!F)
    return fail(F.takeError());
  if (Error E = addClaimedFile(S, std::move(*F)))
    return fail(std::move(E));
  *Claimed = 1;
  return LDPS_OK;
}

//===-- all_symbols_read: resolutions ---------------------------------------//

/// --wrap=NAME (gold; mold offers the call but lists nothing; bfd does not
/// offer it). References to NAME become __wrap_NAME and references to
/// __real_NAME become NAME, after LTO: LTO must not inline NAME or
/// __real_NAME, and must keep NAME and __wrap_NAME.
Error readWrapSymbols(State &S) {
  if (!S.L.GetWrapSymbols)
    return Error::success();
  uint64_t Count = 0;
  const char **Names = nullptr;
  if (S.L.GetWrapSymbols(&Count, &Names) != LDPS_OK)
    return createStringError(S.L.Name + " did not give the --wrap list");
  for (uint64_t I = 0; Names && I < Count; ++I) {
    StringRef Name = Names[I];
    S.Facts[Name].LinkerRedefined = true;
    S.Facts["__real_" + Name.str()].LinkerRedefined = true;
    S.Facts[Name].UsedAfterWrap = true;
    S.Facts["__wrap_" + Name.str()].UsedAfterWrap = true;
  }
  return Error::success();
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

/// Problems met while LTO runs, from any thread: the one place where the
/// errors of one run are gathered, to be said to the linker together (the
/// last one ends the link).
struct Problems {
  std::mutex Mutex;
  std::vector<std::string> List;

  /// Adds each of E's messages; returns whether E was an error.
  bool add(Error E) {
    std::vector<std::string> Messages = messages(std::move(E));
    std::lock_guard<std::mutex> Lock(Mutex);
    for (const std::string &M : Messages)
      List.push_back(prefixed(M));
    return !Messages.empty();
  }
  /// Whether a problem was met. Only read once the threads are done.
  bool any() const { return !List.empty(); }
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
    P.add(createStringError(Text));
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

/// emit-llvm: the optimized module (coalesce has run) to the output file.
Error writeBitcode(const State &S, unsigned Task, const Module &M) {
  std::string Path =
      Task == 0 ? S.L.OutputName : S.L.OutputName + "." + std::to_string(Task);
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError("cannot write '" + Path + "': " + EC.message());
  WriteBitcodeToFile(M, Out.os());
  Out.os().close();
  if (Out.os().has_error()) {
    EC = Out.os().error();
    Out.os().clear_error();
    return createStringError("cannot write '" + Path + "': " + EC.message());
  }
  Out.keep();
  return Error::success();
}

/// M passes the IR verifier, or an error: What, and why.
Error verify(const Module &M, const char *What) {
  std::string Why;
  raw_string_ostream OS(Why);
  if (!verifyModule(M, &OS))
    return Error::success();
  StringRef First = StringRef(Why).split('\n').first;
  return createStringError(Twine(What) + ": " + First);
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
    bool Ok =
        O.DisableVerify ||
        !P.add(verify(M, "the linked module is broken (a damaged input?)"));
    CrashRecoveryContext::Disable();
    return Ok;
  };
  // The coalesce pipeline: this .so again, as a pass plugin.
  C.PassPlugins.push_back(S.SelfPath);
  C.RemarksFilename = O.RemarksFilename;
  C.RemarksPasses = O.RemarksPasses;
  C.RemarksFormat = O.RemarksFormat;
  C.RemarksWithHotness = O.RemarksWithHotness;
  // emit-llvm: LTO stops once the optimized module is written.
  C.PostOptModuleHook = [&S, &O, &P](unsigned Task, const Module &M) {
    if (!O.DisableVerify &&
        P.add(verify(M, "optimization broke the module (a bug: please report "
                        "it with -plugin-opt=save-temps)")))
      return false;
    if (O.Output != PluginOptions::Emit::LLVM)
      return true;
    P.add(writeBitcode(S, Task, M));
    return false;
  };
  if (O.Output == PluginOptions::Emit::Asm) {
    C.CGFileType = CodeGenFileType::AssemblyFile;
    C.Options.MCOptions.AsmVerbose = true;
  }
  return C;
}

/// save-temps: LTO's modules and resolutions next to the output.
Error addSaveTemps(const State &S, lto::Config &Conf) {
  return inContext("save-temps: cannot write '" + S.L.OutputName + ".*'",
                   Conf.addSaveTemps(S.L.OutputName + ".",
                                     /*UseInputModulePath=*/false));
}

/// Adds one claimed file the linker used to LTO with its resolutions. If
/// LLVM crashed reading it, LTO is torn: abandoned (released, never
/// destroyed), and LTO is left null.
Error addInput(State &S, std::unique_ptr<lto::LTO> &LTO, ClaimedFile &F) {
  ld_plugin_status Status =
      S.L.GetSymbols(F.Handle, F.Symbols.size(), F.Symbols.data());
  if (Status == LDPS_NO_SYMS)
    return Error::success(); // A claimed archive member the linker left out.
  if (Status != LDPS_OK)
    return createStringError(F.Name + ": " + S.L.Name +
                             " gave no symbol resolutions");
  F.InLink = true;
  Expected<BitcodeLTOInfo> Info =
      F.Input->getSingleBitcodeModule().getLTOInfo();
  F.Thin = Info && Info->IsThinLTO;
  if (!Info)
    consumeError(Info.takeError());
  std::vector<lto::SymbolResolution> Res;
  ArrayRef<lto::InputFile::Symbol> IRSyms = F.Input->symbols();
  for (size_t I = 0; I < F.Symbols.size(); ++I)
    Res.push_back(resolve(F.Symbols[I], IRSyms[I],
                          S.Facts.lookup(IRSyms[I].getName()),
                          S.L.OutputKind));
  Error E = Error::success();
  if (!survives([&] { E = LTO->add(std::move(F.Input), Res); })) {
    consumeError(std::move(E));
    (void)LTO.release();
    return createStringError(F.Name + ": " + ReaderCrashed);
  }
  if (E)
    return bitcodeError(F.Name, std::move(E));
  return Error::success();
}

/// Adds every claimed file to LTO, each file's problem as it comes (LLVM's
/// diagnostics may come in between); stops at a crash (LTO is then null).
void addInputs(State &S, std::unique_ptr<lto::LTO> &LTO, Problems &P) {
  for (std::unique_ptr<ClaimedFile> &F : S.Files) {
    P.add(addInput(S, LTO, *F));
    if (!LTO)
      return;
  }
}

/// mcpu= and mtriple= name something LLVM knows. (Unchecked, an unknown CPU
/// is only a note on stderr and the code is generated for a generic one.)
Error checkTarget(const State &S) {
  const PluginOptions &O = S.Opts;
  if (O.CPU.empty() && O.Triple.empty())
    return Error::success();
  std::string TripleName = O.Triple;
  if (TripleName.empty() && !S.Files.empty() && S.Files.front()->Input)
    TripleName = S.Files.front()->Input->getTargetTriple().str();
  if (TripleName.empty())
    TripleName = sys::getDefaultTargetTriple();
  Triple TT(TripleName);
  std::string Why;
  const Target *T = TargetRegistry::lookupTarget(TT, Why);
  if (!T)
    return createStringError("-plugin-opt=mtriple=" + TripleName + ": " + Why);
  if (O.CPU.empty())
    return Error::success();
  std::unique_ptr<MCSubtargetInfo> STI(T->createMCSubtargetInfo(TT, O.CPU, ""));
  if (!STI || !STI->isCPUStringValid(O.CPU))
    return createStringError("-plugin-opt=mcpu=" + O.CPU +
                             ": not a CPU LLVM knows for " + TripleName);
  return Error::success();
}

/// The objects go to a temporary directory (save-temps: next to the
/// output; emit-asm, emit-llvm: the output).
Error makeTempDir(State &S) {
  if (S.Opts.Output != PluginOptions::Emit::Object || S.Opts.SaveTemps)
    return Error::success();
  SmallString<128> Dir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("coalesce-lto", Dir))
    return createStringError(
        "cannot create a temporary directory for the generated objects: " +
        EC.message());
  S.TempDir = std::string(Dir);
  return Error::success();
}

/// What decides a ThinLTO backend's object and report besides LLVM's cache
/// key: this plugin's own bytes, the plan, and every coalesce and LLVM
/// option, but those that only say where output goes (OptionTable.def's
/// Where: -coalesce-report=, -coalesce-print-merges; the plan's file).
std::string cacheSalt(const State &S, StringRef Plan) {
  SHA1 Hash;
  Hash.update("coalesce thin cache 1");
  // The cross-module plan the backends carry out.
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

/// The plan the ThinLTO backends carry out across modules.
struct ModulePlan {
  /// Its text: part of the cache's key. Empty for none.
  std::string Text;
  /// What the backends get (BackendInputs); null for none, or for the
  /// user's own plan, whose file the backends read themselves.
  std::shared_ptr<const CrossModulePlan> Plan;
};

/// save-temps: the plan beside the output, for coalesce-backend or a look.
Error keepPlan(const State &S, StringRef Text) {
  std::string Path = S.L.OutputName + ".coalesce-plan.json";
  std::error_code EC;
  raw_fd_ostream Out(Path, EC);
  if (!EC) {
    Out << Text;
    Out.close();
    EC = Out.error();
    Out.clear_error();
  }
  if (EC)
    return createStringError("cannot write the cross-module plan '" + Path +
                             "': " + EC.message());
  return Error::success();
}

/// Merging across modules: with two ThinLTO modules or more, a scan over
/// them all (core/crossmodule) plans which functions equal up to constants
/// in different modules share a body. Nothing when the user gave a plan or
/// turned it off.
Expected<ModulePlan> planAcrossModules(const State &S, const HostOptions &H) {
  ModulePlan Result;
  if (!H.CrossModulePlanPath.empty()) {
    // The user's own plan: its text keys the cache all the same.
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> Given =
            MemoryBuffer::getFile(H.CrossModulePlanPath))
      Result.Text = (*Given)->getBuffer().str();
    return Result;
  }
  if (!H.MergeAcrossModules)
    return Result;
  std::vector<ScanInput> Inputs;
  for (const std::unique_ptr<ClaimedFile> &F : S.Files)
    if (F->InLink && F->Thin)
      Inputs.push_back({F->Name, F->Buffer->getMemBufferRef()});
  if (Inputs.size() < 2)
    return Result;
  ScanOptions Options = scanOptionsFrom(H);
  Options.Threads = S.Opts.Jobs;
  Options.Guard = [](function_ref<void()> Fn) { return survives(Fn); };
  CrossModulePlan Plan;
  std::string Why;
  if (!scanModules(Inputs, Options, Plan, Why))
    return createStringError("the scan across modules: " + Why);
  if (Plan.Families.empty())
    return Result;
  Result.Text = Plan.toJSON();
  // The backends carry out the plan as its text says, the cache's key: read
  // back from it, as coalesce-backend reads a plan's file.
  std::optional<CrossModulePlan> Read =
      CrossModulePlan::fromJSON(Result.Text, Why);
  if (!Read)
    return createStringError("the cross-module plan: " + Why);
  Result.Plan = std::make_shared<const CrossModulePlan>(std::move(*Read));
  if (S.Opts.SaveTemps)
    if (Error E = keepPlan(S, Result.Text))
      return E;
  return Result;
}

/// How LTO writes the object (or assembly) of each task, from any thread:
/// a file, whose path goes to Outputs (guarded by S.TempMutex).
AddStreamFn outputStreams(State &S, std::map<unsigned, std::string> &Outputs) {
  return [&S, &Outputs](unsigned Task, const Twine &)
             -> Expected<std::unique_ptr<CachedFileStream>> {
    std::string Path = outputPath(S, Task);
    int FD;
    if (std::error_code EC =
            sys::fs::openFileForWrite(Path, FD, sys::fs::CD_CreateAlways))
      return createStringError(EC,
                               "cannot write '" + Path + "': " + EC.message());
    std::lock_guard<std::mutex> Lock(S.TempMutex);
    Outputs[Task] = Path;
    if (S.Opts.Output == PluginOptions::Emit::Object && !S.Opts.SaveTemps)
      S.TempFiles.push_back(Path);
    return std::make_unique<CachedFileStream>(
        std::make_unique<raw_fd_ostream>(FD, /*shouldClose=*/true), Path);
  };
}

/// With cache-dir=, ThinLTO backends whose inputs are unchanged take their
/// objects (and their modules' reports) from the cache instead; null
/// without it.
Expected<std::unique_ptr<ThinCache>> openCache(const State &S,
                                               const HostOptions &H,
                                               StringRef PlanText,
                                               AddStreamFn AddStream,
                                               Problems &P) {
  const PluginOptions &O = S.Opts;
  if (O.CacheDir.empty())
    return nullptr;
  auto AddBuffer = [AddStream, &P](unsigned Task, const Twine &,
                                   std::unique_ptr<MemoryBuffer> MB) {
    Expected<std::unique_ptr<CachedFileStream>> Out = AddStream(Task, "");
    if (!Out) {
      P.add(Out.takeError());
      return;
    }
    *(*Out)->OS << MB->getBuffer();
    cantFail((*Out)->commit());
  };
  Expected<std::unique_ptr<ThinCache>> Opened = ThinCache::open(
      O.CacheDir, cacheSalt(S, PlanText), H, AddBuffer, AddStream);
  if (!Opened)
    return inContext("cache-dir=" + O.CacheDir, Opened.takeError());
  return Opened;
}

/// Links the modules (LLVM reads their bodies now), then optimization
/// (coalesce included, the ThinLTO backends with Plan) and code
/// generation. A crash while reading leaves LTO torn: abandoned, and null.
Error runBackends(State &S, std::unique_ptr<lto::LTO> &LTO,
                  std::shared_ptr<const CrossModulePlan> Plan,
                  AddStreamFn AddStream, FileCache Cache) {
  S.Backends.Plan = std::move(Plan);
  Error E = Error::success();
  if (!survives([&] { E = LTO->run(AddStream, Cache); })) {
    consumeError(std::move(E));
    (void)LTO.release();
    return createStringError("cannot read the bitcode: LLVM crashed linking "
                             "the modules (an input file is damaged)");
  }
  // Every backend is done.
  S.Backends.Plan.reset();
  return E;
}

/// Every ThinLTO backend is done: the reports of those that ran are kept
/// in the cache (unless the link failed), and all of them make the link's.
Error finishReports(const State &S, ThinCache *Cache, bool Failed) {
  Error E = Error::success();
  if (Cache && !Failed)
    E = inContext("cache-dir=" + S.Opts.CacheDir,
                  Cache->finish(S.Opts.CachePolicy));
  return joinErrors(std::move(E), writeLinkReport());
}

/// The objects for the linker, in task order. After a problem, emit-llvm
/// and emit-asm leave no partial output.
std::vector<std::string>
outputFiles(const State &S, const std::map<unsigned, std::string> &Outputs,
            bool Failed) {
  std::vector<std::string> Files;
  for (const auto &[Task, Path] : Outputs) {
    if (Failed && S.Opts.Output != PluginOptions::Emit::Object)
      sys::fs::remove(Path);
    Files.push_back(Path);
  }
  return Files;
}

/// Runs LTO; returns the objects for the linker, in task order.
std::vector<std::string> runLTO(State &S, Problems &P) {
  const PluginOptions &O = S.Opts;
  Expected<HostOptions> H = hostOptions();
  if (P.add(H.takeError()))
    return {};
  // The configuration: target, --wrap list, options, save-temps hooks.
  if (P.add(checkTarget(S)) || P.add(readWrapSymbols(S)))
    return {};
  lto::Config Conf = ltoConfig(S, P);
  if (O.SaveTemps && P.add(addSaveTemps(S, Conf)))
    return {};
  // One LTO for the link: the claimed files with the linker's resolutions.
  lto::ThinBackend Backend =
      lto::createInProcessThinBackend(heavyweight_hardware_concurrency(O.Jobs));
  auto LTO = std::make_unique<lto::LTO>(std::move(Conf), Backend, O.Jobs);
  addInputs(S, LTO, P);
  if (!LTO || P.any() || P.add(makeTempDir(S)))
    return {};
  // Functions equal up to constants in different modules: the plan every
  // backend gets.
  Expected<ModulePlan> Plan = planAcrossModules(S, *H);
  if (P.add(Plan.takeError()))
    return {};
  std::map<unsigned, std::string> Outputs; // Guarded by S.TempMutex.
  AddStreamFn AddStream = outputStreams(S, Outputs);
  Expected<std::unique_ptr<ThinCache>> Cache =
      openCache(S, *H, Plan->Text, AddStream, P);
  if (P.add(Cache.takeError()))
    return {};
  P.add(runBackends(S, LTO, Plan->Plan, AddStream,
                    *Cache ? (*Cache)->fileCache() : FileCache()));
  P.add(finishReports(S, Cache->get(), P.any()));
  return outputFiles(S, Outputs, P.any());
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
  if (P.any())
    return failAll(P.List);
  // emit-llvm, emit-asm: the output is written.
  if (S.Opts.Output != PluginOptions::Emit::Object)
    finishWithoutLinking();
  // The objects, for the linker to link in place of the bitcode.
  for (const std::string &Path : Objects)
    if (S.L.AddInputFile(Path.c_str()) != LDPS_OK)
      return fail(createStringError(S.L.Name +
                                    " did not take the generated object '" +
                                    Path + "'"));
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

const BackendInputs &backendInputs() { return state().Backends; }

} // namespace gnu
} // namespace coalesce

/// The linker plugin's entry point, beside the pass plugin's
/// (llvmGetPassPluginInfo in PassPlugin.cpp).
extern "C" __attribute__((visibility("default"))) ld_plugin_status
onload(ld_plugin_tv *TV) {
  return coalesce::gnu::onload(TV);
}
