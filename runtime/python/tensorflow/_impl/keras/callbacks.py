"""tf.keras.callbacks: Callback, LambdaCallback, EarlyStopping, LearningRateScheduler and the
History fit returns."""
import numpy as np

from . import backend


class History:
    def __init__(self, model, params):
        self.model, self.params = model, params
        self.history, self.epoch = {}, []


class Callback:
    def __init__(self):
        self.model, self.params = None, {}

    def set_model(self, model):
        self.model = model

    def set_params(self, params):
        self.params = params

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        pass

    def on_train_batch_end(self, batch, logs=None):
        pass


class LambdaCallback(Callback):
    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None,
                 on_train_batch_begin=None, on_train_batch_end=None, **kwargs):
        super().__init__()
        if kwargs:
            raise backend.unsupported("LambdaCallback(%s)" % ", ".join(sorted(kwargs)))
        for k, fn in (("on_epoch_begin", on_epoch_begin), ("on_epoch_end", on_epoch_end),
                      ("on_train_begin", on_train_begin), ("on_train_end", on_train_end),
                      ("on_train_batch_begin", on_train_batch_begin), ("on_train_batch_end", on_train_batch_end)):
            if fn is not None:
                setattr(self, k, fn)


class EarlyStopping(Callback):
    """Keras 3 EarlyStopping: stop when `monitor` has not improved (by min_delta) for
    `patience` epochs; optionally restore the best epoch's weights."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto", baseline=None,
                 restore_best_weights=False, start_from_epoch=0):
        super().__init__()
        if verbose:
            raise backend.unsupported("EarlyStopping(verbose=...)")
        self.monitor, self.mode, self.min_delta = monitor, mode if mode in ("auto", "min", "max") else "auto", \
            abs(min_delta)
        self.patience, self.baseline, self.restore_best_weights = patience, baseline, restore_best_weights
        self.start_from_epoch, self.monitor_op = start_from_epoch, None
        self.wait = self.stopped_epoch = 0
        self.best = baseline
        self.best_weights = None

    def _set_monitor_op(self):
        if self.mode == "min":
            self.monitor_op = np.less
        elif self.mode == "max":
            self.monitor_op = np.greater
        else:
            name = self.monitor[4:] if self.monitor.startswith("val_") else self.monitor
            if name == "loss" or name in ("mse", "mae", "mean_squared_error", "mean_absolute_error"):
                self.monitor_op = np.less
            elif "accuracy" in name or name in ("acc",):
                self.monitor_op = np.greater
            else:
                raise ValueError("EarlyStopping callback received monitor=%s, but Keras isn't able to automatically "
                                 "determine whether that metric should be maximized or minimized. Pass "
                                 "`mode='max'` in order to monitor based on the highest metric value, or pass "
                                 "`mode='min'` in order to use the lowest value." % self.monitor)
        if self.monitor_op is np.less:
            self.min_delta *= -1

    def _is_improvement(self, value, reference):
        return True if reference is None else bool(self.monitor_op(value - self.min_delta, reference))

    def on_train_begin(self, logs=None):
        self.wait = self.stopped_epoch = 0
        self.best, self.best_weights, self.best_epoch = None, None, 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        current = (logs or {}).get(self.monitor)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights, self.best_epoch = self.model.get_weights(), epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best, self.best_epoch = current, epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.restore_best_weights and self.best_weights is not None:
            self.model.set_weights(self.best_weights)


class LearningRateScheduler(Callback):
    def __init__(self, schedule, verbose=0):
        super().__init__()
        if verbose:
            raise backend.unsupported("LearningRateScheduler(verbose=...)")
        self.schedule = schedule

    def on_epoch_begin(self, epoch, logs=None):
        opt = self.model.optimizer
        try:
            lr = self.schedule(epoch, float(np.asarray(opt.learning_rate)))
        except TypeError:
            lr = self.schedule(epoch)
        if not isinstance(lr, (float, np.float32, np.float64)):
            raise ValueError("The output of the `schedule` function should be a float. Got: %s" % (lr,))
        opt.learning_rate = lr

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["learning_rate"] = float(np.asarray(self.model.optimizer.learning_rate))
