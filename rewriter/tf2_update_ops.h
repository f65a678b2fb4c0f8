// `rewrite --level tf2`: the UPDATE_OPS collection of a script whose tf.layers.batch_normalization
// layers the session conversion makes Keras layers. In the compat text:
//
//   update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
//   with tf.control_dependencies(update_ops):
//       train = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss)
//
// TF1's layers put their moving averages' updates in that collection, and each run of
// `train` ran them first. A Keras BatchNormalization called with training=True updates its
// moving statistics itself, in the step that calls it; so the collection statement and the
// `with` line go, the block's statements staying where they were:
//
//   train = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss)
//
// and the session conversion is told that every minimize() of the script ran the updates
// (it then converts a layer that trains only where each run computing it while training
// runs a minimize()).
//
// Only that shape: a script calling tf.compat.v1.layers.batch_normalization whose every
// minimize() (and no apply_gradients) is a statement `NAME = ....minimize(...)` (or
// `self.NAME = ...`) in such a block, the collection read only there (as the block's one argument, or a name bound to it
// alone and read only by such blocks).
#pragma once

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"
#include "rewriter/tf2_text.h"

namespace tfm {

struct UpdateOpsEdits : IdiomEdits {
  bool minimize_runs_updates = false;  // every minimize() ran the collection's updates
};

UpdateOpsEdits PlanUpdateOpsBlocks(const ParsedFile& file, const SemanticModel& m);

}  // namespace tfm
