// tfmigrate: check, rewrite, run and diff TensorFlow 1.x code on its way to TF2.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>
#include <map>

#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"tfmigrate: find, fix and prove the TensorFlow 1.x -> 2 migration", "tfmigrate"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tfmigrate " TFMIGRATE_VERSION);
  std::map<std::string, tfm::cli::Command> commands;
  commands["check"] = tfm::cli::AddCheckCommand(app);
  commands["rules"] = tfm::cli::AddRulesCommand(app);
  commands["rule"] = tfm::cli::AddRuleCommand(app);
  commands["run"] = tfm::cli::AddRunCommand(app);
  commands["rewrite"] = tfm::cli::AddRewriteCommand(app);
  commands["diff"] = tfm::cli::AddDiffCommand(app);
  commands["server"] = tfm::cli::AddServerCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << e.what() << "\n";
    std::cerr << "Run `tfmigrate --help` for usage.\n";
    return 2;
  }
  for (auto* sub : app.get_subcommands()) {
    auto it = commands.find(sub->get_name());
    if (it != commands.end()) return it->second();
  }
  return 2;
}
