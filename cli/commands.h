// Subcommands of the `tfmigrate` binary. Each Add*Command registers its options on
// `app` and returns the function main() runs when that subcommand was chosen; the
// function returns the process exit code (0 clean, 1 findings, 2 usage/input error).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace tfm::cli {

using Command = std::function<int()>;

Command AddCheckCommand(CLI::App& app);
Command AddRulesCommand(CLI::App& app);
Command AddRuleCommand(CLI::App& app);
Command AddRunCommand(CLI::App& app);
Command AddRewriteCommand(CLI::App& app);
Command AddDiffCommand(CLI::App& app);
Command AddServerCommand(CLI::App& app);

// A SavedModel directory, or a file whose content is a graph (not a Python script).
bool IsGraphInput(const std::string& path);

}  // namespace tfm::cli
