// Loads the Clang front end (libtfmigrate_cpp.so, built from cpp_frontend.cc) on the first
// C++ file: the executable itself does not link Clang/LLVM, whose dynamic relocation made
// every `tfmigrate` command start ~20 ms slower, C++ input or not.
//
// Where the plugin is looked for: $TFMIGRATE_CPP_PLUGIN, then next to the running
// executable, then the build tree it was compiled in.
#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <vector>

#include "analyzer/cpp/cpp_model.h"

namespace tfm {
namespace {

using AnalyzeFn = void* (*)(const SourceFile*);

struct Plugin {
  AnalyzeFn analyze = nullptr;
  std::string error;
};

const Plugin& LoadPlugin() {
  static Plugin plugin;
  static std::once_flag once;
  std::call_once(once, [] {
    namespace fs = std::filesystem;
    std::vector<std::string> candidates;
    if (const char* env = std::getenv("TFMIGRATE_CPP_PLUGIN"); env && *env) candidates.push_back(env);
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
      candidates.push_back((exe.parent_path() / "libtfmigrate_cpp.so").string());
      // installed: PREFIX/bin/tfmigrate and PREFIX/lib/tfmigrate/libtfmigrate_cpp.so
      candidates.push_back((exe.parent_path().parent_path() / "lib" / "tfmigrate" / "libtfmigrate_cpp.so").string());
    }
    candidates.push_back(TFMIGRATE_CPP_PLUGIN_PATH);
    std::string tried;
    for (const auto& path : candidates) {
      if (!fs::exists(path, ec)) {
        tried += (tried.empty() ? "" : ", ") + path;
        continue;
      }
      void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!handle) {
        plugin.error = std::string("cannot load the C++ front end: ") + dlerror();
        return;
      }
      plugin.analyze = reinterpret_cast<AnalyzeFn>(dlsym(handle, "tfm_cpp_analyze_source"));
      if (!plugin.analyze) plugin.error = "the C++ front end " + path + " lacks tfm_cpp_analyze_source";
      return;
    }
    plugin.error = "the C++ front end (libtfmigrate_cpp.so) is not installed; looked in " + tried;
  });
  return plugin;
}

}  // namespace

bool MentionsTensorflow(const std::string& text) { return text.find("tensorflow") != std::string::npos; }

Result<CppModel> AnalyzeCppSource(const SourceFile& source) {
  const Plugin& p = LoadPlugin();
  if (!p.analyze) return InputError{source.path, source.path + ": " + p.error};
  std::unique_ptr<Result<CppModel>> r(static_cast<Result<CppModel>*>(p.analyze(&source)));
  return std::move(*r);
}

}  // namespace tfm
