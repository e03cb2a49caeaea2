"""The app's own time per request, for the load test: a ``Server-Timing: app;dur=<ms>`` header.

A Django middleware that knows nothing of the app: the wall time from the request entering the
middleware chain to the response leaving it (every other middleware, the view, the database,
template rendering; not Django's request setup before the chain, not sending the body). Only
``bench/load.py`` uses it, through ``bench/load_settings.py``, so the same figure can be taken
from any version of the app.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def server_timing(get_response: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def middleware(request: Any) -> Any:
        started = time.perf_counter()
        response = get_response(request)
        response["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
        return response

    return middleware
