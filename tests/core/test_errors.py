"""The one user-error type: a message id with parameters, rendered in the reader's language."""

import pytest
from django.utils import translation

from core.errors import Message, UserError, gettext_noop
from scoring.rules import InvalidHand
from tournament.seating import SeatingError

TAKEN = gettext_noop("Start number %(number)s is already taken in this tournament.")


def test_a_message_is_rendered_when_shown_in_the_active_language():
    message = Message(TAKEN, number=7)
    assert str(message) == "Startnummer 7 ist in diesem Turnier bereits vergeben."
    with translation.override("en"):
        assert str(message) == "Start number 7 is already taken in this tournament."


def test_a_message_parameter_can_be_a_message_itself():
    longer = Message(
        gettext_noop("%(field)s: at most %(max)s characters, not %(length)s."),
        field=Message(gettext_noop("Club")),
        max=200,
        length=201,
    )
    assert str(longer) == "Verein: höchstens 200 Zeichen, nicht 201."
    with translation.override("en"):
        assert str(longer) == "Club: at most 200 characters, not 201."


def test_messages_compare_by_id_and_parameters():
    assert Message(TAKEN, number=7) == Message(TAKEN, number=7)
    assert Message(TAKEN, number=7) != Message(TAKEN, number=8)
    assert len({Message(TAKEN, number=7), Message(TAKEN, number=7)}) == 1


def test_a_user_error_keeps_its_field_and_follows_the_language():
    error = UserError(TAKEN, field="start_number", number=5)
    assert error.field == "start_number" and error.params == {"number": 5}
    assert str(error) == "Startnummer 5 ist in diesem Turnier bereits vergeben."
    with translation.override("en"):
        assert str(error) == "Start number 5 is already taken in this tournament."
        assert error.translated(lambda msgid: "» " + msgid) == (
            "» Start number 5 is already taken in this tournament."
        )


@pytest.mark.parametrize("kind", [InvalidHand, SeatingError])
def test_the_pure_modules_errors_are_user_errors_and_value_errors(kind):
    assert issubclass(kind, UserError) and issubclass(kind, ValueError)


def test_invalid_hand_names_its_argument():
    error = InvalidHand("bid", gettext_noop("The bid can be at most %(max)s."), max=10000)
    assert (error.field, str(error)) == ("bid", "Der Reizwert kann höchstens 10000 sein.")
