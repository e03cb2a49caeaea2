"""Organiser routes of the money app: the Kasse and the prizes; every view states the role it
needs with ``tournament.access`` (``organiser_view`` or ``desk_view``)."""

from django.urls import path

from money.cash import views as cash
from money.prizes import views as prizes

urlpatterns = [
    # the Kasse: the desk at the door (a desk helper's pages) ...
    path("turnier/<slug:slug>/kasse/", cash.cash_desk, name="cash-desk"),
    path(
        "turnier/<slug:slug>/kasse/<int:start_number>/", cash.cash_entry, name="cash-entry"
    ),
    path(
        "turnier/<slug:slug>/kasse/<int:start_number>/zahlung/",
        cash.cash_pay,
        name="cash-pay",
    ),
    path(
        "turnier/<slug:slug>/kasse/<int:start_number>/anwesend/",
        cash.cash_check_in,
        name="cash-check-in",
    ),
    path(
        "turnier/<slug:slug>/kasse/zahlung/<int:pk>/storno/",
        cash.cash_cancel,
        name="cash-cancel",
    ),
    # ... and the organiser's settings and the treasurer's summary
    path(
        "turnier/<slug:slug>/kasse/einstellungen/", cash.money_settings, name="money-settings"
    ),
    path("turnier/<slug:slug>/kasse/bericht/", cash.cash_summary, name="cash-summary"),
    path("turnier/<slug:slug>/kasse/ausgaben/", cash.expenses, name="expenses"),
    path(
        "turnier/<slug:slug>/kasse/ausgaben/<int:pk>/storno/",
        cash.expense_cancel,
        name="expense-cancel",
    ),
    # prizes: the organiser defines them ...
    path("turnier/<slug:slug>/preise/", prizes.prizes_page, name="prizes"),
    path(
        "turnier/<slug:slug>/preise/einstellungen/",
        prizes.prize_settings,
        name="prize-settings",
    ),
    path("turnier/<slug:slug>/preise/neu/", prizes.prize_add, name="prize-add"),
    path(
        "turnier/<slug:slug>/preise/<int:pk>/entfernen/",
        prizes.prize_remove,
        name="prize-remove",
    ),
    # ... and calls them out at the prize table
    path("turnier/<slug:slug>/preistisch/", prizes.prize_table_page, name="prize-table"),
    path(
        "turnier/<slug:slug>/preistisch/druck/",
        prizes.prize_table_print,
        name="prize-table-print",
    ),
    path("turnier/<slug:slug>/preistisch/los/", prizes.prize_draw, name="prize-draw"),
    path(
        "turnier/<slug:slug>/preistisch/abgeholt/",
        prizes.prize_collected,
        name="prize-collected",
    ),
]
