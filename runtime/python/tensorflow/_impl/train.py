"""tf.train: the global step, TF1 optimizers (minimize / compute_gradients / apply_gradients),
the TF1 learning-rate schedules (exponential, piecewise constant, polynomial, natural
exp, inverse time and cosine decay: tensors in graphs, callables eagerly)
and the Keras optimizers (SGD, Adam, RMSprop, Adagrad; float, callable or schedule
learning rate)."""
import math

import numpy as np

from . import array_ops, control_flow_ops, core, gradients, init_ops, math_ops, variables
from .core import convert_to_tensor as _t


GLOBAL_STEP = "global_step"


def get_global_step(graph=None):
    g = graph or core.get_default_graph()
    c = g.get_collection(GLOBAL_STEP)
    return c[0] if c else None


def get_or_create_global_step(graph=None):
    g = graph or core.get_default_graph()
    gs = get_global_step(g)
    if gs is None:
        with g.name_scope(None):
            gs = variables.get_variable("global_step", shape=[], dtype=core.int64, initializer=init_ops.zeros_initializer(),
                                        trainable=False, collections=[variables.GLOBAL_VARIABLES, GLOBAL_STEP])
    return gs


def create_global_step(graph=None):
    return get_or_create_global_step(graph)


class Optimizer:
    # gating of gradient computation (TF1's Optimizer.GATE_*); the bundled runtime computes
    # gradients in one pass, so every value gives the same result
    GATE_NONE = 0
    GATE_OP = 1
    GATE_GRAPH = 2

    def __init__(self, use_locking=False, name="Optimizer"):
        self._name = name
        self._slots = {}

    def get_name(self):
        return self._name

    def compute_gradients(self, loss, var_list=None, gate_gradients=1, aggregation_method=None,
                          colocate_gradients_with_ops=False, grad_loss=None):
        if callable(loss):
            with gradients.GradientTape() as tape:
                lv = loss()
            var_list = var_list if var_list is not None else tape.watched_variables()
            gs = tape.gradient(lv, list(var_list))
            return list(zip(gs, var_list))
        if var_list is None:
            var_list = variables.trainable_variables()
        if not var_list:
            raise ValueError("No variables to optimize.")
        gs = gradients.gradients(loss, list(var_list), grad_ys=[grad_loss] if grad_loss is not None else None)
        return list(zip(gs, var_list))

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        gv = [(g, v) for g, v in grads_and_vars if g is not None]
        if not gv:
            raise ValueError("No gradients provided for any variable: %s." % ([str(v.name) for _, v in grads_and_vars],))
        if core.executing_eagerly():
            self._prepare()
            for g, v in gv:
                self._apply(g, v)
            if global_step is not None:
                global_step.assign_add(1)
            return None
        g_ = core.get_default_graph()
        with g_.name_scope(name or self._name):
            self._prepare()
            updates = [self._apply(g, v) for g, v in gv]
            updates = [u for u in updates if u is not None]
            if global_step is None:
                return control_flow_ops.group(*updates, name=name or self._name)
            with g_.control_dependencies([control_flow_ops.group(*updates, name="update")]):
                inc = global_step.assign_add(1, name=name or self._name)
                return inc.op if isinstance(inc, core.Tensor) else inc

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=1, aggregation_method=None,
                 colocate_gradients_with_ops=False, name=None, grad_loss=None):
        gv = self.compute_gradients(loss, var_list=var_list, grad_loss=grad_loss)
        vs = [v for g, v in gv if g is not None]
        if not vs:
            raise ValueError("No gradients provided for any variable, check your graph for ops that do not support "
                             "gradients, between variables %s and loss %s." % ([str(v.name) for _, v in gv], loss))
        return self.apply_gradients(gv, global_step=global_step, name=name)

    def _prepare(self):
        pass

    def _slot(self, v, name, init=0.0):
        key = (id(v), name)
        if key not in self._slots:
            with core.init_scope():
                g = core.get_default_graph() if not core.executing_eagerly() else None
                # TF1 names every slot "<var>/<optimizer name>", uniquified by the graph
                # (w/Adam, w/Adam_1); get_slot finds it by its slot name ("m", "v").
                nm = v.name.split(":")[0] + "/" + self._name
                if g is not None:
                    with g.name_scope(None):
                        s = variables.Variable(array_ops.zeros(v.shape.as_list(), v.dtype) if init == 0.0 else array_ops.fill(v.shape.as_list(), _t(init, dtype=v.dtype)),
                                               trainable=False, name=nm)
                else:
                    s = variables.Variable(np.full(v.shape.as_list(), init, dtype=v.dtype.as_numpy_dtype), trainable=False, name=nm)
            self._slots[key] = s
        return self._slots[key]

    def get_slot(self, var, name):
        return self._slots.get((id(var), name))

    def get_slot_names(self):
        return sorted({name for _, name in self._slots})

    def variables(self):
        return list(self._slots.values())


