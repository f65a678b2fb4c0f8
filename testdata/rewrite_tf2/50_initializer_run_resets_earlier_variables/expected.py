# The second example's session runs the global initializer: TF1 initializes every
# variable of the graph in that session, the first example's too, whose value it then
# holds. Where the first part changed one, TF2 assigns it its initial value there again.
import tensorflow as tf

total = tf.Variable(100.0, name="total")


@tf.function
def run_spend():
    spend = total.assign_sub(30.0)
    return spend


print("spent", run_spend().numpy())

rate = tf.Variable(0.5, name="rate")


@tf.function
def run_doubled():
    doubled = rate.assign(rate * 2.0)
    return doubled


total.assign(100.0)
print("doubled", run_doubled().numpy(), run_doubled().numpy())
