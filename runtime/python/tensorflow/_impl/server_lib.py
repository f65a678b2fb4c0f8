"""tf.train.ClusterSpec and tf.train.Server (TensorFlow's server_lib) in one process.

The bundled runtime runs a graph in the process that calls Session.run, whatever its device
strings say (`/job:local/task:1`): a cluster of in-process servers computes what TensorFlow's
gRPC servers compute for the same graph. A Server therefore starts nothing; its `target` is the
address TensorFlow would report ("grpc://localhost:2222"), and a Session given such a target
runs locally. Server.join() would wait forever in TensorFlow (a parameter server's loop): here
it is "not yet in the bundled runtime"."""
from . import core


class ClusterSpec:
    """The jobs of a cluster and their task addresses: {job: [address, ...]} or
    {job: {task_index: address}}."""

    def __init__(self, cluster):
        if isinstance(cluster, ClusterSpec):
            cluster = cluster.as_dict()
        if not isinstance(cluster, dict):
            raise TypeError("`cluster` must be a dictionary mapping one or more job names to lists of network "
                            "addresses, or a `ClusterDef` protocol buffer")
        self._jobs = {}
        for job, tasks in cluster.items():
            if isinstance(tasks, (list, tuple)):
                self._jobs[job] = {i: addr for i, addr in enumerate(tasks)}
            elif isinstance(tasks, dict):
                self._jobs[job] = {int(i): addr for i, addr in tasks.items()}
            else:
                raise TypeError("The tasks for job %r must be a list or a dictionary from integers to strings."
                                % job)

    def __bool__(self):
        return bool(self._jobs)

    def __eq__(self, other):
        return isinstance(other, ClusterSpec) and self._jobs == other._jobs

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return "ClusterSpec(%r)" % self.as_dict()

    @property
    def jobs(self):
        return list(self._jobs)

    def as_dict(self):
        out = {}
        for job, tasks in self._jobs.items():
            idx = sorted(tasks)
            out[job] = [tasks[i] for i in idx] if idx == list(range(len(idx))) else dict(tasks)
        return out

    def num_tasks(self, job_name):
        return len(self._job(job_name))

    def task_indices(self, job_name):
        return sorted(self._job(job_name))

    def task_address(self, job_name, task_index):
        tasks = self._job(job_name)
        if task_index not in tasks:
            raise ValueError("No task with index %r in job %r" % (task_index, job_name))
        return tasks[task_index]

    def job_tasks(self, job_name):
        tasks = self._job(job_name)
        top = max(tasks) + 1 if tasks else 0
        return [tasks.get(i) for i in range(top)]

    def _job(self, job_name):
        if job_name not in self._jobs:
            raise ValueError("No such job in cluster: %r" % job_name)
        return self._jobs[job_name]


class Server:
    """An in-process server of a cluster: its target names the task's address."""

    def __init__(self, server_or_cluster_def, job_name=None, task_index=None, protocol=None, config=None,
                 start=True):
        cluster = server_or_cluster_def if isinstance(server_or_cluster_def, ClusterSpec) else \
            ClusterSpec(server_or_cluster_def)
        if job_name is None:
            if len(cluster.jobs) != 1:
                raise ValueError("Must specify an explicit `job_name`.")
            job_name = cluster.jobs[0]
        if task_index is None:
            if cluster.num_tasks(job_name) != 1:
                raise ValueError("Must specify an explicit `task_index`.")
            task_index = cluster.task_indices(job_name)[0]
        self._cluster, self._job, self._task = cluster, job_name, task_index
        self._protocol = protocol or "grpc"
        self._address = cluster.task_address(job_name, task_index)

    @property
    def target(self):
        return "%s://%s" % (self._protocol, self._address)

    @property
    def server_def(self):
        raise core.UnsupportedSymbolError("tf.train.Server.server_def")

    def start(self):
        pass

    def join(self):
        raise core.UnsupportedSymbolError("tf.train.Server.join (it waits for other processes)")

    @staticmethod
    def create_local_server(config=None, start=True):
        return Server({"localhost": ["localhost:0"]}, job_name="localhost", task_index=0)
