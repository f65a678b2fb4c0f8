# Momentum and RMSProp optimizers with a global step.
import tensorflow as tf

results = {}
for name in ["momentum", "rmsprop", "adagrad"]:
    g = tf.Graph()
    with g.as_default():
        step = tf.train.get_or_create_global_step()
        v = tf.Variable([2.0, -1.0])
        loss = tf.reduce_sum(v * v)
        if name == "momentum":
            opt = tf.train.MomentumOptimizer(0.05, momentum=0.9)
        elif name == "rmsprop":
            opt = tf.train.RMSPropOptimizer(0.01)
        else:
            opt = tf.train.AdagradOptimizer(0.3)
        train = opt.minimize(loss, global_step=step)
        with tf.Session(graph=g) as sess:
            sess.run(tf.global_variables_initializer())
            for _ in range(30):
                sess.run(train)
            results[name] = ([round(float(t), 4) for t in sess.run(v)], int(sess.run(step)))
for k in sorted(results):
    print(k, results[k])
