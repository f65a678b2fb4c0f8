"""Implementation of the bundled `tensorflow` facade (see runtime/python/README.md)."""
