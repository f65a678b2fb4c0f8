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
std::vector<size_t> SessionParts(const ParsedFile& file, const SemanticModel& m);

// The text with such sessions' variables copied per session and the sessions merged, and
// a note per copied variable in `notes`; empty when the text has no such sessions, or
// they run anything but their variables' own methods (a tensor computed from a variable
// would need a copy per session too), or a variable starts from a random or computed
// value (a copy would draw or compute it again), or is used outside those runs.
std::string SessionCopies(PythonParser& parser, const std::string& text, std::vector<std::string>* notes);

}  // namespace tfm
