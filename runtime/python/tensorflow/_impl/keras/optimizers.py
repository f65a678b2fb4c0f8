"""tf.keras.optimizers (Keras 3): SGD, Adam, RMSprop, Adagrad with a float (kept in a variable),
callable or schedule learning rate, and tf.keras.optimizers.schedules."""
import numpy as np

from .. import array_ops, checkpoint, core, gradients, math_ops, variables
from . import backend, naming
from ..core import convert_to_tensor as _t


class LearningRateSchedule:
    def __call__(self, step):
        raise NotImplementedError


class ExponentialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name=None):
        self.initial_learning_rate, self.decay_steps, self.decay_rate, self.staircase = initial_learning_rate, decay_steps, decay_rate, staircase

    def __call__(self, step):
        p = math_ops.realdiv(array_ops.cast(step, core.float32), _t(float(self.decay_steps)))
        if self.staircase:
            p = math_ops.floor(p)
        return math_ops.multiply(_t(float(self.initial_learning_rate)), math_ops.pow(_t(float(self.decay_rate)), p))


class KerasOptimizer:
    def __init__(self, learning_rate=0.01, name=None, **kw):
        self._learning_rate = learning_rate
        self._iterations = None
        self._slots = {}
        self.name = name or type(self).__name__
        self._lr_var = None
        if not core.inside_function():
            self.iterations   # Keras 3 creates `iterations` with the optimizer
            if isinstance(learning_rate, (int, float, np.floating, np.integer)):
                self._make_lr_variable(float(learning_rate))

    def _make_lr_variable(self, value):
        # Keras 3 keeps a float learning rate in a variable ("sgd/learning_rate"), which
        # code may read, assign or replace
        with core.init_scope():
            self._lr_var = backend.KerasVariable(np.float32(value), (), core.float32, False, "learning_rate",
                                               path=naming.snake_case(self.name) + "/learning_rate")

    _sparse_as_dense = False

    @property
    def iterations(self):
        if self._iterations is None:
            with core.init_scope():
                self._iterations = backend.KerasVariable(np.int64(0), (), core.int64, False, "iteration",
                                                       path=naming.snake_case(self.name) + "/iteration")
            checkpoint.on_new_dependencies()
        return self._iterations

    @property
    def learning_rate(self):
        if self._lr_var is not None:
            return self._lr_var
        return self._current_lr(core.float32)

    @learning_rate.setter
    def learning_rate(self, value):
        if self._lr_var is not None and not callable(value):
            self._lr_var.assign(value)
        else:
            self._learning_rate = value
            self._lr_var = None

    def _current_lr(self, dtype):
        if self._lr_var is not None:
            v = self._lr_var.read_value()
            return v if dtype == core.float32 else array_ops.cast(v, dtype)
        lr = self._learning_rate
        if isinstance(lr, LearningRateSchedule):
            lr = lr(self.iterations.read_value())
        elif callable(lr):
            lr = lr()
        return array_ops.cast(_t(lr), dtype) if isinstance(lr, core.Tensor) else _t(lr, dtype=dtype)

    def _slot(self, v, name, init=0.0):
        key = (id(v), name)
        if key not in self._slots:
            # created by the trace itself when inside tf.function (Keras 3 builds its slots on
            # the first apply_gradients), so that function is traced again, as in TF
            self._slots[key] = variables.Variable(np.full(v.shape.as_list(), init, dtype=v.dtype.as_numpy_dtype),
                                                  trainable=False, name=v.name.split(":")[0] + "_" + name)
            checkpoint.on_new_dependencies()   # a checkpoint read may hold this slot's value
        return self._slots[key]

    @staticmethod
    def _check_kw(kw):
        for k in ("clipnorm", "clipvalue", "global_clipnorm", "weight_decay", "loss_scale_factor",
                  "gradient_accumulation_steps"):
            if kw.get(k) is not None:
                raise NotImplementedError("tfmigrate bundled runtime: Keras optimizer argument %s= is not supported; "
                                          "run with --backend tensorflow" % k)
        if kw.get("use_ema"):
            raise NotImplementedError("tfmigrate bundled runtime: Keras optimizer argument use_ema= is not supported; "
                                      "run with --backend tensorflow")

    def apply_gradients(self, grads_and_vars, name=None, **kw):
        grads_and_vars = list(grads_and_vars)
        # Keras 3 builds the optimizer for the first call's variables and refuses others
        known = getattr(self, "_known_vars", None)
        if known is None and grads_and_vars:
            self._known_vars = {id(v) for _, v in grads_and_vars}
            self._built_vars = [v for _, v in grads_and_vars]
        elif known is not None:
            for _, v in grads_and_vars:
                if id(v) not in known:
                    raise ValueError("Unknown variable: %r. This optimizer can only be called for the variables it was "
                                     "originally built with. When working with a new set of variables, you should "
                                     "recreate a new optimizer instance." % (v,))
        gv = [(g, v) for g, v in grads_and_vars if g is not None]
        if not gv:
            raise ValueError("No gradients provided for any variable.")
        if not self._sparse_as_dense and any(isinstance(g, gradients.IndexedSlices) for g, _ in gv):
            # Keras 3 scatters IndexedSlices into the slots slice by slice (repeated rows and
            # rows absent from the batch then differ from a dense update)
            raise NotImplementedError("tfmigrate bundled runtime: %s with sparse (IndexedSlices) gradients, e.g. "
                                      "from an Embedding, is not supported (Keras 3 updates the slots row by row); "
                                      "run with --backend tensorflow" % type(self).__name__)
        it = self.iterations
        for g, v in gv:
            self._apply(g, v)
        it.assign_add(1)
        return it

    def minimize(self, loss, var_list, tape=None):
        if tape is None:
            with gradients.GradientTape() as tape:
                lv = loss() if callable(loss) else loss
        else:
            lv = loss
        vl = var_list() if callable(var_list) else var_list
        gs = tape.gradient(lv, list(vl))
        return self.apply_gradients(zip(gs, vl))

    def _checkpoint_children(self):
        """Keras 3's: `_iterations`, `_learning_rate`, the variables it was built for and its
        own variables (iterations, learning rate, then the slots)."""
        kids = []
        if self._iterations is not None:
            kids.append(("_iterations", self._iterations))
        if self._lr_var is not None:
            kids.append(("_learning_rate", self._lr_var))
        kids.append(("_trainable_variables", checkpoint.Node(
            self, lambda o: [(str(i), v) for i, v in enumerate(getattr(o, "_built_vars", []))])))
        kids.append(("_variables", checkpoint.Node(self, lambda o: [(str(i), v) for i, v in enumerate(o.variables)])))
        return kids

    # the order Keras 3's build makes the slots in: per variable (Adam: m, v of each in turn) or
    # per slot name (RMSprop: every velocity, then every momentum, then every average gradient)
    _slot_names = ()
    _slots_by_name = False

    def _ordered_slots(self):
        built = {id(v): i for i, v in enumerate(getattr(self, "_built_vars", []))}
        names = {n: i for i, n in enumerate(self._slot_names)}
        keys = list(self._slots)
        if not built or any(k[0] not in built or k[1] not in names for k in keys):
            return list(self._slots.values())   # creation order
        order = (lambda k: (names[k[1]], built[k[0]])) if self._slots_by_name else (lambda k: (built[k[0]], names[k[1]]))
        return [self._slots[k] for k in sorted(keys, key=order)]

    @property
    def variables(self):  # a property in Keras 3 (a method on TF1 optimizers)
        return ([self._iterations] if self._iterations is not None else []) + \
            ([self._lr_var] if self._lr_var is not None else []) + self._ordered_slots()


