"""Settings of Binokel-Turnier.

Everything that differs between a laptop demo, a real event on a laptop in a hall and a hosted
server comes from the environment (README, "Configuration" and "Deployment"):

- ``DATABASE_URL`` (default: an SQLite file next to the code), ``SECRET_KEY`` (else a random key
  kept in ``.secret_key``), ``DEBUG`` (off unless set to 1/true/yes/on), ``ALLOWED_HOSTS`` and
  ``CSRF_TRUSTED_ORIGINS`` (comma-separated), ``PUBLIC_URL`` (the address printed links and QR
  codes use, see ``core.links``);
- ``HTTPS`` (1: the app is reached over HTTPS only: secure cookies, HSTS, http redirected to
  https) and ``BEHIND_PROXY`` (1: a reverse proxy in front sets ``X-Forwarded-Proto`` and
  ``X-Forwarded-For``, which are then believed);
- ``REDIS_URL`` (e.g. ``redis://127.0.0.1:6379/0``: the cache in Redis, shared by every app
  server; while Redis is down, pages compute what they would have read; unset: a cache per
  process). Sessions and the login throttle's counts are in the database either way;
- ``SESSION_HOURS`` (how long an organiser stays logged in, default 12) and ``LOG_LEVEL`` (of
  the log on stderr, default INFO). The backups' ``BACKUP_DIR`` and ``BACKUP_SECONDS``: below;
- ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``
  and ``DEFAULT_FROM_EMAIL``: the SMTP server the registration e-mails go through; without
  ``EMAIL_HOST`` they are printed on the console (``make run``).
"""

import ipaddress
import os
import re
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DEBUG")


def load_secret_key() -> str:
    """SECRET_KEY from the environment; else a random key kept in a file (like pretix does).

    The file keeps sessions valid across restarts on a laptop without anyone having to invent
    a key; a server sets SECRET_KEY (or SECRET_KEY_FILE) in its environment.
    """
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = Path(os.environ.get("SECRET_KEY_FILE", BASE_DIR / ".secret_key"))
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        key = secrets.token_urlsafe(50)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process created it meanwhile
            return path.read_text().strip()
        except OSError as error:
            raise ImproperlyConfigured(
                f"Set SECRET_KEY in the environment; cannot write {path}: {error}"
            ) from error
        with os.fdopen(fd, "w") as handle:
            handle.write(key)
        return key


SECRET_KEY = load_secret_key()

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

_HOST_NAME = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*")