def _lr(v, dtype):
    if callable(v):
        v = v()
    return array_ops.cast(_t(v), dtype) if not isinstance(v, (int, float)) else _t(v, dtype=dtype)


class GradientDescentOptimizer(Optimizer):
    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(use_locking, name)
        self._lr = learning_rate

    def _apply(self, g, v):
        return v.assign_sub(math_ops.multiply(g, _lr(self._lr, v.dtype)))


class MomentumOptimizer(Optimizer):
    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum", use_nesterov=False):
        super().__init__(use_locking, name)
        self._lr, self._m, self._nesterov = learning_rate, momentum, use_nesterov

    def _apply(self, g, v):
        acc = self._slot(v, "momentum")
        m = _t(self._m, dtype=v.dtype)
        lr = _lr(self._lr, v.dtype)
        new_acc = math_ops.add(math_ops.multiply(acc.value(), m), g)
        a = acc.assign(new_acc)
        a_val = a.value() if isinstance(a, variables.Variable) else a
        step = math_ops.add(math_ops.multiply(g, lr), math_ops.multiply(math_ops.multiply(a_val, m), lr)) if self._nesterov else math_ops.multiply(a_val, lr)
        return v.assign_sub(step)


class AdamOptimizer(Optimizer):
    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, use_locking=False, name="Adam"):
        super().__init__(use_locking, name)
        self._lr, self._b1, self._b2, self._eps = learning_rate, beta1, beta2, epsilon
        self._powers = None

    def variables(self):  # TF1: the slots and the non-slot beta powers
        return super().variables() + (list(self._powers) if self._powers is not None else [])

    def _prepare(self):
        if self._powers is None:
            with core.init_scope():
                g = core.get_default_graph() if not core.executing_eagerly() else None
                if g is not None:
                    with g.name_scope(None):
                        self._powers = (variables.Variable(self._b1, trainable=False, name="beta1_power", dtype=core.float32),
                                        variables.Variable(self._b2, trainable=False, name="beta2_power", dtype=core.float32))
                else:
                    self._powers = (variables.Variable(self._b1, trainable=False, name="beta1_power", dtype=core.float32),
                                    variables.Variable(self._b2, trainable=False, name="beta2_power", dtype=core.float32))
        self._updates_pending = []

    def _apply(self, g, v):
        m = self._slot(v, "m")
        s = self._slot(v, "v")
        b1p, b2p = (array_ops.cast(p.value(), v.dtype) for p in self._powers)
        b1, b2, eps = (_t(x, dtype=v.dtype) for x in (self._b1, self._b2, self._eps))
        one = _t(1.0, dtype=v.dtype)
        # As TF's ApplyAdam kernel rounds: alpha = lr * sqrt(1 - b2^t) / (1 - b1^t), left to right;
        # m += (g - m)(1 - b1); v += (g^2 - v)(1 - b2); var -= m * alpha / (sqrt(v) + eps).
        lr = math_ops.realdiv(math_ops.multiply(_lr(self._lr, v.dtype), math_ops.sqrt(math_ops.subtract(one, b2p))), math_ops.subtract(one, b1p))
        m_t = m.assign(math_ops.add(m.value(), math_ops.multiply(math_ops.subtract(g, m.value()), math_ops.subtract(one, b1))))
        s_t = s.assign(math_ops.add(s.value(), math_ops.multiply(math_ops.subtract(math_ops.square(g), s.value()), math_ops.subtract(one, b2))))
        mv = m_t.value() if isinstance(m_t, variables.Variable) else m_t
        sv = s_t.value() if isinstance(s_t, variables.Variable) else s_t
        return v.assign_sub(math_ops.realdiv(math_ops.multiply(mv, lr), math_ops.add(math_ops.sqrt(sv), eps)))

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        gv = [(g, v) for g, v in grads_and_vars if g is not None]
        if core.executing_eagerly():
            super().apply_gradients(gv, global_step, name)
            self._powers[0].assign(self._powers[0].value() * self._b1)
            self._powers[1].assign(self._powers[1].value() * self._b2)
            return None
        g_ = core.get_default_graph()
        self._prepare()
        with g_.name_scope(name or self._name):
            updates = [self._apply(g, v) for g, v in gv]
            with g_.control_dependencies([u.op if isinstance(u, core.Tensor) else u for u in updates if u is not None]):
                u1 = self._powers[0].assign(math_ops.multiply(self._powers[0].value(), _t(self._b1)))
                u2 = self._powers[1].assign(math_ops.multiply(self._powers[1].value(), _t(self._b2)))
            ups = updates + [u1, u2]
            if global_step is None:
                return control_flow_ops.group(*ups, name=name or self._name)
            with g_.control_dependencies([control_flow_ops.group(*ups, name="update")]):
                return global_step.assign_add(1).op


