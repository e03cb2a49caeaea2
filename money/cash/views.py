"""The Kasse pages: the desk's list (who has paid, who not), one entry's account with its
payments, taking and cancelling a payment, checking in at the door, the money settings and the
treasurer's summary.

The desk's pages (list, account, payment, cancellation, check-in) are what a desk helper at the
door needs; the money settings and the summary are the organiser's.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from core.audit import describe
from core.models import ChangeRecord
from core.templatetags.euros import euro
from core.text import is_number
from core.web import add_form_error, put_focus, show_error
from money.arithmetic import ZERO
from money.audit import MoneyAction, payment_text
from money.cash.forms import (
    CancelPaymentForm,
    CheckInForm,
    ExpenseForm,
    FindEntryForm,
    MoneySettingsForm,
    PaymentForm,
    RegistrationCodeForm,
)
from money.cash.selectors import CashBook, cash_book
from money.cash.services import (
    CashError,
    FarMoreThanOpen,
    add_expense,
    cancel_expense,
    cancel_payment,
    check_in,
    take_payment,
    update_money_settings,
)
from money.models import Expense, MoneySettings, Payment
from money.summary import treasurer_summary
from signup.selectors import by_code
from tournament.access import desk_view, organiser_view
from tournament.models import Entry, Event
from tournament.services.submissions import AlreadySubmitted, new_form_token

SHOW_PARAM = "zeige"
SHOW_UNPAID = "offen"
SHOW_LOST = "verlustgeld"
BACK_TO_LIST = "liste"
AT_PARAM = "bei"  # the row of the list to return to
FIELD_PARAM = "feld"  # the field the list's typing goes to when it opens: "code" for the door's
DOOR_FIELD = "code"
CASH_ACTIONS = (
    MoneyAction.CHECKED_IN,
    MoneyAction.CHECK_IN_UNDONE,
    MoneyAction.PAID,
    MoneyAction.PAYMENT_CANCELLED,
)


def _entry(event: Event, start_number: int) -> Entry:
    return get_object_or_404(event.entries.with_players(), start_number=start_number)


def _back(request: HttpRequest, event: Event, entry: Entry) -> HttpResponse:
    """Back to the desk's list (with its filter, at the entry's row) when the form came from
    there, else to the entry's account."""
    if request.POST.get("next") == BACK_TO_LIST:
        url = reverse("cash-desk", kwargs={"slug": event.slug})
        show = request.POST.get(SHOW_PARAM)
        params = {SHOW_PARAM: show} if show in (SHOW_UNPAID, SHOW_LOST) else {}
        if request.POST.get(FIELD_PARAM) == DOOR_FIELD:  # back to typing the next code
            params[FIELD_PARAM] = DOOR_FIELD
        query = f"?{urlencode(params)}" if params else ""
        # back where the row was (``cash_desk``'s anchors), else at the top
        at = request.POST.get(AT_PARAM, "")
        return redirect(f"{url}{query}#nr-{at}" if is_number(at) and len(at) < 6 else url + query)
    return redirect("cash-entry", slug=event.slug, start_number=entry.start_number)


@desk_view
def cash_desk(request: HttpRequest, event: Event) -> HttpResponse:
    """The desk's list: every entry with what it owes and paid and whether it is here;
    ``?zeige=offen`` lists only who still owes Startgeld, ``?zeige=verlustgeld`` who still owes
    lost-game money. ``?nr=12`` opens an account; ``?code=…`` (typed, or the QR code of a
    registration's e-mail) shows the online registration with its one button: check in and
    take the Startgeld."""
    find = FindEntryForm(request.GET if "nr" in request.GET else None)
    if find.is_bound and find.is_valid():
        number = find.cleaned_data["nr"]
        if event.entries.filter(start_number=number).exists():
            return redirect("cash-entry", slug=event.slug, start_number=number)
        find.add_error("nr", gettext("Start number %(number)s does not exist in this tournament.")
                       % {"number": number})
    book = cash_book(event)
    door = _door(event, book, RegistrationCodeForm(request.GET if "code" in request.GET else None))
    # where the typing goes: the door's code after the door's work, else the start number
    at_door = not find.errors and (
        door["form"].is_bound or request.GET.get(FIELD_PARAM) == DOOR_FIELD
    )
    put_focus(door["form"] if at_door else find, default="code" if at_door else "nr")
    show = request.GET.get(SHOW_PARAM, "")
    rows = {SHOW_UNPAID: book.unpaid, SHOW_LOST: book.lost_unpaid}.get(show, book.rows)
    # where the list opens again after a row's button: at the row itself, or in a list of who
    # still owes (which the row leaves once paid) at the row before it
    filtered = show in (SHOW_UNPAID, SHOW_LOST)
    numbers = [row.entry.start_number for row in rows]
    anchors = [
        (numbers[index - 1] if index else None) if filtered else number
        for index, number in enumerate(numbers)
    ]
    return render(
        request,
        "money/cash_desk.html",
        {
            "event": event,
            "book": book,
            "rows": rows,
            "lines": list(zip(rows, anchors, strict=True)),
            "show": show if filtered else "",
            "find": find,
            "door": door,
            "counts": _counts(book),
            "show_param": SHOW_PARAM,
            "show_unpaid": SHOW_UNPAID,
            "show_lost": SHOW_LOST,
            "back_to_list": BACK_TO_LIST,
            "at_param": AT_PARAM,
            "field_param": FIELD_PARAM,
            "door_field": DOOR_FIELD,
        },
    )


