"""Developer tooling, never shipped to the browser: benchmarks, the AI arena and tuning.

Run each from the repository root, e.g. ``python -m tools.bench``, ``python -m tools.arena
hard medium``, ``python -m tools.calibrate``, ``python -m tools.ai_speed``.
"""
