"""The pages of the clubs: the clubs an account belongs to, a new club (superusers), a club's
settings and logo, its members and its sending keys (its admins)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.access import club_admin_view, superuser_view
from clubs.accounts import AccountError, set_password_link
from clubs.audit import member_role_label
from clubs.forms import ClubForm, LogoForm, MemberForm, NewClubForm, SendingKeyForm
from clubs.logos import LogoError
from clubs.models import Club, ClubMember, SendingKey
from clubs.services import (
    ClubError,
    add_member,
    create_club,
    issue_sending_key,
    remove_member,
    revoke_sending_key,
    set_logo,
    update_club,
)
from core.audit import lines
from core.links import absolute_url
from core.models import ChangeRecord
from core.web import account_view, add_form_error, no_store, put_focus, show_error

CLUB_LOG_LINES = 20
"""How many of a club's latest records its members page lists."""


@account_view
def club_list(request: HttpRequest) -> HttpResponse:
    """The clubs the account belongs to, with its role in each (a superuser: every club, and
    the button for a new one)."""
    user = request.user
    roles = dict(ClubMember.objects.filter(user=user).values_list("club_id", "role"))
    clubs = list(Club.objects.of(user).order_by("name"))
    for club in clubs:
        club.my_role = member_role_label(roles[club.pk]) if club.pk in roles else ""
        club.admin = user.is_superuser or roles.get(club.pk) == ClubMember.Role.ADMIN
    return render(request, "clubs/club_list.html", {"clubs": clubs})


@superuser_view
def club_create(request: HttpRequest) -> HttpResponse:
    """A new club and its first admin; a new admin account's one-time link is shown once."""
    form = NewClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = dict(form.cleaned_data)
        admin, create = fields.pop("admin"), fields.pop("new_account")
        try:
            club, member = create_club(admin=admin, create_admin=create, user=request.user,
                                       **fields)
        except (ClubError, AccountError) as error:
            if isinstance(error, AccountError):
                error.field = "admin"  # the account is named in the form's field "admin"
            add_form_error(form, error)
        else:
            messages.success(request, gettext("Club “%(name)s” created.") % {"name": club.name})
            if create:
                return _members_page(request, club, MemberForm(), new_account=(
                    member, absolute_url(set_password_link(member.user), request)))
            return redirect("club-members", club=club.slug)
    put_focus(form, default="name")
    return render(request, "clubs/club_create.html", {"form": form})


@club_admin_view
def club_settings(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's name, short name, town, contact, privacy notice and retention; its logo."""
    form = ClubForm(request.POST or None, instance=Club.objects.get(pk=club.pk))
    if request.method == "POST" and form.is_valid():
        try:
            update_club(club=club, user=request.user, **form.cleaned_data)
        except ClubError as error:
            add_form_error(form, error)
        else:
            messages.success(request, gettext("Club saved."))
            return redirect("club-settings", club=form.instance.slug)
    if form.errors:
        put_focus(form, default="name")
    return render(
        request, "clubs/club_settings.html", {"club": club, "form": form, "logo_form": LogoForm()}
    )


@club_admin_view
@require_POST
def club_logo_upload(request: HttpRequest, club: Club) -> HttpResponse:
    """A new logo for the club, or none (the button "remove")."""
    form = LogoForm(request.POST, request.FILES)
    if "remove" in request.POST:
        set_logo(club=club, data=None, user=request.user)
        messages.success(request, gettext("Logo removed."))
        return redirect("club-settings", club=club.slug)
    if form.is_valid():
        try:
            set_logo(club=club, data=form.cleaned_data["logo"].read(), user=request.user)
        except LogoError as error:
            add_form_error(form, error)
        else:
            messages.success(request, gettext("Logo saved."))
            return redirect("club-settings", club=club.slug)
    return render(
        request, "clubs/club_settings.html",
        {"club": club, "form": ClubForm(instance=club), "logo_form": form}, status=400,
    )


@club_admin_view
def club_members(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's members: add an account by its user name (or a new one, whose one-time
    link is shown once), change its role, remove it."""
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        create = form.cleaned_data["new_account"]
        try:
            member = add_member(
                club=club, username=form.cleaned_data["username"],
                role=form.cleaned_data["role"], create=create, user=request.user,
            )
        except (ClubError, AccountError) as error:
            add_form_error(form, error)
        else:
            if create:
                link = absolute_url(set_password_link(member.user), request)
                return _members_page(request, club, MemberForm(), new_account=(member, link))
            messages.success(
                request,
                gettext("%(username)s now has the role “%(role)s”.")
                % {"username": member.user.get_username(),
                   "role": member_role_label(member.role)},
            )
            return redirect("club-members", club=club.slug)
    return _members_page(request, club, form)


def _members_page(
    request: HttpRequest, club: Club, form: MemberForm, new_account: tuple | None = None
) -> HttpResponse:
    members = list(club.members.select_related("user"))
    admins = sum(1 for member in members if member.role == ClubMember.Role.ADMIN)
    records = list(ChangeRecord.objects.about(club).select_related("user")[:CLUB_LOG_LINES])
    response = render(
        request, "clubs/club_members.html",
        {"club": club, "form": form, "members": members, "admins": admins,
         "new_account": new_account, "log": lines(records)},
    )
    if new_account is not None:
        add_never_cache_headers(response)  # the one-time link is shown on this answer only
    return response


@club_admin_view
@require_POST
def club_member_remove(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    try:
        removed = remove_member(club=club, member_id=pk, user=request.user)
    except ClubError as error:
        show_error(request, error)
    else:
        messages.success(
            request, gettext("%(username)s is no longer a member of the club.")
            % {"username": removed.user.get_username()},
        )
    return redirect("club-members", club=club.slug)


@club_admin_view
@no_store
def club_sending_keys(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's sending keys (with which an installation sends the club's events to this
    server): issue one, whose key is shown once on the answer, and revoke one."""
    form = SendingKeyForm(request.POST or None)
    issued = None
    if request.method == "POST" and form.is_valid():
        try:
            key, secret = issue_sending_key(
                club=club, label=form.cleaned_data["label"], user=request.user
            )
        except ClubError as error:
            add_form_error(form, error)
        else:
            issued, form = (key, secret), SendingKeyForm()
    put_focus(form, default="label")
    keys = SendingKey.objects.filter(club=club).select_related("created_by")
    return render(
        request, "clubs/club_sending_keys.html",
        {"club": club, "form": form, "keys": keys, "issued": issued,
         "server": absolute_url("/", request)},
        status=400 if form.errors else 200,
    )


@club_admin_view
@require_POST
def club_sending_key_revoke(request: HttpRequest, club: Club, pk: int) -> HttpResponse:
    try:
        key = revoke_sending_key(club=club, key_id=pk, user=request.user)
    except ClubError as error:
        show_error(request, error)
    else:
        messages.success(
            request, gettext("The key for “%(label)s” sends nothing any more.")
            % {"label": key.label},
        )
    return redirect("club-sending-keys", club=club.slug)
