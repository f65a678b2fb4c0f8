"""Implementation of the bundled `tensorflow` facade (runtime/README.md, "The Python facade", has the map)."""
