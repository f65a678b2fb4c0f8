# modes: tf1 tf2
# The internal modules TF1 programs import directly (the cookbook's `from
# tensorflow.python.framework import ops; ops.reset_default_graph()`, tf-slim's tests):
# the same objects as the public API, the same graph, and errors named by their module.
import tensorflow as tf
from tensorflow.python.client import session
from tensorflow.python.framework import constant_op, dtypes, errors_impl, ops, tensor_shape
from tensorflow.python.ops import array_ops, init_ops, math_ops, nn_ops, variable_scope, variables
from tensorflow.python.training import gradient_descent

tf1 = tf.compat.v1
tf1.disable_eager_execution()
ops.reset_default_graph()
g = ops.get_default_graph()
print(g is tf1.get_default_graph())
print(dtypes.float32 == tf.float32, dtypes.as_dtype("int32").name)
print(tensor_shape.TensorShape([2, None]).as_list())
print(errors_impl.InvalidArgumentError is tf.errors.InvalidArgumentError)
print(errors_impl.InvalidArgumentError.__module__)

a = constant_op.constant([[1.0, 2.0], [3.0, 4.0]])
b = array_ops.reshape(a, [4])
c = math_ops.reduce_sum(nn_ops.relu(b - 2.5))
with variable_scope.variable_scope("lin"):
    w = variable_scope.get_variable("w", [2], initializer=init_ops.Constant(0.5))
loss = math_ops.reduce_sum(math_ops.square(w - 3.0))
train = gradient_descent.GradientDescentOptimizer(0.1).minimize(loss)
print(isinstance(a, tf.Tensor), w.name, ops.convert_to_tensor(1.5).dtype.name)
with session.Session() as sess:
    sess.run(variables.global_variables_initializer())
    print(sess.run(c))
    for _ in range(3):
        sess.run(train)
    print(sess.run(w))
    try:
        p = tf1.placeholder(dtypes.float32, [None])
        sess.run(array_ops.reshape(p, [3]), {p: [1.0, 2.0, 3.0, 4.0]})
    except errors_impl.InvalidArgumentError as e:
        print(type(e).__module__, type(e).__name__)

ops.reset_default_graph()
print(ops.get_default_graph() is g, len(ops.get_default_graph().get_operations()))
try:
    ops.Tensor
except AttributeError as e:
    print(type(e).__name__, e)
