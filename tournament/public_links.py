"""Links of an event on the public pages (the home page, the seat lookup), offered by the apps
above this one (this app cannot import them)."""

from __future__ import annotations

from collections.abc import Callable

from tournament.models import Event

PublicLinks = Callable[[list[Event]], dict[int, list[tuple[str, str]]]]
"""``events`` → for an event's id its links as ``(label, url)``, for the public pages."""
_PUBLIC_LINKS: list[PublicLinks] = []


def register_public_links(links: PublicLinks) -> None:
    """Show the links ``links`` gives on the public pages of the events (the home page, the
    seat lookup): an app above this one (this app cannot import it) offers its public pages."""
    if links not in _PUBLIC_LINKS:
        _PUBLIC_LINKS.append(links)


def public_links(events: list[Event]) -> dict[int, list[tuple[str, str]]]:
    """Every registered app's links of ``events``, by event id, in the apps' order."""
    found: dict[int, list[tuple[str, str]]] = {}
    for links in _PUBLIC_LINKS:
        for event_id, pairs in links(events).items():
            found.setdefault(event_id, []).extend(pairs)
    return found


