"""The change log (``core.audit``; the tournament's, scoring's and money's actions): a record
holds an action and parameters, so it reads in the reader's language whoever wrote it."""

import pytest
from django.utils import translation

import scoring.audit  # noqa: F401  (the scoring app's describers; loaded by the app too)
from core import audit
from core.models import ChangeRecord
from money.audit import MoneyAction
from scoring.audit import ScoringAction
from tests.factories import make_event, make_user
from tests.tournament.plans import make_field
from tournament.audit import TournamentAction, forget_member
from tournament.members import PARTNER, PLAYER
from tournament.services import generate_plan, release_round


@pytest.mark.django_db
def test_change_log_reads_in_the_readers_language_whoever_wrote_it():
    event = make_event()
    make_field(event, 3, 0)
    with translation.override("en"):
        generate_plan(event=event, seed=1)
        release_round(round=event.rounds.get(number=1), released=True)
    descriptions = " ".join(change.description for change in ChangeRecord.objects.all())
    assert "Sitzplan für 3 Durchgänge erstellt" in descriptions
    assert "Durchgang 1 für die Platzsuche freigegeben" in descriptions
    with translation.override("en"):
        english = " ".join(change.description for change in ChangeRecord.objects.all())
    assert "Seating plan generated for 3 rounds" in english
    assert "Round 1 released for the seat lookup" in english