def parse_public_url(value: str | None) -> str:
    """PUBLIC_URL as ``scheme://host[:port]`` without a trailing slash; "" when unset.

    Anything but http or https, a host and an optional port (and a trailing slash) is refused
    with ImproperlyConfigured, so a typo stops the app at its start instead of printing codes
    that lead nowhere.
    """
    value = (value or "").strip()
    if not value:
        return ""

    def refuse(problem: str) -> ImproperlyConfigured:
        return ImproperlyConfigured(
            f"PUBLIC_URL={value!r} is not a valid address: {problem}. Give the scheme, the "
            "host and optionally the port the phones use, e.g. http://192.168.1.20:8000"
        )

    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError as error:
        raise refuse(str(error)) from error
    if parts.scheme not in {"http", "https"}:
        raise refuse("it must start with http:// or https://")
    host = parts.hostname or ""
    if not host:
        raise refuse("it names no host")
    if "@" in parts.netloc:
        raise refuse("it must not contain a user name or password")
    if parts.path not in {"", "/"} or parts.query or parts.fragment or value[-1] in "?#":
        raise refuse("nothing may follow the host and port but a slash")
    if parts.netloc.startswith("["):
        try:
            ipaddress.IPv6Address(host)
        except ValueError as error:
            raise refuse(f"{host!r} is not an IPv6 address") from error
        host = f"[{host}]"
    elif not _HOST_NAME.fullmatch(host):
        raise refuse(f"{host!r} is not a host name or IP address")
    elif re.fullmatch(r"[0-9.]+", host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError as error:
            raise refuse(f"{host!r} is not an IPv4 address") from error
    if port == 0 or (port is None and parts.netloc.endswith(":")):
        raise refuse("the port must be a number from 1 to 65535")
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


# The address the phones reach the app under, e.g. http://192.168.1.20:8000: printed links and
# QR codes start with it (core.links). The app answers to it, also without ALLOWED_HOSTS.
PUBLIC_URL = parse_public_url(os.environ.get("PUBLIC_URL"))
if PUBLIC_URL:
    _public_host = re.sub(r":\d+$", "", urlsplit(PUBLIC_URL).netloc)  # e.g. 192.168.1.20
    if _public_host not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(_public_host)
    if PUBLIC_URL not in CSRF_TRUSTED_ORIGINS:
        CSRF_TRUSTED_ORIGINS.append(PUBLIC_URL)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_filters",
    "axes",
    # the apps, bottom layer first: a layer imports only the layers above it in this list
    "core",
    "clubs",
    "tournament",
    "scoring",
    "signup",
    "money",
    "results",
    "series",
    "clubsite",
    "privacy",
    "transfer",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "core.middleware.NoStoreMiddleware",
    "core.middleware.RefuseNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # 413 for a body larger than its route takes, before the CSRF check reads it (process_view)
    "core.middleware.RequestSizeMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Permissions-Policy (PERMISSIONS_POLICY below)
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # last, as django-axes asks: turns a refused login into its lockout page
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # The many rows of the score sheet and of the standings (scoring/jinja2/): Jinja2
        # draws them in a fifth to a seventh of the time Django's engine takes (bench/README.md).
        "NAME": "jinja2",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {"autoescape": True},
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Each gunicorn thread keeps its connection for ten minutes, and with it the statements
        # psycopg has prepared and the plans PostgreSQL keeps for them (see below). At the
        # hall's pace a thread serves a few requests a minute: a connection closed after a
        # minute would plan the sheet page's reads again on nearly every request.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "600")),
        # A kept connection is checked (one "SELECT 1") before a request uses it, so after a
        # restart of PostgreSQL a thread reconnects instead of answering its next request 500.
        conn_health_checks=True,
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction starts, so two simultaneous saves queue up
    # (and the version check refuses the stale one) instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )

if (
    DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    and env_flag("PG_PREPARED_STATEMENTS", default=True)
    # a connection closed after every request would prepare each statement for one run: a
    # round trip more per statement, and nothing kept
    and DATABASES["default"]["CONN_MAX_AGE"] != 0
):
    # Every statement is prepared on the server the first time a connection runs it, and
    # PostgreSQL plans it once for that connection (a generic plan) instead of on each run.
    # A join's plan can take longer than its run; with PostgreSQL's own choice (a plan per run
    # for the first five runs of a prepared statement) and psycopg's default (prepare after five
    # runs) every connection would plan each statement about ten times, and at the hall's pace
    # most of a connection's requests fall in that time.
    # The app's statements select rows by key or by event, so a plan that fits one value fits
    # the others.
    # It needs server-side parameter binding. Set PG_PREPARED_STATEMENTS=0 behind a pooler that
    # cannot keep prepared statements (PgBouncer in transaction mode without
    # max_prepared_statements).
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    _options.update(
        {
            "server_side_binding": True,
            "prepare_threshold": 0,
            "options": " ".join(
                filter(None, [_options.get("options"), "-c plan_cache_mode=force_generic_plan"])
            ),
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# An organiser's login lasts an evening and the prize table afterwards, not Django's two weeks:
# a laptop left open at the desk, or a phone lost in the hall, is logged out by the next day.
SESSION_COOKIE_AGE = int(os.environ.get("SESSION_HOURS", "12")) * 3600

# --- Login throttle (django-axes) ------------------------------------------------------------
# Counted per user name and address together: an organiser who mistypes is not locked out by
# someone guessing elsewhere, and nobody can lock the organisers out from their own device.
# Ten failures in a row: more than anyone mistypes a password they know, far too few to guess
# one (at most 40 tries an hour per address, and Django's validators refuse common passwords).
# Fifteen minutes to wait: short enough for an event in progress, long enough to make guessing
# hopeless. A correct password clears the count; attempts during the wait do not prolong it.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login before checking it
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "core.security.locked_out"  # the site's page, in German
AXES_CLIENT_IP_CALLABLE = "core.security.client_address"  # the client behind a proxy
AXES_DISABLE_ACCESS_LOG = True  # failures are counted; successful logins are not recorded
AXES_ENABLE_ADMIN = False  # the admin shows the app's own tables, read-only

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "core" / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Serve static files straight from the apps as well, so a laptop needs no collectstatic step.
WHITENOISE_USE_FINDERS = True

# --- Shared state: cache, sessions, login throttle --------------------------------------------
# Sessions and the login throttle's counts are in the database, which every app server shares:
# nothing an organiser needs to log in or stay logged in depends on Redis, and a Redis that is
# down or comes back with old data can neither log anyone out nor bring a logged-out session
# back. A session costs a read by primary key per request.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
# axes' database handler, counting each attempt before its password is checked
AXES_HANDLER = "core.login_throttle.CountedFirstHandler"


def redis_cache(url: str, prefix: str = "binokel") -> dict:
    """The cache in Redis (django-redis): shared by every app server, and only a cache. Redis
    down, stalled or refusing a command: a read is a miss and a write is skipped
    (IGNORE_EXCEPTIONS), so a page computes what it would have read. A Redis that takes no
    connection or gives no answer costs a quarter of a second per cache call (a standings page
    makes four; Redis answers in about a millisecond). django-redis logs each ignored failure,
    which the filter "redis_outage" below turns into one warning a minute."""
    return {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": url,
        "KEY_PREFIX": prefix,
        "OPTIONS": {
            "IGNORE_EXCEPTIONS": True,
            "SOCKET_CONNECT_TIMEOUT": 0.25,
            "SOCKET_TIMEOUT": 0.25,
        },
    }


# With REDIS_URL every app server shares one cache (the standings computed once per change).
# Without it (the laptop) each gunicorn worker has a cache of its own.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL:
    CACHES = {"default": redis_cache(REDIS_URL)}
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- E-mail: the online registration's confirmations (signup.emails) -------------------------
# Through the SMTP server EMAIL_HOST when it is set; without it every e-mail is printed on the
# console instead (the laptop, ``make run``), and nothing leaves the machine.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
try:
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "").strip() or 587)
except ValueError as error:
    raise ImproperlyConfigured("EMAIL_PORT must be a port number") from error
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", default=bool(EMAIL_HOST))
EMAIL_TIMEOUT = 20  # seconds: a stalled mail server does not hold a request for ever
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "").strip() or "binokel@localhost"

