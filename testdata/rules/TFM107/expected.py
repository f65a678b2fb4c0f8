import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import ConfigProto, GPUOptions
from tensorflow import OptimizerOptions

config = tf.ConfigProto()  # expect: TFM107
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)  # expect: TFM107
tf.config.threading.set_intra_op_parallelism_threads(4)  # expect: TFM107
tf.config.threading.set_inter_op_parallelism_threads(2)  # expect: TFM107
tf.config.set_soft_device_placement(True)  # expect: TFM107
tf.debugging.set_log_device_placement(False)  # expect: TFM107
config.gpu_options.per_process_gpu_memory_fraction = 0.4  # expect: TFM107
tf.config.optimizer.set_jit(True)  # expect: TFM107
sess = tf.Session(config=config)  # expect: TFM107

gpu_opts = GPUOptions(allow_growth=True, visible_device_list="0")  # expect: TFM107
cfg2 = ConfigProto(gpu_options=gpu_opts, allow_soft_placement=True)  # expect: TFM107
run_opts = tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE)  # expect: TFM107
graph_opts = tf1.GraphOptions(build_cost_model=1)  # expect: TFM107
opt_opts = OptimizerOptions(do_function_inlining=True)  # expect: TFM107


def make_session(threads):
    c = tf1.ConfigProto()  # expect: TFM107
    c.intra_op_parallelism_threads = threads; c.use_per_session_threads = True  # expect: TFM107
    if threads > 8: c.allow_soft_placement = True  # expect: TFM107
    return tf1.Session(config=c)  # expect: TFM107


# Must not fire:
tf.config.threading.set_intra_op_parallelism_threads(4)  # ok: already TF2
gpus = tf.config.list_physical_devices("GPU")  # ok
tf.config.set_soft_device_placement(True)  # ok
plain = tf1.Session()  # ok: no config passed


class Options:
    def __init__(self):
        self.allow_soft_placement = True  # ok: an unrelated attribute of the same name
