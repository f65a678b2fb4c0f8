#include "runtime/launch/launch.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

namespace tfm::rt {

namespace {
std::string EnvOr(const char* name, const std::string& def) {
  const char* v = std::getenv(name);
  return v && *v ? v : def;
}
}  // namespace

namespace {
// An installed tfmigrate (`cmake --install`) keeps the runtime's Python side, the
// extension included, in PREFIX/share/tfmigrate/python next to PREFIX/bin/tfmigrate;
// a build tree uses the source and build directories compiled in.
const std::string& InstalledPythonDir() {
  static const std::string dir = [] {
    std::error_code ec;
    std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return std::string();
    std::filesystem::path d = exe.parent_path().parent_path() / "share" / "tfmigrate" / "python";
    return std::filesystem::exists(d / "tfmigrate_runner.py", ec) ? d.string() : std::string();
  }();
  return dir;
}
}  // namespace

std::string RuntimePythonDir() {
  const std::string& installed = InstalledPythonDir();
  return EnvOr("TFMIGRATE_RUNTIME_PYDIR", installed.empty() ? TFMIGRATE_RUNTIME_PYDIR : installed);
}
std::string RuntimeExtensionDir() {
  const std::string& installed = InstalledPythonDir();
  return EnvOr("TFMIGRATE_RUNTIME_EXTDIR", installed.empty() ? TFMIGRATE_RUNTIME_EXTDIR : installed);
}
// The interpreter with real TensorFlow: the checkout's .venv (scripts/setup.sh); an
// installed tfmigrate uses the `python3` on PATH (the user's own TensorFlow).
std::string OracleInterpreter() {
  std::filesystem::path venv = std::filesystem::path(TFMIGRATE_RUNTIME_PYDIR).parent_path().parent_path() / ".venv";
  std::string python = (venv / "bin" / "python").string();
  if (!InstalledPythonDir().empty()) python = "python3";
  return EnvOr("TFMIGRATE_ORACLE_PYTHON", python);
}

std::string BundledInterpreter() {
  if (const char* v = std::getenv("TFMIGRATE_PYTHON"); v && *v) return v;
#ifdef TFMIGRATE_RUNTIME_PYTHON
  std::error_code ec;
  if (std::filesystem::exists(TFMIGRATE_RUNTIME_PYTHON, ec)) return TFMIGRATE_RUNTIME_PYTHON;
#endif
  return "python3";
}

LaunchResult LaunchScript(const LaunchOptions& o) {
  LaunchResult r;
  bool tf = o.backend == "tensorflow";
  std::string python = !o.python.empty() ? o.python : tf ? OracleInterpreter() : BundledInterpreter();
  std::string runner = RuntimePythonDir() + "/tfmigrate_runner.py";
  if (!std::filesystem::exists(runner)) {
    r.error = "trace recorder not found: " + runner;
    r.exit_code = 2;
    return r;
  }
  if (tf && python.find('/') != std::string::npos && !std::filesystem::exists(python)) {
    r.error = "no TensorFlow interpreter at " + python + " (run scripts/setup.sh, or set TFMIGRATE_ORACLE_PYTHON)";
    r.exit_code = 2;
    return r;
  }
  std::vector<std::string> argv = {python, runner, "--mode", o.mode, "--backend", o.backend};
  if (!o.trace_path.empty()) {
    argv.push_back("--trace");
    argv.push_back(o.trace_path);
  }
  if (o.deterministic_random) argv.push_back("--deterministic-random");
  argv.push_back(o.script);
  for (const auto& a : o.args) argv.push_back(a);
  // The child's environment and argv are built here, before fork(): between fork and
  // exec the child only makes system calls, so launching from several threads at once
  // (`tfmigrate diff` runs both sides together) is safe. The script sees the user's
  // environment as `python SCRIPT` would, PYTHONPATH included (sibling packages, stubs);
  // the bundled backend puts the facade package in front of it.
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    std::string kv(*e);
    std::string key = kv.substr(0, kv.find('='));
    if ((!tf && key == "PYTHONPATH") || key == "TFMIGRATE_TF_MODE") continue;
    env.push_back(kv);
  }
  if (!tf) {
    const char* old = std::getenv("PYTHONPATH");
    env.push_back("PYTHONPATH=" + RuntimePythonDir() + ":" + RuntimeExtensionDir() +
                  (old && *old ? std::string(":") + old : ""));
    // OpenMP's team size (whole, or following the load on a saturated machine) is the
    // kernels' choice: ConfigureKernelThreads in runtime/kernels/kernel.h.
    // The bundled runtime computes with its own Eigen kernels; numpy only converts and
    // formats. OpenBLAS's worker threads (started with numpy, busy-waiting) only compete
    // with them and with the other side of a `tfmigrate diff`: one thread halves a small
    // diff's wall time on 2 cores. A value the user set is kept.
    if (!std::getenv("OPENBLAS_NUM_THREADS")) env.push_back("OPENBLAS_NUM_THREADS=1");
  }
  env.push_back("TFMIGRATE_TF_MODE=" + o.mode);
  if (!std::getenv("TF_CPP_MIN_LOG_LEVEL")) env.push_back("TF_CPP_MIN_LOG_LEVEL=3");
  if (!std::getenv("PYTHONHASHSEED")) env.push_back("PYTHONHASHSEED=0");
  std::vector<char*> cenv;
  for (auto& kv : env) cenv.push_back(kv.data());
  cenv.push_back(nullptr);
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  rlimit lim{static_cast<rlim_t>(o.memory_mb) << 20, static_cast<rlim_t>(o.memory_mb) << 20};
  bool limit_memory = !tf && o.memory_mb > 0;

