"""Benchmarks, run with ``make bench`` (``python -m benchmarks [NAME ...]``)."""
