#include "analyzer/graph/op_registry.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <utility>

namespace tfm::graph {
namespace {

constexpr const char* kOps[] = {
#include "analyzer/graph/tf2_ops.inc"
};

}  // namespace

bool IsTf2Op(std::string_view op) {
  auto it = std::lower_bound(std::begin(kOps), std::end(kOps), op,
                             [](const char* a, std::string_view b) { return std::string_view(a) < b; });
  return it != std::end(kOps) && std::string_view(*it) == op;
}

std::string_view Tf2Version() { return TFM_TF2_VERSION; }

std::string_view RemovedOpHint(std::string_view op) {
  static const std::array<std::pair<std::string_view, std::string_view>, 5> kHints = {{
      {"Rpc", "the RPC ops left core TensorFlow; serve the call outside the graph (gRPC client) or use tf.distribute"},
      {"TryRpc", "the RPC ops left core TensorFlow; serve the call outside the graph (gRPC client) or use tf.distribute"},
      {"SkipGram", "the word2vec kernels were removed; generate skip-grams with tf.keras.preprocessing or tf.data"},
      {"NegTrain", "the word2vec kernels were removed; train embeddings with a Keras model"},
      {"GRUBlockCellGrad", "use tf.keras.layers.GRU"},
  }};
  for (const auto& [k, v] : kHints)
    if (k == op) return v;
  return {};
}

}  // namespace tfm::graph