def _door(event: Event, book: CashBook, form: RegistrationCodeForm) -> dict:
    """The door's code field and, for a code found, the registration and its entry's row of
    the book (None: no entry yet)."""
    door = {"form": form, "registration": None, "row": None}
    if not (form.is_bound and form.is_valid()):
        return door
    registration = by_code(event, form.cleaned_data["code"])
    if registration is None:
        form.add_error("code", gettext("No registration of this tournament has the code "
                                       "“%(code)s”.") % {"code": form.cleaned_data["code"]})
        return door
    door["registration"] = registration
    if registration.entry is not None:
        door["row"] = next(
            (row for row in book.rows if row.entry.pk == registration.entry_id), None
        )
    return door


def _counts(book: CashBook) -> dict[str, int]:
    return {
        "entries": len(book.rows),
        "checked_in": sum(1 for row in book.rows if row.entry.is_checked_in),
        "owing": sum(1 for row in book.rows if row.start_fee > 0),
        "unpaid": len(book.unpaid),
        "lost_unpaid": len(book.lost_unpaid),
    }


def _entry_page(
    request: HttpRequest, event: Event, entry: Entry, form: PaymentForm | None = None,
    status: int = 200,
) -> HttpResponse:
    book = cash_book(event, [entry])
    row = book.row_of(entry)
    if form is None:
        # offer what is open: the Startgeld first, then the lost-game money
        purpose, amount = Payment.Purpose.START_FEE, None
        if row.owes_start_fee:
            amount = row.start_open
        elif row.owes_lost_money:
            purpose, amount = Payment.Purpose.LOST_GAMES, row.lost_open
        form = PaymentForm(
            initial={
                "purpose": purpose,
                "amount": amount,
                "check_in": not entry.is_checked_in and not entry.is_withdrawn,
                "form_token": new_form_token(),
            }
        )
    payments = entry.payments.select_related("taken_by", "cancelled_by").order_by("taken_at", "id")
    history = (
        ChangeRecord.objects.about(entry)
        .filter(action__in=CASH_ACTIONS)
        .select_related("user")[:50]
    )
    return render(
        request,
        "money/cash_entry.html",
        {
            "event": event,
            "entry": entry,
            "row": row,
            "provisional": book.provisional,
            "settings": book.settings,
            "form": form,
            "payments": payments,
            "cancel_form": CancelPaymentForm(),
            "history": history,
        },
        status=status,
    )


@desk_view
def cash_entry(request: HttpRequest, event: Event, start_number: int) -> HttpResponse:
    return _entry_page(request, event, _entry(event, start_number))


@desk_view
@require_POST
def cash_pay(request: HttpRequest, event: Event, start_number: int) -> HttpResponse:
    entry = _entry(event, start_number)
    form = PaymentForm(request.POST)
    if not form.is_valid():
        return _entry_page(request, event, entry, form, status=400)
    try:
        data = dict(form.cleaned_data)
        payment = take_payment(
            entry=entry, user=request.user, ask_when_far_more=not data.pop("more_ok"), **data
        )
    except AlreadySubmitted as sent:
        messages.info(request, str(sent))
        return _back(request, event, entry)
    except FarMoreThanOpen as error:
        form.ask_more()
        add_form_error(form, error)
        return _entry_page(request, event, entry, form, status=400)
    except CashError as error:
        add_form_error(form, error)
        return _entry_page(request, event, entry, form, status=400)
    messages.success(
        request,
        gettext("Start number %(number)s: %(amount)s taken (%(purpose)s, %(method)s).")
        % {
            "number": entry.start_number,
            **payment_text(
                {"amount": payment.amount, "purpose": payment.purpose, "method": payment.method}
            ),
        },
    )
    return _back(request, event, entry)


