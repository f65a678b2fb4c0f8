"""Keras names: snake_case of a class name and the program-wide uniquified names ("dense",
"dense_1", ...) that clear_session forgets."""
import re


uids = {}


def snake_case(name):
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


def auto_name(prefix):
    prefix = snake_case(prefix)
    n = uids.get(prefix, 0)
    uids[prefix] = n + 1
    return prefix if n == 0 else "%s_%d" % (prefix, n)
