// Clang LibTooling front end for C++ TensorFlow client code (see cpp_model.h). Built as the
// plugin libtfmigrate_cpp.so, loaded by cpp_loader.cc only when a C++ file is analysed:
// linking Clang and LLVM into the executable cost every command ~20 ms of start-up.
#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/Tooling.h>
#include <fmt/format.h>

#include <filesystem>
#include <regex>

#include "analyzer/cpp/cpp_model.h"

namespace tfm {

// The stub header's text, embedded at build time (cmake/embed_cpp_stub.cmake).
extern const char* const kTfApiStub;

namespace {

namespace fs = std::filesystem;

constexpr const char* kStubRoot = "/tfmigrate-virtual-include";
constexpr const char* kResourceDir = "/usr/lib/llvm-14/lib/clang/14.0.6";

class CallCollector : public clang::RecursiveASTVisitor<CallCollector> {
 public:
  CallCollector(clang::ASTContext& ctx, CppModel* out) : ctx_(ctx), sm_(ctx.getSourceManager()), out_(out) {}

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* e) {
    const clang::CXXMethodDecl* m = e->getMethodDecl();
    const clang::CXXRecordDecl* cls = e->getRecordDecl();
    if (!m || !cls) return true;
    CppCall c;
    c.kind = CppCallKind::kMethod;
    c.qualified_class = cls->getQualifiedNameAsString();
    c.name = m->getNameAsString();
    // The object's static class may derive from the TF class (a user subclass or
    // a std::unique_ptr<Session>); report the class that declares the method.
    if (const auto* parent = llvm::dyn_cast<clang::CXXRecordDecl>(m->getParent()))
      c.qualified_class = parent->getQualifiedNameAsString();
    clang::SourceLocation name_loc = e->getExprLoc();
    Add(std::move(c), e->getSourceRange(), name_loc, e->arguments());
    return true;
  }

  bool VisitCallExpr(clang::CallExpr* e) {
    if (llvm::isa<clang::CXXMemberCallExpr>(e) || llvm::isa<clang::CXXOperatorCallExpr>(e)) return true;
    const clang::FunctionDecl* f = e->getDirectCallee();
    if (!f) return true;
    CppCall c;
    c.kind = CppCallKind::kFunction;
    c.name = f->getQualifiedNameAsString();
    Add(std::move(c), e->getSourceRange(), e->getCallee()->getBeginLoc(), e->arguments());
    return true;
  }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) {
    const clang::CXXConstructorDecl* ctor = e->getConstructor();
    if (!ctor || e->getNumArgs() == 0) return true;  // default construction says nothing
    const clang::CXXRecordDecl* cls = ctor->getParent();
    if (!cls) return true;
    CppCall c;
    c.kind = CppCallKind::kConstruct;
    c.qualified_class = cls->getQualifiedNameAsString();
    c.name = c.qualified_class;
    clang::SourceLocation loc = e->getBeginLoc();
    if (auto* temp = llvm::dyn_cast<clang::CXXTemporaryObjectExpr>(e))
      loc = temp->getTypeSourceInfo()->getTypeLoc().getBeginLoc();
    Add(std::move(c), e->getSourceRange(), loc, e->arguments());
    return true;
  }

 private:
  template <typename Args>
  void Add(CppCall c, clang::SourceRange range, clang::SourceLocation name_loc, Args args) {
    clang::SourceLocation b = sm_.getFileLoc(range.getBegin());
    clang::SourceLocation e = sm_.getFileLoc(range.getEnd());
    if (!sm_.isWrittenInMainFile(b)) return;
    c.begin = sm_.getFileOffset(b);
    c.end = sm_.getFileOffset(e) + 1;
    clang::SourceLocation nl = sm_.getFileLoc(name_loc);
    c.name_begin = sm_.isWrittenInMainFile(nl) ? sm_.getFileOffset(nl) : c.begin;
    for (const clang::Expr* a : args) {
      if (!a) continue;
      // the argument as written, before implicit conversions (GraphDef*, not MessageLite*)
      const clang::Expr* written = a->IgnoreParenImpCasts();
      c.arg_types.push_back(written->getType().getCanonicalType().getUnqualifiedType().getAsString());
      CollectStrings(a, &c.string_args, 0);
    }
    out_->calls.push_back(std::move(c));
  }

