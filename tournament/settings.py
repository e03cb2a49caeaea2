"""Settings of Binokel-Turnier.

Everything that differs between a laptop demo and a real event comes from the environment:
``DATABASE_URL`` (default: an SQLite file next to the code), ``SECRET_KEY`` (required unless
``DEBUG`` is on), ``DEBUG`` (off unless set to 1/true/yes), ``ALLOWED_HOSTS`` (comma-separated)
and ``PUBLIC_URL`` (the address printed links and QR codes use, see ``tournament.links``).
"""

import ipaddress
import os
import re
import secrets
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
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
# QR codes start with it (tournament.links). The app answers to it, also without ALLOWED_HOSTS.
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
    "tournament",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tournament.urls"

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
]

WSGI_APPLICATION = "tournament.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction starts, so two simultaneous saves queue up
    # (and the version check refuses the stale one) instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_flag(
    "PG_PREPARED_STATEMENTS", default=True
):
    # psycopg prepares a statement on the server once a connection has run it a few times, so
    # PostgreSQL plans the score sheet's joins once per connection instead of on every request
    # (bench/load.py: about 0.2-0.5 ms per query). It needs server-side parameter binding.
    # Set PG_PREPARED_STATEMENTS=0 behind a pooler that cannot keep prepared statements
    # (PgBouncer in transaction mode without max_prepared_statements).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": 5}
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

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "tournament" / "locale"]
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

