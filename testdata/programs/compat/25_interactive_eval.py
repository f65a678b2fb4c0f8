# InteractiveSession with Tensor.eval() and Operation.run().
import tensorflow as tf

sess = tf.InteractiveSession()
v = tf.Variable([1, 2, 3])
tf.global_variables_initializer().run()
double = tf.assign(v, v * 2)
double.op.run()
print("v", v.eval().tolist())
print("sum", tf.reduce_sum(v).eval())
x = tf.placeholder(tf.int32, [])
print("fed", (x * 3).eval(feed_dict={x: 4}))
sess.close()
