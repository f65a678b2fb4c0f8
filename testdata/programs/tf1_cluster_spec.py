# modes: tf1
# A cluster of in-process servers (the cookbook's "parallelizing" recipe): tf.train.ClusterSpec
# and tf.train.Server, ops placed on /job:local/task:N, a Session given a server's target. The
# bundled runtime runs the whole graph in this process, which computes what TensorFlow's gRPC
# servers compute.
import tensorflow as tf

spec = tf.train.ClusterSpec({"local": ["localhost:2232", "localhost:2233"], "ps": {3: "localhost:2234"}})
print(spec.jobs, spec.num_tasks("local"), spec.task_indices("ps"), spec.task_address("local", 1))
print(spec.job_tasks("ps"), sorted(spec.as_dict()))
# every task of the cluster a session runs in must have a server (TensorFlow waits for them)
cluster = tf.train.ClusterSpec({"local": ["localhost:2232", "localhost:2233"]})
server0 = tf.train.Server(cluster, job_name="local", task_index=0)
server1 = tf.train.Server(cluster, job_name="local", task_index=1)
print(server0.target, server1.target)
with tf.device("/job:local/task:0"):
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    b = tf.matmul(a, a)
with tf.device("/job:local/task:1"):
    total = tf.add_n([tf.reduce_sum(b), tf.reduce_sum(a)])
with tf.Session(server1.target) as sess:
    print("total", sess.run(total))
try:
    tf.train.Server(cluster, job_name="local")
except ValueError as e:
    print("ValueError:", e)