ENTRY = {"number": 12, "name": "Hans Maier"}
SAMPLES = {
    "tournament.event_created": {"name": "Benefizbinokel"},
    "tournament.event_edited": {"changes": [["round_count", 3, 4], ["venue", "", "Halle"]]},
    "tournament.event_copied": {"name": "Preisbinokel 2027", "source": "Preisbinokel 2026",
                                "source_date": "2026-11-21"},
    "scoring.event_finished": {"closed": [2, 3]},
    "scoring.event_reopened": {},
    "tournament.registered": {"entry_ref": ENTRY, "club": "CVJM", "stand_in": True,
                              "notes": "spät"},
    "tournament.edited": {"entry_ref": ENTRY, "changes": [["name", "Hans", "Hans Maier"],
                                               ["stand_in", False, True]]},
    "tournament.withdrawn": {"entry_ref": ENTRY},
    "tournament.reinstated": {"entry_ref": ENTRY},
    "tournament.imported": {"entry_ref": ENTRY, "file": "liste.csv", "row": 3},
    "tournament.replaced": {"new": {"number": 40, "name": "Otto"}, "absent": ENTRY,
                            "rounds": [2, 3],
                 "stand_in": False},
    "tournament.stand_in": {"new": {"number": 40, "name": "Otto"}, "absent": ENTRY, "rounds": [2],
                 "stand_in": True},
    "tournament.plan": {"rounds": 3, "singles": 30, "pairs": 8, "seed": 99},
    "tournament.plan_discarded": {},
    "tournament.replanned": {"rounds": [2, 3], "singles": 31, "pairs": 8, "seed": 7,
                  "left": [ENTRY], "added": [{"number": 40, "name": "Otto"}],
                  "reprint": {"2": [3, 7], "3": []}},
    "tournament.fixed_table": {"entry_ref": ENTRY, "fixed": True},
    "tournament.swapped": {"round": 1, "first": 2, "first_table": 5, "second": 6,
                           "second_table": 1},
    "tournament.released": {"round": 2},
    "tournament.hidden": {"round": 2},
    "scoring.round_closed": {"number": 1},
    "scoring.round_reopened": {"number": 1},
    "tournament.round_length": {"rounds": [1, 2, 3], "minutes": 90},
    "scoring.standings": {"tie_breaks": ["best_round", "fewer_losses"], "count_unconfirmed": True},
    "scoring.published": {},
    "scoring.unpublished": {},
    "tournament.role_granted": {"username": "anna", "role": "desk"},
    "tournament.role_changed": {"username": "anna", "role": "organiser", "old_role": "desk"},
    "tournament.role_removed": {"username": "anna", "role": "organiser"},
    "money.cash_settings": {"changes": [["start_fee_single", "0", "8.00"],
                                  ["pair_fee_per_person", False, True],
                                  ["donation", "", "lost_games"]]},
    "money.checked_in": {"entry_ref": ENTRY},
    "money.check_in_undone": {"entry_ref": ENTRY},
    "money.paid": {"entry_ref": ENTRY, "payment": 1, "purpose": "start_fee", "amount": "8.00",
             "method": "cash", "note": "Quittung"},
    "money.payment_cancelled": {"entry_ref": ENTRY, "payment": 1, "purpose": "lost_games",
                          "amount": "2.50", "method": "other", "reason": "doppelt"},
    "money.prize_settings": {"changes": [["pot_percent", None, "50"],
                                   ["call_order", "top_first", "top_last"]]},
    "money.prize_added": {"prize": {"pairs": False, "award": "place", "place": 2, "last_place": 3,
                              "to_end": False, "category": "", "amount": "20.00",
                              "share": None, "goods": "Korb"}},
    "money.prize_removed": {"prize": {"pairs": True, "award": "category", "place": None,
                                "last_place": None, "to_end": False, "category": "Frau",
                                "amount": None, "share": "10.00", "goods": ""}},
    "money.lot_drawn": {"pairs": False, "place": 4, "order": [ENTRY, {"number": 3, "name": "Eva"}]},
    "money.handed_out": {"entry_ref": ENTRY, "line": "place", "place": 1, "money": "80.00",
                   "goods": ["Pokal"], "special": None},
    "money.handout_undone": {"entry_ref": ENTRY, "line": "special-4", "place": 9, "money": "0.00",
                       "goods": ["Laterne"], "special": "last"},
    "money.expense_added": {"expense": 1, "purpose": "Hallenmiete", "amount": "120.00",
                      "paid_by": "Verein", "from_cash_box": True},
    "money.expense_cancelled": {"expense": 1, "purpose": "Hallenmiete", "amount": "120.00"},
    "tournament.players_merged": {"kept": {"id": 1, "name": "Hans Maier", "club": "SV Ulm"},
                       "removed": {"id": 2, "name": "Hans Mayer", "club": ""},
                       "entries": [ENTRY]},
    "tournament.player_edited": {"player": {"id": 1, "name": "Hans Maier", "club": "SV Ulm"},
                                 "changes": [["name", "Hans Maier", "Hans Mayer"],
                                             ["is_member", False, True]]},
    "scoring.rules_changed": {"preset": "aks-heroldstatt", "before": "ejl",
                      "switches": ["lost_half_bid", "durch"], "games": 12, "totals": 9},
    "scoring.mode_changed": {"before": "games", "after": "totals"},
}


def test_every_action_has_a_sample_here():
    assert set(SAMPLES) == {
        *TournamentAction.values, *ScoringAction.values, *MoneyAction.values
    }


@pytest.mark.parametrize("action", sorted(SAMPLES))
def test_every_action_reads_in_german_and_in_english(action):
    german = audit.describe(action, SAMPLES[action])
    with translation.override("en"):
        english = audit.describe(action, SAMPLES[action])
    for text in (german, english):
        # a sentence, not the fallback of an action without a describer ("action {params}")
        assert text and "%(" not in text and "{" not in text
    assert german != english


def test_a_description_carries_its_parameters():
    text = audit.describe("tournament.registered", SAMPLES["tournament.registered"])
    assert text == (
        "Nr. 12 Hans Maier angemeldet. Verein: CVJM; Ersatz (spielt mit, wird nicht gewertet); "
        "Notizen: spät"
    )
    edited = audit.describe("tournament.edited", SAMPLES["tournament.edited"])
    assert "„Hans“ → „Hans Maier“" in edited and "„nein“ → „ja“" in edited
    standings = audit.describe("scoring.standings", SAMPLES["scoring.standings"])
    assert "bester einzelner Durchgang" in standings and "ja" in standings