# --- Registrations per address (django-ratelimit, signup.views) ---------------------------------
# Counted in the cache: per process without REDIS_URL (a limit per worker, still a limit), in
# Redis with it. A Redis that is down lets registrations through uncounted (fail open) instead
# of refusing everyone: django-redis with IGNORE_EXCEPTIONS answers a failed count with None,
# which django-ratelimit would otherwise take as "limited". Not in INSTALLED_APPS: its app only
# adds a system check that refuses the per-process cache.
RATELIMIT_FAIL_OPEN = True

# --- Backups while the server runs (core.backups, README "After a crash") ---------------
# BACKUP_DIR: a folder, e.g. on a USB stick; unset: no backups. BACKUP_SECONDS: how often the
# server checks for changes and copies the database (0 or unset: core.limits).
BACKUP_DIR = os.environ.get("BACKUP_DIR", "").strip()
try:
    BACKUP_SECONDS = int(os.environ.get("BACKUP_SECONDS", "").strip() or 0)
except ValueError as error:
    raise ImproperlyConfigured("BACKUP_SECONDS must be a whole number of seconds") from error

# --- HTTPS and the reverse proxy (a hosted setup; the hall laptop serves plain http) ---------
HTTPS = env_flag("HTTPS")
BEHIND_PROXY = env_flag("BEHIND_PROXY")
if BEHIND_PROXY:
    # only with a proxy that sets this header itself: a client could send it otherwise
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # a year, the usual value once a site is on HTTPS for good; subdomains of the app's own
    # host only. Not submitted to the browsers' preload list (security.W021 silenced): that
    # would bind the whole domain, which is the association's to decide.
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SILENCED_SYSTEM_CHECKS = ["security.W021"]

# --- Content security policy (django-csp) ------------------------------------------------------
# Every page loads its styles, scripts, images (QR codes are inline <svg>) and the sheet's
# service worker from the app itself; nothing inline, nothing from elsewhere (the hall has no
# internet anyway).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "object-src": [NONE],
    }
}

# --- Permissions policy (django-permissions-policy) ---------------------------------------------
# No page uses a camera, microphone, location, payment or device; switched off for the app and
# anything it might ever embed. The press report's "Copy" button writes the clipboard.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    **{feature: [] for feature in (
        "accelerometer", "autoplay", "bluetooth", "browsing-topics", "camera",
        "display-capture", "geolocation", "gyroscope", "hid", "magnetometer", "microphone",
        "midi", "payment", "publickey-credentials-get", "serial", "usb", "clipboard-read",
    )},
    "clipboard-write": ["self"],
}

# --- Logging: stderr, readable, no secrets of links ----------------------------------------------
# Every error answer (500) with its path and traceback (django.request), runserver's requests
# (django.server), waitress, the login throttle's lockouts and everything else, with the secrets
# of links (sheets, registrations, one-time password links) hidden (core.logs).
# gunicorn's own logs: gunicorn.conf.py.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").strip().upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "hide_link_tokens": {"()": "core.logs.HideLinkTokens"},
        "redis_outage": {"()": "core.logs.RedisOutageWarning"},
        "one_line": {"()": "core.logs.OneLine"},
    },
    "formatters": {
        "readable": {
            "format": "%(asctime)s %(levelname)s %(name)s: %(message)s",
            "datefmt": "%Y-%m-%d %H:%M:%S",
        }
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "readable",
            "filters": ["hide_link_tokens"],
        }
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own handlers print only with DEBUG on: replaced by the root's, always
        "django": {"level": LOG_LEVEL},
        "django.server": {"level": LOG_LEVEL, "propagate": True},
        # failed logins and lockouts; not its banner at every start nor every successful login
        "axes": {"level": LOG_LEVEL if LOG_LEVEL in {"ERROR", "CRITICAL"} else "WARNING"},
        # a request for a host not in ALLOWED_HOSTS: one line, not a traceback (anyone can
        # send them by the thousand)
        "django.security.DisallowedHost": {"filters": ["one_line"]},
        # a Redis that fails: one warning a minute instead of a traceback per cache call
        "django_redis.cache": {"filters": ["redis_outage"]},
    },
}

