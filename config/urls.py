"""The site's routes: each app's public and organiser routes, login, language, admin.

Public and organiser pages are apart: an app's ``urls_public`` lists what anyone may open, its
``urls_organiser`` what needs an organiser (``tournament.access.organiser_view``). A test walks
every route and checks both lists. ``/favicon.ico``, which browsers ask for by themselves, leads
to the icon among the static files (no name: it is no page).
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path, reverse_lazy
from django.views.generic import RedirectView

PUBLIC = ["tournament", "scoring", "signup", "results", "series", "clubsite", "transfer"]
ORGANISER = ["clubs", "tournament", "scoring", "signup", "money", "results", "series", "privacy",
             "transfer"]

urlpatterns = [
    *(path("", include(f"{app}.urls_public")) for app in PUBLIC),
    *(path("", include(f"{app}.urls_organiser")) for app in ORGANISER),
    path("anmelden/", auth_views.LoginView.as_view(), name="login"),
    path("abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    # a new helper's one-time link to set a password (tournament.services.roles)
    path(
        "konto/passwort/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="registration/set_password.html",
            success_url=reverse_lazy("account-password-set"),
        ),
        name="account-set-password",
    ),
    path(
        "konto/passwort/gesetzt/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/password_set.html"
        ),
        name="account-password-set",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("favicon.ico", RedirectView.as_view(url=static("tournament/favicon.ico"))),
]