def test_records_written_as_sentences_keep_their_sentence():
    assert audit.describe("tournament.plan", {"text": "Sitzplan erstellt (alt)."}) == (
        "Sitzplan erstellt (alt)."
    )


@pytest.mark.django_db
def test_a_record_names_its_user_only_when_logged_in():
    event = make_event()
    user = make_user()
    change = audit.log(event=event, action=ScoringAction.PUBLISHED, user=user)
    anonymous = audit.log(event=event.pk, action=ScoringAction.UNPUBLISHED, user=None)
    assert (change.user, anonymous.user, anonymous.event_id) == (user, None, event.pk)
    assert ChangeRecord.objects.count() == 2


def test_an_action_without_a_describer_is_refused():
    with pytest.raises(ValueError, match="no describer"):
        audit.record(event=1, action="tournament.exploded")


def test_money_is_written_the_readers_way():
    assert audit.describe("money.paid", SAMPLES["money.paid"]) == (
        "Nr. 12 Hans Maier hat 8,00\u00a0€ bezahlt (Startgeld, bar). Notiz: Quittung"
    )
    with translation.override("en"):
        assert audit.describe("money.payment_cancelled", SAMPLES["money.payment_cancelled"]) == (
            "no. 12 Hans Maier: payment of 2.50\u00a0€ (lost-game money, other (transfer, card)) "
            "cancelled. Reason: doppelt"
        )


def test_prizes_are_described_with_their_places_and_values():
    assert audit.describe("money.prize_added", SAMPLES["money.prize_added"]) == (
        "Preis hinzugefügt: Einzelspieler, Plätze 2–3: 20,00\u00a0€ + „Korb“."
    )
    assert audit.describe("money.prize_removed", SAMPLES["money.prize_removed"]) == (
        "Preis entfernt: Paare, Beste der Kategorie „Frau“: 10\u00a0% des Topfs."
    )
    assert audit.describe("money.lot_drawn", SAMPLES["money.lot_drawn"]) == (
        "Los gezogen für die Einzel, gleichauf auf Platz 4: Nr. 12 Hans Maier, Nr. 3 Eva."
    )
    assert audit.describe("money.handed_out", SAMPLES["money.handed_out"]) == (
        "Nr. 12 Hans Maier hat den Preis für Platz 1 abgeholt: 80,00\u00a0€ + „Pokal“."
    )


@pytest.mark.parametrize(
    ("params", "role", "single", "expected"),
    [
        (  # a single's registration: its club, categories and notes go
            {"entry_ref": {"number": 1, "name": "Hans Maier"}, "club": "SV Ulm",
             "stand_in": False, "notes": "Rollstuhl", "categories": ["Senior"]},
            PLAYER, True,
            {"entry_ref": {"number": 1, "name": "Hans Maier"}, "club": "",
             "stand_in": False, "notes": "", "categories": []},
        ),
        (  # a pair's: the entry's club and the categories are the other's too
            {"entry_ref": {"number": 3, "name": "A / B"}, "club": "SV Ulm", "notes": "x",
             "categories": ["Frau"]},
            PARTNER, False,
            {"entry_ref": {"number": 3, "name": "A / B"}, "club": "SV Ulm", "notes": "",
             "categories": ["Frau"]},
        ),
        (  # changes: the member's name and category, the notes
            {"changes": [["name", "A", "B"], ["partner", "Hans", "Hans Maier"],
                         ["partner_category", "", "Senior"], ["category", "", "Frau"],
                         ["notes", "", "Fenster"], ["start_number", 3, 4]]},
            PARTNER, False,
            {"changes": [["name", "A", "B"], ["partner", "gelöscht", "gelöscht"],
                         ["partner_category", "", ""], ["category", "", "Frau"],
                         ["notes", "", ""], ["start_number", 3, 4]]},
        ),
    ],
)
def test_a_members_data_is_deleted_from_a_records_parameters(params, role, single, expected):
    before = repr(params)
    assert forget_member(params, role=role, single=single, name="gelöscht") == expected
    assert repr(params) == before
