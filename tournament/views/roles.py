"""The organisers' page of an event's roles: who organises it and who helps at its desk."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.accounts import set_password_link
from core.links import absolute_url
from core.web import add_form_error, show_error
from tournament.access import event_access, organiser_view
from tournament.audit import role_label
from tournament.models import Event, EventRole
from tournament.role_forms import RoleForm
from tournament.services import RoleError, grant_role, remove_role


def _after_change(request: HttpRequest, event: Event) -> HttpResponse:
    """The roles page again, or where the user may still go after changing their own role."""
    access = event_access(request.user, event)
    if access.organiser:
        return redirect("event-roles", slug=event.slug)
    return redirect(event) if access.desk else redirect("home")


@organiser_view
def event_roles(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's organisers and desk helpers; add an account by its user name, change or
    remove a role."""
    form = RoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            granted = grant_role(
                event=event,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                user=request.user,
                create=form.cleaned_data["new_account"],
            )
        except RoleError as error:
            add_form_error(form, error)
        else:
            if form.cleaned_data["new_account"]:
                # the link is shown on this one answer only: nothing keeps it
                link = absolute_url(set_password_link(granted.user), request)
                return _roles_page(request, event, RoleForm(), new_account=(granted, link))
            messages.success(
                request,
                gettext("%(username)s now has the role “%(role)s”.")
                % {"username": granted.user.get_username(), "role": role_label(granted.role)},
            )
            return _after_change(request, event)
    return _roles_page(request, event, form)


def _roles_page(
    request: HttpRequest, event: Event, form: RoleForm, new_account: tuple | None = None
) -> HttpResponse:
    roles = list(event.roles.select_related("user"))
    club_members = list(event.club.members.select_related("user"))
    organisers = sum(1 for role in roles if role.role == EventRole.Role.ORGANISER) + sum(
        1 for member in club_members if member.organises)
    response = render(
        request,
        "tournament/roles.html",
        {"event": event, "form": form, "roles": roles, "organisers": organisers,
         "club_members": club_members, "new_account": new_account},
    )
    if new_account is not None:
        add_never_cache_headers(response)
    return response


@organiser_view
@require_POST
def event_role_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    try:
        removed = remove_role(event=event, role_id=pk, user=request.user)
    except RoleError as error:
        show_error(request, error)
    else:
        messages.success(
            request,
            gettext("%(username)s no longer has a role in this tournament.")
            % {"username": removed.user.get_username()},
        )
    return _after_change(request, event)
