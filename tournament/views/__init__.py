"""Pages of the tournament app, one module per topic; public pages are in ``public``."""
