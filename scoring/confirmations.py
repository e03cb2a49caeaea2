"""Who at a sheet's table has confirmed its games (``SheetConfirmation``): the roll of the
seated players with each one's state, read for one sheet or many at once (``rolls``), what is
missing, and the voiding of the confirmations after a change (``void_confirmations``).

Every person seated at the table confirms: at a pairs table both partners of each pair, a
stand-in for the seat they play (``docs/rules.md``, "Score sheet"). The confirmations are
given through ``scoring.services.confirmations.confirm_as_player``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from core.errors import Message
from scoring.models import SheetConfirmation
from tournament.models import Seat


@dataclass(frozen=True)
class Signer:
    """A seat of the sheet's table and whether its player has confirmed the sheet:
    ``confirmed`` (a confirmation that counts) or ``voided`` (confirmed only before the last
    change, so to confirm again)."""

    position: int
    start_number: int
    name: str
    confirmed: bool = False
    voided: bool = False
    voided_version: int | None = None
    """The sheet version a voided confirmation was given for."""

    @property
    def label(self) -> str:
        """“No. 12 Anna Rapp”."""
        return gettext("No. %(number)s %(name)s") % {
            "number": self.start_number, "name": self.name
        }

    @property
    def statement(self) -> str:
        """What the player says by tapping: “I, No. 12 Anna Rapp, confirm …”."""
        return gettext("I, No. %(number)s %(name)s, confirm the games of this sheet") % {
            "number": self.start_number, "name": self.name
        }

    @property
    def totals_statement(self) -> str:
        """What the player says by tapping on a sheet kept in round totals: “I, No. 12 Anna
        Rapp, confirm the round totals of this sheet …”."""
        return gettext(
            "I, No. %(number)s %(name)s, confirm the round totals of this sheet (each party's "
            "total and games lost)"
        ) % {"number": self.start_number, "name": self.name}


@dataclass
class Roll:
    """The seated players of one sheet's table in seating order, with their confirmations."""

    signers: list[Signer] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.signers)

    @property
    def confirmed(self) -> int:
        return sum(1 for signer in self.signers if signer.confirmed)

    @property
    def missing(self) -> list[Signer]:
        return [signer for signer in self.signers if not signer.confirmed]

    @property
    def complete(self) -> bool:
        return bool(self.signers) and not self.missing

    @property
    def voided(self) -> bool:
        """A player confirmed the sheet before its last change and has not confirmed since."""
        return any(signer.voided for signer in self.signers)

    @property
    def voided_since(self) -> int | None:
        """The oldest version a player confirmed before a change and has not confirmed since
        (None: nobody)."""
        versions = [s.voided_version for s in self.signers if s.voided and s.voided_version]
        return min(versions) if versions else None

    @property
    def count_text(self) -> str:
        """“2 of 3 confirmed”."""
        return gettext("%(confirmed)s of %(seats)s confirmed") % {
            "confirmed": self.confirmed, "seats": self.seats
        }

    def missing_message(self) -> Message:
        """Who has not confirmed yet, with the count (for a refusal or a concern)."""
        return Message(
            gettext_noop("%(confirmed)s of %(seats)s players confirmed; not yet: %(missing)s"),
            confirmed=self.confirmed,
            seats=self.seats,
            missing=", ".join(
                f"{signer.start_number} {signer.name}" for signer in self.missing
            ),
        )


def rolls(sheet_ids: Iterable[int]) -> dict[int, Roll]:
    """The roll of each sheet (by id), in two queries whatever the number of sheets."""
    ids = list(sheet_ids)
    result: dict[int, Roll] = {pk: Roll() for pk in ids}
    if not ids:
        return result
    live: set[tuple[int, int]] = set()
    voided: dict[tuple[int, int], int] = {}
    for sheet_id, position, voided_at, version in (
        SheetConfirmation.objects.filter(sheet_id__in=ids)
        .order_by()
        .values_list("sheet_id", "position", "voided_at", "version")
    ):
        key = (sheet_id, position)
        if voided_at is None:
            live.add(key)
        else:
            voided[key] = max(version, voided.get(key, version))
    for sheet_id, position, start_number, name in (
        Seat.objects.filter(table__sheet__in=ids)
        .order_by("table_id", "position")
        .values_list("table__sheet", "position", "entry__start_number", "player__name")
    ):
        key = (sheet_id, position)
        result[sheet_id].signers.append(
            Signer(
                position=position,
                start_number=start_number,
                name=name,
                confirmed=key in live,
                voided=key in voided and key not in live,
                voided_version=voided.get(key),
            )
        )
    return result


def roll_of(sheet_id: int) -> Roll:
    """The roll of one sheet."""
    return rolls([sheet_id])[sheet_id]


def void_confirmations(sheet_ids: Iterable[int]) -> int:
    """Void the confirmations that count of these sheets (their games or seats changed, or
    the sheet was reopened); returns how many. Call it inside the change's transaction."""
    return SheetConfirmation.objects.filter(
        sheet_id__in=list(sheet_ids), voided_at__isnull=True
    ).update(voided_at=timezone.now())
