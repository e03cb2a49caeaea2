"""``{% load playing %}{% tables_still_playing round as tables %}``: the numbers of a round's
tables whose score sheet is not handed in yet, for the event page's round clock, which the
tournament app draws without knowing the score sheets."""

from django import template

from scoring.models import ScoreSheet
from tournament.models import Round

register = template.Library()


@register.simple_tag
def tables_still_playing(round: Round) -> list[int]:
    return list(
        round.tables.exclude(sheet__status__in=ScoreSheet.HANDED_IN)
        .order_by("number")
        .values_list("number", flat=True)
    )
