"""Implementation of the bundled `tensorflow` facade (see runtime/README.md)."""
