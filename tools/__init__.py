"""Developer tooling, never shipped to the browser: benchmarks, the AI arena and tuning, and
what the tests and benchmarks share (``tools.chromium``: how Chromium is started;
``tools.table``: the browser tests' driver of the card table).

Run each from the repository root, e.g. ``python -m tools.bench``, ``python -m tools.arena
hard medium``, ``python -m tools.calibrate``, ``python -m tools.ai_speed``.

Imports point one way: tests/, e2e/ and bench/ may import tools; tools imports none of them
(tests/test_import_direction.py).
"""
