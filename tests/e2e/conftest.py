"""Browser tests: Debian's Chromium driven by Playwright against pytest-django's live server.

Chromium comes from the system (`make test` installs Debian's `chromium` package); Playwright's
own browser download is never used. Screenshots land in tests/artifacts/ for a person to look at.

Every browser test also checks the Content-Security-Policy (``config.settings``): whatever a
page of the test loads or runs against the policy (Chromium says so on the console, "Refused to
… because it violates the following Content Security Policy directive"), the test fails.
"""

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make next to
# it are ordinary synchronous code, which Django would otherwise refuse.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

# Flags for a closed network and a root user (see the machine notes): no sandbox, no background
# traffic to Google's services.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


CSP_VIOLATION = "Content Security Policy"

# An expectation waits up to 15 s for the page (Playwright's default is 5 s): the tests share
# two cores with the other workers and the browser, where a page can take seconds to answer.
expect.set_options(timeout=15_000)


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def browser():
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def csp_violations(request, monkeypatch):
    """The CSP violations Chromium reports on the console of any page of the test (every
    browser context the test opens is watched); the test fails at its end if there are any."""
    violations: list[str] = []
    if "browser" not in request.fixturenames:
        yield violations
        return
    browser = request.getfixturevalue("browser")
    new_context = browser.new_context

    def watched_context(*args, **kwargs):
        context = new_context(*args, **kwargs)

        def console(message) -> None:
            if CSP_VIOLATION in message.text:
                violations.append(f"{message.location.get('url', '')}: {message.text}")

        context.on("console", console)
        return context

    monkeypatch.setattr(browser, "new_context", watched_context)
    yield violations
    assert not violations, "Content-Security-Policy violations:\n" + "\n".join(violations)


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        locale="de-DE",
        viewport={"width": 375, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def screenshot():
    """Save a full-page screenshot under tests/artifacts/NAME.png and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


def logged_in_page(browser, live_server, user, **context: object):
    """A new page of a new browser context (German, 1280×900, then ``context``) with ``user``'s
    session: the caller closes ``page.context``."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    browser_context = browser.new_context(
        **{"locale": "de-DE", "viewport": {"width": 1280, "height": 900}, **context}
    )
    browser_context.add_cookies([{
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": live_server.url,
    }])
    page = browser_context.new_page()
    page.set_default_timeout(10_000)
    return page