@desk_view
@require_POST
def cash_check_in(request: HttpRequest, event: Event, start_number: int) -> HttpResponse:
    entry = _entry(event, start_number)
    form = CheckInForm(request.POST)
    present = form.is_valid() and form.cleaned_data["present"]
    try:
        check_in(entry=entry, user=request.user, present=present)
    except CashError as error:
        show_error(request, error)
    else:
        messages.success(
            request,
            (gettext("Start number %(number)s: %(name)s checked in.") if present
             else gettext("Start number %(number)s: check-in undone."))
            % {"number": entry.start_number, "name": entry.name},
        )
    return _back(request, event, entry)


@desk_view
@require_POST
def cash_cancel(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    payment = get_object_or_404(
        Payment.objects.select_related("entry__player", "entry__partner"), pk=pk,
        entry__event=event,
    )
    form = CancelPaymentForm(request.POST)
    if not form.is_valid():
        # the payment stays as it is: a cancellation keeps its reason or does not happen
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("cash-entry", slug=event.slug, start_number=payment.entry.start_number)
    try:
        cancel_payment(payment=payment, user=request.user, reason=form.cleaned_data["reason"])
    except CashError as error:
        show_error(request, error)
    else:
        messages.success(
            request,
            gettext("Start number %(number)s: payment of %(amount)s cancelled.")
            % {"number": payment.entry.start_number, **payment_text(
                {"amount": payment.amount, "purpose": payment.purpose, "method": payment.method}
            )},
        )
    return redirect("cash-entry", slug=event.slug, start_number=payment.entry.start_number)


@organiser_view
def money_settings(request: HttpRequest, event: Event) -> HttpResponse:
    settings = MoneySettings.for_event(event)
    form = MoneySettingsForm.for_settings(settings, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = {**form.cleaned_data, "donation": form.cleaned_data["donation"] or ""}
        try:
            changes = update_money_settings(event=event, user=request.user, **data)
        except CashError as error:
            add_form_error(form, error)
        else:
            if changes:
                messages.success(
                    request, describe(MoneyAction.CASH_SETTINGS, {"changes": changes})
                )
            else:
                messages.info(request, gettext("Nothing changed."))
            return redirect("cash-desk", slug=event.slug)
    return render(
        request, "money/money_settings.html", {"event": event, "form": form}
    )


@organiser_view
def cash_summary(request: HttpRequest, event: Event) -> HttpResponse:
    """The treasurer's summary: one printable page, every figure with its count."""
    return render(
        request,
        "money/cash_summary.html",
        {
            "event": event,
            "summary": treasurer_summary(event),
            "show_param": SHOW_PARAM,
            "show_unpaid": SHOW_UNPAID,
            "show_lost": SHOW_LOST,
        },
    )


@organiser_view
def expenses(request: HttpRequest, event: Event) -> HttpResponse:
    """The evening's expenses (the hall, goods prizes, food): the list and a form for one more;
    the Kassenbericht and the workbook's sheet Ausgaben count them."""
    form = ExpenseForm(
        request.POST or None, initial={"form_token": new_form_token(), "date": event.date}
    )
    if request.method == "POST" and form.is_valid():
        try:
            expense = add_expense(event=event, user=request.user, **form.cleaned_data)
        except AlreadySubmitted as sent:
            messages.info(request, str(sent))
            return redirect("expenses", slug=event.slug)
        except CashError as error:
            add_form_error(form, error)
        else:
            messages.success(
                request, gettext("Expense of %(amount)s for “%(purpose)s” recorded.")
                % {"amount": euro(expense.amount), "purpose": expense.purpose},
            )
            return redirect("expenses", slug=event.slug)
    recorded = list(event.expenses.select_related("recorded_by"))
    return render(
        request,
        "money/expenses.html",
        {
            "event": event,
            "form": form,
            "expenses": recorded,
            "total": sum((e.amount for e in recorded if not e.is_cancelled), ZERO),
        },
        status=400 if form.is_bound else 200,
    )


@organiser_view
@require_POST
def expense_cancel(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    expense = get_object_or_404(Expense, pk=pk, event=event)
    try:
        cancel_expense(expense=expense, user=request.user)
    except CashError as error:
        show_error(request, error)
    return redirect("expenses", slug=event.slug)