class SGD(KerasOptimizer):
    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD", **kw):
        self._check_kw(kw)
        super().__init__(learning_rate, name)
        self.momentum, self.nesterov = momentum, nesterov

    @property
    def _sparse_as_dense(self):   # a plain SGD step scatters -lr * g: the same as the dense update
        return not self.momentum

    def _apply(self, g, v):
        lr = self._current_lr(v.dtype)
        if self.momentum:
            m = self._slot(v, "momentum")
            m.assign(math_ops.subtract(math_ops.multiply(m.value(), _t(self.momentum, dtype=v.dtype)), math_ops.multiply(g, lr)))
            if self.nesterov:
                v.assign_add(math_ops.subtract(math_ops.multiply(m.value(), _t(self.momentum, dtype=v.dtype)), math_ops.multiply(g, lr)))
            else:
                v.assign_add(m.value())
        else:
            v.assign_sub(math_ops.multiply(g, lr))


class Adam(KerasOptimizer):
    _slot_names = ("m", "v")

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-07, amsgrad=False, name="Adam", **kw):
        self._check_kw(kw)
        if amsgrad:
            raise NotImplementedError("tfmigrate bundled runtime: Adam(amsgrad=True) is not supported; "
                                      "run with --backend tensorflow")
        super().__init__(learning_rate, name)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def _apply(self, g, v):
        lr = self._current_lr(v.dtype)
        m, s = self._slot(v, "m"), self._slot(v, "v")
        step = array_ops.cast(math_ops.add(self.iterations.read_value(), _t(1, dtype=core.int64)), v.dtype)
        b1, b2 = _t(self.beta_1, dtype=v.dtype), _t(self.beta_2, dtype=v.dtype)
        one = _t(1.0, dtype=v.dtype)
        # Keras 3 computes 1 - beta in Python (double), then casts: float32(0.001), not 1 - float32(0.999)
        m.assign_add(math_ops.multiply(math_ops.subtract(g, m.value()), _t(1.0 - self.beta_1, dtype=v.dtype)))
        s.assign_add(math_ops.multiply(math_ops.subtract(math_ops.square(g), s.value()), _t(1.0 - self.beta_2, dtype=v.dtype)))
        alpha = math_ops.realdiv(math_ops.multiply(lr, math_ops.sqrt(math_ops.subtract(one, math_ops.pow(b2, step)))), math_ops.subtract(one, math_ops.pow(b1, step)))
        v.assign_sub(math_ops.realdiv(math_ops.multiply(m.value(), alpha), math_ops.add(math_ops.sqrt(s.value()), _t(self.epsilon, dtype=v.dtype))))


