// `rewrite --level tf2` on scripts with several sessions: the shapes where each TF1
// session's state can be given a TF2 form (rewriter/tf2_session.h converts one session).
//
//   std::vector<size_t> parts = tfm::SessionParts(file, model);   // before the conversion
//
// SessionParts: module-level sessions that run, one after another, the part of the graph
// built since the session before (the tutorial shape: "Example 1 ... Example 2 ...").
// Each such part is a program of its own, as between two resets of the default graph:
// nothing it runs reaches an earlier part's tensors or variables, so a new TF1 session
// (a fresh copy of the state) and TF2's module-level objects behave the same. The parts
// are converted one by one.
//
// SessionCopies: module-level sessions used in turn (`sess1 = tf.Session()`,
// `sess2 = tf.Session()`, then runs of either), each initialising the same variables: each
// TF1 session has its own copy of them. The TF2 form is one set of variables per session:
// `W = tf.Variable(10)` becomes `W_sess1 = ...` and `W_sess2 = ...`, each session's runs
// name its own, and the sessions become one (the first), which the conversion then turns
// into functions as usual.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"

namespace tfm {

// Where the script splits into parts, each a count of module-level statements (comments
// included) from the part's first statement to the end of the module: a conversion pass
// edits only its own part and those before it, so the counts hold in every pass. Empty
// when the script has fewer than two such parts, resets the default graph, or opens a
// session in a function.
// `why`, `why_line` (optional): when two sessions one after another are not parts of
// their own, what the later one reaches of the earlier part (and its 1-based line).
std::vector<size_t> SessionParts(const ParsedFile& file, const SemanticModel& m, std::string* why = nullptr,
                                 uint32_t* why_line = nullptr);

// The text with such sessions' variables copied per session and the sessions merged, and
// a note per copied variable in `notes`; empty when the text has no such sessions, or
// they run a graph tensor built before them (built from a variable, it would need a copy
// per session too), or a variable starts from a random or computed value (a copy would
// draw or compute it again), or is used outside those runs. Then, the variables of an
// earlier part a later part's global-initializer run resets (see SessionParts) are
// assigned their initial value again after that run.
std::string SessionCopies(PythonParser& parser, const std::string& text, std::vector<std::string>* notes);

}  // namespace tfm
