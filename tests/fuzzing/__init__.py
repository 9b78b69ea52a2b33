"""The hostile-input fuzz kit: seed files, mutators, the loaders under test and bounded workers.

Shared by ``bench/fuzz.py`` (the long campaign) and ``tests/engine/test_fuzz_slice.py``
(a small seeded slice of it). Nothing here imports Qt.
"""
