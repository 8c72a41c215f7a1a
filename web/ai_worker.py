"""The AI's thinking, in a PyScript worker so the page never freezes.

The page sends one JSON string ``{"view": ..., "seed": n, "level": "easy"}`` (the AI
seat's view only: no hidden card ever reaches the worker) and gets the chosen
action back as a JSON string. Search levels use the engine's default thinking time.
"""

import json

from engine.ai import LEVELS
from engine.ai import choose as engine_choose


def choose(request_json):
    req = json.loads(request_json)
    level = req.get("level", "easy")
    if level not in LEVELS:   # a save from a build with more levels than this one
        level = "easy"
    action = engine_choose(req["view"], int(req.get("seed", 0)), level)
    return json.dumps(action)


__export__ = ["choose"]
