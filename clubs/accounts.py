"""Accounts as the clubs' and events' role pages name them: by their user name.

An admin or organiser may create an account for a helper (``create_account``): it has no
password until the helper sets one through a one-time link (``set_password_link``, Django's
password-reset token: it stops working once used).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext_noop

from core.errors import UserError


class AccountError(UserError):
    """An account that cannot be found or made by the name typed."""


def find_account(username: str) -> Any:
    """The active account named ``username`` (exactly, else ignoring case if that names one
    account); ``AccountError`` (field ``username``) if there is none."""
    name = username.strip()
    user_model = get_user_model()
    field = user_model.USERNAME_FIELD
    accounts = user_model.objects.filter(is_active=True)
    account = accounts.filter(**{field: name}).first()
    if account is None:
        matches = list(accounts.filter(**{f"{field}__iexact": name})[:2])
        account = matches[0] if len(matches) == 1 else None
    if account is None:
        raise AccountError(
            gettext_noop(
                "There is no account with the user name “%(username)s”: tick “Create a new "
                "account” to make one."
            ),
            field="username",
            username=name,
        )
    return account


def create_account(username: str) -> Any:
    """A new active account named ``username`` without a usable password; ``AccountError``
    (field ``username``) for a name the account model refuses or one that is taken."""
    name = username.strip()
    user_model = get_user_model()
    field = user_model._meta.get_field(user_model.USERNAME_FIELD)
    try:
        field.run_validators(name)
    except ValidationError:
        raise AccountError(
            gettext_noop(
                "“%(username)s” cannot be a user name: use letters, digits and @ . + - _ only."
            ),
            field="username",
            username=name,
        ) from None
    if not name or user_model.objects.filter(**{f"{field.name}__iexact": name}).exists():
        raise AccountError(
            gettext_noop(
                "An account named “%(username)s” exists already: leave the box unticked to give "
                "it the role."
            ),
            field="username",
            username=name,
        )
    account = user_model(**{field.name: name})
    account.set_unusable_password()
    account.save()
    return account


def set_password_link(account: Any) -> str:
    """The path of the one-time link with which ``account`` sets its password."""
    return reverse(
        "account-set-password",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(account.pk)),
            "token": default_token_generator.make_token(account),
        },
    )