class RMSPropOptimizer(Optimizer):
    """TF1 ApplyRMSProp / ApplyCenteredRMSProp: ms += (g^2 - ms)(1 - decay); mom = mom*momentum +
    lr*g / sqrt(ms [- mg^2] + eps); var -= mom. Slots in TF's creation order: RMSProp (ones), for
    centered RMSProp_1 (mean gradient), then the momentum."""

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False, centered=False,
                 name="RMSProp"):
        super().__init__(use_locking, name)
        self._lr, self._decay, self._momentum, self._eps, self._centered = learning_rate, decay, momentum, epsilon, centered

    def _apply(self, g, v):
        ms = self._slot(v, "rms", init=1.0)
        mg = self._slot(v, "mg") if self._centered else None
        mom = self._slot(v, "momentum")
        one = _t(1.0, dtype=v.dtype)
        rho, m, eps = (_t(x, dtype=v.dtype) for x in (self._decay, self._momentum, self._eps))
        lr = _lr(self._lr, v.dtype)
        ms_t = ms.assign(math_ops.add(ms.value(), math_ops.multiply(math_ops.subtract(math_ops.square(g), ms.value()), math_ops.subtract(one, rho))))
        ms_v = ms_t.value() if isinstance(ms_t, variables.Variable) else ms_t
        denom = ms_v
        if self._centered:
            mg_t = mg.assign(math_ops.add(mg.value(), math_ops.multiply(math_ops.subtract(g, mg.value()), math_ops.subtract(one, rho))))
            mg_v = mg_t.value() if isinstance(mg_t, variables.Variable) else mg_t
            denom = math_ops.subtract(ms_v, math_ops.square(mg_v))
        mom_t = mom.assign(math_ops.add(math_ops.multiply(mom.value(), m), math_ops.realdiv(math_ops.multiply(g, lr), math_ops.sqrt(math_ops.add(denom, eps)))))
        mom_v = mom_t.value() if isinstance(mom_t, variables.Variable) else mom_t
        return v.assign_sub(mom_v)


class AdagradOptimizer(Optimizer):
    """TF1 ApplyAdagrad: accum += g^2; var -= g * lr * rsqrt(accum). Slot: Adagrad."""

    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False, name="Adagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError("initial_accumulator_value must be positive: %s" % initial_accumulator_value)
        super().__init__(use_locking, name)
        self._lr, self._init = learning_rate, initial_accumulator_value

    def _apply(self, g, v):
        acc = self._slot(v, "accumulator", init=self._init)
        acc_t = acc.assign(math_ops.add(acc.value(), math_ops.square(g)))
        acc_v = acc_t.value() if isinstance(acc_t, variables.Variable) else acc_t
        return v.assign_sub(math_ops.multiply(math_ops.multiply(g, _lr(self._lr, v.dtype)), math_ops.rsqrt(acc_v)))