  void CollectStrings(const clang::Stmt* s, std::vector<std::string>* out, int depth) {
    if (!s || depth > 64) return;
    if (const auto* lit = llvm::dyn_cast<clang::StringLiteral>(s)) {
      if (lit->getCharByteWidth() == 1) out->push_back(lit->getString().str());
      return;
    }
    for (const clang::Stmt* child : s->children()) CollectStrings(child, out, depth + 1);
  }

  clang::ASTContext& ctx_;
  clang::SourceManager& sm_;
  CppModel* out_;
};

class CollectConsumer : public clang::ASTConsumer {
 public:
  explicit CollectConsumer(CppModel* out) : out_(out) {}
  void HandleTranslationUnit(clang::ASTContext& ctx) override {
    CallCollector v(ctx, out_);
    v.TraverseDecl(ctx.getTranslationUnitDecl());
    out_->parsed = true;
    std::sort(out_->calls.begin(), out_->calls.end(),
              [](const CppCall& a, const CppCall& b) { return a.begin < b.begin; });
  }

 private:
  CppModel* out_;
};

class CollectAction : public clang::ASTFrontendAction {
 public:
  explicit CollectAction(CppModel* out) : out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    // The stub cannot model everything: keep going past errors, print none.
    ci.getDiagnostics().setClient(new clang::IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
    ci.getDiagnostics().setSuppressAllDiagnostics(true);
    ci.getDiagnostics().setErrorLimit(0);
    return std::make_unique<CollectConsumer>(out_);
  }

 private:
  CppModel* out_;
};

bool HeaderExists(const std::string& name, const fs::path& dir) {
  static const char* kSystem[] = {"/usr/include", "/usr/local/include", "/usr/include/c++/12",
                                  "/usr/include/x86_64-linux-gnu", "/usr/include/x86_64-linux-gnu/c++/12"};
  std::error_code ec;
  if (fs::exists(dir / name, ec)) return true;
  for (const char* s : kSystem)
    if (fs::exists(fs::path(s) / name, ec)) return true;
  return fs::exists(fs::path(kResourceDir) / "include" / name, ec);
}

}  // namespace

static Result<CppModel> ParseWithClang(const SourceFile& source) {
  CppModel model;
  fs::path file_dir = fs::path(source.path).parent_path();
  // Every TensorFlow include becomes the stub; any other include that is not on
  // this machine becomes an empty file, so a missing dependency never stops the parse.
  clang::tooling::FileContentMappings virtual_files;
  std::regex include_re(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  size_t pos = 0;
  const std::string& text = source.text;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    std::string line = text.substr(pos, eol - pos);
    std::smatch m;
    if (line.find("include") != std::string::npos && std::regex_search(line, m, include_re)) {
      std::string name = m[1];
      std::string mapped = std::string(kStubRoot) + "/" + name;
      if (name.rfind("tensorflow/", 0) == 0 || name.rfind("third_party/tensorflow/", 0) == 0)
        virtual_files.emplace_back(mapped, kTfApiStub);
      else if (!HeaderExists(name, file_dir))
        virtual_files.emplace_back(mapped, "");
    }
    pos = eol + 1;
  }
  std::vector<std::string> args = {"-std=c++17", "-fsyntax-only", "-w", std::string("-I") + kStubRoot,
                                   std::string("-resource-dir=") + kResourceDir, "-ferror-limit=0"};
  std::string name = source.path.empty() ? "input.cc" : source.path;
  bool ok = clang::tooling::runToolOnCodeWithArgs(std::make_unique<CollectAction>(&model), text, args, name,
                                           "tfmigrate", std::make_shared<clang::PCHContainerOperations>(),
                                           virtual_files);
  if (!model.parsed) {
    return InputError{source.path, fmt::format("{}: the C++ front end could not parse this file{}", source.path,
                                               ok ? "" : " (Clang gave up)")};
  }
  return model;
}

}  // namespace tfm

// The plugin's one entry point (see cpp_loader.cc): a heap-allocated Result the caller owns.
extern "C" __attribute__((visibility("default"))) void* tfm_cpp_analyze_source(const tfm::SourceFile* source) {
  return new tfm::Result<tfm::CppModel>(tfm::ParseWithClang(*source));
}
