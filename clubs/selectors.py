"""Reads of the clubs app: a club's own house rules, and those offered to an account that
creates an event (``tournament.forms.EventForm``)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from clubs.models import ORGANISING, Club, ClubRules


def club_rules(club: Club) -> QuerySet[ClubRules]:
    """The house rules ``club`` keeps, by name."""
    return ClubRules.objects.filter(club=club).order_by("name", "pk")


def club_rules_offered(user: Any) -> QuerySet[ClubRules]:
    """The house rules of the clubs ``user`` organises as their admin or organiser (a
    superuser's too: those of their own clubs, not of every club on the server), by club and
    name, each with its club."""
    if not getattr(user, "is_authenticated", False):
        return ClubRules.objects.none()
    return (
        ClubRules.objects.filter(club__members__user=user, club__members__role__in=ORGANISING)
        .select_related("club").order_by("club__name", "club_id", "name", "pk")
    )
