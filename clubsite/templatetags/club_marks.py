"""A club's marks on the pages of its events (``{% load club_marks %}``):

- ``{% club_logo event %}``: the club's logo, small, beside the event's name, linked to the
  club's page (``link=False``: not linked, for printouts); nothing for a club without a logo;
- ``{% club_footer %}`` (in templates/base.html): a line linking the club's privacy notice on
  every page whose context has an ``event`` of a club with one, or that ``club`` itself (its
  own pages); nothing otherwise;
- ``{% club_privacy_link event %}``: the link alone, where a form asks for personal data (the
  online registration); nothing for a club without a notice.

A page reads its club's mark once, whichever tag asks first (``clubsite.selectors.club_mark``:
a small read without the logo), or takes it from a club the view has read already.
"""

from __future__ import annotations

from typing import Any

from django import template

from clubs.models import Club
from clubsite.selectors import ClubMark, club_mark, mark_of
from tournament.models import Event

register = template.Library()

_CLUB = Event._meta.get_field("club")


def page_mark(context: template.Context, subject: Any = None) -> ClubMark | None:
    """The mark of ``subject`` (an event or a club), else of the page's ``event``, else of the
    page's ``club``; None where there is none of them."""
    if subject is None or subject == "":
        subject = context.get("event")
        if not isinstance(subject, Event):
            subject = context.get("club")
    if isinstance(subject, Club):
        return mark_of(subject)
    if not isinstance(subject, Event) or subject.club_id is None:
        return None
    if _CLUB.is_cached(subject):
        return mark_of(subject.club)
    key = ("clubsite.club_mark", subject.club_id)
    marks = context.render_context
    if key not in marks:
        marks[key] = club_mark(subject.club_id)
    return marks[key]


@register.inclusion_tag("clubsite/_logo.html", takes_context=True)
def club_logo(context: template.Context, event: Any = None, link: bool = True) -> dict:
    return {"mark": page_mark(context, event), "link": link}


@register.inclusion_tag("clubsite/_footer.html", takes_context=True)
def club_footer(context: template.Context) -> dict:
    return {"mark": page_mark(context)}


@register.inclusion_tag("clubsite/_privacy_link.html", takes_context=True)
def club_privacy_link(context: template.Context, event: Any = None) -> dict:
    return {"mark": page_mark(context, event)}
