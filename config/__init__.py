"""The project package: settings, root URLs and the WSGI/ASGI entry points (the apps are apps)."""
