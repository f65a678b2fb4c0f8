"""tf.train.Supervisor (TF1) and tf.report_uninitialized_variables.

The Supervisor makes its ops when it is made, as TensorFlow's does (init_op: the global
variables' initializer; local_init_op: the local variables' initializer grouped with the
tables'; ready_op: report_uninitialized_variables(); a Saver when there are global variables
and a logdir), then finalizes the graph. prepare_or_wait_for_session runs, as TensorFlow's
SessionManager does: the saver's latest checkpoint in logdir, else init_op (with
init_feed_dict) and init_fn; ready_for_local_init_op then local_init_op; then ready_op, which
must report nothing. start_queue_runners starts the graph's queue runners with the
Supervisor's Coordinator.

TensorFlow's "standard services" are threads working on a timer (summaries every
save_summaries_secs, checkpoints every save_model_secs, the steps/sec counter): they are not
here; the Supervisor neither writes event files nor saves checkpoints on its own (call
sv.saver.save). Multi-worker sessions (is_chief=False waiting for the chief) are not either."""
import contextlib

from . import array_ops, control_flow_ops, core, math_ops, queues, variables


def report_uninitialized_variables(var_list=None, name="report_uninitialized_variables"):
    """The names (a string vector) of the variables in var_list (all global and local ones)
    that are not initialized."""
    g = core.get_default_graph()
    if var_list is None:
        var_list = variables.global_variables() + g.get_collection(variables.LOCAL_VARIABLES)
    with g.name_scope(name):
        if not var_list:
            return array_ops.constant([], dtype=core.string)
        mask = math_ops.logical_not(array_ops.stack([variables.is_variable_initialized(v) for v in var_list]))
        names = array_ops.constant([v.op.name for v in var_list])
        return array_ops.boolean_mask(names, mask)


