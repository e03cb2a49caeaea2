"""The app's settings with bench/server_timing.py as the outermost middleware.

For the gunicorn of ``bench/load.py`` only (``DJANGO_SETTINGS_MODULE=load_settings`` with bench/
and the app's directory on PYTHONPATH); works with any version of the app that has
``config.settings``.
"""

from config.settings import *  # noqa: F403

MIDDLEWARE = ["server_timing.server_timing", *MIDDLEWARE]  # noqa: F405
