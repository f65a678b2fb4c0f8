"""tf.keras as TF 2.21 ships it (Keras 3), over the bundled kernels, laid out as Keras is:
backend (Keras variables, name scopes, the training flag), naming, initializers,
regularizers, activations, layers/ (the Layer base and the functional API's KerasTensor;
dense and basic layers; convolution and pooling; normalization; recurrent; merging),
losses, metrics, optimizers, callbacks, models (Model, Sequential, Functional with
compile / fit / evaluate / predict / train_on_batch) and utils. The public tf.keras
namespaces are assembled in api.py.

Keras 3 semantics kept here: layer and metric names are uniquified per prefix for the whole
program ("dense", "dense_1", ...); a weight is a KerasVariable wrapping a tf.Variable, not
itself a tf.Variable, whose `path` is its scoped name and whose backing variable is named as
TF names it; layers assigned as attributes are tracked in assignment order; a loss reduces
"sum_over_batch_size"; fit's per-epoch "loss" is the batch-size-weighted mean of the batch
losses (a Mean named "loss"), compile metrics get TF's graph-scope names ("acc/total",
"acc_1/count"); fit and evaluate treat a softmax/sigmoid output as symbolic (its logits feed
the crossentropy, as in Keras's tf.function).

Not reproduced (NotImplementedError naming it, rather than other numbers): Keras's own
seeded random streams (Dropout with training=True, fit(shuffle=True) across several batches;
random initializers do run, but draw other numbers than Keras), Model.summary(), saving,
callbacks other than Callback subclasses / LambdaCallback / EarlyStopping /
LearningRateScheduler, sample/class weights, custom train_step, Adam/momentum on IndexedSlices gradients,
non-float32 layers. Known naming gap: a model first built inside fit or a tf.function gets
graph-uniquified tf.Variable names in TF ("dense_1_1"); here it keeps the eager ones (paths
are unaffected). verbose=1 progress output is not printed."""


