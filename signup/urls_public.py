"""Public routes of the online registration: the form, and a registration's own page behind
the unguessable link of its e-mail."""

from django.urls import path

from core.web import no_store
from signup import views

urlpatterns = [
    path("turnier/<slug:slug>/anmeldung/", views.signup, name="signup"),
    path(
        "turnier/<slug:slug>/anmeldung/<str:token>/", no_store(views.manage), name="signup-manage"
    ),
]