  pid_t pid = fork();
  if (pid < 0) {
    r.error = "fork failed";
    r.exit_code = 2;
    return r;
  }
  if (pid == 0) {
    setpgid(0, 0);
    if (!o.output_path.empty()) {
      int fd = open(o.output_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
      }
    }
    if (limit_memory) setrlimit(RLIMIT_AS, &lim);
    execvpe(cargv[0], cargv.data(), cenv.data());
    _exit(127);
  }
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  // The child's exit wakes the wait at once through a pidfd (Linux 5.3+; a 5 ms sleep
  // loop cost 2.5 ms a launch on average); without one, poll with short sleeps. Either
  // way the loop wakes at least every 20 ms for the time limit and for cancellation.
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  auto kill_child = [&] {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    if (pidfd >= 0) close(pidfd);
  };
  while (true) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (o.cancel && o.cancel->load()) {
      kill_child();
      r.exit_code = 2;
      r.error = "cancelled";
      return r;
    }
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (o.timeout_seconds > 0 && elapsed > o.timeout_seconds) {
      kill_child();
      r.timed_out = true;
      r.exit_code = 124;
      if (!o.trace_path.empty()) {
        std::ofstream t(o.trace_path, std::ios::app);
        t << "{\"exit_code\": 124, \"kind\": \"end\", \"status\": \"timeout\"}\n";
      }
      return r;
    }
    int wait_ms = 20;
    if (o.timeout_seconds > 0)
      wait_ms = std::clamp(static_cast<int>((o.timeout_seconds - elapsed) * 1000) + 1, 1, wait_ms);
    if (pidfd >= 0) {
      pollfd p{pidfd, POLLIN, 0};
      poll(&p, 1, wait_ms);
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min(wait_ms, 2)));
    }
  }
  if (pidfd >= 0) close(pidfd);
  if (WIFEXITED(status)) {
    r.exit_code = WEXITSTATUS(status);
    if (r.exit_code == 127) r.error = "could not start " + python;
  } else if (WIFSIGNALED(status)) {
    r.signal = WTERMSIG(status);
    r.exit_code = 128 + r.signal;
    if (!o.trace_path.empty()) {
      std::ofstream t(o.trace_path, std::ios::app);
      t << "{\"exit_code\": " << r.exit_code << ", \"kind\": \"end\", \"status\": \"signal\"}\n";
    }
  }
  return r;
}

}  // namespace tfm::rt