# ---------------------------------------------------------------------------- learning-rate schedules (TF1)
def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """tf.compat.v1.train.exponential_decay: a tensor in a graph; eagerly, a function
    returning the decayed rate (it reads the step each time)."""
    def decayed():
        lr = _t(learning_rate)
        dtype = lr.dtype
        p = math_ops.realdiv(array_ops.cast(_t(global_step.value() if isinstance(global_step, variables.Variable) else global_step), dtype),
                        array_ops.cast(_t(decay_steps), dtype))
        if staircase:
            p = math_ops.floor(p)
        return math_ops.multiply(lr, math_ops.pow(array_ops.cast(_t(decay_rate), dtype), p))
    if core.executing_eagerly():
        return decayed
    return decayed()


def _schedule(compute):
    """A tensor in a graph; eagerly, a function returning the decayed value (TF1's
    compat.v1 schedules re-read the step on every call)."""
    if core.executing_eagerly():
        return compute
    return compute()


def _step(global_step, dtype):
    s = global_step.value() if isinstance(global_step, variables.Variable) else global_step
    return array_ops.cast(_t(s), dtype)


def _require_step(global_step, what):
    if global_step is None:
        raise ValueError("global_step is required for %s." % what)


def piecewise_constant(x, boundaries, values, name=None):
    if len(boundaries) != len(values) - 1:
        raise ValueError("The length of boundaries should be 1 less than the length of values")

    def compute():
        xs = _t(x.value() if isinstance(x, variables.Variable) else x)
        bs = [_t(b) for b in boundaries]
        bs = [array_ops.cast(b, xs.dtype) if b.dtype != xs.dtype else b for b in bs]
        vs = [_t(v) for v in values]
        r = vs[0]
        for b, v in zip(bs, vs[1:]):
            r = array_ops.where(math_ops.greater(xs, b), v, r)
        return r
    return _schedule(compute)


def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    _require_step(global_step, "polynomial_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        end = array_ops.cast(_t(end_learning_rate), dt)
        pw = array_ops.cast(_t(power), dt)
        step = _step(global_step, dt)
        ds = array_ops.cast(_t(decay_steps), dt)
        if cycle:
            mult = array_ops.where(math_ops.equal(step, _t(0.0, dtype=dt)), _t(1.0, dtype=dt),
                             math_ops.ceil(math_ops.realdiv(step, _t(decay_steps, dtype=dt))))
            ds = math_ops.multiply(ds, mult)
        else:
            step = math_ops.minimum(step, ds)
        p = math_ops.realdiv(step, ds)
        return math_ops.add(math_ops.multiply(math_ops.subtract(lr, end), math_ops.pow(math_ops.subtract(_t(1.0, dtype=dt), p), pw)), end)
    return _schedule(compute)


def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    _require_step(global_step, "natural_exp_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        rate = math_ops.exp(math_ops.negative(_t(decay_rate)))
        p = math_ops.realdiv(_step(global_step, dt), array_ops.cast(_t(decay_steps), dt))
        if staircase:
            p = math_ops.floor(p)
        return math_ops.multiply(lr, math_ops.pow(array_ops.cast(rate, dt), p))
    return _schedule(compute)


def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    _require_step(global_step, "inverse_time_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        p = math_ops.realdiv(_step(global_step, dt), array_ops.cast(_t(decay_steps), dt))
        if staircase:
            p = math_ops.floor(p)
        denom = math_ops.add(array_ops.cast(_t(1), dt), math_ops.multiply(array_ops.cast(_t(decay_rate), dt), p))
        return math_ops.realdiv(lr, denom)
    return _schedule(compute)


def cosine_decay(learning_rate, global_step, decay_steps, alpha=0.0, name=None):
    _require_step(global_step, "cosine_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        ds = array_ops.cast(_t(decay_steps), dt)
        step = math_ops.minimum(_step(global_step, dt), ds)
        frac = math_ops.realdiv(step, ds)
        cosd = math_ops.multiply(_t(0.5, dtype=dt), math_ops.add(_t(1.0, dtype=dt), math_ops.cos(math_ops.multiply(_t(math.pi, dtype=dt), frac))))
        decayed = math_ops.add(math_ops.multiply(_t(1 - alpha, dtype=dt), cosd), _t(alpha, dtype=dt))
        return math_ops.multiply(lr, decayed)
    return _schedule(compute)