class Supervisor:
    USE_DEFAULT = 0

    def __init__(self, graph=None, ready_op=USE_DEFAULT, ready_for_local_init_op=USE_DEFAULT, is_chief=True,
                 init_op=USE_DEFAULT, init_feed_dict=None, local_init_op=USE_DEFAULT, logdir=None,
                 summary_op=USE_DEFAULT, saver=USE_DEFAULT, global_step=USE_DEFAULT, save_summaries_secs=120,
                 save_model_secs=600, recovery_wait_secs=30, stop_grace_secs=120, checkpoint_basename="model.ckpt",
                 session_manager=None, summary_writer=USE_DEFAULT, init_fn=None, local_init_run_options=None):
        if core.executing_eagerly():
            raise RuntimeError("Supervisors are incompatible with eager execution.")
        if not is_chief:
            raise core.UnsupportedSymbolError("tf.train.Supervisor(is_chief=False)")
        if session_manager is not None:
            raise core.UnsupportedSymbolError("tf.train.Supervisor(session_manager=)")
        from . import saver as saver_mod, train
        self._graph = graph = graph or core.get_default_graph()
        U = Supervisor.USE_DEFAULT
        with graph.as_default():
            if ready_op is U:
                ready_op = self._first(graph, "ready_op")
                if ready_op is None:
                    ready_op = report_uninitialized_variables()
                    graph.add_to_collection("ready_op", ready_op)
            self._ready_op = ready_op
            if ready_for_local_init_op is U:
                ready_for_local_init_op = self._first(graph, "ready_for_local_init_op")
            self._ready_for_local_init_op = ready_for_local_init_op
            if init_op is U:
                init_op = self._first(graph, "init_op")
                if init_op is None:
                    init_op = variables.global_variables_initializer()
                    graph.add_to_collection("init_op", init_op)
            self._init_op, self._init_feed_dict, self._init_fn = init_op, init_feed_dict, init_fn
            if local_init_op is U:
                local_init_op = self._first(graph, "local_init_op")
                if local_init_op is None:
                    local_init_op = control_flow_ops.group(variables.local_variables_initializer(),
                                                           control_flow_ops.no_op(name="init_all_tables"))
                    graph.add_to_collection("local_init_op", local_init_op)
            self._local_init_op = local_init_op
            if saver is U:
                saver = self._first(graph, "savers")
                if saver is None and variables.global_variables():
                    saver = saver_mod.Saver()
                    graph.add_to_collection("savers", saver)
            self._saver = saver
            if global_step is U:
                global_step = self._first(graph, "global_step")
                if global_step is None:
                    global_step = train.get_global_step(graph)
            self._global_step = global_step
        self._logdir = logdir
        self._save_path = None if logdir is None else "%s/%s" % (logdir.rstrip("/"), checkpoint_basename)
        self._coord = queues.Coordinator()
        self._started_threads = []
        graph.finalize()

    @staticmethod
    def _first(graph, key):
        items = graph.get_collection(key)
        if len(items) > 1:
            raise RuntimeError("More than one item in the collection %s" % key)
        return items[0] if items else None

    graph = property(lambda self: self._graph)
    is_chief = property(lambda self: True)
    coord = property(lambda self: self._coord)
    init_op = property(lambda self: self._init_op)
    init_feed_dict = property(lambda self: self._init_feed_dict)
    ready_op = property(lambda self: self._ready_op)
    ready_for_local_init_op = property(lambda self: self._ready_for_local_init_op)
    saver = property(lambda self: self._saver)
    global_step = property(lambda self: self._global_step)
    save_path = property(lambda self: self._save_path)
    summary_writer = property(lambda self: None)
    summary_op = property(lambda self: None)

    @staticmethod
    def _ready(op, sess):
        if op is None:
            return True, None
        value = sess.run(op)
        if value is None or getattr(value, "dtype", None) == "int32" or getattr(value, "size", 0) == 0:
            return True, None
        return False, "Variables not initialized: " + ", ".join(
            v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in value)

    def prepare_or_wait_for_session(self, master="", config=None, wait_for_checkpoint=False, max_wait_secs=7200,
                                    start_standard_services=True):
        from . import session, saver as saver_mod
        self._coord.clear_stop()
        sess = session.Session(master, graph=self._graph, config=config)
        restored = False
        if self._saver is not None and self._logdir is not None:
            ckpt = saver_mod.latest_checkpoint(self._logdir)
            if ckpt:
                self._saver.restore(sess, ckpt)
                restored = True
        if not restored:
            if self._init_op is None and not self._init_fn and self._local_init_op is None:
                raise RuntimeError("Model is not initialized and no init_op or init_fn or local_init_op was given")
            if self._init_op is not None:
                sess.run(self._init_op, feed_dict=self._init_feed_dict)
            if self._init_fn:
                self._init_fn(sess)
        ok, msg = True, None
        if self._local_init_op is not None:
            ok, msg = self._ready(self._ready_for_local_init_op, sess)
            if ok:
                sess.run(self._local_init_op)
        if ok:
            ok, msg = self._ready(self._ready_op, sess)
        if not ok:
            raise RuntimeError("Init operations did not make model ready.  Init op: %s, init fn: %s, "
                               "local_init_op: %s, error: %s"
                               % (getattr(self._init_op, "name", None), self._init_fn,
                                  getattr(self._local_init_op, "name", None), msg))
        return sess

    def start_standard_services(self, sess):
        return []

    def start_queue_runners(self, sess, queue_runners=None):
        if queue_runners is None:
            queue_runners = self._graph.get_collection(queues.QUEUE_RUNNERS)
        threads = []
        for qr in queue_runners:
            threads.extend(qr.create_threads(sess, coord=self._coord, daemon=True, start=True))
        self._started_threads.extend(threads)
        return threads

    def loop(self, timer_interval_secs, target, args=None, kwargs=None):
        raise core.UnsupportedSymbolError("tf.train.Supervisor.loop")

    def stop(self, threads=None, close_summary_writer=True, ignore_live_threads=False):
        self._coord.request_stop()
        try:
            self._coord.join(self._started_threads if threads is None else threads,
                             ignore_live_threads=ignore_live_threads)
        finally:
            self._started_threads = []

    def request_stop(self, ex=None):
        self._coord.request_stop(ex)

    def should_stop(self):
        return self._coord.should_stop()

    def stop_on_exception(self):
        return self._coord.stop_on_exception()

    def wait_for_stop(self):
        self._coord.wait_for_stop()

    @contextlib.contextmanager
    def managed_session(self, master="", config=None, start_standard_services=True, close_summary_writer=True):
        sess = None
        try:
            sess = self.prepare_or_wait_for_session(master, config, start_standard_services=start_standard_services)
            yield sess
        except Exception as e:
            self.request_stop(e)
        finally:
            try:
                self.stop(close_summary_writer=close_summary_writer)
            finally:
                if sess is not None:
                    sess.close()