class RMSprop(KerasOptimizer):
    """Keras 3 RMSprop: velocity = rho v + (1 - rho) g^2; step lr g / sqrt(velocity + eps)
    (centered: minus the squared mean gradient), through a momentum slot when momentum > 0."""

    _slot_names = ("velocity", "momentum", "average_gradient")
    _slots_by_name = True

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-07, centered=False, name="RMSprop", **kw):
        self._check_kw(kw)
        super().__init__(learning_rate, name)
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered

    def _apply(self, g, v):
        lr = self._current_lr(v.dtype)
        vel = self._slot(v, "velocity")
        dt = v.dtype
        vel.assign(math_ops.add(math_ops.multiply(_t(self.rho, dtype=dt), vel.value()),
                           math_ops.multiply(_t(1 - self.rho, dtype=dt), math_ops.square(g))))
        if self.centered:
            avg = self._slot(v, "average_gradient")
            avg.assign(math_ops.add(math_ops.multiply(_t(self.rho, dtype=dt), avg.value()),
                               math_ops.multiply(_t(1 - self.rho, dtype=dt), g)))
            denom = math_ops.add(math_ops.subtract(vel.value(), math_ops.square(avg.value())), _t(self.epsilon, dtype=dt))
        else:
            denom = math_ops.add(vel.value(), _t(self.epsilon, dtype=dt))
        inc = math_ops.realdiv(math_ops.multiply(lr, g), math_ops.sqrt(denom))
        if self.momentum > 0:
            mom = self._slot(v, "momentum")
            mom.assign(math_ops.add(math_ops.multiply(_t(self.momentum, dtype=dt), mom.value()), inc))
            v.assign_sub(mom.value())
        else:
            v.assign_sub(inc)


class Adagrad(KerasOptimizer):
    """Keras 3 Adagrad: accumulator (from initial_accumulator_value) += g^2; step
    lr g / sqrt(accumulator + eps)."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-07, name="Adagrad", **kw):
        self._check_kw(kw)
        super().__init__(learning_rate, name)
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon

    def _apply(self, g, v):
        lr = self._current_lr(v.dtype)
        acc = self._slot(v, "accumulator", init=self.initial_accumulator_value)
        acc.assign_add(math_ops.square(g))
        v.assign_sub(math_ops.realdiv(math_ops.multiply(lr, g), math_ops.sqrt(math_ops.add(acc.value(), _t(self.epsilon, dtype=v.dtype)))))
