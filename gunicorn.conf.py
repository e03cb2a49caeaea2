"""gunicorn's settings for Binokel-Turnier: only its logs; everything else is on the command line
(README, "Deployment": a hosted server, behind a reverse proxy; the hall's laptop runs
``manage.py serve``).

gunicorn reads this file by itself when started in the repository's root (its default
``./gunicorn.conf.py``), so every gunicorn of the README and of ``bench/`` uses it. Its error log
and, when switched on (``--access-logfile -``), its access log go through the same filter as the
app's own log (``core.logs.HideLinkTokens``): a request line or referrer that holds a
secret link (a sheet's, a registration's manage link, a helper's one-time password link) is
written with ``<token>`` instead of the link's secret.
"""

import sys
from pathlib import Path

# gunicorn reads this file before it puts its working directory on the import path
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gunicorn.glogging import Logger

from core.logs import HideLinkTokens


class TokenHidingLogger(Logger):
    """gunicorn's logger, with ``HideLinkTokens`` on every handler of its error and access log
    (set up again whenever gunicorn reloads its configuration)."""

    def setup(self, cfg):
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                if not any(isinstance(f, HideLinkTokens) for f in handler.filters):
                    handler.addFilter(HideLinkTokens())


logger_class = TokenHidingLogger
