// `rewrite --level tf2`: a TF1 queue input pipeline over arrays, in the compat text,
//
//   feature, target = tf.compat.v1.train.slice_input_producer([features, targets], num_epochs=3, shuffle=False)
//   x_batch, y_batch = tf.compat.v1.train.batch([feature, target], batch_size=5)
//   ...
//       threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
//
// becomes the tf.data pipeline that yields the same batches in the same order, read by a v1
// one-shot iterator (which the session conversion then makes `iter(dataset)`):
//
//   x_batch_dataset = tf.data.Dataset.from_tensor_slices((features, targets)).repeat(3).batch(5, drop_remainder=True)
//   x_batch_iterator = tf.compat.v1.data.make_one_shot_iterator(x_batch_dataset)
//   x_batch, y_batch = x_batch_iterator.get_next()
//   ...
//       threads = []
//
// The producer's slices in order, num_epochs times (`repeat`), grouped by the batch queue
// across epochs, its last smaller batch dropped unless allow_smaller_final_batch
// (`drop_remainder`); the end of the epochs is tf.errors.OutOfRangeError in both. The
// Coordinator is TF2's tf.train.Coordinator and stays; no thread is started.
//
// Only that shape is rewritten: one producer over a list of names bound to no TensorFlow
// value, `shuffle=False` (a shuffling producer's order is its queue's; no dataset makes
// it), num_epochs a literal or None; one tf.train.batch of the producer's outputs in order,
// batch_size a literal, one thread; the producer's outputs used only there.
#pragma once

#include <string>

#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"
#include "rewriter/tf2_text.h"

namespace tfm {

// `tf`: the module's name of tensorflow.
IdiomEdits PlanQueuePipelines(const ParsedFile& file, const SemanticModel& m, const std::string& tf);

}  // namespace tfm
