"""One player of an entry as registration takes them: a ``Member``.

An entry is a single (one member) or a pair (two: the player, then the partner). Registering,
editing and importing an entry handle its members in one loop, whether there are one or two;
the club, the notes, the start number and the stand-in flag are the entry's, not a member's
(a pair's two players share the club typed).

A member's fields are named by their ``Role`` in the entry form and in the change log: the
player's plainly (``name``, ``category``, …), the partner's with the prefix ``partner_``
(``partner_name``, ``partner_category``, …). Each role labels them with its own msgid.

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from core.errors import gettext_noop

# What the organiser types for a member, and the player's wishes on the public pages
# (``tournament.models.Player.unlisted``, ``Player.public_profile``).
TEXTS = ("name", "category")
WISHES = ("unlisted", "public_profile")


@dataclass(frozen=True)
class Member:
    """A player or partner of an entry, as typed (or read from a list).

    ``unlisted`` and ``public_profile`` are the wishes; None leaves a known player's as they
    are (no wish for a new one). ``player_id`` is the registry player chosen for the member
    (a suggestion tapped or a likely player picked) and ``new_player`` says "a new player",
    not one of the likely ones (``tournament.services.players.find_player``).
    """

    name: str
    category: str = ""
    unlisted: bool | None = None
    public_profile: bool | None = None
    player_id: int | None = None
    new_player: bool = False

    def cleaned(self) -> Member:
        """The member with their texts stripped of surrounding spaces."""
        return replace(self, name=self.name.strip(), category=self.category.strip())


def entry_members(members: Iterable[Member]) -> tuple[Member, ...]:
    """The members of an entry as the services take them: texts stripped, a partner without a
    name left out (a single). The player stays also without a name (the services refuse it);
    more than two members is a bug."""
    player, *partners = (member.cleaned() for member in members)
    found = (player, *(partner for partner in partners if partner.name))
    if len(found) > 2:
        raise ValueError(f"an entry has one or two players, not {len(found)}")
    return found


def members_of(*names: str) -> tuple[Member, ...]:
    """The members of an entry of these names, nothing else known about them: a single for one
    name (or an empty second one), a pair for two."""
    return entry_members(Member(name=name) for name in names)


def held(player: Any, attribute: str) -> Any:
    """A member attribute (``TEXTS`` or ``WISHES``) as a player row holds it; for no player
    (a single's partner) an empty text or False."""
    if player is None:
        return False if attribute in WISHES else ""
    return getattr(player, attribute)


@dataclass(frozen=True, eq=False)
class Role:
    """Player or partner: how a member's fields are named and labelled.

    ``labels`` are the msgids of ``TEXTS`` and ``WISHES`` (the form's labels and the change
    log's field names). The change log names the partner's name ``partner``, as it has since
    its first records (``logged``). There are two roles, ``PLAYER`` and ``PARTNER``, each
    equal only to itself.
    """

    key: str
    prefix: str
    labels: Mapping[str, str]
    name_logged_as: str

    def field(self, attribute: str) -> str:
        """The entry form's field of a member attribute: ``name``, ``partner_category``, …"""
        return self.prefix + attribute

    def logged(self, attribute: str) -> str:
        """A change of a member attribute as the change log names it (``[field, old, new]``)."""
        return self.name_logged_as if attribute == "name" else self.field(attribute)

    @property
    def id_field(self) -> str:
        """The form's hidden field of the registry player chosen: ``player_id``, ``partner_id``."""
        return f"{self.key}_id"

    @property
    def choice_field(self) -> str:
        """The form's choice among likely players: ``player_choice``, ``partner_choice``."""
        return f"{self.key}_choice"


PLAYER = Role(
    key="player",
    prefix="",
    labels={
        "name": gettext_noop("Name"),
        "category": gettext_noop("Category"),
        "unlisted": gettext_noop("Not in public lists"),
        "public_profile": gettext_noop("Public player page"),
    },
    name_logged_as="name",
)
PARTNER = Role(
    key="partner",
    prefix="partner_",
    labels={
        "name": gettext_noop("Partner"),
        "category": gettext_noop("Partner's category"),
        "unlisted": gettext_noop("Partner not in public lists"),
        "public_profile": gettext_noop("Partner's public player page"),
    },
    name_logged_as="partner",
)
# The roles of an entry's members, in their order: a single has the first only.
ROLES = (PLAYER, PARTNER)


def by_role(*attributes: str) -> list[tuple[Role, str]]:
    """``attributes`` of each role, role by role: the order the form shows a group of member
    fields in and a change lists them (``name``, ``partner``; ``unlisted``,
    ``public_profile``, ``partner_unlisted``, ``partner_public_profile``)."""
    return [(role, attribute) for role in ROLES for attribute in attributes]
