"""Persistence and exports: the SQLite game store (:mod:`.db`) and game exports (:mod:`.export`).

Kept free of imports so that ``import scorekeeper.store`` stays cheap; import from the
submodules, e.g. ``from scorekeeper.store.db import Store, StoreError``.
"""
